// The first screen, chosen before the first paint (the UI's Python takes over a moment
// later and decides the same way, static/ui/screen.py): the game when a saved game or a
// ?p= link has a puzzle, else the home screen. Never throws (storage may be blocked).
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

// The local date as "YYYY-MM-DD", for the daily puzzle and the streaks (static/ui/home.py).
window.appToday = function () {
  const now = new Date();
  const two = (n) => String(n).padStart(2, "0");
  return now.getFullYear() + "-" + two(now.getMonth() + 1) + "-" + two(now.getDate());
};
