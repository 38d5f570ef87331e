"""Watch the search: the grid on screen solved by plain backtracking, shown digit by digit,
step by step or at a chosen speed, with the count of guesses and backtracks, in either order
(the first empty cell, as the tutorials do; or the cell with the fewest digits that fit), so
a learner sees why the order matters.

The worker traces the search (solver.search.trace through the WATCH command, capped, asked
by Controller.watch); this module only animates its events. The player's grid is never
touched: the watched digits are laid over the view (`mark`, called by App.paint), and
ending the watch, by Cancel or by any change to the grid, shows the session's grid again.
Only text content and attributes are set.
"""

import asyncio

from pyscript import when, window
from pyscript.web import page

import protocol

TICK = 0.05  # seconds between frames: the speed's events are spread over them
TRACED = (protocol.SOLVED, protocol.NONE, protocol.STOPPED)
ORDER_WORDS = {"first": "first empty cell, digits in order",
               "fewest": "the cell with the fewest digits that fit"}
HINTS = {True: "place", False: "area"}  # a digit placed, or taken back; a dead end: "elim"


def count_words(guesses: int, backtracks: int) -> str:
    return (str(guesses) + (" guess, " if guesses == 1 else " guesses, ") + str(backtracks)
            + (" backtrack" if backtracks == 1 else " backtracks"))


def ending(status: str, guesses: int, backtracks: int, cap: int) -> str:
    """What the status line says once the events have all been shown."""
    counts = count_words(guesses, backtracks)
    if status == protocol.SOLVED:
        return "Solved after " + counts + ". Switch Order to compare; Cancel returns to your grid."
    if status == protocol.NONE:
        return "No solution: every digit was tried everywhere (" + counts + ")."
    return ("Stopped at " + str(cap) + " steps (" + counts + "): this order would go on far "
            "longer. Switch Order to compare.")


class Watch:
    """The search being watched, laid over the grid, and its panel (#watch-panel)."""

    def __init__(self, app):
        self.app = app
        self.puzzle = None  # the grid whose search is shown; None when not watching
        self.reply = {}  # the worker's trace
        self.order = ""  # its order (solver.search.trace.ORDERS)
        self.cells = []  # the digits on show
        self.done = 0  # events shown so far
        self.guesses = 0
        self.backtracks = 0
        self.current = (-1, "")  # the cell of the last event shown, and its highlight
        self.paused = False
        self.run = 0  # bumped whenever a watch starts or ends: an older frame loop stops
        self.credit = 0.0  # events owed to the speed, between frames
        self.traced = None  # the controller's trace on show

    def start(self) -> None:
        """Trace the search of the grid on screen in the chosen order (then `follow`
        shows it)."""
        self.app.act(self.app.ctl.watch(str(page["watch-order"].value)))

    def follow(self) -> None:
        """After a render: a new trace from the worker starts the show."""
        traced = self.app.ctl.traced
        if traced is not None and traced is not self.traced:
            self.traced = traced
            self.begin(*traced)

    def begin(self, puzzle, order: str, reply: dict) -> None:
        self.run += 1
        self.puzzle, self.reply, self.order = puzzle, reply, order
        self.cells = list(puzzle.cells)
        self.done = self.guesses = self.backtracks = 0
        self.current = (-1, "")
        self.credit = 0.0
        self.set_paused(False)
        page.body.setAttribute("data-watching", "true")
        page["watch-panel"].hidden = False
        window.scrollTo(0, 0)  # the grid and the panel fill the first screen
        page["watch-pause"].focus()  # Space pauses; Tab reaches Step and Cancel
        self.app.ctl.coach_said("Watching the search: " + ORDER_WORDS[order] + ".", "")
        self.counts()
        asyncio.create_task(self.animate(self.run))

    async def animate(self, run: int) -> None:
        """Show the events at the chosen speed (events a second; 0: on Step only)."""
        while run == self.run and self.done < self.total():
            speed = int(page["watch-speed"].value)
            if speed and not self.paused:
                self.credit += speed * TICK
                many = int(self.credit)
                self.credit -= many
                if many:
                    self.advance(many)
            await asyncio.sleep(TICK)

    def total(self) -> int:
        return len(self.reply.get("events", ())) // 2

    def advance(self, many: int) -> None:
        """Show the next `many` events, then redraw; at the last one, say how it ended."""
        events = self.reply["events"]
        for _ in range(min(many, self.total() - self.done)):
            cell, digit = events[2 * self.done], events[2 * self.done + 1]
            self.done += 1
            if digit == protocol.DEAD_END:
                self.backtracks += 1
                self.current = (cell, "elim")
                continue
            self.cells[cell] = digit
            self.guesses += 1 if digit else 0
            self.current = (cell, HINTS[bool(digit)])
        self.counts()
        if self.done == self.total():
            self.app.ctl.message = (ending(self.reply["status"], self.guesses, self.backtracks,
                                           self.reply.get("cap", 0)), "ok")
        self.app.render()

    def counts(self) -> None:
        """The panel's counts (and data-* for the tests)."""
        counts = page["watch-counts"]
        counts.textContent = (count_words(self.guesses, self.backtracks) + " \u00b7 "
                              + str(self.done) + "/" + str(self.total()))
        counts.setAttribute("data-guesses", str(self.guesses))
        counts.setAttribute("data-backtracks", str(self.backtracks))
        counts.setAttribute("data-done", str(self.done))
        ended = self.done == self.total()
        counts.setAttribute("data-ended", "true" if ended else "false")
        page["watch-step"].disabled = ended
        page["watch-pause"].disabled = ended

    def mark(self, view) -> None:
        """Lay the watched digits over the grid's view (the grid itself stays the player's);
        a grid changed meanwhile ends the watch."""
        if self.puzzle is None:
            return
        if self.app.ctl.session.puzzle is not self.puzzle:
            self.end()
            return
        for i, cell in enumerate(view.cells):
            if not self.puzzle.cells[i]:
                cell.digit = self.cells[i]
                cell.kind = "solved" if self.cells[i] else "empty"
            cell.marks = cell.special = 0
            cell.own = cell.conflict = cell.wrong = False
            cell.hint = cell.near = ""
        if self.current[0] >= 0:
            view.cells[self.current[0]].hint = self.current[1]
        view.links = []

    def end(self) -> None:
        """Stop watching: the panel goes and the grid shows the session again."""
        self.run += 1
        self.puzzle = None
        page.body.setAttribute("data-watching", "false")
        page["watch-panel"].hidden = True

    def cancel(self) -> None:
        """Cancel: stop tracing (the worker restarts) or stop watching, back to the grid."""
        ctl = self.app.ctl
        if ctl.busy is not None:
            self.app.act(ctl.cancel())
            return
        if self.puzzle is None:
            return
        self.end()
        ctl.message = ("Back to your grid, as you left it.", "")
        self.app.render()
        self.app.board.focus(ctl.selected)

    def step(self) -> None:
        """One event, then wait (paused) for the next press."""
        if self.puzzle is None:
            return
        self.set_paused(True)
        if self.done < self.total():
            self.advance(1)

    def wire(self) -> None:
        """Connect the panel's controls (index.html); the Watch button is main.py's, which
        makes this part when it is first pressed."""

        @when("change", "#watch-order")
        def on_order(event):
            if self.puzzle is not None:  # the same grid, searched in the other order
                self.end()
                self.start()

        @when("click", "#watch-step")
        def on_step(event):
            self.step()

        @when("click", "#watch-pause")
        def on_pause(event):
            self.set_paused(not self.paused)

        @when("click", "#watch-cancel")
        def on_cancel(event):
            self.cancel()

    def set_paused(self, paused: bool) -> None:
        self.paused = paused
        button = page["watch-pause"]
        button.textContent = "Play" if paused else "Pause"
        button.setAttribute("aria-pressed", "true" if paused else "false")
