"""Forcing chains whose branches follow locked candidates (solver/logic/locked_forcing.py):
on a minimal anti-knight puzzle where the plain forcing chains and every row before them
stall, a branch that also follows pointing, claiming and seen-by-all breaks, and the step
agrees with the solution and names the locked candidates inside its branch; each such
removal is one the table's own locked-candidates rows make once its branch's removals are
made; nothing is claimed without a contradiction or agreement, nor before the singles
stall."""

from functools import cache

from solver.logic import TECHNIQUES, State
from solver.logic.forcing import DEPTHS, LOCKED, Branch
from solver.logic.locked_forcing import LockedBranch, locked_forcing
from solver.logic.solve import first_step
from solver.logic.state import digits_of
from solver.logic.techniques import BY_NAME, NESTED_TECHNIQUE
from solver.model.puzzle import read
from tests.variant_sets import SETS, made_puzzle

from .test_nested import FULL, agrees

ROW = next(t for t in TECHNIQUES if t.finder is locked_forcing)
BELOW = tuple(t for t in TECHNIQUES if t is not ROW and t is not NESTED_TECHNIQUE)
LOCKED_ROWS = tuple(BY_NAME["Locked candidates (" + kind + ")"]
                    for kind in ("pointing", "claiming", "seen by all"))


@cache
def stalled_anti_knight(seed: int = 5) -> tuple[State, tuple[int, ...]]:
    """The position of a minimal anti-knight puzzle (tests/variant_sets.py) where every row
    before this one stalls (plain forcing chains and templates included), and its solution."""
    puzzle, solution = made_puzzle(SETS["anti-knight"], seed)
    state = State.from_puzzle(puzzle)
    while (step := first_step(state, True, BELOW)) is not None:
        state = state.apply(step)
    return state, solution


def test_the_row_sits_between_the_forcing_chains_and_the_nested_one():
    names = [t.name for t in TECHNIQUES]
    assert names.index("Forcing chain") < names.index(ROW.name) < names.index(
        NESTED_TECHNIQUE.name)
    assert BY_NAME["Forcing chain"].se < ROW.se < NESTED_TECHNIQUE.se
    assert BY_NAME["Forcing chain"].weight < ROW.weight < NESTED_TECHNIQUE.weight


def test_it_goes_on_where_the_forcing_chains_stall_and_tells_the_locked_step():
    state, truth = stalled_anti_knight()
    assert not state.is_solved() and BY_NAME["Forcing chain"].find(state) is None
    step = ROW.find(state)
    assert step is not None and agrees(state, step, truth), step
    assert step.technique == ROW.name and step.dynamic and step.net > 0
    # the outer chain told, the locked candidates inside it named with their unit
    assert step.explanation.startswith(("If ", "Wherever ", "Whichever "))
    assert "(locked candidates: in " in step.explanation and "is left only in" in step.explanation
    # drawn as the forcing chains are: links from fact to fact over the step's cells
    assert step.links and {c for a, _, b, _, _ in step.links for c in a + b} <= set(step.cells)
    assert step.nudge().startswith("Look for a forcing chain whose choices also follow "
                                   "locked candidates")


def test_every_step_it_gives_there_agrees_with_the_solution():
    state, truth = stalled_anti_knight()
    steps = list(ROW.find_all(state))
    assert steps and all(agrees(state, s, truth) for s in steps)


def test_each_locked_removal_is_the_tables_locked_candidates_after_its_removals():
    # a LOCKED fact rests on the removals it names (its parents): with just those made in
    # the position, one of the table's locked-candidates rows removes the same candidate
    state, _ = stalled_anti_knight()
    checked = 0
    for cell in state.empty[:12]:
        for d in digits_of(state.cands[cell]):
            branch = LockedBranch(state, (cell, d), DEPTHS[-1])
            for fact, (needs, reason) in branch.locks.items():
                assert branch.facts[fact][2] == LOCKED and fact[2] is False
                assert needs and all(not f[2] and f in branch.facts for f in needs)
                assert reason.startswith("locked candidates: in ")
                cands = list(state.cands)
                for c, e, _ in needs:
                    cands[c] &= ~(1 << (e - 1))
                reached = State(state.geometry, state.values, cands)
                assert any(fact[:2] in s.eliminations for row in LOCKED_ROWS
                           for s in row.find_all(reached)), (fact, reason)
                checked += 1
    assert checked > 0


def test_a_branch_follows_locked_candidates_only_once_its_singles_stall():
    # within depth 1 the singles have not stalled: no locked removal, the plain branch's facts
    state, _ = stalled_anti_knight()
    cell = state.empty[0]
    d = digits_of(state.cands[cell])[0]
    shallow = LockedBranch(state, (cell, d), 1)
    assert not shallow.locks and set(shallow.facts) == set(Branch(state, (cell, d), 1).facts)
    # followed on where it does not break, it holds every fact of the plain branch and more
    deep = next(b for b in (LockedBranch(state, (c, e), DEPTHS[-1]) for c in state.empty
                            for e in digits_of(state.cands[c])) if b.locks and not b.broken)
    plain = Branch(state, deep.start, DEPTHS[-1])
    assert not plain.broken and set(plain.facts) < set(deep.facts)


def test_nothing_without_a_contradiction_or_agreement():
    # a solved grid less a rectangle whose two digits could swap: two solutions, so no
    # branch breaks and no cell or unit agrees
    state = State.from_puzzle(read("00" + FULL[2:27] + "00" + FULL[29:]))
    assert ROW.find(state) is None
