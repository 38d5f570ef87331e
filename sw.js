// Service worker: the app offline after the first visit, and deploys that never mix versions.
//
// precache.js (built by scripts/build_vendor.py) sets self.PRECACHE = {version, files,
// saveDataSkips, snapshotSkips}, each file as [url, sha-256 of its bytes] (a content revision,
// as Workbox does), saveDataSkips the urls of files the app runs without (the Pyodide
// snapshot), snapshotSkips those only a start without the snapshot reads (the whole stdlib,
// 1.4 MB: a restored Pyodide mounts a zip of what the snapshot lacks). The browser
// re-checks sw.js and, with updateViaCache "none" (static/updates.js), precache.js on every
// navigation, so a new build installs a new worker with its own cache "sudoku-<version>".
//
// - Install stores every listed file, checked against its hash: a file with the same
//   revision is copied from the previous version's cache (no download); otherwise it is
//   fetched, from the HTTP cache if that copy is the right one, else again past it
//   (cache: "reload"). Bytes that still do not match (a deploy half-published) fail the
//   install, which the browser retries later: a cache never holds a file of another build.
//   When the user asks to save data (navigator.connection.saveData), the saveDataSkips are
//   left out unless an earlier version's cache holds them: the page then starts Pyodide
//   without its snapshot (static/pyodide_snapshot.mjs), offline too; should the page ask
//   for one later (Save-Data turned off), it is stored then (fromCache). Otherwise (and
//   where the snapshot can be unpacked: DecompressionStream) the snapshotSkips are left out,
//   stored only once the page asks for them (a snapshot that failed to restore).
// - Every listed file is served from the active version's cache only, so one page load never
//   mixes two builds; anything else goes to the network.
// - A new version waits. The page offers "Reload" (static/updates.js posts "skip-waiting");
//   a reload with no other tab open takes the new version directly (see navigate()).
// - An install that fails (quota, network) tells the open pages why, so they can say that
//   offline use is unavailable, and leaves no half-filled cache behind.
importScripts("./static/vendor/precache.js");

const PREFIX = "sudoku-";
const CACHE = PREFIX + self.PRECACHE.version;
const REVISION = "x-sudoku-revision"; // header stored with each cached copy
const PARALLEL = 4; // downloads at once: enough to fill the line, bounded memory on phones

// absolute URL (no query) -> revision; "./" is the page itself (index.html).
const REVISIONS = new Map(
  self.PRECACHE.files.map(([url, revision]) => [new URL(url, self.location).href, revision])
);
const PAGE = new URL("./", self.location).href;
const SAVE_DATA_SKIPS = new Set(
  self.PRECACHE.saveDataSkips.map((url) => new URL(url, self.location).href)
);
const SNAPSHOT_SKIPS = new Set(
  self.PRECACHE.snapshotSkips.map((url) => new URL(url, self.location).href)
);

function savingData() {
  return Boolean(self.navigator.connection && self.navigator.connection.saveData);
}

// Whether the page will start Pyodide from the stored snapshot, as pyodide_snapshot.mjs does
// once a copy is at hand (it unpacks it with DecompressionStream).
function snapshotStored() {
  return !savingData() && typeof DecompressionStream === "function";
}

function key(url) {
  const bare = url.split(/[?#]/)[0];
  return bare === PAGE + "index.html" ? PAGE : bare;
}

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function earlierCopy(url, revision) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const copy = await (await caches.open(name)).match(url);
    if (copy && copy.headers.get(REVISION) === revision) return copy;
  }
  return null;
}

async function download(url, revision) {
  for (const mode of ["default", "reload"]) {
    const response = await fetch(url, { cache: mode, credentials: "same-origin" });
    if (!response.ok) throw new Error(url + ": HTTP " + response.status);
    const body = await response.arrayBuffer();
    if ((await sha256(body)) === revision) {
      const headers = new Headers(response.headers);
      headers.set(REVISION, revision);
      return new Response(body, { status: 200, headers });
    }
  }
  throw new Error(url + ": the server's copy is not this version's (a deploy in progress?)");
}

async function store(cache, url, revision) {
  const earlier = await earlierCopy(url, revision);
  if (!earlier && SAVE_DATA_SKIPS.has(url) && savingData()) return;
  if (!earlier && SNAPSHOT_SKIPS.has(url) && snapshotStored()) return;
  await cache.put(url, earlier || (await download(url, revision)));
}

async function precache() {
  const cache = await caches.open(CACHE);
  const queue = Array.from(REVISIONS);
  const worker = async () => {
    while (queue.length) {
      const [url, revision] = queue.shift();
      if (!(await cache.match(url))) await store(cache, url, revision);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

async function tell(message) {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().catch(async (error) => {
    await caches.delete(CACHE);
    await tell({ type: "install-failed", reason: String((error && error.name) || error),
                 detail: String((error && error.message) || "") });
    throw error;
  }));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith(PREFIX) && name !== CACHE)
          .map((name) => caches.delete(name))
      ))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

// A listed file missing from the cache (left out under Save-Data, which the user may have
// turned off since, or evicted) comes from the network, which still has this build, and is
// kept if it is this build's, so the next visit does not download it again.
async function fromCache(request) {
  const url = key(request.url);
  const cache = await caches.open(CACHE);
  const cached = await cache.match(url);
  if (cached) return cached;
  let copy;
  try {
    copy = await download(url, REVISIONS.get(url));
  } catch {
    return fetch(request); // not this build's bytes (a deploy in progress?): served, not kept
  }
  try {
    await cache.put(url, copy.clone());
  } catch {
    // no room: served, not kept (the copy in hand, not downloaded again)
  }
  return copy;
}

// A reload of the only open page while a new version waits: activate it and load again, so
// "reload" means the new version (with other tabs open the page asks instead).
async function navigate(request) {
  const waiting = self.registration.waiting;
  if (waiting) {
    const pages = await self.clients.matchAll({ type: "window" });
    if (pages.length <= 1) {
      waiting.postMessage({ type: "skip-waiting" });
      // (the icon link: a page without one makes the browser ask for /favicon.ico)
      return new Response("<!doctype html><meta http-equiv=refresh content=0>"
                          + '<link rel=icon href="static/icons/icon.svg">',
                          { headers: { "Content-Type": "text/html", "Refresh": "0" } });
    }
  }
  return fromCache(request);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !REVISIONS.has(key(request.url))) return;
  event.respondWith(request.mode === "navigate" ? navigate(request) : fromCache(request));
});
