"""Backtracking as a learner sees it: every digit tried, taken back, and every dead end.

Not the engine (which propagates and branches on its cube, far too fast to watch) but plain
depth-first search in two orders, so the page can show why the choice of cell matters:
FIRST_EMPTY, the tutorials' search (the first empty cell, digits in order), and FEWEST, the
cell with the fewest digits that fit (the "most constrained" rule the engine's branching
ends with). `events` yields (kind, cell, digit) tuples and stops, honestly, after a cap.
Any rules: a variant's units and the cells a cell sees besides (its geometry's peers), and
a Killer's sums, which a guess may not pass. Plain Python that MicroPython runs too (the
page's first solver may run it).
"""

from ..model.errors import PuzzleError, shown
from ..model.geometry import plain_text, whole
from ..model.puzzle import parse
from .bits import counters

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import TypeAlias

    from ..model.puzzle import Puzzle, Source

    # (kind, cell, digit): PLACE, REMOVE, BACKTRACK, or an end with cell -1.
    Event: TypeAlias = tuple[str, int, int]

__all__ = ["BACKTRACK", "ENDS", "FEWEST", "FIRST_EMPTY", "MAX_EVENTS", "NO_SOLUTION", "ORDERS",
           "PLACE", "REMOVE", "SOLVED", "STOPPED", "Trace", "events", "trace"]

FIRST_EMPTY = "first"  # the first empty cell in reading order, digits in order
FEWEST = "fewest"  # the empty cell with the fewest digits that fit, digits in order
ORDERS = (FIRST_EMPTY, FEWEST)

PLACE = "place"  # a guess: digit into cell
REMOVE = "remove"  # the guess in cell taken back (to try its next digit, or to back up)
BACKTRACK = "backtrack"  # no digit is left to try in cell: back up to the previous guess
SOLVED = "solved"  # the grid is full (the last event; cell -1)
NO_SOLUTION = "none"  # every choice was tried (the last event; cell -1)
STOPPED = "stopped"  # the cap was reached first (the last event; cell -1)
ENDS = (SOLVED, NO_SOLUTION, STOPPED)

MAX_EVENTS = 20_000  # a naive search can take millions of steps: the page shows this many


class Trace:
    """A search's events up to the cap and what they add up to: `outcome` (SOLVED,
    NO_SOLUTION or STOPPED), `guesses` (PLACE events), `backtracks` (BACKTRACK events) and
    `cells` (the grid after the last event: the solution when SOLVED)."""

    def __init__(self, events: "list[Event]", cells: list[int]) -> None:
        self.events = events
        self.cells = cells
        self.outcome = events[-1][0]
        self.guesses = sum(1 for e in events if e[0] == PLACE)
        self.backtracks = sum(1 for e in events if e[0] == BACKTRACK)


def trace(puzzle: "Source", order: str = FIRST_EMPTY, max_events: int = MAX_EVENTS) -> Trace:
    """Run `events` to its end and keep them (max_events of search, then the end event)."""
    puzzle = parse(puzzle)
    cells = list(puzzle.cells)
    return Trace(list(events(puzzle, order, max_events, cells)), cells)


def events(
    puzzle: "Source", order: str = FIRST_EMPTY, max_events: int = MAX_EVENTS,
    cells: list[int] | None = None,
) -> "Iterator[Event]":
    """Depth-first search of `puzzle` in `order`, as (kind, cell, digit) events: PLACE,
    REMOVE and BACKTRACK, then one of SOLVED, NO_SOLUTION or STOPPED (after max_events)
    with cell -1. Fills `cells` (None, or a list holding the puzzle's digits, 0 empty) as
    it goes; raises PuzzleError for an unreadable or rule-breaking puzzle, an unknown order,
    a `max_events` that is no whole number of 0 or more, or such a `cells`."""
    puzzle = parse(puzzle)
    text = plain_text(order)
    if text not in ORDERS:
        raise PuzzleError("unknown search order " + shown(order) + ": use one of "
                          + ", ".join(ORDERS))
    cap = whole(max_events)
    if cap is None or cap < 0:
        raise PuzzleError("max_events must be a whole number of 0 or more, not "
                          + shown(max_events))
    if cells is None:
        cells = list(puzzle.cells)
    elif type(cells) is not list or not all(type(d) is int for d in cells) \
            or cells != list(puzzle.cells):  # plain ints: == cannot be lied to
        raise PuzzleError("cells must be None or a list of the puzzle's digits, not "
                          + shown(cells))
    search = Search(puzzle, text, cells)
    run = search.run()
    for _ in range(cap):  # the grid changes as an event is made: none past the cap
        event = next(run)
        yield event
        if event[0] in ENDS:
            return
    yield (STOPPED, -1, 0)


class Search:
    """The search's state: the grid, the digits used per unit, the guesses made. Under a
    variant's rules a digit fits where the cell's units (a jigsaw's region, X's diagonals,
    Windoku's windows too) and the cells it sees besides (a knight's or king's move, its
    cage) do not hold it, and, in a Killer, where its cage can still make its sum."""

    def __init__(self, puzzle: "Puzzle", order: str, cells: list[int]) -> None:
        g = puzzle.geometry
        self.g = g
        self.cells = cells
        self.fewest = order == FEWEST
        self.count, self.highest = counters(g.size)  # bit counts, MicroPython too
        self.used = [0] * len(g.units)  # per unit, a bit per digit placed in it
        # per cell, the cells it sees outside its units: none under the classic rules
        self.seen = () if g.rules is None else tuple(
            tuple(other for other in g.peers[cell]
                  if not any(other in g.units[u] for u in g.cell_units[cell]))
            for cell in range(g.cell_count))
        self.cage = [-1] * g.cell_count  # per cell, its cage's index in g.cages (-1: none)
        for k, (_, members) in enumerate(g.cages):
            for cell in members:
                self.cage[cell] = k
        for cell, digit in enumerate(cells):
            if digit:
                self.mark(cell, 1 << (digit - 1))

    def mark(self, cell: int, bit: int) -> None:
        """Flip digit `bit` in the cell's units (placing it, or taking it back)."""
        for u in self.g.cell_units[cell]:
            self.used[u] ^= bit

    def fits(self, cell: int) -> int:
        """The mask of the digits that fit in an empty cell."""
        g, used = self.g, 0
        if g.rules is None:  # a cell's three units alone: the classic search kept as fast
            a, b, c = g.cell_units[cell]
            return g.all_digits & ~(self.used[a] | self.used[b] | self.used[c])
        for u in g.cell_units[cell]:
            used |= self.used[u]
        for other in self.seen[cell]:
            if self.cells[other]:
                used |= 1 << (self.cells[other] - 1)
        k = self.cage[cell]
        return g.all_digits & ~used & (self.sum_fits(k) if k >= 0 else -1)

    def sum_fits(self, k: int) -> int:
        """The digits an empty cell of cage `k` may take and its sum still be made: the
        rest of the sum when the cell is the cage's last empty one, else less than the rest
        by at least 1 for each other empty cell."""
        total, members = self.g.cages[k]
        rest, empty = total, 0
        for cell in members:
            rest -= self.cells[cell]
            empty += not self.cells[cell]
        if empty == 1:
            return 1 << (rest - 1) if 1 <= rest <= self.g.size else 0
        most = min(self.g.size, rest - (empty - 1))
        return (1 << most) - 1 if most > 0 else 0

    def choose(self) -> int:
        """The cell to guess in next (its order's rule), or -1 when the grid is full."""
        best, best_count = -1, self.g.size + 1
        for cell, digit in enumerate(self.cells):
            if digit:
                continue
            if not self.fewest:
                return cell
            count = self.count(self.fits(cell))
            if count < best_count:
                best, best_count = cell, count
                if count < 2:
                    break  # none can be fewer than one (zero: a dead end to show at once)
        return best

    def run(self) -> "Iterator[Event]":
        """The events, without a cap; ends with SOLVED or NO_SOLUTION."""
        stack: list[list[int]] = []  # per guess: [cell, digits still to try there]
        cell = self.choose()
        if cell >= 0:
            stack.append([cell, self.fits(cell)])
        while stack:
            frame = stack[-1]
            cell, left = frame
            digit = self.cells[cell]
            if digit:
                self.cells[cell] = 0
                self.mark(cell, 1 << (digit - 1))
                yield (REMOVE, cell, digit)
            if not left:
                stack.pop()
                yield (BACKTRACK, cell, 0)
                continue
            bit = left & -left
            frame[1] = left & ~bit
            self.cells[cell] = self.highest(bit) + 1
            self.mark(cell, bit)
            yield (PLACE, cell, self.cells[cell])
            cell = self.choose()
            if cell < 0:
                yield (SOLVED, -1, 0)
                return
            stack.append([cell, self.fits(cell)])
        yield (SOLVED if self.choose() < 0 else NO_SOLUTION, -1, 0)
