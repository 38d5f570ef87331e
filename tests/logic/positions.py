"""Building candidate positions for technique tests: a grid plus explicit candidate masks."""

from solver.logic.state import State
from solver.logic.techniques import BY_NAME
from solver.model.geometry import SYMBOLS, Rules, geometry
from solver.model.puzzle import read


def find(technique: str):
    """The table's finder for a technique name: state -> its first step, named, or None."""
    return BY_NAME[technique].find


def cell(name: str, n: int = 9) -> int:
    """'r3c7' -> the 0-based cell index (1-based rows and columns, as people name them)."""
    r, c = name[1:].split("c")
    return (int(r) - 1) * n + int(c) - 1


def grid(givens: dict[str, int], n: int = 9) -> str:
    """A puzzle string with the named cells given, e.g. {"r1c1": 5}."""
    cells = ["0"] * (n * n)
    for name, d in givens.items():
        cells[cell(name, n)] = SYMBOLS[d - 1]
    return "".join(cells)


def state_from(puzzle: str, **cands: str) -> State:
    """The state of `puzzle` with the candidates of named cells replaced, e.g. r1c2="37"."""
    state = State.from_puzzle(read(puzzle))
    masks = list(state.cands)
    for name, ds in cands.items():
        masks[cell(name, state.geometry.size)] = sum(1 << (int(d, 36) - 1) for d in ds)
    return State(state.geometry, state.values, masks)


def name(c: int, n: int = 9) -> str:
    """A cell as 'r3c7'."""
    return f"r{c // n + 1}c{c % n + 1}"


def named(pairs, n: int = 9) -> set[tuple[str, int]]:
    """(cell, digit) pairs with the cell named 'r3c7', as a set."""
    return {(name(c, n), d) for c, d in pairs}


def links_named(step) -> list:
    """A step's links with cells named 'r1c5', to compare with a chain written by hand."""
    return [([name(c) for c in a], x, [name(c) for c in b], y, kind)
            for a, x, b, y, kind in step.links]


def blank(n: int = 9, rules: Rules | None = None) -> State:
    """An empty board with every candidate everywhere: a background for one pattern (under
    `rules`, a variant's, when given)."""
    g = geometry(n) if rules is None else rules.geometry()
    return State(g, (0,) * g.cell_count, (g.all_digits,) * g.cell_count)


def pattern(state: State, only: dict | None = None, cands: dict | None = None,
            lines: dict | None = None) -> State:
    """Carve a pattern into a state.

    only: digit -> cells; the digit stays a candidate only there.
    lines: digit -> {unit: cells}; inside each named unit ("row 1", "column 5", "box 2")
    the digit stays only in the listed cells. cands: cell -> exact candidate digits.
    """
    g = state.geometry
    n = g.size
    masks = list(state.cands)
    for d, keep in (only or {}).items():
        kept = {cell(c, n) for c in keep}
        for i in range(len(masks)):
            if i not in kept:
                masks[i] &= ~(1 << (d - 1))
    for d, units in (lines or {}).items():
        for unit, keep in units.items():
            kept = {cell(c, n) for c in keep}
            for i in g.units[unit_index(g, unit)]:
                if i not in kept:
                    masks[i] &= ~(1 << (d - 1))
    for c, ds in (cands or {}).items():
        masks[cell(c, n)] = sum(1 << (int(d, 36) - 1) for d in ds)
    return State(g, state.values, masks, state.givens)


def unit_index(g, unit: str) -> int:
    """'row 1' / 'column 5' / 'box 2' / 'diagonal 1' -> the unit's index in g.units."""
    kind, number = unit.split()
    return g.unit_names.index((kind, int(number)))
