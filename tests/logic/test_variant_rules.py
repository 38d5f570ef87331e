"""The step-by-step solver under a variant's rules: which rows of the technique table hold
under which rules, the finders that read units from the geometry working on a variant's
units (diagonals, windows, jigsaw regions), and every step of a solve path agreeing with
the one solution on Killer, Jigsaw, X, Windoku, Anti-knight and Anti-king puzzles."""

import pytest

from solver.logic import TECHNIQUES, State, next_step, solve_path
from solver.logic.techniques import BY_NAME
from solver.model.geometry import RULE_NAMES, Rules
from tests.killer import Killer
from tests.test_variants import JIGSAW6_MAP, JIGSAW_MAP, Checker
from tests.variant_sets import SETS, killer_puzzle, made_puzzle

from .positions import blank, find, named, pattern

X = Rules(9, x=True)
WINDOKU = Rules(9, windoku=True)
JIGSAW = Rules(9, regions=JIGSAW_MAP)


def test_every_row_holds_under_the_classic_rules_and_uniqueness_under_no_other():
    classic = blank().geometry
    assert all(t.holds(classic) for t in TECHNIQUES)
    for name in RULE_NAMES:
        g = (JIGSAW if name == "jigsaw" else Rules.named([name], cages=[(3, [0, 1])]
                                                           if name == "killer" else None)
             ).geometry()
        unsound = {t.name for t in TECHNIQUES if not t.holds(g)}
        assert {t.name for t in TECHNIQUES if t.needs_unique} <= unsound
        box_shaped = {"2-String Kite", "Empty rectangle", "Template set", "Template delete"}
        assert (box_shaped <= unsound) == (name == "jigsaw")


def test_a_row_that_does_not_hold_is_skipped_though_its_finder_would_fire():
    # A 2-String Kite by the classic 6x6 boxes: r1c2 and r2c1 share box 1, but on this
    # jigsaw they lie in regions B and A, so nothing links them (the kite reads box_of).
    state = pattern(blank(6, Rules(6, regions=JIGSAW6_MAP)),
                    lines={1: {"row 1": ["r1c2", "r1c5"], "column 1": ["r2c1", "r5c1"]}})
    kite = BY_NAME["2-String Kite"]
    assert kite.find(state) is not None  # what the finder says, by the classic box
    assert next_step(state, techniques=[kite]) is None


def test_pointing_runs_from_a_diagonal_into_a_box():
    state = pattern(blank(rules=X), lines={5: {"diagonal 1": ["r1c1", "r2c2"]}})
    step = find("Locked candidates (pointing)")(state)
    box_1 = {f"r{r}c{c}" for r in (1, 2, 3) for c in (1, 2, 3)} - {"r1c1", "r2c2", "r3c3"}
    assert named(step.eliminations) == {(c, 5) for c in box_1}
    assert step.explanation == ("In diagonal 1, 5 can only go in box 1, so it is removed from"
                                " the rest of box 1.")


def test_claiming_runs_from_a_row_into_a_jigsaw_region():
    # Row 4 is DDDDDEEEE: 7 kept to r4c1, r4c2 lies in region D, which loses it elsewhere.
    state = pattern(blank(rules=JIGSAW), lines={7: {"row 4": ["r4c1", "r4c2"]}})
    step = find("Locked candidates (claiming)")(state)
    region_d = {"r5c2", "r5c4", "r5c5", "r5c6"}  # its cells off row 4
    assert named(step.eliminations) == {(c, 7) for c in region_d}
    assert "so it is removed from the rest of region 4" in step.explanation


def test_singles_and_subsets_read_a_window_and_a_diagonal():
    state = pattern(blank(rules=WINDOKU), lines={3: {"window 1": ["r2c2"]}})
    step = find("Hidden single")(state)
    assert named(step.placements) == {("r2c2", 3)} and step.area == "in window 1"
    pair = pattern(blank(rules=X), cands={"r1c1": "12", "r9c9": "12"})
    step = find("Naked pair")(pair)
    assert step.area == "in diagonal 1"
    assert step.explanation.startswith("In diagonal 1, row 1, column 1 and row 9, column 9 hold"
                                       " only 1 and 2")


def sound(puzzle, solution) -> list[str]:
    """What in `puzzle`'s solve path disagrees with its one `solution`, or uses a row that
    does not hold under its rules ([] when nothing does)."""
    g = puzzle.geometry
    wrong = []
    for k, step in enumerate(solve_path(puzzle).steps):
        wrong += [f"step {k} ({step.technique}) places {d} at {c}"
                  for c, d in step.placements if solution[c] != d]
        wrong += [f"step {k} ({step.technique}) removes {d} from {c}"
                  for c, d in step.eliminations if solution[c] == d]
        if not step.entry or not step.entry.holds(g):
            wrong.append(f"step {k}: {step.technique} does not hold under {g.rule_names()}")
    return wrong


@pytest.mark.parametrize("name, seed", [("jigsaw", 0), ("x", 4), ("windoku", 2),
                                        ("anti-king", 0)])
def test_every_step_of_a_variant_path_agrees_with_its_one_solution(name, seed):
    puzzle, solution = made_puzzle(SETS[name], seed)
    checker = Checker(puzzle.to_text())  # the rules read from the text, not the geometry
    assert checker.problems(list(solution)) == []
    if name != "anti-king":  # the independent counter takes half a minute on that one
        assert checker.count() == 1
    assert sound(puzzle, solution) == []


@pytest.mark.parametrize("seed, most, x", [(0, 9, False), (2, 6, True)])
def test_every_step_of_a_killer_path_agrees_with_its_one_solution(seed, most, x):
    # One solution by the engine's count (the independent counter takes minutes on a Killer
    # with no givens and cages of 9); the solution checked against the rules from the text.
    puzzle, solution = killer_puzzle(seed, most, x)
    assert Killer(puzzle.to_text()).problems(list(solution)) == []
    assert sound(puzzle, solution) == []


def test_a_state_takes_a_variant_geometry():
    g = JIGSAW.geometry()
    state = State(g, (0,) * 81, (g.all_digits,) * 81)
    assert state.geometry is g and next_step(state) is None  # an empty grid: nothing to say


ANTI_KNIGHT = Rules(9, anti_knight=True)
SEEN = {5: {"row 1": ["r1c2", "r1c6"]}}  # r2c4 is a knight's move from r1c2, in r1c6's box


def test_a_cell_seeing_a_digit_s_every_place_by_a_knight_s_move_loses_it():
    step = find("Locked candidates (seen by all)")(pattern(blank(rules=ANTI_KNIGHT), lines=SEEN))
    assert named(step.eliminations) == {("r2c4", 5)}
    assert step.explanation == (
        "In row 1, 5 can only go in columns 2 and 6, and row 2, column 4 sees every one of them"
        " (a knight's move apart or in one unit), so 5 from row 2, column 4 can go.")


def test_seen_by_all_needs_a_seen_pair_that_is_no_unit():
    seen_by_all = find("Locked candidates (seen by all)")
    assert seen_by_all(pattern(blank(), lines=SEEN)) is None  # classic: nothing sees by a move
    far = {5: {"row 1": ["r1c1", "r1c9"]}}  # no cell sees both
    assert seen_by_all(pattern(blank(rules=ANTI_KNIGHT), lines=far)) is None
    # r3c2 sees r1c1 and r1c3 by knight's moves but shares box 1 with both: claiming's
    box = {5: {"row 1": ["r1c1", "r1c3"]}}
    assert seen_by_all(pattern(blank(rules=ANTI_KNIGHT), lines=box)) is None
