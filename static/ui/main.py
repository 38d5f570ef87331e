"""The page's UI (MicroPython, main thread): wires keys, taps, paste and the toolbar to the
session, the board and the solver worker, and sets the ready flags the tests wait for.

New toolbar actions (hint, step, explain...) are a button in index.html, a handler here
calling `self.client.call(<command>, request)`, that command declared in ui/protocol.py and
answered in static/worker.py.
"""

import asyncio

from pyscript import web, when, window
from pyscript.web import page

from solver.model.errors import PuzzleError
from solver.model.files import read_puzzles
from solver.model.geometry import geometry
from solver.model.puzzle import MAX_FILE_CHARS, MAX_PUZZLE_CHARS, Puzzle, check_length, read
from ui import menu, protocol, screen, status
from ui.board import Board
from ui.coach import Coach, wire
from ui.home import Home
from ui.home import wire as wire_home
from ui.player import PLAY_WORDS, Player
from ui.player import wire as wire_player
from ui.scan import Scan
from ui.scan import wire as wire_scan
from ui.session import (
    ENTER,
    PLAY,
    SAVE_MAX_CHARS,
    STORAGE_KEY,
    Moment,
    Session,
    address_query,
    conflict_report,
    differing_cells,
    digit_for_key,
    empty,
    from_storage,
    has_progress,
    link_from_query,
    outcome,
    own_digits,
    share_query,
    to_storage,
)
from ui.settings import SETTINGS_KEY, SETTINGS_MAX_CHARS, Settings
from ui.solver_client import SolverClient
from ui.tabs import wire as wire_tabs
from ui.timer import Timer
from ui.timer import wire as wire_timer
from ui.watch import Watch
from ui.watch import wire as wire_watch
from ui.zoom import Zoom
from ui.zoom import wire as wire_zoom

ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
LOAD_STAGES = {"loading": 2, "started": 3, "ready": 4}  # of the progress bar's 4 steps
STORAGE_FAILED = ("This browser does not let the page save (storage is blocked or full): "
                  "the grid works, but your work will not be kept after you leave.")
DAMAGED_SAVE = ("Your saved grid could not be read (damaged or too large), so it was not "
                "restored; it is kept aside in this browser's storage as \"" + STORAGE_KEY
                + ".damaged\".")
OTHER_TAB = ("Your other tab on this app changed the grid, so this one shows it too "
             "(Undo brings back the grid this tab had).")
SOLVE_READY = "Solve ready; hints, steps and ratings in a few seconds"
LISTED_MAX = 2000  # puzzles of a file offered in the list (a long file: its first ones)
ASK_REPLACE = ("This link opens another puzzle. Replace the game you have in progress "
               "(your digits and notes on it will be lost)?")
ASK_RESIZE = ("A {size}x{size} grid replaces the game on this one (Undo brings it back). "
              "Change the size?")
ASK_ENTER = ("Typing a new puzzle replaces the game in progress (Undo brings it back). "
             "Start an empty grid?")
ENTERING = ("Type the givens: tap a cell, then a digit (or paste a puzzle, or type it in the "
            "box below the grid). Then press Play in the menu.")


def set_flag(name: str, value: str) -> None:
    """A data-* flag on <body>: the page's state for CSS and for the browser tests."""
    page.body.setAttribute("data-" + name, value)


def mark(name: str) -> None:
    """A performance mark, read by benchmarks/page_load.py (e.g. 'solver-ready')."""
    window.performance.mark(name)


class App:
    """The one UI controller: owns the session, the board view and the solver client."""

    def __init__(self):
        self.board = Board()
        self.selected = 0
        self.solving = False
        self.pending_solve = False
        self.finished = 0  # solve attempts answered, as data-solved for the tests
        self.note = ("", "")  # (message, tone) shown when the grid has no conflicts
        self.entries = []  # the puzzles of the file opened last (solver.model.files.Entry)
        self.file_note = ""  # what the status says of that file
        self.loading_since = 0  # ms since navigation: the page's worker starts with it
        self.saved_moment = None  # the saved game's moment, as restore() found it
        self.linked = False  # a ?p= link opened (or offered) a puzzle
        self.is_won = False  # the puzzle on show is solved by the player
        self.mistakes = screen.Mistakes()
        self.session = self.restore()
        if self.session.now is not self.saved_moment:  # typed early, a link: kept at once
            self.save()
        self.settings = Settings(window.appStorage.get(SETTINGS_KEY, SETTINGS_MAX_CHARS),
                                 lambda text: window.appStorage.set(SETTINGS_KEY, text))
        self.timer = Timer(self)  # the time spent playing, shown if the settings say so
        self.home = Home(self)  # the home screen, each puzzle's level, the statistics
        self.zoom = Zoom(self)  # big grids on a phone: cells a finger can hit
        self.client = SolverClient(self.on_solver_state)
        self.coach = Coach(self)  # Hint, Step, Explain, pencil marks, difficulty, New puzzle
        self.scan = Scan(self)  # Scan a photo
        self.player = Player(self)  # Play, Check, own notes, the solved moment
        self.watch = Watch(self)  # Watch the search: backtracking shown over the grid
        # (solution on show, its cells that differ in another solution) after a Solve that
        # found several: shaded while that solution is on show (Undo hides it, Redo shows it)
        self.differs = (None, ())

    # --- state in and out -------------------------------------------------------------

    def restore(self) -> Session:
        """The saved session, plus anything typed before the UI loaded, plus a ?p= link."""
        session = from_storage(self.storage_get())
        if session is None and window.appStorage.has(STORAGE_KEY):
            kept = window.appStorage.keepAside(STORAGE_KEY)
            self.note = (DAMAGED_SAVE if kept else DAMAGED_SAVE.split(";")[0] + ".", "error")
        session = session or Session(Moment(empty(9)))
        self.saved_moment = session.now
        typed = self.board.typed_early()
        if typed:
            g = geometry(9)
            cells = [0] * g.cell_count
            for cell, text in typed:
                cells[cell] = digit_for_key(g, text) or 0
            session.load(Puzzle(g, cells), ENTER)
        try:
            # measured in JS first: a huge link never becomes a Python string
            check_length(int(window.appText.linkLength()), MAX_PUZZLE_CHARS, "the link")
            linked = link_from_query(str(window.location.search))
        except PuzzleError as error:
            self.note = ("The link's puzzle could not be read: " + error.message + ".", "error")
            linked = None
            window.history.replaceState(None, "", str(window.location.pathname))  # not again
        if linked is not None:
            self.linked = True
            self.open_link(session, *linked)
        return session

    def open_link(self, session: Session, givens: Puzzle, entries) -> None:
        """Play a linked puzzle. The same puzzle keeps the saved game (a reload, a bookmark);
        another one replaces a game in progress only if the player agrees."""
        now = session.now
        if now.givens() == givens and now.phase == PLAY:
            if entries is None or entries == own_digits(now):
                self.note = ("Welcome back: your game on this puzzle is as you left it.", "ok")
                return
        if has_progress(now) and not window.confirm(ASK_REPLACE):
            self.note = ("Your game is kept; the link's puzzle was not opened.", "")
            return
        session.load(givens, PLAY, entries)
        self.note = ("Opened the puzzle from the link. Undo brings back your last grid.", "ok")

    def storage_get(self):
        """The saved session's text, or None (static/storage.js never throws)."""
        text = window.appStorage.get(STORAGE_KEY, SAVE_MAX_CHARS)
        self.storage_state()
        return text

    def save(self) -> None:
        """Save the session; when storage refuses, the grid stays as shown and a note says
        that work will not be kept."""
        window.appStorage.set(STORAGE_KEY, to_storage(self.session))
        self.storage_state()

    def follow_other_tab(self) -> None:
        """Another tab saved the game (ui/tabs.py): show its grid here too, this tab's one
        Undo away, so two tabs never silently overwrite each other's work."""
        other = from_storage(self.storage_get())
        if other is not None and self.session.go(other.now):
            self.note = (OTHER_TAB, "ok")
            self.show()  # not saved again: the other tab's save is the current one

    def storage_state(self) -> None:
        """Show the storage note once storage has failed (blocked or full)."""
        note = page["storage-note"]
        if window.appStorage.failed and note.hidden:
            note.textContent = STORAGE_FAILED
            note.hidden = False

    # --- showing ----------------------------------------------------------------------

    def show(self) -> None:
        """Bring the board, the message and the buttons in line with the session."""
        puzzle = self.session.puzzle
        self.coach.refresh()
        bad, sentence = conflict_report(puzzle)
        self.draw(bad)
        solved = self.player.solved_note()
        if bad:
            self.say(self.scan.fix_note(puzzle) + "Conflict: " + sentence + ".", "error")
        else:
            self.say(*(solved or self.note))
        set_flag("won", "true" if solved else "false")
        self.is_won = bool(solved)
        self.timer.follow()
        self.zoom.follow()
        page["undo"].disabled = not self.session.can_undo()
        page["redo"].disabled = not self.session.can_redo()
        words = PLAY_WORDS[self.session.phase]
        page["play"].textContent = words[0]
        page["play"].setAttribute("aria-label", words[1])
        set_flag("phase", self.session.phase)
        page["solve"].disabled = self.solving
        page["cancel"].disabled = not self.solving
        page["size"].value = str(puzzle.size)
        self.show_level()
        self.sync_address()

    def won(self) -> bool:
        return self.is_won

    def show_level(self) -> None:
        """The top bar: the game's level, and the mistakes made while auto-check is on."""
        now = self.session.now
        level = self.home.level()
        shown = page["level"]
        shown.textContent = screen.level_words(now.phase == PLAY, level)
        shown.setAttribute("data-level", level)
        counted = page["mistakes"]
        checking = self.player.auto_check and now.phase == PLAY
        counted.hidden = not checking
        if checking:
            wrong = [(cell, now.puzzle.cells[cell]) for cell in self.player.wrong()]
            counted.textContent = screen.mistakes_words(
                self.mistakes.count(now.givens().to_string("0"), wrong))

    def draw(self, bad=None) -> None:
        """Paint the grid: the session's view with the coach's part (conflicts found here
        unless given)."""
        if bad is None:
            bad = conflict_report(self.session.puzzle)[0]
        self.player.learn()
        view = self.coach.view(bad, self.player.wrong())
        self.scan.mark(view, self.session.puzzle)
        shown, cells = self.differs
        if shown is not None and shown is self.session.solution:
            for cell in cells:
                view.cells[cell].hint = "differs"
        self.watch.mark(view)
        self.board.render(view)

    def say(self, message: str, tone: str = "") -> None:
        status.say(message, tone)  # three lines, the rest behind More

    def to_grid(self) -> None:
        """A new puzzle to play: back to the top of the page, the last one's Explain gone."""
        page["explain-panel"].hidden = True
        window.scrollTo(0, 0)

    def changed(self, note=("", "")) -> None:
        """After any edit: new note, save, redraw."""
        self.note = note
        self.save()
        self.show()

    def sync_address(self) -> None:
        """The address bar names the puzzle being played (?p=), and a share link on show
        follows the grid."""
        location = window.location
        address = str(location.pathname) + address_query(self.session.now)
        if address != str(location.pathname) + str(location.search):
            window.history.replaceState(None, "", address)
        field = page["share-link"]
        if not field.hidden:
            field.value = self.share_link()

    def share_link(self) -> str:
        location = window.location
        return str(location.origin) + str(location.pathname) + share_query(self.session.now)

    # --- editing ----------------------------------------------------------------------

    def set_cell(self, cell: int, digit: int) -> None:
        """One cell's digit (an edit hides a solution on show: Undo brings it back)."""
        if self.session.solution is not None:
            self.note = ("", "")
        if self.session.set_cell(cell, digit):
            self.changed()
        else:
            self.show()  # puts back what the cell holds if the browser changed it

    def enter(self, cell: int, digit: int, note: bool = False, advance: bool = False) -> None:
        """A digit for a cell from a key, the pad or a paste: a note in notes mode (or when
        `note`), else the cell's digit; while entering givens, `advance` moves on."""
        note = note or self.player.notes_mode
        done = self.player.enter(cell, digit, note)
        if done and advance and digit and not note and self.session.phase == ENTER:
            self.next_empty(cell)

    def move(self, cell: int, rows: int, cols: int) -> None:
        """Arrow keys: up and down wrap within the column; left and right run on into the
        previous or next row, and round from the last cell to the first."""
        n = self.session.puzzle.size
        if cols:
            self.board.focus((cell + cols) % (n * n))
        else:
            self.board.focus((cell + rows * n) % (n * n))

    def next_empty(self, cell: int) -> None:
        """After a given is typed: on to the next empty cell (reading order, wrapping)."""
        cells = self.session.puzzle.cells
        count = len(cells)
        for step in range(1, count):
            if not cells[(cell + step) % count]:
                self.board.focus((cell + step) % count)
                return

    def fill_from_text(self, text: str) -> bool:
        """Fill the grid from typed or pasted text; on error say why and keep the grid."""
        try:
            puzzle = read(text)
        except PuzzleError as error:
            self.note = ("Could not read the puzzle: " + error.message + ".", "error")
            self.show()
            return False
        self.session.load(puzzle, PLAY)
        self.to_grid()
        self.changed(("Puzzle filled in: " + str(puzzle.filled_count()) + " givens, ready to play. "
                      "Edit unlocks them.", "ok"))
        return True

    def refused(self, length: int, what: str) -> bool:
        """Say so and keep the grid when a text of `length` characters is too long to read
        (measured before it becomes a Python string)."""
        try:
            check_length(length, MAX_FILE_CHARS, what)
        except PuzzleError as error:
            self.note = ("Not read: " + error.message + ". Your grid is unchanged.", "error")
            self.show()
            return True
        return False

    def open_file(self, name: str, text: str) -> None:
        """Read a puzzle file: one puzzle goes into the grid; several are listed to choose
        from, the first put in the grid. On error say why and keep the grid."""
        try:
            entries = read_puzzles(text)
        except PuzzleError as error:
            self.note = ("Could not read " + name + ": " + error.message + ".", "error")
            self.show()
            return
        self.entries = entries[:LISTED_MAX]
        options = []
        for number, entry in enumerate(self.entries, 1):
            option = web.option(value=str(number - 1))
            option.textContent = str(number) + ". " + (entry.label or entry.puzzle.to_string()[:24])
            options.append(option)
        page["puzzle-list"].replaceChildren()
        page["puzzle-list"].append(options)
        page["puzzle-list-label"].hidden = len(entries) < 2
        if len(entries) < 2:
            self.file_note = name + ": "
        else:
            listed = ""
            if len(entries) > LISTED_MAX:
                listed = " (the first " + str(LISTED_MAX) + " listed)"
            self.file_note = name + " holds " + str(len(entries)) + " puzzles" + listed + ": "
        self.open_entry(0)

    def open_entry(self, index: int) -> None:
        """Put puzzle `index` of the opened file into the grid (undoable)."""
        entry = self.entries[index]
        puzzle = entry.puzzle
        page["puzzle-list"].value = str(index)
        self.session.load(puzzle, PLAY, notes=entry.candidates)
        marks = "" if entry.candidates is None else ", its pencil marks as your notes"
        self.changed((self.file_note + "puzzle " + str(index + 1) + " in the grid, "
                      + str(puzzle.filled_count()) + " givens" + marks + ".", "ok"))

    def enter_puzzle(self) -> None:
        """Type or paste: an empty grid of the size on show to type the givens into (a
        game in progress is replaced only if the player agrees; Undo brings it back)."""
        now = self.session.now
        self.home.go(screen.GAME)
        if now.phase == ENTER and not now.puzzle.filled_count():
            self.changed((ENTERING, ""))
        elif not has_progress(now) or window.confirm(ASK_ENTER):
            self.session.load(empty(now.puzzle.size), ENTER)
            self.selected = 0
            self.changed((ENTERING, ""))
        self.board.focus(self.selected)

    def undo(self) -> None:
        if self.session.undo():
            self.changed(("Undone. Redo brings it back.", ""))

    def redo(self) -> None:
        if self.session.redo():
            self.changed(("Redone.", ""))

    # --- solving ----------------------------------------------------------------------

    async def solve(self) -> None:
        if self.solving:  # Enter while a search runs: the button is disabled, the key is not
            self.say("Already solving: wait for the answer, or press Cancel to stop.", "")
            return
        puzzle = self.session.puzzle
        playing = self.session.phase == PLAY
        # playing: the givens' own solution, whatever the player's digits are
        asked = self.session.now.givens() if playing else puzzle
        bad, sentence = conflict_report(asked)
        if bad:
            self.say("Cannot solve: " + sentence + ". Change the highlighted cells.", "error")
            self.answered()
            return
        if self.client.error:
            self.say("The solver could not start, so nothing was solved: " + self.client.error
                     + ". Reload the page to try again; your grid is kept.", "error")
            self.answered()
            return
        if not self.client.can_solve:
            self.pending_solve = True
            self.say("The solver is still loading; it will solve as soon as it is ready.", "")
            return
        self.pending_solve = False
        self.solving = True
        self.note = ("Solving\u2026", "")
        self.show()
        set_flag("solving", "true")
        reply = await self.client.call(protocol.ANALYSE, protocol.puzzle_request(asked))
        if reply is None:
            return  # cancelled: cancel() has already updated the page
        self.solving = False
        set_flag("solving", "false")
        if self.session.puzzle is not puzzle:
            self.note = ("The grid changed while solving: press Solve again.", "")
        else:
            self.note = outcome(reply)
            if reply.get("solution"):  # one history entry: Undo hides the solution only
                solution = read(reply["solution"], puzzle.size)
                if playing:
                    self.note = self.player.solve_givens(asked, reply, solution)
                else:
                    self.session.show_solution(solution)
                self.save()
            self.differs = (self.session.solution, differing_cells(reply))
            if (reply.get("status") == protocol.NONE and not playing
                    and self.session.now.kinds.strip(".g")):
                self.note = ("No solution with your digits: at least one of them is wrong "
                             "(Check marks which; Undo takes them back).", "error")
        self.show()
        if reply.get("status") == protocol.INVALID and reply.get("cells"):
            self.draw(reply["cells"])
        self.answered()

    def answered(self) -> None:
        self.finished += 1
        set_flag("solved", str(self.finished))

    def cancel(self) -> None:
        if not self.solving:
            return
        self.solving = False
        set_flag("solving", "false")
        self.client.cancel()
        self.note = ("Cancelled. Your grid is unchanged; the solver is restarting.", "")
        self.show()

    def on_solver_state(self, state: str, detail: str) -> None:
        set_flag("solver-state", state)
        set_flag("solver-ready", "true" if state == "ready" else "false")
        progress = page["progress"]
        if state in LOAD_STAGES:
            progress.value = LOAD_STAGES[state]
        progress.hidden = state == "ready"
        if state == "loading" and self.client.generation > 1:
            self.loading_since = window.performance.now()  # a restart, after Cancel
        if state == "failed":
            self.set_engine_text("The solver could not start: " + detail)
            if self.pending_solve:
                self.pending_solve = False
                asyncio.create_task(self.solve())  # says why nothing was solved
            return
        if state == "solve-ready":  # the MicroPython worker: Solve works, the rest loads
            mark("solve-ready")
            set_flag("solve-ready", "true")
            self.set_engine_text(SOLVE_READY)
            if self.pending_solve:
                asyncio.create_task(self.solve())
            return
        if state == "ready":
            mark("solver-ready")
            set_flag("solve-ready", "true")
            self.set_engine_text("Solver ready: Python, running in your browser.")
            if self.pending_solve:
                asyncio.create_task(self.solve())
            asyncio.create_task(register_service_worker())

    def set_engine_text(self, text: str) -> None:
        page["engine"].textContent = text

    async def tick_loading(self) -> None:
        """While the solver loads, say so with the seconds elapsed."""
        while True:
            if not self.client.ready and not self.client.error:
                seconds = int(window.performance.now() - self.loading_since) // 1000
                doing = SOLVE_READY if self.client.can_solve else "Loading the solver (Python)"
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


def cell_of(event):
    """The cell index an event happened in, or None."""
    target_id = str(event.target.id or "")
    return int(target_id[1:]) if target_id.startswith("c") and target_id[1:].isdigit() else None


def typed(g, key: str, code: str, shift: bool) -> tuple:
    """(digit or None, as a note) for a key press: Shift+digit is a note (the key is then
    '!' and the like, so the digit comes from the key's code)."""
    if shift and code[:5] in ("Digit", "Numpa") and code[-1:].isdigit():
        digit = digit_for_key(g, code[-1])
        return digit, True
    digit = digit_for_key(g, key)
    return digit, shift and digit is not None and len(key) == 1 and not key.isdigit()


def history_key(event, key: str) -> None:
    """Ctrl+Z undoes; Ctrl+Y and Ctrl+Shift+Z redo."""
    if key in ("z", "Z") and not event.shiftKey:
        event.preventDefault()
        app.undo()
    elif key in ("y", "Y", "z", "Z"):
        event.preventDefault()
        app.redo()


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
        app.move(cell, *ARROWS[key])
        return
    if key == "Enter":
        event.preventDefault()
        asyncio.create_task(app.solve())
        return
    g = app.session.puzzle.geometry
    if key in ("n", "N") and "N" not in g.symbols:
        event.preventDefault()
        app.player.toggle_notes()
        return
    digit, note = typed(g, key, str(event.code), bool(event.shiftKey))
    if digit is not None:
        event.preventDefault()
        app.enter(cell, digit, note, advance=True)
    elif len(key) == 1:
        event.preventDefault()
        app.say(repr(key) + " is not a digit here: use " + g.digit_range() + ".", "error")


@when("keydown", "body")
def on_history_key(event):
    # Anywhere on the page but in the text box, where the browser's own undo is wanted.
    if not (event.ctrlKey or event.metaKey) or event.altKey:
        return
    tag = str(event.target.tagName)
    if tag in ("TEXTAREA", "SELECT") or (tag == "INPUT" and cell_of(event) is None):
        return
    history_key(event, str(event.key))


@when("input", "#grid")
def on_input(event):
    # Text that arrives without a key event (phone keyboards, autofill): the last symbol.
    cell = cell_of(event)
    if cell is None:
        return
    text = str(event.target.value)
    app.board.forget(cell)  # the browser changed the cell: redraw it whatever happens
    digit = digit_for_key(app.session.puzzle.geometry, text[-1:] if text else "Delete")
    if digit is None:
        app.show()  # puts back what the cell holds
    else:
        app.enter(cell, digit)


@when("focusin", "#grid")
def on_focus(event):
    cell = cell_of(event)
    if cell is not None and cell != app.selected:
        app.board.rove(app.selected, cell)
        app.selected = cell
        app.draw()  # the selection's row, column, box and digit light up


@when("paste", "#grid")
def on_paste(event):
    event.preventDefault()
    if not app.refused(int(window.appText.pastedLength(event)), "the pasted text"):
        paste(event, str(event.clipboardData.getData("text")))


def paste(event, text: str) -> None:
    cell = cell_of(event)
    digit = digit_for_key(app.session.puzzle.geometry, text.strip())
    if cell is not None and digit is not None and len(text.strip()) == 1:
        app.enter(cell, digit)
    else:
        app.fill_from_text(text)


@when("pointerdown", "#pad")
def keep_focus(event):
    event.preventDefault()  # the grid keeps the focus, so the cell stays selected


@when("click", "#pad")
def on_pad(event):
    button = event.target.closest("button")
    if button:
        app.enter(app.selected, int(button.getAttribute("data-digit")))
        app.board.focus(app.selected)


@when("click", "#solve")
async def on_solve(event):
    await app.solve()


@when("click", "#cancel")
def on_cancel(event):
    app.cancel()


@when("click", "#undo")
def on_undo(event):
    app.undo()


@when("click", "#redo")
def on_redo(event):
    app.redo()


@when("click", "#clear")
def on_clear(event):
    if app.session.clear():
        app.changed(("Cleared. Undo brings the grid back.", ""))


@when("click", "#erase")
def on_erase(event):
    app.enter(app.selected, 0)
    app.board.focus(app.selected)


@when("change", "#size")
def on_size(event):
    size = int(page["size"].value)
    now = app.session.now
    if (size != now.puzzle.size and now.puzzle.filled_count()
            and not window.confirm(ASK_RESIZE.replace("{size}", str(size)))):
        page["size"].value = str(now.puzzle.size)  # kept: the game stays as it is
        app.say("The size is unchanged: your game is kept.", "")
        return
    if app.session.resize(size):
        app.selected = 0
        app.changed((str(size) + "x" + str(size) + " grid: use " + geometry(size).digit_range()
                     + ".", ""))


@when("click", "#load")
def on_load(event):
    if app.refused(int(window.appText.valueLength("puzzle-text")), "the text box"):
        return
    if app.fill_from_text(str(page["puzzle-text"].value)):
        app.board.focus(0)


async def open_first(files) -> None:
    """Open the first of the Files the user picked or dropped, if any."""
    if files.length:
        file = files.item(0)
        name = str(file.name)
        # bytes, before reading (UTF-8 takes at least a byte a character)
        if not app.refused(int(file.size), name + " (in bytes)"):
            app.open_file(name, str(await file.text()))


@when("change", "#puzzle-file, #home-file")
async def on_file(event):
    app.home.go(screen.GAME)
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


@when("click", "#share")
async def on_share(event):
    link = app.share_link()
    field = page["share-link"]
    field.value = link
    field.hidden = False
    try:
        await window.navigator.clipboard.writeText(link)
        app.say("Link copied to the clipboard (also shown below the buttons).", "ok")
    except Exception:  # noqa: BLE001 - clipboard may be refused: the link is shown to copy
        app.say("Copy the link shown below the buttons.", "")
    field.select()


app.home.go(screen.first_screen(app.session.now, app.linked))
app.show()
wire(app.coach)
wire_home(app.home, app.coach)
menu.wire()
wire_scan(app.scan)
wire_player(app.player)
wire_watch(app.watch)
wire_timer(app.timer)
status.wire()
wire_zoom(app.zoom)
wire_tabs(app)
app.client.start()
asyncio.create_task(app.tick_loading())
set_flag("ui-ready", "true")
mark("ui-ready")
