"""Naked and hidden subsets: k cells of a unit that hold exactly k digits between them."""

from ..search.bits import bit_count
from . import words
from .compat import combinations, named
from .state import State, digits_of, unit_order
from .step import Step

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from .state import Finder

SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quad"}


def naked(k: int) -> "Finder":
    """The finder of naked subsets of size k: k cells whose candidates are k digits only."""

    def find(state: State) -> "Iterator[Step]":
        g = state.geometry
        cands = state.cands
        for u in unit_order(g):
            empty = [c for c in g.units[u] if cands[c]]
            small = [c for c in empty if 2 <= bit_count(cands[c]) <= k]
            if len(empty) <= k:
                continue
            for group in combinations(small, k):
                mask = 0
                for c in group:
                    mask |= cands[c]
                if bit_count(mask) != k:
                    continue
                removed = tuple(
                    (c, d) for c in empty if c not in group for d in digits_of(cands[c] & mask)
                )
                if removed:
                    ds = digits_of(mask)
                    yield Step(
                        eliminations=removed, cells=group, units=(u,), digits=ds,
                        area="in " + g.unit_name(u),
                        explanation="In " + g.unit_name(u) + ", " + words.cells_in(g, u, group)
                        + " hold only " + words.digits(g, ds) + " between them, so no other"
                        " cell of " + g.unit_name(u) + " can.",
                    )

    return named(find, "naked_" + SUBSET_NAMES[k])


def hidden(k: int) -> "Finder":
    """The finder of hidden subsets of size k: k digits that fit in only k cells of a unit."""

    def find(state: State) -> "Iterator[Step]":
        g = state.geometry
        cands = state.cands
        for u in unit_order(g):
            places = state.places[u]
            open_digits = [d for d in range(1, g.size + 1) if places[d - 1]]
            if len(open_digits) <= k:
                continue
            spots = {d: frozenset(places[d - 1]) for d in open_digits
                     if 2 <= len(places[d - 1]) <= k}
            for ds in combinations(sorted(spots), k):
                cells: set[int] = set()
                for d in ds:  # (MicroPython's union takes one set at a time)
                    cells |= spots[d]
                group = sorted(cells)
                if len(group) != k:
                    continue
                mask = sum(1 << (d - 1) for d in ds)
                removed = tuple((c, d) for c in group for d in digits_of(cands[c] & ~mask))
                if removed:
                    yield Step(
                        eliminations=removed, cells=tuple(group), units=(u,), digits=ds,
                        area="in " + g.unit_name(u),
                        explanation="In " + g.unit_name(u) + ", " + words.digits(g, ds)
                        + " fit only in " + words.cells_in(g, u, group) + ", so those cells hold"
                        " nothing else.",
                    )

    return named(find, "hidden_" + SUBSET_NAMES[k])
