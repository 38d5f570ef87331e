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

import sys

from ..model.geometry import Geometry
from ..search.bits import bit_count
from . import als, words
from .als import cells_mask, mask_of
from .compat import ordered, pairwise, unique
from .state import State, bits, digits_of, peer_masks, peer_sets, seeing_all
from .step import Step

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence

    from .als import Als
    from .step import Candidate

MAX_LINKS = 13  # the longest chain a hint looks for (the first step's search)
# The longest of the chains listed after the first (find_all's: hints never ask for them, so
# they cost a hint nothing): HoDoKu's library has nice loops and AICs of up to 20 links.
LIST_LINKS = 20
# Links a hint's search for a chain through an ALS follows before it gives up (the shortest
# found by then comes first): the row runs where every row before it found nothing. On 296
# states of the rated sample where it ran: the same step as without a limit in 292, another
# in 4, none lost, at two thirds of the time.
ALS_WORK = 100_000

if TYPE_CHECKING:
    Node = tuple[tuple[int, ...], int]  # (its cells, the digit)
    # What carries a link: a unit, None inside a cell (or at a walk's start), or an ALS's cells
    # (a strong link between two of its digits: it lacks at most one).
    Via = int | tuple[int, ...] | None
    # A walk: (node, on, what carries the link into it).
    Walk = list[tuple[Node, bool, Via]]
    Deduction = tuple[tuple[Candidate, ...], tuple[Candidate, ...]]  # placements, eliminations
    Found = tuple[Walk, tuple[Candidate, ...], tuple[Candidate, ...]]  # a walk and its deduction
    # Where a walk is, as the breadth-first search keys it: 4 * the node's number (Graph),
    # + 2 if the node is on, + 1 if the walk passed an ALS (when the search needs one).
    Key = int
    # A walk as the breadth-first search grows it: its last step, linked back to the one
    # before: (its key, what carries the link into it, the step before).
    Trail = tuple[Key, Via, "Trail | None"]


def node_name(g: Geometry, node: "Node") -> str:
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
            by_line: dict[int, list[int]] = ordered()
            for c in where:
                by_line.setdefault(g.cell_units[c][kind], []).append(c)
            found += [tuple(cs) for cs in by_line.values() if len(cs) >= 2]
    return found


class Graph:
    """The strong and weak links between the candidate nodes of a state; with `sets`
    (almost locked sets, each its cells), also each set's digits as nodes (a digit's cells
    in the set), strongly linked to one another, and only chains through one count
    (`needs_set`). Nodes are numbered (`nodes`, `ids`) and links join numbers: the search
    follows them by the million."""

    def __init__(self, state: State, grouped: bool, sets: "Iterable[Als]" = ()) -> None:
        self.state = state
        g = state.geometry
        self.nodes: list[Node] = []  # number -> node
        self.ids: dict[Node, int] = {}  # node -> number
        self.nodes_in: dict[tuple[int, int], list[int]] = ordered()  # (unit, digit) -> nodes
        # The links from each node, as the search follows them: at 2 * its number its strong
        # links (followed from it off), at 2 * its number + 1 its weak links (from it on);
        # each (the Key of the node reached, what carries the link)
        self.follow: list[list[tuple[Key, Via]]] = []
        sets = list(sets)
        self.needs_set = bool(sets)
        sets = [a for a in sets if len(a) > 1]  # one cell's two digits: link_cells' link
        for d in range(1, g.size + 1):
            nodes: list[Node] = [((c,), d) for c in range(g.cell_count) if state.has(c, d)]
            if grouped:
                nodes += [(cs, d) for cs in groups(state, d)]
            nodes += [(cs, d) for cs in unique(
                tuple(c for c in a if state.has(c, d)) for a in sets) if cs]
            for node in nodes:
                if node in self.ids:
                    continue  # a set's cells with d that are a group or one cell already
                number = len(self.nodes)
                self.ids[node] = number
                self.nodes.append(node)
                self.follow += [[], []]
                for u in self.units_of(node[0]):
                    self.nodes_in.setdefault((u, d), []).append(number)
        # number -> (its cells as bits, the cells seeing all of them as bits)
        self.masks: list[tuple[int, int]] = []
        seen = peer_masks(g)
        for cells, _ in self.nodes:
            inside, sees = 0, -1
            for c in cells:
                inside |= 1 << c
                sees &= seen[c]
            self.masks.append((inside, sees))
        self.link_units()
        self.link_cells()
        self.link_sets(sets)

    def units_of(self, cells: tuple[int, ...]) -> list[int]:
        """The units holding every one of `cells`."""
        g = self.state.geometry
        common = set(g.cell_units[cells[0]])
        for c in cells[1:]:
            common &= set(g.cell_units[c])
        return sorted(common)

    def link_units(self) -> None:
        """Same digit: strong when two nodes split a unit's places, weak when all cells see."""
        # as bits: ALS nodes make units of dozens of nodes, whose pairs are tested here
        masks = self.masks
        for (u, d), nodes in self.nodes_in.items():
            places = cells_mask(self.state.cells_with(u, d))
            entries = [(b, masks[b][0]) for b in nodes]
            by_cells = {inside: b for b, inside in entries}
            for a in nodes:
                inside_a, sees_a = masks[a]
                other = by_cells.get(places & ~inside_a)  # the rest of the unit's places
                if other is not None:
                    self.follow[2 * a].append((4 * other + 2, u))
                # a cell is not its own peer: b inside what a's cells all see is apart from a
                self.follow[2 * a + 1] += [(4 * b, u) for b, inside_b in entries
                                           if not inside_b & ~sees_a]

    def link_cells(self) -> None:
        """One cell: its candidates see each other; two of them alone are a strong link."""
        for c in self.state.empty:
            ds = digits_of(self.state.cands[c])
            for x in ds:
                a = self.ids[((c,), x)]
                for y in ds:
                    if x != y:
                        b = self.ids[((c,), y)]
                        self.follow[2 * a + 1].append((4 * b, None))
                        if len(ds) == 2:
                            self.follow[2 * a].append((4 * b + 2, None))

    def link_sets(self, sets: "Iterable[Als]") -> None:
        """An ALS lacks at most one of its digits: its cells with x or with y hold x or y."""
        for a in sets:
            nodes = [self.ids[(tuple(c for c in a if self.state.has(c, d)), d)]
                     for d in digits_of(mask_of(self.state, a))]
            for x in nodes:  # (the Key's bit of a walk through an ALS)
                self.follow[2 * x] += [(4 * y + 3, a) for y in nodes if y != x]


def find_chain(state: State, grouped: bool, sets: "Sequence[Als]" = (),
               links: int = MAX_LINKS, listed: int = LIST_LINKS,
               work: int | None = None) -> "Iterator[Step]":
    """The shortest AIC or discontinuous nice loop of up to `links` links that removes or
    places something, then every other one of up to `listed` that the breadth-first
    search from each start reaches (shortest first). With `sets`, the ALS among them are
    nodes too, and only chains through one (a strong link inside it) count. With `work`,
    the search for the first gives up after that many links followed (the shortest found
    by then, if any, comes first)."""
    if not has_strong_link(state):
        return  # no chain can start (a bare board): skip building the links
    graph = Graph(state, grouped, sets)
    best: tuple[int, Walk, tuple[Candidate, ...], tuple[Candidate, ...]] | None = None
    left = [sys.maxsize if work is None else work]
    starts = [graph.ids[node] for node in sorted(graph.nodes)]
    for start in starts:
        if not graph.follow[2 * start]:  # no strong link to start from
            continue
        limit = links if best is None else len(best[1]) - 2
        found = next(deductions_from(state, graph, start, limit, left), None)
        if found is not None and (best is None or len(found[0]) < len(best[1])):
            best = (len(found[0]),) + found
        if left[0] < 0:
            break
    if best is None:
        return
    _, walk, placements, eliminations = best
    yield chain_step(state, walk, placements, eliminations)
    for start in starts:
        for found in deductions_from(state, graph, start, listed):
            if found[0] != walk:
                yield chain_step(state, *found)


def has_strong_link(state: State) -> bool:
    """Does some cell hold two candidates, or some digit have two places in a unit?"""
    if any(bit_count(state.cands[c]) == 2 for c in state.empty):
        return True
    return any(len(where) == 2 for unit in state.places for where in unit)


def deductions_from(state: State, graph: Graph, start: int, limit: int,
                    left: list[int] | None = None) -> "Iterator[Found]":
    """Breadth-first from node number `start` off: each walk whose end gives a deduction,
    shortest first, as (walk, placements, eliminations); a walk is [(node, on, what carries
    the link into it)]. A walk ending on a node weakly linked back to the start is a
    continuous loop: it comes back closed, ending on the start again (off). If the graph
    `needs_set`, only walks through an ALS count, and a node is reached once before a walk
    enters one and once after (so a walk through a set is not cut off by a shorter one that
    passes none). `left[0]` counts down the links followed; the search stops below 0."""
    closers = {key >> 2: via for key, via in graph.follow[2 * start + 1]}
    follow, nodes, masks = graph.follow, graph.nodes, graph.masks
    # Which ends can give a deduction (see `deduction`), so that the others, nearly all,
    # cost no call: the same digit where some cell with it sees both ends, or (from one
    # cell) another digit in that cell or a peer
    cells, digit = nodes[start]
    inside, sees = masks[start]
    near = state.digit_masks[digit - 1] & sees
    around = inside | sees if len(cells) == 1 else 0
    # Keys (see Key) as flags, not a set of tuples: this loop is the chain rows' cost
    seen = bytearray(4 * len(nodes))
    seen[4 * start] = 1
    ending = 3 if graph.needs_set else 2  # a key's last bits where a walk may end
    frontier: list[Trail] = [(4 * start, None, None)]
    for length in range(1, limit + 1):
        grown: list[Trail] = []
        for trail in frontier:
            key = trail[0]
            linked = follow[key >> 1]
            if left is not None:
                left[0] -= len(linked)
                if left[0] < 0:
                    return
            passed = key & 1
            for reached, via in linked:
                reached |= passed
                if seen[reached]:
                    continue
                seen[reached] = 1
                longer = (reached, via, trail)
                grown.append(longer)
                if reached & 3 != ending:
                    continue
                end = reached >> 2
                if end in closers or end == start or (
                        masks[end][1] & near if nodes[end][1] == digit
                        else masks[end][0] & around and len(nodes[end][0]) == 1):
                    found = ends(state, graph, start, longer, length, closers)
                    if found:
                        yield found
        frontier = grown


def walk_of(graph: Graph, trail: "Trail") -> "Walk":
    """The walk that ends with `trail`'s last step, from its start."""
    walk: Walk = []
    step: Trail | None = trail
    while step is not None:
        walk.append((graph.nodes[step[0] >> 2], step[0] & 2 != 0, step[1]))
        step = step[2]
    walk.reverse()  # (MicroPython slices no backwards)
    return walk


def ends(state: State, graph: Graph, start: int, trail: "Trail", length: int,
         closers: "dict[int, Via]") -> "Found | None":
    """(walk, placements, eliminations) for a walk of `length` links from node number
    `start` that has just turned a node on: a continuous loop when that node closes it
    (`closers`: the start's weak links), else the deduction from its two ends."""
    end = trail[0] >> 2
    if end in closers and length > 1:
        loop = walk_of(graph, trail) + [(graph.nodes[start], False, closers[end])]
        removed = loop_removals(state, loop)
        return (loop, (), removed) if removed else None
    found = deduction(state, graph.nodes[start], graph.nodes[end])
    return (walk_of(graph, trail),) + found if found else None


def loop_removals(state: State, loop: "Walk") -> "tuple[Candidate, ...]":
    """A continuous loop's eliminations: around a closed alternating loop, the strong links
    need at least one true node each and the weak links allow at most one, so each weak
    link has exactly one true end, and its deduction ('a or b') holds."""
    removed: set[Candidate] = set()
    for (a, on, _), (b, _, via) in pairwise(loop):
        found = deduction(state, a, b) if on else None  # on: a weak link, a on, b off
        removed.update(found[1] if found else ())
        if isinstance(via, tuple):  # an ALS lacking exactly one of two digits: locked
            removed.update(locked_removals(state, via, (a[1], b[1])))
    return tuple(sorted(removed))


def locked_removals(state: State, cells: "Als", lacking: tuple[int, int]) -> "list[Candidate]":
    """An ALS that lacks one of the two digits `lacking` holds each of its other digits:
    they go from the cells outside it that see all its cells with them."""
    return [(c, z) for z in digits_of(mask_of(state, cells)) if z not in lacking
            for c in seeing_all(state, als.where(state, cells, z), z)]


def deduction(state: State, a: "Node", b: "Node") -> "Deduction | None":
    """(placements, eliminations) from 'a or b is true' (a the start, b the end), or None."""
    (ca, x), (cb, y) = a, b
    if a == b:
        return (((ca[0], x),), ()) if len(ca) == 1 else None
    if x == y:
        seen = peer_masks(state.geometry)
        common = state.digit_masks[x - 1]  # a cell is not its own peer: the ends drop out
        for c in ca + cb:
            common &= seen[c]
        return ((), tuple((c, x) for c in bits(common))) if common else None
    if len(ca) > 1 or len(cb) > 1:
        return None
    if ca == cb:
        removed = tuple((ca[0], d) for d in digits_of(state.cands[ca[0]]) if d not in (x, y))
        return ((), removed) if removed else None
    if cb[0] in peer_sets(state.geometry)[ca[0]]:
        removed = tuple(e for e in ((ca[0], y), (cb[0], x)) if state.has(*e))
        return ((), removed) if removed else None
    return None


def chain_step(state: State, walk: "Walk", placements: "tuple[Candidate, ...]",
               eliminations: "tuple[Candidate, ...]") -> Step:
    """The step of a chain: its cells, its links in order, and its story."""
    g = state.geometry
    cells = unique(c for node, _, via in walk for c in node[0]
                   + (via if isinstance(via, tuple) else ()))
    ds = tuple(sorted({node[1] for node, _, _ in walk}))
    links = tuple((walk[i - 1][0][0], walk[i - 1][0][1], walk[i][0][0], walk[i][0][1],
                   "strong" if walk[i][1] else "weak") for i in range(1, len(walk)))
    return Step(placements=placements, eliminations=eliminations, cells=cells, digits=ds,
                area="for " + words.digits(g, ds), links=links,
                explanation=story(state, walk) + " "
                + conclusion(g, walk, placements, eliminations))


def story(state: State, walk: "Walk") -> str:
    """'If r2c6 is not 4, then r2c2 is 4 (the only other place for 4 in row 2), so r5c2 is
    not 4, so it is 7 (its only other candidate), ...': a cell just named is 'it'."""
    g = state.geometry
    text = "If " + node_is(g, walk[0][0], False)
    for i, (node, on, via) in enumerate(walk[1:]):
        text += (", then " if i == 0 else ", so ") + node_is(g, node, on, walk[i][0]) + (
            locked_reason(state, via, walk[i][0][1]) if isinstance(via, tuple)
            else reason(g, node, on, via))
    return text + "."


def locked_reason(state: State, cells: "Als", lacking: int) -> str:
    """Why an ALS lacking one digit holds another: ' (row 2, columns 4, 5 and 6 hold only
    3, 5, 7 and 8, one digit more than cells: without 3 they hold each other one)'."""
    g = state.geometry
    return " (" + words.cells(g, cells) + " hold only " + words.digits(
        g, digits_of(mask_of(state, cells))) + ", one digit more than cells: without " \
        + words.digit(g, lacking) + " they hold each other one)"


def node_is(g: Geometry, node: "Node", on: bool, before: "Node | None" = None) -> str:
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


def reason(g: Geometry, node: "Node", on: bool, unit: int | None) -> str:
    """Why a link holds, in brackets, for strong links (weak ones need no reason); a strong
    link inside a cell follows that cell's own weak link, so the cell is 'it'."""
    if not on:
        return ""
    if unit is None:
        return " (its only other candidate)"
    return " (the only other place for " + words.digit(g, node[1]) + " in " \
        + g.unit_name(unit) + ")"


def conclusion(g: Geometry, walk: "Walk", placements: "tuple[Candidate, ...]",
               eliminations: "tuple[Candidate, ...]") -> str:
    """What the chain proves."""
    start, end = walk[0][0], walk[-1][0]
    if start == end and not walk[-1][1]:
        locked = [(via, a[1], b[1]) for (a, _, _), (b, _, via) in pairwise(walk)
                  if isinstance(via, tuple)]
        return ("The loop closes on itself, so each of its weak links has exactly one true"
                " end (and each strong link one" + "".join(
                    "; " + words.cells(g, cells) + " lack exactly one of " + words.digit(g, x)
                    + " and " + words.digit(g, y) + ", so they hold each of their other digits"
                    for cells, x, y in locked) + "): " + words.removals(g, eliminations)
                + " can go.")
    if placements:
        return "That contradicts the start, so " + node_is(g, start, True) + "."
    return ("So " + node_is(g, start, True) + " or " + node_is(g, end, True) + ": either way "
            + words.removals(g, eliminations) + " can go.")


def aic(state: State) -> "Iterator[Step]":
    """An AIC or discontinuous nice loop over single cells."""
    yield from find_chain(state, grouped=False)


def grouped_aic(state: State) -> "Iterator[Step]":
    """An AIC or nice loop that needs a grouped node (a digit in part of a box line)."""
    yield from find_chain(state, grouped=True)


def als_aic(state: State, listing: bool = False) -> "Iterator[Step]":
    """A grouped AIC or nice loop through an almost locked set (ALS of up to
    als.MAX_CELLS cells, the first found within ALS_WORK links followed; when `listing`,
    als.LIST_CELLS, chains of LIST_LINKS, no work limit)."""
    largest = als.LIST_CELLS if listing else als.MAX_CELLS
    sets = [cells for cells, _, _, _ in als.almost_locked_sets(state, largest)]
    yield from find_chain(state, True, sets, LIST_LINKS if listing else MAX_LINKS,
                          work=None if listing else ALS_WORK)
