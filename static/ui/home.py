"""The home screen (#home) and the way to and from the game: a thin DOM adapter. The
decisions are the Controller's (ui/controller.py: the screen, Continue, New game, the daily
puzzle, Type or paste, the statistics) with ui/screen.py, ui/stats.py and ui/daily.py; this
paints the cards from `controller.view()` and turns taps into Controller calls.
"""

from pyscript import web, when, window
from pyscript.web import page

from ui import daily, messages, screen
from ui.stats import current_streak, rows


def today() -> tuple:
    """The local date as (year, month, day) (static/screen.js reads the clock)."""
    return daily.parse_day(str(window.appToday())) or (1970, 1, 1)


class Home:
    """Paints the home screen; the screen on show is body[data-screen]."""

    def __init__(self, app):
        self.app = app
        self.shown = str(page.body.getAttribute("data-screen") or screen.GAME)

    def paint(self, view: dict) -> None:
        """The screen on show; on home, its cards brought up to date."""
        name = view["screen"]
        if name != self.shown:
            self.shown = name
            page.body.setAttribute("data-screen", name)
            window.scrollTo(0, 0)
        if name != screen.HOME:
            return
        self.paint_note(view["message"])
        playing = view["in_progress"]
        page["continue"].hidden = not playing
        if playing:
            level = view["level_said"] if view["phase"] == "play" else screen.ENTERING
            page["continue-detail"].textContent = screen.continue_detail(
                level, view["seconds"] * 1000, view["size"])
        year, month, day = today()
        page["daily-detail"].textContent = (daily.title(year, month, day) + screen.DOT
                                            + daily.level(year, month, day))
        stats = view["stats"]
        played = any(stats["levels"][name]["solved"] for name in stats["levels"])
        page["first-visit"].hidden = playing or played
        if not page["stats-panel"].hidden:
            self.paint_stats(view)

    def paint_note(self, message: tuple) -> None:
        """The home note: a warning or error on show, else that storage failed (work will
        not be kept), which the game screen's storage note says out of sight."""
        note, words, tone = page["home-note"], screen.home_note(message), message[1]
        if not words and window.appStorage.failed:
            words, tone = messages.STORAGE_FAILED, "warn"
        if note.textContent != words:
            note.textContent = words
            note.setAttribute("data-tone", tone)
        note.hidden = not words

    def paint_stats(self, view: dict) -> None:
        stats = view["stats"]
        streak = current_streak(stats, daily.day_key(*today()))
        page["stats-streak"].textContent = ("Streak: " + str(streak) + " day"
                                            + ("" if streak == 1 else "s") + " (best "
                                            + str(stats["streak"]["best"]) + ")")
        body = page["stats-rows"]
        body.replaceChildren()
        for cells in rows(stats):
            row = web.tr()
            for i, text in enumerate(cells):
                cell = web.th(scope="row") if i == 0 else web.td()
                cell.textContent = text
                row.append(cell)
            body.append(row)
        note = page["stats-note"]
        note.textContent = view["stats_note"]
        note.hidden = not view["stats_note"]

    def toggle_stats(self) -> None:
        panel, button = page["stats-panel"], page["stats"]
        panel.hidden = not panel.hidden
        button.setAttribute("aria-expanded", "false" if panel.hidden else "true")
        if not panel.hidden:
            self.paint_stats(self.app.ctl.view())
            panel.scrollIntoView()

    def wire(self) -> None:
        """Connect the home screen's controls (Continue, Home and New game are the main
        ACTIONS: ui/main.py)."""
        app, ctl = self.app, self.app.ctl

        @when("click", "#daily")
        def on_daily(event):
            app.act(ctl.daily(*today()))

        @when("click", "#scan")
        def on_scan(event):
            ctl.continue_game()
            app.render()
            page["photo"].click()  # the scan flow (ui/scan.py) takes the photo from there

        @when("click", "#enter")
        def on_enter(event):
            ctl.enter_puzzle(lambda text: bool(window.confirm(text)))
            app.render()
            app.board.focus(ctl.selected)

        @when("click", "#stats")
        def on_stats(event):
            self.toggle_stats()
