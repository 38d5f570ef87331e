"""The public API: the original `solve` contract, counting, and uniqueness."""

import copy
import tracemalloc
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import (
    PuzzleError,
    PuzzleWarning,
    SearchTimeout,
    analyse,
    count_solutions,
    parse,
    read,
    solve,
)
from solver.search import engine
from tests.checks import EASY, full_grid, load_lines, solution_problems

# puzzle:count:solution (the exact count; the solution only where it is 1)
COUNTED = [(line.split(":") + [""])[:3] for line in load_lines("tdoku_test_puzzles_count.txt")]


def rows_of(text: str) -> list[list[int]]:
    return read(text).rows()


def test_solve_returns_a_new_filled_list_of_lists():
    grid = rows_of(load_lines("top95.txt")[0])
    before = copy.deepcopy(grid)
    result = solve(grid)
    assert grid == before, "the input must not be changed"
    assert isinstance(result, list) and result is not grid
    assert all(isinstance(row, list) and all(type(v) is int for v in row) for row in result)
    assert solution_problems(parse(grid), read(result)) == []


def test_solve_text_returns_text():
    text = load_lines("top95.txt")[2]
    result = solve(text)
    assert isinstance(result, str) and len(result) == 81
    assert solution_problems(read(text), read(result)) == []


@pytest.mark.parametrize("puzzle, count, expected", COUNTED)
def test_tdoku_counts_and_solutions(puzzle, count, expected):
    assert count_solutions(puzzle, limit=int(count) + 1) == int(count)
    found = count_solutions(puzzle, limit=2)
    assert found == min(int(count), 2)
    result = solve(puzzle)
    if found == 0:
        assert result is False
    else:
        assert solution_problems(read(puzzle), read(result)) == []
    if found == 1:
        assert result == read(expected).to_string()


def test_the_count_set_has_every_outcome():
    assert {min(int(count), 2) for _, count, _ in COUNTED} == {0, 1, 2}


def test_analyse_tells_unique_from_multiple():
    unique = analyse(load_lines("top95.txt")[0])
    assert unique.count == 1 and unique.unique and unique.solvable
    text = load_lines("multi_solution_2000.txt")[0]
    several = analyse(text)
    assert several.count == 2 and not several.unique and several.solvable
    assert solution_problems(read(text), several.solution) == []
    assert solution_problems(read(text), several.second) == []  # another one, not the same
    assert several.second != several.solution and unique.second is None


def test_analyse_of_an_unsolvable_puzzle():
    text = next(p for p, count, _ in COUNTED if count == "0")
    result = analyse(text)
    assert result.count == 0 and result.solution is None and not result.solvable


def test_solve_on_a_multi_solution_puzzle_returns_one_valid_solution():
    text = load_lines("multi_solution_2000.txt")[5]
    assert solution_problems(read(text), read(solve(text))) == []
    assert count_solutions(text, limit=10) >= 2


def test_count_solutions_stops_at_the_limit():
    empty = "." * 16
    assert count_solutions(empty, limit=1) == 1
    assert count_solutions(empty, limit=5) == 5
    assert count_solutions(empty, limit=1000) == 288  # every 4x4 grid
    with pytest.raises(ValueError):
        count_solutions(empty, limit=0)


def counting_peak(limit: int) -> int:
    """Peak bytes allocated while counting an empty 9x9's grids up to `limit`."""
    tracemalloc.start()
    try:
        assert count_solutions("." * 81, limit=limit) == limit
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_counting_keeps_memory_flat_whatever_the_limit(monkeypatch):
    monkeypatch.setattr(engine, "COUNT_KEEP", 10)  # the bound, small enough to see quickly
    assert count_solutions("." * 16, limit=1000) == 288  # counted, not kept, past it
    counting_peak(20)  # the generated search code, built once
    small, large = counting_peak(200), counting_peak(2000)
    assert large < small * 1.5  # keeping every solution: about 10 times as much


def test_a_timeout_stops_a_long_search_and_a_generous_one_does_not():
    empty = "." * 81  # counting its grids to a million takes far more than no time at all
    with pytest.raises(SearchTimeout) as stopped:
        count_solutions(empty, limit=10**6, timeout=0)
    assert isinstance(stopped.value, TimeoutError)
    for found in stopped.value.solutions:  # those found before the deadline are real
        assert solution_problems(read(empty), read("".join(map(str, found)))) == []
    hard = load_lines("forum_hardest_1106.txt")[0]
    assert solution_problems(read(hard), read(solve(hard, timeout=60))) == []
    assert analyse(hard, timeout=60).unique


@pytest.mark.parametrize("size", [4, 6, 8, 9, 12, 16])
def test_solve_every_size_from_a_blanked_full_grid(size):
    full = full_grid(size)
    rows = full.rows()
    for r in range(size):
        for c in range(size):
            if (r * 7 + c * 3) % 5 < 2:
                rows[r][c] = 0
    result = solve(rows)
    assert solution_problems(read(rows), read(result)) == []


INVALID = [
    ([], "the grid is empty"),
    ([[0] * 9] * 8, "8 rows of 9 values"),
    ([[0] * 9] * 8 + [[0] * 7], "row 9 has 7 values; expected 9"),
    ([[0] * 6 + [12, 0, 0]] + [[0] * 9] * 8, "row 1, column 7: 12 is outside 1-9"),
    ([[0, "x"] + [0] * 7] + [[0] * 9] * 8, "row 1, column 2: 'x' is not a whole number"),
    ([[5, 0, 0, 0, 0, 0, 0, 0, 5]] + [[0] * 9] * 8, "two 5s in row 1"),
    ("12", "found 2 cells"),
    (None, "expected a list of rows or a puzzle string, got NoneType"),
]


@pytest.mark.parametrize("grid, message", INVALID)
def test_solve_warns_and_returns_none_for_invalid_input(grid, message):
    with pytest.warns(PuzzleWarning) as caught:
        assert solve(grid) is None
    assert message in str(caught[0].message)


def test_solve_warning_points_at_the_caller():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        solve([])
    assert caught[0].filename == __file__


@pytest.mark.parametrize("call", [count_solutions, analyse])
def test_strict_calls_raise_the_same_clear_error(call):
    with pytest.raises(PuzzleError, match="two 5s in row 1"):
        call([[5, 0, 0, 0, 0, 0, 0, 0, 5]] + [[0] * 9] * 8)


# --- arguments: any value answers or raises PuzzleError with a clear message (issue 14) ----

BAD_ARGUMENTS = [
    (lambda: parse(EASY, size=2), "size must be 4, 6, 8, 9, 12, 16, 25"),
    (lambda: parse(EASY, size=True), "not True"),
    (lambda: parse(EASY, size="9"), "not '9'"),
    (lambda: count_solutions(EASY, limit="2"), "limit must be a whole number"),
    (lambda: count_solutions(EASY, limit=1.5), "not 1.5"),
    (lambda: count_solutions(EASY, limit=0), "at least 1, not 0"),
    (lambda: analyse(EASY, timeout="1"), "timeout must be a number of seconds"),
    (lambda: analyse(EASY, timeout=-1), "not -1"),
    (lambda: analyse(EASY, timeout=float("nan")), "not nan"),
]


@pytest.mark.parametrize("call, message", BAD_ARGUMENTS)
def test_bad_arguments_raise_puzzle_error_naming_them(call, message):
    with pytest.raises(PuzzleError) as caught:
        call()
    assert message in caught.value.message


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.floats(allow_nan=True),
                 st.text(max_size=3)),
       st.one_of(st.booleans(), st.integers(-2, 4), st.floats(allow_nan=True), st.text(max_size=2)))
def test_any_size_or_limit_answers_or_raises_puzzle_error(size, limit):
    try:
        puzzle = parse(EASY, size=size)
    except PuzzleError as error:
        assert error.message
    else:
        assert puzzle.size == 9 and size in (None, 9)
    try:
        count = count_solutions(EASY, limit=limit)
    except PuzzleError as error:
        assert error.message
    else:
        assert count == 1 and isinstance(limit, int) and limit >= 1
