"""Wording shared by every technique: digits, cells, units and lists in plain English."""

from ..model.geometry import Geometry
from .compat import ordered

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable


def capital(text: str) -> str:
    """`text` as a sentence opens: its first letter a capital, the rest lower case (as
    str.capitalize, which MicroPython lacks)."""
    return text[:1].upper() + text[1:].lower()


def join(items: "Iterable[str]") -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def digit(g: Geometry, d: int) -> str:
    """A digit as the user types it (letters above 9)."""
    return g.symbols[d - 1]


def digits(g: Geometry, ds: "Iterable[int]") -> str:
    """'3', '3 and 5', '3, 5 and 7'."""
    return join(digit(g, d) for d in ds)


def cells(g: Geometry, cs: "Iterable[int]") -> str:
    """A set of cells by place: 'row 1, column 2', 'row 1, columns 2 and 7', 'rows 2 and 7,
    column 5', else their groups (cell_groups): 'row 1, columns 4 and 6; row 3, column 4';
    lone cells as a list: 'row 1, column 1 and row 2, column 2'."""
    return "; ".join(_listed(cell_groups(g, cs)))


def cells_in(g: Geometry, unit: int, cs: "Iterable[int]") -> str:
    """Cells of one unit, after the unit is named ("In row 1, ..."): 'columns 2 and 7' in a
    row, 'rows 2 and 7' in a column, as cells() in any other unit (a box, a region, a
    diagonal, a window)."""
    kind = g.unit_names[unit][0]
    if kind not in ("row", "column"):
        return cells(g, cs)
    n = g.size
    return units(g, sorted(n + c % n if kind == "row" else c // n for c in cs))


def _listed(groups: list[str]) -> list[str]:
    """Groups as separate phrases, or one list when each is a lone cell (no 'and' inside)."""
    if any(" and " in group for group in groups):
        return groups
    return [in_order(groups)]


def in_order(names: "Iterable[str]") -> str:
    """Cells one by one, in order (a chain's path): 'a and b', 'a; b and c'."""
    names = list(names)
    if len(names) <= 2:
        return " and ".join(names)
    return "; ".join(names[:-1]) + " and " + names[-1]


def cell_groups(g: Geometry, cs: "Iterable[int]") -> list[str]:
    """The cells as few 'rows R, columns C' phrases as possible (each naming every crossing
    of its rows and columns), from grouping by row or, when fewer, by column; by row first."""
    n = g.size
    places = sorted(set(divmod(c, n) for c in cs))
    by_row = _crossings(places)
    by_column = [(rows, cols) for cols, rows in _crossings(sorted((c, r) for r, c in places))]
    best = by_column if len(by_column) < len(by_row) else by_row
    return [units(g, rows) + ", " + units(g, [n + c for c in cols]) for rows, cols in best]


def _crossings(places: list[tuple[int, int]]) -> list[tuple[list[int], list[int]]]:
    """(lines, crossers) groups of sorted (line, crosser) places: each line's crossers,
    lines with the same crossers merged, in order of their first line."""
    crossers: dict[int, list[int]] = ordered()
    for line, crosser in places:
        crossers.setdefault(line, []).append(crosser)
    merged: dict[tuple[int, ...], list[int]] = ordered()
    for line, across in crossers.items():
        merged.setdefault(tuple(across), []).append(line)
    return sorted(((lines, list(across)) for across, lines in merged.items()), key=lambda x: x[0])


def units(g: Geometry, us: "Iterable[int]") -> str:
    """'box 4', 'rows 2 and 5', 'row 2 and column 5'."""
    us = list(us)
    kinds = {g.unit_names[u][0] for u in us}
    if len(us) > 1 and len(kinds) == 1:
        kind = kinds.pop()
        return ("boxes" if kind == "box" else kind + "s") + " " + join(
            str(g.unit_names[u][1]) for u in us)
    return join(g.unit_name(u) for u in us)


def removals(g: Geometry, eliminations: "Iterable[tuple[int, int]]") -> str:
    """'7 from row 1, columns 2 and 5; 3 and 5 from row 4, column 4': grouped by the digits
    removed, a part per group of cells (cell_groups) unless each is a lone cell."""
    by_cell: dict[int, list[int]] = ordered()
    for cell, d in eliminations:
        by_cell.setdefault(cell, []).append(d)
    groups: dict[tuple[int, ...], list[int]] = ordered()
    for cell, ds in by_cell.items():
        groups.setdefault(tuple(sorted(ds)), []).append(cell)
    parts = [digits(g, ds) + " from " + group
             for ds, cs in groups.items() for group in _listed(cell_groups(g, cs))]
    return "; ".join(parts)
