"""The save format: a Session as JSON text for localStorage and back, and the other stored
values the page reads (the paused puzzle). Every stored field is checked where it is read,
typed and bounded: a save that is off in any way is refused as a whole (`Damaged`, naming
what is off) and the page keeps it aside (`<key>.damaged`) with a message, so no stored text
can stop the page or put a state in it that its own actions could not make.

No DOM here: the page hands in the stored text; MicroPython runs it, CPython in the tests.
"""

import json

from solver.model.geometry import SYMBOLS
from solver.model.puzzle import GRID_LABEL, RULES_HEADER, Puzzle
from solver.model.puzzle import read as read_puzzle
from solver.model.puzzle import rules_text as rules_text_of
from ui.entering import UNPAINTED
from ui.session import ENTER, HISTORY_LIMIT, KIND_LETTERS, PHASES, Moment, Session

SAVE_MAX_CHARS = 50_000  # a save is the game and its undo steps as changes (a 9x9 edit ~60)
STORAGE_KEY = "sudoku-solver.session"
PAUSE_KEY = "sudoku-solver.paused"  # the givens (as text) of the paused puzzle, '' for none
PAUSE_MAX_CHARS = 3000  # a 25x25's givens are 625 characters, a 9x9 Killer's text ~1000
TIMER_KEY = "sudoku-solver.timer"  # the time spent per puzzle (ui/stopwatch.py's format)
TIMER_MAX_CHARS = 20_000  # five 25x25 puzzles' givens and times fit well within this
# A jigsaw's map while it is being painted (not yet n regions of n joined cells, so not yet in
# the grid's rules, which the session's save carries): its size, a colon, then each cell's
# region as a symbol (region 0 as '1') or '.' for none yet.
DRAFT_KEY = "sudoku-solver.jigsaw-draft"
DRAFT_MAX_CHARS = 700  # a 25x25's 625 cells
DAMAGED = ".damaged"  # the suffix of the key a damaged save is kept aside under
RULES_MAX_CHARS = 20_000  # a variant's rules as text: a 25x25 jigsaw's map, 625 cages
RULES_KEPT = 4  # rules texts read back and their geometry, kept (a save's steps share one)


class Damaged(ValueError):
    """A stored value that is not one the page wrote: `why` names what is off."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


def check(condition, why: str) -> None:
    if not condition:
        raise Damaged(why)


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def grid_text(value, size, what: str):
    """A Puzzle from a stored grid text of `size` (None: any size)."""
    check(isinstance(value, str), what + " is not text")
    try:
        puzzle = read_puzzle(value, size)
    except ValueError as error:  # PuzzleError
        raise Damaged(what + ": " + str(error)) from None
    check(puzzle.geometry.rules is None, what + " is not a grid's digits")  # rules: "rules"
    return puzzle


def cell_digit_pairs(value, count: int, size: int, what: str) -> list:
    """[(cell, digit)] from stored [[cell, digit], ...]: cells of the grid, digits 1..size."""
    check(isinstance(value, list) and len(value) <= count * size, what + " is not a list")
    pairs = []
    for item in value:
        check(isinstance(item, list) and len(item) == 2, what + " holds a non-pair")
        cell, digit = item
        check(is_int(cell) and 0 <= cell < count and is_int(digit) and 1 <= digit <= size,
              what + " names a cell or digit off the grid")
        pairs.append((cell, digit))
    return pairs


# --- a Moment as a dict of text and numbers --------------------------------------------------


_TEXT = [None, ""]  # the geometry whose rules_text was asked last, and that text


def rules_text(puzzle) -> str:
    """A variant's rules as its text form less the grid (`rules:`, `regions:`, `cages:`
    sections: solver.model.puzzle.rules_text); '' for the classic rules. Every save asks it
    of each new moment: the last one is kept (a Killer's 30 cage lines are not written at
    every tap)."""
    g = puzzle.geometry
    if g.rules is None:
        return ""
    if _TEXT[0] is not g:
        _TEXT[0], _TEXT[1] = g, rules_text_of(g.rules)
    return _TEXT[1]


_RULES = {}  # rules text -> the geometry it reads as (RULES_KEPT at most)


def ruled_grid(value, puzzle):
    """`puzzle` (a grid read from the save) under the stored rules `value` (rules_text);
    Damaged naming what is off: not text, too long, not a variant's rules, not readable
    (the rules' own message), or of another size."""
    check(isinstance(value, str) and 0 < len(value) <= RULES_MAX_CHARS,
          "the rules are not text of a variant's rules")
    check(value.lstrip()[:len(RULES_HEADER)].lower() == RULES_HEADER,
          "the rules do not start with " + RULES_HEADER)
    key = (value, puzzle.size)
    g = _RULES.get(key)
    if g is None:
        try:
            g = read_puzzle(value + "\n" + GRID_LABEL + "\n" + "0" * len(puzzle.cells),
                            puzzle.size).geometry
        except ValueError as error:  # PuzzleError
            raise Damaged("the rules: " + str(error)) from None
        check(g.rules is not None, "the rules name no variant")
        check(g.size == puzzle.size, "the rules are for another size of grid")
        if len(_RULES) >= RULES_KEPT:
            _RULES.clear()
        _RULES[key] = g
    return Puzzle(g, puzzle.cells)


def moment_data(moment: Moment) -> dict:
    data = {"cells": moment.puzzle.to_string("0"), "kinds": moment.kinds,
            "phase": moment.phase}
    rules = rules_text(moment.puzzle)
    if rules:
        data["rules"] = rules
    if any(moment.notes):
        data["notes"] = list(moment.notes)
    if moment.eliminated:
        data["eliminated"] = [[c, d] for c, d in moment.eliminated]
    if moment.lent:
        data["lent"] = [[p, d, c] for p, d, c in moment.lent]
    if moment.solution is not None:
        data["solution"] = moment.solution.to_string("0")
    return data


def moment_from(data, size=None) -> Moment:
    """A Moment from `moment_data` (a variant's grid under its stored `rules`), or from an
    older save's bare cell text (all givens); Damaged if any field is off (its type, its
    length, its values; the rules as read)."""
    if isinstance(data, str):
        return Moment(grid_text(data, size, "the grid"))
    check(isinstance(data, dict), "a saved state is not an object")
    puzzle = grid_text(data.get("cells"), size, "the grid")
    if "rules" in data:
        puzzle = ruled_grid(data["rules"], puzzle)
    cells, n = puzzle.cells, puzzle.size
    kinds = data.get("kinds")
    if kinds is not None:
        check(isinstance(kinds, str) and len(kinds) == len(cells)
              and not kinds.strip(KIND_LETTERS), "the digits' kinds are damaged")
        check(all((kinds[i] == ".") == (not d) for i, d in enumerate(cells)),
              "the digits' kinds do not match the grid")
    phase = data.get("phase", ENTER)
    check(phase in PHASES if isinstance(phase, str) else False, "the phase is unknown")
    return Moment(puzzle, kinds, notes_from(data.get("notes"), cells, n), phase,
                  solution_from(data.get("solution"), n),
                  cell_digit_pairs(data.get("eliminated", []), len(cells), n, "eliminated"),
                  lent_from(data.get("lent", []), len(cells), n))


def notes_from(value, cells, size: int):
    """The notes: None, or a bitmask per cell (digits 1..size), none on a filled cell."""
    if value is None:
        return None
    check(isinstance(value, list) and len(value) == len(cells), "the notes are damaged")
    top = 1 << size
    check(all(is_int(m) and 0 <= m < top for m in value), "a note is not a set of digits")
    check(not any(value[i] and d for i, d in enumerate(cells)), "a filled cell has notes")
    return value


def solution_from(value, size: int):
    """The solution on show: None, or a whole grid of this size."""
    if value is None or value == "":
        return None
    solution = grid_text(value, size, "the solution")
    check(all(solution.cells), "the solution is not a whole grid")
    return solution


def lent_from(value, count: int, size: int) -> list:
    """[(peer, digit, cell)] of the notes a digit took from its peers (session.Moment)."""
    check(isinstance(value, list) and len(value) <= count * size, "lent notes are damaged")
    lent = []
    for item in value:
        check(isinstance(item, list) and len(item) == 3, "a lent note is damaged")
        peer, digit, cell = item
        check(is_int(peer) and is_int(cell) and 0 <= peer < count and 0 <= cell < count
              and is_int(digit) and 1 <= digit <= size, "a lent note is off the grid")
        lent.append((peer, digit, cell))
    return lent


# --- changes between moments: the undo steps as the save holds them ----------------------


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


def with_change(base: dict, change) -> dict:
    """The `moment_data` that `data_change` turned into `change` against `base`."""
    check(isinstance(change, dict), "an undo step is not an object")
    data = dict(base)
    for key, value in change.items():
        if value is None:
            data.pop(key, None)
        elif isinstance(value, dict):
            whole = base.get(key)
            at = value.get("at")
            check(isinstance(whole, (str, list)) and isinstance(at, list),
                  "an undo step changes nothing known")
            items = list(whole)
            for pair in at:
                check(isinstance(pair, list) and len(pair) == 2 and is_int(pair[0])
                      and 0 <= pair[0] < len(items), "an undo step changes a place off the grid")
                items[pair[0]] = pair[1]
            if isinstance(whole, str):
                check(all(isinstance(item, str) for item in items), "an undo step is damaged")
                data[key] = "".join(items)
            else:
                data[key] = items
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
    work it out again. Damaged if a change is off or leads to a damaged moment."""
    check(isinstance(changes, list), "the undo steps are not a list")
    moments, before, data = [], session.now, moment_data(session.now)
    for change in changes[:HISTORY_LIMIT]:  # a hostile save of 16,000 steps stays cheap
        data = with_change(data, change)
        moment = moment_from(data)
        kept[(id(before), id(moment))] = (before, moment, json.dumps(change))
        moments.append(moment)
        before = moment
    return moments[::-1]


def read_save(text) -> Session:
    """The session saved by `to_storage` (or an older save of whole moments or cells).
    Damaged (naming what is off) for anything else, oversized text included."""
    check(isinstance(text, str) and text, "the save is empty")
    check(len(text) <= SAVE_MAX_CHARS, "the save is too large")
    try:
        saved = json.loads(text)
    except (ValueError, RuntimeError):  # RuntimeError: nesting too deep (MicroPython too)
        raise Damaged("the save is not JSON") from None
    check(isinstance(saved, dict), "the save is not an object")
    size = saved.get("size")
    check(is_int(size), "the size is not a number")
    session = Session(moment_from(saved, size))
    check(session.now.puzzle.size == size, "the size does not match the grid")
    if "undo" in saved or "redo" in saved:
        kept = {}
        session.history = saved_steps(session, saved.get("undo", []), kept)
        session.future = saved_steps(session, saved.get("redo", []), kept)
        session.saved_steps = kept
    else:
        history, future = saved.get("history", []), saved.get("future", [])
        check(isinstance(history, list) and isinstance(future, list), "the history is damaged")
        session.history = [moment_from(m) for m in history[-HISTORY_LIMIT:]]
        session.future = [moment_from(m) for m in future[-HISTORY_LIMIT:]]
    return session


def restore(text) -> tuple:
    """(the saved session or None, why it was refused or ''): nothing saved gives (None,
    ''); a damaged save (None, what is off). Never raises: no stored text stops the page."""
    if text is None or text == "":
        return None, ""
    try:
        return read_save(text), ""
    except Damaged as damage:
        return None, damage.why
    except Exception:  # noqa: BLE001 - e.g. MemoryError: refused, not raised
        return None, "the save could not be read"


def from_storage(text):
    """The saved session, or None for missing or damaged text (see `read_save`)."""
    return restore(text)[0]


def paused_from(text) -> str:
    """The paused puzzle's givens as stored (protocol.puzzle_text: a variant's rules too; ''
    for none, or anything not a grid's text). Only ever compared with the givens played."""
    if not isinstance(text, str) or len(text) > PAUSE_MAX_CHARS:
        return ""
    return text if text.startswith(RULES_HEADER) or not text.strip("0" + SYMBOLS) else ""


def draft_text(size: int, regions) -> str:
    """An unfinished jigsaw map (a region per cell, UNPAINTED for none) as DRAFT_KEY's text;
    '' for no map."""
    if regions is None:
        return ""
    return str(size) + ":" + "".join("." if k == UNPAINTED else SYMBOLS[k] for k in regions)


def draft_from(text, size: int):
    """The unfinished map DRAFT_KEY's text holds for a grid of `size`, or None: no text, a
    map of another size, or one off in any way (a draft is only a convenience: it is
    dropped, never said)."""
    if not isinstance(text, str) or not text.startswith(str(size) + ":"):
        return None
    cells = text[len(str(size)) + 1:]
    if len(cells) != size * size or any(c != "." and c not in SYMBOLS[:size] for c in cells):
        return None
    return [UNPAINTED if c == "." else SYMBOLS.index(c) for c in cells]
