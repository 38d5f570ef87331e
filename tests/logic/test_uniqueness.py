"""Unique rectangle type 1: exact eliminations, misses, and left out when not assumed unique."""

from solver.logic import next_step, solve_path
from solver.model.puzzle import read
from tests.checks import load_lines

from .positions import blank, find, named, pattern

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
