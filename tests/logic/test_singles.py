"""Full house, naked single and hidden single: where they fire, and where they must not."""

from solver.logic import candidates, next_step
from solver.logic.state import State
from solver.model.puzzle import read

from .positions import find, grid, named, state_from

full_house = find("Full house")
naked_single = find("Naked single")
hidden_single = find("Hidden single")

EMPTY = "0" * 81


def test_candidates_are_the_digits_no_peer_holds():
    p = read("12" + "0" * 79)
    masks = candidates(p)
    assert masks[0] == masks[1] == 0
    assert masks[2] == 0b111111100  # 3..9: same row and box as 1 and 2
    assert masks[9] == 0b111111100  # same box
    assert masks[80] == 0b111111111  # sees neither


def test_full_house_takes_the_missing_digit_of_a_unit():
    state = state_from("12345678" + "0" * 73)
    step = full_house(state)
    assert step.placements == ((8, 9),)
    assert step.units == (0,)
    assert step.explanation == (
        "Row 1, column 9 is the last empty cell in row 1, so it takes the missing 9."
    )
    assert step.nudge() == "Look for a full house in row 1."


def test_full_house_does_not_fire_with_two_empty_cells_per_unit():
    assert full_house(state_from("1234567" + "0" * 74)) is None


def test_naked_single_is_the_only_candidate_left():
    # row 1 holds 1-6, column 9 holds 7 and 8 below box 3: r1c9 can only be 9
    p = grid({"r1c1": 1, "r1c2": 2, "r1c3": 3, "r1c4": 4, "r1c5": 5, "r1c6": 6,
              "r5c9": 7, "r7c9": 8})
    step = naked_single(state_from(p))
    assert named(step.placements) == {("r1c9", 9)}
    assert step.nudge() == "Look for a naked single in box 3."


def test_naked_single_does_not_fire_on_an_empty_grid():
    assert naked_single(state_from(EMPTY)) is None


def test_hidden_single_is_a_digit_with_one_place_in_a_unit():
    # 1s in rows 2, 3 and columns 2, 3 leave r1c1 the only place for 1 in box 1
    p = grid({"r2c4": 1, "r3c7": 1, "r5c2": 1, "r7c3": 1})
    step = hidden_single(state_from(p))
    assert named(step.placements) == {("r1c1", 1)}
    assert step.explanation == "In box 1, 1 fits only in row 1, column 1."
    assert step.nudge() == "Look for a hidden single in box 1."


def test_hidden_single_does_not_fire_on_an_empty_grid():
    assert hidden_single(state_from(EMPTY)) is None


def test_next_step_prefers_the_easiest_technique_and_is_pure():
    state = State.from_puzzle(read("12345678" + "0" * 73))
    before = state.cands
    step = next_step(state)
    assert step.technique == "Full house"
    assert state.cands == before


def test_works_on_every_size():
    for text in ("1230" + "0" * 12, "123450" + "0" * 30, "12345678ABCDEFG" + "0" * 241):
        step = next_step(read(text))
        assert step.technique == "Full house"
        assert step.placements[0][0] == int(len(text) ** 0.5) - 1
