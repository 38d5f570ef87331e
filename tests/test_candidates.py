"""Candidate masks (solver/model/candidates.py): eliminations, and singles settled on masks
reaching the same fixed point as the logical solver's singles, one at a time."""

from solver.logic import State, next_step
from solver.logic.state import after_singles
from solver.logic.techniques import BY_NAME, SINGLES
from solver.model.candidates import candidates, settle_singles, without
from solver.model.geometry import geometry
from solver.model.puzzle import read
from tests.checks import load_lines


def test_without_takes_out_eliminations_and_leaves_the_masks_it_was_given():
    puzzle = read("12" + "0" * 79)
    masks = candidates(puzzle)
    left = without(masks, [(2, 3), (2, 9), (80, 1)])
    assert left[2] == masks[2] & ~(1 << 2) & ~(1 << 8)
    assert left[80] == masks[80] & ~1
    assert left[3:80] == masks[3:80]
    assert masks == candidates(puzzle)


def test_fast_singles_reach_the_logical_solvers_singles_fixed_point():
    for line in load_lines("top95.txt")[:5]:
        state = State.from_puzzle(read(line))
        while (step := next_step(state)) is not None and BY_NAME[step.technique] in SINGLES:
            state = state.apply(step)
        fast = after_singles(State.from_puzzle(read(line)))
        assert (fast.values, fast.cands) == (state.values, state.cands)


def test_singles_contradictions_are_found():
    g = geometry(4)
    masks = [g.all_digits] * 16
    masks[0] = masks[5] = 1  # two 1s in box 1
    assert not settle_singles(g, masks, [0, 5])
    masks = [g.all_digits] * 16
    assert settle_singles(g, masks, [])
    assert masks == [g.all_digits] * 16




def test_hidden_singles_are_placed_and_their_contradictions_found():
    g = geometry(4)
    masks = [g.all_digits] * 16
    for c in (1, 2, 3):
        masks[c] &= ~1  # 1 fits only in r1c1 of row 1
    assert settle_singles(g, masks, [])
    assert masks[0] == 1 and not any(masks[p] & 1 for p in g.peers[0])
    missing = [g.all_digits & ~1] * 4 + [g.all_digits] * 12  # no 1 left in row 1
    assert not settle_singles(g, missing, [])
    crowded = [g.all_digits] + [g.all_digits & ~0b11] * 3 + [g.all_digits] * 12
    assert not settle_singles(g, crowded, [])  # 1 and 2 both need r1c1
