"""Uniqueness: patterns that would give a second solution. Valid only when the puzzle is
assumed to have exactly one solution."""

from ..model.geometry import Geometry
from ..search.bits import bit_count, bit_length
from . import words
from .compat import lru_cache
from .state import State, digits_of, seeing_all, unit_order
from .step import Step

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from .step import Candidate

    Pair = tuple[int, int]  # two corners of a rectangle


@lru_cache(maxsize=2)  # the nine rectangle finders in a row ask about the same state
def rectangles(state: State) -> tuple[tuple[int, int, int, int, int], ...]:
    """THE rectangle enumerator: (a, b, c, d, mask) for every rectangle over exactly two
    boxes of empty cells with a corner holding the pair `mask` alone and every corner at
    least one of its digits (a and b share a row, as do c and d; a and c share a column).
    Swapping the pair's digits in such four cells keeps every unit whole, so a solution
    with only the pair's digits there would not be the only one; a corner may have lost
    one of them to sound logic (HoDoKu's "missing candidates"): that holds all the same."""
    g, cands = state.geometry, state.cands
    n, br, bc = g.size, g.box_rows, g.box_cols
    found: set[tuple[int, int, int, int, int]] = set()
    for cell in state.empty:
        mask = cands[cell]
        if bit_count(mask) != 2:
            continue
        r1, c1 = divmod(cell, n)
        for r2 in range(n):
            for c2 in range(n):
                # two boxes: the rows share a band or the columns a stack, not both
                if r1 == r2 or c1 == c2 or (r1 // br == r2 // br) == (c1 // bc == c2 // bc):
                    continue
                rows, cols = sorted((r1, r2)), sorted((c1, c2))
                rect = (rows[0] * n + cols[0], rows[0] * n + cols[1], rows[1] * n + cols[0],
                        rows[1] * n + cols[1])
                if all(cands[x] & mask for x in rect):
                    found.add(rect + (mask,))
    return tuple(sorted(found))


def floors(state: State) -> "Iterator[tuple[tuple[int, int, int, int], Pair, Pair, int]]":
    """(rect, floor, roof, mask) for each rectangle and each side of it whose two cells (the
    floor) hold the pair alone while the two facing them (the roof, in the same order) both
    hold something else (more, or one pair digit with more)."""
    cands = state.cands
    for a, b, c, d, mask in rectangles(state):
        for floor, roof in (((a, b), (c, d)), ((c, d), (a, b)), ((a, c), (b, d)),
                            ((b, d), (a, c))):
            if all(cands[x] == mask for x in floor) and all(cands[x] != mask for x in roof):
                yield (a, b, c, d), floor, roof, mask


def unique_rectangle_1(state: State) -> "Iterator[Step]":
    """Three corners of a two-box rectangle hold only {a,b}: the fourth cannot be a or b."""
    g, cands = state.geometry, state.cands
    for *rect, mask in rectangles(state):
        extra = [x for x in rect if cands[x] != mask]
        # The fourth corner needs only one of the pair (the other may be gone by logic):
        # swapping a and b in four empty cells across two boxes keeps every unit whole, so
        # the fourth corner being either digit gives two solutions.
        if len(extra) != 1 or not cands[extra[0]] & ~mask:
            continue
        ds = digits_of(mask)
        yield Step(
            eliminations=tuple((extra[0], d) for d in digits_of(cands[extra[0]] & mask)),
            cells=tuple(rect), digits=ds, area="for " + words.digits(g, ds),
            explanation="If " + g.cell_name(extra[0]) + " were "
            + words.digits(g, ds).replace(" and ", " or ") + ", " + words.digits(g, ds)
            + " could swap places in the rectangle " + words.cells(g, rect) + ", giving two"
            " solutions; assuming the puzzle has only one, it cannot be either.",
        )


def unique_rectangle_2(state: State) -> "Iterator[Step]":
    """A rectangle whose roof cells hold one and the same extra digit: one of them holds it,
    so it goes from cells seeing both."""
    g, cands = state.geometry, state.cands
    for _, floor, roof, mask in floors(state):
        extra = cands[roof[0]] & ~mask
        if bit_count(extra) != 1 or cands[roof[1]] & ~mask != extra:
            continue
        d = bit_length(extra)
        removed = tuple((c, d) for c in seeing_all(state, roof, d))
        if removed:
            yield rectangle_step(
                state, roof + floor, mask, removed, "one of " + words.cells(g, roof)
                + " must be " + words.digit(g, d) + ", so " + words.digit(g, d)
                + " is removed from cells seeing both")


def roof_units(g: Geometry, roof: "Sequence[int]") -> tuple[int, ...]:
    """The units both roof cells are in, boxes first (unit_order: as people scan)."""
    shared = set(g.cell_units[roof[0]]) & set(g.cell_units[roof[1]])
    return tuple(u for u in unit_order(g) if u in shared)


def unique_rectangle_4(state: State) -> "Iterator[Step]":
    """A rectangle whose roof cells are the only places of one pair digit in a unit: they
    hold that digit between them, so neither can be the other pair digit."""
    g = state.geometry
    for _, floor, roof, mask in floors(state):
        for u in roof_units(g, roof):
            for d in digits_of(mask):
                if set(state.cells_with(u, d)) != set(roof):
                    continue
                other = digits_of(mask & ~(1 << (d - 1)))[0]
                removed = tuple((c, other) for c in roof if state.has(c, other))
                if not removed:
                    continue
                yield rectangle_step(
                    state, roof + floor, mask, removed,
                    words.digit(g, d) + " in " + g.unit_name(u) + " goes only in "
                    + words.cells_in(g, u, roof) + ", so one of them is " + words.digit(g, d)
                    + " and neither can be " + words.digit(g, other))


def rectangle_step(state: State, corners: tuple[int, ...], mask: int,
                   removed: "tuple[Candidate, ...]", why: str) -> Step:
    """A unique rectangle step: why the roof gives way, after the deadly pattern."""
    g = state.geometry
    ds = digits_of(mask)
    return Step(
        eliminations=removed, cells=tuple(sorted(corners)), digits=ds,
        area="for " + words.digits(g, ds),
        explanation="If the four cells at " + words.cells(g, sorted(corners)) + " held only "
        + words.digits(g, ds) + ", the two could swap places and the puzzle would have two"
        " solutions; assuming it has one, " + why + ".",
    )


def bug_plus_one(state: State) -> "Iterator[Step]":
    """Every empty cell but one holds two candidates and that one three, and without one of
    its three, d, every digit would have exactly two places in every unit (a bivalue
    universal grave, whose digits could all swap pairwise: two solutions). So the cell is d."""
    cands = state.cands
    big = [c for c in state.empty if bit_count(cands[c]) != 2]
    if len(big) != 1 or bit_count(cands[big[0]]) != 3:
        return
    g, cell = state.geometry, big[0]
    for d in digits_of(cands[cell]):
        if not grave_without(state, cell, d):
            continue
        u = g.cell_units[cell][2]
        yield Step(
            placements=((cell, d),), cells=(cell,), units=(u,), digits=(d,),
            area="at " + g.cell_name(cell),
            explanation="Every empty cell but " + g.cell_name(cell) + " holds two"
            " candidates, and without its " + words.digit(g, d) + " every digit would have"
            " exactly two places in every row, column and box (a BUG: the digits could swap"
            " in pairs, giving two solutions). " + words.capital(words.digit(g, d))
            + " appears three times in " + g.unit_name(u) + ", so assuming one solution "
            + g.cell_name(cell) + " is " + words.digit(g, d) + ".",
        )


def grave_without(state: State, cell: int, d: int) -> bool:
    """With d removed from `cell`, has every digit exactly two places (or none: placed) in
    every unit, d in the cell's own units two besides the cell's?"""
    own = state.geometry.cell_units[cell]
    for u, row in enumerate(state.places):
        for e, where in enumerate(row, 1):
            if e == d and u in own:
                if len(where) != 3:
                    return False
            elif len(where) not in (0, 2):
                return False
    return True
