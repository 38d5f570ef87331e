"""Sue de Coq: where a line crosses a box, two or three empty cells C hold at least two
digits more than they have cells. Cells L elsewhere in the line and B elsewhere in the box,
whose digits are disjoint, bring the count up so that C, L and B together have as many
cells as digits. No digit can appear twice among them (an L digit is not in B, and L and C
share the line; likewise B and C share the box), so every digit appears exactly once: the
line's digits go from the rest of the line, the box's from the rest of the box.
"""

from ..search.bits import bit_count
from . import words
from .als import described, mask_of, where
from .compat import combinations, ordered
from .state import State, digits_of
from .step import Step

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from .step import Link

    Group = tuple[tuple[int, ...], int]  # cells and their candidates
MAX_SIDE = 3  # cells tried on each side (line, box): HoDoKu's examples need at most 3


def sue_de_coq(state: State) -> "Iterator[Step]":
    """Each Sue de Coq that removes something (boxes in order, rows before columns)."""
    g = state.geometry
    n = g.size
    for box in range(2 * n, 3 * n):
        box_cells = [c for c in g.units[box] if state.cands[c]]
        for kind in (0, 1):
            for line in sorted({g.cell_units[c][kind] for c in box_cells}):
                yield from at_crossing(state, line, box)


def at_crossing(state: State, line: int, box: int) -> "Iterator[Step]":
    """The Sue de Coqs on the cells where `line` crosses `box` that remove something."""
    g = state.geometry
    line_cells = [c for c in g.units[line] if state.cands[c]]
    crossing = [c for c in line_cells if g.cell_units[c][2] == box]
    cores = [(core, mask_of(state, core)) for size in range(2, min(MAX_SIDE, len(crossing)) + 1)
             for core in combinations(crossing, size)]
    # each side takes up at most MAX_SIDE of the core's surplus digits (and at least one)
    cores = [(core, v) for core, v in cores if 2 <= bit_count(v) - len(core) <= 2 * MAX_SIDE]
    if not cores:
        return  # before listing the sides' groups, the costly part
    line_side = sides(state, [c for c in line_cells if c not in crossing])
    box_side = sides(state, [c for c in g.units[box] if state.cands[c] and c not in crossing])
    for core, _ in cores:
        yield from with_sides(state, (line, box), core, line_side, box_side)


def with_sides(state: State, units: tuple[int, int], core: tuple[int, ...],
               line_side: "list[Group]", box_side: "list[Group]") -> "Iterator[Step]":
    """Each line group and box group that together take up the core's surplus digits,
    share no digit, and remove something."""
    v = mask_of(state, core)
    surplus = bit_count(v) - len(core)
    by_count: dict[int, list[Group]] = ordered()
    for group in absorbing(box_side, v, surplus):
        by_count.setdefault(absorbed(*group, v), []).append(group)
    for ls, lm in absorbing(line_side, v, surplus):
        for bs, bm in by_count.get(surplus - absorbed(ls, lm, v), ()):
            step = None if lm & bm else crossing_step(state, units, core, (ls, lm), (bs, bm))
            if step:
                yield step


def sides(state: State, cells: list[int]) -> "list[Group]":
    """Every group of 1 to MAX_SIDE of `cells`, with its candidates."""
    return [(group, mask_of(state, group)) for size in range(1, min(MAX_SIDE, len(cells)) + 1)
            for group in combinations(cells, size)]


def absorbed(group: tuple[int, ...], mask: int, v: int) -> int:
    """How many of the crossing's digits a group takes up: its cells less its own digits."""
    return len(group) - bit_count(mask & ~v)


def absorbing(side: "list[Group]", v: int, surplus: int) -> "list[Group]":
    """The groups of a side that take up at least one of the crossing's digits, and leave
    at least one for the other side."""
    return [(group, mask) for group, mask in side if 1 <= absorbed(group, mask, v) < surplus]


def sharing_links(state: State, core: tuple[int, ...], group: "Group") -> "tuple[Link, ...]":
    """Weak links from a side group to the crossing, one per digit they share: a digit the
    group takes cannot also be in the crossing (they share a unit), drawn as arrows."""
    cells, mask = group
    return tuple((tuple(where(state, cells, d)), d, tuple(where(state, core, d)), d, "weak")
                 for d in digits_of(mask & mask_of(state, core)))


def crossing_step(state: State, units: tuple[int, int], core: tuple[int, ...],
                  line_group: "Group", box_group: "Group") -> Step | None:
    """The step: each digit once in core + both groups; removals from the rest of each unit."""
    g = state.geometry
    line, box = units
    (ls, lm), (bs, bm) = line_group, box_group
    v = mask_of(state, core)
    used = set(core) | set(ls) | set(bs)
    removed = sorted(set(
        [(c, d) for c in g.units[line] if c not in used
         for d in digits_of(state.cands[c] & (lm | v & ~bm))]
        + [(c, d) for c in g.units[box] if c not in used
           for d in digits_of(state.cands[c] & (bm | v & ~lm))]))
    if not removed:
        return None
    ds = digits_of(v | lm | bm)
    return Step(
        eliminations=tuple(removed), cells=tuple(sorted(used)), units=(line, box), digits=ds,
        links=sharing_links(state, core, (ls, lm)) + sharing_links(state, core, (bs, bm)),
        area="where " + g.unit_name(line) + " crosses " + g.unit_name(box),
        explanation="Where " + g.unit_name(line) + " crosses " + g.unit_name(box) + ", "
        + words.cells(g, core) + " hold " + words.digits(g, digits_of(v)) + ". With "
        + described(state, ls) + " elsewhere in " + g.unit_name(line) + " and "
        + described(state, bs) + " elsewhere in " + g.unit_name(box) + ", which share no"
        " digit, that is " + str(len(used)) + " cells for " + str(len(ds)) + " digits, none"
        " of which can appear twice; so each appears once, and " + words.removals(g, removed)
        + " can go.",
    )

