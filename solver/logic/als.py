"""Almost locked sets (ALS): n cells of one unit holding n + 1 candidates between them, so
removing any one digit would lock the rest.

ALS-XZ: two ALS share a digit x whose every place in one sees every place in the other (the
restricted common: x is in at most one of them), so the other is locked; then for another
shared digit z, one of the two holds z, and z goes from cells seeing all their z cells.
"""

from itertools import combinations

from . import words
from .state import State, digits_of, peer_sets
from .step import Step

MAX_CELLS = 3  # the largest ALS tried: 4 finds a third more ALS-XZ at five times the cost


def almost_locked_sets(state: State) -> list[tuple[tuple[int, ...], int]]:
    """Every ALS as (cells in order, candidate mask), each cell set once."""
    g, cands = state.geometry, state.cands
    found: dict[tuple[int, ...], int] = {}
    for unit in g.units:
        empty = [c for c in unit if cands[c]]
        for size in range(1, min(MAX_CELLS, len(empty) - 1) + 1):
            for cells in combinations(empty, size):
                mask = mask_of(state, cells)
                if mask.bit_count() == size + 1:
                    found.setdefault(cells, mask)
    return sorted(found.items())


def where(state: State, cells, d: int) -> list[int]:
    """The cells of an ALS that hold d."""
    return [c for c in cells if state.has(c, d)]


def als_xz(state: State) -> Step | None:
    """The first ALS-XZ that removes something (smallest sets first)."""
    sets = peer_sets(state.geometry)
    found = sorted(almost_locked_sets(state), key=lambda a: (len(a[0]), a[0]))
    for (a, ma), (b, mb) in combinations(found, 2):
        common = ma & mb
        if common.bit_count() < 2 or set(a) & set(b):
            continue
        for x in digits_of(common):
            xa, xb = where(state, a, x), where(state, b, x)
            if not all(q in sets[p] for p in xa for q in xb):
                continue
            step = xz_step(state, a, b, x, common)
            if step:
                return step
    return None


def xz_step(state: State, a, b, x: int, common: int) -> Step | None:
    """The step removing each other shared digit z from cells seeing all z cells of a and b."""
    g = state.geometry
    sets = peer_sets(g)
    removed = []
    for z in digits_of(common):
        if z == x:
            continue
        zs = where(state, a, z) + where(state, b, z)
        seen = set.intersection(*(set(sets[c]) for c in zs)) - set(a) - set(b)
        removed += [(c, z) for c in sorted(seen) if state.has(c, z)]
    if not removed:
        return None
    xd = words.digit(g, x)
    return Step(
        eliminations=tuple(removed), cells=tuple(a) + tuple(b),
        digits=digits_of(common), area="around " + g.cell_name(a[0]),
        explanation=words.cells(g, a).capitalize() + " hold " + words.digits(
            g, digits_of(mask_of(state, a))) + " and " + words.cells(g, b) + " hold "
        + words.digits(g, digits_of(mask_of(state, b))) + ", one digit more than cells in"
        " each. Their " + xd + "s all see each other, so at most one group has " + xd
        + " and the other is left with exactly its cells' count of digits; so one of them"
        " holds each other shared digit, and " + words.removals(g, removed) + " can go.",
    )


def mask_of(state: State, cells) -> int:
    """The candidates of some cells together."""
    mask = 0
    for c in cells:
        mask |= state.cands[c]
    return mask
