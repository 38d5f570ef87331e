"""More uniqueness rectangles (types 3, 5 and 6, and the hidden rectangle): four empty cells
at the corners of a rectangle over two boxes that all hold digits a and b would let a and b
swap, giving two solutions; assuming one solution, something breaks the pattern. Valid only
when the puzzle is taken to have exactly one solution (types 1, 2 and 4: uniqueness.py,
which also holds the one rectangle enumerator every finder here reads).
"""

from ..search.bits import bit_count, bit_length
from . import words
from .compat import combinations, ordered
from .state import State, digits_of, seeing_all
from .step import Step
from .uniqueness import floors, rectangle_step, rectangles, roof_units

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence

    from .step import Candidate

    Rect = tuple[int, int, int, int]  # corners: a and b share a row, as do c and d


def unique_rectangle_3(state: State) -> "Iterator[Step]":
    """Two corners on a line hold the pair alone; the other two (the roof) hold more. One
    roof cell holds an extra digit, so the roof's extras act as one cell: with k - 1 other
    cells of a unit holding the roof they make a naked subset of k digits there."""
    g, cands = state.geometry, state.cands
    for rect, _, roof, mask in floors(state):
        extras = (cands[roof[0]] | cands[roof[1]]) & ~mask
        for u in roof_units(g, roof):
            step = roof_subset(state, rect, mask, roof, extras, u)
            if step:
                yield step


def roof_subset(state: State, rect: "Rect", mask: int, roof: tuple[int, int], extras: int,
                u: int) -> Step | None:
    """The naked subset the roof's extras make with other cells of unit u, if it removes
    anything: its digits go from the rest of the unit."""
    g, cands = state.geometry, state.cands
    others = [x for x in g.units[u] if cands[x] and x not in roof]
    for size in range(1, 4):
        for group in combinations(others, size):
            digits = extras
            for x in group:
                digits |= cands[x]
            if bit_count(digits) != size + 1:
                continue
            removed = tuple((x, e) for x in others if x not in group
                            for e in digits_of(cands[x] & digits))
            if removed:
                ds = words.digits(g, digits_of(digits))
                return rectangle_step(
                    state, rect, mask, removed, words.cells(g, roof) + " hold an extra digit "
                    + "between them, so with " + words.cells(g, group) + " they hold "
                    + ds + " in " + g.unit_name(u) + " (a naked subset), and " + ds
                    + " go from the rest of " + g.unit_name(u))
    return None


def unique_rectangle_5(state: State) -> "Iterator[Step]":
    """Two diagonal or three corners hold the pair and one and the same extra digit, the
    rest the pair alone: one of them holds the extra, so cells seeing them all lose it."""
    g, cands = state.geometry, state.cands
    for a, b, c, d, mask in rectangles(state):
        rect = (a, b, c, d)
        extra_cells = tuple(x for x in rect if cands[x] != mask)
        if len(extra_cells) not in (2, 3):
            continue
        e, removed = shared_extra(state, extra_cells, [cands[x] & ~mask for x in extra_cells])
        if removed:
            yield rectangle_step(
                state, rect, mask, removed, "one of " + words.cells(g, extra_cells)
                + " must be " + words.digit(g, e) + ", so " + words.digit(g, e)
                + " goes from cells seeing all of them")


def shared_extra(state: State, cells: "Iterable[int]",
                 extras: list[int]) -> "tuple[int, tuple[Candidate, ...]]":
    """(e, removals) when the candidate masks `extras` of `cells` beyond a pattern are all
    the one digit e: one of the cells holds e, so it goes from cells seeing them all."""
    if len(set(extras)) != 1 or bit_count(extras[0]) != 1:
        return 0, ()
    e = bit_length(extras[0])
    return e, tuple((x, e) for x in seeing_all(state, cells, e))


def unique_rectangle_6(state: State) -> "Iterator[Step]":
    """Two diagonal corners hold the pair alone, and one pair digit x lies in the rectangle's
    two rows (or columns) only at its corners: the other two corners cannot be x, or x
    would fill one diagonal and the other digit the other, a swappable pattern."""
    g, cands = state.geometry, state.cands
    for a, b, c, d, mask in rectangles(state):
        for pair, others in (((a, d), (b, c)), ((b, c), (a, d))):
            if not all(cands[x] == mask for x in pair) or any(cands[x] == mask for x in others):
                continue
            for x in digits_of(mask):
                for kind in (0, 1):
                    lines = {g.cell_units[y][kind] for y in (a, b, c, d)}
                    removed = tuple((y, x) for y in others if state.has(y, x))
                    if removed and all(set(state.cells_with(u, x)) <= {a, b, c, d}
                                       for u in lines):
                        yield rectangle_step(
                            state, (a, b, c, d), mask, removed,
                            words.digit(g, x) + " in " + words.units(g, sorted(lines))
                            + " lies only in the rectangle, so if " + words.cells(g, others)
                            + " held it they both would, with the other digit in "
                            + words.cells(g, pair) + "; so neither is " + words.digit(g, x))


def hidden_rectangle(state: State) -> "Iterator[Step]":
    """One corner holds the pair alone, and in the row and the column of the opposite corner
    one pair digit y lies only in the rectangle: that corner cannot be the other digit x,
    or y would fill the other two corners and x the first, a swappable pattern."""
    g, cands = state.geometry, state.cands
    for a, b, c, d, mask in rectangles(state):
        for corner, far in ((a, d), (d, a), (b, c), (c, b)):
            if cands[corner] != mask:
                continue
            rect = {a, b, c, d}
            lines = g.cell_units[far][:2]
            for y in digits_of(mask):
                # y still to place in both lines (a corner may have lost it: then far is y)
                if not all(state.cells_with(u, y) and set(state.cells_with(u, y)) <= rect
                           for u in lines):
                    continue
                x = digits_of(mask & ~(1 << (y - 1)))[0]
                if not state.has(far, x):
                    continue
                yield rectangle_step(
                    state, (a, b, c, d), mask, ((far, x),), words.digit(g, y) + " in "
                    + words.units(g, lines) + " lies only in the rectangle, so if "
                    + g.cell_name(far) + " were " + words.digit(g, x) + ", "
                    + words.digit(g, y) + " would fill the two corners beside it and "
                    + g.cell_name(corner) + " would be " + words.digit(g, x)
                    + "; so it is not " + words.digit(g, x))


def avoidable_rectangles(state: State) -> "Iterator[tuple[Rect, dict[int, int]]]":
    """(rect, deadly) for each rectangle over two boxes with no given in it, at least one
    digit placed (by a step or the player, not given) on each diagonal, the same one along a
    diagonal and another on the other: deadly[cell] is the digit an empty corner would need
    to complete the pattern (its diagonal's), which could then swap, the givens unchanged."""
    g, values, givens = state.geometry, state.values, state.givens
    n, br, bc = g.size, g.box_rows, g.box_cols
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            same_band = r1 // br == r2 // br
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    if same_band == (c1 // bc == c2 // bc):
                        continue  # four boxes, or one
                    rect = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
                    if any(givens[x] for x in rect) or sum(bool(values[x]) for x in rect) < 2:
                        continue
                    deadly = diagonal_digits(values, rect)
                    if deadly:
                        yield rect, deadly


def diagonal_digits(values: "Sequence[int]", rect: "Rect") -> dict[int, int]:
    """{corner: its diagonal's placed digit} when each diagonal has one placed digit (on
    one corner or both) and the two differ; else {}."""
    a, b, c, d = rect
    found: dict[int, int] = ordered()
    for diagonal in ((a, d), (b, c)):
        placed = {values[x] for x in diagonal if values[x]}
        if len(placed) != 1:
            return {}
        found.update(dict.fromkeys(diagonal, placed.pop()))
    return found if len(set(found.values())) == 2 else {}


def avoidable_rectangle_1(state: State) -> "Iterator[Step]":
    """Three corners placed (none given), the fourth empty: it cannot take the digit that
    would let the placed digits swap (its diagonal's)."""
    g = state.geometry
    for rect, deadly in avoidable_rectangles(state):
        empty = [x for x in rect if not state.values[x]]
        if len(empty) != 1 or not state.has(empty[0], deadly[empty[0]]):
            continue
        cell, d = empty[0], deadly[empty[0]]
        other = next(v for v in deadly.values() if v != d)
        yield avoidable_step(
            state, rect, ((cell, d),), (d, other), "if " + g.cell_name(cell) + " were "
            + words.digit(g, d) + ", the " + words.digit(g, d) + "s and "
            + words.digit(g, other) + "s of the four cells could swap, leaving the givens as"
            " they are: two solutions. So " + g.cell_name(cell) + " is not "
            + words.digit(g, d))


def avoidable_rectangle_2(state: State) -> "Iterator[Step]":
    """Two corners placed (none given), the other two empty, each holding its diagonal's
    digit and one and the same other digit x: unless one is x they complete a swappable
    pattern, so x goes from cells seeing both."""
    g, cands = state.geometry, state.cands
    for rect, deadly in avoidable_rectangles(state):
        empty = [x for x in rect if not state.values[x]]
        if len(empty) != 2:
            continue
        if not all(state.has(x, deadly[x]) for x in empty):
            continue
        e, removed = shared_extra(state, empty, [cands[x] & ~(1 << (deadly[x] - 1))
                                                 for x in empty])
        if removed:
            pair = tuple(sorted(set(deadly.values())))
            yield avoidable_step(
                state, rect, removed, pair, "unless one of " + words.cells(g, empty)
                + " holds " + words.digit(g, e) + ", they are " + " and ".join(
                    words.digit(g, deadly[x]) for x in empty) + ", and the "
                + words.digit(g, pair[0]) + "s and " + words.digit(g, pair[1]) + "s of the"
                " four cells could swap, leaving the givens as they are: two solutions. So one"
                " of them is " + words.digit(g, e) + ", and " + words.digit(g, e)
                + " is removed from cells seeing both")


def avoidable_step(state: State, rect: "Rect", removed: "tuple[Candidate, ...]",
                   pair: tuple[int, ...], why: str) -> Step:
    """An avoidable rectangle step: the placed corners named, then why."""
    g = state.geometry
    placed = [x for x in rect if state.values[x]]
    return Step(
        eliminations=tuple(removed), cells=tuple(sorted(rect)), digits=tuple(sorted(pair)),
        area="for " + words.digits(g, sorted(pair)),
        explanation="In the rectangle " + words.cells(g, sorted(rect)) + ", no cell is a"
        " given and " + words.in_order(g.cell_name(x) + " was placed as "
                                       + words.digit(g, state.values[x]) for x in placed)
        + "; " + why + ".",
    )
