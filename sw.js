// Service worker: makes the app work offline after the first visit.
// precache.js (built by scripts/build_vendor.py) sets self.PRECACHE = {version, files}; the
// browser re-checks imported scripts on every update check, so a new build -> a new cache.
// Vendored PyScript/Pyodide files never change within a version: cache first. The app's own
// files (page, UI Python, solver) go to the network first so edits show up, with the cache
// as the offline fallback.
importScripts("./static/vendor/precache.js");

const CACHE = "sudoku-" + self.PRECACHE.version;
const VENDOR = new URL("./static/vendor/", self.location).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      // force-cache: take what the first visit already downloaded (the service worker is
      // registered once the solver is ready), so the big files are not fetched twice.
      .then((cache) => cache.addAll(
        self.PRECACHE.files.map((url) => new Request(url, { cache: "force-cache" }))
      ))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("sudoku-") && name !== CACHE)
          .map((name) => caches.delete(name))
      ))
      .then(() => self.clients.claim())
  );
});

async function cacheFirst(request) {
  const cached = await caches.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request, { ignoreSearch: true });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(request.url.startsWith(VENDOR) && !request.url.endsWith("/solver.zip")
    ? cacheFirst(request)
    : networkFirst(request));
});
