"""The page's UI (MicroPython, main thread), as a thin DOM adapter: DOM events become
Controller calls (ui/controller.py, where every decision is), what an action returns goes to
the Runner (ui/requests.py), and `render()` paints `controller.view()`. It also sets the
ready flags the tests wait for.

The first screen imports only what it needs: the parts a person may never use (a photo's
scan, the search watched, Explain's lesson, a chain's arrows) are imported on first use.

A new action is a method of the Controller (tested under CPython in tests/ui/), a button in
index.html and a line in ACTIONS below; a new worker command is declared in
static/protocol.py and answered in static/worker.py.
"""

import asyncio

from pyscript import web, when, window
from pyscript.web import page

from solver.model.errors import PuzzleError
from solver.model.puzzle import MAX_PUZZLE_CHARS, check_length
from ui import coach, menu, messages, screen, status
from ui.board import Board
from ui.cells import cell_of_id
from ui.controller import Controller, digit_for_key
from ui.home import Home
from ui.links import address_query, share_query
from ui.requests import Runner
from ui.rules_bar import RulesBar
from ui.solver_client import SolverClient
from ui.storage import STORAGE_KEY
from ui.tabs import wire as wire_tabs
from ui.timer import Timer
from ui.zoom import Zoom

ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
LOAD_STAGES = {"loading": 2, "started": 3, "ready": 4}  # of the progress bar's 4 steps
NAME_MAX_CHARS = 200  # of a file's name, as said in a message (a dropped name can be huge)


def set_flag(name: str, value: str) -> None:
    """A data-* flag on <body>: the page's state for CSS and for the browser tests."""
    page.body.setAttribute("data-" + name, value)


def mark(name: str) -> None:
    """A performance mark, read by benchmarks/page_load.py (e.g. 'solver-ready')."""
    window.performance.mark(name)


class PageStore:
    """The Controller's storage port: static/storage.js (window.appStorage), which never
    throws and measures a stored text before it becomes a Python string."""

    def get(self, key: str, most: int):
        text = window.appStorage.get(key, most)
        return text if isinstance(text, str) else None

    def set(self, key: str, text: str) -> None:
        window.appStorage.set(key, text)
        storage_state()

    def has(self, key: str) -> bool:
        return bool(window.appStorage.has(key))

    def keep_aside(self, key: str) -> bool:
        return bool(window.appStorage.keepAside(key))


def storage_state() -> None:
    """Show the storage note once storage has failed (blocked or full)."""
    note = page["storage-note"]
    if window.appStorage.failed and note.hidden:
        note.textContent = messages.STORAGE_FAILED
        note.hidden = False


def framed_note() -> None:
    """Inside another site's frame, where the full solver cannot start: what works, and a link
    that opens the app in its own tab (text and attributes only)."""
    page["framed-text"].textContent = messages.FRAMED_NOTE
    link = page["framed-link"]
    link.textContent = messages.FRAMED_LINK
    link.href = str(window.location.href)
    page["framed-note"].hidden = False


class App:
    """The page's parts around one Controller: the board, the workers, the adapters."""

    def __init__(self):
        self.board = Board()
        self.timer = Timer()
        self.ctl = Controller(PageStore(), self.timer)
        self.timer.ctl = self.ctl
        self.client = SolverClient(self.on_solver_state)
        self.runner = Runner(self.client, self.ctl, self.render)
        self.zoom = Zoom(self)
        self.home = Home(self)
        self.rules_bar = RulesBar(self)
        # made on first use (the module imported, its controls wired): see scanner() and the like
        self.scan = None  # ui/scan.py's Scan, with the first photo
        self.watch = None  # ui/watch.py's Watch, with the first Watch the search
        self.lesson_page = None  # ui/lesson_page.py, with the first lesson (Explain)
        self.loading_since = 0  # ms since navigation: the page's worker starts with it
        self.shown = None  # the message on show
        self.rate_edit = 0  # grid changes seen, for the badge's debounce
        self.rated_key = None  # the Controller's badge_key() the badge was last asked for

    def start(self) -> None:
        """What the page had before the UI loaded: cells typed early, a ?p= link."""
        ctl = self.ctl
        ctl.framed = bool(window.appStorage.deniedInFrame())
        if ctl.framed:  # (static/app.css hides PyScript's raw error box: the page explains)
            set_flag("framed", "true")
        ctl.typed_early(self.board.typed_early())
        try:
            # measured in JS first: a huge link never becomes a Python string
            check_length(int(window.appText.linkLength()), MAX_PUZZLE_CHARS, "the link")
            search = str(window.location.search)
        except PuzzleError as error:
            ctl.message = ("The link's puzzle could not be read: " + error.message + ".", "error")
            search = ""
            window.history.replaceState(None, "", str(window.location.pathname))
        if search and not ctl.open_link(search, lambda text: bool(window.confirm(text))):
            window.history.replaceState(None, "", str(window.location.pathname))  # not again
        if window.appUpdates.reloaded():  # (after the link's own welcome: this says more)
            ctl.reloaded_for_update()
        ctl.screen = screen.first_screen(ctl.session.now, "p=" in search)
        ctl.say_paused()

    # --- the parts made on first use --------------------------------------------------------

    def scanner(self):
        """The photo's part of the page (ui/scan.py)."""
        if self.scan is None:
            from ui.scan import Scan

            self.scan = Scan(self)
            self.scan.wire()
        return self.scan

    def watcher(self):
        """The watched search's part of the page (ui/watch.py)."""
        if self.watch is None:
            from ui.watch import Watch

            self.watch = Watch(self)
            self.watch.wire()
        return self.watch

    def paint_lesson(self, lesson) -> None:
        """The lesson screen (ui/lesson_page.py), painted once a lesson has shown (index.html
        has it hidden until then)."""
        if self.lesson_page is None:
            if lesson is None:
                return
            from ui import lesson_page

            lesson_page.wire(self)
            self.lesson_page = lesson_page
        self.lesson_page.paint(lesson)

    # --- acting and showing ------------------------------------------------------------

    def act(self, request=None) -> None:
        """After a controller action: run what it returned, then redraw."""
        self.runner.take(request)
        self.render()

    def guarded(self, action) -> None:
        """Run a controller action (Undo, Hint...), then what it returned and a redraw: a
        failure is said, never left to stop the page."""
        try:
            request = action()
        except Exception as error:  # noqa: BLE001 - the page must say what went wrong
            self.ctl.say_now(messages.STATE_FAILED.format(type(error).__name__), "error")
            request = None
        self.act(request)

    def render(self) -> None:
        """Paint the controller's view; a failure is said, never left to stop the page."""
        try:
            if self.watch is not None:
                self.watch.follow()  # a new trace starts its show (and says so) before the view
            self.paint(self.ctl.view())
        except Exception as error:  # noqa: BLE001 - the page must always say what went wrong
            status.say(messages.STATE_FAILED.format(type(error).__name__), "error")
            set_flag("render-failed", type(error).__name__)

    def paint(self, view: dict) -> None:
        grid = view["grid"]
        if self.watch is not None:
            self.watch.mark(grid)
        entering = view["entering"]
        self.board.render(grid, entering["regions"] if entering["open"] else None)
        self.rules_bar.paint(entering)
        message = view["message"]
        if message != self.shown:
            self.shown = message
            status.say(*message)
        set_flag("screen", view["screen"])
        set_flag("won", "true" if view["won"] else "false")
        set_flag("phase", view["phase"])
        set_flag("solved", str(view["solved"]))
        set_flag("coach", str(view["coached"]))
        set_flag("solving", "true" if view["busy"] else "false")
        set_flag("notes", "true" if view["notes_mode"] else "false")
        page["notes"].setAttribute("aria-pressed", "true" if view["notes_mode"] else "false")
        page["marks"].setAttribute("aria-pressed", "true" if view["marks_on"] else "false")
        page["auto-check"].checked = view["auto_check"]
        page["new-logical"].checked = view["logical_only"]
        page["new-level"].value = view["new_level"]
        page["new-rules"].value = view["new_rules"]
        page["undo"].disabled = not view["can_undo"]
        page["redo"].disabled = not view["can_redo"]
        words = view["play_words"]
        page["play"].textContent = words[0]
        page["play"].setAttribute("aria-label", words[1])
        page["solve"].disabled = bool(view["busy"])
        page["cancel"].disabled = not view["busy"]
        page["size"].value = str(view["size"])
        self.paint_pad(view["remaining"])
        self.paint_top(view)
        self.home.paint(view)
        self.timer.paint(view)
        coach.paint(view)
        self.paint_lesson(view["lesson"])
        self.zoom.follow()
        if self.scan is not None:
            self.scan.follow(view)
        self.sync_address()
        self.background()

    def paint_pad(self, remaining: list) -> None:
        """Each key's count of its digit still to place (shown by the CSS, a finished digit
        dimmed), also in its accessible name."""
        symbols = self.ctl.session.puzzle.geometry.symbols
        for digit, key in enumerate(self.board.keys):
            left = str(remaining[digit]) if digit < len(remaining) else ""
            if key.getAttribute("data-remaining") != left:
                key.setAttribute("data-remaining", left)
                key.setAttribute("aria-label", symbols[digit] + ", " + left + " left")

    def paint_top(self, view: dict) -> None:
        """The top bar: the game's level, under it a variant's rules and the mistakes made
        while auto-check is on."""
        level = page["level"]
        level.textContent = view["level_words"]
        level.setAttribute("data-level", view["level"])
        page["level-rules"].textContent = view["rules_line"]
        mistakes = page["mistakes"]
        mistakes.hidden = not (view["auto_check"] and view["phase"] == "play")
        mistakes.textContent = "Mistakes: " + str(view["mistakes"])

    def background(self) -> None:
        """The quiet questions the controller wants answered (the givens' solution,
        pencil marks), and the badge's rating once typing pauses."""
        for request in self.ctl.background():
            if not self.runner.pending(request):
                self.runner.take(request)
        key = self.ctl.badge_key()  # the grid, or the rules chosen (a Killer, no cage yet)
        if key != self.rated_key:
            self.rated_key = key
            self.rate_edit += 1
            coach.stale_badge()
            asyncio.create_task(self.rate_later(self.rate_edit))

    async def rate_later(self, edit: int) -> None:
        await asyncio.sleep(coach.RATE_DELAY)
        if edit == self.rate_edit:
            request = self.ctl.rate()
            if request is None:
                self.render()
            else:
                self.runner.take(request)

    def sync_address(self) -> None:
        """The address bar names the puzzle being played (?p=), and a share link on show
        follows the grid."""
        location = window.location
        address = str(location.pathname) + address_query(self.ctl.session.now)
        if address != str(location.pathname) + str(location.search):
            window.history.replaceState(None, "", address)
        field = page["share-link"]
        if not field.hidden:
            field.value = self.share_link()

    def share_link(self) -> str:
        location = window.location
        return str(location.origin) + str(location.pathname) + share_query(self.ctl.session.now)

    def to_grid(self) -> None:
        """A new puzzle to play: back to the top of the page."""
        window.scrollTo(0, 0)

    # --- text and files ------------------------------------------------------------------

    def refused(self, length: int, what: str) -> bool:
        """Said and the grid kept when a text of `length` characters is too long to read."""
        if self.ctl.text_too_long(length, what):
            self.render()
            return True
        return False

    def open_file(self, name: str, text: str) -> None:
        """A puzzle file: several puzzles are listed to choose from, the first in the grid."""
        entries = self.ctl.open_file(name, text)
        if entries:
            options = []
            for number, entry in enumerate(entries, 1):
                option = web.option(value=str(number - 1))
                option.textContent = (str(number) + ". "
                                      + (entry.label or entry.puzzle.to_string()[:24]))
                options.append(option)
            page["puzzle-list"].replaceChildren()
            page["puzzle-list"].append(options)
            page["puzzle-list"].value = "0"
            page["puzzle-list-label"].hidden = len(entries) < 2
            self.to_grid()
        self.render()

    def open_entry(self, index: int) -> None:
        """Put puzzle `index` of the opened file into the grid (undoable)."""
        page["puzzle-list"].value = str(index)
        self.ctl.open_entry(index)
        self.to_grid()
        self.render()

    # --- the solver's state --------------------------------------------------------------

    def on_solver_state(self, state: str, detail: str) -> None:
        if state == "outdated":  # another tab took a new version: reload into it
            self.ctl.outdated()
            self.render()
            window.appUpdates.reloadForUpdate()
            return
        if state == "solve-ready":  # the MicroPython worker, started for a Solve or Watch
            mark("solve-ready")
            set_flag("solve-ready", "true")
            if not self.client.error:  # (after Pyodide failed, what failed stays said)
                self.set_engine_text(messages.SOLVE_READY)
            return
        set_flag("solver-state", state)
        set_flag("solver-ready", "true" if state == "ready" else "false")
        progress = page["progress"]
        if state in LOAD_STAGES:
            progress.value = LOAD_STAGES[state]
        progress.hidden = state in ("ready", "failed")  # (nothing loads once it failed)
        if state == "loading" and self.client.generation > 1:
            self.loading_since = window.performance.now()  # a restart, after Cancel
        if state == "failed" and self.ctl.framed:
            self.set_engine_text(messages.FRAMED_ENGINE)
            framed_note()
        elif state == "failed":
            self.set_engine_text("The solver could not start: " + detail)
        elif state == "ready":
            mark("solver-ready")
            set_flag("solve-ready", "true")
            self.set_engine_text("Solver ready: Python, running in your browser.")
            asyncio.create_task(register_service_worker())

    def set_engine_text(self, text: str) -> None:
        page["engine"].textContent = text

    async def tick_loading(self) -> None:
        """While the solver loads, say so with the seconds elapsed."""
        while True:
            if not self.client.ready and not self.client.error:
                seconds = int(window.performance.now() - self.loading_since) // 1000
                doing = messages.SOLVE_READY if self.client.can_solve \
                    else "Loading the solver (Python)"
                self.set_engine_text(doing + "\u2026 " + str(seconds) + " s")
            await asyncio.sleep(0.5)


async def register_service_worker() -> None:
    """Cache the app for offline use, once the solver has loaded (so nothing downloads twice);
    static/updates.js says when offline use failed and offers new versions."""
    if await window.appUpdates.register():
        set_flag("offline-ready", "true")
        mark("offline-ready")
        page["engine"].textContent = "Solver ready: Python, running in your browser, offline too."


app = App()
ctl = app.ctl


def cell_of(event):
    """The cell index an event happened in, or None."""
    return cell_of_id(str(event.target.id or ""))


def typed(g, key: str, code: str, shift: bool) -> tuple:
    """(digit or None, as a note) for a key press: Shift+digit is a note (the key is then
    '!' and the like, so the digit comes from the key's code)."""
    if shift and code[:5] in ("Digit", "Numpa") and code[-1:].isdigit():
        digit = digit_for_key(g, code[-1])
        return digit, True
    digit = digit_for_key(g, key)
    return digit, shift and digit is not None and len(key) == 1 and not key.isdigit()


def move(cell: int, rows: int, cols: int) -> None:
    """Arrow keys: up and down wrap within the column; left and right run on into the
    previous or next row, and round from the last cell to the first."""
    n = ctl.session.puzzle.size
    app.board.focus((cell + cols) % (n * n) if cols else (cell + rows * n) % (n * n))


def enter_digit(cell: int, digit: int, note: bool = False, advance: bool = False) -> None:
    ctl.select(cell)
    ctl.digit(digit, note, advance)
    app.render()
    if ctl.selected != cell:  # a given typed: on to the next empty cell, the grid's Tab stop
        app.board.rove(cell, ctl.selected)
        app.board.focus(ctl.selected)


@when("keydown", "#grid")
def on_key(event):
    cell = cell_of(event)
    key = str(event.key)
    if cell is None or key == "Tab" or event.altKey:
        return
    if event.ctrlKey or event.metaKey:
        return  # on_history_key, on the body, takes Ctrl+Z and the like
    if key in ARROWS:
        event.preventDefault()
        move(cell, *ARROWS[key])
        return
    if key == "Enter":
        event.preventDefault()
        if ctl.session.phase != "play":  # while playing, Enter never reveals the solution
            app.act(ctl.solve())
        return
    g = ctl.session.puzzle.geometry
    if key in ("n", "N") and "N" not in g.symbols:
        event.preventDefault()
        ctl.toggle_notes()
        app.render()
        return
    digit, note = typed(g, key, str(event.code), bool(event.shiftKey))
    if digit is not None:
        event.preventDefault()
        enter_digit(cell, digit, note, advance=True)
    elif len(key) == 1:
        event.preventDefault()
        ctl.say_now(repr(key) + " is not a digit here: use " + g.digit_range() + ".", "error")
        app.render()


@when("keydown", "body")
def on_history_key(event):
    # Anywhere on the page but in the text box, where the browser's own undo is wanted.
    if not (event.ctrlKey or event.metaKey) or event.altKey:
        return
    tag = str(event.target.tagName)
    if tag in ("TEXTAREA", "SELECT") or (tag == "INPUT" and cell_of(event) is None):
        return
    key = str(event.key)
    if key in ("z", "Z") and not event.shiftKey:
        event.preventDefault()
        app.guarded(ctl.undo)
    elif key in ("y", "Y", "z", "Z"):
        event.preventDefault()
        app.guarded(ctl.redo)


@when("input", "#grid")
def on_input(event):
    # Text that arrives without a key event (phone keyboards, autofill): the last symbol.
    cell = cell_of(event)
    if cell is None:
        return
    text = str(event.target.value)
    app.board.forget(cell)  # the browser changed the cell: redraw it whatever happens
    digit = digit_for_key(ctl.session.puzzle.geometry, text[-1:] if text else "Delete")
    if digit is None:
        app.render()  # puts back what the cell holds
    else:
        enter_digit(cell, digit)


@when("focusin", "#grid")
def on_focus(event):
    cell = cell_of(event)
    if cell is not None and cell != ctl.selected:
        app.board.rove(ctl.selected, cell)
        ctl.select(cell)
        app.render()  # the selection's row, column, box and digit light up


@when("paste", "#grid")
def on_paste(event):
    event.preventDefault()
    if app.refused(int(window.appText.pastedLength(event)), "the pasted text"):
        return
    text = str(event.clipboardData.getData("text"))
    cell = cell_of(event)
    digit = digit_for_key(ctl.session.puzzle.geometry, text.strip())
    if cell is not None and digit is not None and len(text.strip()) == 1:
        enter_digit(cell, digit)
    else:
        if ctl.open_text(text):
            app.to_grid()
        app.render()


@when("pointerdown", "#pad")
def keep_focus(event):
    event.preventDefault()  # the grid keeps the focus, so the cell stays selected


@when("click", "#erase")
def on_erase(event):
    ctl.erase()
    app.render()
    app.board.focus(ctl.selected)


@when("click", "#pad")
def on_pad(event):
    button = event.target.closest("button")
    if button:
        enter_digit(ctl.selected, int(button.getAttribute("data-digit")))
        app.board.focus(ctl.selected)


def new_game():
    level = str(page["new-level"].value)
    return ctl.new_game(level, bool(page["new-logical"].checked),
                        bool(page["new-symmetric"].checked),
                        rules=str(page["new-rules"].value))


def on_pause():
    if ctl.paused:
        ctl.resume()
        app.board.focus(ctl.selected)
    else:
        ctl.pause()


def on_logical():
    ctl.settings.set("logical_only", bool(page["new-logical"].checked))


def on_new_rules():
    ctl.choose_new_rules(str(page["new-rules"].value))


def on_new_level():
    ctl.choose_new_level(str(page["new-level"].value))


def on_auto_check():
    ctl.toggle_auto_check(bool(page["auto-check"].checked))


def on_show_timer():
    ctl.settings.set("timer", bool(page["show-timer"].checked))
    if not ctl.settings.get("timer"):
        ctl.resume()  # a hidden clock cannot be paused


# (element, what a click does): each a Controller action, its result run and the page drawn.
ACTIONS = (
    ("#solve", ctl.solve), ("#cancel", ctl.cancel), ("#undo", ctl.undo), ("#redo", ctl.redo),
    ("#clear", ctl.clear), ("#hint", ctl.hint), ("#step", ctl.step),
    ("#explain", ctl.explain), ("#marks", ctl.toggle_marks), ("#new-game", new_game),
    ("#go-home", ctl.go_home), ("#continue", ctl.continue_game), ("#menu-new", ctl.go_home),
    ("#play", ctl.play), ("#check", ctl.check), ("#notes", ctl.toggle_notes),
    ("#fill-notes", ctl.fill_notes), ("#pause", on_pause), ("#resume", ctl.resume),
)
CHANGES = (("#new-logical", on_logical), ("#new-level", on_new_level),
           ("#new-rules", on_new_rules),
           ("#auto-check", on_auto_check),
           ("#show-timer", on_show_timer))


def acting(action):
    """A click handler running `action` (a closure: pyscript's `when` cannot read a bound
    method's signature under MicroPython)."""
    def run(event):
        app.guarded(action)
    return run


for selector, action in ACTIONS:
    when("click", selector)(acting(action))
for selector, action in CHANGES:
    when("change", selector)(acting(action))


@when("change", "#size")
def on_size(event):
    ctl.resize(int(page["size"].value), lambda text: bool(window.confirm(text)))
    app.render()


@when("click", "#load")
def on_load(event):
    if app.refused(int(window.appText.valueLength("puzzle-text")), "the text box"):
        return
    if ctl.open_text(str(page["puzzle-text"].value)):
        app.to_grid()
        app.render()
        app.board.focus(0)
    else:
        app.render()


def file_name(file) -> str:
    """A file's name for a message: a dropped file's name can be millions of characters."""
    length = int(window.appText.nameLength(file))
    if length > NAME_MAX_CHARS:
        return "the file (its name is " + str(length) + " characters long)"
    return str(file.name)


async def open_first(files) -> None:
    """Open the first of the Files the user picked or dropped, if any."""
    if files.length:
        file = files.item(0)
        name = file_name(file)
        # bytes, before reading (UTF-8 takes at least a byte a character)
        if not app.refused(int(file.size), name + " (in bytes)"):
            app.open_file(name, str(await file.text()))


@when("change", "#puzzle-file, #home-file")
async def on_file(event):
    ctl.continue_game()
    await open_first(event.target.files)
    event.target.value = ""  # picking the same file again reads it again


@when("change", "#puzzle-list")
def on_pick(event):
    app.open_entry(int(page["puzzle-list"].value))


@when("dragover", "#grid")
def on_drag(event):
    event.preventDefault()  # lets the grid take a dropped file


@when("drop", "#grid")
async def on_drop(event):
    event.preventDefault()
    await open_first(event.dataTransfer.files)


@when("change", "#photo")
def on_photo(event):
    files = event.target.files
    if files.length:
        app.scanner().read(files.item(0))
    event.target.value = ""  # taking or picking the same photo again reads it again


@when("click", "#watch")
def on_watch(event):
    app.watcher().start()


@when("click", "#share")
async def on_share(event):
    link = app.share_link()
    field = page["share-link"]
    field.value = link
    field.hidden = False
    try:
        await window.navigator.clipboard.writeText(link)
        status.say("Link copied to the clipboard (also shown below the buttons).", "ok")
    except Exception:  # noqa: BLE001 - clipboard may be refused: the link is shown to copy
        status.say("Copy the link shown below the buttons.", "")
    field.select()


def start() -> None:
    """Start the page inside a guard: whatever the saves hold, it becomes ready and says
    what went wrong."""
    try:
        app.start()
    except Exception as error:  # noqa: BLE001 - the page must start whatever was stored
        ctl.message = (messages.STATE_FAILED.format(type(error).__name__), "error")
    ctl.save()
    storage_state()
    app.render()
    app.timer.wire()
    status.wire()
    app.zoom.wire()
    app.home.wire()
    app.rules_bar.wire()
    menu.wire()
    wire_tabs(app)
    app.client.start()
    asyncio.create_task(app.tick_loading())
    set_flag("ui-ready", "true")
    mark("ui-ready")


start()
__all__ = ["STORAGE_KEY", "app"]
