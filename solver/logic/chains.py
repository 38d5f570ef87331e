"""Chains: alternating strong and weak links whose two ends cannot both be false.

X-Chains follow one digit from cell to cell; XY-Chains follow two-candidate cells. Both
search breadth-first from every start and keep the shortest chain that removes something.
"""

from . import words
from .state import State, digits_of, peer_sets, seeing_all
from .step import Step

MAX_X_LINKS = 11  # strong, weak, strong ... strong: an odd number of links
MAX_XY_CELLS = 10


def walks(start, neighbours, max_links: int):
    """Every shortest walk (a tuple of nodes) from `start`, shortest first, up to max_links."""
    seen = {start}
    frontier = [(start,)]
    for _ in range(max_links):
        grown = []
        for path in frontier:
            for node in neighbours(path[-1]):
                if node not in seen:
                    seen.add(node)
                    grown.append(path + (node,))
        yield from grown
        frontier = grown


def x_chain(state: State) -> Step | None:
    """One digit: off at one end forces it on at the other, along strong/weak links."""
    g = state.geometry
    sets = peer_sets(g)
    best = None  # (links, step)
    for d in range(1, g.size + 1):
        bit = 1 << (d - 1)
        strong: dict[int, list[int]] = {}
        for u in range(len(g.units)):
            where = state.cells_with(u, d)
            if len(where) == 2:
                strong.setdefault(where[0], []).append(where[1])
                strong.setdefault(where[1], []).append(where[0])
        if len(strong) < 4:
            continue
        weak = {c: sorted(p for p in sets[c] if state.cands[p] & bit) for c in strong}

        def neighbours(node, strong=strong, weak=weak):
            cell, on = node
            if on:
                return [(p, False) for p in weak[cell] if p in strong]
            return [(p, True) for p in sorted(set(strong[cell]))]

        for start in sorted(strong):
            limit = MAX_X_LINKS if best is None else best[0] - 1
            for path in walks((start, False), neighbours, limit):
                links = len(path) - 1
                end, on = path[-1]
                if not on or links < 3:
                    continue
                cells = tuple(c for c, _ in path)
                if len(set(cells)) != len(cells):
                    continue
                removed = tuple((c, d) for c in seeing_all(state, (start, end), d)
                                if c not in cells)
                if removed:
                    best = (links, chain_step(state, "X-Chain", cells, removed, (d,), d))
                    break
    return best[1] if best else None


def xy_chain(state: State) -> Step | None:
    """Two-candidate cells linked by shared digits: if the first is not x, the last is x."""
    g, cands = state.geometry, state.cands
    sets = peer_sets(g)
    pairs = [c for c in state.empty if cands[c].bit_count() == 2]
    if len(pairs) < 3:
        return None
    linked = {c: sorted(p for p in sets[c] if cands[p].bit_count() == 2) for c in pairs}

    def neighbours(node):
        cell, on = node
        bit = 1 << (on - 1)
        return [(p, digits_of(cands[p] & ~bit)[0]) for p in linked[cell] if cands[p] & bit]

    best = None
    for start in pairs:
        for x in digits_of(cands[start]):
            y = digits_of(cands[start] & ~(1 << (x - 1)))[0]
            limit = MAX_XY_CELLS - 1 if best is None else best[0] - 1
            for path in walks((start, y), neighbours, limit):
                end, on = path[-1]
                if on != x or len(path) < 3:
                    continue
                cells = tuple(c for c, _ in path)
                if len(set(cells)) != len(cells):
                    continue
                removed = tuple((c, x) for c in seeing_all(state, (start, end), x)
                                if c not in cells)
                if removed:
                    ds = tuple(sorted({x} | {v for _, v in path}))
                    best = (len(path) - 1, chain_step(state, "XY-Chain", cells, removed, ds, x))
                    break
    return best[1] if best else None


def chain_step(state: State, name: str, cells, removed, ds, d: int) -> Step:
    g = state.geometry
    digit = words.digit(g, d)
    ends = g.cell_name(cells[0]) + " and " + g.cell_name(cells[-1])
    return Step(
        name, eliminations=removed, cells=cells, digits=ds,
        area="for " + (digit + "s" if name == "X-Chain" else words.digits(g, ds)),
        explanation="A chain of " + str(len(cells)) + " cells (" + words.cells(g, cells)
        + ") shows that " + ends + " cannot both lack " + digit + ", so " + digit
        + " is removed from cells seeing both ends.",
    )
