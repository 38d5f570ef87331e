"""Unique rectangle type 1: exact eliminations, misses, and left out when not assumed unique."""

from solver.logic import next_step, solve_path
from solver.model.puzzle import read
from tests.checks import full_grid, load_lines

from .positions import blank, cell, find, named, pattern, state_from

UR = "Unique rectangle (type 1)"
unique_rectangle_1 = find(UR)


def test_unique_rectangle_type_1():
    state = pattern(blank(), cands={"r1c1": "12", "r1c2": "12", "r5c1": "12", "r5c2": "125"})
    step = unique_rectangle_1(state)
    assert step.technique == UR
    assert named(step.eliminations) == {("r5c2", 1), ("r5c2", 2)}
    assert "assuming the puzzle has only one" in step.explanation


def test_no_unique_rectangle_over_four_boxes():
    state = pattern(blank(), cands={"r1c1": "12", "r1c5": "12", "r5c1": "12", "r5c5": "125"})
    assert unique_rectangle_1(state) is None


def test_no_unique_rectangle_with_two_extra_corners():
    state = pattern(blank(), cands={"r1c1": "12", "r1c2": "12", "r5c1": "123", "r5c2": "125"})
    assert unique_rectangle_1(state) is None


def test_unique_rectangle_is_left_out_unless_uniqueness_is_assumed():
    found = next(line for line in load_lines("top95.txt")
                 if UR in {s.technique for s in solve_path(read(line)).steps})
    path = solve_path(read(found), unique=False)
    assert UR not in {s.technique for s in path.steps}
    state = pattern(blank(), cands={"r1c1": "12", "r1c2": "12", "r5c1": "12", "r5c2": "125"})
    assert next_step(state, unique=False).technique != UR


def test_unique_rectangle_on_a_6x6_board_with_2x3_boxes():
    state = pattern(blank(6), cands={"r1c1": "12", "r1c2": "12", "r3c1": "126", "r3c2": "12"})
    step = unique_rectangle_1(state)
    assert named(step.eliminations, 6) == {("r3c1", 1), ("r3c1", 2)}
    # rows 2 and 3 fall in different bands of 2-row boxes: four boxes, no rectangle
    state = pattern(blank(6), cands={"r2c1": "12", "r2c4": "12", "r3c1": "126", "r3c4": "12"})
    assert unique_rectangle_1(state) is None


def test_unique_rectangle_type_1_when_the_fourth_corner_keeps_one_of_the_pair():
    # r5c2 lost 1 to some earlier step; 2 there would still allow the 1/2 swap
    state = pattern(blank(), cands={"r1c1": "12", "r1c2": "12", "r5c1": "12", "r5c2": "25"})
    step = unique_rectangle_1(state)
    assert named(step.eliminations) == {("r5c2", 2)}


def test_no_unique_rectangle_when_the_fourth_corner_has_neither_digit():
    state = pattern(blank(), cands={"r1c1": "12", "r1c2": "12", "r5c1": "12", "r5c2": "35"})
    assert unique_rectangle_1(state) is None


unique_rectangle_2 = find("Unique rectangle (type 2)")
unique_rectangle_4 = find("Unique rectangle (type 4)")
bug_plus_one = find("BUG+1")
UR2 = {"r1c1": "12", "r1c2": "12", "r5c1": "123", "r5c2": "123"}
UR4 = {"cands": {"r1c1": "12", "r1c2": "12", "r5c1": "1234", "r5c2": "125"},
       "lines": {1: {"row 5": ["r5c1", "r5c2"]}}}


def test_unique_rectangle_type_2_removes_the_shared_extra_digit():
    step = unique_rectangle_2(pattern(blank(), cands=UR2))
    expected = {(f"r5c{c}", 3) for c in range(3, 10)} | {
        (f"r{r}c{c}", 3) for r in (4, 6) for c in (1, 2, 3)}
    assert named(step.eliminations) == expected
    assert step.explanation.startswith("If the four cells at rows 1 and 5, columns 1 and 2"
                                       " held only 1 and 2, the two could swap places")
    assert "one of row 5, columns 1 and 2 must be 3" in step.explanation


def test_no_unique_rectangle_type_2_when_the_extras_differ():
    cands = dict(UR2, r5c2="124")
    assert unique_rectangle_2(pattern(blank(), cands=cands)) is None


def test_unique_rectangle_type_4_when_the_roof_holds_a_pair_digit_alone():
    step = unique_rectangle_4(pattern(blank(), **UR4))
    assert named(step.eliminations) == {("r5c1", 2), ("r5c2", 2)}
    assert "1 in row 5 goes only in columns 1 and 2" in step.explanation
    assert unique_rectangle_4(pattern(blank(), cands=UR4["cands"])) is None


# A bivalue universal grave plus one: rows 1-2 over boxes 1 and 2, and a rectangle on 3 and
# 5 in rows 4-5; r1c1 has a third digit, 3, which it sees three times in row 1, column 1
# and box 1. Without it every digit has exactly two places in every unit.
BUG = {"r1c1": "123", "r1c2": "34", "r1c4": "13", "r1c5": "24",
       "r2c1": "12", "r2c2": "34", "r2c4": "13", "r2c5": "24",
       "r4c1": "35", "r4c7": "35", "r5c1": "35", "r5c7": "35"}


def bug_position(cands: dict):
    """The full grid with the cells of `cands` emptied and given those candidates."""
    full = "".join(str(d) for d in full_grid(9).cells)
    holes = {cell(c) for c in cands}
    return state_from("".join("0" if i in holes else ch for i, ch in enumerate(full)), **cands)


def test_bug_plus_one_places_the_digit_seen_three_times():
    step = bug_plus_one(bug_position(BUG))
    assert step.technique == "BUG+1"
    assert named(step.placements) == {("r1c1", 3)}
    assert "3 appears three times in box 1" in step.explanation
    assert bug_plus_one(bug_position(dict(BUG, r2c2="234"))) is None  # two cells not bivalue


def test_bug_plus_one_needs_every_digit_twice_in_every_unit():
    # r1c1 still sees 3 three times in row 1, but rows 4 and 5 now hold 3 once and 6 once:
    # no grave, so nothing follows (HoDoKu's "not a BUG+1" cases)
    assert bug_plus_one(bug_position(dict(BUG, r4c7="56", r5c7="56"))) is None
    # nor from a cell that sees its extra digit only twice in a unit (a hidden single's case)
    assert bug_plus_one(bug_position(dict(BUG, r4c1="56", r5c1="56", r4c7="56",
                                          r5c7="56"))) is None


def test_unique_rectangle_type_2_with_a_roof_corner_missing_a_pair_digit():
    # r5c2 lost 1 to sound logic (HoDoKu's "missing candidates"): without their 3 the roof
    # would still hold only 1s and 2s, so one of r5c1, r5c2 is 3 all the same
    step = unique_rectangle_2(pattern(blank(), cands=dict(UR2, r5c2="23")))
    assert ("r5c3", 3) in named(step.eliminations)
    # but the floor must hold the pair: r1c2 down to 2 and 5 is no floor
    assert unique_rectangle_2(pattern(blank(), cands=dict(UR2, r1c2="25", r5c2="23"))) is None


def test_unique_rectangle_type_4_with_a_roof_corner_missing_the_removed_digit():
    # r5c2 has no 2 left: only r5c1 loses it
    cands = dict(UR4["cands"], r5c2="15")
    step = unique_rectangle_4(pattern(blank(), cands=cands, lines=UR4["lines"]))
    assert named(step.eliminations) == {("r5c1", 2)}
    # nothing to remove when neither roof corner has it
    cands = dict(cands, r5c1="134")
    assert unique_rectangle_4(pattern(blank(), cands=cands, lines=UR4["lines"])) is None
