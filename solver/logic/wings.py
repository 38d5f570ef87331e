"""Wings: XY-Wing, XYZ-Wing and W-Wing, small patterns of two- and three-candidate cells."""

from ..model.geometry import Geometry
from ..search.bits import bit_count
from . import words
from .chains import alternating_links
from .compat import combinations
from .state import State, digits_of, peer_sets, seeing_all, sees
from .step import Step

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    from .step import Link


def xy_wing(state: State) -> "Iterator[Step]":
    """A pivot {x,y} seeing pincers {x,z} and {y,z}: z is off wherever both pincers see."""
    yield from find_wing(state, 2, xy_wing_digit)


def xyz_wing(state: State) -> "Iterator[Step]":
    """A pivot {x,y,z} seeing pincers {x,z} and {y,z}: z is off wherever all three see."""
    yield from find_wing(state, 3, xyz_wing_digit)


def xy_wing_digit(pivot: int, a: int, b: int) -> int:
    """The bit of z when masks pivot {x,y}, a {x,z}, b {y,z} form an XY-Wing, else 0."""
    z = a & b
    return z if bit_count(z) == 1 and not z & pivot and (a | b) & ~z == pivot else 0


def xyz_wing_digit(pivot: int, a: int, b: int) -> int:
    """The bit of z when masks pivot {x,y,z}, a {x,z}, b {y,z} form an XYZ-Wing, else 0."""
    z = a & b
    return z if bit_count(z) == 1 and a | b == pivot else 0


def find_wing(state: State, pivot_size: int,
              wing_digit: "Callable[[int, int, int], int]") -> "Iterator[Step]":
    """Each pivot with two two-candidate peers that wing_digit accepts and a removal."""
    g, cands = state.geometry, state.cands
    for pivot in state.empty:
        if bit_count(cands[pivot]) != pivot_size:
            continue
        pincers = [p for p in sorted(peer_sets(g)[pivot])
                   if bit_count(cands[p]) == 2 and cands[p] & cands[pivot]]
        for a, b in combinations(pincers, 2):
            z = wing_digit(cands[pivot], cands[a], cands[b])
            if not z:
                continue
            step = wing_step(state, pivot, a, b, z, pivot_size == 3)
            if step:
                yield step


def wing_step(state: State, pivot: int, a: int, b: int, z: int,
              pivot_has_z: bool) -> Step | None:
    """The step removing digit-bit z from cells seeing both pincers (and the pivot too when
    it holds z itself, as an XYZ-Wing's does), if any have it."""
    g = state.geometry
    d = digits_of(z)[0]
    seers = (pivot, a, b) if pivot_has_z else (a, b)
    removed = tuple((c, d) for c in seeing_all(state, seers, d))
    if not removed:
        return None
    digit = words.digit(g, d)
    return Step(
        eliminations=removed, cells=(pivot, a, b),
        digits=digits_of(state.cands[pivot] | z),
        links=() if pivot_has_z else xy_wing_links(state.cands, pivot, a, b, d),
        area="around " + g.cell_name(pivot),
        explanation=pivot_cases(g, state.cands, pivot, (a, b), d) + " Either way " + digit
        + " is in " + ("one of " + words.cells(g, (pivot, a, b)) if pivot_has_z
                       else g.cell_name(a) + " or " + g.cell_name(b))
        + ", so " + digit + " is removed from cells seeing " + ("all three." if pivot_has_z
                                                               else "both."),
    )


def xy_wing_links(cands: "Sequence[int]", pivot: int, a: int, b: int, z: int) -> "tuple[Link, ...]":
    """An XY-Wing as the chain it is: a's z = a's x - pivot's x = pivot's y - b's y = b's z."""
    x = digits_of(cands[a] & cands[pivot])[0]
    y = digits_of(cands[b] & cands[pivot])[0]
    return alternating_links([((a,), z), ((a,), x), ((pivot,), x), ((pivot,), y), ((b,), y),
                              ((b,), z)])


def pivot_cases(g: Geometry, cands: "Sequence[int]", pivot: int, pincers: "Sequence[int]",
                d: int) -> str:
    """'Row 1, column 1 holds 1 or 2: if 1, row 1, column 5 is 3; if 2, row 5, column 1 is 3.'
    (an XYZ-Wing's pivot adds 'if 3, it is 3 itself')."""
    ds = digits_of(cands[pivot])
    cases = []
    for x in ds:
        pincer = next((p for p in pincers if cands[p] >> (x - 1) & 1 and x != d), None)
        cases.append("if " + words.digit(g, x) + ", " + (
            g.cell_name(pincer) + " is " + words.digit(g, d) if pincer is not None
            else "it is " + words.digit(g, d) + " itself"))
    return (words.capital(g.cell_name(pivot)) + " holds " + words.digits(g, ds).replace(
        " and ", " or ") + ": " + "; ".join(cases) + ".")


def w_wing(state: State) -> "Iterator[Step]":
    """Two cells {x,y} joined by a strong link on x at their ends: y is off where both see."""
    g, cands = state.geometry, state.cands
    pairs = [c for c in state.empty if bit_count(cands[c]) == 2]
    for a, b in combinations(pairs, 2):
        if cands[a] != cands[b] or sees(g, a, b):
            continue
        for x, y in permutations_of(digits_of(cands[a])):
            removed = tuple((c, y) for c in seeing_all(state, (a, b), y))
            if not removed:
                continue
            link = strong_link_between(state, x, a, b)
            if link:
                u, ends = link
                yield Step(
                    eliminations=removed, cells=(a, b) + ends, units=(u,),
                    digits=(x, y), area="for " + words.digits(g, (x, y)),
                    links=alternating_links([((a,), y), ((a,), x), ((ends[0],), x),
                                             ((ends[1],), x), ((b,), x), ((b,), y)]),
                    explanation=words.capital(g.cell_name(a)) + " and " + g.cell_name(b)
                    + " both hold only " + words.digits(g, sorted((x, y))) + "; "
                    + words.digit(g, x) + " in " + g.unit_name(u) + " goes only in "
                    + g.cell_name(ends[0]) + " (which sees " + g.cell_name(a) + ") or "
                    + g.cell_name(ends[1]) + " (which sees " + g.cell_name(b) + "), so one"
                    " of the two is not " + words.digit(g, x) + " but " + words.digit(g, y)
                    + ", and " + words.digit(g, y) + " is removed from cells seeing both.",
                )


def permutations_of(pair: "Sequence[int]") -> tuple[tuple[int, int], tuple[int, int]]:
    """Both orders of a pair: (x, y) and (y, x)."""
    x, y = pair
    return ((x, y), (y, x))


def strong_link_between(state: State, x: int, a: int,
                        b: int) -> tuple[int, tuple[int, int]] | None:
    """(unit, (end seeing a, end seeing b)) of a unit where x has exactly two places, one
    seeing a and the other seeing b (neither being a or b), or None."""
    g = state.geometry
    for u in range(len(g.units)):
        where = state.cells_with(u, x)
        if len(where) != 2 or a in where or b in where:
            continue
        s, t = where
        if sees(g, s, a) and sees(g, t, b):
            return u, (s, t)
        if sees(g, t, a) and sees(g, s, b):
            return u, (t, s)
    return None
