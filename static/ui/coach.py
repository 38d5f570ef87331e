"""The solving coach in the page: Hint (a nudge, then the full step), Step, Explain, pencil
marks, the difficulty badge and New puzzle, each answered by the solver worker.

The grid stays the user's: a step's placements and eliminations go into the session as one
history entry (so Undo and Redo take them back and forth, and they are saved), and a change
made by hand resets the hint. When the player keeps notes, Hint and Step work from them.
The coach keeps its state and contributes it to the grid's view (ui/view.py); Board paints
the cells. Only text content and attributes are set.
"""

import asyncio

from pyscript import web, when
from pyscript.web import page

from solver.model.puzzle import read
from ui import protocol
from ui.protocol import generate_request, puzzle_request
from ui.screen import GAME, new_puzzle_words
from ui.session import PLAY, conflict_report, missed_notes, note_eliminations, wrong_cells
from ui.view import (
    APPLIED,
    FULL,
    NUDGE,
    grid_view,
    shown_marks,
    step_hints,
    step_links,
    step_marks,
)

RATE_DELAY = 0.4  # seconds without an edit before the difficulty is asked for
RATE_MAX_SIZE = 16  # a hard 25x25 can take minutes to rate: not while typing
GENERATE_MAX_SIZE = 16  # making a 25x25 takes minutes even unrated (CPython)
WAIT_STEP = 0.25  # seconds between looks at a busy or loading solver


def rating_words(reply: dict) -> str:
    """The difficulty badge's text for a worker reply to 'rate' (or a rating inside a reply):
    HoDoKu's level with the hardest step, which sets it and which Hint and Explain show, its
    score, then the Sudoku Explainer estimate when there is one (read off the path SE would
    take, whose hardest technique, se_hardest, may be one the hints never show, so it is not
    named here)."""
    words = (reply["level"] + " \u00b7 hardest step: " + reply["hardest"] + " \u00b7 score "
             + str(reply["score"]))
    # Explain leaves the estimate out (0.0) until the badge has rated the grid
    return words + (" \u00b7 about SE " + str(reply["se"]) if reply["se"] else "")


def trouble(reply: dict, action: str):
    """(message, tone) for a reply that carries no step: full, no solution, invalid..."""
    status = reply.get("status")
    if status == protocol.FULL:
        return "The grid is full: nothing left to " + action + ".", "ok"
    if status == protocol.NONE:
        return ("No solution: a digit on the grid is wrong, so there is nothing to " + action
                + ". Undo or change your entries.", "error")
    if status == protocol.STUCK:
        return ("No technique this solver knows applies here: the rest needs trial and error "
                "(Solve fills it in).", "warn")
    if status == protocol.INVALID:
        why = reply.get("message", "the grid breaks the rules")
        return "Cannot " + action + ": " + why + ".", "error"
    return "The solver failed: " + str(reply.get("message", status)), "error"


class Badge:
    """The difficulty badge: the grid on screen rated once typing pauses."""

    def __init__(self, app):
        self.app = app
        self.rated = None  # the puzzle the badge belongs to
        self.edits = 0  # hand-made grid changes seen, for the debounce

    def edited(self) -> None:
        """The grid changed by hand: the badge is stale until rated again."""
        self.edits += 1
        page["difficulty"].setAttribute("data-stale", "true")
        asyncio.create_task(self.rate_later(self.edits))

    async def rate_later(self, edit: int) -> None:
        """The badge for the grid on screen, once typing pauses; only for a valid grid."""
        await asyncio.sleep(RATE_DELAY)
        puzzle = self.app.session.puzzle
        if edit != self.edits or self.rated is puzzle:
            return
        if puzzle.size > RATE_MAX_SIZE or not puzzle.filled_count() or conflict_report(puzzle)[0]:
            self.show(puzzle, "", "")
            return
        reply = await self.app.coach.quietly(protocol.RATE, puzzle_request(puzzle))
        if reply is None or edit != self.edits:
            return
        status = reply.get("status")
        if status == protocol.RATED:
            self.show(puzzle, "Difficulty: " + rating_words(reply), reply["level"])
        elif status == protocol.MULTIPLE:
            self.show(puzzle, "Not rated: more than one solution fits.", "none")
        elif status == protocol.NONE:
            self.show(puzzle, "Not rated: the grid has no solution.", "none")
        else:
            self.show(puzzle, "", "")

    def show(self, puzzle, text: str, level: str) -> None:
        """Show a rating of `puzzle` (data-for names the grid it belongs to)."""
        self.rated = puzzle
        badge = page["difficulty"]
        badge.textContent = text
        badge.setAttribute("data-level", level)
        badge.setAttribute("data-for", puzzle.to_string("0"))
        badge.setAttribute("data-stale", "false")
        badge.hidden = not text
        self.app.home.know_level(puzzle, level if level != "none" else "")
        self.app.show_level()


class Coach:
    """Hint, Step, Explain, pencil marks and New puzzle for the App in main.py, and what they
    add to the grid's view."""

    def __init__(self, app):
        self.app = app
        self.badge = Badge(app)
        self.puzzle = None  # the grid the state below belongs to
        self.hint = None  # (key, reply) of the last hint asked for
        self.step = None  # the step dict being highlighted, and how (NUDGE, FULL, APPLIED)
        self.stage = 0
        self.marks_on = False
        self.explained = None  # (the grid Explain was asked for, its steps)
        self.cands = None  # (key, candidate masks or None) from the worker
        self.loading_marks = False
        self.done = 0  # coach actions answered, as data-coach for the tests
        self.show_logical()

    def show_logical(self) -> None:
        """New puzzle's "logic only" box as the remembered setting says."""
        page["new-logical"].checked = self.app.settings.get("logical_only")

    # --- the state the worker needs -----------------------------------------------------

    def eliminated(self) -> list:
        """(cell, digit) out of the candidates: by applied Steps, and by the player's notes."""
        now = self.app.session.now
        return sorted(set(now.eliminated) | set(note_eliminations(now)))

    def key(self) -> str:
        """The grid and its eliminations as text: a reply belongs to the key it was asked for."""
        text = self.app.session.puzzle.to_string("0")
        return text + "|" + ",".join(str(c) + ":" + str(d) for c, d in self.eliminated())

    def request(self) -> dict:
        return puzzle_request(self.app.session.puzzle, self.eliminated())

    # --- keeping up with the page, and what the grid shows of it -------------------------

    def refresh(self) -> None:
        """Before every redraw (App.show()): follow grid changes made elsewhere."""
        puzzle = self.app.session.puzzle
        if puzzle is not self.puzzle:
            self.edited(puzzle)
        if self.app.session.solution is not None and self.step is not None:
            # a shown solution answers the hint; its marks would cover the solved digits
            self.hint = None
            self.show_step(None, 0)
        if self.marks_on and self.candidates() is None and not self.loading_marks:
            asyncio.create_task(self.load_marks())

    def view(self, bad, wrong=()):
        """The grid's view (ui/view.py) with the coach's part: pencil marks and the step on
        show."""
        now = self.app.session.now
        puzzle = now.puzzle
        cands = self.candidates()
        showing = self.marks_on and now.solution is None
        special = step_marks(self.step, self.stage) if cands is not None else {}
        return grid_view(
            now, bad, wrong, marks=shown_marks(cands, showing, special),
            selected=self.app.selected,
            hints=step_hints(self.step, self.stage, puzzle.geometry), special=special,
            marks_key=self.key() if showing and cands is not None else "",
            links=step_links(self.step, self.stage),
        )

    def candidates(self):
        """The candidate masks of the grid on screen, or None when not (yet) known."""
        return self.cands[1] if self.cands and self.cands[0] == self.key() else None

    def edited(self, puzzle) -> None:
        """A change made by hand (typing, paste, Clear, Undo, size): the hint starts over."""
        self.puzzle = puzzle
        self.hint = None
        self.show_step(None, 0)
        explain = page["explain-panel"]
        if not explain.hidden:
            explain.setAttribute("data-stale", "true")
            page["explain-summary"].textContent = "The grid has changed: press Explain again."
        self.badge.edited()

    def show_step(self, step, stage: int) -> None:
        self.step = step
        self.stage = stage

    def finish(self, message: str, tone: str = "") -> None:
        """Say how an action ended, redraw, and count it for the tests."""
        self.app.note = (message, tone)
        self.app.show()
        self.done += 1
        page.body.setAttribute("data-coach", str(self.done))

    # --- asking the worker ----------------------------------------------------------------

    async def ask(self, command: str, request: dict, waiting: str, early: bool = False):
        """The worker's reply to a command the user asked for, or None if there is none to
        act on (solver not ready, cancelled). Cancel and the busy Solve button apply.
        `early`: the MicroPython worker may answer before Pyodide is ready."""
        client = self.app.client
        if client.error:
            self.finish("The solver could not start: " + client.error
                        + ". Reload the page to try again; your grid is kept.", "error")
            return None
        if not (client.ready or early and client.can_solve) or self.app.solving:
            self.finish("The solver is busy or still loading: try again in a moment.", "")
            return None
        self.app.solving = True
        self.app.note = (waiting, "")
        self.app.show()
        reply = await client.call(command, request)
        if reply is None or not self.app.solving:
            return None  # cancelled: App.cancel() has said so
        self.app.solving = False
        return reply

    async def quietly(self, command: str, request: dict):
        """A background call (rating, candidates): waits for a free solver; None on failure."""
        client = self.app.client
        while not client.ready or self.app.solving:
            if client.error:
                return None
            await asyncio.sleep(WAIT_STEP)
        reply = await client.call(command, request)
        if reply is not None and reply.get("status") == protocol.FAILED:
            return None  # a background nicety; the user's actions report errors
        return reply

    # --- Hint, Step, Explain ------------------------------------------------------------

    async def on_hint(self) -> None:
        """First press: the technique and where to look; second press: the whole step.
        A solved grid, a wrong digit or a wrong note is named instead."""
        await self.app.player.ensure_answer()
        problem = self.first_problem("Hint")
        if problem is not None:
            self.finish(*problem)
            return
        key = self.key()
        if self.hint and self.hint[0] == key and self.stage == NUDGE:
            step = self.hint[1]["step"]
            self.show_step(step, FULL)
            self.finish(step["explanation"] + " Press Step to apply it.", "ok")
            return
        reply = await self.fetch_hint("Hint", "Looking for the next step\u2026")
        if reply is None:
            return
        if reply.get("status") != protocol.STEP:
            self.finish(*trouble(reply, "hint"))
            return
        step = reply["step"]
        self.show_step(step, NUDGE)
        extra = "" if reply.get("unique") else " (More than one solution fits, so techniques " \
            "that assume one are left out.)"
        self.finish(step["nudge"] + extra + " Press Hint again for the step.", "ok")

    async def fetch_hint(self, button: str, waiting: str):
        """The worker's hint for the grid on screen, kept for the next press; None if there
        is nothing to act on (the grid changed meanwhile, cancelled)."""
        key = self.key()
        reply = await self.ask(protocol.HINT, self.request(), waiting)
        if reply is None:
            return None
        if key != self.key():
            self.finish("The grid changed meanwhile: press " + button + " again.")
            return None
        self.hint = (key, reply)
        if "candidates" in reply:
            self.cands = (key, reply["candidates"])
        return reply

    async def on_step(self) -> None:
        """Apply the next step: the hint on show, or a fresh one (not over a solution on
        show, a wrong digit or a wrong note: those are named)."""
        await self.app.player.ensure_answer()
        problem = self.first_problem("Step")
        if problem is not None:
            self.finish(*problem)
            return
        if self.hint and self.hint[0] == self.key():
            reply = self.hint[1]
        else:
            reply = await self.fetch_hint("Step", "Working out the next step\u2026")
            if reply is None:
                return
        if reply.get("status") != protocol.STEP:
            self.finish(*trouble(reply, "step"))
            return
        self.apply(reply["step"])

    def apply(self, step: dict) -> None:
        """The step's placements and eliminations into the session: one history entry."""
        self.app.session.place(step["placements"], step["eliminations"])
        self.puzzle = self.app.session.puzzle  # not a change by hand: keep the step on show
        self.hint = None
        self.show_step(step, APPLIED)
        self.app.save()
        self.finish(step["technique"] + ": " + step["explanation"], "ok")

    def first_problem(self, action: str):
        """(message, tone) when Hint or Step should not look for a technique: a solution on
        show, a wrong digit on the grid, a note that leaves out the true digit; else None."""
        now = self.app.session.now
        g = now.puzzle.geometry
        if now.solution is not None:
            return ("The puzzle is solved: its solution is on show. Undo hides it and goes "
                    "back to your grid, then " + action + " goes on from there.", "ok")
        answer = self.app.player.answer()
        wrong = wrong_cells(now, answer)
        if wrong:
            digit = g.symbols[now.puzzle.cells[wrong[0]] - 1]
            return ("The " + digit + " in " + g.cell_name(wrong[0]) + " is wrong: change it "
                    "first (Check marks every wrong digit).", "error")
        missed = missed_notes(now, answer)
        if missed:
            return ("Your notes in " + g.cell_name(missed[0]) + " leave out the digit that "
                    "goes there: add it back (or erase that cell's notes) first.", "error")
        return None

    async def on_explain(self) -> None:
        """List every step from the grid on screen to the solution, below the grid."""
        puzzle = self.app.session.puzzle
        reply = await self.ask(protocol.EXPLAIN, puzzle_request(puzzle),
                               "Working out every step\u2026")
        if reply is None:
            return
        if self.app.session.puzzle is not puzzle:  # edited while the worker worked: stale
            self.finish("The grid changed while explaining: press Explain again.")
            return
        if reply.get("status") != protocol.EXPLAINED:
            self.finish(*trouble(reply, "explain"))
            return
        steps = reply["steps"]
        self.explained = (self.app.session.puzzle, steps)
        items = []
        for number, step in enumerate(steps):
            item = web.li()
            item.setAttribute("value", str(number + 1))
            # a button, so a tap or the keyboard shows the step on the grid
            show = web.button(classes=["step-link"])
            show.setAttribute("type", "button")
            show.setAttribute("data-step", str(number))
            show.textContent = step["technique"] + ": " + step["explanation"]
            item.append(show)
            items.append(item)
        page["explain-list"].replaceChildren()
        page["explain-list"].append(items)
        summary = str(len(steps)) + " steps from the grid on screen to the solution."
        if reply.get("rating"):
            summary += " Difficulty: " + rating_words(reply["rating"]) + "."
        page["explain-summary"].textContent = summary
        panel = page["explain-panel"]
        panel.setAttribute("data-stale", "false")
        panel.hidden = False
        self.finish("Explained: the " + str(len(steps)) + " steps are listed below the grid.", "ok")

    def show_explained(self, number: int) -> None:
        """Show step `number` of the Explain list on the grid: its cells and placements."""
        if self.explained is None or self.explained[0] is not self.app.session.puzzle:
            self.finish("The grid has changed since Explain: press Explain again.", "")
            return
        step = self.explained[1][number]
        self.show_step(step, APPLIED)
        self.finish("Step " + str(number + 1) + ", shown on the grid: " + step["technique"]
                    + ": " + step["explanation"], "ok")

    # --- New puzzle -----------------------------------------------------------------------

    async def on_new(self, level: str, symmetric: bool, seed=None, title: str = "") -> None:
        """A generated puzzle of `level` for the current size, into the grid, the game
        screen shown; `seed` makes it the same puzzle for everyone (the daily puzzle,
        named by `title`)."""
        size = self.app.session.puzzle.size
        if size > GENERATE_MAX_SIZE:
            self.finish("New puzzles go up to " + str(GENERATE_MAX_SIZE) + "x"
                        + str(GENERATE_MAX_SIZE) + ": making a " + str(size) + "x" + str(size)
                        + " takes minutes. Pick a smaller size first.", "warn")
            self.app.home.go(GAME)
            return
        logical = self.app.settings.get("logical_only") and seed is None
        request = generate_request(size, level, symmetric, logical, seed)
        self.app.home.go(GAME)
        waiting = "Making " + (title or "a new " + level + " " + str(size) + "x" + str(size)
                               + " puzzle") + "\u2026"
        reply = await self.ask(protocol.GENERATE, request, waiting)
        if reply is None:
            return
        if reply.get("status") != protocol.GENERATED:
            self.finish(*trouble(reply, "make a puzzle"))
            return
        puzzle = read(reply["puzzle"], size)
        self.app.session.load(puzzle, PLAY)
        self.app.to_grid()
        self.app.save()
        self.finish(self.made(puzzle, reply, level, logical, title), "ok")

    def made(self, puzzle, reply: dict, level: str, logical: bool, title: str) -> str:
        """What a new puzzle's message says, its level taken as the game's (the badge and
        the top bar show it)."""
        rating = reply.get("rating")
        if rating:
            self.refresh()  # takes the new grid in before the badge is set for it
            self.badge.show(puzzle, "Difficulty: " + rating_words(rating), rating["level"])
        return new_puzzle_words(title, puzzle.filled_count(), level,
                                rating["level"] if rating else "", bool(reply.get("matched")),
                                logical)

    # --- pencil marks ---------------------------------------------------------------------

    async def load_marks(self) -> None:
        self.loading_marks = True
        key = self.key()
        reply = await self.quietly(protocol.CANDIDATES, self.request())
        self.loading_marks = False
        if key != self.key():
            self.refresh()  # asks again for the grid now on screen
            return
        if reply is None or reply.get("status") != protocol.OK:  # an invalid grid: no marks
            reply = {"candidates": [0] * self.app.session.puzzle.geometry.cell_count}
        self.cands = (key, reply["candidates"])
        self.app.draw()

    def toggle_marks(self) -> None:
        self.marks_on = not self.marks_on
        page["marks"].setAttribute("aria-pressed", "true" if self.marks_on else "false")
        self.refresh()
        self.app.draw()


def wire(coach) -> None:
    """Connect the coach's buttons (in index.html) to it."""

    @when("click", "#hint")
    async def on_hint(event):
        await coach.on_hint()

    @when("click", "#step")
    async def on_step(event):
        await coach.on_step()

    @when("click", "#explain")
    async def on_explain(event):
        await coach.on_explain()

    @when("click", "#marks")
    def on_marks(event):
        coach.toggle_marks()

    @when("click", "#explain-list")
    def on_explained(event):
        button = event.target.closest("button")
        if button:
            coach.show_explained(int(button.getAttribute("data-step")))

    @when("change", "#new-logical")
    def on_logical(event):
        coach.app.settings.set("logical_only", bool(page["new-logical"].checked))
