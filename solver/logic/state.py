"""The candidate grid: the placed digits and the candidates left in every empty cell.

A State is immutable; applying a step gives a new one. Derived tables (where each digit
can go in each unit) are computed once per state, on first use.
"""

from ..model.candidates import candidates as candidates  # re-exported by solver.logic
from ..model.candidates import digits_of as uncached_digits_of
from ..model.candidates import settle_singles
from ..model.files import Entry
from ..model.geometry import Geometry
from ..model.puzzle import Puzzle, cell_values
from ..search.bits import bit_length
from ..search.cube import peer_bits
from .compat import cache, cached_property, lru_cache
from .step import Step

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Sequence


class State:
    """Filled digits (0 = empty) and candidate bitmasks (bit d-1 = digit d, 0 when filled);
    `givens`, the digits the puzzle gave (0 elsewhere: a digit in `values` but not here was
    placed, by a step or the player). Unless told, every filled digit is a given.

    Made from a Geometry and, for each cell, a digit 0..n and a mask 0..2**n - 1 (as
    Puzzle checks its cells; PuzzleError naming the first bad one)."""

    def __init__(self, geometry: Geometry, values: "Sequence[int]", cands: "Sequence[int]",
                 givens: "Sequence[int] | None" = None) -> None:
        self.geometry = geometry
        self.values = cell_values(geometry, values)
        self.cands = cell_values(geometry, cands, masks=True)
        self.givens = self.values if givens is None else cell_values(geometry, givens)

    @classmethod
    def made(cls, geometry: Geometry, values: "Iterable[int]", cands: "Iterable[int]",
             givens: "Iterable[int] | None" = None) -> "State":
        """A State of values and masks derived from a checked one (a step applied, singles
        settled): not checked again, as the solvers make one for every step they take."""
        state = cls.__new__(cls)
        state.geometry, state.values, state.cands = geometry, tuple(values), tuple(cands)
        state.givens = state.values if givens is None else tuple(givens)
        return state

    @classmethod
    def from_puzzle(cls, puzzle: Puzzle) -> "State":
        """The state a solver starts from: every digit not already seen by a cell."""
        return cls(puzzle.geometry, puzzle.cells, candidates(puzzle))

    @classmethod
    def from_entry(cls, entry: Entry) -> "State":
        """The position a file's entry describes (files.read_puzzles): its givens, the digits
        it says the player placed, and its candidates (or every digit no peer holds)."""
        puzzle, placed = entry.puzzle, entry.placed or (0,) * len(entry.puzzle.cells)
        values = [g or p for g, p in zip(puzzle.cells, placed)]
        if entry.candidates is None:
            return cls(puzzle.geometry, values, candidates(Puzzle(puzzle.geometry, values)),
                       puzzle.cells)
        cands = [0 if v else m for v, m in zip(values, entry.candidates)]
        return cls(puzzle.geometry, values, cands, puzzle.cells)

    def is_given(self, cell: int) -> bool:
        """Did the puzzle give this cell's digit (rather than a step or the player place it)?"""
        return bool(self.givens[cell])

    @classmethod
    def from_masks(cls, geometry: Geometry, masks: "Sequence[int]") -> "State":
        """The state of settled candidate masks: a cell down to one candidate holds its digit.
        PuzzleError (as for State) unless they are a mask 0..2**n - 1 per cell."""
        return cls(geometry, *masks_split(cell_values(geometry, masks, masks=True)))

    def as_masks(self) -> tuple[list[int], list[int]]:
        """The state as one candidate mask per cell (a placed digit's cell holds just its bit),
        and the empty cells already down to one candidate, whose digit peers still have."""
        masks = [1 << (v - 1) if v else m for v, m in zip(self.values, self.cands)]
        pending = [c for c in self.empty if not masks[c] & (masks[c] - 1)]
        return masks, pending

    def apply(self, step: Step) -> "State":
        """The state after a step's placements (clearing the digit from peers) and eliminations."""
        values, cands = list(self.values), list(self.cands)
        peers = self.geometry.peers
        for cell, digit in step.placements:
            values[cell] = digit
            cands[cell] = 0
            bit = ~(1 << (digit - 1))
            for p in peers[cell]:
                cands[p] &= bit
        for cell, digit in step.eliminations:
            cands[cell] &= ~(1 << (digit - 1))
        return State.made(self.geometry, values, cands, self.givens)

    def puzzle(self) -> Puzzle:
        """The placed digits as a Puzzle."""
        return Puzzle.made(self.geometry, self.values)

    def is_solved(self) -> bool:
        """Is every cell filled?"""
        return all(self.values)

    def has(self, cell: int, digit: int) -> bool:
        """Is `digit` still a candidate of `cell`?"""
        return bool(self.cands[cell] >> (digit - 1) & 1)

    @cached_property
    def empty(self) -> tuple[int, ...]:
        """The empty cells, in order."""
        return tuple(i for i, v in enumerate(self.values) if not v)

    @cached_property
    def places(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """places[unit][digit - 1]: the cells of the unit that still have the digit."""
        g, cands = self.geometry, self.cands
        table: list[list[list[int]]] = [[[] for _ in range(g.size)] for _ in g.units]
        for cell in self.empty:  # ascending, so each list comes out in unit order
            units = g.cell_units[cell]
            for d in digits_of(cands[cell]):
                for u in units:
                    table[u][d - 1].append(cell)
        return tuple(tuple(tuple(cs) for cs in row) for row in table)

    @cached_property
    def digit_masks(self) -> tuple[int, ...]:
        """digit_masks[d - 1]: the cells that still have digit d, as bits of cell indices."""
        found = [0] * self.geometry.size
        for cell in self.empty:
            for d in digits_of(self.cands[cell]):
                found[d - 1] |= 1 << cell
        return tuple(found)

    def cells_with(self, unit: int, digit: int) -> tuple[int, ...]:
        """The cells of `unit` that still have `digit` as a candidate."""
        return self.places[unit][digit - 1]


if TYPE_CHECKING:
    # A technique's finder: every step of its pattern in a state, the one a hint gives first.
    Finder = Callable[[State], Iterator[Step]]


# The finders call this on the same few masks again and again: cached, it is faster.
digits_of = lru_cache(maxsize=1 << 16)(uncached_digits_of)


def masks_split(masks: "Sequence[int]") -> tuple[list[int], list[int]]:
    """(values, cands) of settled candidate masks: a cell down to one candidate holds its
    digit, its mask 0."""
    values = [bit_length(m) if not m & (m - 1) else 0 for m in masks]
    return values, [0 if v else m for v, m in zip(values, masks)]


def after_singles(state: State) -> State | None:
    """The state once naked and hidden singles are exhausted; None on a contradiction."""
    masks, pending = state.as_masks()
    if not settle_singles(state.geometry, masks, pending):
        return None
    return State.made(state.geometry, *masks_split(masks), state.givens)


@cache
def peer_sets(g: Geometry) -> tuple[frozenset[int], ...]:
    """peer_sets(g)[cell]: the cell's peers as a set, for fast 'sees' tests."""
    return tuple(frozenset(p) for p in g.peers)


@cache
def peer_masks(g: Geometry) -> tuple[int, ...]:
    """peer_masks(g)[cell]: the cell's peers as bits of cell indices (a cell seeing every one
    of several cells is in the AND of theirs): the search's cube.peer_bits, kept per geometry."""
    return peer_bits(g)


def bits(mask: int) -> tuple[int, ...]:
    """The cell indices of a bit mask, in order."""
    found = []
    while mask:
        low = mask & -mask
        found.append(bit_length(low) - 1)
        mask ^= low
    return tuple(found)


def sees(g: Geometry, a: int, b: int) -> bool:
    """Do two distinct cells share a unit?"""
    return b in peer_sets(g)[a]


def seeing_every(g: Geometry, cells: "Iterable[int]") -> frozenset[int]:
    """The cells (not among `cells`) that see every one of `cells`; none when it is empty."""
    sets = peer_sets(g)
    common = None
    for c in cells:  # (MicroPython's intersection takes one set at a time)
        common = sets[c] if common is None else common & sets[c]
    return frozenset() if common is None else common


def seeing_all(state: State, cells: "Iterable[int]", digit: int) -> tuple[int, ...]:
    """Cells (not among `cells`) that still have `digit` and see every one of `cells`; none
    when `cells` is empty."""
    bit = 1 << (digit - 1)
    cands = state.cands
    return tuple(sorted(c for c in seeing_every(state.geometry, cells) if cands[c] & bit))


@cache
def unit_order(g: Geometry) -> tuple[int, ...]:
    """The units in the order people scan them: boxes (or a jigsaw's regions), then rows,
    then columns, then a variant's extra units (X's diagonals, Windoku's windows)."""
    n = g.size
    return tuple(range(2 * n, 3 * n)) + tuple(range(2 * n)) + tuple(range(3 * n, len(g.units)))

