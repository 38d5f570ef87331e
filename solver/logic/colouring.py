"""Simple colouring: the cells of a digit joined by strong links take alternate colours,
and exactly one colour of each cluster holds the digit."""

from collections.abc import Iterator

from . import words
from .state import State, peer_sets
from .step import Step


def clusters(state: State, d: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The two colour classes of each cluster of d's strong links, in cell order."""
    g = state.geometry
    links: dict[int, set[int]] = {}
    for u in range(len(g.units)):
        where = state.cells_with(u, d)
        if len(where) == 2:
            a, b = where
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    colour: dict[int, int] = {}
    found = []
    for start in sorted(links):
        if start in colour:
            continue
        colour[start] = 0
        todo, members = [start], [start]
        while todo:
            cell = todo.pop()
            for other in sorted(links[cell]):
                if other not in colour:
                    colour[other] = 1 - colour[cell]
                    members.append(other)
                    todo.append(other)
        found.append((
            tuple(sorted(c for c in members if colour[c] == 0)),
            tuple(sorted(c for c in members if colour[c] == 1)),
        ))
    return found


def colour_trap(state: State) -> Iterator[Step]:
    """A cell outside a cluster that sees both colours cannot hold the digit."""
    g = state.geometry
    sets = peer_sets(g)
    for d in range(1, g.size + 1):
        bit = 1 << (d - 1)
        for one, two in clusters(state, d):
            members = set(one) | set(two)
            seen_one = set().union(*(sets[c] for c in one))
            seen_two = set().union(*(sets[c] for c in two))
            removed = tuple(sorted(
                (c, d) for c in seen_one & seen_two
                if c not in members and state.cands[c] & bit
            ))
            if removed:
                yield colouring_step(
                    state, d, one, two, removed,
                    "one colour holds " + words.digit(g, d) + ", so cells seeing both"
                    " colours cannot.",
                )


def colour_wrap(state: State) -> Iterator[Step]:
    """Two cells of one colour see each other: that colour is false, everywhere."""
    g = state.geometry
    sets = peer_sets(g)
    for d in range(1, g.size + 1):
        for one, two in clusters(state, d):
            for same in (one, two):
                clash = next(((a, b) for a in same for b in same if b > a and b in sets[a]),
                             None)
                if clash:
                    yield colouring_step(
                        state, d, one, two,
                        tuple((c, d) for c in same),
                        words.cells(g, clash) + " have the same colour and see each other,"
                        " so that colour cannot hold " + words.digit(g, d) + ".",
                        (((clash[0],), d, (clash[1],), d, "weak"),),
                    )


def cluster_links(state: State, d: int, members) -> tuple:
    """The strong links that join a cluster (the only two places of d in a unit), each once."""
    g = state.geometry
    pairs = dict.fromkeys(where for u in range(len(g.units))
                          if len(where := state.cells_with(u, d)) == 2 and where[0] in members)
    return tuple(((a,), d, (b,), d, "strong") for a, b in pairs)


def colouring_step(state: State, d: int, one, two, removed, why: str,
                   clash: tuple = ()) -> Step:
    """The step of a colouring; `clash` the weak link of a wrap's two cells, drawn too."""
    g = state.geometry
    digit = words.digit(g, d)
    return Step(
        eliminations=removed, cells=tuple(one) + tuple(two), digits=(d,),
        area="for " + digit + "s", links=cluster_links(state, d, set(one) | set(two)) + clash,
        explanation="Colouring the cells joined by strong links on " + digit + " ("
        + words.cells(g, one) + " one colour, " + words.cells(g, two) + " the other): " + why,
    )
