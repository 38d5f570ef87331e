"""The home screen (#home) and the way between it and the game: Continue, New game by
level, the daily puzzle, Scan a photo, Type or paste, Open a file, and the statistics.
A thin DOM adapter: the decisions are ui/screen.py's, ui/stats.py's and ui/daily.py's;
the game's actions stay the App's and the Coach's (ui/main.py, ui/coach.py).
"""

from pyscript import web, when, window
from pyscript.web import page

from ui import daily, screen
from ui.screen import GAME, HOME
from ui.session import PLAY
from ui.stats import (
    DAMAGED,
    STATS_KEY,
    STATS_MAX_CHARS,
    current_streak,
    record,
    rows,
    stats_from,
    stats_text,
)
from ui.stopwatch import time_for


def today() -> tuple:
    """The local date as (year, month, day) (static/screen.js reads the clock)."""
    return daily.parse_day(str(window.appToday())) or (1970, 1, 1)


class Home:
    """The screen on show, the levels known per puzzle and the statistics, for the App."""

    def __init__(self, app):
        self.app = app
        self.levels = screen.levels_from(window.appStorage.get(screen.LEVEL_KEY,
                                                               screen.LEVEL_MAX_CHARS))
        self.stats, ok = stats_from(window.appStorage.get(STATS_KEY, STATS_MAX_CHARS))
        self.stats_note = ""
        if not ok:
            window.appStorage.keepAside(STATS_KEY)
            self.stats_note = DAMAGED
        self.screen = str(page.body.getAttribute("data-screen") or GAME)

    # --- the screen on show ---------------------------------------------------------------

    def go(self, name: str) -> None:
        """Show the home screen or the game; home brings its cards up to date."""
        self.screen = name
        page.body.setAttribute("data-screen", name)
        if name == HOME:
            self.paint()
        window.scrollTo(0, 0)

    def paint(self) -> None:
        """Continue (with the kept game's level and time), the daily puzzle's day, the
        first-visit line, and the statistics."""
        now = self.app.session.now
        playing = bool(now.puzzle.filled_count()) and not self.app.won()
        button = page["continue"]
        button.hidden = not playing
        if playing:
            givens = now.givens().to_string("0")
            timer = self.app.timer
            ms = time_for(timer.times, givens)[0]
            if givens == timer.puzzle:  # being timed: the time up to now
                ms = timer.watch.elapsed(int(window.performance.now()))
            page["continue-detail"].textContent = screen.continue_detail(
                self.level() if now.phase == PLAY else "Entering a puzzle", ms, now.puzzle.size)
        year, month, day = today()
        page["daily-detail"].textContent = (daily.title(year, month, day) + screen.DOT
                                            + daily.level(year, month, day))
        page["first-visit"].hidden = playing or self.played()
        self.paint_stats()

    def played(self) -> bool:
        return any(self.stats["levels"][name]["solved"] for name in self.stats["levels"])

    def paint_stats(self) -> None:
        streak = current_streak(self.stats, daily.day_key(*today()))
        page["stats-streak"].textContent = ("Streak: " + str(streak) + " day"
                                            + ("" if streak == 1 else "s") + " (best "
                                            + str(self.stats["streak"]["best"]) + ")")
        body = page["stats-rows"]
        body.replaceChildren()
        for cells in rows(self.stats):
            row = web.tr()
            for i, text in enumerate(cells):
                cell = web.th(scope="row") if i == 0 else web.td()
                cell.textContent = text
                row.append(cell)
            body.append(row)
        note = page["stats-note"]
        note.textContent = self.stats_note
        note.hidden = not self.stats_note

    def toggle_stats(self) -> None:
        panel, button = page["stats-panel"], page["stats"]
        panel.hidden = not panel.hidden
        button.setAttribute("aria-expanded", "false" if panel.hidden else "true")
        if not panel.hidden:
            self.paint_stats()
            panel.scrollIntoView()

    # --- the level of each puzzle, and the wins -------------------------------------------

    def level(self) -> str:
        """The level known for the puzzle being played, '' when none is."""
        return screen.level_for(self.levels, self.app.session.now.givens().to_string("0"))

    def know_level(self, puzzle, level: str) -> None:
        """A rating of `puzzle`: kept as the game's level when it is the givens played."""
        now = self.app.session.now
        if (now.phase == PLAY and level and puzzle.to_string("0") == now.givens().to_string("0")
                and level != self.level()):
            self.levels = screen.with_level(self.levels, puzzle.to_string("0"), level)
            window.appStorage.set(screen.LEVEL_KEY, screen.levels_text(self.levels))

    def won(self, ms: int) -> None:
        """The player solved the puzzle in `ms`: counted in the statistics, saved."""
        stored, ok = stats_from(window.appStorage.get(STATS_KEY, STATS_MAX_CHARS))
        if ok:  # another tab may have counted a game meanwhile
            self.stats = stored
        self.stats = record(self.stats, self.level(), ms // 1000, daily.day_key(*today()))
        window.appStorage.set(STATS_KEY, stats_text(self.stats))


def wire(home, coach) -> None:
    """Connect the home screen's controls and the game's Home button (in index.html)."""
    app = home.app

    @when("click", "#go-home")
    def on_home(event):
        home.go(HOME)

    @when("click", "#continue")
    def on_continue(event):
        home.go(GAME)
        app.board.focus(app.selected)

    @when("click", "#new-game")
    async def on_new(event):
        await coach.on_new(str(page["new-level"].value), bool(page["new-symmetric"].checked))

    @when("click", "#daily")
    async def on_daily(event):
        year, month, day = today()
        await coach.on_new(daily.level(year, month, day), True, daily.seed(year, month, day),
                           "Daily puzzle, " + daily.title(year, month, day))

    @when("click", "#scan")
    def on_scan(event):
        page["photo"].click()  # the scan flow (ui/scan.py) takes the photo from there

    @when("change", "#photo")
    def on_photo(event):
        home.go(GAME)

    @when("click", "#enter")
    def on_enter(event):
        app.enter_puzzle()

    @when("click", "#stats")
    def on_stats(event):
        home.toggle_stats()
