"""What the page and the solver worker say to each other, declared once for both sides.

The UI (MicroPython, mapped by pyscript.toml) builds its requests here and reads replies by
these names; the worker (Pyodide, mapped by static/worker.toml) answers with them; the tests
(CPython) import this same file. Requests and replies cross as JSON text of these dicts.
Plain Python only: no typing, dataclasses or other modules MicroPython lacks.
"""

# --- commands: what the UI can ask (worker.py has one function per command) -------------

PING = "ping"  # "alive": a lock the worker holds for life -> READY once solver imports
ANALYSE = "analyse"  # puzzle -> UNIQUE / MULTIPLE / NONE, "count", "solution" (text or None),
# "second" (another solution, text, with MULTIPLE; else None);
# with "timeout" (seconds) -> STOPPED past it (the page's MicroPython worker hands it on)
HINT = "hint"  # puzzle + eliminated -> STEP ("step", "unique", "candidates") / STUCK ...
# with "rows" QUICK_ROWS (the MicroPython worker's): the techniques before the forcing
# chains only, or HERE_ROWS (the page's own, before either worker is ready): the Easy and
# Medium ones only; STOPPED when none of those applies (a worker goes on)
QUICK_ROWS, HERE_ROWS = "quick", "here"
CANDIDATES = "candidates"  # puzzle + eliminated -> OK, "candidates": a bitmask per cell
# puzzle -> RATED ("level", "score", "hardest", "se", "se_hardest", "bound": score and se are
# floors, the path not followed past where it needs a nested forcing chain) / MULTIPLE / NONE
RATE = "rate"
EXPLAIN = "explain"  # puzzle -> EXPLAINED ("steps", "unique", "rating" if unique) ...
GENERATE = "generate"  # size, difficulty, symmetric, logical_only, seed?, rules? -> GENERATED
SCAN = "scan"  # grey photo pixels -> READ ("puzzle", "confidence", "corners", "size", "repairs")
WATCH = "watch"  # puzzle + "order" (solver.search.trace.ORDERS) -> the backtracking search as
# "events": [cell, digit, cell, digit, ...], digit > 0 placed there (a guess), 0 taken back,
# DEAD_END none left to try (back up); "guesses", "backtracks"; status SOLVED (the last
# events fill the grid), NONE (no solution) or STOPPED (after "cap" events)
DEAD_END = -1  # a watch event's digit: no digit is left to try in that cell

# --- reply statuses: every reply has one, under "status" ----------------------------------

READY = "ready"  # ping: the solver is loaded
UNIQUE = "unique"  # analyse: exactly one solution (shown)
MULTIPLE = "multiple"  # analyse, rate: more than one solution fits
NONE = "none"  # analyse, rate, hint, explain: no solution, although no rule is broken
FULL = "full"  # hint, explain: the grid is already full, nothing is left to do
STEP = "step"  # hint: the next logical step
STUCK = "stuck"  # hint: no technique the solver knows applies
OK = "ok"  # candidates
RATED = "rated"  # rate
EXPLAINED = "explained"  # explain
GENERATED = "generated"  # generate
READ = "read"  # scan: the grid read from the photo, conflicts and all
STOPPED = "stopped"  # analyse with "timeout": the search ran longer than that; watch: capped;
# hint with "rows": none of the techniques tried applies
SOLVED = "solved"  # watch: the search filled the grid
INVALID = "invalid"  # a grid that breaks the rules, or a photo with no grid: "message", "cells"
FAILED = "failed"  # the call itself failed (the worker crashed): "message"; made by the UI

# What the MicroPython worker answers until Pyodide is ready (the rest waits for Pyodide):
# Solve, Watch, and Hint and Step (a hint past the forcing chains goes on in Pyodide).
FIRST_SOLVER = (ANALYSE, WATCH, HINT)

# Which statuses each command's reply can carry; FAILED can come from any call.
REPLIES = {
    PING: (READY,),
    ANALYSE: (UNIQUE, MULTIPLE, NONE, STOPPED, INVALID),
    HINT: (STEP, STUCK, FULL, NONE, STOPPED, INVALID),
    CANDIDATES: (OK, INVALID),
    RATE: (RATED, MULTIPLE, NONE, INVALID),
    EXPLAIN: (EXPLAINED, FULL, NONE, INVALID),
    GENERATE: (GENERATED,),
    SCAN: (READ, INVALID),
    WATCH: (SOLVED, NONE, STOPPED, INVALID),
}
COMMANDS = tuple(REPLIES)


def statuses(command: str) -> tuple:
    """Every status a reply to `command` may carry."""
    return REPLIES[command] + (FAILED,)


# --- requests -----------------------------------------------------------------------------


def puzzle_text(puzzle) -> str:
    """A grid as the worker reads it and the UI keys it: a classic grid a symbol per cell
    ('0' for empty), a variant's as Puzzle.to_text() (its rules, then the grid)."""
    return puzzle.to_string("0") if puzzle.geometry.rules is None else puzzle.to_text()


def classic_request(request: dict) -> bool:
    """Whether a puzzle request's grid has no variant rules (its text is one symbol a cell)."""
    return len(request.get("puzzle", "")) == request.get("size", 9) ** 2


def puzzle_request(puzzle, eliminated=None) -> dict:
    """The request of the puzzle commands (analyse, hint, candidates, rate, explain): the grid
    as text (puzzle_text: a variant's rules too) with its size, and for hint and candidates
    the (cell, digit) pairs that applied steps removed from the candidates."""
    request = {"puzzle": puzzle_text(puzzle), "size": puzzle.size}
    if eliminated is not None:
        request["eliminated"] = [[cell, digit] for cell, digit in eliminated]
    return request


def watch_request(puzzle, order: str) -> dict:
    """The request of `watch`: the grid and the search order to show."""
    request = puzzle_request(puzzle)
    request["order"] = order
    return request


def generate_request(size: int, difficulty: str, symmetric: bool,
                     logical_only: bool = False, seed=None, rules=()) -> dict:
    """The request of `generate`: a new puzzle of this size and level (a rating level);
    `logical_only` asks for one whose solve needs no trial and error; `seed` (an int, or
    None for a random one) makes the same puzzle every time (the daily puzzle); `rules`,
    a variant's rule names (solver.model.geometry's: ["killer"]; () for classic)."""
    request = {"size": size, "difficulty": difficulty, "symmetric": symmetric,
               "logical_only": logical_only}
    if seed is not None:
        request["seed"] = seed
    if rules:
        request["rules"] = list(rules)
    return request


def scan_request(pixels: bytes, width: int, height: int, corners=None) -> dict:
    """The request of `scan`: 8-bit grey pixels row by row (base64 text) and their size,
    and the grid's corners when set by hand (four [x, y], clockwise from top left)."""
    import binascii  # here, not at the top: the page's UI never builds this request

    text = binascii.b2a_base64(pixels).decode().strip()
    request = {"pixels": text, "width": width, "height": height}
    if corners is not None:
        request["corners"] = corners
    return request


# --- replies ------------------------------------------------------------------------------


def reply(status: str, **fields) -> dict:
    """A reply dict: its status and the fields that go with it."""
    answer = {"status": status}
    answer.update(fields)
    return answer


def invalid(message: str, cells) -> dict:
    """The reply for a grid that breaks the rules: why, and the cells involved."""
    return reply(INVALID, message=message, cells=list(cells))


def failed(message: str) -> dict:
    """What the UI makes of a call that raised instead of replying."""
    return reply(FAILED, message=message)


def count_status(count: int) -> str:
    """The status for a number of solutions counted up to 2: NONE, UNIQUE or MULTIPLE."""
    if count == 0:
        return NONE
    return UNIQUE if count == 1 else MULTIPLE



def differing_cells(reply: dict) -> list:
    """The cells where an analyse reply's two solutions ("solution", "second": a symbol per
    cell) differ; [] without a second one."""
    first, second = reply.get("solution"), reply.get("second")
    if not first or not second:
        return []
    return [i for i, symbol in enumerate(first) if symbol != second[i]]
