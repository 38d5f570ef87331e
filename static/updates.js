// The service worker (sw.js) seen from the page: registers it, says when offline use could
// not be set up, and offers a new version once it is stored ("Reload"). In JavaScript, not in
// the Python UI, because taking up a fixed deploy must work even when this version's Python
// does not start. It only ever writes text (textContent) into #update-note.
"use strict";
window.appUpdates = (() => {
  const container = navigator.serviceWorker;
  const CHECK_EVERY_MS = 60 * 60 * 1000; // a tab left open still hears of a deploy
  const WHY = {
    QuotaExceededError: "the browser gives this site too little storage",
    TypeError: "the app's files could not be downloaded",
  };
  const RELOADED = "sudoku-solver.reloaded-for-update"; // sessionStorage: this tab only
  let applying = false;
  let hadController = Boolean(container && container.controller);
  let installFailure = "";
  // The service worker whose cache this page's files came from: the one controlling the page
  // when it loaded, or, on a first visit (loaded from the network), the first to take it
  // over. Each build has its own service worker (sw.js imports the build's precache.js), so
  // "still the one controlling the page" means "still this page's build": see current().
  let servedBy = container ? container.controller : null;
  if (container) {
    container.addEventListener("controllerchange", () => {
      if (!servedBy) servedBy = container.controller;
    });
  }

  function note(text, withButton) {
    const element = document.getElementById("update-note");
    if (!element) return;
    document.getElementById("update-text").textContent = text;
    document.getElementById("update-reload").hidden = !withButton;
    element.hidden = false;
  }

  function offer(registration) {
    document.body.dataset.updateReady = "true";
    note("A new version of the app is ready.", true);
    document.getElementById("update-reload").onclick = () => {
      applying = true;
      if (registration.waiting) registration.waiting.postMessage({ type: "skip-waiting" });
      else location.reload();
    };
  }

  function offlineLost() {
    document.body.dataset.offlineReady = "false";
    note("Offline use is not available: " + (installFailure || "the browser refused it")
         + ". The app works while you are online.", false);
  }

  function onControllerChange() {
    if (applying) location.reload();
    else if (hadController) {
      // Another tab took the new version: this page's files are the old build's.
      note("The app was updated in another tab: reload to use the new version.", true);
      document.getElementById("update-reload").onclick = () => location.reload();
    }
    hadController = true;
  }

  function watch(registration) {
    if (registration.waiting && container.controller) offer(registration);
    registration.addEventListener("updatefound", () => {
      const incoming = registration.installing;
      incoming.addEventListener("statechange", () => {
        if (incoming.state === "installed" && container.controller) offer(registration);
      });
    });
    const check = () => registration.update().catch(() => {});
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") check();
    });
    setInterval(check, CHECK_EVERY_MS);
  }

  // Resolves true once a version is active (the app works offline), false if the first
  // install failed.
  function settled(registration) {
    if (registration.active) return Promise.resolve(true);
    const incoming = registration.installing || registration.waiting;
    if (!incoming) return Promise.resolve(false);
    return new Promise((resolve) => {
      incoming.addEventListener("statechange", () => {
        if (incoming.state === "activated") resolve(true);
        if (incoming.state === "redundant") resolve(false);
      });
    });
  }

  // The web app manifest, linked once the solver is ready rather than in index.html: with
  // the link in the page, Chromium's browser process reads the manifest and fetches and
  // decodes its icons (to tell whether the app can be installed) while the page starts, ~75
  // ms of a desktop's CPU out of ~1.1 s until the UI is ready (a trace), four times that on
  // a phone's quarter core. Installing is offered from then on, as before.
  function linkManifest() {
    if (document.querySelector("link[rel=manifest]")) return;
    const link = document.createElement("link");
    link.rel = "manifest";
    link.href = "static/app.webmanifest";
    document.head.append(link);
  }

  async function register() {
    linkManifest();
    if (!container) return false;
    container.addEventListener("message", (event) => {
      const message = event.data || {};
      if (message.type === "install-failed") {
        installFailure = WHY[message.reason] || message.reason + " " + message.detail;
      }
    });
    container.startMessages();
    container.addEventListener("controllerchange", onControllerChange);
    try {
      const registration = await container.register("./sw.js", { updateViaCache: "none" });
      // a browser (or a test harness) that blocks service workers may resolve with nothing
      if (!registration) throw new Error("the browser refused it");
      watch(registration);
      if (await settled(registration)) return true;
      // the worker's "install-failed" message can come just after its state change
      for (let wait = 0; wait < 20 && !installFailure; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } catch (error) {
      installFailure = installFailure || String(error.message || error);
    }
    offlineLost();
    return false;
  }

  // Whether this page's build is still the one the service worker serves: false once another
  // tab took a new version (its service worker now answers this page's requests, from the
  // new build's cache). The page asks before it starts a worker, and reloads instead of
  // starting one (reloadForUpdate): a worker started then would be built from the new
  // build's files under this page's old code, a mix that misreads every answer.
  //
  // Why the page checks rather than sw.js keeping an old build's cache while a tab of that
  // build lives: a service worker cannot tell which build a request belongs to (a worker's
  // requests come from the worker's own client, with no link to the page that started it),
  // it can be stopped at any moment (losing any record of which tab is on which build), and
  // it would have to guess when an old cache can go. The page knows its build for certain,
  // and a reload keeps offline use whole: only the active build's cache is ever needed.
  function current() {
    return !container || !servedBy || container.controller === servedBy;
  }

  // Reload into the active build, and say so once reloaded (reloaded()).
  function reloadForUpdate() {
    try {
      sessionStorage.setItem(RELOADED, "1");
    } catch (error) {
      // storage denied: the reload is still right, only not explained afterwards
    }
    location.reload();
  }

  // Whether this load is reloadForUpdate's (answered once).
  function reloaded() {
    try {
      const was = sessionStorage.getItem(RELOADED) !== null;
      sessionStorage.removeItem(RELOADED);
      return was;
    } catch (error) {
      return false;
    }
  }

  return { register, current, reloadForUpdate, reloaded };
})();
