"""Simple colouring: the cells of a digit joined by strong links take alternate colours,
and exactly one colour of each cluster holds the digit."""

from . import words
from .compat import lru_cache, ordered, unique
from .state import State, peer_sets
from .step import Step

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Collection, Iterable, Iterator, Sequence

    from .step import Candidate, Link

    Cluster = tuple[tuple[int, ...], tuple[int, ...]]  # its two colour classes


def clusters(state: State, d: int) -> "tuple[Cluster, ...]":
    """The two colour classes of each cluster of d's strong links, in cell order."""
    return every_cluster(state)[d - 1]


@lru_cache(maxsize=1)  # the four colouring rows ask in turn about the same state
def every_cluster(state: State) -> "tuple[tuple[Cluster, ...], ...]":
    """clusters(state, d) for every digit d, in order."""
    return tuple(digit_clusters(state, d) for d in range(1, state.geometry.size + 1))


def digit_clusters(state: State, d: int) -> "tuple[Cluster, ...]":
    """clusters(state, d), worked out."""
    g = state.geometry
    links: dict[int, set[int]] = ordered()
    for u in range(len(g.units)):
        where = state.cells_with(u, d)
        if len(where) == 2:
            a, b = where
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    colour: dict[int, int] = ordered()
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
    return tuple(found)


def colour_trap(state: State) -> "Iterator[Step]":
    """A cell outside a cluster that sees both colours cannot hold the digit."""
    g = state.geometry
    sets = peer_sets(g)
    for d in range(1, g.size + 1):
        bit = 1 << (d - 1)
        for one, two in clusters(state, d):
            members = set(one) | set(two)
            seen_one, seen_two = seen_by(sets, one), seen_by(sets, two)
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


def colour_wrap(state: State) -> "Iterator[Step]":
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


def cluster_links(state: State, d: int, members: "Collection[int]") -> "tuple[Link, ...]":
    """The strong links that join a cluster (the only two places of d in a unit), each once."""
    g = state.geometry
    pairs = unique(where for u in range(len(g.units))
                          if len(where := state.cells_with(u, d)) == 2 and where[0] in members)
    return tuple(((a,), d, (b,), d, "strong") for a, b in pairs)


def colouring_step(state: State, d: int, one: tuple[int, ...], two: tuple[int, ...],
                   removed: "tuple[Candidate, ...]", why: str,
                   clash: "tuple[Link, ...]" = ()) -> Step:
    """The step of a colouring; `clash` the weak link of a wrap's two cells, drawn too."""
    g = state.geometry
    digit = words.digit(g, d)
    return Step(
        eliminations=removed, cells=tuple(one) + tuple(two), digits=(d,),
        area="for " + digit + "s", links=cluster_links(state, d, set(one) | set(two)) + clash,
        explanation="Colouring the cells joined by strong links on " + digit + " ("
        + words.cells(g, one) + " one colour, " + words.cells(g, two) + " the other): " + why,
    )


# Multi-colouring: two clusters of one digit, each coloured as above. When a cell of colour
# a (first cluster) sees one of colour b (second), a and b are not both true, so the other
# colour of one of the two clusters is: a cell seeing both of those lacks the digit (type 1).
# When colour a sees both colours of the second cluster, one of which holds the digit, no
# cell of a can hold it (type 2).


def multi_colours_1(state: State) -> "Iterator[Step]":
    """Cells seeing the other colour of both clusters, when two colours see each other (every
    such pair of colours of two clusters at once)."""
    g = state.geometry
    sets = peer_sets(g)
    for d in range(1, g.size + 1):
        bit = 1 << (d - 1)
        found = clusters(state, d)
        for i, first in enumerate(found):
            for second in found[i + 1:]:
                removed: set[Candidate] = set()
                reasons: list[str] = []
                pairs: list[tuple[int, int]] = []
                for a, other_a in (first, (first[1], first[0])):
                    for b, other_b in (second, (second[1], second[0])):
                        pair = seeing_pair(sets, a, b)
                        if pair is None:
                            continue
                        these = {(c, d) for c in seen_by(sets, other_a) & seen_by(sets, other_b)
                                 if state.cands[c] & bit and c not in other_a + other_b}
                        if these - removed:
                            removed |= these
                            pairs.append(pair)
                            reasons.append(
                                words.cells(g, pair[:1]) + " sees " + words.cells(g, pair[1:])
                                + ", so " + words.cells(g, other_a) + " or "
                                + words.cells(g, other_b) + " holds " + words.digit(g, d))
                if removed:
                    gone = tuple(sorted(removed))
                    yield multi_step(state, d, first, second, gone, "; ".join(reasons)
                                     + ": " + words.removals(g, gone) + " goes (it sees"
                                     " both of such a pair).", pairs)


def multi_colours_2(state: State) -> "Iterator[Step]":
    """A colour seeing both colours of another cluster is false, everywhere."""
    g = state.geometry
    sets = peer_sets(g)
    for d in range(1, g.size + 1):
        found = clusters(state, d)
        for first in found:
            for second in found:
                if second is first:
                    continue
                for a in first:
                    pairs = [p for b in second if (p := seeing_pair(sets, a, b)) is not None]
                    if len(pairs) < len(second):
                        continue
                    yield multi_step(state, d, first, second, tuple((c, d) for c in a), (
                        words.cells(g, a) + " (one colour) see " + words.cells(g, pairs[0][1:])
                        + " and " + words.cells(g, pairs[1][1:]) + ", of both colours of the"
                        " other cluster, one of which holds " + words.digit(g, d) + ": so "
                        + words.cells(g, a) + " cannot."), tuple(pairs))


def seeing_pair(sets: "Sequence[frozenset[int]]", one: "Iterable[int]",
                two: "Sequence[int]") -> tuple[int, int] | None:
    """The first (cell of one, cell of two) that see each other, or None."""
    return next(((a, b) for a in one for b in two if b in sets[a]), None)


def seen_by(sets: "Sequence[frozenset[int]]", cells: "Iterable[int]") -> set[int]:
    """The cells that see at least one of `cells`."""
    seen: set[int] = set()
    for c in cells:  # (MicroPython's union takes one set at a time)
        seen |= sets[c]
    return seen


def multi_step(state: State, d: int, first: "Cluster", second: "Cluster",
               removed: "tuple[Candidate, ...]", why: str,
               pairs: "Iterable[tuple[int, int]]") -> Step:
    """A multi-colouring step: both clusters' strong links, and the weak links between."""
    g = state.geometry
    digit = words.digit(g, d)
    cells = tuple(first[0]) + tuple(first[1]) + tuple(second[0]) + tuple(second[1])
    links = (cluster_links(state, d, set(first[0]) | set(first[1]))
             + cluster_links(state, d, set(second[0]) | set(second[1]))
             + tuple(((a,), d, (b,), d, "weak") for a, b in pairs))
    return Step(
        eliminations=removed, cells=cells, digits=(d,), area="for " + digit + "s", links=links,
        explanation="Two clusters of strong links on " + digit + ", coloured: "
        + words.cells(g, first[0]) + " against " + words.cells(g, first[1]) + "; "
        + words.cells(g, second[0]) + " against " + words.cells(g, second[1]) + ". " + why,
    )
