"""Wording shared by every technique: digits, cells, units and lists in plain English."""

from ..model.geometry import Geometry


def join(items) -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def digit(g: Geometry, d: int) -> str:
    """A digit as the user types it (letters above 9)."""
    return g.symbols[d - 1]


def digits(g: Geometry, ds) -> str:
    """'3', '3 and 5', '3, 5 and 7'."""
    return join(digit(g, d) for d in ds)


def cells(g: Geometry, cs) -> str:
    """'row 1, column 2' or 'row 1, column 2; row 3, column 4 and row 5, column 6'."""
    names = [g.cell_name(c) for c in cs]
    if len(names) <= 2:
        return " and ".join(names)
    return "; ".join(names[:-1]) + " and " + names[-1]


def units(g: Geometry, us) -> str:
    """'box 4', 'rows 2 and 5', 'row 2 and column 5'."""
    us = list(us)
    kinds = {g.unit_names[u][0] for u in us}
    if len(us) > 1 and len(kinds) == 1:
        kind = kinds.pop()
        return kind + "s " + join(str(g.unit_names[u][1]) for u in us)
    return join(g.unit_name(u) for u in us)


def removals(g: Geometry, eliminations) -> str:
    """'7 from row 1, column 2' or '3 and 5 from row 4, column 4', grouped by cell."""
    by_cell = {}
    for cell, d in eliminations:
        by_cell.setdefault(cell, []).append(d)
    groups = {}
    for cell, ds in by_cell.items():
        groups.setdefault(tuple(sorted(ds)), []).append(cell)
    parts = [digits(g, ds) + " from " + cells(g, sorted(cs)) for ds, cs in groups.items()]
    return "; ".join(parts)
