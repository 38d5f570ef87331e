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
  let applying = false;
  let hadController = Boolean(container && container.controller);
  let installFailure = "";

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

  async function register() {
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

  return { register };
})();
