"""Hostile callers (issue 26): every public entry of `solver`, `solver.logic`,
`solver.rating`, `solver.generator`, `solver.photo` and `solver.search.trace` (their
`__all__`, less the records they return) is handed, in each of its arguments in turn,
values built to break it: int, str and list subclasses whose comparisons, hashes, lengths
or iteration lie or raise, huge, deep and self-referential values, NaN, inf, 10**400,
Unicode digits, and grids holding such values. Only PuzzleError (or the entry's answer)
may come out, no call may hang, and no value handed over may change.

The draws are derandomized (the same examples every run); the long run, on demand:

    HOSTILE_EXAMPLES=300 .venv/bin/python -m pytest -q tests/test_hostile.py
"""

import inspect
import math
import os
import signal
import warnings
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solver
import solver.generator
import solver.logic
import solver.photo
import solver.rating
import solver.search.trace
from solver.model.errors import MOST_SHOWN, shown
from tests.checks import NO_SOLUTION

EXAMPLES = int(os.environ.get("HOSTILE_EXAMPLES", "25"))
settings.register_profile("hostile", max_examples=EXAMPLES, deadline=None, derandomize=True,
                          database=None, suppress_health_check=list(HealthCheck))
HOSTILE = settings.get_profile("hostile")
HANG_SECONDS = 60  # far past any call here (each takes well under a second): a hang, not slowness
MODULES = (solver, solver.logic, solver.rating, solver.generator, solver.photo,
           solver.search.trace)
# What the entries return, not what they take: records whose fields are the caller's own.
RECORDS = {"Analysis", "Entry", "PuzzleError", "PuzzleWarning", "SearchTimeout", "Path", "Step",
           "Technique", "Rating", "Generated", "Reading", "Trace"}


# ---- hostile values -------------------------------------------------------------------
class Liar(int):
    """An int whose every comparison says True."""

    def __eq__(self, other): return True
    __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __eq__
    __hash__ = int.__hash__


class Sulky(int):
    """An int that raises when compared, hashed, shown or converted."""

    def _raise(self, *args):
        raise RuntimeError("sulky")
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = __repr__ = _raise
    __index__ = __int__ = __float__ = __bool__ = __str__ = _raise


class OddStr(str):
    """Text whose comparisons say True and whose length and iteration lie or raise."""

    def __eq__(self, other): return True
    __hash__ = str.__hash__

    def __len__(self): return 0

    def __iter__(self): raise RuntimeError("odd str")

    def replace(self, *args): raise RuntimeError("odd str")


class OddList(list):
    """A list whose length lies and whose indexing and iteration raise."""

    def __len__(self): return 81

    def __getitem__(self, index): raise RuntimeError("odd list")

    def __iter__(self): raise RuntimeError("odd list")


class Explosive:
    """Raises from everything a caller may ask of a value."""

    def _raise(self, *args):
        raise RuntimeError("explosive")
    __eq__ = __hash__ = __bool__ = __len__ = __iter__ = __repr__ = __index__ = _raise
    __float__ = __int__ = __getitem__ = __str__ = _raise


class PretendInt:
    """isinstance(x, int) is True, yet it is no int."""

    __class__ = property(lambda self: int)


def deep(levels: int) -> list:
    value: list = []
    for _ in range(levels):
        value = [value]
    return value


def looped_list() -> list:
    value: list = [0]
    value.append(value)
    return value


def looped_dict() -> dict:
    value: dict = {}
    value["self"] = value
    return value


EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SMALL = solver.generator.generate(4, seed=1).puzzle  # a 4x4 with one solution: quick to run
ARABIC = "".join(chr(0x660 + int(c)) if c.isdigit() else c for c in EASY)
FULLWIDTH = "".join(chr(0xFF10 + int(c)) if c.isdigit() else c for c in EASY)

# Factories, so every call gets a fresh value (and a value changed by one call cannot
# reach the next). Each name says what it is in the report of a failure.
KINDS = {
    "None": lambda: None, "True": lambda: True, "False": lambda: False, "-1": lambda: -1,
    "1.5": lambda: 1.5, "NaN": lambda: math.nan, "inf": lambda: math.inf,
    "-inf": lambda: -math.inf, "10**400": lambda: 10**400, "-10**400": lambda: -(10**400),
    "10**5000": lambda: 10**5000, "1j": lambda: 1j, "empty text": lambda: "",
    "arabic digits": lambda: ARABIC, "fullwidth digits": lambda: FULLWIDTH,
    "superscript 2": lambda: "\u00b2", "circled 1": lambda: "\u2460",
    "text 20001": lambda: "9" * 20001,
    "bytes": lambda: b"\x00" * 3, "bytearray": lambda: bytearray(3), "dict": lambda: {"a": 1},
    "set": lambda: {1, 2}, "object": object, "explosive": Explosive, "pretend int": PretendInt,
    "liar 9": lambda: Liar(9), "liar 0": lambda: Liar(0), "liar 99": lambda: Liar(99),
    "sulky 4": lambda: Sulky(4), "odd str first": lambda: OddStr("first"),
    "odd str easy": lambda: OddStr(EASY), "odd str Easy": lambda: OddStr("Easy"),
    "odd list": lambda: OddList([0] * 81), "deep list": lambda: deep(10_000),
    "looped list": looped_list, "looped dict": looped_dict, "long list": lambda: [0] * 20_000,
    "deep tuple": lambda: tuple(deep(3_000)), "iterator": lambda: iter([1, 2, 3]),
    "list of liars": lambda: [Liar(1)] * 81, "list of floats": lambda: [1.0] * 81,
    "list of huge": lambda: [10**400] * 81, "rows of liars": lambda: [[Liar(5)] * 9] * 9,
}


def grid_with(kind: str, cell: int) -> list:
    """The easy 9x9 as rows with one cell replaced by a hostile value."""
    rows = solver.parse(EASY).rows()
    rows[cell // 9][cell % 9] = KINDS[kind]()
    return rows


kind_names = st.sampled_from(sorted(KINDS))
hostile = kind_names.map(lambda k: (k, KINDS[k])) | st.builds(
    lambda k, c: ("grid with " + k + " at " + str(c), lambda: grid_with(k, c)),
    kind_names, st.integers(0, 80)) | st.builds(
    lambda k, d: ("[" * d + k + "]" * d, lambda: deep_around(KINDS[k](), d)),
    kind_names, st.integers(1, 3))


def deep_around(value, levels: int):
    for _ in range(levels):
        value = [value]
    return value


# ---- what each entry is given when another argument is the hostile one ------------------
def good_arguments() -> dict:
    """Per entry, a valid value for each argument it takes (the SMALL puzzle's)."""
    state = solver.logic.State.from_puzzle(SMALL)
    two = SMALL.with_cell(SMALL.cells.index(next(d for d in SMALL.cells if d)), 0)
    blank = bytes([255]) * solver.photo.MIN_SIDE ** 2
    photo = {"gray": blank, "width": solver.photo.MIN_SIDE, "height": solver.photo.MIN_SIDE}
    return {
        "solve": {"grid": SMALL.rows(), "timeout": 2.0},
        "parse": {"source": SMALL.to_string(), "size": 4, "rules": solver.Rules(4, x=True)},
        "read": {"source": SMALL.rows(), "size": 4, "rules": None},
        "analyse": {"source": SMALL, "timeout": 2.0},
        "count_solutions": {"source": SMALL, "limit": 2, "timeout": 2.0},
        "conflicts": {"puzzle": SMALL},
        "geometry": {"size": 4},
        "Geometry": {"size": 4, "rules": None},
        "Rules": {"size": 4, "regions": ["AABB", "AABB", "CCDD", "CCDD"], "x": True,
                  "windoku": False, "anti_knight": True, "anti_king": False,
                  "cages": [(3, [0, 1]), (7, (2, 3))]},
        "Puzzle": {"geometry": SMALL.geometry, "cells": list(SMALL.cells)},
        "read_puzzles": {"text": SMALL.to_string()},
        "suggest_repairs": {"puzzle": two, "alternatives": tuple(
            ((d, 0.9), (1, 0.1)) for d in two.cells), "limit": 2},
        "candidates": {"puzzle": SMALL},
        "next_step": {"source": SMALL, "unique": True, "techniques": solver.logic.TECHNIQUES},
        "solve_path": {"puzzle": SMALL, "unique": True, "techniques": solver.logic.TECHNIQUES},
        "State": {"geometry": SMALL.geometry, "values": state.values, "cands": state.cands,
                  "givens": state.values},
        "technique_names": {},
        "level_rank": {"level": "Hard"},
        "rate": {"puzzle": SMALL, "path": None, "se": False, "nested": False, "seconds": None},
        "solves_within": {"puzzle": SMALL, "level": "Easy"},
        "generate": {"size": 4, "difficulty": None, "symmetric": True, "seed": 1,
                     "max_attempts": 1, "logical_only": False, "rules": ()},
        "find_corners": photo,
        "read_photo": {**photo, "corners": None},
        "trace": {"puzzle": SMALL, "order": "first", "max_events": 300},
        "events": {"puzzle": SMALL, "order": "fewest", "max_events": 300, "cells": None},
    }


GOOD = good_arguments()


def entries() -> dict:
    """Every callable each module exports, less the records: name -> callable."""
    found = {}
    for module in MODULES:
        for name in module.__all__:
            value = getattr(module, name)
            if callable(value) and name not in RECORDS:
                found[name] = value
    return found


ENTRIES = entries()
CASES = [(name, parameter) for name, call in sorted(ENTRIES.items())
         for parameter in inspect.signature(call).parameters]


def test_every_exported_entry_has_good_arguments_here():
    """A new public entry (or argument) must join GOOD, so it is fuzzed too."""
    assert set(ENTRIES) == set(GOOD)
    for name, call in ENTRIES.items():
        assert set(inspect.signature(call).parameters) == set(GOOD[name]), name


# ---- the property ---------------------------------------------------------------------
def fingerprint(value) -> list:
    """What a value holds, read without calling anything its class overrides, without
    recursion (a 10,000-deep list) and finite for self-referential ones."""
    out, seen, stack = [], {}, [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, dict, set, bytearray)):
            if id(item) in seen:
                out.append(("seen", seen[id(item)]))
                continue
            seen[id(item)] = len(seen)
        if isinstance(item, list):
            content = list(list.__iter__(item))
            out.append(("list", type(item).__name__, len(content)))
            stack.extend(reversed(content))
        elif isinstance(item, dict):
            pairs = list(dict.items(item))
            out.append(("dict", len(pairs)))
            for key, inner in reversed(pairs):
                stack.extend((inner, key))
        elif isinstance(item, set):
            out.append(("set", set.__len__(item)))
        elif isinstance(item, bytearray):
            out.append(("bytearray", bytes(item)))
        elif type(item) in (int, float, str, bytes, bool, type(None)):
            out.append(("value", type(item), item if type(item) is not int
                        or -(10**50) < item < 10**50 else id(item)))
        else:
            out.append(("other", type(item).__name__))
    return out


def same(before: list, after: list) -> bool:
    return len(before) == len(after) and all(
        a == b or (isinstance(a[2], float) and math.isnan(a[2]) and math.isnan(b[2]))
        for a, b in zip(before, after, strict=True))


@contextmanager
def hang_guard(what: str):
    """Fail, rather than wait for ever, when a call runs past HANG_SECONDS."""
    def stop(signum, frame):
        raise AssertionError(what + " hung (over " + str(HANG_SECONDS) + " s)")
    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def call_with(name: str, parameter: str, value):
    """The entry called with its good arguments but `value` as `parameter`; a generator's
    events are run to their end."""
    arguments = {**GOOD[name], parameter: value}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", solver.PuzzleWarning)
        answer = ENTRIES[name](**arguments)
        if inspect.isgenerator(answer):
            answer = list(answer)
    return answer


@pytest.mark.parametrize(("name", "parameter"), CASES)
@HOSTILE
@given(drawn=hostile)
def test_every_entry_refuses_hostile_values_with_puzzle_error(name, parameter, drawn):
    kind, make = drawn
    value = make()
    before = fingerprint(value)
    with hang_guard(name + "(" + parameter + "=" + kind + ")"):
        try:
            call_with(name, parameter, value)
        except (solver.PuzzleError, solver.SearchTimeout) as error:
            assert isinstance(error.args[0], str) and error.args[0], kind
    assert same(before, fingerprint(value)), name + " changed its " + parameter + ": " + kind


# ---- the checks the issue names, one by one --------------------------------------------
ISSUE_CASES = {
    "solve of a Puzzle of 99s": lambda: solver.solve(solver.Puzzle(solver.geometry(9), [99] * 81)),
    "a Puzzle of three cells": lambda: solver.analyse(solver.Puzzle(solver.geometry(9), [0] * 3)),
    "timeout=10**400": lambda: solver.analyse(EASY, timeout=10**400),
    "deep size": lambda: solver.parse(EASY, size=deep(10_000)),
    "deep limit": lambda: solver.count_solutions(EASY, limit=deep(10_000)),
    "deep timeout": lambda: solver.count_solutions(EASY, timeout=deep(10_000)),
    "deep level": lambda: solver.generator.generate(4, deep(10_000)),
    "deep order": lambda: solver.search.trace.trace(EASY, deep(10_000)),
    "deep photo width": lambda: solver.photo.read_photo(b"", deep(10_000), 1),
    "max_events=None": lambda: solver.search.trace.trace(EASY, max_events=None),
    "seed={}": lambda: solver.generator.generate(4, seed={}),
    "max_attempts=9.0": lambda: solver.generator.generate(4, "Easy", max_attempts=9.0),
    "path=1": lambda: solver.rating.rate(SMALL, path=1),
    "find_corners(None, 100, 100)": lambda: solver.photo.find_corners(None, 100, 100),
    "techniques=None": lambda: solver.logic.next_step(SMALL, techniques=None),
    "liar cells": lambda: solver.analyse([[Liar(99)] * 9] * 9),
    "liar limit": lambda: solver.count_solutions(EASY, limit=Liar(0)),
    "geometry([])": lambda: solver.geometry([]),
    "geometry({})": lambda: solver.geometry({}),
}


@pytest.mark.parametrize("case", sorted(ISSUE_CASES))
def test_the_issues_breaks_give_puzzle_error(case):
    with pytest.raises(solver.PuzzleError) as raised:
        ISSUE_CASES[case]()
    assert len(str(raised.value)) < 400  # the message quotes a value briefly, whatever it is


def test_int_subclasses_are_read_as_the_ints_they_hold():
    """A well-behaved int subclass (an IntEnum, say) is read as its int; a liar cannot
    smuggle its comparisons into the search."""
    rows = [[Liar(d) for d in row] for row in solver.parse(EASY).rows()]
    solved = solver.solve(rows)
    assert solved == solver.solve(solver.parse(EASY).rows())
    assert all(type(d) is int for row in solved for d in row)
    assert solver.count_solutions(EASY, limit=Liar(1)) == 1
    assert solver.geometry(Liar(9)) is solver.geometry(9)
    assert all(type(d) is int for d in solver.Puzzle(solver.geometry(4), [Liar(1)] * 16).cells)


def test_the_original_solve_contract_is_kept():
    rows = solver.parse(EASY).rows()
    solved = solver.solve(rows)
    assert solved is not rows and rows == solver.parse(EASY).rows()
    assert all(len(row) == 9 and all(1 <= d <= 9 for d in row) for row in solved)
    assert solver.solve(solver.parse(NO_SOLUTION).rows()) is False
    with pytest.warns(solver.PuzzleWarning, match="row 1, column 1"):
        assert solver.solve([[99] + row[1:] if r == 0 else row for r, row in enumerate(rows)]) \
            is None


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_shown_is_short_and_never_raises(kind):
    text = shown(KINDS[kind]())
    assert isinstance(text, str) and 0 < len(text) <= MOST_SHOWN
