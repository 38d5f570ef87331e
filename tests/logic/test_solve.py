"""The solve loop and its path: steps apply in order, the final grid solves the puzzle, a
search step only when logic runs out, and every board size through the same code."""

import random
from functools import cache

import pytest

from solver.logic import (
    LEVELS,
    SEARCH,
    TABLE,
    TECHNIQUES,
    State,
    next_step,
    solve_path,
    technique_names,
)
from solver.logic.techniques import BY_NAME
from solver.model.errors import PuzzleError
from solver.model.geometry import BOX_SHAPES, geometry
from solver.model.puzzle import Puzzle, read
from tests.checks import full_grid, load_lines, solution_problems


def holes(grid: Puzzle, fraction: float) -> Puzzle:
    """The grid with a deterministic random scatter of cells emptied."""
    cells = len(grid.cells)
    empty = set(random.Random(cells).sample(range(cells), int(fraction * cells)))
    return Puzzle(grid.geometry, [0 if i in empty else d for i, d in enumerate(grid.cells)])


def replay(puzzle: Puzzle, path) -> State:
    """Apply a path step by step, checking each step changes only live candidates."""
    state = State.from_puzzle(puzzle)
    for step in path.steps:
        assert step.placements or step.eliminations
        for cell, d in step.placements:
            assert state.values[cell] == 0 and state.has(cell, d)
        for cell, d in step.eliminations:
            assert state.has(cell, d), (step, cell, d)
        state = state.apply(step)
    return state


@cache
def top95_paths() -> list:
    """(puzzle, path) for the first 30 top95 puzzles, computed once for this module."""
    return [(p, solve_path(p)) for p in map(read, load_lines("top95.txt")[:30])]


def stuck_path():
    """A puzzle that logic cannot finish, and its path: one with several solutions (no logic
    can choose between them), solved without uniqueness techniques."""
    puzzle = read(load_lines("multi_solution_2000.txt")[0])
    return puzzle, solve_path(puzzle, unique=False)


@pytest.mark.parametrize("n", sorted(BOX_SHAPES))
def test_every_size_solves_through_one_code_path(n):
    puzzle = holes(full_grid(n), 0.4)
    # the pattern grid's puzzles may have several solutions, so no uniqueness techniques;
    # every other step holds in all solutions, so it must agree with the one found
    path = solve_path(puzzle, unique=False)
    assert replay(puzzle, path).puzzle() == path.solution
    assert solution_problems(puzzle, path.solution) == []
    logical = [s for s in path.steps if s.technique != SEARCH]
    assert sum(len(s.placements) for s in logical) >= puzzle.cells.count(0) // 2
    for step in logical:
        for cell, d in step.placements:
            assert path.solution.cells[cell] == d
        for cell, d in step.eliminations:
            assert path.solution.cells[cell] != d
        assert step.explanation and step.nudge().startswith("Look for ")


def test_an_easy_puzzle_is_solved_by_logic_alone():
    puzzle, path = next((p, path) for p, path in top95_paths() if path.logical)
    assert all(s.technique in technique_names() for s in path.steps)
    assert replay(puzzle, path).puzzle() == path.solution
    assert solution_problems(puzzle, path.solution) == []


def test_search_step_fills_the_rest_and_says_so():
    hard, path = stuck_path()
    last = path.steps[-1]
    assert last.technique == SEARCH
    before = replay(hard, type(path)(path.steps[:-1], path.solution))
    assert {c for c, _ in last.placements} == set(before.empty)
    assert "trial and error" in last.explanation
    assert last.nudge() == "No logical step applies here: the rest needs trial and error."
    assert solution_problems(hard, path.solution) == []


def test_next_step_is_none_on_a_solved_grid_and_on_a_stuck_state():
    assert next_step(full_grid(9)) is None
    full = solve_path(full_grid(9))
    assert full.steps == () and full.logical and full.solution == full_grid(9)
    hard, path = stuck_path()
    stuck = replay(hard, type(path)(path.steps[:-1], path.solution))
    assert next_step(stuck, unique=False) is None


def test_a_puzzle_with_no_solution_is_an_error():
    # r1c9 can hold nothing but 9, and 9 is already in column 9
    broken = read("12345678" + "0" * 8 + "9" + "0" * 64)
    with pytest.raises(PuzzleError, match="no solution"):
        solve_path(broken)


def test_steps_do_not_change_the_state_they_read():
    state = State.from_puzzle(read(load_lines("top95.txt")[1]))
    cands, values = state.cands, state.values
    for _ in range(30):
        step = next_step(state)
        assert state.cands == cands and state.values == values
        state = state.apply(step)
        cands, values = state.cands, state.values


def test_a_step_crosses_to_javascript_as_plain_data():
    state = State.from_puzzle(read("12345678" + "0" * 73))
    data = next_step(state).to_dict()
    assert data == {
        "technique": "Full house", "placements": [[8, 9]], "eliminations": [], "cells": [8],
        "units": [0], "digits": [9], "area": "in row 1", "area_cells": [],
        "explanation": "Row 1, column 9 is the last empty cell in row 1, so it takes the"
        " missing 9.",
        "nudge": "Look for a full house in row 1.", "links": [],
        "inner": [],  # a nested forcing chain's shorter chains (none here)
    }


def test_the_techniques_in_order_of_difficulty():
    names = technique_names()
    assert names == tuple(t.name for t in TABLE if t.finder is not None)  # the table's order
    assert len(set(names)) == len(names)
    # nets, then the templates (every way to place a digit), then nets whose branches follow
    # locked candidates, then nets nesting shorter ones: the last resorts before search
    assert names[0] == "Full house"
    assert names[-5:] == ("Forcing chain", "Template set", "Template delete",
                          "Forcing chain with locked candidates", "Nested forcing chain")
    levels = [LEVELS.index(BY_NAME[name].level) for name in names]
    assert levels == sorted(levels), "a technique sits among harder levels than its own"


@pytest.mark.parametrize("n", sorted(BOX_SHAPES))
def test_no_technique_fires_on_an_empty_or_a_full_board(n):
    g = geometry(n)
    empty = State(g, (0,) * g.cell_count, (g.all_digits,) * g.cell_count)
    full = State.from_puzzle(full_grid(n))
    for technique in TECHNIQUES:
        assert technique.find(empty) is None, technique.name
        assert technique.find(full) is None, technique.name
