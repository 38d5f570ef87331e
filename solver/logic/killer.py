"""Killer techniques: what a cage's sum says of its digits, and of the units it lies in.

Cage combinations (the digit sets that can still make a cage's sum, given its cells'
candidates), the rule of 45 (a unit, or a few neighbouring rows or columns, holds every
digit once each: the cells its cages leave out add up to what the cages do not), and cage/
unit overlap (a digit every combination of a cage holds goes in the cage, so not in a
cell seeing all its places there; a digit a unit can only place in one cage goes there).
Every finder yields nothing on a geometry without cages.
"""

from ..model.geometry import Geometry, cage_combinations
from ..search.bits import bit_count
from . import words
from .compat import cache, lru_cache
from .state import State, digits_of, peer_sets, seeing_all
from .step import Step

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

# The most empty cells a rule-of-45 sum is worked out on (its assignments are listed).
MOST_SUM_CELLS = 4

# A sum of cells a unit group gives: (what says it, the cells, their sum, the units).
if TYPE_CHECKING:
    SumGroup = tuple[str, tuple[int, ...], int, tuple[int, ...]]


def cage_masks(state: State, cells: "Sequence[int]") -> tuple[int, ...]:
    """Each cell's digits as a mask: a placed digit's bit, else its candidates."""
    return tuple(1 << (state.values[c] - 1) if state.values[c] else state.cands[c]
                 for c in cells)


@lru_cache(maxsize=1 << 14)
def cage_options(n: int, total: int, masks: tuple[int, ...],
                 required: int = 0) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(combinations, allowed) for a cage of `total` whose cells can hold `masks`: the digit
    sets (masks) making the sum that its cells can still hold, one digit a cell (with every
    digit of `required` among them), and per cell the digits it takes in at least one such
    filling. Both empty masks when none is left."""
    combos = []
    allowed = [0] * len(masks)
    for combo in cage_combinations(n, len(masks), total):
        if combo & required != required or not fills([m & combo for m in masks], combo):
            continue
        combos.append(combo)
        for i, mask in enumerate(masks):
            for d in digits_of(mask & combo & ~allowed[i]):
                bit = 1 << (d - 1)
                rest = [m & combo & ~bit for j, m in enumerate(masks) if j != i]
                if fills(rest, combo & ~bit):
                    allowed[i] |= bit
    return tuple(combos), tuple(allowed)


def fills(masks: list[int], digits: int) -> bool:
    """Can each cell take a different digit of `digits` (as many as cells), from its mask?
    (A matching, found cell by cell, fewest choices first.)"""
    if not masks:
        return True
    i = min(range(len(masks)), key=lambda k: bit_count(masks[k] & digits))
    rest = masks[:i] + masks[i + 1:]
    for d in digits_of(masks[i] & digits):
        if fills(rest, digits & ~(1 << (d - 1))):
            return True
    return False


def cage_words(g: Geometry, total: int, cells: "Sequence[int]") -> str:
    """'the 3-cell cage of 23 at row 1, columns 1, 2 and 3'."""
    return ("the " + str(len(cells)) + "-cell cage of " + str(total) + " at "
            + words.cells(g, cells))


def combination_words(g: Geometry, combos: "Sequence[int]") -> str:
    """'6, 8 and 9' (the one digit set a cage can hold), or '1+8, 2+7, 3+6 or 4+5' (each
    set it can, as sums, smallest digits first)."""
    if len(combos) == 1:
        return words.digits(g, digits_of(combos[0]))
    sums = sorted(digits_of(m) for m in combos)
    told = ["+".join(words.digit(g, d) for d in ds) for ds in sums]
    return ", ".join(told[:-1]) + " or " + told[-1]


def cage_combinations_finder(state: State) -> "Iterator[Step]":
    """A cage whose cells hold digits in no combination still possible (its sum from
    different digits, one a cell, each a candidate of its cell) loses them."""
    g = state.geometry
    for total, cells in g.cages:
        if all(state.values[c] for c in cells):
            continue
        combos, allowed = cage_options(g.size, total, cage_masks(state, cells))
        removed = tuple((c, d) for c, a in zip(cells, allowed)
                        if not state.values[c] for d in digits_of(state.cands[c] & ~a))
        if removed and combos and len(cells) == 1:  # what a person says of it
            yield Step(
                placements=((cells[0], total),), cells=cells, digits=(total,),
                area="in " + cage_words(g, total, cells), area_cells=cells,
                explanation="A cage of one cell holds its sum, so " + words.cells(g, cells)
                + " is " + words.digit(g, total) + ".",
            )
        elif removed and combos:
            cage = cage_words(g, total, cells)
            yield Step(
                eliminations=removed, cells=cells, digits=digits_of(sum_of(combos)),
                area="in " + cage, area_cells=cells,
                explanation=words.capital(cage) + " can only be "
                + combination_words(g, combos) + " (its cells' candidates allow no other way"
                " to make " + str(total) + "), so " + words.removals(g, removed) + " can go.",
            )


def sum_of(masks: "Sequence[int]") -> int:
    """The union of digit masks."""
    found = 0
    for m in masks:
        found |= m
    return found


def cage_unit_overlap(state: State) -> "Iterator[Step]":
    """A digit every combination of a cage holds, whose places in the cage all see a cell
    outside it, is removed there (the rest of a unit holding them all, a knight's move...);
    and a digit whose places in a unit all lie in one cage is that cage's: the cage's other
    cells lose it, and its combinations without it go."""
    yield from cage_into_units(state)
    yield from units_into_cages(state)


def cage_into_units(state: State) -> "Iterator[Step]":
    """The first half of cage_unit_overlap: from a cage to the cells seeing its places."""
    g = state.geometry
    for total, cells in g.cages:
        if all(state.values[c] for c in cells):
            continue
        combos, _ = cage_options(g.size, total, cage_masks(state, cells))
        must = sum_of(combos)
        for m in combos:
            must &= m
        for d in digits_of(must):
            where = tuple(c for c in cells if state.has(c, d))
            if not where or any(state.values[c] == d for c in cells):
                continue
            removed = tuple((c, d) for c in seeing_all(state, where, d) if c not in cells)
            if removed:
                cage, digit = cage_words(g, total, cells), words.digit(g, d)
                yield Step(
                    eliminations=removed, cells=where, digits=(d,), area="in " + cage,
                    area_cells=cells,
                    explanation="Every combination of " + cage + " holds " + digit + " ("
                    + combination_words(g, combos) + "), and it can only go in "
                    + words.cells(g, where) + ", so " + words.removals(g, removed)
                    + " can go (it sees all of them).",
                )


def units_into_cages(state: State) -> "Iterator[Step]":
    """The second half of cage_unit_overlap: from a unit's places to the cage holding them."""
    g = state.geometry
    if not g.cages:
        return
    cage_of = cages_by_cell(g)
    for u in range(len(g.units)):
        for d, where in enumerate(state.places[u], 1):
            owners = {cage_of.get(c, -1) for c in where}
            if not where or len(owners) != 1 or -1 in owners:
                continue
            total, cells = g.cages[owners.pop()]
            bit = 1 << (d - 1)
            masks = cage_masks(state, cells)
            _, allowed = cage_options(g.size, total, masks, bit)
            removed = tuple(sorted(
                {(c, d) for c in cells if c not in where and state.has(c, d)}
                | {(c, e) for c, a in zip(cells, allowed) if not state.values[c]
                   for e in digits_of(state.cands[c] & ~a)}))
            if removed and any(allowed):
                cage, digit = cage_words(g, total, cells), words.digit(g, d)
                yield Step(
                    eliminations=removed, cells=where, units=(u,), digits=(d,),
                    area="in " + g.unit_name(u),
                    explanation="In " + g.unit_name(u) + ", " + digit + " can only go in "
                    + words.cells(g, where) + ", all in " + cage + ": the cage holds "
                    + digit + " there, so " + words.removals(g, removed) + " can go.",
                )


@cache
def cages_by_cell(g: Geometry) -> dict[int, int]:
    """cell -> the index in g.cages of the cage holding it (cells in no cage left out)."""
    return {c: k for k, (_, cells) in enumerate(g.cages) for c in cells}


def rule_of_45(state: State) -> "Iterator[Step]":
    """A unit, or two or three neighbouring rows or columns, adds up to a known sum (each
    holds every digit once): the cells its whole cages leave (innies) add up to the rest,
    and when cages cover it, the cells they reach outside it (outies) to what they add
    beyond it. A few such cells with a sum lose the digits no filling of them uses."""
    g = state.geometry
    sees = peer_sets(g)
    for said, group, total, units in sum_groups(g):
        cells = tuple(c for c in group if not state.values[c])
        rest = total - sum(state.values[c] for c in group)
        if not cells or len(cells) > MOST_SUM_CELLS:
            continue
        allowed = sum_fillings(tuple(state.cands[c] for c in cells), rest,
                               tuple(tuple(b in sees[a] for b in cells) for a in cells))
        removed = tuple((c, d) for c, a in zip(cells, allowed)
                        for d in digits_of(state.cands[c] & ~a))
        if removed and any(allowed):
            yield Step(
                eliminations=removed, cells=cells, units=units,
                area="in " + words.units(g, units),
                explanation=words.capital(sum_words(g, group, total, cells, rest)) + ": "
                + said + ". So " + words.removals(g, removed) + " can go"
                + ("." if len(cells) == 1 else " (no way of making " + str(rest)
                   + " from their candidates uses it)."),
            )


def sum_words(g: Geometry, group: tuple[int, ...], total: int, cells: tuple[int, ...],
              rest: int) -> str:
    """'row 1, column 9 is 9', or 'row 2, columns 1 and 9 add up to 10', first for the whole
    group and then, less its placed digits, for its empty `cells`."""
    said = ""
    if len(cells) < len(group):
        said = (words.cells(g, group) + " add up to " + str(total)
                + "; less the digits placed there, ")
    return (said + words.cells(g, cells) + (" is " if len(cells) == 1 else " add up to ")
            + str(rest))


def sum_fillings(masks: tuple[int, ...], total: int,
                 sees: tuple[tuple[bool, ...], ...]) -> tuple[int, ...]:
    """Per cell, the digits of its mask that some filling of the cells (a digit from each
    mask, cells that see each other different) adding up to `total` gives it."""
    allowed = [0] * len(masks)
    chosen: list[int] = []

    def fill(i: int, left: int) -> None:
        if i == len(masks):
            if not left:
                for k, d in enumerate(chosen):
                    allowed[k] |= 1 << (d - 1)
            return
        for d in digits_of(masks[i]):
            if d <= left and not any(sees[i][k] and chosen[k] == d for k in range(i)):
                chosen.append(d)
                fill(i + 1, left - d)
                chosen.pop()

    fill(0, total)
    return tuple(allowed)


@cache
def sum_groups(g: Geometry) -> "tuple[SumGroup, ...]":
    """Every innie and outie sum of g's cages over its units (each alone) and over two or
    three neighbouring rows or columns: (its reason in words, cells, sum, units), cells at
    most the MOST_SUM_CELLS a step works on (before digits are placed: up to n)."""
    if not g.cages:
        return ()
    n = g.size
    groups: list[tuple[int, ...]] = [(u,) for u in range(len(g.units))]
    for first in (0, n):  # neighbouring rows, then columns
        groups += [tuple(range(first + i, first + i + k)) for k in (2, 3)
                   for i in range(n - k + 1)]
    found = []
    for units in groups:
        found += unit_group_sums(g, units)
    return tuple(found)


def unit_group_sums(g: Geometry, units: tuple[int, ...]) -> "list[SumGroup]":
    """The innie and outie sums of one group of units (sum_groups)."""
    n = g.size
    area = set(c for u in units for c in g.units[u])
    total = len(units) * n * (n + 1) // 2
    inside = [(s, cells) for s, cells in g.cages if all(c in area for c in cells)]
    across = [(s, cells) for s, cells in g.cages
              if any(c in area for c in cells) and not all(c in area for c in cells)]
    name = words.units(g, units)
    one = len(units) == 1
    holds = name + (" holds every digit once (" if one else " hold every digit "
                    + str(len(units)) + " times (") + str(total) + " in all)"
    found: list[SumGroup] = []
    kept = area - set(c for _, cells in inside for c in cells)
    in_sum = sum(s for s, _ in inside)
    if inside and 0 < len(kept) <= n:
        found.append((holds + " and " + ("its" if one else "their") + " whole cages add up to "
                      + str(in_sum),
                      tuple(sorted(kept)), total - in_sum, units))
    covered = kept <= set(c for _, cells in across for c in cells)
    out = set(c for _, cells in across for c in cells) - area
    if across and covered and 0 < len(out) <= n:
        reach = in_sum + sum(s for s, _ in across)
        found.append((holds + ", the cages covering " + ("it" if one else "them") + " add up"
                       " to " + str(reach) + " and their cells outside make the difference",
                       tuple(sorted(out)), reach - total, units))
    return found
