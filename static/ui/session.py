"""What the user is editing: the grid and what each digit is (a given, the player's entry, a
digit a Step placed), the player's own notes, the phase (entering givens or playing), the
solution on show, and one undo/redo history of all of it; plus the text forms it travels in
(localStorage, share links) and the words for each solve outcome.

No DOM here: plain Python that MicroPython runs in the page and CPython runs in the tests.
"""

import json

from solver.model.errors import PuzzleError
from solver.model.geometry import geometry
from solver.model.puzzle import Puzzle, conflict_cells, conflicts, describe_conflicts
from solver.model.puzzle import read as read_puzzle
from ui import protocol

HISTORY_LIMIT = 100  # undo steps kept in memory, and across a reload while the save fits
SAVE_MAX_CHARS = 50_000  # a save is the game and its undo steps as changes (a 9x9 edit ~60)
STORAGE_KEY = "sudoku-solver.session"
CLEAR_KEYS = ("0", ".", " ", "Backspace", "Delete")
ENTER, PLAY = "enter", "play"  # the phases: typing the givens in, then solving them
# What a filled cell's digit is, one letter per cell in `Moment.kinds` ('.' when empty).
GIVEN, ENTRY, PLACED = "g", "e", "p"


def empty(size: int) -> Puzzle:
    """An empty size x size grid."""
    return Puzzle(geometry(size), [0] * (size * size))


def given_kinds(puzzle: Puzzle) -> str:
    """Every filled cell a given: the kinds of a grid loaded from text, a link or a file."""
    return "".join(GIVEN if d else "." for d in puzzle.cells)


class Moment:
    """One state of the game, never changed once made: what Undo and Redo step between.

    kinds: a letter per cell (GIVEN, ENTRY, PLACED or '.'); notes: the player's own notes, a
    bitmask per cell (bit d-1 = digit d); eliminated: (cell, digit) pairs that applied Steps
    removed from the candidates; solution: the solved grid on show, or None.
    """

    def __init__(self, puzzle, kinds=None, notes=None, phase=ENTER, solution=None,
                 eliminated=()):
        self.puzzle = puzzle
        self.kinds = kinds if kinds is not None else given_kinds(puzzle)
        self.notes = tuple(notes) if notes is not None else (0,) * len(puzzle.cells)
        self.phase = phase
        self.solution = solution
        self.eliminated = tuple(eliminated)

    def but(self, **changes) -> "Moment":
        """A copy with some fields changed."""
        fields = {"puzzle": self.puzzle, "kinds": self.kinds, "notes": self.notes,
                  "phase": self.phase, "solution": self.solution,
                  "eliminated": self.eliminated}
        fields.update(changes)
        return Moment(**fields)

    def givens(self) -> Puzzle:
        """The puzzle's givens alone (entries and placed digits left out)."""
        cells = [d if self.kinds[i] == GIVEN else 0 for i, d in enumerate(self.puzzle.cells)]
        return Puzzle(self.puzzle.geometry, cells)

    def same(self, other) -> bool:
        return (self.puzzle.size == other.puzzle.size and self.puzzle.cells == other.puzzle.cells
                and self.kinds == other.kinds and self.notes == other.notes
                and self.phase == other.phase and self.solution is other.solution
                and self.eliminated == other.eliminated)


def clear_note(g, notes: list, cell: int, digit: int) -> None:
    """Placing `digit` in `cell`: its own notes go, and the digit from its peers' notes."""
    notes[cell] = 0
    if digit:
        bit = ~(1 << (digit - 1))
        for peer in g.peers[cell]:
            notes[peer] &= bit


def placed(now: Moment, placements, eliminations) -> Moment:
    """The moment after a Step: its digits in as placed (and out of their peers' notes), its
    eliminations kept and taken out of the notes; no solution on show."""
    puzzle, kinds, notes = now.puzzle, list(now.kinds), list(now.notes)
    for cell, digit in placements:
        puzzle = puzzle.with_cell(cell, digit)
        kinds[cell] = PLACED
        clear_note(puzzle.geometry, notes, cell, digit)
    gone = set(now.eliminated)
    for cell, digit in eliminations:
        gone.add((cell, digit))
        notes[cell] &= ~(1 << (digit - 1))
    return now.but(puzzle=puzzle, kinds="".join(kinds), notes=notes, solution=None,
                   eliminated=sorted(gone))


class Session:
    """The game being played: the current Moment and one history of them for Undo and Redo.
    Every change (a digit, a note, a Step, Solve, a new puzzle, the phase) is one entry."""

    def __init__(self, now: Moment, history=None, future=None):
        self.now = now
        self.history = list(history or [])
        self.future = list(future or [])  # moments Undo left, newest last, for Redo
        self.saved_steps = {}  # to_storage's cache: (id, id) -> (before, moment, change text)

    @property
    def puzzle(self) -> Puzzle:
        return self.now.puzzle

    @property
    def solution(self):
        return self.now.solution

    @property
    def phase(self) -> str:
        return self.now.phase

    def go(self, moment: Moment) -> bool:
        """Make `moment` the state, keeping the current one for Undo; False if nothing changed."""
        if moment.same(self.now):
            return False
        self.history.append(self.now)
        del self.history[:-HISTORY_LIMIT]
        self.future = []
        self.now = moment
        return True

    def load(self, puzzle: Puzzle, phase: str = PLAY, entries=None, notes=None) -> bool:
        """A new puzzle whose digits are all givens (undoable); `entries`, a Puzzle of the
        player's digits, goes on top of them as entries; `notes` (a candidate mask per cell,
        as a pencil-mark file gives) become the player's notes on its empty cells."""
        moment = Moment(puzzle, phase=phase)
        if notes is not None:
            cells = puzzle.cells
            moment = moment.but(notes=[0 if cells[i] else m for i, m in enumerate(notes)])
        if entries is not None:
            cells, kinds = list(puzzle.cells), list(moment.kinds)
            for i, digit in enumerate(entries.cells):
                if digit and not cells[i]:
                    cells[i], kinds[i] = digit, ENTRY
            moment = moment.but(puzzle=Puzzle(puzzle.geometry, cells), kinds="".join(kinds))
        return self.go(moment)

    def locked(self, cell: int) -> bool:
        """Is this cell a given while playing (so it cannot be changed)?"""
        return self.now.phase == PLAY and self.now.kinds[cell] == GIVEN

    def set_cell(self, cell: int, digit: int) -> bool:
        """Set one cell (0 empties it): a given while entering, an entry while playing. Its
        notes go, and the digit from its peers' notes. False if nothing changed or locked."""
        now = self.now
        if self.locked(cell):
            return False
        kind = (GIVEN if now.phase == ENTER else ENTRY) if digit else "."
        notes = list(now.notes)
        clear_note(now.puzzle.geometry, notes, cell, digit)
        # Deductions made while this cell held a digit may not hold without it.
        eliminated = () if now.puzzle.cells[cell] else now.eliminated
        return self.go(now.but(
            puzzle=now.puzzle.with_cell(cell, digit), solution=None, notes=notes,
            kinds=now.kinds[:cell] + kind + now.kinds[cell + 1:], eliminated=eliminated))

    def toggle_note(self, cell: int, digit: int) -> bool:
        """Add or take away one of an empty cell's notes (digit 0 takes all of them away)."""
        now = self.now
        if now.puzzle.cells[cell]:
            return False
        notes = list(now.notes)
        notes[cell] = notes[cell] ^ (1 << (digit - 1)) if digit else 0
        return self.go(now.but(notes=notes))

    def fill_notes(self, masks) -> bool:
        """Every empty cell's notes set to its mask (e.g. all its candidates), undoable."""
        cells = self.now.puzzle.cells
        return self.go(self.now.but(notes=[0 if cells[i] else m for i, m in enumerate(masks)]))

    def place(self, placements, eliminations) -> bool:
        """Apply a Step: its digits go in as placed, its eliminations are kept."""
        return self.go(placed(self.now, placements, eliminations))

    def show_solution(self, solution) -> bool:
        """Show a solution of the grid (undoable: Undo hides it again)."""
        return self.go(self.now.but(solution=solution))

    def solve_givens(self, solution) -> list:
        """While playing: show the givens' solution with the player's digits that differ
        from it taken out (one history entry: Undo brings the game back as it was). Returns
        the cells whose digit was wrong."""
        now = self.now
        wrong = wrong_cells(now, solution)
        cells, kinds = list(now.puzzle.cells), list(now.kinds)
        for cell in wrong:
            cells[cell], kinds[cell] = 0, "."
        self.go(now.but(puzzle=Puzzle(now.puzzle.geometry, cells), kinds="".join(kinds),
                        solution=solution))
        return wrong

    def set_phase(self, phase: str) -> bool:
        """Start playing the givens, or go back to entering them (undoable)."""
        return self.go(self.now.but(phase=phase, solution=None))

    def clear(self) -> bool:
        """Empty the grid (undoable), keeping its size: back to entering givens."""
        return self.go(Moment(empty(self.now.puzzle.size)))

    def resize(self, size: int) -> bool:
        """Switch to an empty grid of another size (undoable)."""
        if size == self.now.puzzle.size:
            return False
        return self.go(Moment(empty(size)))

    def undo(self) -> bool:
        """Go back one change; False if there is none."""
        if not self.history:
            return False
        self.future.append(self.now)
        self.now = self.history.pop()
        return True

    def redo(self) -> bool:
        """Bring back the change Undo took away last; False if there is none."""
        if not self.future:
            return False
        self.history.append(self.now)
        self.now = self.future.pop()
        return True

    def can_undo(self) -> bool:
        return bool(self.history)

    def can_redo(self) -> bool:
        return bool(self.future)


def digit_for_key(g, key: str):
    """The digit a key stands for on this board (0 for keys that empty a cell), else None."""
    if key in CLEAR_KEYS:
        return 0
    if len(key) == 1 and key.upper() in g.symbols:
        return g.symbols.index(key.upper()) + 1
    return None


def conflict_report(puzzle: Puzzle):
    """(cells in conflict, a sentence naming every conflict) for the givens; ((), '') if none."""
    problems = conflicts(puzzle)
    if not problems:
        return (), ""
    return conflict_cells(problems), describe_conflicts(puzzle.geometry, problems)


def wrong_cells(moment: Moment, answer) -> list:
    """The cells whose entry or placed digit differs from `answer` (the solved givens)."""
    if answer is None:
        return []
    cells, kinds = moment.puzzle.cells, moment.kinds
    return [i for i, d in enumerate(cells) if d and kinds[i] != GIVEN and d != answer.cells[i]]


def missed_notes(moment: Moment, answer) -> list:
    """The empty cells whose own notes leave out the digit of `answer` there."""
    if answer is None:
        return []
    notes, cells = moment.notes, moment.puzzle.cells
    return [i for i, m in enumerate(notes)
            if m and not cells[i] and not m >> (answer.cells[i] - 1) & 1]


def note_eliminations(moment: Moment) -> list:
    """(cell, digit) for every digit the player's notes leave out of an empty cell that has
    notes: how Hint and Step work from the player's own notes."""
    g, cells = moment.puzzle.geometry, moment.puzzle.cells
    out = []
    for i, mask in enumerate(moment.notes):
        if mask and not cells[i]:
            out.extend((i, d) for d in range(1, g.size + 1) if not mask >> (d - 1) & 1)
    return out


# --- storage: a Moment as a dict of text and numbers ---------------------------------------


def moment_data(moment: Moment) -> dict:
    data = {"cells": moment.puzzle.to_string("0"), "kinds": moment.kinds,
            "phase": moment.phase}
    if any(moment.notes):
        data["notes"] = list(moment.notes)
    if moment.eliminated:
        data["eliminated"] = [[c, d] for c, d in moment.eliminated]
    if moment.solution is not None:
        data["solution"] = moment.solution.to_string("0")
    return data


def moment_from(data, size=None) -> Moment:
    """A Moment from `moment_data`, or from an older save's bare cell text (all givens)."""
    if isinstance(data, str):
        return Moment(read_puzzle(data, size))
    puzzle = read_puzzle(data["cells"], size)
    kinds = data.get("kinds")
    if kinds is not None and (len(kinds) != len(puzzle.cells) or kinds.strip(".gep")):
        raise ValueError("damaged kinds")
    solution = data.get("solution")
    return Moment(
        puzzle, kinds, data.get("notes"), data.get("phase", ENTER),
        read_puzzle(solution, puzzle.size) if solution else None,
        [(c, d) for c, d in data.get("eliminated", ())],
    )


def data_change(data: dict, base: dict) -> dict:
    """`data` as changes to `base` (both `moment_data`): equal fields left out, a field only
    `base` has as None, and a text or list of `base`'s length as {"at": [[index, value]]}
    when fewer than a quarter of its places changed (an edit changes one cell)."""
    change = {}
    for key in sorted(set(data) | set(base)):
        new, old = data.get(key), base.get(key)
        if new == old:
            continue
        if new is not None and isinstance(new, (str, list)) and isinstance(old, type(new)) \
                and len(new) == len(old):
            at = [[i, v] for i, v in enumerate(new) if v != old[i]]
            if 4 * len(at) < len(new):
                new = {"at": at}
        change[key] = new
    return change


def with_change(base: dict, change: dict) -> dict:
    """The `moment_data` that `data_change` turned into `change` against `base`."""
    data = dict(base)
    for key, value in change.items():
        if value is None:
            data.pop(key, None)
        elif isinstance(value, dict):
            whole = base[key]
            items = list(whole)
            for i, v in value["at"]:
                items[i] = v
            data[key] = "".join(items) if isinstance(whole, str) else items
        else:
            data[key] = value
    return data


def step_texts(session: Session, moments: list, start: Moment, kept: dict) -> list:
    """JSON texts of `moments` (nearest first), each as the change from the one before it,
    the first from `start`; from the session's cache where it has them (every edit saves
    them all), and each put in `kept`, the next cache."""
    texts, before = [], start
    for moment in moments:
        key = (id(before), id(moment))
        hit = session.saved_steps.get(key)
        if hit is None or hit[0] is not before or hit[1] is not moment:
            change = data_change(moment_data(moment), moment_data(before))
            hit = (before, moment, json.dumps(change))
        kept[key] = hit
        texts.append(hit[2])
        before = moment
    return texts


def to_storage(session: Session) -> str:
    """The session as JSON text for localStorage: the game now and its undo and redo steps
    as changes, nearest first, the oldest left out when the text would pass SAVE_MAX_CHARS."""
    saved = moment_data(session.now)
    saved["size"] = session.puzzle.size
    head = json.dumps(saved)
    kept = {}
    undo = step_texts(session, session.history[::-1], session.now, kept)
    redo = step_texts(session, session.future[::-1], session.now, kept)
    session.saved_steps = kept  # holds the moments, so no id is reused while cached
    over = len(head) + 32 + sum(len(t) + 2 for t in undo + redo) - SAVE_MAX_CHARS
    while over > 0 and (undo or redo):
        over -= len((undo if len(undo) >= len(redo) else redo).pop()) + 2
    return head[:-1] + ', "undo": [' + ", ".join(undo) + '], "redo": [' + ", ".join(redo) + "]}"


def saved_steps(session: Session, changes, kept: dict) -> list:
    """The Moments a list of saved changes (nearest first) leads back to from the session's
    moment now, oldest first; each change goes into `kept`, so the next save need not
    work it out again."""
    moments, before, data = [], session.now, moment_data(session.now)
    for change in changes:
        data = with_change(data, change)
        moment = moment_from(data)
        kept[(id(before), id(moment))] = (before, moment, json.dumps(change))
        moments.append(moment)
        before = moment
    return moments[::-1]


def from_storage(text):
    """The session saved by `to_storage` (or an older save of whole moments or cells), or
    None for missing, damaged or oversized text (over SAVE_MAX_CHARS: not a save of ours)."""
    if not isinstance(text, str) or not text or len(text) > SAVE_MAX_CHARS:
        return None
    try:
        saved = json.loads(text)
        session = Session(moment_from(saved, saved["size"]))
        if len(session.now.notes) != len(session.now.puzzle.cells):
            return None
        if "undo" in saved:
            kept = {}
            # no more than memory keeps: a hostile save of 16,000 empty changes stays cheap
            session.history = saved_steps(session, saved["undo"][:HISTORY_LIMIT], kept)
            session.future = saved_steps(session, saved["redo"][:HISTORY_LIMIT], kept)
            session.saved_steps = kept
        else:
            session.history = [moment_from(m) for m in saved.get("history", [])]
            session.future = [moment_from(m) for m in saved.get("future", [])]
        return session
    # PuzzleError is a ValueError; RuntimeError is deep nesting (CPython's RecursionError,
    # MicroPython's own): a damaged save is not restored (the page keeps it aside)
    except (ValueError, LookupError, TypeError, AttributeError, RuntimeError):
        return None


# --- links ----------------------------------------------------------------------------------


def share_query(moment: Moment) -> str:
    """The query string of a link that opens this game: '?p=' and the givens, a symbol per
    cell, then '&e=' and the player's digits (entries and placed) when there are any."""
    query = "?p=" + moment.givens().to_string("0")
    if moment.kinds.strip(".g"):
        query += "&e=" + own_digits(moment).to_string("0")
    return query


def own_digits(moment: Moment) -> Puzzle:
    """The player's digits alone (entries and those Step placed), as a grid."""
    cells = moment.puzzle.cells
    own = [d if moment.kinds[i] in (ENTRY, PLACED) else 0 for i, d in enumerate(cells)]
    return Puzzle(moment.puzzle.geometry, own)


def address_query(moment: Moment) -> str:
    """The address bar's query while playing: '?p=' and the givens (so a bookmark or a
    reload reopens the puzzle); '' while entering givens."""
    givens = moment.givens()
    if moment.phase != PLAY or not givens.filled_count():
        return ""
    return "?p=" + givens.to_string("0")


def has_progress(moment: Moment) -> bool:
    """Has the player put anything of their own on the grid (digits, Step's or notes)?"""
    return bool(moment.kinds.strip(".g")) or any(moment.notes)


def query_text(part: str) -> str:
    return part.replace("%2E", ".").replace("%2e", ".").replace("+", " ").replace("%20", " ")


def link_from_query(search: str):
    """(givens, entries or None) named by `?p=` and `&e=` in a URL's query string, or None
    when there is no `p=`. Raises PuzzleError when either cannot be read as a grid."""
    found = {}
    for part in search.lstrip("?").split("&"):
        if part[:2] in ("p=", "e="):
            found[part[0]] = query_text(part[2:])
    if "p" not in found:
        return None
    givens = read_puzzle(found["p"])
    entries = read_puzzle(found["e"], givens.size) if "e" in found else None
    return givens, entries


def puzzle_from_query(search: str):
    """The puzzle named by `?p=` in a URL's query string, or None if there is none.

    Raises PuzzleError when the text is there but cannot be read as a grid.
    """
    if not isinstance(search, str):
        return None
    link = link_from_query(search)
    return link[0] if link else None


def differing_cells(reply: dict) -> list:
    """The cells where a solve reply's two solutions ("solution", "second": a symbol per
    cell) differ; [] without a second one."""
    first, second = reply.get("solution"), reply.get("second")
    if not first or not second:
        return []
    return [i for i, symbol in enumerate(first) if symbol != second[i]]


def outcome(reply: dict):
    """(message, tone) for the worker's reply to a solve; tone is 'ok', 'warn' or 'error'."""
    status = reply.get("status")
    if status == protocol.UNIQUE:
        return "Solved: the solution is shown in colour, your givens in bold.", "ok"
    if status == protocol.MULTIPLE:
        differ = differing_cells(reply)
        if differ:
            return ("More than one solution: one is shown, and the " + str(len(differ))
                    + " shaded cells differ in another. Add givens until only one fits.", "warn")
        return (
            "More than one solution: one of them is shown. Add givens until only one fits.",
            "warn",
        )
    if status == protocol.NONE:
        return (
            "No solution: no digit breaks a rule yet, but the givens cannot all be completed.",
            "error",
        )
    if status == protocol.INVALID:
        return "Cannot solve: " + reply.get("message", "the grid breaks the rules") + ".", "error"
    return "The solver failed: " + str(reply.get("message", status)), "error"


__all__ = [
    "ENTER", "PLAY", "Moment", "PuzzleError", "Session", "address_query", "conflict_report",
    "differing_cells", "digit_for_key", "empty", "from_storage", "has_progress", "link_from_query",
    "missed_notes", "note_eliminations", "own_digits",
    "outcome", "puzzle_from_query", "share_query", "to_storage", "wrong_cells",
]
