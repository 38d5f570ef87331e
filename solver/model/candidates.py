"""Candidates as one bitmask per cell (bit d-1 set: digit d still fits), and singles on them.

The one home of this representation: the logical solver's State holds such masks, the
rating and the generator settle singles on them, the worker sends them to the page.
Plain functions in the subset of Python that MicroPython also runs (no imports beyond
this package), like the rest of solver/model.
"""

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from .geometry import Geometry
    from .puzzle import Puzzle


def open_digits(g: "Geometry", cells: "Sequence[int]", cell: int) -> int:
    """The mask of the digits no peer of `cell` holds in `cells` (a grid's digits, 0 empty)."""
    seen = 0
    for p in g.peers[cell]:
        if cells[p]:
            seen |= 1 << (cells[p] - 1)
    return g.all_digits & ~seen


def candidates(puzzle: "Puzzle") -> list[int]:
    """Candidate bitmask per cell from the givens (bit d-1 = digit d), 0 for filled cells;
    PuzzleError if `puzzle` is not a Puzzle."""
    from .puzzle import check_puzzle  # here: puzzle.py's readers import this module

    check_puzzle(puzzle)
    g, cells = puzzle.geometry, puzzle.cells
    return [0 if value else open_digits(g, cells, i) for i, value in enumerate(cells)]


def digits_of(mask: int) -> tuple[int, ...]:
    """The digits in a candidate bitmask, ascending."""
    digits = []
    d = 1
    while mask:
        if mask & 1:
            digits.append(d)
        mask >>= 1
        d += 1
    return tuple(digits)


def without(masks: "Sequence[int]", eliminated: "Iterable[tuple[int, int]]") -> list[int]:
    """A copy of `masks` with the (cell, digit) pairs of `eliminated` taken out."""
    left = list(masks)
    for cell, digit in eliminated:
        left[cell] &= ~(1 << (digit - 1))
    return left


def settle_singles(g: "Geometry", masks: list[int], queue: list[int]) -> bool:
    """Apply naked and hidden singles to `masks` in place until none is left; False on a
    contradiction. `masks` holds every cell, a placed digit's cell just its bit; `queue`
    the cells down to one candidate not yet cleared from their peers.

    Its own few lines rather than the engine's propagation: the engine's internal
    representation is its own business and changes with its speed work.
    """
    if not all(masks):
        return False
    peers, units, full = g.peers, g.units, g.all_digits
    while True:
        if not clear_naked_singles(peers, masks, queue):
            return False
        if not place_hidden_singles(units, full, masks, queue):
            return False
        if not queue:
            return True


def clear_naked_singles(
    peers: "Sequence[Sequence[int]]", masks: list[int], queue: list[int]
) -> bool:
    """Clear the digit of every queued cell from its peers, queueing peers left with one
    digit, until the queue is empty; False when a peer loses its last candidate."""
    while queue:
        cell = queue.pop()
        m = masks[cell]
        for p in peers[cell]:
            pm = masks[p]
            if pm & m:
                pm &= ~m
                if not pm:
                    return False
                masks[p] = pm
                if not pm & (pm - 1):
                    queue.append(p)
    return True


def place_hidden_singles(
    units: "Sequence[Sequence[int]]", full: int, masks: list[int], queue: list[int]
) -> bool:
    """One pass over the units: a digit with one place in a unit goes there (queued to be
    cleared from peers); False when a unit misses a digit or a cell needs two."""
    for unit in units:
        once = twice = 0
        for cell in unit:
            m = masks[cell]
            twice |= once & m
            once |= m
        if once != full:
            return False
        hidden = once & ~twice
        if hidden:
            for cell in unit:
                h = masks[cell] & hidden
                if h and h != masks[cell]:
                    if h & (h - 1):
                        return False
                    masks[cell] = h
                    queue.append(cell)
    return True
