"""Chains: alternating strong and weak links whose two ends cannot both be false.

X-Chains follow one digit from cell to cell (a Turbot Fish is the three-link one: two strong
links joined by a weak one); XY-Chains follow two-candidate cells (a Remote Pair is one
whose cells all hold the same two digits, which then alternate along it). All search
breadth-first from every start: the shortest chain that removes something comes first, then
every other (each start's walks, shortest first).
"""

from ..search.bits import bit_count
from . import words
from .compat import ordered, pairwise
from .state import State, digits_of, peer_sets, seeing_all
from .step import Step

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
    from typing import TypeVar

    from .step import Candidate, Link

    N = TypeVar("N", bound=Hashable)  # a node of a walk
    L = TypeVar("L")  # a chain node's label: on or off (X-Chains), the digit that is on (XY)
    # A chain's walk: (cell, label) nodes; a start: (node, its neighbours, digit, is_end).
    Walk = tuple[tuple[int, L], ...]
    Start = tuple[tuple[int, L], Callable[[tuple[int, L]], list[tuple[int, L]]], int,
                  Callable[[Walk[L]], bool]]
    Chain = tuple[Walk[L], tuple[Candidate, ...], int]  # (walk, removed, digit)

MAX_X_LINKS = 11  # strong, weak, strong ... strong: an odd number of links
TURBOT_LINKS = 3  # strong, weak, strong
MAX_XY_CELLS = 10


def walks(
    start: "N", neighbours: "Callable[[N], Iterable[N]]", max_links: int
) -> "Iterator[tuple[N, ...]]":
    """Every shortest walk (a tuple of nodes) from `start`, shortest first, up to max_links."""
    seen = {start}
    frontier: list[tuple[N, ...]] = [(start,)]
    for _ in range(max_links):
        grown: list[tuple[N, ...]] = []
        for path in frontier:
            for node in neighbours(path[-1]):
                if node not in seen:
                    seen.add(node)
                    grown.append(path + (node,))
        yield from grown
        frontier = grown


def shortest_chain(
    state: State, starts: "Iterable[Start[L]]", max_links: int
) -> "Chain[L] | None":
    """The shortest chain that removes something, as (path, removed, digit), or None.

    `starts` yields (start node, neighbours, digit, is_end): nodes are (cell, label) pairs;
    a walk from the start for which is_end(walk) holds means one of its two end cells holds
    `digit`, so cells seeing both ends lose it.
    """
    best: tuple[int, Walk[L], tuple[Candidate, ...], int] | None = None  # links first
    for start, neighbours, d, is_end in starts:
        limit = max_links if best is None else best[0] - 1
        for path in walks(start, neighbours, limit):
            removed = chain_removals(state, path, d, is_end)
            if removed:
                best = (len(path) - 1, path, removed, d)
                break
    return best[1:] if best else None


def chains_found(state: State, starts: "Iterable[Start[L]]",
                 max_links: int) -> "Iterator[Chain[L]]":
    """shortest_chain's chain first, then every other walk from every start that removes
    something (each start's shortest first), as (path, removed, digit)."""
    starts = list(starts)
    best = shortest_chain(state, starts, max_links)
    if best is None:
        return  # no chain within max_links from any start
    yield best
    for start, neighbours, d, is_end in starts:
        for path in walks(start, neighbours, max_links):
            removed = chain_removals(state, path, d, is_end)
            if removed and path != best[0]:
                yield path, removed, d


def chain_removals(
    state: State, path: "Walk[L]", d: int, is_end: "Callable[[Walk[L]], bool]"
) -> "tuple[Candidate, ...]":
    """What a walk removes as a chain: d from cells seeing both ends, if it is a chain
    (is_end holds, no cell twice)."""
    if not is_end(path):
        return ()
    cells = tuple(c for c, _ in path)
    if len(set(cells)) != len(cells):
        return ()
    return tuple((c, d) for c in seeing_all(state, (cells[0], cells[-1]), d) if c not in cells)


def x_chain(state: State) -> "Iterator[Step]":
    """One digit: off at one end forces it on at the other, along strong/weak links."""
    yield from x_chain_within(state, MAX_X_LINKS)


def turbot_fish(state: State) -> "Iterator[Step]":
    """An X-Chain of three links: two strong links whose near ends see each other."""
    yield from x_chain_within(state, TURBOT_LINKS)


def x_chain_within(state: State, max_links: int) -> "Iterator[Step]":
    """The X-Chains of at most `max_links` links that remove something, shortest first."""
    for path, removed, d in chains_found(state, x_chain_starts(state), max_links):
        cells = tuple(c for c, _ in path)
        area = "for " + words.digit(state.geometry, d) + "s"
        yield chain_step(state, cells, removed, (d,), d, area, x_chain_story(state, cells, d),
                         alternating_links([((c,), d) for c in cells]))


def alternating_links(
    nodes: "Iterable[tuple[tuple[int, ...], int]]", first: str = "strong"
) -> "tuple[Link, ...]":
    """Step.links for a chain of nodes (cells, digit) whose links alternate, the first of
    kind `first` (an X-Chain, a Skyscraper, a W-Wing written as a chain; a loop from the
    removed candidate back to it starts weak)."""
    kinds = (first, "weak" if first == "strong" else "strong")
    return tuple((a[0], a[1], b[0], b[1], kinds[i % 2])
                 for i, (a, b) in enumerate(pairwise(nodes)))


def x_chain_story(state: State, cells: "Sequence[int]", d: int) -> str:
    """'If A is not 6, B is (the other 6 of row 3), so C is not, so D is (...)'."""
    g = state.geometry
    digit = words.digit(g, d)
    story = "If " + g.cell_name(cells[0]) + " is not " + digit
    for i in range(1, len(cells)):
        a, b = cells[i - 1], cells[i]
        if i % 2:  # a strong link: the only two places of d in some unit
            u = next(u for u in g.cell_units[a] if state.cells_with(u, d) in ((a, b), (b, a)))
            story += (", then " if i == 1 else ", so ") + g.cell_name(b) + " is (the other " \
                + digit + " of " + g.unit_name(u) + ")"
        else:
            story += ", so " + g.cell_name(b) + " is not"
    return story + "."


def x_chain_starts(state: State) -> "Iterator[Start[bool]]":
    """Per digit and cell: start 'off' there; strong links turn a cell on, weak ones off."""
    g = state.geometry
    sets = peer_sets(g)
    for d in range(1, g.size + 1):
        bit = 1 << (d - 1)
        strong: dict[int, list[int]] = ordered()
        for u in range(len(g.units)):
            where = state.cells_with(u, d)
            if len(where) == 2:
                strong.setdefault(where[0], []).append(where[1])
                strong.setdefault(where[1], []).append(where[0])
        if len(strong) < 4:
            continue
        weak = {c: sorted(p for p in sets[c] if state.cands[p] & bit and p in strong)
                for c in strong}

        def neighbours(
            node: tuple[int, bool], strong: dict[int, list[int]] = strong,
            weak: dict[int, list[int]] = weak,
        ) -> list[tuple[int, bool]]:
            """The nodes a node links to: strong links from an off cell, weak from an on."""
            cell, on = node
            if on:
                return [(p, False) for p in weak[cell]]
            return [(p, True) for p in sorted(set(strong[cell]))]

        for start in sorted(strong):
            yield (start, False), neighbours, d, x_chain_end


def x_chain_end(walk: "Walk[bool]") -> bool:
    """An X-Chain ends on a cell turned on (a strong link last), after three links or more."""
    return walk[-1][1] and len(walk) >= 4


def xy_chain(state: State) -> "Iterator[Step]":
    """Two-candidate cells linked by shared digits: if the first is not x, the last is x."""
    for path, removed, x in chains_found(state, xy_chain_starts(state), MAX_XY_CELLS - 1):
        ds = tuple(sorted({x} | {v for _, v in path}))
        cells = tuple(c for c, _ in path)
        area = "for " + words.digits(state.geometry, ds)
        yield chain_step(state, cells, removed, ds, x, area, xy_chain_story(state, path, x),
                         xy_links(state, path, x))


def xy_links(state: State, path: "Sequence[tuple[int, int]]", x: int) -> "tuple[Link, ...]":
    """A two-candidate chain's links: strong inside each cell (from the digit that is off
    to the one that is on), weak between cells (the digit on in one, off in the next)."""
    links: list[Link] = []
    off = x
    for i, (cell, on) in enumerate(path):
        if i:
            links.append(((path[i - 1][0],), off, (cell,), off, "weak"))
        links.append(((cell,), off, (cell,), on, "strong"))
        off = on
    return tuple(links)


def xy_chain_story(state: State, path: "Sequence[tuple[int, int]]", x: int) -> str:
    """'If A is not 4 it is 2, so B is 6, so C is 3, so D is 4.'"""
    g = state.geometry
    (first, on), rest = path[0], path[1:]
    story = "If " + g.cell_name(first) + " is not " + words.digit(g, x) + " it is " \
        + words.digit(g, on)
    for cell, on in rest:
        story += ", so " + g.cell_name(cell) + " is " + words.digit(g, on)
    return story + "."


def xy_chain_starts(state: State) -> "Iterator[Start[int]]":
    """Per two-candidate cell and digit x: the cell is not x, so it is its other digit y;
    each linked cell then loses the digit that is on and is its other one."""
    g, cands = state.geometry, state.cands
    sets = peer_sets(g)
    pairs = [c for c in state.empty if bit_count(cands[c]) == 2]
    if len(pairs) < 3:
        return
    linked = {c: sorted(p for p in sets[c] if bit_count(cands[p]) == 2) for c in pairs}

    def neighbours(node: tuple[int, int]) -> list[tuple[int, int]]:
        """The next cells holding the digit that is on here, each with its other digit."""
        cell, on = node
        bit = 1 << (on - 1)
        return [(p, digits_of(cands[p] & ~bit)[0]) for p in linked[cell] if cands[p] & bit]

    for start in pairs:
        a, b = digits_of(cands[start])
        for x, y in ((a, b), (b, a)):
            def is_end(walk: "Walk[int]", x: int = x) -> bool:
                """A chain ends on a cell that is x, after two links or more."""
                return walk[-1][1] == x and len(walk) >= 3

            yield (start, y), neighbours, x, is_end


def chain_step(state: State, cells: tuple[int, ...], removed: "tuple[Candidate, ...]",
               ds: tuple[int, ...], d: int, area: str, story: str,
               links: "tuple[Link, ...]") -> Step:
    """The step removing d from cells seeing both ends of a chain through `cells`."""
    g = state.geometry
    digit = words.digit(g, d)
    return Step(
        eliminations=removed, cells=cells, digits=ds, area=area, links=links,
        explanation=story + " So " + g.cell_name(cells[0]) + " or " + g.cell_name(cells[-1])
        + " is " + digit + ", and " + digit + " is removed from cells seeing both.",
    )


def remote_pair(state: State) -> "Iterator[Step]":
    """Four or more cells holding only the same two digits, each seeing the next: the
    digits alternate, so cells seeing two of them an odd number of steps apart lose both.
    The shortest first, then every other (each start's shortest first)."""
    starts = [c for c in state.empty if bit_count(state.cands[c]) == 2]
    best: tuple[tuple[int, ...], tuple[Candidate, ...]] | None = None  # the shortest so far
    for start in starts:
        limit = MAX_XY_CELLS - 1 if best is None else len(best[0]) - 2
        for path in pair_walks(state, start, limit):
            removed = pair_removals(state, path)
            if removed:
                best = (path, removed)
                break
    if best is None:
        return
    yield remote_pair_step(state, *best)
    for start in starts:
        for path in pair_walks(state, start, MAX_XY_CELLS - 1):
            removed = pair_removals(state, path)
            if removed and path != best[0]:
                yield remote_pair_step(state, path, removed)


def pair_walks(state: State, start: int, limit: int) -> "Iterator[tuple[int, ...]]":
    """The walks from `start` through cells holding exactly its two candidates."""
    cands, sets = state.cands, peer_sets(state.geometry)
    pair = cands[start]
    return walks(start, lambda c: [p for p in sets[c] if cands[p] == pair], limit)


def pair_removals(state: State, path: tuple[int, ...]) -> "tuple[Candidate, ...]":
    """What a walk of cells holding the same pair removes as a Remote Pair: both digits
    from cells seeing its two ends, when they are an odd number of steps apart (4+ cells)."""
    if len(path) % 2 or len(path) < 4:
        return ()
    return tuple(sorted((c, d) for d in digits_of(state.cands[path[0]])
                        for c in seeing_all(state, (path[0], path[-1]), d) if c not in path))


def remote_pair_step(
    state: State, path: tuple[int, ...], removed: "tuple[Candidate, ...]"
) -> Step:
    """The Remote Pair step: the chain's cells, its links, and why the ends differ."""
    g = state.geometry
    a, b = digits_of(state.cands[path[0]])
    on = [(c, (b, a)[i % 2]) for i, c in enumerate(path)]  # start off a: a cell holds b
    return Step(
        eliminations=removed, cells=tuple(path), digits=(a, b),
        area="for " + words.digits(g, (a, b)), links=xy_links(state, on, a),
        explanation=words.capital(words.in_order(g.cell_name(c) for c in path))
        + " all hold only " + words.digits(g, (a, b))
        + ", each seeing the next, so the two digits alternate along them: "
        + g.cell_name(path[0]) + " and " + g.cell_name(path[-1]) + " hold one each. So "
        + words.removals(g, removed) + " can go.",
    )
