"""Alternating inference chains (AIC) and nice loops (discontinuous and continuous), with
grouped nodes.

A node is a digit in one cell, or (grouped) in two or more cells of one box that share a row
or column: "on" means the digit is in (one of) its cells. A strong link means two nodes cannot
both be off (the only two places of a digit in a unit, or the two candidates of a cell); a weak
link means they cannot both be on (same digit in cells that see each other, or two candidates
of one cell). Starting with a node off and alternating strong and weak links, every node
reached "on" is implied, so the start or that end is true:
- same digit: the digit is removed from cells seeing both ends;
- one cell, two digits: its other candidates go;
- two digits in two cells that see each other: each loses the other's digit;
- back at the start, on: the start is true (a discontinuous nice loop), so it is placed;
- back at the start, off, through a weak link (a continuous nice loop): every weak link of
  the loop has exactly one true end, so each gives its deduction as above.
The search is breadth-first from every start, so the shortest chain is found (and comes
first; then every other chain each start reaches).
"""

from collections.abc import Iterator
from itertools import pairwise

from ..model.geometry import Geometry
from . import words
from .state import State, digits_of, peer_sets
from .step import Candidate, Step

MAX_LINKS = 13  # the longest chain a hint looks for (the first step's search)
# The longest of the chains listed after the first (find_all's: hints never ask for them, so
# they cost a hint nothing): HoDoKu's library has nice loops and AICs of up to 20 links.
LIST_LINKS = 20

Node = tuple[tuple[int, ...], int]  # (its cells, the digit)
# A walk: (node, on, the unit of the link into it: None inside a cell or at the start).
Walk = list[tuple[Node, bool, int | None]]
Deduction = tuple[tuple[Candidate, ...], tuple[Candidate, ...]]  # placements, eliminations
Found = tuple[Walk, tuple[Candidate, ...], tuple[Candidate, ...]]  # a walk and its deduction


def node_name(g: Geometry, node: Node) -> str:
    """'row 2, column 6', or for a group 'one of row 2, columns 4 and 5'."""
    cells, _ = node
    if len(cells) == 1:
        return g.cell_name(cells[0])
    return "one of " + words.cells(g, cells)


def groups(state: State, d: int) -> list[tuple[int, ...]]:
    """The grouped nodes of digit d: its places in a box that share a row or column (2+)."""
    g = state.geometry
    n = g.size
    found = []
    for box in range(2 * n, 3 * n):
        where = state.cells_with(box, d)
        for kind in (0, 1):
            by_line: dict[int, list[int]] = {}
            for c in where:
                by_line.setdefault(g.cell_units[c][kind], []).append(c)
            found += [tuple(cs) for cs in by_line.values() if len(cs) >= 2]
    return found


class Graph:
    """The strong and weak links between the candidate nodes of a state."""

    def __init__(self, state: State, grouped: bool) -> None:
        self.state = state
        g = state.geometry
        self.nodes_in: dict[tuple[int, int], list[Node]] = {}  # (unit, digit) -> its nodes
        # node -> (node, unit of the link: None inside a cell) for each link from it
        self.strong: dict[Node, list[tuple[Node, int | None]]] = {}
        self.weak: dict[Node, list[tuple[Node, int | None]]] = {}
        for d in range(1, g.size + 1):
            nodes: list[Node] = [((c,), d) for c in range(g.cell_count) if state.has(c, d)]
            if grouped:
                nodes += [(cs, d) for cs in groups(state, d)]
            for node in nodes:
                self.strong[node], self.weak[node] = [], []
                for u in self.units_of(node[0]):
                    self.nodes_in.setdefault((u, d), []).append(node)
        self.link_units(g)
        self.link_cells(g)

    def units_of(self, cells: tuple[int, ...]) -> list[int]:
        """The units holding every one of `cells`."""
        g = self.state.geometry
        common = set(g.cell_units[cells[0]])
        for c in cells[1:]:
            common &= set(g.cell_units[c])
        return sorted(common)

    def link_units(self, g: Geometry) -> None:
        """Same digit: strong when two nodes split a unit's places, weak when all cells see."""
        sets = peer_sets(g)
        for (u, d), nodes in self.nodes_in.items():
            places = set(self.state.cells_with(u, d))
            for a in nodes:
                for b in nodes:
                    if a is b or set(a[0]) & set(b[0]):
                        continue
                    if set(a[0]) | set(b[0]) == places:
                        self.strong[a].append((b, u))
                    if all(y in sets[x] for x in a[0] for y in b[0]):
                        self.weak[a].append((b, u))

    def link_cells(self, g: Geometry) -> None:
        """One cell: its candidates see each other; two of them alone are a strong link."""
        for c in self.state.empty:
            ds = digits_of(self.state.cands[c])
            for x in ds:
                for y in ds:
                    if x != y:
                        self.weak[((c,), x)].append((((c,), y), None))
                        if len(ds) == 2:
                            self.strong[((c,), x)].append((((c,), y), None))


def find_chain(state: State, grouped: bool) -> Iterator[Step]:
    """The shortest AIC or discontinuous nice loop of up to MAX_LINKS links that removes or
    places something, then every other one of up to LIST_LINKS that the breadth-first
    search from each start reaches (shortest first)."""
    if not has_strong_link(state):
        return  # no chain can start (a bare board): skip building the links
    graph = Graph(state, grouped)
    best: tuple[int, Walk, tuple[Candidate, ...], tuple[Candidate, ...]] | None = None
    for start in sorted(graph.strong):
        if not graph.strong[start]:
            continue
        limit = MAX_LINKS if best is None else len(best[1]) - 2
        found = shortest_from(state, graph, start, limit)
        if found is not None and (best is None or len(found[0]) < len(best[1])):
            best = (len(found[0]), *found)
    if best is None:
        return
    _, walk, placements, eliminations = best
    yield chain_step(state, walk, placements, eliminations)
    for start in sorted(graph.strong):
        for found in deductions_from(state, graph, start, LIST_LINKS):
            if found[0] != walk:
                yield chain_step(state, *found)


def has_strong_link(state: State) -> bool:
    """Does some cell hold two candidates, or some digit have two places in a unit?"""
    if any(state.cands[c].bit_count() == 2 for c in state.empty):
        return True
    return any(len(where) == 2 for unit in state.places for where in unit)


def shortest_from(state: State, graph: Graph, start: Node, limit: int) -> Found | None:
    """The first of deductions_from, or None."""
    return next(deductions_from(state, graph, start, limit), None)


def deductions_from(state: State, graph: Graph, start: Node, limit: int) -> Iterator[Found]:
    """Breadth-first from `start` off: each walk whose end gives a deduction, shortest first,
    as (walk, placements, eliminations); a walk is [(node, on, unit of the link into it)].
    A walk ending on a node weakly linked back to the start is a continuous loop: it
    comes back closed, ending on the start again (off)."""
    closers = {node: unit for node, unit in graph.weak[start]}
    seen = {(start, False)}
    frontier: list[Walk] = [[(start, False, None)]]
    for _ in range(limit):
        grown: list[Walk] = []
        for walk in frontier:
            node, on, _ = walk[-1]
            for nxt, unit in (graph.weak if on else graph.strong)[node]:
                if (nxt, not on) in seen:
                    continue
                seen.add((nxt, not on))
                longer = walk + [(nxt, not on, unit)]
                found = None if on else ends(state, longer, closers)
                if found:
                    yield found
                grown.append(longer)
        frontier = grown


def ends(state: State, walk: Walk, closers: dict[Node, int | None]) -> Found | None:
    """(walk, placements, eliminations) for a walk that has just turned a node on: a
    continuous loop when that node closes it, else the deduction from its two ends."""
    start, end = walk[0][0], walk[-1][0]
    if end in closers and len(walk) > 2:
        loop = walk + [(start, False, closers[end])]
        removed = loop_removals(state, loop)
        return (loop, (), removed) if removed else None
    found = deduction(state, start, end)
    return (walk, *found) if found else None


def loop_removals(state: State, loop: Walk) -> tuple[Candidate, ...]:
    """A continuous loop's eliminations: around a closed alternating loop, the strong links
    need at least one true node each and the weak links allow at most one, so each weak
    link has exactly one true end, and its deduction ('a or b') holds."""
    removed: set[Candidate] = set()
    for (a, on, _), (b, _, _) in pairwise(loop):
        found = deduction(state, a, b) if on else None  # on: a weak link, a on, b off
        removed.update(found[1] if found else ())
    return tuple(sorted(removed))


def deduction(state: State, a: Node, b: Node) -> Deduction | None:
    """(placements, eliminations) from 'a or b is true' (a the start, b the end), or None."""
    (ca, x), (cb, y) = a, b
    if a == b:
        return (((ca[0], x),), ()) if len(ca) == 1 else None
    if x == y:
        sets = peer_sets(state.geometry)
        common = set.intersection(*(set(sets[c]) for c in ca + cb)) - set(ca) - set(cb)
        removed = tuple(sorted((c, x) for c in common if state.has(c, x)))
        return ((), removed) if removed else None
    if len(ca) > 1 or len(cb) > 1:
        return None
    if ca == cb:
        removed = tuple((ca[0], d) for d in digits_of(state.cands[ca[0]]) if d not in (x, y))
        return ((), removed) if removed else None
    if cb[0] in peer_sets(state.geometry)[ca[0]]:
        removed = tuple(e for e in ((ca[0], y), (cb[0], x)) if state.has(*e))
        return ((), removed) if removed else None
    return None


def chain_step(state: State, walk: Walk, placements: tuple[Candidate, ...],
               eliminations: tuple[Candidate, ...]) -> Step:
    """The step of a chain: its cells, its links in order, and its story."""
    g = state.geometry
    cells = tuple(dict.fromkeys(c for node, _, _ in walk for c in node[0]))
    ds = tuple(sorted({node[1] for node, _, _ in walk}))
    links = tuple((walk[i - 1][0][0], walk[i - 1][0][1], walk[i][0][0], walk[i][0][1],
                   "strong" if walk[i][1] else "weak") for i in range(1, len(walk)))
    return Step(placements=placements, eliminations=eliminations, cells=cells, digits=ds,
                area="for " + words.digits(g, ds), links=links,
                explanation=story(g, walk) + " " + conclusion(g, walk, placements, eliminations))


def story(g: Geometry, walk: Walk) -> str:
    """'If r2c6 is not 4, then r2c2 is 4 (the only other place for 4 in row 2), so r5c2 is
    not 4, so it is 7 (its only other candidate), ...': a cell just named is 'it'."""
    text = "If " + node_is(g, walk[0][0], False)
    for i, (node, on, unit) in enumerate(walk[1:]):
        text += (", then " if i == 0 else ", so ") + node_is(g, node, on, walk[i][0]) \
            + reason(g, node, on, unit)
    return text + "."


def node_is(g: Geometry, node: Node, on: bool, before: Node | None = None) -> str:
    """'row 2, column 6 is 4', 'one of row 2, columns 4 and 5 is 4', 'neither of ... is 4'
    (a group is off when none of its cells holds the digit), 'it is not 7' (the cell of
    `before`, the node just named)."""
    cells, d = node
    if len(cells) > 1 and not on:
        return ("neither of " if len(cells) == 2 else "none of ") + words.cells(g, cells) \
            + " is " + words.digit(g, d)
    name = "it" if before is not None and cells == before[0] and len(cells) == 1 \
        else node_name(g, node)
    return name + " is " + ("" if on else "not ") + words.digit(g, d)


def reason(g: Geometry, node: Node, on: bool, unit: int | None) -> str:
    """Why a link holds, in brackets, for strong links (weak ones need no reason); a strong
    link inside a cell follows that cell's own weak link, so the cell is 'it'."""
    if not on:
        return ""
    if unit is None:
        return " (its only other candidate)"
    return " (the only other place for " + words.digit(g, node[1]) + " in " \
        + g.unit_name(unit) + ")"


def conclusion(g: Geometry, walk: Walk, placements: tuple[Candidate, ...],
               eliminations: tuple[Candidate, ...]) -> str:
    """What the chain proves."""
    start, end = walk[0][0], walk[-1][0]
    if start == end and not walk[-1][1]:
        return ("The loop closes on itself, so each of its weak links has exactly one true"
                " end (and each strong link one): " + words.removals(g, eliminations)
                + " can go.")
    if placements:
        return "That contradicts the start, so " + node_is(g, start, True) + "."
    return ("So " + node_is(g, start, True) + " or " + node_is(g, end, True) + ": either way "
            + words.removals(g, eliminations) + " can go.")


def aic(state: State) -> Iterator[Step]:
    """An AIC or discontinuous nice loop over single cells."""
    yield from find_chain(state, grouped=False)


def grouped_aic(state: State) -> Iterator[Step]:
    """An AIC or nice loop that needs a grouped node (a digit in part of a box line)."""
    yield from find_chain(state, grouped=True)
