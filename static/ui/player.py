"""The player's side of the page: the two phases (Play starts after a uniqueness check),
Check and auto-check against the solution of the givens, the player's own notes (notes mode,
Shift+digit, Fill candidates) and the "puzzle solved" moment.

State and handlers only: the session (ui/session.py) keeps the grid, kinds and notes with
their one history; Board paints; App (ui/main.py) wires the keys and buttons here.
"""

import asyncio

from pyscript import when
from pyscript.web import page

from solver.model.candidates import candidates, without
from solver.model.puzzle import read
from ui import protocol
from ui.protocol import puzzle_request
from ui.session import ENTER, PLAY, conflict_report, outcome, own_digits, wrong_cells

# The #play button's text and accessible name in each phase.
PLAY_WORDS = {ENTER: ("Play", "Play this puzzle"), PLAY: ("Edit", "Edit the givens")}
# Seconds the background question for the givens' solution may hold the worker: a hard big
# grid would otherwise keep it busy for minutes, and Solve or Hint would wait behind it.
LEARN_SECONDS = 3


def plural(count: int, word: str) -> str:
    return str(count) + " " + word + ("" if count == 1 else "s")


class Player:
    """Phases, Check, own notes and the solved moment for the App in main.py."""

    def __init__(self, app):
        self.app = app
        self.answers = {}  # givens as text -> their one solution (a Puzzle), None if not one
        self.asking = ""  # the givens whose solution is being asked for in the background
        self.too_long = set()  # givens whose background search ran past LEARN_SECONDS
        self.notes_mode = False  # both remembered across reloads (the settings)
        self.auto_check = False
        self.marked = set()  # cells Check marked wrong, until they change
        self.take_settings()

    def take_settings(self) -> None:
        """Notes mode and auto-check as the settings say (at start, or another tab's)."""
        settings = self.app.settings
        self.notes_mode = settings.get("notes")
        page["notes"].setAttribute("aria-pressed", "true" if self.notes_mode else "false")
        page.body.setAttribute("data-notes", "true" if self.notes_mode else "false")
        self.auto_check = settings.get("auto_check")
        page["auto-check"].checked = self.auto_check

    # --- the solution of the givens: what Check, Hint and the solved moment compare with --

    def givens_text(self) -> str:
        return self.app.session.now.givens().to_string("0")

    def answer(self):
        """The one solution of the givens on the grid, or None (not known yet, or not one)."""
        return self.answers.get(self.givens_text())

    def learn(self) -> None:
        """While playing, ask the worker in the background for the givens' solution once."""
        givens = self.app.session.now.givens()
        text = givens.to_string("0")
        if (self.app.session.phase != PLAY or text in self.answers or self.asking == text
                or text in self.too_long):
            return
        self.asking = text
        asyncio.create_task(self.learn_answer(givens))

    async def learn_answer(self, givens) -> None:
        request = dict(puzzle_request(givens), timeout=LEARN_SECONDS)
        reply = await self.app.coach.quietly(protocol.ANALYSE, request)
        self.asking = ""
        if reply is None:
            return
        if reply.get("status") == protocol.STOPPED:  # Check or Hint asks again, unbounded
            self.too_long.add(givens.to_string("0"))
            return
        self.keep_answer(givens, reply)
        self.app.show()

    async def ensure_answer(self) -> None:
        """While playing, wait until the givens' solution is known (or known not to be one)."""
        givens = self.app.session.now.givens()
        if self.app.session.phase != PLAY or givens.to_string("0") in self.answers:
            return
        reply = await self.app.coach.quietly(protocol.ANALYSE, puzzle_request(givens))
        if reply is not None:
            self.keep_answer(givens, reply)

    def keep_answer(self, givens, reply: dict) -> None:
        """Remember the solution of `givens` from an ANALYSE reply (None if not one)."""
        unique = reply.get("status") == protocol.UNIQUE and reply.get("solution")
        solution = read(reply["solution"], givens.size) if unique else None
        self.answers[givens.to_string("0")] = solution

    def solve_givens(self, givens, reply: dict, solution) -> tuple:
        """Solve while playing: show the solution of the givens in place of the player's
        wrong digits (Undo brings the game back); (message, tone) naming how many were
        wrong and where."""
        session = self.app.session
        own = own_digits(session.now).filled_count()
        wrong = session.solve_givens(solution)
        self.keep_answer(givens, reply)
        message, tone = outcome(reply)
        if not own:
            return message, tone
        if not wrong:
            return (message + " All " + plural(own, "digit") + " of yours were right; Undo "
                    "brings your game back.", tone)
        g = solution.geometry
        named = "; ".join(g.cell_name(cell) for cell in wrong[:3])
        if len(wrong) > 3:
            named += "; and " + str(len(wrong) - 3) + " more"
        counted = str(len(wrong)) + " of your " + plural(own, "digit")
        if reply.get("status") == protocol.MULTIPLE:  # not wrong: another solution may hold it
            return (message + " " + counted + (" differs" if len(wrong) == 1 else " differ")
                    + " from the solution shown (" + named + "); this puzzle has more than "
                    "one, so yours may fit another. Undo brings your game back.", "warn")
        return (message + " " + counted + (" was" if len(wrong) == 1 else " were") + " wrong ("
                + named + "): the solution's digits are shown there. Undo brings your game "
                "back.", "warn")

    # --- the phases -------------------------------------------------------------------------

    async def on_play(self) -> None:
        """Entering: check the givens have one solution, then play them. Playing: back to
        entering the givens (undoable)."""
        session = self.app.session
        if session.phase == PLAY:
            session.set_phase(ENTER)
            self.app.changed(("Entering givens: digits you type are givens now. Press Play "
                              "when the puzzle is in.", ""))
            return
        givens = session.now.givens()
        bad, sentence = conflict_report(givens)
        if not givens.filled_count() or bad:
            why = sentence if bad else "the grid is empty"
            self.app.coach.finish("Cannot play yet: " + why + ".", "error")
            return
        reply = await self.app.coach.ask(protocol.ANALYSE, puzzle_request(givens),
                                         "Checking that the puzzle has one solution\u2026")
        if reply is None:
            return
        self.keep_answer(givens, reply)
        self.started(reply.get("status"))

    def started(self, status: str) -> None:
        """Say what the uniqueness check found; play only a puzzle with one solution."""
        if status == protocol.UNIQUE:
            self.app.session.set_phase(PLAY)
            self.app.save()
            self.app.coach.finish("Unique: ready to play. The givens are locked; Check marks "
                                  "mistakes.", "ok")
        elif status == protocol.MULTIPLE:
            self.app.coach.finish("2+ solutions: this is not a proper puzzle yet. Add givens "
                                  "until only one solution fits.", "warn")
        elif status == protocol.NONE:
            self.app.coach.finish("No solution: the givens cannot all be completed. Look for "
                                  "a mistyped given.", "error")
        else:
            self.app.coach.finish("Cannot play: the solver could not check this grid.", "error")

    # --- Check ------------------------------------------------------------------------------

    def wrong(self) -> list:
        """The cells shown as wrong: all of them with auto-check, else those Check marked
        that still hold the same wrong digit."""
        wrong = wrong_cells(self.app.session.now, self.answer())
        if self.auto_check:
            return wrong
        self.marked = self.marked & set(wrong)
        return sorted(self.marked)

    async def on_check(self) -> None:
        """Mark every wrong entry and say how many there are."""
        session = self.app.session
        await self.ensure_answer()
        answer = self.answer()
        if answer is None:
            why = ("the givens do not have exactly one solution." if session.phase == PLAY
                   else "press Play first, so the puzzle is checked for one solution.")
            self.app.coach.finish("Nothing to check against: " + why, "")
            return
        wrong = wrong_cells(session.now, answer)
        self.marked = set(wrong)
        left = session.puzzle.cells.count(0)
        if wrong:
            message = plural(len(wrong), "wrong digit") + " marked in red: change or erase " \
                + ("it." if len(wrong) == 1 else "them.")
            self.app.coach.finish(message, "error")
        else:
            self.app.coach.finish("No mistakes so far; " + plural(left, "cell") + " to go.",
                                  "ok")

    def toggle_auto_check(self) -> None:
        self.app.settings.set("auto_check", bool(page["auto-check"].checked))
        self.follow_auto_check()

    def follow_auto_check(self) -> None:
        """Show wrong digits as the auto-check setting now says."""
        self.take_settings()
        if self.auto_check:
            self.learn()
        self.app.show()

    def solved_note(self):
        """(message, tone) when the last correct digit is in while playing, else None."""
        now = self.app.session.now
        answer = self.answer()
        if now.phase != PLAY or now.solution is not None or answer is None:
            return None
        if now.puzzle.cells != answer.cells:
            return None
        # the solved moment stops the timer: the time said is the one it shows
        return "Puzzle solved in " + self.app.timer.finish() + "! Every digit is right. " \
            "Well done.", "ok"

    # --- own notes --------------------------------------------------------------------------

    def toggle_notes(self) -> None:
        """Notes mode on or off: digits typed or tapped go into the cell's notes."""
        self.app.settings.set("notes", not self.notes_mode)
        self.take_settings()

    def fill_candidates(self) -> None:
        """Every empty cell's notes become its candidates (less what Steps eliminated)."""
        now = self.app.session.now
        if conflict_report(now.puzzle)[0]:
            self.app.changed(("Fix the conflicts first: candidates of a broken grid mean "
                              "little.", "error"))
            return
        masks = without(candidates(now.puzzle), now.eliminated)
        if self.app.session.fill_notes(masks):
            self.app.changed(("Every empty cell's candidates are in its notes: tap a digit "
                              "in notes mode to take one out. Undo takes them all back.", "ok"))

    def tell(self, message: str, tone: str) -> None:
        """A message that stays until the next change (a redraw meanwhile keeps it)."""
        self.app.note = (message, tone)
        self.app.show()

    def enter(self, cell: int, digit: int, note: bool) -> bool:
        """A digit from a key or the pad into a cell: into its notes (notes mode, Shift, or
        a note key), else as its digit. False (and a message) for a locked given."""
        session = self.app.session
        if session.locked(cell):
            g = session.puzzle.geometry
            self.tell("The " + g.symbols[session.puzzle.cells[cell] - 1] + " in "
                      + g.cell_name(cell) + " is a given: givens are locked while you "
                      "play (Edit unlocks them).", "warn")
            return False
        if note:
            if session.puzzle.cells[cell]:
                self.tell("Notes go in empty cells: erase the digit there first.", "warn")
            elif session.toggle_note(cell, digit):
                self.app.changed()
            return True
        self.app.set_cell(cell, digit)
        return True


# (event, element, Player method, whether it is a coroutine) for each player's control.
CONTROLS = (
    ("click", "#play", "on_play", True), ("click", "#check", "on_check", True),
    ("click", "#notes", "toggle_notes", False),
    ("click", "#fill-notes", "fill_candidates", False),
    ("change", "#auto-check", "toggle_auto_check", False),
)


def handler(method, awaits: bool):
    """An event handler calling `method()`: pyscript's `when` needs a closure it can tell
    is a coroutine (MicroPython's inspect cannot read a bound method)."""
    if awaits:
        async def run_later(event):
            await method()
        return run_later

    def run(event):
        method()
    return run


def wire(player) -> None:
    """Connect the player's controls (in index.html) to it."""
    for event, selector, method, awaits in CONTROLS:
        when(event, selector)(handler(getattr(player, method), awaits))
