"""Nested forcing chains (solver/logic/nested.py): on positions of the hardest puzzles where
every other technique stalls, a forcing chain helped by shorter ones inside it removes a
candidate the solution does not hold; each shorter chain rests only on facts its branch
forced; nothing is claimed without a contradiction or agreement, nor past the budget."""

import pytest

from solver.logic import TECHNIQUES, State, solve_path
from solver.logic.forcing import NESTED, Branch, broken_fact
from solver.logic.nested import WHOLE, NestedBranch, nested_forcing
from solver.logic.state import digits_of
from solver.logic.techniques import BY_NAME
from solver.model.puzzle import read
from solver.search.engine import search
from tests.checks import load_lines

from .positions import blank, named, pattern
from .test_forcing import WING

NESTED_ROW = BY_NAME["Nested forcing chain"]
WITHOUT = tuple(t for t in TECHNIQUES if t is not NESTED_ROW)
# a solution grid; r1c1-2 hold 1 2 and r4c1-2 hold 2 1 (a rectangle over boxes 1 and 4)
FULL = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
HARDEST = [line.split()[0] for line in load_lines("forum_hardest_1106.txt")][::5]


def stalled(text: str) -> tuple[State, tuple[int, ...]]:
    """The position where every other technique of the table stalls on a puzzle, and the
    puzzle's solution (by search)."""
    puzzle = read(text)
    path = solve_path(puzzle, techniques=WITHOUT)
    assert not path.logical
    state = State.from_puzzle(puzzle)
    for step in path.steps[:-1]:
        state = state.apply(step)
    return state, tuple(search(puzzle.geometry, list(puzzle.cells), 1)[0])


def agrees(state: State, step, truth) -> bool:
    """Does a step only place the solution's digits and remove live candidates it lacks?"""
    return (bool(step.placements or step.eliminations)
            and all(truth[c] == d and state.has(c, d) for c, d in step.placements)
            and all(truth[c] != d and state.has(c, d) for c, d in step.eliminations))


@pytest.mark.parametrize("text", HARDEST[:2])
def test_a_nested_chain_goes_on_where_forcing_chains_stall(text):
    state, truth = stalled(text)
    assert BY_NAME["Forcing chain"].find(state) is None
    step = NESTED_ROW.find(state)
    assert step is not None and agrees(state, step, truth)
    assert step.dynamic and step.net > 0
    # the main chain told, each shorter chain named as a fact by its number; the chains
    # themselves as data (Step.inner), each its own contradiction's sentence
    assert step.inner and all(f"(shorter chain {k} shows it)" in step.explanation
                              for k in range(1, len(step.inner) + 1))
    assert f"(shorter chain {len(step.inner) + 1} " not in step.explanation
    for chain in step.inner:
        assert chain.proof.startswith("If ") and chain.proof.endswith(". So " + chain.fact + ".")
        assert "shorter chain" not in chain.proof  # an inner chain nests no further
        # drawn from the candidate it removes: its first link leaves that, its cells start
        # there and hold every link's ends
        (cell, digit) = chain.elimination
        assert chain.links[0][:2] == ((cell,), digit) and chain.cells[0] == cell
        assert {c for a, _, b, _, _ in chain.links for c in a + b} == set(chain.cells)
    assert [(d["fact"], d["proof"], d["eliminations"]) for d in step.to_dict()["inner"]] == \
        [(c.fact, c.proof, [list(c.elimination)]) for c in step.inner]
    assert [d["links"][0]["from"] for d in step.to_dict()["inner"]] == \
        [list(c.links[0][0]) for c in step.inner]
    assert step.nudge().startswith("Look for a nested forcing chain")


@pytest.mark.parametrize("text", HARDEST[2:4])
def test_every_shorter_chain_rests_only_on_its_branchs_facts(text):
    # the facts a nested removal names as its parents (NestedBranch.uses) are enough: with
    # just those removed from the position, its shorter chain breaks again
    state, truth = stalled(text)
    spent = [0]
    checked = 0
    for cell in state.empty[:6]:
        for d in digits_of(state.cands[cell]):
            branch = NestedBranch(state, (cell, d), None, spent)
            branch.deepen(10**9)
            for fact, (inner, needs) in branch.inner.items():
                assert branch.facts[fact][2] == NESTED and fact[2] is False
                assert all(not f[2] and f in branch.facts for f in needs)
                cands = list(state.cands)
                for c, e, _ in needs:
                    cands[c] &= ~(1 << (e - 1))
                alone = Branch(State(state.geometry, state.values, cands), inner.start, WHOLE)
                assert alone.broken, (fact, broken_fact(inner))
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("text", HARDEST[4:6])
def test_every_step_from_the_stall_agrees_with_the_solution(text):
    # the path goes on from the stall: the nested steps and the easier ones they open
    state, truth = stalled(text)
    nested = 0
    while nested < 2 and not state.is_solved():
        step = next_step_of(state)
        assert step is not None and agrees(state, step, truth), step
        nested += step.technique == NESTED_ROW.name
        state = state.apply(step)
    assert nested == 2


def next_step_of(state: State):
    """The table's first step in a state (solve.first_step with every row, unique)."""
    for technique in TECHNIQUES:
        step = technique.find(state)
        if step is not None:
            return step
    return None


def test_an_open_board_is_left_to_the_forcing_chain():
    # 9 candidates a cell nearly everywhere: no inner search (too_open), while the plain
    # forcing chain finds its contradiction
    state = pattern(blank(), cands=WING)
    assert next(nested_forcing(state), None) is None
    assert named(BY_NAME["Forcing chain"].find(state).eliminations) == {("r5c5", 3)}


def test_nothing_without_a_contradiction_or_agreement():
    # a solved grid less a rectangle whose two digits could swap: two solutions, so no
    # candidate left leads to a contradiction and no cell or unit agrees
    state = State.from_puzzle(read("00" + FULL[2:27] + "00" + FULL[29:]))
    assert len(state.empty) == 4 and all(len(digits_of(state.cands[c])) == 2
                                         for c in state.empty)
    assert NESTED_ROW.find(state) is None


def test_the_budget_bounds_the_search():
    state, _ = stalled(HARDEST[0])
    assert next(nested_forcing(state, budget=1000), None) is None
