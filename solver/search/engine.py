"""The fast search engine: every solution (up to a limit) of a grid, by constraint
propagation on the candidate cube (cube.py, propagate.py) and branching on a two-candidate
cell, else a row or column with a digit in two places, else the cell with the fewest
candidates (branching.py); clause learning (sat.py) takes over where it is stuck.

Search is iterative (an explicit stack), so no board size can hit the interpreter's
recursion limit, which is low under Pyodide; a node is three ints, kept, never copied.
"""

from ..model.geometry import Geometry
from .cube import Cube, cube_of, digits
from .deadline import SearchTimeout, monotonic

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:  # imported for real on first use, in prepared()
    from collections.abc import Sequence

    from .branching import Choose
    from .propagate import Settle

# geometry -> (cube masks, compiled settle, compiled choose); a memo filled once per size.
_PREPARED: "dict[Geometry, tuple[Cube, Settle, Choose]]" = {}
# The same for variant geometries (their settle and choose from variant.py), kept apart and
# bounded: a file of jigsaws makes a geometry a layout.
_VARIANTS: "dict[Geometry, tuple[Cube, Settle, Choose]]" = {}
MAX_VARIANTS = 64


def prepared(geometry: Geometry) -> "tuple[Cube, Settle, Choose]":
    """The cube masks and the settle and choose functions of a geometry, built on first
    use: compiled per size for the classic rules (the fast path), variant.py's for a
    variant's (geometry.rules set)."""
    if geometry.rules is not None:
        return prepared_variant(geometry)
    found = _PREPARED.get(geometry)
    if found is None:
        # Imported on first use: importing the package then loads no code generator, so
        # `python -m solver.search.codegen` runs without runpy's warning that it is loaded
        # twice.
        from .branching import build_choose
        from .propagate import build_settle

        c = cube_of(geometry)
        found = _PREPARED[geometry] = (c, build_settle(c), build_choose(c))
    return found


def prepared_variant(geometry: Geometry) -> "tuple[Cube, Settle, Choose]":
    """prepared() of a variant geometry: its cube and variant.py's settle and choose."""
    found = _VARIANTS.get(geometry)
    if found is None:
        from .variant import build_variant

        if len(_VARIANTS) >= MAX_VARIANTS:
            _VARIANTS.clear()
        c = cube_of(geometry)
        settle, choose = build_variant(c, geometry)  # no (c, *pair): MicroPython lacks it
        found = _VARIANTS[geometry] = (c, settle, choose)
    return found


# Nodes between two looks at the clock: a few milliseconds even at 25x25.
CLOCK_EVERY = 64
# From this size up, depth-first search that has gone this many nodes without a solution
# hands over to clause learning (sat.py). No 16x16 benchmark puzzle goes even 50
# nodes without one; the hardest 25x25 ones never finish without (a node there is ~1 ms).
SAT_FROM_SIZE = 16
HANDOVER_NODES = 200


# Solutions count_solutions keeps at most: past them it counts without storing (bounded
# memory), and a grid that rich in solutions is left to depth-first search (clause learning
# would need every solution found as a clause excluding it).
COUNT_KEEP = 1000


def search(
    geometry: Geometry, cells: "Sequence[int]", limit: int, deadline: float | None = None,
    handover: int | None = None,
) -> list[tuple[int, ...]]:
    """Up to `limit` solutions (each n*n digits, row by row) of a grid whose givens break no
    rule; [] when there is none. Stops at `limit`; the input is not changed. Raises
    SearchTimeout once `time.monotonic()` passes `deadline` (None: no deadline).

    After `handover` nodes without a new solution (default: HANDOVER_NODES from
    SAT_FROM_SIZE up and for a variant's rules, else never; never for a Killer's) the rest
    of the search is done by clause learning."""
    return explore(geometry, cells, limit, deadline, handover, limit)[0]


def count(
    geometry: Geometry, cells: "Sequence[int]", limit: int, deadline: float | None = None,
) -> int:
    """How many solutions `search` would find (up to `limit`), in memory that does not grow
    with `limit`: at most COUNT_KEEP solutions are stored. SearchTimeout as `search`."""
    return explore(geometry, cells, limit, deadline, None, COUNT_KEEP)[1]


def handover_nodes(geometry: Geometry, handover: int | None) -> int:
    """The nodes after which a search hands over to clause learning (-1: never): `handover`,
    else HANDOVER_NODES from SAT_FROM_SIZE up and for a variant's rules at every size (its
    settle is weaker: no locked sets); never for a Killer's, whatever is asked, as clause
    learning knows no cage sums."""
    if geometry.cages:
        return -1
    if handover is None:
        return HANDOVER_NODES if geometry.size >= SAT_FROM_SIZE or geometry.rules is not None \
            else -1
    return handover


def explore(
    geometry: Geometry, cells: "Sequence[int]", limit: int, deadline: float | None,
    handover: int | None, keep: int,
) -> tuple[list[tuple[int, ...]], int]:
    """(the first `keep` solutions, how many were found up to `limit`): `search`'s walk."""
    c, settle, choose = prepared(geometry)
    solutions: list[tuple[int, ...]] = []
    if limit <= 0:
        return solutions, 0
    handover = handover_nodes(geometry, handover)
    root = state = settle(c.full, 0, cube_bits(c, cells))
    stack: list[tuple[int, int, int]] = []  # (x, placed, options not yet tried) per open branch
    countdown = CLOCK_EVERY
    stuck = found = 0
    while True:
        countdown -= 1
        if not countdown:
            countdown = CLOCK_EVERY
            if deadline is not None and monotonic() > deadline:
                raise SearchTimeout(solutions)
        stuck += 1
        if stuck == handover + 1 and root is not None:
            # Imported here: the classic 9x9 search never hands over, and the page's first
            # Solve (MicroPython) then loads no clause learning.
            from .sat import sat_search

            try:
                more = sat_search(geometry, root[0], limit - found, solutions, deadline)
            except SearchTimeout as stopped:
                raise SearchTimeout(solutions + stopped.solutions) from None
            return solutions + more, found + len(more)
        if state is not None:
            x, placed = state
            options = choose(x)
            if not options:
                found += 1
                stuck = 0
                if len(solutions) < keep:
                    solutions.append(digits(c, x))
                else:
                    handover = -1  # no clause learning: it would need them all
                if found >= limit:
                    return solutions, found
        if state is None or not options:
            if not stack:
                return solutions, found
            x, placed, options = stack.pop()
        low = options & -options
        if options != low:
            stack.append((x, placed, options ^ low))
        state = settle(x, placed, low)


def cube_bits(c: Cube, cells: "Sequence[int]") -> int:
    """The cube bits of a grid's filled cells (digit d in cell i is bit (d-1)*N + i)."""
    bits = 0
    for cell, digit in enumerate(cells):
        if digit:
            bits |= 1 << ((digit - 1) * c.cells + cell)
    return bits
