"""The solver worker: a thin adapter from JSON text to `solver`'s public API.

The page runs it twice: under MicroPython (static/first_worker.toml), ready about when the
UI is, for analyse, watch and hint (protocol.FIRST_SOLVER); and under Pyodide
(static/worker.toml) for every command. So
this module imports at the top only what MicroPython has (the search path, by module: the
UI imports it too, beside its own `solver` package of the model alone, to answer a Solve
asked before either worker can: ui/solver_client.py); the logical solver, rating and
generator are imported by the commands that need them, on first use (the logic room runs
under MicroPython too, for a hint before Pyodide is ready).

The UI calls `call(command, request_json)` and gets JSON text back. The commands, their
requests and their reply statuses are declared in static/protocol.py, which the UI
imports too (worker.toml maps it here). A new command (hint, step, explain, new puzzle...)
is a name there and one function here taking and returning a dict, listed in COMMANDS. An
invalid puzzle comes back as protocol.invalid: {"status": INVALID, "message", "cells"}.
"""

import json

import protocol as p
from solver.api import SearchTimeout, count_solutions, suggest_repairs
from solver.api import analyse as analysis
from solver.model.candidates import candidates as candidate_masks
from solver.model.candidates import without
from solver.model.errors import PuzzleError
from solver.model.puzzle import parse


def ping(request: dict) -> dict:
    """Answer once the solver is imported (the UI's signal that solving works), and hold
    the Web Lock request["alive"] for this worker's life: the UI notices when it dies."""
    hold_for_life(request.get("alive"))
    return p.reply(p.READY)


def hold_for_life(name) -> None:
    """Take the lock `name` and never give it back (the browser frees it when we stop)."""
    try:
        import js
        from pyodide.ffi import create_proxy
    except ImportError:  # CPython (tests/test_worker_commands.py): no browser, no lock
        return
    if name and hasattr(js.navigator, "locks"):
        never = create_proxy(lambda resolve, reject: None)
        js.navigator.locks.request(name, create_proxy(lambda lock: js.Promise.new(never)))


def analyse(request: dict) -> dict:
    """Solve {"puzzle": text, "size": n}: status unique / multiple / none, and a solution;
    with "timeout" (seconds), status stopped once the search runs longer."""
    puzzle = parse(request["puzzle"], request.get("size"))
    try:
        result = analysis(puzzle, request.get("timeout"))
    except SearchTimeout:
        return p.reply(p.STOPPED, message="the search ran out of time")
    solution = result.solution.to_string() if result.solution is not None else None
    second = result.second.to_string() if result.second is not None else None
    return p.reply(p.count_status(result.count), count=result.count, solution=solution,
                   second=second)


def rating_dict(rating) -> dict:
    """A solver.rating.Rating as the reply's fields (protocol.RATE's; `bound`: floors)."""
    return {"level": rating.level, "score": rating.score, "hardest": rating.hardest,
            "se": rating.se, "se_hardest": rating.se_hardest, "bound": rating.bound}


def coach_state(request: dict):
    """(State of the grid less the eliminations already applied, solutions counted up to 2).

    Raises PuzzleError for a grid that breaks the rules.
    """
    from solver.logic import State

    puzzle = parse(request["puzzle"], request.get("size"))
    masks = remaining(puzzle, request.get("eliminated", ()))
    return State(puzzle.geometry, puzzle.cells, masks), count_solutions(puzzle)


def remaining(puzzle, eliminated) -> list:
    """Candidate bitmasks of the grid (bit d-1 = digit d, 0 if filled) less `eliminated`."""
    return without(candidate_masks(puzzle), eliminated)


def unsolvable(count: int, full: bool):
    """The reply for a grid without exactly one way on, or None when a step can be sought."""
    if full:
        return p.reply(p.FULL, message="the grid is full")
    if count == 0:
        return p.reply(p.NONE, message="the grid has no solution: a digit on it is wrong")
    return None


def hint(request: dict) -> dict:
    """The next logical step for {"puzzle", "size", "eliminated": [[cell, digit], ...]}.

    status STEP with the step (Step.to_dict()), STUCK when no technique applies, or FULL /
    NONE; "unique" False when uniqueness techniques were left out. With "rows"
    (protocol.QUICK_ROWS, the MicroPython worker's: the techniques before the forcing
    chains; HERE_ROWS, the page's thread: the Easy and Medium ones) only those are tried:
    STOPPED when none of them applies.
    """
    from solver.logic import TECHNIQUES, next_step
    from solver.logic.techniques import BEFORE_FORCING, BEFORE_HARD

    state, count = coach_state(request)
    answer = unsolvable(count, state.is_solved())
    if answer is not None:
        return answer
    rows = {p.QUICK_ROWS: BEFORE_FORCING, p.HERE_ROWS: BEFORE_HARD}.get(
        request.get("rows"), TECHNIQUES)
    step = next_step(state, count == 1, rows)
    fields = {"unique": count == 1, "candidates": list(state.cands)}
    if step is None and rows is not TECHNIQUES:
        return p.reply(p.STOPPED, message="none of the techniques tried applies")
    if step is None:
        return p.reply(p.STUCK, message="no technique this solver knows applies here", **fields)
    return p.reply(p.STEP, step=step.to_dict(), **fields)


def candidates(request: dict) -> dict:
    """Candidate bitmasks per cell (bit d-1 = digit d; 0 if filled) for the grid less the
    eliminations applied so far."""
    puzzle = parse(request["puzzle"], request.get("size"))
    return p.reply(p.OK, candidates=remaining(puzzle, request.get("eliminated", ())))


# The last puzzles rated (grid text -> rating_dict), oldest first. The badge rates a grid
# 0.4 s after it changes and Explain of that grid reuses it: the SE estimate costs up to a
# second solve (solver.rating.se_steps), which Explain does not add to its own (before the
# badge has rated, its rating has the level and score only). The badge rates without the
# nested forcing chain's row (rate's nested=False): with it, a forum_hardest puzzle costs
# 7-11 s of CPython (20-30 s in Pyodide), during which this worker answers nothing, Hint
# included; without it, at most ~0.5 s, and the level it is sure of with floors
# (`bound`) where the path would need that row. Explain, which follows the path through it,
# reuses only a rating that is not such a floor. A hard variant's path below that row can
# still cost 5-26 s of CPython (many chains): the badge follows it for BADGE_SECONDS at
# most, and says what the steps so far make sure, as floors (rate's `seconds`).
RATED = {}
RATED_KEEP = 8
BADGE_SECONDS = 2.0


def rating_of(puzzle, rating=None) -> dict:
    """rating_dict of a puzzle with one solution, from RATED when it was rated before
    (`rating`, its Rating when the caller has one: a generated puzzle's); else the badge's
    rating, solver.rating.rate(puzzle, nested=False, seconds=BADGE_SECONDS)."""
    from solver.rating import rate as rate_puzzle

    key = puzzle.to_text()  # a variant's rules and all: its digits alone are a classic grid
    if key not in RATED:
        if len(RATED) >= RATED_KEEP:
            RATED.pop(next(iter(RATED)))
        RATED[key] = rating_dict(rating or rate_puzzle(puzzle, nested=False,
                                                       seconds=BADGE_SECONDS))
    return RATED[key]


def rate(request: dict) -> dict:
    """The difficulty of {"puzzle", "size"}: level, score and hardest technique, when it has
    exactly one solution (status RATED), else status MULTIPLE or NONE."""
    puzzle = parse(request["puzzle"], request.get("size"))
    count = count_solutions(puzzle)
    if count != 1:
        return p.reply(p.count_status(count))
    return p.reply(p.RATED, **rating_of(puzzle))


def explain(request: dict) -> dict:
    """Every step from the grid to its solution (Step.to_dict()s) and the rating: the badge's
    when it has rated this grid exactly (not `bound`), else the path's without the SE
    estimate (se 0.0)."""
    from solver.logic import solve_path
    from solver.rating import rate as rate_puzzle

    puzzle = parse(request["puzzle"], request.get("size"))
    count = count_solutions(puzzle)
    answer = unsolvable(count, all(puzzle.cells))
    if answer is not None:
        return answer
    path = solve_path(puzzle, unique=count == 1)
    answer = p.reply(p.EXPLAINED, unique=count == 1,
                     steps=[step.to_dict() for step in path.steps])
    if count == 1:
        badge = RATED.get(puzzle.to_text())
        answer["rating"] = badge if badge and not badge["bound"] else rating_dict(
            rate_puzzle(puzzle, path, se=False))
    return answer


def generate(request: dict) -> dict:
    """A new puzzle with one solution: {"size", "difficulty" (a level), "symmetric",
    "logical_only" (no trial and error needed; optional), "seed" (an int: the same puzzle
    every time; optional), "rules" (a variant's rule names; optional)}. The puzzle comes
    as text `read` takes back: a variant's with its rules (Puzzle.to_text)."""
    from solver.generator import generate as generate_puzzle

    seed = request.get("seed")
    rules = request.get("rules") or ()
    made = generate_puzzle(
        request.get("size", 9), request.get("difficulty"), bool(request.get("symmetric")),
        seed=seed if isinstance(seed, int) and not isinstance(seed, bool) else None,
        logical_only=bool(request.get("logical_only")),
        rules=list(rules) if isinstance(rules, list) else rules,
    )
    text = made.puzzle.to_text() if made.puzzle.geometry.rules else made.puzzle.to_string("0")
    answer = p.reply(p.GENERATED, puzzle=text, matched=made.matched, attempts=made.attempts)
    if made.rating is not None:
        answer["rating"] = rating_of(made.puzzle, made.rating)
    return answer


def scan(request: dict) -> dict:
    """Read a sudoku from a photo {"pixels": base64 grey bytes, "width", "height", and
    optionally "corners" set by hand: four [x, y], clockwise from top left}: status
    READ with the grid (conflicts and all), a confidence per cell, the grid's corners (in
    pixels of the photo's "size", [width, height]) and up to two suggested repairs
    (grids) when the grid read has no or several solutions."""
    import binascii

    pixels = binascii.a2b_base64(request["pixels"])
    return read_grey(pixels, int(request["width"]), int(request["height"]),
                     request.get("corners"))


def read_grey(pixels: bytes, width: int, height: int, corners=None) -> dict:
    """`scan`'s reply for grey pixels already in this worker (no base64 round trip)."""
    from solver.photo import read_photo

    reading = read_photo(pixels, width, height, corners)
    repairs = suggest_repairs(reading.puzzle, reading.alternatives)
    return p.reply(p.READ, puzzle=reading.puzzle.to_string("0"),
                   confidence=[round(c, 3) for c in reading.confidence],
                   corners=[[round(x, 1), round(y, 1)] for x, y in reading.corners],
                   size=[width, height],  # the corners' frame: the photo as read
                   repairs=[fixed.to_string("0") for fixed in repairs])


def watch(request: dict) -> dict:
    """The backtracking search of {"puzzle", "size", "order"} as the page animates it: its
    events (solver.search.trace, capped) flattened to cell, digit pairs (protocol.WATCH)."""
    from solver.search import trace as t

    puzzle = parse(request["puzzle"], request.get("size"))
    traced = t.trace(puzzle, request["order"])
    flat = []
    for kind, cell, digit in traced.events[:-1]:
        flat.append(cell)
        flat.append(digit if kind == t.PLACE else 0 if kind == t.REMOVE else p.DEAD_END)
    status = {t.SOLVED: p.SOLVED, t.NO_SOLUTION: p.NONE, t.STOPPED: p.STOPPED}
    return p.reply(status[traced.outcome], events=flat, guesses=traced.guesses,
                   backtracks=traced.backtracks, cap=t.MAX_EVENTS)


COMMANDS = {
    p.PING: ping, p.ANALYSE: analyse, p.HINT: hint, p.CANDIDATES: candidates, p.RATE: rate,
    p.EXPLAIN: explain, p.GENERATE: generate, p.SCAN: scan, p.WATCH: watch,
}


def call(command: str, request_json: str) -> str:
    """Run one command on a JSON request; the reply is JSON text."""
    return answered(run_command, command, request_json)


def run_command(command: str, request_json: str) -> dict:
    request = json.loads(request_json)
    if not isinstance(request, dict):
        raise PuzzleError("a request is a JSON object, not " + type(request).__name__)
    return COMMANDS[command](request)


def answered(work, *args) -> str:
    """`work(*args)`'s reply as JSON text; PuzzleError (and a missing field) as INVALID."""
    try:
        answer = work(*args)
    except PuzzleError as error:
        answer = p.invalid(error.message, error.cells)
    except KeyError as error:  # no such command, or a request without a field it needs
        answer = p.invalid("the request lacks " + str(error), [])
    return json.dumps(answer)


PHOTO_SIDE = 1024  # the long side, in pixels, the browser scales a photo to before reading
last_photo = []  # [grey bytes, width, height] of the photo decoded last, for rescan_photo


async def scan_photo(url: str) -> str:
    """Read the photo at a blob: URL (made by the page from the picked file): the browser
    decodes and scales it here in the worker (createImageBitmap, OffscreenCanvas), Python
    reads the grey pixels. The reply to `scan`, as JSON text."""
    import js  # the worker's JavaScript globals (Pyodide only)

    started = js.performance.now()
    try:
        blob = await (await js.fetch(url)).blob()
        bitmap = await js.createImageBitmap(blob)
    except Exception as error:  # noqa: BLE001 - any file the browser cannot decode
        js.console.warn("photo not decoded: " + str(error))
        return json.dumps(p.invalid("the file is not a photo the browser can open; "
                                    "take the photo again as JPEG or PNG", ()))
    scale = min(1.0, PHOTO_SIDE / max(bitmap.width, bitmap.height))
    width, height = max(1, round(bitmap.width * scale)), max(1, round(bitmap.height * scale))
    canvas = js.OffscreenCanvas.new(width, height)
    context = canvas.getContext("2d")
    context.filter = "grayscale(1)"
    context.drawImage(bitmap, 0, 0, width, height)
    bitmap.close()
    grey = context.getImageData(0, 0, width, height).data.to_bytes()[1::4]  # one channel
    last_photo[:] = [grey, width, height]
    decoded = js.performance.now()
    answer = json.loads(answered(read_grey, grey, width, height))
    answer["decoded"] = True  # a photo, so its grid's corners can be set by hand
    # where the time went, for benchmarks/photo.py --page: decoding and scaling, reading
    answer["ms"] = [round(decoded - started), round(js.performance.now() - decoded)]
    return json.dumps(answer)


def rescan_photo(corners_json: str) -> str:
    """Read the last photo again inside corners set by hand ([[x, y] x 4] as shares 0..1
    of its width and height, clockwise from top left): the reply to `scan`, as JSON."""
    if not last_photo:
        return json.dumps(p.invalid("no photo to read: scan one first", ()))
    gray, width, height = last_photo
    corners = [[x * width, y * height] for x, y in json.loads(corners_json)]
    return answered(read_grey, gray, width, height, corners)


__export__ = ["call", "scan_photo", "rescan_photo"]
