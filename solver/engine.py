"""The fast search engine: every solution (up to a limit) of a grid, by constraint
propagation on the candidate cube (solver/cube.py, solver/propagate.py) and branching on
a two-candidate cell, else a row or column with a digit in two places, else the cell with
the fewest candidates (solver/branching.py).

Search is iterative (an explicit stack), so no board size can hit the interpreter's
recursion limit, which is low under Pyodide; a node is three ints, kept, never copied.
"""

from collections.abc import Sequence
from time import monotonic

from .branching import build_choose
from .cube import Cube, cube_of
from .geometry import Geometry
from .propagate import build_settle

# geometry -> (cube masks, compiled settle, compiled choose); a memo filled once per size.
_PREPARED: dict = {}


def prepared(geometry: Geometry):
    """The cube masks and the compiled settle and choose functions of a geometry, built on
    first use."""
    found = _PREPARED.get(geometry)
    if found is None:
        c = cube_of(geometry)
        found = _PREPARED[geometry] = (c, build_settle(c), build_choose(c))
    return found


class SearchTimeout(TimeoutError):
    """The search ran past its deadline; `solutions` holds those found before it."""

    def __init__(self, solutions: list[tuple[int, ...]]):
        super().__init__("the search ran out of time")
        self.solutions = solutions


# Nodes between two looks at the clock: a few milliseconds even at 25x25.
CLOCK_EVERY = 64


def search(
    geometry: Geometry, cells: Sequence[int], limit: int, deadline: float | None = None
) -> list[tuple[int, ...]]:
    """Up to `limit` solutions (each n*n digits, row by row) of a grid whose givens break no
    rule; [] when there is none. Stops at `limit`; the input is not changed. Raises
    SearchTimeout once `time.monotonic()` passes `deadline` (None: no deadline)."""
    c, settle, choose = prepared(geometry)
    solutions: list[tuple[int, ...]] = []
    if limit <= 0:
        return solutions
    state = settle(c.full, 0, cube_bits(c, cells))
    stack: list = []  # (x, placed, options not yet tried) of each open branch
    countdown = CLOCK_EVERY
    while True:
        countdown -= 1
        if not countdown:
            countdown = CLOCK_EVERY
            if deadline is not None and monotonic() > deadline:
                raise SearchTimeout(solutions)
        if state is not None:
            x, placed = state
            options = choose(x)
            if not options:
                solutions.append(digits(c, x))
                if len(solutions) >= limit:
                    return solutions
        if state is None or not options:
            if not stack:
                return solutions
            x, placed, options = stack.pop()
        low = options & -options
        if options != low:
            stack.append((x, placed, options ^ low))
        state = settle(x, placed, low)


def cube_bits(c: Cube, cells: Sequence[int]) -> int:
    """The cube bits of a grid's filled cells (digit d in cell i is bit (d-1)*N + i)."""
    bits = 0
    for cell, digit in enumerate(cells):
        if digit:
            bits |= 1 << ((digit - 1) * c.cells + cell)
    return bits


def digits(c: Cube, x: int) -> tuple[int, ...]:
    """The grid of a fully decided cube, as digits row by row."""
    # Done by the bytes machinery in C rather than a loop per cell (3x faster at 9x9): the
    # cube's bits as b"0"/b"1" (cube bit k at index k), each plane translated to one byte
    # per cell (its digit there, else 0), the planes summed as ints (no byte overflows, as
    # each cell has one digit), the sum's bytes read back.
    cells = c.cells
    bits = format(x, f"0{c.size * cells}b")[::-1].encode()
    total = 0
    for digit, table in enumerate(c.digit_bytes):
        plane = bits[digit * cells:(digit + 1) * cells]
        total += int.from_bytes(plane.translate(table), "little")
    return tuple(total.to_bytes(cells, "little"))
