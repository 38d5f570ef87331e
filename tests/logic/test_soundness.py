"""Soundness over real puzzles: no step of the logical solver ever places a wrong digit or
removes the true solution's digit, every elimination removes a live candidate, and every
path ends on the solution. A spread sample (every 8th of top95, every 20th of
rated_se_sample, SE 7.0-9.3) and the first ten 16x16 puzzles of the Gecode set; the whole
sets run in benchmarks/logic_peers.py, which counts wrong steps too."""

import pytest

from solver.logic import SEARCH, State, solve_path
from solver.model.puzzle import read
from solver.search.engine import search
from tests.checks import load_lines, solution_problems


def puzzles(name: str, cells: int = 81) -> list[str]:
    """The puzzles of a shared file (the rated file also carries lines of other text)."""
    found = [line.split()[0] for line in load_lines(name)]
    return [p for p in found if len(p) == cells]


TOP95 = puzzles("top95.txt")
RATED = puzzles("rated_se_sample.txt")
GECODE16 = puzzles("16x16_gecode.txt", 256)[:10]


def test_the_sets_are_all_there():
    assert len(TOP95) == 95
    assert len(RATED) == 831


@pytest.mark.parametrize("text", TOP95[::8] + RATED[::20] + GECODE16)
def test_every_step_agrees_with_the_solution(text):
    puzzle = read(text)
    solutions = search(puzzle.geometry, puzzle.cells, 1)
    assert solutions
    truth = solutions[0]
    path = solve_path(puzzle)
    state = State.from_puzzle(puzzle)
    for step in path.steps:
        assert step.placements or step.eliminations, step
        for cell, d in step.placements:
            assert truth[cell] == d, step
            assert state.values[cell] == 0 and state.has(cell, d), step
        for cell, d in step.eliminations:
            assert truth[cell] != d, step
            assert state.has(cell, d), step
        assert step.technique == SEARCH or step.nudge().startswith("Look for ")
        state = state.apply(step)
    assert state.puzzle() == path.solution
    assert path.solution.cells == truth
    assert solution_problems(puzzle, path.solution) == []
