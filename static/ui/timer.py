"""The timer: the time spent playing the puzzle on show, kept across reloads, shown in the
header when the player asks for it (a setting), stated at the solved moment.

It runs, as sudoku.com's does, only while the puzzle is being played and the page is
visible: it pauses when the tab is hidden or the phone locked (visibilitychange), while a
solution is on show (Solve; Undo goes on), while the player pauses it (ui/pause.py), and
stops for good when the last right digit goes in. A hint does not pause it: reading the
hint is part of the time spent. Two tabs on one puzzle keep the longer time (time spent
only grows), so neither overwrites the other's.
"""

import asyncio

from pyscript import window
from pyscript.ffi import create_proxy
from pyscript.web import page

from protocol import puzzle_text
from ui.session import PLAY
from ui.stopwatch import Stopwatch, clock_text, time_for, times_from, times_text, with_time
from ui.storage import TIMER_KEY, TIMER_MAX_CHARS

SAVE_EVERY_MS = 5000  # while running, saved this often (and whenever it stops)
TICK_SECONDS = 0.25


def clock() -> int:
    return int(window.performance.now())


class Timer:
    """The time on the puzzle being played: the Controller's timer port (`finish`,
    `seconds`), painted after every render (`paint`). Pause is the Controller's state; this
    paints its button and keeps the grid inert while paused."""

    def __init__(self):
        self.ctl = None  # the Controller, set once it is made
        self.times = times_from(window.appStorage.get(TIMER_KEY, TIMER_MAX_CHARS))
        self.puzzle = ""  # the givens (as text) being timed; '' while not playing
        self.watch = Stopwatch()
        self.done = False  # solved: the time stays as it was at the solved moment
        self.saved_at = 0
        self.shown = ""  # the clock text on show

    def on_visibility(self, event) -> None:
        self.follow()

    def on_leave(self, event) -> None:
        self.save()  # a reload or a closed tab is not always reported as hidden first

    def follow(self) -> None:
        """After every redraw, and when the page is hidden or shown again: run only while
        the puzzle is being played, unsolved, with no solution on show, on a visible page."""
        self.take_puzzle()
        now = self.ctl.session.now
        run = (self.puzzle and not self.done and now.solution is None and not self.ctl.paused
               and str(window.document.visibilityState) != "hidden")
        if run:
            self.watch.start(clock())
        elif self.watch.running():
            self.watch.stop(clock())
            self.save()
        page.body.setAttribute("data-timer", "running" if run else "stopped")
        self.paint_clock()

    def paint(self, view: dict) -> None:
        """After every render: the clock runs as the view says; the pause button, and the
        grid hidden and inert while paused (with the Resume prompt over it)."""
        shown = view["timer_shown"]
        page["show-timer"].checked = shown
        page["timer"].hidden = not shown
        self.follow()
        paused = view["paused"]
        button = page["pause"]
        button.hidden = not shown
        button.disabled = not view["can_pause"] and not paused
        button.setAttribute("aria-pressed", "true" if paused else "false")
        button.setAttribute("aria-label", "Resume the game" if paused else "Pause the game")
        page.body.setAttribute("data-paused", "true" if paused else "false")
        page["resume"].hidden = not paused
        for name in ("grid", "pad"):
            if paused:
                page[name].setAttribute("inert", "")
            else:
                page[name].removeAttribute("inert")

    def take_puzzle(self) -> None:
        """Time the puzzle on show: another one's time is saved and this one's taken up."""
        now = self.ctl.session.now
        puzzle = puzzle_text(now.givens()) if now.phase == PLAY else ""  # a variant's rules too
        if puzzle == self.puzzle:
            return
        if self.puzzle:
            self.watch.stop(clock())
            self.save()
        self.puzzle = puzzle
        spent, self.done = time_for(self.times, puzzle) if puzzle else (0, False)
        self.watch = Stopwatch(spent)
        self.saved_at = spent

    def finish(self) -> str:
        """The solved moment: stop for good on this puzzle; the time spent, as text."""
        self.take_puzzle()
        if not self.done:
            self.watch.stop(clock())
            self.done = True
            self.save()
            # counted once: done from here on (the local date: static/screen.js)
            self.ctl.won_in(self.watch.elapsed(clock()), str(window.appToday()))
        return clock_text(self.watch.elapsed(clock()))

    def seconds(self) -> int:
        """The seconds spent on the puzzle on show."""
        return self.watch.elapsed(clock()) // 1000

    def save(self) -> None:
        """Store this puzzle's time, after taking up a longer one another tab stored."""
        if not self.puzzle:
            return
        self.take_stored()
        spent = self.watch.elapsed(clock())
        self.times = with_time(self.times, self.puzzle, spent, self.done)
        window.appStorage.set(TIMER_KEY, times_text(self.times))
        self.saved_at = spent

    def take_stored(self) -> None:
        """The stored times become ours; on the puzzle timed here, the longer time and
        'done' of either (another tab on it may have stored more)."""
        text = window.appStorage.get(TIMER_KEY, TIMER_MAX_CHARS)
        if isinstance(text, str):  # none stored (blocked storage): the times kept here stand
            self.times = times_from(text)
        if not self.puzzle:
            return
        theirs, done = time_for(self.times, self.puzzle)
        now = clock()
        ahead = theirs - self.watch.elapsed(now)
        if ahead > 0:
            self.watch.spent += ahead
        if done and not self.done:
            self.watch.stop(now)
            self.done = True

    def follow_other_tab(self) -> None:
        """Another tab stored its times (ui/tabs.py): a longer time on this puzzle is shown
        at once."""
        self.take_stored()
        self.follow()

    def paint_clock(self) -> None:
        """The clock text, touched only when its second changes."""
        text = clock_text(self.watch.elapsed(clock()))
        if text != self.shown:
            self.shown = text
            page["timer"].textContent = text

    async def tick(self) -> None:
        """Keep the clock on show current; save now and then while it runs."""
        while True:
            await asyncio.sleep(TICK_SECONDS)
            if self.watch.running():
                self.paint_clock()
                if self.watch.elapsed(clock()) - self.saved_at >= SAVE_EVERY_MS:
                    self.save()

    def wire(self) -> None:
        """Follow the page's visibility and keep the clock on show current. Hidden (another
        tab, a locked phone, and also leaving or reloading the page, which turns it hidden
        first): the clock stops and the time is saved. (On window: the event bubbles up from
        the document to it.)"""
        window.window.addEventListener("visibilitychange", create_proxy(self.on_visibility))
        window.window.addEventListener("pagehide", create_proxy(self.on_leave))
        asyncio.create_task(self.tick())
