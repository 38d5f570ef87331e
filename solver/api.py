"""The public solving API: the original lenient `solve` contract and the strict calls."""

import builtins
import heapq
import math

from .model.errors import PuzzleError, shown
from .model.geometry import whole
from .model.puzzle import Puzzle, check_puzzle, conflicts, parse
from .search.deadline import SearchTimeout as SearchTimeout  # what timeout= raises; re-exported
from .search.deadline import monotonic
from .search.engine import count, search

try:
    import warnings
    HAS_WARNINGS = True
except ImportError:  # MicroPython (the page's first solver): its callers use analyse
    HAS_WARNINGS = False

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true, and so see the base CPython has.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Literal

    from .model.puzzle import Source

    _WARNING_BASE = UserWarning
else:  # MicroPython has no UserWarning
    _WARNING_BASE = getattr(builtins, "UserWarning", Exception)


class PuzzleWarning(_WARNING_BASE):
    """Issued by `solve` for input it cannot use; the message names the problem and place."""


class Analysis:
    """What a puzzle has: `count` solutions (0, 1, or 2 meaning two or more), one of them,
    and when there are two or more, `second`: another (so a page can show where they differ).

    A value: compared by its fields, and read-only."""

    __slots__ = ("count", "solution", "second")
    count: int
    solution: Puzzle | None
    second: Puzzle | None

    def __init__(
        self, count: int, solution: Puzzle | None, second: Puzzle | None = None
    ) -> None:
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "solution", solution)
        object.__setattr__(self, "second", second)

    def __setattr__(self, name: str, value: object) -> None:
        """Always AttributeError: an Analysis is never changed."""
        raise AttributeError("Analysis is read-only")

    def __eq__(self, other: object) -> bool:
        """Equal to an Analysis with the same count, solution and second."""
        return isinstance(other, Analysis) and (self.count, self.solution, self.second) == (
            other.count, other.solution, other.second)

    def __hash__(self) -> int:
        """The hash of the fields equality compares."""
        return hash((self.count, self.solution, self.second))

    def __repr__(self) -> str:
        """Analysis(count=..., solution=..., second=...)."""
        return (f"Analysis(count={self.count!r}, solution={self.solution!r}, "
                f"second={self.second!r})")

    @property
    def unique(self) -> bool:
        """Exactly one solution."""
        return self.count == 1

    @property
    def solvable(self) -> bool:
        """At least one solution."""
        return self.count > 0


def deadline_of(timeout: float | None) -> float | None:
    """The monotonic-clock deadline `timeout` seconds from now (None: no deadline);
    PuzzleError for anything but None or a number of seconds, zero or more."""
    if timeout is None:
        return None
    n = whole(timeout)
    seconds: float | None
    try:  # an int past float's range (10**400) is refused, not an OverflowError
        if n is not None:
            seconds = float(n)  # (MicroPython makes 10**400 inf, CPython raises)
            if seconds - seconds != 0:
                seconds = None
        elif type(timeout) is float:  # (MicroPython has no float.__float__)
            seconds = timeout
        elif isinstance(timeout, float):  # a subclass: the float it holds, not what it says
            seconds = float.__float__(timeout)
        else:
            seconds = None
    except Exception:  # OverflowError
        seconds = None
    if seconds is None or not seconds >= 0:  # NaN is not >= 0
        raise PuzzleError("timeout must be a number of seconds (0 or more, within a float's "
                          "range) or None, not " + shown(timeout))
    return monotonic() + seconds


def solve(
    grid: "Source", timeout: float | None = None
) -> "list[list[int]] | str | Literal[False] | None":
    """Solve a puzzle given as a list of lists of ints (0 = empty) or as text.

    Returns a NEW filled grid in the same form (list of lists, or a string for text), or
    False when there is no solution. Invalid input issues a PuzzleWarning naming the
    problem and returns None. A puzzle with several solutions gets one of them; use
    `analyse` to know whether it was unique. With `timeout` (seconds), raises
    SearchTimeout (a TimeoutError) rather than search longer.
    """
    try:
        puzzle = parse(grid)
    except PuzzleError as error:
        if HAS_WARNINGS:
            warnings.warn(error.message, PuzzleWarning, stacklevel=2)
        return None
    found = search(puzzle.geometry, puzzle.cells, 1, deadline_of(timeout))
    if not found:
        return False
    solution = Puzzle(puzzle.geometry, found[0])
    return solution.to_string() if isinstance(grid, str) else solution.rows()


def count_solutions(source: "Source", limit: int = 2, timeout: float | None = None) -> int:
    """How many solutions a puzzle has, counting no further than `limit` (>= 1), in
    memory that does not grow with `limit` (solutions are counted, not kept).

    `source` is anything `parse` reads; raises PuzzleError for invalid input, and
    SearchTimeout past `timeout` seconds (None: no limit).
    """
    limit = check_limit(limit)
    puzzle = parse(source)
    return count(puzzle.geometry, puzzle.cells, limit, deadline_of(timeout))


def analyse(source: "Source", timeout: float | None = None) -> Analysis:
    """Solve and check uniqueness in one search; raises PuzzleError for invalid input, and
    SearchTimeout past `timeout` seconds (None: no limit)."""
    puzzle = parse(source)
    found = search(puzzle.geometry, puzzle.cells, 2, deadline_of(timeout))
    solution = Puzzle(puzzle.geometry, found[0]) if found else None
    second = Puzzle(puzzle.geometry, found[1]) if len(found) > 1 else None
    return Analysis(len(found), solution, second)


REPAIR_CHANGES = 24  # the likeliest one-cell changes a repair is made of
REPAIR_MOST = 3  # cells changed at most
REPAIR_CHECKS = 300  # grids checked for one solution at most, so a repair stays quick


def check_limit(limit: object) -> int:
    """`limit` as a plain int; PuzzleError unless it is a whole number of at least 1."""
    n = whole(limit)
    if n is None or n < 1:
        raise PuzzleError("limit must be a whole number of at least 1, not " + shown(limit))
    return n


def checked_readings(
    alternatives: "Iterable[Iterable[tuple[int, float]]]", puzzle: Puzzle
) -> list[list[tuple[int, float]]]:
    """`alternatives` as a list per cell of (digit, probability) pairs, or PuzzleError
    unless each cell has its reading first (probability above 0) and every digit is one of
    the grid's (0 for empty) with a probability from 0 to 1."""
    readings: list[list[tuple[int, float]]] | None
    try:
        readings = [[(d, float(p)) for d, p in choices] for choices in alternatives]
    except Exception:  # not pairs of numbers, an int past any float, a raising subclass
        readings = None
    if readings is None or len(readings) != len(puzzle.cells) or not all(
            choices and choices[0][1] > 0 and all(
                isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= puzzle.size
                and 0 <= p <= 1 for d, p in choices)
            for choices in readings):
        raise PuzzleError("alternatives must hold, for each of the grid's " + str(len(
            puzzle.cells)) + " cells, (digit, probability) pairs with the reading first")
    return readings


def has_one_solution(puzzle: Puzzle) -> bool:
    """The grid breaks no rule and has exactly one solution."""
    return not conflicts(puzzle) and len(search(puzzle.geometry, puzzle.cells, 2)) == 1


def suggest_repairs(
    puzzle: Puzzle, alternatives: "Sequence[Sequence[tuple[int, float]]]", limit: int = 2
) -> list[Puzzle]:
    """Up to `limit` corrections of a grid read with doubt (a photo) that has no solution
    or several: copies with one to three cells changed to other likely readings that have
    exactly one solution, likeliest first; [] when the grid already has one or none is
    found. `alternatives[cell]`: (digit, probability) pairs, the reading first, 0 for empty
    (as `solver.photo.Reading.alternatives`). PuzzleError for anything else."""
    check_puzzle(puzzle)
    limit = check_limit(limit)
    readings = checked_readings(alternatives, puzzle)
    if has_one_solution(puzzle):
        return []
    changes = sorted((math.log(choices[0][1] / p), cell, digit)
                     for cell, choices in enumerate(readings)
                     for digit, p in choices[1:] if p > 0)[:REPAIR_CHANGES]
    # Best first over sets of changes (cost: the sum of log odds against each change),
    # each set grown only with later changes, so every set is seen once.
    queue: list[tuple[float, tuple[int, ...]]] = [
        (cost, (index,)) for index, (cost, _, _) in enumerate(changes)]
    heapq.heapify(queue)
    found: list[Puzzle] = []
    checks = 0
    while queue and len(found) < limit and checks < REPAIR_CHECKS:
        cost, chosen = heapq.heappop(queue)
        cells = [changes[i][1] for i in chosen]
        if len(set(cells)) < len(cells):
            continue  # two readings for one cell
        fixed = puzzle
        for i in chosen:
            fixed = fixed.with_cell(changes[i][1], changes[i][2])
        checks += 1
        if has_one_solution(fixed):
            found.append(fixed)
        elif len(chosen) < REPAIR_MOST:
            for i in range(chosen[-1] + 1, len(changes)):
                heapq.heappush(queue, (cost + changes[i][0], chosen + (i,)))
    return found
