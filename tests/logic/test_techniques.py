"""The technique table (solver/logic/techniques.py), the one place a technique is declared:
each finder fires on a hand-made position under its table name, its hint and its rating
come from its row, and no other module spells a technique's name."""

import ast
import itertools
import re
from dataclasses import replace
from pathlib import Path

import pytest

from solver.logic import TABLE, TECHNIQUES, State, fish
from solver.logic.solve import search_step
from solver.logic.techniques import SEARCH_TECHNIQUE
from solver.model.puzzle import read
from solver.rating import SEARCH_SCORE_PER_CANDIDATE, rate_steps
from tests.checks import load_lines

from .positions import blank, grid, pattern, state_from
from .test_aic import ALS_NODE, GROUPED, MIXED
from .test_als import ALS, BLOSSOM, CHAIN, XY_WING
from .test_chains import REMOTE, TURBOT, X_LINKS, XY_CELLS
from .test_colouring import MULTI_1, MULTI_2, TRAP, WRAP
from .test_fish import (  # noqa: F401
    FINNED,
    LARGEST_FISH_WORK,
    SIZES,
    complex_fish,
    fish_name,
    lone_fish,
    roomy_fish_search,
)
from .test_forcing import WING
from .test_killer import ROW_1_CAGES, ROW_1_TRIPLE, killer
from .test_locked_forcing import stalled_anti_knight
from .test_nested import HARDEST, stalled
from .test_rectangles import AR1, AR2, HIDDEN, UR3, UR5, UR6, placed
from .test_single_digit import EMPTY_RECTANGLE
from .test_sue_de_coq import SUE
from .test_templates import without
from .test_uniqueness import BUG, UR2, UR4, bug_position
from .test_variant_rules import ANTI_KNIGHT, SEEN
from .test_wings import W_CELLS

ROOT = Path(__file__).resolve().parents[2]
ROW_1 = ["r1c1", "r1c3", "r1c5", "r1c7"]


def rows_only(d: int, rows: dict[int, list[int]]) -> State:
    """Digit d kept in each given row only at the given columns."""
    return pattern(blank(), lines={d: {f"row {r}": [f"r{r}c{c}" for c in cs]
                                       for r, cs in rows.items()}})


@pytest.fixture(autouse=True)
def room_for_the_largest_fish(request, monkeypatch):
    """The squirmbag and whale rows' hints get the budget their boards need (test_fish)."""
    request.getfixturevalue("roomy_fish_search")  # set first, so this one has the last word
    technique = getattr(getattr(request.node, "callspec", None), "params", {}).get("technique")
    if technique is not None and technique.name.endswith((SIZES[5], SIZES[6])):
        monkeypatch.setattr(fish, "FISH_WORK", LARGEST_FISH_WORK)
        fish.complex_fish.cache_clear()


# A position each technique's finder fires on (the patterns of its own tests).
POSITIONS = {
    "Full house": lambda: state_from("12345678" + "0" * 73),
    "Naked single": lambda: state_from(grid({"r1c1": 1, "r1c2": 2, "r1c3": 3, "r1c4": 4,
                                             "r1c5": 5, "r1c6": 6, "r5c9": 7, "r7c9": 8})),
    "Hidden single": lambda: state_from(grid({"r2c4": 1, "r3c7": 1, "r5c2": 1, "r7c3": 1})),
    "Cage combinations": lambda: killer((23, ROW_1_TRIPLE)),
    "Rule of 45": lambda: killer(*ROW_1_CAGES),
    "Locked candidates (seen by all)":
        lambda: pattern(blank(rules=ANTI_KNIGHT), lines=SEEN),
    "Cage/unit overlap": lambda: killer((23, ROW_1_TRIPLE)),
    "Locked candidates (pointing)":
        lambda: pattern(blank(), lines={5: {"box 1": ["r1c1", "r1c2"]}}),
    "Locked candidates (claiming)":
        lambda: pattern(blank(), lines={5: {"row 1": ["r1c1", "r1c2"]}}),
    "Naked pair": lambda: pattern(blank(), cands={"r1c1": "12", "r2c2": "12"}),
    "Naked triple": lambda: pattern(blank(), cands={"r1c1": "12", "r1c4": "23", "r1c7": "13"}),
    "Hidden pair": lambda: pattern(blank(), lines={d: {"row 1": ROW_1[:2]} for d in (1, 2)}),
    "Hidden triple": lambda: pattern(blank(), lines={d: {"row 1": ROW_1[:3]} for d in (1, 2, 3)}),
    "Naked quad": lambda: pattern(blank(), cands={"r1c1": "12", "r1c3": "23", "r1c5": "34",
                                                  "r1c7": "14"}),
    "Hidden quad": lambda: pattern(blank(), lines={d: {"row 1": ROW_1} for d in (1, 2, 3, 4)}),
    "X-Wing": lambda: rows_only(1, {1: [2, 6], 5: [2, 6]}),
    "Swordfish": lambda: rows_only(1, {1: [1, 5], 5: [5, 9], 9: [1, 9]}),
    "Jellyfish": lambda: rows_only(4, {1: [1, 3], 3: [3, 5], 5: [5, 7], 7: [7, 1]}),
    "XY-Wing": lambda: pattern(blank(), cands={"r1c1": "12", "r1c5": "13", "r5c1": "23"}),
    "XYZ-Wing": lambda: pattern(blank(), cands={"r1c1": "123", "r1c7": "13", "r2c2": "23"}),
    "W-Wing": lambda: pattern(blank(), cands=W_CELLS, lines={1: {"column 5": ["r1c5", "r5c5"]}}),
    "Skyscraper": lambda: pattern(blank(), lines={1: {"row 1": ["r1c1", "r1c5"],
                                                      "row 4": ["r4c1", "r4c6"]}}),
    "2-String Kite": lambda: pattern(blank(), lines={1: {"row 1": ["r1c2", "r1c7"],
                                                         "column 1": ["r2c1", "r7c1"]}}),
    "Simple colouring (colour trap)": lambda: pattern(blank(), lines=TRAP),
    "Simple colouring (colour wrap)": lambda: pattern(blank(), lines=WRAP),
    "Unique rectangle (type 1)": lambda: pattern(
        blank(), cands={"r1c1": "12", "r1c2": "12", "r5c1": "12", "r5c2": "125"}),
    "X-Chain": lambda: pattern(blank(), lines={1: X_LINKS}),
    "Turbot Fish": lambda: pattern(blank(), lines={1: TURBOT}),
    "Remote Pair": lambda: pattern(blank(), cands=REMOTE),
    "XY-Chain": lambda: pattern(blank(), cands=XY_CELLS),
    "Alternating inference chain": lambda: pattern(blank(), **MIXED),
    "Grouped alternating inference chain": lambda: pattern(blank(), lines=GROUPED),
    "AIC with ALS nodes": lambda: pattern(blank(), cands=ALS_NODE),
    "Forcing chain": lambda: pattern(blank(), cands=WING),
    # where every other row stalls, on the hardest puzzles (tests/logic/test_nested.py)
    "Nested forcing chain": lambda: stalled(HARDEST[0])[0],
    # where the forcing chains stall on a minimal anti-knight puzzle
    "Forcing chain with locked candidates": lambda: stalled_anti_knight()[0],
    "ALS-XZ": lambda: pattern(blank(), cands=ALS),
    "ALS-XY-Wing": lambda: pattern(blank(), cands=XY_WING),
    "ALS chain": lambda: pattern(blank(), cands=CHAIN),
    "Sue de Coq": lambda: pattern(blank(), cands=SUE),
    "Empty rectangle": lambda: pattern(blank(), lines=EMPTY_RECTANGLE),
    "Finned X-Wing": lambda: pattern(blank(), lines=FINNED),
    "Unique rectangle (type 2)": lambda: pattern(blank(), cands=UR2),
    "Unique rectangle (type 4)": lambda: pattern(blank(), **UR4),
    "Unique rectangle (type 3)": lambda: pattern(blank(), cands=UR3),
    "Unique rectangle (type 5)": lambda: pattern(blank(), cands=UR5),
    "Unique rectangle (type 6)": lambda: pattern(blank(), **UR6),
    "Hidden rectangle": lambda: pattern(blank(), **HIDDEN),
    "Avoidable rectangle (type 1)": lambda: placed(blank(), **AR1),
    "Avoidable rectangle (type 2)": lambda: pattern(placed(blank(), r1c1=3, r1c2=7), **AR2),
    "BUG+1": lambda: bug_position(BUG),
    "Finned swordfish": lambda: rows_only(1, {1: [1, 5], 5: [5, 9], 9: [1, 9, 8]}),
    "Finned jellyfish": lambda: rows_only(4, {1: [1, 3], 3: [3, 5], 5: [5, 7], 7: [7, 1, 2]}),
    **{fish_name(kind, k, False): (lambda kind=kind, k=k: complex_fish(kind, k))
       for kind in ("Franken", "Mutant") for k in (2, 3, 4)},
    **{fish_name(kind, k, True): (lambda kind=kind, k=k: complex_fish(kind, k, "r1c4"))
       for kind in ("Mutant",) for k in (2, 3, 4)},
    **{fish_name("Franken", k, True): (lambda k=k: complex_fish("Franken", k, "r1c3"))
       for k in (3, 4)},
    **{fish_name(kind, k, bool(fin)): (lambda kind=kind, k=k, fin=fin: lone_fish(kind, k, fin))
       for kind, fin in (("Franken", ""), ("Franken", "r1c3"), ("Mutant", ""), ("Mutant", "r1c4"))
       for k in (5, 6)},
    "Finned Franken X-Wing": lambda: complex_fish("Franken", 2, "r1c2"),
    "Death Blossom": lambda: pattern(blank(), cands=BLOSSOM),
    "Template set": lambda: state_from(without({1})),
    "Template delete": lambda: state_from(without({1, 2}), r1c1="1"),
    "Multi-colouring (type 1)": lambda: pattern(blank(), lines=MULTI_1),
    "Multi-colouring (type 2)": lambda: pattern(blank(), lines=MULTI_2),
}


@pytest.mark.parametrize("technique", TECHNIQUES, ids=lambda t: t.name)
def test_every_finder_fires_under_its_table_name_and_is_rated_from_its_row(technique):
    step = technique.find(POSITIONS[technique.name]())
    assert step is not None, technique.name
    assert step.technique == technique.name
    assert step.placements or step.eliminations
    rating = rate_steps([step])
    assert (rating.level, rating.score, rating.hardest) == (
        technique.level, technique.weight, technique.name)


@pytest.mark.parametrize("technique", TECHNIQUES, ids=lambda t: t.name)
def test_every_nudge_is_worded_from_the_table(technique):
    state = POSITIONS[technique.name]()
    step = technique.find(state)
    assert step.nudge() == "Look for " + technique.phrase + " " + step.area + "."
    # another phrase in the row, another hint: no wording is derived from the name
    renamed = replace(technique, name="Test name", phrase="the test phrase").find(state)
    assert renamed.technique == "Test name"
    assert renamed.nudge() == "Look for the test phrase " + step.area + "."


# About two lines of a phone's collapsed hint (the status shows three: static/ui/status.py).
PREVIEW = 80
PLACE = re.compile(r"\b(rows?|columns?|box(es)?) [0-9]")


@pytest.mark.parametrize("technique", TECHNIQUES, ids=lambda t: t.name)
def test_every_explanation_opens_with_its_own_place(technique):
    # a general rule said first would fill the collapsed hint: the step's own cells lead
    step = technique.find(POSITIONS[technique.name]())
    assert PLACE.search(step.explanation[:PREVIEW]), step.explanation


def test_the_search_step_is_the_tables_last_row_without_a_finder():
    state = State.from_puzzle(read(load_lines("top95.txt")[0]))
    step = search_step(state)
    assert step.technique == SEARCH_TECHNIQUE.name == TABLE[-1].name
    assert SEARCH_TECHNIQUE.finder is None and SEARCH_TECHNIQUE not in TECHNIQUES
    assert step.nudge() == "No logical step applies here: the rest needs trial and error."
    rating = rate_steps([step], untrialled=7)
    assert (rating.level, rating.score) == (
        SEARCH_TECHNIQUE.level, SEARCH_TECHNIQUE.weight + 7 * SEARCH_SCORE_PER_CANDIDATE)


def string_literals(path: Path):
    """(line, text) of every string constant in a Python file."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value


def test_no_module_but_the_table_spells_a_technique_name():
    names = {t.name for t in TABLE}
    table = ROOT / "solver" / "logic" / "techniques.py"
    sources = [*(ROOT / "solver").rglob("*.py"), *(ROOT / "static").glob("*.py"),
               *(ROOT / "static" / "ui").glob("*.py")]
    assert table in sources and len(sources) > 20
    found = [f"{path.relative_to(ROOT)}:{line}: {text!r}"
             for path in sources if path != table
             for line, text in string_literals(path) if text in names]
    assert not found, "technique names outside the table:\n" + "\n".join(found)


@pytest.mark.parametrize("technique", TECHNIQUES, ids=lambda t: t.name)
def test_find_all_starts_with_finds_step_and_names_every_one(technique):
    state = POSITIONS[technique.name]()
    steps = list(itertools.islice(technique.find_all(state), 50))
    assert steps[0] == technique.find(state)
    assert all(s.technique == technique.name and s.entry is technique for s in steps)
    assert all(s.placements or s.eliminations for s in steps)


def test_find_all_lists_every_instance_not_only_the_first():
    # two X-Wings, on 1s (rows 1 and 5) and on 2s (rows 2 and 7): find gives the first only
    state = pattern(blank(), lines={1: {"row 1": ["r1c2", "r1c6"], "row 5": ["r5c2", "r5c6"]},
                                    2: {"row 2": ["r2c3", "r2c8"], "row 7": ["r7c3", "r7c8"]}})
    x_wing = next(t for t in TECHNIQUES if t.name == "X-Wing")
    found = list(x_wing.find_all(state))
    assert [s.digits for s in found] == [(1,), (2,)]
    assert found[0] == x_wing.find(state)


def test_a_hint_never_runs_the_listing_search():
    # `more` (a budget-cut finder's search with the listing budget) is find_all's alone:
    # find, which hints and paths use, keeps the hint's budget
    def listing(state):
        raise AssertionError("find ran the listing search")
        yield

    listed = [t for t in TECHNIQUES if t.more is not None]
    assert {"ALS-XZ", "Death Blossom", "Franken X-Wing"} <= {t.name for t in listed}
    for technique in listed:
        state = POSITIONS[technique.name]()
        assert replace(technique, more=listing).find(state) == technique.find(state)
        with pytest.raises(AssertionError, match="listing search"):
            list(replace(technique, more=listing).find_all(state))
