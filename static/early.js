// Input made before the Python UI is ready is kept, not lost. The page paints and looks
// live long before MicroPython has started the UI (seconds on a phone); until then this
// script records what a person does (taps on buttons and the pad, cells chosen, keys typed
// into the grid, a paste or a dropped file on it, a changed select, checkbox or file
// picker), says on the status line that it will run, and replays it all, in order, once
// the UI sets <body data-ui-ready="true"> (the UI needs no code of its own for this: its
// handlers receive the replayed events as they would the real ones). It alone acts on input
// before then; static/screen.js only picks the first screen.
"use strict";
(() => {
  const queue = [];
  let ready = false;
  const inGrid = (target) => target instanceof Element && target.closest("#grid") !== null;
  const name = (target) =>
    (target.getAttribute("aria-label") || target.textContent || "").trim().slice(0, 40);

  // On the status line: what will run (a button's name), or that the input is kept.
  // On the home screen, its note says it (the status line is the game's).
  let failed = ""; // why the app cannot start (fail): said instead, for good
  function say(what) {
    show(failed || "Starting up\u2026 " + (what ? "\u201c" + what + "\u201d will run"
      : "what you entered shows") + " as soon as the app is ready.");
  }
  function show(words) {
    const status = document.getElementById("status");
    if (status) status.textContent = words;
    const note = document.getElementById("home-note");
    if (note && document.body.dataset.screen === "home") {
      note.textContent = words;
      note.hidden = false;
    }
  }

  // What a tap shows at once, before the UI runs it: the screen or the menu it opens
  // (pure view, the same as static/ui/menu.py and ui/home.py show). Returns whether the
  // tap is also kept for the UI (opening the menu is not: the UI reads it from the page).
  function atOnce(button) {
    const menu = document.getElementById("menu");
    const more = document.getElementById("more");
    const openMenu = (opened) => {
      menu.dataset.open = String(opened);
      more.setAttribute("aria-expanded", String(opened));
    };
    if (button.id === "more") {
      openMenu(menu.dataset.open !== "true");
      return false;
    }
    if (button.closest("#menu")) openMenu(false); // an action closes the menu
    if (button.id === "enter") { // Type or paste: the empty grid, to type in
      document.body.dataset.screen = "game";
      document.getElementById("c0").focus();
    }
    return true;
  }

  // `what`: a button's name to say, "" to say input is kept, null to say nothing.
  function keep(replay, what) {
    queue.push(replay);
    document.documentElement.dataset.queued = String(queue.length);
    if (what !== null) say(what);
  }

  // One listener per kind of event, on the document, capturing: it sees each event first.
  const record = {
    click(event) {
      const button = event.target instanceof Element && event.target.closest("button");
      if (!button || button.disabled) return;
      event.preventDefault();
      if (!atOnce(button)) return;
      keep(() => button.dispatchEvent(new MouseEvent("click", {bubbles: true})),
           name(button));
    },
    pointerdown(event) { // the grid keeps the focus when the pad is tapped, as in the UI
      if (event.target instanceof Element && event.target.closest("#pad")) event.preventDefault();
    },
    focusin(event) {
      const cell = event.target;
      if (!inGrid(cell)) return;
      keep(() => cell.dispatchEvent(new FocusEvent("focusin", {bubbles: true})), null);
    },
    keydown(event) {
      const cell = event.target;
      if (!inGrid(cell) || event.key === "Tab" || event.isComposing) return;
      event.preventDefault(); // the UI enters the digit when it replays the key
      const init = {bubbles: true, cancelable: true, key: event.key, code: event.code,
                    shiftKey: event.shiftKey, ctrlKey: event.ctrlKey, altKey: event.altKey,
                    metaKey: event.metaKey};
      keep(() => cell.dispatchEvent(new KeyboardEvent("keydown", init)),
           "");
    },
    input(event) { // a phone keyboard's text, which comes without a usable key event
      const cell = event.target;
      if (!inGrid(cell)) return;
      keep(() => cell.dispatchEvent(new Event("input", {bubbles: true})), "");
    },
    paste(event) {
      if (!inGrid(event.target)) return;
      event.preventDefault();
      const text = event.clipboardData ? event.clipboardData.getData("text") : "";
      const target = event.target;
      keep(() => {
        const data = new DataTransfer();
        data.setData("text/plain", text);
        target.dispatchEvent(new ClipboardEvent("paste", {bubbles: true, cancelable: true,
                                                          clipboardData: data}));
      }, "");
    },
    dragover(event) {
      if (inGrid(event.target)) event.preventDefault(); // lets the grid take a drop
    },
    drop(event) {
      if (!inGrid(event.target)) return;
      event.preventDefault();
      const files = Array.from(event.dataTransfer ? event.dataTransfer.files : []);
      const target = event.target;
      keep(() => {
        const data = new DataTransfer();
        for (const file of files) data.items.add(file);
        target.dispatchEvent(new DragEvent("drop", {bubbles: true, cancelable: true,
                                                    dataTransfer: data}));
      }, "");
    },
    // A select or checkbox's choice is kept and put back at replay: the UI's start sets the
    // remembered settings (New game's level and rules...) on those fields first, which
    // would otherwise replace what the person chose. A file picker keeps its files natively.
    change(event) {
      const field = event.target;
      if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) return;
      const ticks = field.type === "checkbox" || field.type === "radio";
      const chosen = ticks ? field.checked : field.value;
      keep(() => {
        if (ticks) field.checked = chosen;
        else if (field.type !== "file") field.value = chosen;
        field.dispatchEvent(new Event("change", {bubbles: true}));
      }, field.type === "file" ? "" : null);
    },
  };
  for (const [type, handler] of Object.entries(record)) {
    document.addEventListener(type, (event) => { if (!ready) handler(event); }, true);
  }

  function replay() {
    ready = true;
    delete document.documentElement.dataset.queued;
    // A task of its own: the UI's start has returned before its handlers run again.
    setTimeout(() => { for (const action of queue.splice(0)) action(); }, 0);
  }

  document.addEventListener("DOMContentLoaded", () => {
    const body = document.body;
    if (body.dataset.uiReady === "true") return replay();
    const watch = new MutationObserver(() => {
      if (body.dataset.uiReady === "true") {
        watch.disconnect();
        replay();
      }
    });
    watch.observe(body, {attributes: true, attributeFilter: ["data-ui-ready"]});
  });
  // fail(words): the UI will not start (static/ui_files.mjs could not load its modules);
  // say why where "Starting up" was, and keep saying it (what was typed stays).
  function fail(words) {
    failed = words;
    show(words);
  }
  globalThis.earlyInput = {pending: () => queue.length, fail};
})();
