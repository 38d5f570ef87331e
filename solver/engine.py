"""The fast search engine: every solution (up to a limit) of a grid, by constraint
propagation on the candidate cube (solver/cube.py, solver/propagate.py) and branching on
a two-candidate cell, else a row or column with a digit in two places, else the cell with
the fewest candidates (solver/branching.py).

Search is iterative (an explicit stack), so no board size can hit the interpreter's
recursion limit, which is low under Pyodide; a node is three ints, kept, never copied.
"""

from collections.abc import Sequence

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


def search(geometry: Geometry, cells: Sequence[int], limit: int) -> list[tuple[int, ...]]:
    """Up to `limit` solutions (each n*n digits, row by row) of a grid whose givens break no
    rule; [] when there is none. Stops at `limit`; the input is not changed."""
    c, settle, choose = prepared(geometry)
    solutions: list[tuple[int, ...]] = []
    if limit <= 0:
        return solutions
    state = settle(c.full, 0, cube_bits(c, cells))
    stack: list = []  # (x, placed, options not yet tried) of each open branch
    while True:
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
    cells = c.cells
    grid = [0] * cells
    for digit in range(c.size):
        plane = (x >> (digit * cells)) & c.plane
        while plane:
            low = plane & -plane
            plane ^= low
            grid[low.bit_length() - 1] = digit + 1
    return tuple(grid)
