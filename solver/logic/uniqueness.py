"""Uniqueness: patterns that would give a second solution. Valid only when the puzzle is
assumed to have exactly one solution."""

from itertools import combinations

from . import words
from .state import State, digits_of, seeing_all
from .step import Step


def unique_rectangle_1(state: State) -> Step | None:
    """Three corners of a two-box rectangle hold only {a,b}: the fourth cannot be a or b."""
    g, cands = state.geometry, state.cands
    n = g.size
    for r in range(n):
        pairs = [c for c in g.units[r] if cands[c].bit_count() == 2]
        for a, b in combinations(pairs, 2):
            mask = cands[a]
            if cands[b] != mask:
                continue
            for r2 in range(n):
                if r2 == r:
                    continue
                c, e = r2 * n + a % n, r2 * n + b % n
                if len({g.box_of(x) for x in (a, b, c, e)}) != 2:
                    continue
                for pair, extra in ((c, e), (e, c)):
                    # The fourth corner needs only one of the pair (the other may be gone by
                    # logic): swapping a and b in four empty cells across two boxes keeps every
                    # unit whole, so the fourth corner being either digit gives two solutions.
                    if cands[pair] == mask and cands[extra] & mask and cands[extra] & ~mask:
                        ds = digits_of(mask)
                        corners = tuple(sorted((a, b, c, e)))
                        return Step(
                            eliminations=tuple((extra, d) for d in digits_of(cands[extra] & mask)),
                            cells=corners,
                            digits=ds, area="for " + words.digits(g, ds),
                            explanation="If " + g.cell_name(extra) + " were "
                            + words.digits(g, ds).replace(" and ", " or ") + ", "
                            + words.digits(g, ds) + " could swap places in the rectangle "
                            + words.cells(g, corners) + ", giving two solutions; assuming the"
                            " puzzle has only one, it cannot be either.",
                        )
    return None


def rectangles(state: State):
    """(roof, floor, mask): two empty cells holding only the pair `mask` on one line (the
    floor) and the two cells facing them on a parallel line (the roof), both holding the pair
    and more; the four corners span exactly two boxes."""
    g, cands = state.geometry, state.cands
    n = g.size
    for kind in (0, 1):  # floors along a row, then along a column
        for line in range(kind * n, kind * n + n):
            pairs = [c for c in g.units[line] if cands[c].bit_count() == 2]
            for a, b in combinations(pairs, 2):
                mask = cands[a]
                if cands[b] != mask:
                    continue
                for other in range(kind * n, kind * n + n):
                    if other == line:
                        continue
                    roof = tuple(next(x for x in g.units[other] if x in g.units[
                        g.cell_units[c][1 - kind]]) for c in (a, b))
                    if len({g.box_of(x) for x in (a, b) + roof}) != 2:
                        continue
                    if all(cands[x] & mask == mask != cands[x] for x in roof):
                        yield roof, (a, b), mask


def unique_rectangle_2(state: State) -> Step | None:
    """A rectangle whose roof cells hold one and the same extra digit: one of them holds it,
    so it goes from cells seeing both."""
    g, cands = state.geometry, state.cands
    for roof, floor, mask in rectangles(state):
        extra = cands[roof[0]] & ~mask
        if extra.bit_count() != 1 or cands[roof[1]] & ~mask != extra:
            continue
        d = extra.bit_length()
        removed = tuple((c, d) for c in seeing_all(state, roof, d))
        if removed:
            return rectangle_step(
                state, roof + floor, mask, removed, "one of " + words.cells(g, roof)
                + " must be " + words.digit(g, d) + ", so " + words.digit(g, d)
                + " is removed from cells seeing both")
    return None


def unique_rectangle_4(state: State) -> Step | None:
    """A rectangle whose roof cells are the only places of one pair digit in a unit: they
    hold that digit between them, so neither can be the other pair digit."""
    g = state.geometry
    for roof, floor, mask in rectangles(state):
        for u in set(g.cell_units[roof[0]]) & set(g.cell_units[roof[1]]):
            for d in digits_of(mask):
                if set(state.cells_with(u, d)) != set(roof):
                    continue
                other = digits_of(mask & ~(1 << (d - 1)))[0]
                return rectangle_step(
                    state, roof + floor, mask, tuple((c, other) for c in roof),
                    words.digit(g, d) + " in " + g.unit_name(u) + " goes only in "
                    + words.cells(g, roof) + ", so one of them is " + words.digit(g, d)
                    + " and neither can be " + words.digit(g, other))
    return None


def rectangle_step(state: State, corners, mask: int, removed, why: str) -> Step:
    """A unique rectangle step: why the roof gives way, after the deadly pattern."""
    g = state.geometry
    ds = digits_of(mask)
    return Step(
        eliminations=removed, cells=tuple(sorted(corners)), digits=ds,
        area="for " + words.digits(g, ds),
        explanation="If " + words.cells(g, sorted(corners)) + " held only "
        + words.digits(g, ds) + ", the two could swap places and the puzzle would have two"
        " solutions; assuming it has one, " + why + ".",
    )


def bug_plus_one(state: State) -> Step | None:
    """Every empty cell but one holds two candidates and that one three: without the digit
    that cell's units hold three times, the grid would have two solutions, so it holds it."""
    cands = state.cands
    big = [c for c in state.empty if cands[c].bit_count() != 2]
    if len(big) != 1 or cands[big[0]].bit_count() != 3:
        return None
    g, cell = state.geometry, big[0]
    for d in digits_of(cands[cell]):
        u = next((u for u in g.cell_units[cell] if len(state.cells_with(u, d)) == 3), None)
        if u is not None:
            return Step(
                placements=((cell, d),), cells=(cell,), units=(u,), digits=(d,),
                area="at " + g.cell_name(cell),
                explanation="Every empty cell but " + g.cell_name(cell) + " holds two"
                " candidates (a BUG: with each digit twice in every unit, the puzzle would"
                " have two solutions). " + words.digit(g, d) + " appears three times in "
                + g.unit_name(u) + ", so assuming one solution " + g.cell_name(cell)
                + " is " + words.digit(g, d) + ".",
            )
    return None
