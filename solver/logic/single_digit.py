"""Single-digit patterns: Skyscraper and 2-String Kite, two strong links joined by a weak one."""

from ..model.geometry import Geometry
from . import words
from .chains import alternating_links
from .compat import combinations
from .state import State, seeing_all
from .step import Step

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence

    from .step import Link


def strong_links(state: State, d: int, units: "Iterable[int]") -> list[tuple[int, tuple[int, ...]]]:
    """(unit, (a, b)) for each of `units` where d has exactly two places (a, b)."""
    return [(u, w) for u in units if len(w := state.cells_with(u, d)) == 2]


def skyscraper(state: State) -> "Iterator[Step]":
    """Two parallel strong links with one end each on a shared cross line: one of the other
    two ends is the digit."""
    g = state.geometry
    n = g.size
    for d in range(1, n + 1):
        for kind in (0, 1):  # base lines: rows, then columns; the cross lines are the other
            cross = 1 - kind
            links = strong_links(state, d, range(kind * n, kind * n + n))
            for (u, one), (v, two) in combinations(links, 2):
                for a, b in (one, (one[1], one[0])):
                    for c, e in (two, (two[1], two[0])):
                        if g.cell_units[a][cross] != g.cell_units[c][cross]:
                            continue
                        if g.cell_units[b][cross] == g.cell_units[e][cross]:
                            continue  # an X-Wing
                        step = two_link_step(state, d, (b, a, c, e), (u, v))
                        if step:
                            yield step


def two_string_kite(state: State) -> "Iterator[Step]":
    """A row strong link and a column strong link with one end each in a shared box: one of
    the other two ends is the digit."""
    g = state.geometry
    n = g.size
    for d in range(1, n + 1):
        rows = strong_links(state, d, range(n))
        cols = strong_links(state, d, range(n, 2 * n))
        for u, one in rows:
            for v, two in cols:
                if set(one) & set(two):
                    continue
                for a, b in (one, (one[1], one[0])):
                    for c, e in (two, (two[1], two[0])):
                        if g.box_of(a) != g.box_of(c) or g.box_of(b) == g.box_of(a):
                            continue
                        if g.box_of(e) == g.box_of(c):
                            continue
                        step = two_link_step(state, d, (b, a, c, e), (u, v))
                        if step:
                            yield step


def two_link_step(state: State, d: int, chain: tuple[int, int, int, int],
                  units: tuple[int, int]) -> Step | None:
    """chain = (b, a, c, e): b=a strong, a-c weak, c=e strong; so b or e holds d."""
    g = state.geometry
    b, a, c, e = chain
    removed = tuple((x, d) for x in seeing_all(state, (b, e), d) if x not in chain)
    if not removed:
        return None
    digit = words.digit(g, d)
    return Step(
        eliminations=removed, cells=chain, units=units, digits=(d,),
        area="for " + digit + "s in " + words.units(g, units),
        links=alternating_links([((c,), d) for c in chain]),
        explanation=digit + " is in only two places in " + g.unit_name(units[0]) + " and in "
        + g.unit_name(units[1]) + "; " + g.cell_name(a) + " and " + g.cell_name(c)
        + " cannot both hold it, so " + g.cell_name(b) + " or " + g.cell_name(e)
        + " does: " + digit + " is removed from cells seeing both.",
    )


def empty_rectangle(state: State) -> "Iterator[Step]":
    """A box whose places for a digit all lie on one row and one column of it (not just one
    line), and a strong link in a line outside the box with one end on that row (or column):
    the digit goes from where the link's other end meets the box's column (or row)."""
    g = state.geometry
    n = g.size
    for d in range(1, n + 1):
        for box in range(2 * n, 3 * n):
            where = state.cells_with(box, d)
            if len(where) < 2:
                continue
            for row, col in crosses(g, where):
                for line, across in ((row, col), (col, row)):
                    step = empty_rectangle_link(state, d, box, where, line, across)
                    if step:
                        yield step


def crosses(g: Geometry, where: "Sequence[int]") -> list[tuple[int, int]]:
    """(row, column) pairs of a box that hold all of `where`, which is not on one line."""
    rows = {g.cell_units[c][0] for c in where}
    cols = {g.cell_units[c][1] for c in where}
    if len(rows) == 1 or len(cols) == 1:
        return []
    return [(r, c) for r in sorted(rows) for c in sorted(cols)
            if all(g.cell_units[x][0] == r or g.cell_units[x][1] == c for x in where)]


def empty_rectangle_link(state: State, d: int, box: int, where: tuple[int, ...], line: int,
                         across: int) -> Step | None:
    """The step for a box cross (line, across) and a strong link meeting `line` outside it."""
    g = state.geometry
    kind = 0 if line < g.size else 1  # the cross's line is a row (0) or a column (1)
    for u, (a, b) in strong_links(state, d, range((1 - kind) * g.size, (2 - kind) * g.size)):
        for near, far in ((a, b), (b, a)):
            if g.cell_units[near][kind] != line or g.box_of(near) == box - 2 * g.size:
                continue
            if g.box_of(far) == box - 2 * g.size:
                continue
            target = next(c for c in g.units[across] if c in g.units[g.cell_units[far][kind]])
            if not state.has(target, d) or g.box_of(target) == box - 2 * g.size:
                continue
            digit = words.digit(g, d)
            return Step(
                eliminations=((target, d),), cells=tuple(where) + (near, far),
                units=(box, u), digits=(d,), area="for " + digit + "s in " + g.unit_name(box),
                links=empty_rectangle_links(g, d, where, line, target, (near, far)),
                explanation="In " + g.unit_name(box) + ", " + digit + " lies only on "
                + g.unit_name(line) + " and " + g.unit_name(across) + ". If "
                + g.cell_name(target) + " were " + digit + ", " + g.cell_name(far)
                + " would not be, so " + g.cell_name(near) + " would (the other " + digit
                + " of " + g.unit_name(u) + "); then " + g.unit_name(box) + " would have no "
                + digit + " left. So " + g.cell_name(target) + " is not " + digit + ".",
            )
    return None


def empty_rectangle_links(g: Geometry, d: int, where: tuple[int, ...], line: int, target: int,
                          link: tuple[int, int]) -> "tuple[Link, ...]":
    """The loop the explanation follows, from the target back to it: target - far = near -
    (the box's cells on `line`) = (its other cells, on the cross's other line) - target."""
    near, far = link
    kind = 0 if line < g.size else 1
    on_line = tuple(c for c in where if g.cell_units[c][kind] == line)
    off_line = tuple(c for c in where if c not in on_line)
    cells = ((target,), (far,), (near,), on_line, off_line, (target,))
    return alternating_links([(cs, d) for cs in cells], first="weak")
