"""The clause-learning fallback (solver/search/sat.py): forced from the first node, it must find
exactly what depth-first search finds, every solution checked from scratch; by default it
takes over only on grids the search is stuck on, and it honours the deadline."""

import time

import pytest

from solver.model.puzzle import Puzzle
from solver.search.deadline import SearchTimeout
from solver.search.engine import HANDOVER_NODES, SAT_FROM_SIZE, cube_bits, prepared, search
from solver.search.sat import encode, sat_search
from tests.checks import load_lines, puzzle_of, solution_problems


def checked(puzzle: Puzzle, solutions: list) -> list:
    assert len(set(solutions)) == len(solutions)
    for solution in solutions:
        assert solution_problems(puzzle, Puzzle(puzzle.geometry, solution)) == []
    return solutions


def test_forced_from_the_root_it_counts_as_the_search_does():
    # tdoku's counted puzzles: none, one, and many solutions (the file's exact counts).
    for line in load_lines("tdoku_test_puzzles_count.txt"):
        puzzle = puzzle_of(line)
        count = int(line.split(":")[1])
        found = checked(puzzle, search(puzzle.geometry, puzzle.cells, 2, handover=0))
        assert len(found) == min(count, 2) if count else found == []


@pytest.mark.parametrize("name,count", [("forum_hardest_1106.txt", 10),
                                        ("multi_solution_2000.txt", 10),
                                        ("16x16_gecode.txt", 5)])
def test_forced_from_the_root_it_solves_and_tells_unique_from_multiple(name, count):
    for line in load_lines(name)[:count]:
        puzzle = puzzle_of(line)
        expected = len(search(puzzle.geometry, puzzle.cells, 2))
        assert len(checked(puzzle, search(puzzle.geometry, puzzle.cells, 2, handover=0))) \
            == expected


def test_grids_already_found_are_not_found_again():
    puzzle = puzzle_of(load_lines("multi_solution_2000.txt")[0])
    c, settle, _ = prepared(puzzle.geometry)
    x, _ = settle(c.full, 0, cube_bits(c, puzzle.cells))
    first = search(puzzle.geometry, puzzle.cells, 1)
    more = checked(puzzle, sat_search(puzzle.geometry, x, 3, first, None))
    assert more and first[0] not in more


def test_the_encoding_has_a_variable_per_open_candidate():
    puzzle = puzzle_of(load_lines("top95.txt")[0])
    c, settle, _ = prepared(puzzle.geometry)
    x, _ = settle(c.full, 0, cube_bits(c, puzzle.cells))
    variables, implied, clauses = encode(puzzle.geometry, x)
    open_cells = [cell for cell in range(81)
                  if sum(x >> (d * 81 + cell) & 1 for d in range(9)) > 1]
    assert {cell for cell, _ in variables} == set(open_cells)
    assert len(variables) == sum(
        sum(x >> (d * 81 + cell) & 1 for d in range(9)) for cell in open_cells)
    for v, (cell, _) in enumerate(variables):  # "v true" rules out its cell's others
        others = {2 * w + 1 for w, (cell2, _d) in enumerate(variables)
                  if cell2 == cell and w != v}
        assert others <= set(implied[2 * v])
    assert all(lit % 2 == 0 for clause in clauses for lit in clause)


def test_hard_25x25_puzzles_are_solved_by_the_handover():
    # Depth-first search alone finishes none of these (the README's measurements); the two
    # easiest of the set take about 1.5 s each this way, uniqueness proof included.
    assert SAT_FROM_SIZE <= 25 and HANDOVER_NODES > 0
    for line in load_lines("25x25_gecode_frisch.txt")[16:18]:
        puzzle = puzzle_of(line)
        assert len(checked(puzzle, search(puzzle.geometry, puzzle.cells, 2))) == 1


def test_the_deadline_stops_clause_learning_too():
    puzzle = puzzle_of(load_lines("25x25_gecode_frisch.txt")[0])  # minutes of learning
    started = time.monotonic()
    with pytest.raises(SearchTimeout):
        search(puzzle.geometry, puzzle.cells, 1, deadline=started + 1.0, handover=0)
    assert time.monotonic() - started < 10
