"""Basic fish (X-Wing, Swordfish, Jellyfish): a digit in k lines confined to k cross lines."""

from collections.abc import Iterator
from itertools import combinations

from . import words
from .state import State
from .step import Step


def fish(k: int):
    """The finder of size-k fish, rows as base lines first, then columns."""

    def find(state: State) -> Iterator[Step]:
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
                        yield fish_step(state, d, bases, sorted(covers), removed)

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


def finned_fish(k: int):
    """The finder of finned and sashimi fish of size k: a fish but for extra places (fins)
    in one box, which removes the digit only from cover-line cells in that box."""

    def find(state: State) -> Iterator[Step]:
        g = state.geometry
        n = g.size
        for d in range(1, n + 1):
            for base_kind, cover_kind in ((0, 1), (1, 0)):
                lines = [(u, state.cells_with(u, d)) for u in range(base_kind * n,
                                                                     base_kind * n + n)]
                lines = [(u, w) for u, w in lines if 1 <= len(w) <= k + 2]
                # Cover lines as bits, per line and per line less one box's cells: a box
                # can hold the fins only if the cells outside it lie in k cover lines.
                spans = {u: lines_mask(g, w, cover_kind) for u, w in lines}
                outside = {u: {b: lines_mask(g, [c for c in w if g.cell_units[c][2] != b],
                                             cover_kind) for b in {g.cell_units[c][2] for c in w}}
                           for u, w in lines}
                for group in combinations(lines, k):
                    boxes = fin_boxes(group, spans, outside, k)
                    if boxes:
                        yield from finned_in(state, d, group, cover_kind, boxes)

    find.__name__ = "finned_fish_" + str(k)
    return find


def lines_mask(g, cells, kind: int) -> int:
    """The lines of one kind (0 rows, 1 columns) through `cells`, as bits of unit indices."""
    mask = 0
    for c in cells:
        mask |= 1 << g.cell_units[c][kind]
    return mask


def fin_boxes(group, spans: dict, outside: dict, k: int) -> list[int]:
    """The boxes that could hold all the fins of a fish on these base lines: those whose
    cells outside lie in at most k cover lines; none when the lines need k or fewer."""
    covered = 0
    for u, _ in group:
        covered |= spans[u]
    if covered.bit_count() <= k:
        return []  # a basic fish, or less
    boxes = set()
    for u, _ in group:
        boxes.update(outside[u])
    found = []
    for b in sorted(boxes):
        needed = 0
        for u, _ in group:
            needed |= outside[u].get(b, spans[u])
        if needed.bit_count() <= k:
            found.append(b)
    return found


def finned_in(state: State, d: int, group, cover_kind: int, boxes=None) -> Iterator[Step]:
    """The finned fish on these base lines: each choice of k cover lines that leaves fins in
    exactly one box (one of `boxes`, when given) and removes something, the first choice in
    sorted order first (on a tie, the first box's)."""
    g = state.geometry
    k = len(group)
    cells = [c for _, w in group for c in w]
    line_of = {c: g.cell_units[c][cover_kind] for c in cells}
    crossing = sorted(set(line_of.values()))
    span = g.box_cols if cover_kind else g.box_rows  # cover lines through one box
    if not k < len(crossing) <= k + span:
        return  # a basic fish or less; or fins that no one box can hold
    choices = [found for box in boxes or sorted({g.cell_units[c][2] for c in cells})
               for found in fin_box_covers(state, d, cells, line_of, crossing, box, k)]
    choices.sort(key=lambda found: found[0])  # stable: boxes in order on a tie
    for covers, _, removed in choices:
        fins = [c for c in cells if line_of[c] not in covers]
        yield finned_step(state, d, [u for u, _ in group], covers, fins, removed, cells)


def fin_box_covers(state: State, d: int, cells, line_of, crossing, box: int, k: int):
    """(covers, box, removed) for each choice of k cover lines that take in every base cell
    outside `box`, leave at least one fin in it and remove something there (cells of the
    covers in the box)."""
    g = state.geometry
    needed = {line_of[c] for c in cells if g.cell_units[c][2] != box}
    if len(needed) > k:
        return
    spare = [v for v in crossing if v not in needed]
    for extra in combinations(spare, k - len(needed)):
        covers = tuple(sorted(needed.union(extra)))
        if all(line_of[c] in covers for c in cells):
            continue  # no fin (a basic fish)
        removed = tuple(sorted(
            (c, d) for v in covers for c in state.cells_with(v, d)
            if g.cell_units[c][2] == box and c not in line_of))
        if removed:
            yield covers, box, removed


def finned_step(state: State, d: int, bases, covers, fins, removed, cells) -> Step:
    g = state.geometry
    digit = words.digit(g, d)
    sashimi = any(sum(g.cell_units[c][0 if bases[0] >= g.size else 1] in covers
                      for c in state.cells_with(u, d)) < 2 for u in bases)
    return Step(
        eliminations=removed, cells=tuple(sorted(cells)), units=tuple(bases) + tuple(covers),
        digits=(d,), area="for " + digit + "s in " + words.units(g, bases),
        explanation="In " + words.units(g, bases) + ", " + digit + " fits only in "
        + words.units(g, covers) + " but for the fin" + ("s " if len(fins) > 1 else " ")
        + words.cells(g, sorted(fins)) + (" (a sashimi fish: a base line has one cover cell"
                                          " or none)" if sashimi else "")
        + ". Either a fin holds " + digit + " or the fish does, and either way "
        + words.removals(g, removed) + " goes (it sees every fin and lies in a cover line).",
    )
