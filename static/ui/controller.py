"""The UI's decisions, in one place and with no DOM: the Controller owns the game (the
session and its one history), the settings, the screen, the selection, notes mode, pause,
the coach's state (the hint and step on show, pencil marks, Explain's steps), the givens'
solution Check and Hint compare with, the message and the busy state.

Its actions are named for what a person does; each changes state and returns None or a
Request (ui/requests.py) for the solver worker, whose Runner hands the reply back through
`answered` / `failed` / `stale`. `view()` gives everything rendering needs as plain data.
The page's adapters (ui/main.py and friends) turn DOM events into these calls and render the
view; the tests (tests/ui/) run the same flows under CPython with a fake solver client.

Storage is a port: `store` has get(key, most), set(key, text), keep_aside(key), has(key),
`failed` (window.appStorage in the page, a dict in the tests).
"""

import protocol
from solver.model.candidates import candidates, without
from solver.model.errors import PuzzleError
from solver.model.files import read_puzzles
from solver.model.geometry import JIGSAW, geometry
from solver.model.puzzle import MAX_FILE_CHARS, Puzzle, check_length, read
from ui import daily
from ui import messages as say
from ui import screen as screens
from ui.entering import CLASSIC, NEW_GAME_RULES, Entering
from ui.requests import Request
from ui.session import (
    ENTER,
    PLAY,
    Moment,
    Session,
    conflict_report,
    empty,
    has_progress,
    is_variant,
    missed_notes,
    note_eliminations,
    own_digits,
    wrong_cells,
)
from ui.settings import SETTINGS_KEY, SETTINGS_MAX_CHARS, Settings
from ui.stats import DAMAGED, LEVELS, STATS_KEY, STATS_MAX_CHARS, record, stats_from, stats_text
from ui.storage import (
    DRAFT_KEY,
    DRAFT_MAX_CHARS,
    PAUSE_KEY,
    PAUSE_MAX_CHARS,
    SAVE_MAX_CHARS,
    STORAGE_KEY,
    draft_from,
    draft_text,
    paused_from,
    restore,
    to_storage,
)
from ui.view import APPLIED, FULL, NUDGE, grid_view, shown_marks, step_hints, step_links, step_marks

CLEAR_KEYS = ("0", ".", " ", "Backspace", "Delete")
GENERATE_MAX_SIZE = 16  # making a 25x25 takes minutes even unrated (CPython)
# The hardest level New game asks of a variant (docs/benchmarks.md, "Variants: New game's
# generator", 20 seeds in CPython): above it one takes too long to make for a phone (a
# Jigsaw Unfair 6 s median, where Hard is 0.4-0.5 s); a Killer Hard comes from the
# generator's bank made ahead of time (one takes ~40 s to make: "The Hard Killer bank").
# A harder choice gets this level; the message says which.
VARIANT_TOP_LEVEL = "Hard"
RATE_MAX_SIZE = 16  # a hard 25x25 can take minutes to rate: not while typing
LEARN_SECONDS = 3  # the background question for the givens' solution holds the worker no longer
# The #play button's text and accessible name in each phase.
PLAY_WORDS = {ENTER: ("Play", "Play this puzzle"), PLAY: ("Edit", "Edit the givens")}
SCREENS = ("home", "game", "lesson", "scan")  # "scan": the photo picked, its corners
LISTED_MAX = 2000  # puzzles of a file offered in the list (a long file: its first ones)


def digit_for_key(g, key: str):
    """The digit a key stands for on this board (0 for keys that empty a cell), else None."""
    if key in CLEAR_KEYS:
        return 0
    if len(key) == 1 and key.upper() in g.symbols:
        return g.symbols.index(key.upper()) + 1
    return None


class NoTimer:
    """The timer port when there is none (tests): the time spent is unknown."""

    def finish(self) -> str:
        return ""

    def seconds(self) -> int:
        return 0


class Controller:
    """The game and everything around it; see the module's docstring."""

    def __init__(self, store, timer=None):
        self.store = store
        self.timer = timer or NoTimer()
        self.settings = Settings(store.get(SETTINGS_KEY, SETTINGS_MAX_CHARS),
                                 lambda text: store.set(SETTINGS_KEY, text))
        self.message = ("", "")  # (text, tone) shown when the grid has no conflicts
        self.screen = "game"
        self.selected = 0
        self.busy = None  # the person's Request waiting or running, if any
        self.paused = False
        self.framed = False  # inside another site's frame, denied storage: Solve alone works
        self.mistakes = 0  # wrong digits entered while auto-check is on
        self.answers = {}  # givens as text -> their one solution (a Puzzle), None if not one
        self.too_long = set()  # givens whose bounded background search ran out of time
        self.marked = set()  # cells Check marked wrong, until they change
        self.pointed = -1  # the cell a refusal names, lit until the next change
        self.coached = None  # the grid the coach state below belongs to
        self.hinted = None  # (key, reply) of the last hint asked for
        self.shown_step = None  # the step dict on show, and how (NUDGE, FULL, APPLIED)
        self.stage = 0
        self.marks_on = False
        self.cands = None  # (key, candidate masks) from the worker
        self.lesson_on = None  # the Lesson (ui/lesson.py) of the last Explain, while open
        self.back_to = "game"  # the screen the photo panel goes back to
        self.rating = None  # (badge_key() rated, text, level) for the difficulty badge
        self.differs = (None, ())  # (solution on show, its cells another solution differs in)
        self.doubts = {}  # cell -> digit read from a photo with doubt, lit while it stays
        self.fix = ""  # "Likely fix: ..." for the grid as read from a photo
        self.read_cells = None  # that grid
        self.traced = None  # (grid, order, the worker's trace) for ui/watch.py to animate
        self.scanned = 0  # photos answered, as data-scanned for the tests
        self.scan_reply = None  # the worker's last reply to a photo (ui/scan.py shows it)
        self.corners_moved = False  # the photo's corners moved by hand since that reply
        self.photo_crop = None  # the photo read into the grid: its crop (scanning.crop_style)
        self.solved = 0  # Solve answers, as data-solved for the tests
        self.answered_count = 0  # coach answers, as data-coach for the tests
        self.damaged = ""  # why the save was refused at start or from another tab ('' if not)
        self.entries = []  # the puzzles of the file opened last (solver.model.files.Entry)
        self.file_note = ""  # what the status says of that file
        self.session = Session(Moment(empty(9)))
        self.entering = Entering()  # the rules being entered beyond the grid's (ui/entering.py)
        self.saved_now = None  # the moment last saved
        self.saved_draft = ""  # the unfinished jigsaw map last saved (DRAFT_KEY's text)
        self.loud = None  # the moment a say_now() message was said on
        self.load_saved()
        self.paused = self.is_paused(paused_from(store.get(PAUSE_KEY, PAUSE_MAX_CHARS)))
        # each puzzle's level (its givens rated, or asked of the generator), and the stats
        self.levels = screens.levels_from(store.get(screens.LEVEL_KEY, screens.LEVEL_MAX_CHARS))
        self.stats, ok = stats_from(store.get(STATS_KEY, STATS_MAX_CHARS))
        self.stats_note = "" if ok else DAMAGED
        if not ok:
            store.keep_aside(STATS_KEY)
        self.say_paused()

    def say_paused(self) -> None:
        """Reopened paused (also after a link's welcome): why the grid is blank comes first."""
        if self.paused and self.message[1] != "error":
            self.message = (say.PAUSED, "")

    def outdated(self) -> None:
        """Another tab took a new version and this one must start a worker: the page reloads
        into the new version (a worker started now would be built from the new version's
        files under this page's old code); the game is saved first, and that is said."""
        self.save()
        self.message = (say.RELOADING, "")

    def reloaded_for_update(self) -> None:
        """The load after outdated()'s reload: why the page reloaded by itself (unless
        something went wrong meanwhile, which comes first)."""
        if self.message[1] != "error":
            self.message = (say.RELOADED, "ok")

    # --- storage ---------------------------------------------------------------------------

    def load_saved(self) -> None:
        """The saved session, or an empty grid and a message when it cannot be read."""
        text = self.store.get(STORAGE_KEY, SAVE_MAX_CHARS)
        session, why = restore(text)
        if session is None and (why or self.store.has(STORAGE_KEY)):
            self.refuse(why or "damaged or too large")
        self.session = session or self.session
        self.saved_now = self.session.now
        if self.session.phase == ENTER:  # a jigsaw's map being painted, left unfinished
            g = self.session.puzzle.geometry
            self.entering.take_draft(draft_from(self.store.get(DRAFT_KEY, DRAFT_MAX_CHARS),
                                                g.size))
            self.saved_draft = draft_text(g.size, self.entering.draft)

    def refuse(self, why: str) -> None:
        """A save that cannot be read: kept aside, and said."""
        self.damaged = why
        kept = self.store.keep_aside(STORAGE_KEY)
        self.message = (say.damaged_save(STORAGE_KEY, why, kept), "error")

    def save(self) -> None:
        """Save the session if it changed since the last save."""
        if self.session.now is not self.saved_now:
            self.saved_now = self.session.now
            self.store.set(STORAGE_KEY, to_storage(self.session))
        draft = draft_text(self.session.puzzle.size, self.entering.draft) \
            if self.session.phase == ENTER else ""
        if draft != self.saved_draft:
            self.saved_draft = draft
            self.store.set(DRAFT_KEY, draft)

    def follow_other_tab(self) -> None:
        """Another tab saved the game: show its grid here too, this tab's one Undo away."""
        session, why = restore(self.store.get(STORAGE_KEY, SAVE_MAX_CHARS))
        if session is None:
            if why:
                self.refuse(why)
            return
        if self.session.go(session.now):
            self.saved_now = self.session.now  # the other tab's save is the current one
            self.message = (say.OTHER_TAB, "ok")

    def is_paused(self, givens: str) -> bool:
        now = self.session.now
        return bool(givens) and now.phase == PLAY and protocol.puzzle_text(now.givens()) == givens \
            and self.settings.get("timer")

    def follow_pause(self) -> None:
        """Another tab paused or resumed."""
        self.paused = self.is_paused(paused_from(self.store.get(PAUSE_KEY, PAUSE_MAX_CHARS)))

    def typed_early(self, typed) -> None:
        """(cell, text) typed into the 9x9 grid before the UI took over: givens."""
        if not typed:
            return
        g = geometry(9)
        cells = [0] * g.cell_count
        for cell, text in typed:
            cells[cell] = digit_for_key(g, text) or 0
        self.session.load(Puzzle(g, cells), ENTER)
        self.save()

    def open_link(self, search: str, confirm) -> bool:
        """Play the puzzle a ?p= link names. The same puzzle keeps the saved game (a reload,
        a bookmark); another replaces a game in progress only if `confirm(question)` agrees.
        False when the link could not be read (the address should then lose it)."""
        from ui.links import link_from_query

        try:
            linked = link_from_query(search)
        except PuzzleError as error:
            self.message = ("The link's puzzle could not be read: " + error.message + ".",
                            "error")
            return False
        if linked is None:
            return True
        givens, entries = linked
        now = self.session.now
        if now.givens() == givens and now.phase == PLAY:
            if entries is None or entries == own_digits(now):
                self.message = ("Welcome back: your game on this puzzle is as you left it.",
                                "ok")
                return True
        if has_progress(now) and not confirm(say.ASK_REPLACE):
            self.message = ("Your game is kept; the link's puzzle was not opened.", "")
            return True
        self.session.load(givens, PLAY, entries)
        self.new_grid()
        self.message = ("Opened the puzzle from the link. Undo brings back your last grid.",
                        "ok")
        self.save()
        return True

    # --- the state the worker needs ----------------------------------------------------------

    def eliminated(self) -> list:
        """(cell, digit) out of the candidates: by applied Steps, and by the player's notes."""
        now = self.session.now
        return sorted(set(now.eliminated) | set(note_eliminations(now)))

    def key(self) -> str:
        """The grid (a variant's rules too) and its eliminations as text: a reply belongs to
        the key it was asked for."""
        text = protocol.puzzle_text(self.session.puzzle)
        return text + "|" + ",".join(str(c) + ":" + str(d) for c, d in self.eliminated())

    def givens_text(self) -> str:
        """The givens as text, a variant's rules too: what answers and levels are kept by."""
        return protocol.puzzle_text(self.session.now.givens())

    def answer(self):
        """The one solution of the givens on the grid, or None (not known yet, or not one)."""
        return self.answers.get(self.givens_text())

    def knows_answer(self) -> bool:
        return self.session.phase != PLAY or self.givens_text() in self.answers

    def blocked(self) -> bool:
        """Pause blocks every action but resume (and going home): says so."""
        if self.paused:
            self.message = (say.PAUSED_BLOCKS, "")
            return True
        return False

    def ask(self, command: str, payload: dict, action: str, key: str = ""):
        """A Request for the person's action, or None (and why) if another one is under way."""
        if self.busy is not None and not self.busy.ended():
            self.message = (say.busy(say.button(self.busy.action)), "")
            return None
        self.busy = Request(command, payload, key=key, action=action)
        return self.busy

    # --- editing -----------------------------------------------------------------------------

    def select(self, cell: int) -> None:
        if 0 <= cell < len(self.session.puzzle.cells):
            self.selected = cell

    def digit(self, digit: int, note: bool = False, advance: bool = False) -> None:
        """A digit (0 erases) for the selected cell: a note in notes mode (or when `note`),
        else the cell's digit; while entering givens, `advance` moves on to the next empty.
        Not in the lesson, whose grid is a past position (Play from here plays on it)."""
        if self.screen == "lesson" or self.blocked():
            return
        if self.picking():
            self.say_now(say.tool_on_digit(self.entering.tool_name(self.session.puzzle.geometry)),
                         "warn")
            return
        session, cell = self.session, self.selected
        if session.locked(cell):
            g = session.puzzle.geometry
            self.message = ("The " + g.symbols[session.puzzle.cells[cell] - 1] + " in "
                            + g.cell_name(cell) + " is a given: givens are locked while you "
                            "play (Edit unlocks them).", "warn")
            return
        if note or self.settings.get("notes"):
            if session.puzzle.cells[cell]:
                self.message = (say.NOTES_IN_EMPTY, "warn")
            elif session.toggle_note(cell, digit):
                self.changed()
            return
        if session.solution is not None:
            self.message = ("", "")
        if session.set_cell(cell, digit):
            self.count_mistake(cell, digit)
            self.changed()
            if advance and digit and session.phase == ENTER:
                self.next_empty(cell)

    def erase(self) -> None:
        """Empty the selected cell (its digit, or its notes)."""
        if self.blocked():
            return
        cell = self.selected
        if self.session.puzzle.cells[cell] or self.session.locked(cell):
            self.digit(0)
        elif self.session.toggle_note(cell, 0):
            self.changed()

    def count_mistake(self, cell: int, digit: int) -> None:
        answer = self.answer()
        if (self.settings.get("auto_check") and digit and answer is not None
                and answer.cells[cell] != digit):
            self.mistakes += 1

    def next_empty(self, cell: int) -> None:
        """After a given is typed: on to the next empty cell (reading order, wrapping)."""
        cells = self.session.puzzle.cells
        count = len(cells)
        for step in range(1, count):
            if not cells[(cell + step) % count]:
                self.selected = (cell + step) % count
                return

    def changed(self, message=("", "")) -> None:
        """After an edit: the new message, the pointed cell forgotten, and saved."""
        self.message = message
        self.pointed = -1
        self.save()

    def say_now(self, message: str, tone: str) -> None:
        """A message answering what was just pressed, shown even over the conflicts line
        (until the next change)."""
        self.message = (message, tone)
        self.loud = self.session.now

    def new_grid(self) -> None:
        """A new puzzle is in: the last one's lesson, photo, pause and mistakes go."""
        self.lesson_on = None
        self.photo_crop = None
        self.entering = Entering()
        self.screen = "game"
        self.mistakes = 0
        self.set_paused(False)

    def toggle_notes(self) -> None:
        if not self.blocked():
            self.settings.set("notes", not self.settings.get("notes"))

    def toggle_marks(self) -> None:
        if not self.blocked():
            self.marks_on = not self.marks_on

    def undo(self) -> None:
        if not self.blocked() and self.session.undo():
            self.changed((say.UNDONE, ""))

    def redo(self) -> None:
        if not self.blocked() and self.session.redo():
            self.changed((say.REDONE, ""))

    def clear(self) -> None:
        if not self.blocked() and self.session.clear():
            self.selected = 0
            self.new_grid()
            self.changed((say.CLEARED, ""))

    def resize(self, size: int, confirm=None) -> None:
        """Another grid size: a game on the grid is dropped (undoably) only if
        `confirm(question)` agrees."""
        now = self.session.now
        if (size != now.puzzle.size and now.puzzle.filled_count() and confirm is not None
                and not confirm(say.ASK_RESIZE.replace("{size}", str(size)))):
            self.message = (say.SIZE_KEPT, "")
            return
        if not self.blocked() and self.session.resize(size):
            self.selected = 0
            self.new_grid()
            self.changed((str(size) + "x" + str(size) + " grid: use "
                          + geometry(size).digit_range() + ".", ""))

    def open_text(self, text: str) -> bool:
        """Fill the grid from typed or pasted text; on error say why and keep the grid."""
        if self.blocked():
            return False
        try:
            puzzle = read(text)
        except PuzzleError as error:
            self.message = ("Could not read the puzzle: " + error.message + ".", "error")
            return False
        self.session.load(puzzle, PLAY)
        self.new_grid()
        self.changed((say.filled_in(puzzle.geometry.rule_names(), puzzle.filled_count()), "ok"))
        return True

    def text_too_long(self, length: int, what: str) -> bool:
        """Whether a text of `length` characters (measured before it becomes a Python
        string) is too long to read: then said, and the grid kept."""
        try:
            check_length(length, MAX_FILE_CHARS, what)
        except PuzzleError as error:
            self.say_now("Not read: " + error.message + ". Your grid is unchanged.", "error")
            return True
        return False

    def open_file(self, name: str, text: str) -> list:
        """Read a puzzle file: its puzzles (the first LISTED_MAX) to choose from, the first
        put in the grid; [] (and why, the grid kept) when it cannot be read."""
        try:
            entries = read_puzzles(text)
        except PuzzleError as error:
            self.say_now("Could not read " + name + ": " + error.message + ".", "error")
            return []
        self.entries = entries[:LISTED_MAX]
        if len(entries) < 2:
            self.file_note = name + ": "
        else:
            listed = " (the first " + str(LISTED_MAX) + " listed)" \
                if len(entries) > LISTED_MAX else ""
            self.file_note = name + " holds " + str(len(entries)) + " puzzles" + listed + ": "
        self.open_entry(0)
        return self.entries

    def open_entry(self, index: int) -> None:
        """Puzzle `index` of the file opened last into the grid, its pencil marks as the
        player's notes."""
        if self.blocked() or not 0 <= index < len(self.entries):
            return
        entry = self.entries[index]
        label = self.file_note + "puzzle " + str(index + 1)
        puzzle = entry.puzzle
        self.session.load(puzzle, PLAY, notes=entry.candidates)
        self.new_grid()
        marks = "" if entry.candidates is None else ", its pencil marks as your notes"
        self.changed((label + " in the grid, " + str(puzzle.filled_count()) + " givens"
                      + marks + ".", "ok"))

    def fill_notes(self) -> None:
        """Every empty cell's notes become its candidates (less what Steps eliminated)."""
        if self.blocked():
            return
        now = self.session.now
        if conflict_report(now.puzzle)[0]:
            self.message = (say.FIX_CONFLICTS, "error")
            return
        if self.session.fill_notes(without(candidates(now.puzzle), now.eliminated)):
            self.changed((say.FILLED_NOTES, "ok"))

    def toggle_auto_check(self, on: bool) -> None:
        self.settings.set("auto_check", on)

    def go_home(self) -> None:
        self.screen = "home"

    def continue_game(self) -> None:
        self.screen = "game"

    def enter_puzzle(self, confirm) -> None:
        """Type or paste: an empty grid of the size on show to type the givens into; a
        game in progress is replaced (undoably) only if `confirm(question)` agrees."""
        self.screen = "game"
        now = self.session.now
        if self.blocked() or (now.phase == ENTER and not now.puzzle.filled_count()):
            self.message = (say.ENTERING, "")
        elif not has_progress(now) or confirm(say.ASK_ENTER):
            self.session.load(empty(now.puzzle.size), ENTER)
            self.selected = 0
            self.new_grid()
            self.changed((say.ENTERING, ""))

    def level(self) -> str:
        """The level known for the givens played ('' when none is)."""
        return screens.level_for(self.levels, self.givens_text())

    def level_said(self) -> str:
        """The level known for the givens played as the page says it ('' when none is): a
        floor's "or harder" too (messages.level_said)."""
        return say.level_said(*screens.known_level(self.levels, self.givens_text()))

    def know_level(self, puzzle, level: str, bound: bool = False) -> None:
        """A rating of `puzzle` (`bound`: its level a floor): kept as the game's level when
        it is the givens played, unless it is a floor and the level known is not."""
        now = self.session.now
        text = protocol.puzzle_text(puzzle)
        if now.phase != PLAY or level not in LEVELS or text != self.givens_text():
            return
        known = screens.known_level(self.levels, text)
        if (level, bound) != known and not (bound and known[0] and not known[1]):
            self.levels = screens.with_level(self.levels, text, level, bound)
            self.store.set(screens.LEVEL_KEY, screens.levels_text(self.levels))

    def won_in(self, ms: int, today: str) -> None:
        """The player solved the puzzle in `ms` on `today` (a day key): counted once in
        the statistics (the timer calls this at its solved moment), saved."""
        stored, ok = stats_from(self.store.get(STATS_KEY, STATS_MAX_CHARS))
        if ok:  # another tab may have counted a game meanwhile
            self.stats = stored
        self.stats = record(self.stats, self.level(), ms // 1000, today)
        self.store.set(STATS_KEY, stats_text(self.stats))

    # --- pause -------------------------------------------------------------------------------

    def can_pause(self) -> bool:
        return (self.session.phase == PLAY and self.session.solution is None
                and self.settings.get("timer") and not self.won())

    def pause(self) -> None:
        if self.can_pause():
            self.set_paused(True)
            self.message = (say.PAUSED, "")

    def resume(self) -> None:
        if self.paused:
            self.set_paused(False)
            self.message = ("", "")

    def set_paused(self, on: bool) -> None:
        """Pause or resume, remembered for a reload and the other tabs."""
        if on == self.paused:
            return
        self.paused = on
        self.store.set(PAUSE_KEY, self.givens_text() if on else "")

    # --- entering a variant's rules (ui/entering.py) ----------------------------------------

    def rules_open(self) -> bool:
        """Can the rules change: entering the givens on the game screen, not paused."""
        return self.session.phase == ENTER and self.screen == "game" and not self.blocked()

    def picking(self) -> bool:
        """Is the Cage or Region tool on: taps pick cells, none is selected (lit)?"""
        return self.session.phase == ENTER and self.screen == "game" \
            and self.entering.picking(self.session.puzzle.geometry)

    def choose_rules(self, base: str) -> None:
        """Classic, Killer or Jigsaw under the extra rules on: the digits kept (undoable)."""
        if self.rules_open():
            self.take_rules(self.entering.choose(self.session.puzzle.geometry, base))

    def toggle_rule(self, name: str) -> None:
        """An extra rule (X, Windoku, Anti-knight, Anti-king) on or off, the digits kept."""
        if self.rules_open():
            self.take_rules(self.entering.toggle(self.session.puzzle.geometry, name))

    def toggle_tool(self) -> None:
        """The Cage (or Region) tool on or off: taps on the grid pick cells, or select one."""
        if self.rules_open():
            self.entering.tool = not self.entering.tool
            self.message = (say.tool_words(self.entering.tool), "")

    def stroke(self, cell: int, first: bool) -> None:
        """A finger or the mouse on `cell` with the tool on: down (`first`), then moving on
        to other cells."""
        g = self.session.puzzle.geometry
        if not (0 <= cell < g.cell_count and self.picking() and self.rules_open()):
            return
        entering = self.entering
        self.pointed = -1  # a cell Play named is being seen to
        said = entering.start_stroke(g, cell) if first else entering.over(g, cell)
        if said[0]:
            self.message = said

    def end_stroke(self) -> None:
        """The stroke ended: a jigsaw's regions go in the grid's rules once they are whole."""
        if self.rules_open() and self.entering.stroke is not None \
                and self.entering.base(self.session.puzzle.geometry) == JIGSAW:
            self.session.set_rules(self.entering.painted(self.session.puzzle.geometry))
            self.save()
        self.entering.stroke = None

    def add_cage(self, text: str) -> None:
        """The cells picked become a cage of the sum typed (`text`); why not, said."""
        if self.rules_open():
            self.take_rules(self.entering.add_cage(self.session.puzzle.geometry, text))

    def delete_cage(self) -> None:
        """The cage picked to edit goes (undoable)."""
        if self.rules_open():
            self.take_rules(self.entering.delete_cage(self.session.puzzle.geometry))

    def take_rules(self, made) -> None:
        """(a geometry or None, the message) from ui/entering.py: the grid under the new
        rules (undoable), said; or, with None, why not said and nothing changed."""
        g, said = made
        if g is None:
            self.say_now(said, "error")
        else:
            self.session.set_rules(g)
            self.changed((said, "ok"))

    def drop_picked(self) -> None:
        """Let go of the cells picked for a cage."""
        if self.rules_open():
            self.message = (self.entering.drop_picked(), "")

    # --- the phases and Check ------------------------------------------------------------------

    def play(self):
        """Entering: check the givens have one solution, then play them. Playing: back to
        entering the givens (undoable)."""
        if self.blocked():
            return None
        session = self.session
        if session.phase == PLAY:
            session.set_phase(ENTER)
            self.changed(("Entering givens: digits you type are givens now. Press Play when "
                          "the puzzle is in.", ""))
            return None
        givens = session.now.givens()
        unready, cells = self.entering.unready(givens.geometry)
        if unready:
            self.coach_said("Cannot play yet: " + unready, "error")
            self.pointed = cells[0] if cells else -1
            return None
        bad, sentence = conflict_report(givens)
        if (not givens.filled_count() and not givens.geometry.cages) or bad:
            self.coach_said("Cannot play yet: " + (sentence if bad else "the grid is empty")
                            + ".", "error")
            return None
        return self.ask(protocol.ANALYSE, protocol.puzzle_request(givens), "play",
                        key=self.key())

    def check(self):
        """Mark every wrong entry and say how many there are (the givens' solution first)."""
        if self.blocked():
            return None
        if not self.knows_answer():
            return self.learn_first("check")
        answer = self.answer()
        if answer is None:
            why = ("the givens do not have exactly one solution." if self.session.phase == PLAY
                   else "press Play first, so the puzzle is checked for one solution.")
            self.coach_said("Nothing to check against: " + why, "")
            return None
        wrong = wrong_cells(self.session.now, answer)
        self.marked = set(wrong)
        left = self.session.puzzle.cells.count(0)
        if wrong:
            self.coach_said(say.plural(len(wrong), "wrong digit") + " marked in red: change "
                            "or erase " + ("it." if len(wrong) == 1 else "them."), "error")
        else:
            self.coach_said("No mistakes so far; " + say.plural(left, "cell") + " to go.", "ok")
        return None

    def learn_first(self, action: str):
        """The givens' solution, asked for before `action` (check, hint, step) goes on."""
        givens = self.session.now.givens()
        return self.ask(protocol.ANALYSE, protocol.puzzle_request(givens), "learn-" + action)

    def learn(self):
        """While playing, a background Request for the givens' solution (None if known)."""
        text = self.givens_text()
        if self.session.phase != PLAY or text in self.answers or text in self.too_long:
            return None
        payload = dict(protocol.puzzle_request(self.session.now.givens()),
                       timeout=LEARN_SECONDS)
        return Request(protocol.ANALYSE, payload, key="", quiet=True, action="learn:" + text)

    def keep_answer(self, givens_text: str, size: int, reply: dict) -> None:
        """Remember the solution of the givens from an ANALYSE reply (None if not one)."""
        unique = reply.get("status") == protocol.UNIQUE and reply.get("solution")
        self.answers[givens_text] = read(reply["solution"], size) if unique else None

    def wrong(self) -> list:
        """The cells shown as wrong: all of them with auto-check, else those Check marked
        that still hold the same wrong digit."""
        wrong = wrong_cells(self.session.now, self.answer())
        if self.settings.get("auto_check"):
            return wrong
        self.marked = self.marked & set(wrong)
        return sorted(self.marked)

    def won(self) -> bool:
        """The last right digit is in while playing, by the player (not by Solve)."""
        now = self.session.now
        answer = self.answer()
        return (now.phase == PLAY and now.solution is None and answer is not None
                and now.puzzle.cells == answer.cells and not self.solved_by_solve())

    def solved_by_solve(self) -> bool:
        """Whether the grid's digits came from a Solve (shown, then Undo and Redo past it):
        no moment of the history before now showed a solution of this very grid."""
        cells = self.session.puzzle.cells
        return any(m.solution is not None and m.solution.cells == cells
                   for m in self.session.history + self.session.future)

    # --- Solve -------------------------------------------------------------------------------

    def solve(self):
        """Solve the grid (while playing: the givens, whatever the player's digits are)."""
        if self.blocked():
            return None
        playing = self.session.phase == PLAY
        asked = self.session.now.givens() if playing else self.session.puzzle
        bad, sentence = conflict_report(asked)
        if bad:
            self.say_now("Cannot solve: " + sentence + ". Change the highlighted cells.",
                         "error")
            self.solved += 1
            return None
        return self.ask(protocol.ANALYSE, protocol.puzzle_request(asked), "solve",
                        key=self.key())

    def solve_answered(self, reply: dict) -> None:
        session = self.session
        playing = session.phase == PLAY
        self.message = say.outcome(reply)
        if reply.get("solution"):  # one history entry: Undo hides the solution only
            solution = read(reply["solution"], session.puzzle.size)
            if playing:
                self.message = self.solve_givens(reply, solution)
            else:
                session.show_solution(solution)
            self.save()
        self.differs = (session.solution, protocol.differing_cells(reply))
        if (reply.get("status") == protocol.NONE and not playing
                and session.now.kinds.strip(".g")):
            self.message = ("No solution with your digits: at least one of them is wrong "
                            "(Check marks which; Undo takes them back).", "error")

    def solve_givens(self, reply: dict, solution) -> tuple:
        """Solve while playing: the solution in place of the player's wrong digits (Undo
        brings the game back); (message, tone) naming how many were wrong and where."""
        session = self.session
        givens = self.givens_text()
        own = own_digits(session.now).filled_count()
        wrong = session.solve_givens(solution)
        self.keep_answer(givens, solution.size, reply)
        message, tone = say.outcome(reply)
        if not own:
            return message, tone
        if not wrong:
            return (message + " All " + say.plural(own, "digit") + " of yours were right; "
                    "Undo brings your game back.", tone)
        g = solution.geometry
        named = "; ".join(g.cell_name(cell) for cell in wrong[:3])
        if len(wrong) > 3:
            named += "; and " + str(len(wrong) - 3) + " more"
        counted = str(len(wrong)) + " of your " + say.plural(own, "digit")
        if reply.get("status") == protocol.MULTIPLE:  # not wrong: another solution may hold it
            return (message + " " + counted + (" differs" if len(wrong) == 1 else " differ")
                    + " from the solution shown (" + named + "); this puzzle has more than "
                    "one, so yours may fit another. Undo brings your game back.", "warn")
        return (message + " " + counted + (" was" if len(wrong) == 1 else " were") + " wrong ("
                + named + "): the solution's digits are shown there. Undo brings your game "
                "back.", "warn")

    # --- Hint, Step, Explain ---------------------------------------------------------------------

    def hint(self):
        """First press: the technique and where to look; second press: the whole step;
        third press: the step applied, as Step does (on a phone Step is in the menu, Hint
        is at hand). A solved grid, a wrong digit or a wrong note is named instead."""
        first = self.coach_first("hint")
        if first is not True:
            return first
        reply = self.hint_reply()
        if reply is not None and self.stage == NUDGE:
            step = reply["step"]
            self.show_step(step, FULL)
            self.coach_said(say.step_told(step) + " Press Hint again to apply it.", "ok")
            return None
        if reply is not None and self.stage == FULL:
            self.step_answered(reply)
            return None
        return self.ask_hint("hint")

    def step(self):
        """Apply the next step: the hint on show, or a fresh one (not over a solution on
        show, a wrong digit or a wrong note: those are named)."""
        first = self.coach_first("step")
        if first is not True:
            return first
        reply = self.hint_reply()
        if reply is not None:
            self.step_answered(reply)
            return None
        return self.ask_hint("step")

    def coach_first(self, action: str):
        """What comes before Hint or Step looks for a technique: True to go on, else what
        the action returns (None, said why; or the Request for the givens' solution)."""
        if self.blocked() or self.empty_grid():
            return None
        if not self.knows_answer():
            return self.learn_first(action)
        return None if self.refused(say.button(action)) else True

    def empty_grid(self) -> bool:
        """Whether the grid gives nothing to reason from (no givens, and no Killer's cages,
        whose sums alone can make a puzzle): said if so, for Hint, Step and Explain."""
        puzzle = self.session.puzzle
        if puzzle.filled_count() or puzzle.geometry.cages:
            return False
        self.coach_said(say.EMPTY_GRID, "warn")
        return True

    def ask_hint(self, action: str):
        return self.ask(protocol.HINT, protocol.puzzle_request(self.session.puzzle,
                                                              self.eliminated()), action,
                        self.key())

    def hint_reply(self):
        """The hint reply kept for the grid on screen, or None."""
        return self.hinted[1] if self.hinted and self.hinted[0] == self.key() else None

    def refused(self, action: str) -> bool:
        """Whether Hint or Step should not look for a technique (and says why, the cell
        lit): a solution on show, a wrong digit on the grid, a note leaving out the digit."""
        now = self.session.now
        g = now.puzzle.geometry
        if now.solution is not None:
            self.coach_said("The puzzle is solved: its solution is on show. Undo hides it and "
                            "goes back to your grid, then " + action + " goes on from there.",
                            "ok")
            return True
        answer = self.answer()
        wrong = wrong_cells(now, answer)
        if wrong:
            digit = g.symbols[now.puzzle.cells[wrong[0]] - 1]
            self.point(wrong[0], "The " + digit + " in " + g.cell_name(wrong[0]) + " is wrong: "
                       "change it first (Check marks every wrong digit).")
            return True
        missed = missed_notes(now, answer)
        if missed:
            self.point(missed[0], "Your notes in " + g.cell_name(missed[0]) + " leave out the "
                       "digit that goes there: add it back (or erase that cell's notes) first.")
            return True
        return False

    def point(self, cell: int, message: str) -> None:
        """A refusal about one cell: said, and the cell lit (until the next change)."""
        self.pointed = cell
        self.coach_said(message, "error")

    def hint_answered(self, request: Request, reply: dict) -> None:
        self.hinted = (request.key, reply)
        if "candidates" in reply:
            self.cands = (request.key, reply["candidates"])
        if request.action == "step":
            self.step_answered(reply)
            return
        if reply.get("status") != protocol.STEP:
            self.coach_said(*say.trouble(reply, "hint"))
            return
        step = reply["step"]
        self.show_step(step, NUDGE)
        extra = "" if reply.get("unique") else " (More than one solution fits, so techniques " \
            "that assume one are left out.)"
        self.coach_said(step["nudge"] + extra + " Press Hint again for the step.", "ok")

    def step_answered(self, reply: dict) -> None:
        if reply.get("status") != protocol.STEP:
            self.coach_said(*say.trouble(reply, "step"))
            return
        step = reply["step"]
        self.session.place(step["placements"], step["eliminations"])
        self.coached = self.session.puzzle  # not a change by hand: keep the step on show
        self.hinted = None
        self.show_step(step, APPLIED)
        self.save()
        self.coach_said(step["technique"] + ": " + say.step_told(step), "ok")

    def explain(self):
        """Every step from the grid on screen to the solution (the lesson)."""
        if self.blocked() or self.empty_grid():
            return None
        return self.ask(protocol.EXPLAIN, protocol.puzzle_request(self.session.puzzle),
                        "explain", self.key())

    def explain_answered(self, reply: dict) -> None:
        """Explain's steps as a lesson (ui/lesson.py), on its own screen."""
        if reply.get("status") != protocol.EXPLAINED:
            self.coach_said(*say.trouble(reply, "explain"))
            return
        steps = reply["steps"]
        if not steps:
            self.coach_said("Nothing to explain: no step is left before the solution.", "ok")
            return
        from ui.lesson import Lesson  # on first use, as the page's lesson screen

        self.lesson_on = Lesson(self.session.now, steps)
        self.screen = "lesson"
        summary = "Lesson: " + str(len(steps)) + " steps from this grid to the solution."
        if reply.get("rating"):
            summary += " Difficulty: " + say.rating_words(reply["rating"]) + "."
        self.coach_said(summary, "ok")

    def lesson_go(self, index: int) -> None:
        """Show step `index` (0-based) of the lesson, on the grid as it was before it."""
        if self.lesson_on is not None and not self.blocked():
            self.lesson_on.go(index)

    def lesson_chain(self, k: int) -> None:
        """Show the step's shorter chain `k` (0-based) in place of its sentence, or the
        sentence again when that chain is on show."""
        if self.lesson_on is not None and not self.blocked():
            self.lesson_on.open_chain(k)

    def play_from(self, index=None) -> None:
        """Play on from the position before step `index` (the one on show by default): one
        history entry, so Undo goes back to the grid the lesson started from."""
        lesson = self.lesson_on
        if lesson is None or self.blocked():
            return
        index = lesson.index if index is None else lesson.go(index)
        self.session.go(lesson.play_moment(index))
        self.close_lesson()
        self.changed(("Playing from step " + str(index + 1) + " of the lesson. Undo goes "
                      "back to your grid.", "ok"))

    def close_lesson(self) -> None:
        """Back to the game from the lesson, the game as it was."""
        self.lesson_on = None
        if self.screen == "lesson":
            self.screen = "game"

    def show_step(self, step, stage: int) -> None:
        self.shown_step = step
        self.stage = stage

    def coach_said(self, message: str, tone: str = "") -> None:
        """Say how a coach action ended (counted, as data-coach for the tests)."""
        self.message = (message, tone)
        self.answered_count += 1

    # --- New game ------------------------------------------------------------------------------

    def daily(self, year: int, month: int, day: int):
        """The day's puzzle: made from the date alone, the same for everyone (9x9)."""
        if self.session.puzzle.size != 9 and not self.blocked():
            self.session.resize(9)
        return self.new_game(daily.level(year, month, day), False, True,
                             daily.seed(year, month, day),
                             "Daily puzzle, " + daily.title(year, month, day))

    def new_game(self, level: str, logical: bool, symmetric: bool = True, seed=None,
                 title: str = "", rules: str = CLASSIC):
        """A generated puzzle of `level` for the current size; `seed` makes it the same
        puzzle every time (the daily puzzle, named by `title`). `rules`, one of
        NEW_GAME_RULES (another word: classic), makes a variant instead, always a 9x9
        (Windoku's windows are a 9x9 rule; the entering screen's variants are 9x9 too)."""
        self.screen = "game"
        if self.blocked():
            return None
        if rules not in NEW_GAME_RULES:
            rules = CLASSIC
        if seed is None:  # the daily puzzle leaves the player's own choice alone
            self.choose_new_rules(rules)
            self.choose_new_level(level)
        asked = level
        if rules != CLASSIC:
            if self.session.puzzle.size != 9:
                self.session.resize(9)
            if level in LEVELS and LEVELS.index(level) > LEVELS.index(VARIANT_TOP_LEVEL):
                level = VARIANT_TOP_LEVEL
        size = self.session.puzzle.size
        if size > GENERATE_MAX_SIZE:
            self.coach_said("New puzzles go up to " + str(GENERATE_MAX_SIZE) + "x"
                            + str(GENERATE_MAX_SIZE) + ": making a " + str(size) + "x"
                            + str(size) + " takes minutes. Pick a smaller size first.", "warn")
            return None
        if seed is None:  # the daily puzzle leaves the player's own setting alone
            self.settings.set("logical_only", logical)
        request = self.ask(protocol.GENERATE, protocol.generate_request(
            size, level, symmetric, logical, seed, () if rules == CLASSIC else (rules,)), "new")
        if request is not None:
            request.level = level
            request.title = title or ("" if rules == CLASSIC
                                      else "New " + say.rules_words((rules,)))
            request.asked = asked  # above a variant's top level: the message says so
        return request

    def choose_new_rules(self, rules: str) -> None:
        """New game's choice of rules changed (kept, as the level's Logic only is, for the
        next visit; a word not in NEW_GAME_RULES keeps the classic rules)."""
        self.settings.set("new_rules", rules if rules in NEW_GAME_RULES else CLASSIC)

    def choose_new_level(self, level: str) -> None:
        """New game's level changed (kept, as its rules are, for the next visit; a word not
        in LEVELS keeps the one chosen before)."""
        if level in LEVELS:
            self.settings.set("new_level", level)

    def new_answered(self, request: Request, reply: dict) -> None:
        if reply.get("status") != protocol.GENERATED:
            self.coach_said(*say.trouble(reply, "make a puzzle"))
            return
        size = request.payload["size"]
        puzzle = read(reply["puzzle"], size)
        self.session.load(puzzle, PLAY)
        self.new_grid()
        self.save()
        rating = reply.get("rating")
        if rating:
            self.follow_grid()
            self.rating = (self.badge_key(), "Difficulty: " + say.rating_words(rating),
                           rating["level"])
            self.know_level(puzzle, rating["level"], bool(rating.get("bound")))
        words = screens.new_puzzle_words(
            getattr(request, "title", ""), puzzle.filled_count(), request.level,
            rating["level"] if rating else "", bool(reply.get("matched")),
            bool(request.payload.get("logical_only")))
        asked = getattr(request, "asked", request.level)
        if asked != request.level:
            words += " " + say.variant_top_level(
                request.payload["rules"][0], asked, request.level,
                rating["level"] if rating and reply.get("matched") else "")
        self.coach_said(words, "ok")

    # --- background: the badge's rating, pencil marks --------------------------------------------

    def badge_key(self) -> tuple:
        """What the badge's rating is of, compared with ==: (the grid on show, the base
        rules chosen while entering whose cages or regions are not in yet, else ''). A
        Killer or Jigsaw just chosen leaves the grid as it was (still classic rules), yet
        the badge must change with it, and back."""
        puzzle = self.session.puzzle
        base = self.entering.base(puzzle.geometry)
        waiting = self.session.phase == ENTER and base in say.NOT_RATED_UNTIL \
            and base not in puzzle.geometry.rule_names()
        return (puzzle, base if waiting else "")

    def rate(self):
        """A background Request rating the grid on screen for the badge (None if there is
        nothing to rate); the badge is cleared for a grid that cannot be rated, and says so
        for one whose Killer or Jigsaw rules are still being entered. A variant is rated as a
        classic grid is (the worker's rate reads its rules)."""
        key = self.badge_key()
        if self.rating is not None and self.rating[0] == key:
            return None
        puzzle, waiting = key
        if waiting:
            self.rating = (key, say.NOT_RATED_UNTIL[waiting], "none")
            return None
        if (puzzle.size > RATE_MAX_SIZE or not (puzzle.filled_count() or puzzle.geometry.cages)
                or conflict_report(puzzle)[0]):  # a Killer's cages alone may make a puzzle
            self.rating = (key, "", "")
            return None
        request = Request(protocol.RATE, protocol.puzzle_request(puzzle), key=self.key(),
                          quiet=True)
        request.badge = key
        return request

    def rate_answered(self, request: Request, reply: dict) -> None:
        """The badge's rating, unless the rules chosen changed meanwhile (the grid did not:
        the Runner drops a reply to another grid)."""
        key = self.badge_key()
        if getattr(request, "badge", key) != key:
            return
        status = reply.get("status")
        if status == protocol.RATED:
            self.rating = (key, "Difficulty: " + say.rating_words(reply), reply["level"])
            self.know_level(key[0], reply["level"], bool(reply.get("bound")))
        elif status == protocol.MULTIPLE:
            self.rating = (key, "Not rated: more than one solution fits.", "none")
        elif status == protocol.NONE:
            self.rating = (key, "Not rated: the grid has no solution.", "none")
        else:
            self.rating = (key, "", "")

    def marks_request(self):
        """A background Request for the candidates when pencil marks are on and unknown."""
        if not self.marks_on or self.candidates() is not None:
            return None
        return Request(protocol.CANDIDATES, protocol.puzzle_request(
            self.session.puzzle, self.eliminated()), key=self.key(), quiet=True)

    def candidates(self):
        """The candidate masks of the grid on screen, or None when not (yet) known."""
        return self.cands[1] if self.cands and self.cands[0] == self.key() else None

    def background(self) -> list:
        """What the page should ask the worker quietly now (the givens' solution, marks)."""
        return [r for r in (self.learn(), self.marks_request()) if r is not None]

    # --- watch the search -------------------------------------------------------------------

    def watch(self, order: str):
        """Trace the backtracking search of the grid on screen in `order` (ui/watch.py
        animates the trace: `self.traced`)."""
        if self.blocked():
            return None
        puzzle = self.session.puzzle
        bad, sentence = conflict_report(puzzle)
        if bad:
            self.coach_said("Cannot watch the search: " + sentence + ".", "error")
            return None
        if all(puzzle.cells):
            self.coach_said("The grid is full: there is nothing left to search.", "ok")
            return None
        self.traced = None
        return self.ask(protocol.WATCH, protocol.watch_request(puzzle, order), "watch",
                        self.key())

    def watch_answered(self, request: Request, reply: dict) -> None:
        if reply.get("status") not in (protocol.SOLVED, protocol.NONE, protocol.STOPPED):
            self.coach_said(*say.trouble(reply, "watch"))
            return
        self.traced = (self.session.puzzle, request.payload["order"], reply)

    # --- scan --------------------------------------------------------------------------------

    def scan(self, url: str, corners=None):
        """Read the photo at `url` (a blob: URL) in the worker, or (`corners`: JSON text of
        four [x, y] shares) the last photo again inside those corners; queued while the
        solver loads. A new photo opens the photo panel (screen "scan")."""
        if self.blocked():
            return None
        request = self.ask(protocol.SCAN, {}, "scan")
        if request is None:
            return None
        if corners is None:
            request.export, request.args = "scan_photo", (url,)
            if self.screen != "scan":
                self.back_to = self.screen
            self.screen = "scan"
            self.scan_reply = None
        else:
            request.export, request.args = "rescan_photo", (corners,)
        return request

    def scan_answered(self, reply: dict) -> None:
        """A reading of the photo: shown on the photo panel to confirm or adjust; a file
        that is no photo goes back with the reason."""
        from ui import scanning  # on first use, as the page's photo panel (ui/scan.py)

        self.scanned += 1
        self.scan_reply = reply
        self.corners_moved = False
        kind = scanning.outcome(reply)
        if kind == scanning.NO_PHOTO:
            self.close_scan()
            self.message = (scanning.failure(reply), "error")
            return
        self.message = scanning.panel_note(kind, reply)

    def move_corners(self) -> None:
        """The player moved a corner: the reading on show is not of these corners."""
        self.corners_moved = True

    def usable(self) -> bool:
        """Whether the reading on show can go into the grid as it is (Use this reading)."""
        reply = self.scan_reply
        if reply is None or self.corners_moved or self.busy is not None:
            return False
        from ui import scanning  # imported by the reading's answer already

        return scanning.outcome(reply) == scanning.GOOD

    def use_reading(self) -> None:
        """The reading on show into the grid (undoable), to check against the photo beside
        it: the doubtful cells lit, the likeliest repair named."""
        if not self.usable() or self.blocked():
            return
        from ui import scanning

        reply = self.scan_reply
        puzzle = read(reply["puzzle"])
        self.doubts = scanning.doubts(reply)
        self.read_cells = tuple(puzzle.cells)
        self.fix = scanning.likely_fix(reply)
        self.session.load(puzzle, ENTER)  # givens to check and correct, then Play
        self.new_grid()
        self.photo_crop = scanning.crop_style(scanning.corner_shares(reply))
        self.changed((scanning.summary(puzzle.filled_count(), len(self.doubts), self.fix),
                      "ok"))

    def close_scan(self) -> None:
        """Back from the photo panel to where the photo was picked, the grid unchanged."""
        if self.screen == "scan":
            self.screen = self.back_to

    # --- the worker's replies --------------------------------------------------------------------

    def queued(self, request: Request) -> None:
        """The request waits for the solver to load: it runs by itself once it is ready."""
        if request.command == protocol.SCAN:
            self.message = ("Reading as soon as the solver is ready\u2026", "")
        else:
            self.message = (say.queued(say.button(request.action)), "")

    def running(self, request: Request) -> None:
        self.message = (say.WAITING.get(say.action_of(request.action), "Working\u2026"), "")

    def answered(self, request: Request, reply: dict):
        """Fold a worker's reply in; a follow-up Request, if the action goes on."""
        if request is self.busy:
            self.busy = None
        command, action = request.command, request.action
        if command == protocol.ANALYSE:
            return self.analysed(request, reply)
        if command == protocol.HINT:
            self.hint_answered(request, reply)
        elif command == protocol.EXPLAIN:
            self.explain_answered(reply)
        elif command == protocol.GENERATE:
            self.new_answered(request, reply)
        elif command == protocol.RATE:
            self.rate_answered(request, reply)
        elif command == protocol.CANDIDATES:
            masks = reply.get("candidates") if reply.get("status") == protocol.OK else None
            self.cands = (request.key, masks or [0] * len(self.session.puzzle.cells))
        elif command == protocol.SCAN:
            self.scan_answered(reply)
        elif command == protocol.WATCH:
            self.watch_answered(request, reply)
        else:
            self.message = ("No reply expected for " + action + ".", "error")
        return None

    def analysed(self, request: Request, reply: dict):
        action = request.action
        givens = request.payload.get("puzzle", "")
        size = request.payload.get("size", 9)
        if action.startswith("learn:"):
            if reply.get("status") == protocol.STOPPED:  # Check or Hint asks again, unbounded
                self.too_long.add(givens)
            else:
                self.keep_answer(givens, size, reply)
            return None
        if action.startswith("learn-"):
            self.keep_answer(givens, size, reply)
            follow = {"check": self.check, "hint": self.hint, "step": self.step}
            return follow[action[6:]]()
        if action == "play":
            self.keep_answer(givens, size, reply)
            self.started(reply.get("status"))
            return None
        self.solved += 1
        self.solve_answered(reply)
        return None

    def started(self, status: str) -> None:
        """Say what the uniqueness check found; play only a puzzle with one solution."""
        if status == protocol.UNIQUE:
            self.session.set_phase(PLAY)
            self.save()
            self.coach_said(say.ready_to_play(self.session.puzzle.geometry.rule_names()), "ok")
        elif status == protocol.MULTIPLE:
            self.coach_said("2+ solutions: this is not a proper puzzle yet. Add givens until "
                            "only one solution fits.", "warn")
        elif status == protocol.NONE:
            self.coach_said("No solution: the givens cannot all be completed. Look for a "
                            "mistyped given.", "error")
        else:
            self.coach_said("Cannot play: the solver could not check this grid.", "error")

    def failed(self, request: Request, problem: str, started: bool = True) -> None:
        """The worker could not answer: the call failed, or (not `started`) the solver
        could not start."""
        if request is self.busy:
            self.busy = None
        if request.action == "solve":
            self.solved += 1
        if not started and self.framed:  # the browser's own error would mean nothing here
            self.coach_said(say.FRAMED, "error")
            return
        self.coach_said(say.NOT_STARTED.format(problem) if not started
                        else "The solver failed: " + problem, "error")

    def stale(self, request: Request) -> None:
        """The grid changed while the worker worked: the reply is dropped."""
        if request is self.busy:
            self.busy = None
        if request.action == "solve":
            self.solved += 1
        if not request.quiet:
            self.coach_said(say.stale(say.button(request.action)), "")

    def cancel(self):
        """Stop the request under way (the Runner stops its worker); it is returned."""
        request = self.busy
        if request is None or request.ended():
            return None
        self.busy = None
        self.message = (say.CANCELLED, "")
        return request

    # --- what the page shows ---------------------------------------------------------------

    def follow_grid(self) -> None:
        """Before every view: a grid changed by hand (typing, Undo...) ends the hint on show."""
        puzzle = self.session.puzzle
        if puzzle is not self.coached:
            self.coached = puzzle
            self.hinted = None
            self.show_step(None, 0)
        if self.session.solution is not None and self.shown_step is not None:
            self.hinted = None  # a shown solution answers the hint
            self.show_step(None, 0)

    def grid(self, bad):
        """The grid's ui.view.View: the session's moment with marks, the step, the doubts;
        in the lesson, the position of the step on show."""
        if self.screen == "lesson" and self.lesson_on is not None:
            return self.lesson_on.view()
        now = self.session.now
        cands = self.candidates()
        showing = self.marks_on and now.solution is None
        special = step_marks(self.shown_step, self.stage) if cands is not None else {}
        hints = step_hints(self.shown_step, self.stage, now.puzzle.geometry)
        for cell, digit in self.doubts.items():
            if now.puzzle.cells[cell:cell + 1] == (digit,) and cell not in hints:
                hints[cell] = "doubt"
        shown, cells = self.differs
        if shown is not None and shown is now.solution:
            for cell in cells:
                hints[cell] = "differs"
        for cell in self.entering.picked:
            hints[cell] = "pick"
        if self.pointed >= 0:
            hints[self.pointed] = "elim"
        return grid_view(now, bad, self.wrong(), marks=shown_marks(cands, showing, special),
                         selected=None if self.picking() else self.selected, hints=hints,
                         special=special,
                         marks_key=self.key() if showing and cands is not None else "",
                         links=step_links(self.shown_step, self.stage))

    def view(self) -> dict:
        """Everything rendering needs, as plain data (see the keys below)."""
        self.follow_grid()
        session = self.session
        puzzle = session.puzzle
        bad, sentence = conflict_report(self.entering.checked(puzzle))
        won = self.won()
        if bad and self.loud is not self.session.now:
            message = ((self.fix + ". " if self.fix and self.read_cells == puzzle.cells else "")
                       + "Conflict: " + sentence + ".", "error")
        elif won:
            message = ("Puzzle solved in " + self.timer.finish() + "! Every digit is right. "
                       "Well done.", "ok")
        else:
            message = self.message
        rating = self.rating if self.rating and self.rating[0] == self.badge_key() else None
        level_said = self.level_said()
        return {
            "screen": self.screen,
            "grid": self.grid(bad),
            "message": message,
            "busy": self.busy.action if self.busy is not None else None,
            "solving": self.busy is not None and self.busy.state == "running",
            "won": won,
            "phase": session.phase,
            "play_words": PLAY_WORDS[session.phase],
            "size": puzzle.size,
            "can_undo": session.can_undo(),
            "can_redo": session.can_redo(),
            "paused": self.paused,
            "can_pause": self.can_pause(),
            "notes_mode": self.settings.get("notes"),
            "auto_check": self.settings.get("auto_check"),
            "timer_shown": self.settings.get("timer"),
            "logical_only": self.settings.get("logical_only"),
            "new_level": self.settings.get("new_level"),
            "new_rules": self.settings.get("new_rules"),
            "marks_on": self.marks_on,
            "mistakes": self.mistakes,
            "level": self.level(),
            "level_said": level_said,
            "level_words": screens.level_words(session.phase == PLAY, level_said),
            "rules_line": screens.rules_line(
                session.phase == PLAY,
                say.rules_name(session.puzzle.geometry.rule_names()) if is_variant(
                    session.puzzle) else ""),
            "in_progress": bool(puzzle.filled_count()) and not won,
            "stats": self.stats,
            "stats_note": self.stats_note,
            "seconds": self.timer.seconds(),
            "remaining": self.remaining(),
            "rating": rating,
            "lesson": self.lesson(),
            "scan": self.scan_view(),
            "entering": self.entering.view(puzzle.geometry, session.phase == ENTER
                                           and self.screen == "game"),
            "solved": self.solved,
            "coached": self.answered_count,
        }

    def remaining(self) -> list:
        """Per digit 1..n, how many of it are still to place (the pad's counts)."""
        cells = self.session.solution.cells if self.session.solution is not None \
            else self.session.puzzle.cells
        n = self.session.puzzle.size
        counts = [n] * (n + 1)
        for digit in cells:
            if digit:
                counts[digit] -= 1
        return [max(0, c) for c in counts[1:]]

    def lesson(self):
        """The lesson on show: {index, count, counter, technique, sentence, chains, chain},
        or None; `chains`, how many shorter chains the step names (a button each), `chain`
        the one on show in place of the sentence (0-based) or None."""
        lesson = self.lesson_on
        if lesson is None or self.screen != "lesson":
            return None
        counter, technique = lesson.title()
        return {"index": lesson.index, "count": lesson.count, "counter": counter,
                "technique": technique, "sentence": lesson.sentence(),
                "chains": len(lesson.chains()), "chain": lesson.chain}

    def scan_view(self):
        """The photo panel's part: {"shares": the corners read (None: keep those on show),
        "note": (text, tone), "usable": the reading can go in as it is, "busy"}; the crop
        of the photo read into the grid under "crop" (None when there is none)."""
        reply, busy = self.scan_reply, self.busy is not None and self.busy.command == protocol.SCAN
        shares, note = None, self.message
        if reply is not None:  # a photo was read: ui/scanning.py is imported
            from ui import scanning

            kind = scanning.outcome(reply)
            shares = None if kind == scanning.NO_GRID else scanning.corner_shares(reply)
            note = note if busy else scanning.panel_note(kind, reply)
        return {"open": self.screen == "scan", "shares": shares, "answered": self.scanned,
                "note": note, "usable": self.usable(), "busy": busy, "crop": self.photo_crop}
