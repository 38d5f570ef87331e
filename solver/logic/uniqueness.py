"""Uniqueness: patterns that would give a second solution. Valid only when the puzzle is
assumed to have exactly one solution."""

from itertools import combinations

from . import words
from .state import State, digits_of
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
