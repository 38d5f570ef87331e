// The first screen, chosen before the first paint (the UI's Python takes over a moment
// later and decides the same way, static/ui/screen.py): the game when a saved game or a
// ?p= link has a puzzle, else the home screen; and New game's remembered choices (below).
// Never throws (storage may be blocked).
"use strict";
(function () {
  let game = /[?&]p=/.test(window.location.search);
  try {
    const saved = window.localStorage.getItem("sudoku-solver.session");
    game = game || (saved !== null && /[1-9A-Za-z]/.test(JSON.parse(saved).cells || ""));
  } catch (error) {
    // no storage, or a damaged save: the home screen, where Python says what happened
  }
  document.body.setAttribute("data-screen", game ? "game" : "home");
})();

// New game's remembered choices (its level, rules, Logic only), set before the first paint
// from the saved settings, which the UI sets the same a moment later (static/ui/settings.py:
// its key and longest text); each field names its setting in data-setting. A value the field
// cannot show is left alone: the default, as in Python. Never throws.
(function () {
  let saved = null;
  try {
    const text = window.localStorage.getItem("sudoku-solver.settings");
    saved = text !== null && text.length <= 1000 ? JSON.parse(text) : null;
  } catch (error) {
    return; // no storage, or damaged settings: the defaults, as Python reads them
  }
  if (saved === null || typeof saved !== "object") return;
  for (const field of document.querySelectorAll("[data-setting]")) {
    const value = saved[field.dataset.setting];
    if (field.type === "checkbox") {
      if (typeof value === "boolean") field.checked = value;
    } else if (Array.from(field.options).some((option) => option.value === value)) {
      field.value = value;
    }
  }
})();

// The local date as "YYYY-MM-DD", for the daily puzzle and the streaks (static/ui/home.py).
window.appToday = function () {
  const now = new Date();
  const two = (n) => String(n).padStart(2, "0");
  return now.getFullYear() + "-" + two(now.getMonth() + 1) + "-" + two(now.getDate());
};
