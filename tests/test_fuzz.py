"""Every public entry takes ANY value and answers or raises PuzzleError: never another
exception, never a hang past its timeout, its input never changed (issue 14).

The quick profile runs in the default suite; the long one on demand:

    FUZZ_EXAMPLES=20000 .venv/bin/python -m pytest -q tests/test_fuzz.py
"""

import copy
import json
import os
import sys
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solver
from solver.generator import generate
from solver.logic import candidates, next_step, solve_path
from solver.model.files import read_puzzles
from solver.model.geometry import BOX_SHAPES, SYMBOLS
from solver.photo import MIN_SIDE, read_photo
from solver.rating import rate
from solver.search.trace import trace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "static"))
import protocol  # noqa: E402 - static/protocol.py
import worker  # noqa: E402 - the worker module lives under static/
from ui import (
    links,  # noqa: E402
    stopwatch,  # noqa: E402
    storage,  # noqa: E402
)
from ui import (
    settings as ui_settings,  # noqa: E402
)

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "30"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 30,
                suppress_health_check=list(HealthCheck))
TIMEOUT = 2.0  # seconds: what the searching calls are given, so none can hang

# Anything at all: the values a caller (or a hostile link, paste or save) can hand over.
scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=40) \
    | st.binary(max_size=20)
anything = st.recursive(scalars, lambda inner: st.lists(inner, max_size=6)
                        | st.tuples(inner, inner)
                        | st.dictionaries(st.text(max_size=5), inner, max_size=4), max_leaves=30)
# And values close to puzzles, where the readers do their real work.
grid_text = st.sampled_from(sorted(BOX_SHAPES)).flatmap(
    lambda n: st.text(alphabet=SYMBOLS[:n] + SYMBOLS[:n].lower() + ".0 |-+\n\u00a0\u0131x",
                      min_size=n * n - 2, max_size=n * n + 4))
grid_rows = st.sampled_from([4, 6, 9]).flatmap(
    lambda n: st.lists(st.lists(st.integers(-2, n + 2), min_size=n - 1, max_size=n + 1),
                       min_size=n - 1, max_size=n + 1))
inputs = anything | grid_text | grid_rows


def answers_or_refuses(call, value) -> None:
    """Call; only PuzzleError (or SearchTimeout past TIMEOUT) may come out; `value` unchanged."""
    before = copy.deepcopy(value)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", solver.PuzzleWarning)
            call(value)
    except (solver.PuzzleError, solver.SearchTimeout):
        pass
    assert value == before or value != value  # NaN inside is never equal to itself


def as_puzzle(value):
    """What the logic and rating calls are given: a Puzzle when `value` reads as one."""
    try:
        return solver.parse(value)
    except solver.PuzzleError:
        return value


ENTRIES = {
    "solve": lambda v: solver.solve(v, timeout=TIMEOUT),
    "parse": solver.parse,
    "read": solver.read,
    "parse with size": lambda v: solver.parse(EASY_TEXT, size=v),
    "parse with rules": lambda v: solver.parse(EASY_TEXT, rules=v),
    "Rules regions": lambda v: solver.Rules(9, regions=v),
    "Rules x": lambda v: solver.Rules(9, x=v),
    "Rules cages": lambda v: solver.Rules(9, cages=v),
    "Rules a cage": lambda v: solver.Rules(9, cages=[v]),
    "read f-puzzles JSON": lambda v: solver.read('{"size": 9, "grid": ' + repr(v) + "}"),
    "read f-puzzles link": lambda v: solver.read("f-puzzles.com/?load=N4Ig" + str(v)),
    "analyse": lambda v: solver.analyse(v, timeout=TIMEOUT),
    "count_solutions": lambda v: solver.count_solutions(v, timeout=TIMEOUT),
    "count_solutions limit": lambda v: solver.count_solutions(EASY_TEXT, limit=v, timeout=TIMEOUT),
    "timeout": lambda v: solver.analyse(EASY_TEXT, timeout=v),
    "read_puzzles": read_puzzles,
    "conflicts": solver.conflicts,
    "candidates": lambda v: candidates(as_puzzle(v)),
    "next_step": lambda v: next_step(as_puzzle(v)),
    "solve_path": lambda v: solve_path(as_puzzle(v)),
    "rate": lambda v: rate(as_puzzle(v)),
    "generate size": lambda v: generate(v, seed=1, max_attempts=1),
    "generate difficulty": lambda v: generate(4, v, seed=1, max_attempts=1),
    "trace": lambda v: trace(v, max_events=500),
    "trace order": lambda v: trace(EASY_TEXT, v, max_events=500),
    "from_storage": storage.from_storage,
    "settings_from": ui_settings.settings_from,
    "times_from": stopwatch.times_from,
    "puzzle_from_query": links.puzzle_from_query,
    "read_photo pixels": lambda v: read_photo(v, MIN_SIDE, MIN_SIDE),
    "read_photo width": lambda v: read_photo(BLANK_PHOTO, v, MIN_SIDE),
    "read_photo corners": lambda v: read_photo(BLANK_PHOTO, MIN_SIDE, MIN_SIDE, corners=v),
    "suggest_repairs puzzle": lambda v: solver.suggest_repairs(v, EASY_READING),
    "suggest_repairs alternatives": lambda v: solver.suggest_repairs(TWO_SOLUTIONS, v),
    "suggest_repairs limit": lambda v: solver.suggest_repairs(TWO_SOLUTIONS, EASY_READING, v),
}
EASY_TEXT = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
BLANK_PHOTO = bytes([255]) * (MIN_SIDE * MIN_SIDE)  # white paper: a size read_photo takes
# A photo reading of EASY (each cell sure, a 1 the runner-up) with a given taken away, so
# the grid has several solutions and suggest_repairs searches.
EASY_READING = tuple(((d, 0.9), (1, 0.1)) for d in solver.parse(EASY_TEXT).cells)
TWO_SOLUTIONS = solver.parse(EASY_TEXT).with_cell(0, 0).with_cell(1, 0).with_cell(4, 0)


@pytest.mark.parametrize("name", list(ENTRIES))
@FUZZ
@given(value=inputs)
def test_every_entry_answers_or_refuses_any_value(name, value):
    answers_or_refuses(ENTRIES[name], value)


@pytest.mark.parametrize("command", sorted(protocol.REPLIES))
@FUZZ
@given(request=anything | st.fixed_dictionaries({"puzzle": inputs, "size": anything}))
def test_every_worker_command_answers_json_for_any_request(command, request):
    try:
        text = json.dumps(request)
    except (TypeError, ValueError):
        return  # not JSON: the UI never sends it
    reply = json.loads(worker.call(command, text))
    assert reply["status"] in protocol.REPLIES[command] + (protocol.INVALID,)
