"""The search the page animates (solver.search.trace): every event replays on the grid by the
rules, a finished trace ends on a real solution, the counts are those of its events, the cap
stops it honestly, and the most constrained cell needs fewer guesses than the first empty one.
The same trace under MicroPython is checked in tests/test_micropython.py."""

import re
from pathlib import Path

import pytest

from solver import analyse
from solver.model.candidates import open_digits
from solver.model.errors import PuzzleError
from solver.model.geometry import BOX_SHAPES
from solver.model.puzzle import Puzzle, read
from solver.search.trace import (
    BACKTRACK,
    ENDS,
    FEWEST,
    FIRST_EMPTY,
    NO_SOLUTION,
    ORDERS,
    PLACE,
    REMOVE,
    SOLVED,
    STOPPED,
    events,
    trace,
)
from tests.checks import (
    EASY,
    full_grid,
    load_lines,
    puzzle_of,
    search_solutions,
    solution_problems,
)
from tests.checks import NO_SOLUTION as UNSOLVABLE


def replay(puzzle: Puzzle, found) -> list:
    """The grid after playing `found` on the givens, checking each event against the rules
    from scratch: a guess goes into an empty cell where its digit fits, a removal takes out
    the digit there, a backtrack leaves from an empty cell."""
    g, cells = puzzle.geometry, list(puzzle.cells)
    for kind, cell, digit in found[:-1]:
        if kind == PLACE:
            assert cells[cell] == 0 and open_digits(g, cells, cell) >> (digit - 1) & 1
            cells[cell] = digit
        elif kind == REMOVE:
            assert puzzle.cells[cell] == 0 and cells[cell] == digit
            cells[cell] = 0
        else:
            assert kind == BACKTRACK and cells[cell] == 0
    return cells


def blanked(size: int) -> Puzzle:
    """A full grid of `size` with every other cell emptied (many solutions: search finds one)."""
    full = full_grid(size)
    return Puzzle(full.geometry, [d if i % 2 else 0 for i, d in enumerate(full.cells)])


# The first empty cell takes millions of guesses on top95's puzzles: EASY only for it.
@pytest.mark.parametrize(("order", "text"), [(FIRST_EMPTY, EASY)] + [
    (FEWEST, text) for text in [EASY] + load_lines("top95.txt")[:3]])
def test_a_finished_trace_replays_to_the_solution(order, text):
    puzzle = puzzle_of(text)
    got = trace(puzzle, order, max_events=10**6)
    assert got.outcome == SOLVED and got.events[-1] == (SOLVED, -1, 0)
    cells = replay(puzzle, got.events)
    assert cells == got.cells
    assert solution_problems(puzzle, Puzzle(puzzle.geometry, cells)) == []
    assert cells == list(analyse(puzzle).solution.cells)  # one solution: the same one


def variant_cases() -> list:
    """(order, text) of variants a trace finishes: small ones in both orders, 9x9 ones (a
    Jigsaw, a Killer with no givens) in the fewest-candidates order."""
    from tests.killer import unique_killer
    from tests.test_variants import PUZZLES

    small = [PUZZLES[name] for name in ("jigsaw 6x6", "x 4x4", "anti-knight 6x6")]
    killer = unique_killer(9, 7, solutions=search_solutions)[0]
    return [(order, text) for text in small for order in ORDERS] + [
        (FEWEST, PUZZLES["jigsaw"]), (FEWEST, killer)]


@pytest.mark.parametrize(("order", "text"), variant_cases())
def test_a_variants_trace_keeps_its_rules_and_ends_on_its_solution(order, text):
    # each guess fits every cell it sees (open_digits reads the variant's peers); a Killer's
    # sums are checked by the solution the search ends on, the only one there is
    puzzle = read(text)
    got = trace(puzzle, order, max_events=10**6)
    assert got.outcome == SOLVED and puzzle.geometry.rules is not None
    cells = replay(puzzle, got.events)
    assert cells == got.cells == list(analyse(puzzle).solution.cells)  # its one solution


def test_a_killers_search_never_fills_a_cage_off_its_sum():
    from tests.killer import unique_killer

    puzzle = read(unique_killer(9, 7, solutions=search_solutions)[0])
    cells = list(puzzle.cells)
    for kind, cell, digit in trace(puzzle, FEWEST, max_events=10**6).events[:-1]:
        cells[cell] = digit if kind == PLACE else 0
        for total, members in puzzle.geometry.cages:
            placed = [cells[c] for c in members if cells[c]]
            assert sum(placed) <= total and (len(placed) < len(members) or sum(placed) == total)


@pytest.mark.parametrize("size", [n for n in BOX_SHAPES if n <= 16])
def test_every_size_finds_a_solution(size):
    puzzle = blanked(size)
    got = trace(puzzle, FEWEST)
    assert got.outcome == SOLVED
    assert solution_problems(puzzle, Puzzle(puzzle.geometry, replay(puzzle, got.events))) == []


@pytest.mark.parametrize("order", ORDERS)
def test_counts_are_those_of_the_events(order):
    puzzle = puzzle_of(load_lines("top95.txt")[1])
    got = trace(puzzle, order)
    kinds = [e[0] for e in got.events]
    assert got.guesses == kinds.count(PLACE) > 0
    assert got.backtracks == kinds.count(BACKTRACK) > 0
    # every guess is either still on the grid or was taken back
    still = sum(1 for a, b in zip(puzzle.cells, replay(puzzle, got.events), strict=True) if b != a)
    assert got.guesses == kinds.count(REMOVE) + still


def test_the_cap_stops_the_search_and_says_so():
    puzzle = read(EASY)
    got = trace(puzzle, FIRST_EMPTY, max_events=500)
    assert len(got.events) == 501 and got.outcome == STOPPED
    assert [e for e in got.events if e[0] in ENDS] == [(STOPPED, -1, 0)]
    assert replay(puzzle, got.events) == got.cells  # the grid as the search left it
    assert got.guesses == [e[0] for e in got.events].count(PLACE)


def test_no_solution_is_said_after_every_choice():
    got = trace(UNSOLVABLE, FEWEST, max_events=10**6)
    assert got.outcome == NO_SOLUTION
    assert replay(read(UNSOLVABLE), got.events) == list(read(UNSOLVABLE).cells)


def test_a_full_grid_is_solved_without_a_guess():
    got = trace(full_grid(9))
    assert got.events == [(SOLVED, -1, 0)] and got.guesses == 0


def test_the_most_constrained_cell_needs_fewer_guesses():
    for text in [EASY] + load_lines("top95.txt")[:4]:
        first = trace(puzzle_of(text), FIRST_EMPTY, max_events=200_000)
        fewest = trace(puzzle_of(text), FEWEST, max_events=200_000)
        assert fewest.outcome == SOLVED or first.outcome == STOPPED
        assert fewest.guesses < first.guesses, text


def test_events_is_a_lazy_generator():
    stream = events(read("." * 81), FIRST_EMPTY)
    assert next(stream) == (PLACE, 0, 1)  # the tutorials' search: r1c1 first, 1 first
    assert next(stream) == (PLACE, 1, 2)


@pytest.mark.parametrize("bad", ["55" + "." * 79, "x", [[1, 2], [3]]])
def test_bad_puzzles_and_orders_are_refused(bad):
    with pytest.raises(PuzzleError):
        trace(bad)
    with pytest.raises(PuzzleError, match="unknown search order"):
        trace(EASY, "random")


def test_the_page_offers_exactly_the_library_orders():
    html = (Path(__file__).resolve().parents[1] / "index.html").read_text()
    select = html[html.index('<select id="watch-order">'):]
    select = select[:select.index("</select>")]
    assert tuple(re.findall(r'<option value="(\w+)"', select)) == ORDERS
