"""Settle and choose for any units and peers: the search path of variant rules (jigsaw
regions, X's diagonals, Windoku's windows, anti-knight and anti-king pairs), on the same
candidate cube and through the same depth-first walk (engine.explore) as the classic path.

The classic rules get settle and choose written out per size (propagate.py, branching.py):
their rows, columns and boxes are translations of one another, so one shifted fold tests
every line at once. A variant's units are not (a jigsaw region has any shape), so here each
unit is folded on its own, cell by cell, from a table the geometry gives: placing a digit
clears it from the cell's peers (a variant's peers hold its seen pairs too), then naked
singles (every cell at once, as the classic path), then hidden singles in every unit, to a
fixed point. No locked candidates: a variant grid settles to few nodes without them. Plain
Python with nothing compiled, so a file of jigsaws, each its own geometry, compiles nothing
per puzzle; MicroPython runs it too (bit counts from bits.counters, through the cube).

A Killer's cages add one step, taken when singles are exhausted: each cage keeps, of the
digit sets that make its sum (geometry.cage_combinations), those its cells' candidates can
still hold (every digit of the set a candidate somewhere in the cage, every cell holding
one of them); its cells lose the digits in none of those sets, and a digit in all of them
that one cell alone can take goes there. Unlike clause learning (which knows no sums, so a
Killer's search never hands over), this is the whole Killer rule: at a full grid, a cage's
cells, all different, hold exactly one set, and it makes the sum.
"""

from ..model.geometry import Geometry, cage_combinations
from .branching import SINGLE_WEIGHT
from .cube import Cube

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from .branching import Choose
    from .propagate import Settle


def build_variant(c: Cube, geometry: Geometry) -> "tuple[Settle, Choose]":
    """(settle, choose) for the cube of a geometry with any units and peers: the same
    contract as the classic build_settle and build_choose (see propagate.py, branching.py)."""
    return build_settle(c, geometry), build_choose(c)


def build_settle(c: Cube, geometry: Geometry) -> "Settle":
    """settle(x, placed, bits): place the cube bits `bits`, then naked and hidden singles
    and (a Killer's) cage sums until none is left; (x, placed), or None on a contradiction
    (a cell with no candidate, a unit with no place for a digit, a cage no digits fit)."""
    cells, plane, spread = c.cells, c.plane, c.spread_digits
    cell_digits, peers, highest = c.cell_digits, c.peers, c.highest_bit
    offsets = tuple(d * cells for d in range(c.size))
    # Per unit, its cells (each one the shift bringing that cell to bit 0 of every plane)
    # and its cells as one plane's mask.
    units = tuple((unit, sum(1 << cell for cell in unit)) for unit in geometry.units)
    prune = cage_pruner(c, geometry)

    def settle(x: int, placed: int, bits: int) -> "tuple[int, int] | None":
        while True:
            placed |= bits
            while bits:
                low = bits & -bits
                bits ^= low
                digit, cell = divmod(highest(low), cells)
                x ^= x & ((cell_digits[cell] ^ low) | peers[cell] << (digit * cells))
            once = twice = 0
            for offset in offsets:  # plane by plane: a cell's candidates counted at its bit
                part = x >> offset
                twice |= once & part
                once |= part
            if once & plane != plane:
                return None
            free = x ^ placed
            bits = (((twice & plane) ^ plane) * spread) & free
            if bits:
                continue
            for unit, mask in units:  # cell by cell: a digit's places counted in its plane
                once = twice = 0
                for cell in unit:
                    part = x >> cell
                    twice |= once & part
                    once |= part
                if once & spread != spread:
                    return None
                bits |= (((twice & spread) ^ spread) * mask) & free
            if not bits:
                if prune is None:
                    return x, placed
                pruned = prune(x)
                if pruned is None:
                    return None
                if pruned == x:
                    return x, placed
                x = pruned  # candidates gone: singles again (bits is 0, nothing to place)

    return settle


# Cage states kept with what the cage step made of them, per geometry: past this many the
# memo starts again (a search meets the same cage states again and again). Small, as the
# engine keeps up to 64 variant geometries prepared (~2 MB each at this bound); 1 << 16
# measured no faster on benchmarks/variants.py.
MAX_CAGE_STATES = 1 << 13


def cage_pruner(c: Cube, geometry: Geometry) -> "Callable[[int], int | None] | None":
    """prune(x): the cube `x` with every cage's impossible candidates removed (see the
    module), None when a cage can hold no digits at all; None instead of prune when the
    geometry has no cages."""
    if not geometry.cages:
        return None
    n, spread = c.size, c.spread_digits
    cages = tuple((total, cells, cage_combinations(n, len(cells), total))
                  for total, cells in geometry.cages)
    # A cell's candidates as the cube holds them (bits `cells` apart, from bit 0) <-> as a
    # digit mask (bit d-1 for digit d), both ways, filled as met.
    compact: dict[int, int] = {}
    spread_of = [sum(1 << (d * c.cells) for d in range(n) if m >> d & 1)
                 for m in range(1 << n)] if n <= 9 else []
    memo: dict[tuple[int, tuple[int, ...]], tuple[int, ...] | None] = {}

    def mask_of(part: int) -> int:
        found = compact.get(part)
        if found is None:
            found = compact[part] = sum(1 << d for d in range(n) if part >> (d * c.cells) & 1)
        return found

    def spread_mask(mask: int) -> int:
        return spread_of[mask] if spread_of else sum(
            1 << (d * c.cells) for d in range(n) if mask >> d & 1)

    def prune(x: int) -> int | None:
        for total, cells, combos in cages:
            masks = tuple(mask_of((x >> cell) & spread) for cell in cells)
            key = (total, masks)  # the size and the cells' count fix the sets with the sum
            if key in memo:
                kept = memo[key]
            else:
                if len(memo) >= MAX_CAGE_STATES:
                    memo.clear()
                kept = memo[key] = cage_step(masks, combos)
            if kept is None:
                return None
            for i, cell in enumerate(cells):  # no zip(strict=): MicroPython lacks it
                if masks[i] != kept[i]:
                    x ^= spread_mask(masks[i] ^ kept[i]) << cell
        return x

    return prune


def cage_step(masks: "tuple[int, ...]", combos: "tuple[int, ...]") -> "tuple[int, ...] | None":
    """A cage's cells' candidate masks with the digits no possible set holds removed, and a
    digit every possible set holds placed where it is the one cell that can take it; None
    when no set of `combos` fits (see the module)."""
    held = 0
    for m in masks:
        held |= m
    allowed, required = 0, -1
    for combo in combos:
        if combo & held == combo and all(m & combo for m in masks):
            allowed |= combo
            required &= combo
    if not allowed:
        return None
    kept = [m & allowed for m in masks]
    while required:
        digit = required & -required
        required ^= digit
        holders = [i for i, m in enumerate(kept) if m & digit]
        if not holders:
            return None
        if len(holders) == 1:
            kept[holders[0]] = digit
    return tuple(kept)


def build_choose(c: Cube) -> "Choose":
    """choose(x): at a settled node, every candidate of one undecided cell (of the cells with
    two, the one whose choice removes the most, as branching.py scores them; else the cell
    with the fewest); 0 when every cell is decided. Any cell's candidates are a complete
    choice, whatever the units."""
    cells, plane, size, spread = c.cells, c.plane, c.size, c.spread_digits
    cell_digits, peers, highest, count = c.cell_digits, c.peers, c.highest_bit, c.bit_count
    offsets = tuple(d * cells for d in range(size))

    def choose(x: int) -> int:
        once = twice = thrice = 0
        for offset in offsets:
            part = x >> offset
            thrice |= twice & part
            twice |= once & part
            once |= part
        undecided = twice & plane
        if not undecided:
            return 0
        two = undecided ^ (undecided & thrice)
        best, most, fewest = 0, -1, size + 1
        both = (two * spread) & x  # the candidates of the cells with two
        pool = two or undecided
        while pool:
            cell = highest(pool)
            pool ^= 1 << cell
            if two:  # what its two choices remove, a peer left with one counted twice more
                near = ((both >> cell) & spread) * peers[cell]
                score = count(x & near) + SINGLE_WEIGHT * count(both & near)
                if score > most:
                    best, most = cell, score
            else:
                left = count(x & cell_digits[cell])
                if left < fewest:
                    best, fewest = cell, left
        return x & cell_digits[best]

    return choose
