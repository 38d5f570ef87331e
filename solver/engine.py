"""The fast search engine: every solution (up to a limit) of a grid, by constraint
propagation on the candidate cube (solver/cube.py, solver/propagate.py) and branching on
a two-candidate cell (the one seeing the most undecided cells), else a row or column with
a digit in two places, else the cell with the fewest candidates.

Search is iterative (an explicit stack), so no board size can hit the interpreter's
recursion limit, which is low under Pyodide; a node is three ints, kept, never copied.
"""

from collections.abc import Sequence
from time import monotonic

from .cube import Cube, cube_of
from .geometry import Geometry
from .propagate import build_settle

# geometry -> (cube masks, compiled settle); a memo filled once per size.
_PREPARED: dict = {}


def prepared(geometry: Geometry):
    """The cube masks and the compiled settle function of a geometry, built on first use."""
    found = _PREPARED.get(geometry)
    if found is None:
        c = cube_of(geometry)
        found = _PREPARED[geometry] = (c, build_settle(c))
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
    c, settle = prepared(geometry)
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
            options = choose(c, x)
            if options:
                stack.append((x, placed, options))
            else:
                solutions.append(digits(c, x))
                if len(solutions) >= limit:
                    return solutions
        if not stack:
            return solutions
        x, placed, options = stack[-1]
        low = options & -options
        options ^= low
        if options:
            stack[-1] = (x, placed, options)
        else:
            stack.pop()
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


def fold3(x: int, stride: int, count: int) -> tuple[int, int, int]:
    """Fold `count` elements `stride` bits apart onto the first (as propagate.fold_code):
    (one or more, two or more, three or more) set."""
    o = t = h = 0
    once, twice, thrice = x, 0, 0
    covered, size = 0, 1
    # The join of two groups is written out twice, not shared through a helper: a call and
    # tuples per step made this, which runs at every search node, 2.3x slower.
    while True:
        if count & 1:
            shift = covered * stride
            so, st, sh = once >> shift, twice >> shift, thrice >> shift
            h |= sh | (t & so) | (o & st)
            t |= st | (o & so)
            o |= so
            covered += size
        count >>= 1
        if not count:
            return o, t, h
        shift = size * stride
        so, st, sh = once >> shift, twice >> shift, thrice >> shift
        thrice |= sh | (twice & so) | (once & st)
        twice |= st | (once & so)
        once |= so
        size += size


def choose(c: Cube, x: int) -> int:
    """Cube bits to try in turn at a settled node: the two candidates of the undecided cell
    with two that sees the most undecided cells, else a row or column's two places for a
    digit, else the candidates of the cell with the fewest; 0 when every cell is decided."""
    n, cells = c.size, c.cells
    o, t, h = fold3(x, cells, n)
    undecided = t & c.plane
    if not undecided:
        return 0
    two = undecided & ~h
    if two:
        # Most undecided peers: its choice decides the most, so failures show soonest.
        peers = c.peers
        best, most = 0, -1
        while two:
            low = two & -two
            two ^= low
            seen = (peers[low.bit_length() - 1] & undecided).bit_count()
            if seen > most:
                best, most = low, seen
        return (best * c.spread_digits) & x
    for stride, bases, spread in (
        (1, c.row_bases, c.spread_row),
        (n, c.col_bases, c.spread_col),
    ):
        o, t, h = fold3(x, stride, n)
        two = t & ~h & bases
        if two:
            return ((two & -two) * spread) & x
    best, fewest = 0, n + 1
    while undecided:
        low = undecided & -undecided
        undecided ^= low
        options = (low * c.spread_digits) & x
        count = options.bit_count()
        if count < fewest:
            best, fewest = options, count
    return best
