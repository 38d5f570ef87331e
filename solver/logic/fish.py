"""Basic fish (X-Wing, Swordfish, Jellyfish): a digit in k lines confined to k cross lines."""

from itertools import combinations

from . import words
from .state import State
from .step import Step


def fish(k: int):
    """The finder of size-k fish, rows as base lines first, then columns."""

    def find(state: State) -> Step | None:
        g = state.geometry
        n = g.size
        for d in range(1, n + 1):
            for base_kind, cover_kind in ((0, 1), (1, 0)):
                lines = []
                for u in range(base_kind * n, base_kind * n + n):
                    where = state.cells_with(u, d)
                    if 2 <= len(where) <= k:
                        lines.append((u, frozenset(g.cell_units[c][cover_kind] for c in where)))
                for group in combinations(lines, k):
                    covers = frozenset().union(*(cs for _, cs in group))
                    if len(covers) != k:
                        continue
                    bases = [u for u, _ in group]
                    removed = tuple(sorted(
                        (c, d) for v in covers for c in state.cells_with(v, d)
                        if g.cell_units[c][base_kind] not in bases
                    ))
                    if removed:
                        return fish_step(state, d, bases, sorted(covers), removed)
        return None

    find.__name__ = "fish_" + str(k)
    return find


def fish_step(state: State, d: int, bases, covers, removed) -> Step:
    g = state.geometry
    cells = tuple(sorted(c for u in bases for c in state.cells_with(u, d)))
    digit = words.digit(g, d)
    return Step(
        eliminations=removed, cells=cells, units=tuple(bases) + tuple(covers),
        digits=(d,), area="for " + digit + "s in " + words.units(g, bases),
        explanation="In " + words.units(g, bases) + ", " + digit + " fits only in "
        + words.units(g, covers) + ", so " + digit + " is removed from the rest of those "
        + g.unit_names[covers[0]][0] + "s.",
    )
