"""Pause, beside the timer (as on sudoku.com): the clock stops and the grid's digits and
notes are hidden until Resume, so a paused game cannot be studied off the clock. The grid
and the pad are `inert` meanwhile (no taps, keys or focus: nothing changes unseen). The
paused puzzle is remembered across reloads and followed by the app's other tabs; another
puzzle on show is not paused.
"""

from pyscript import window
from pyscript.web import page

from ui.session import PLAY

PAUSE_KEY = "sudoku-solver.paused"  # the givens (as text) of the paused puzzle, '' for none
PAUSE_MAX_CHARS = 1000  # a 25x25's givens are 625 characters
PAUSED = "Paused: the clock is stopped and the grid hidden. Press \u25b6 (Resume) to go on."


def stored_puzzle() -> str:
    """The paused puzzle this browser remembers ('' for none, or storage unavailable)."""
    text = window.appStorage.get(PAUSE_KEY, PAUSE_MAX_CHARS)
    return text if isinstance(text, str) else ""


class Pause:
    """The #pause button and the page's data-paused, for the Timer in ui/timer.py."""

    def __init__(self, timer):
        self.timer = timer
        self.puzzle = stored_puzzle()
        app, now = timer.app, timer.app.session.now
        if (self.puzzle and now.phase == PLAY and now.givens().to_string("0") == self.puzzle
                and app.settings.get("timer") and app.note[1] != "error"):
            app.note = (PAUSED, "")  # reopened paused: why the grid is blank comes first

    def on(self) -> bool:
        """Paused: the puzzle timed now is the one paused, unsolved, with its clock shown."""
        timer = self.timer
        return (bool(timer.puzzle) and self.puzzle == timer.puzzle and not timer.done
                and timer.app.settings.get("timer"))

    def toggle(self) -> None:
        self.set(not self.on())

    def set(self, on: bool) -> None:
        """Pause or resume the puzzle being timed (remembered), then redraw."""
        app = self.timer.app
        self.puzzle = self.timer.puzzle if on else ""
        window.appStorage.set(PAUSE_KEY, self.puzzle)
        self.show(on)
        if not on:
            app.board.focus(app.selected)

    def follow_other_tab(self) -> None:
        """Another tab paused or resumed (ui/tabs.py): the same here, or its clock would run
        on while that tab shows the game paused (the longer of two tabs' times is kept)."""
        was = self.on()
        self.puzzle = stored_puzzle()
        if self.on() != was:
            self.show(self.on())

    def show(self, on: bool) -> None:
        """Say why the grid is blank (or clear that) and redraw the page."""
        app = self.timer.app
        app.note = (PAUSED, "") if on else ("", "")
        app.show()

    def paint(self) -> None:
        """The button's state and words, and the grid hidden and inert while paused."""
        on = self.on()
        button = page["pause"]
        button.hidden = not self.timer.app.settings.get("timer")
        button.disabled = not self.timer.puzzle or self.timer.done
        button.setAttribute("aria-pressed", "true" if on else "false")
        button.setAttribute("aria-label", "Resume the game" if on else "Pause the game")
        page.body.setAttribute("data-paused", "true" if on else "false")
        for name in ("grid", "pad"):
            if on:
                page[name].setAttribute("inert", "")
            else:
                page[name].removeAttribute("inert")
