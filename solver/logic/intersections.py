"""Locked candidates: a digit confined to where a box and a line cross (or any two units of
a variant), or to places in a unit that a cell outside sees every one of (a variant's seen
pairs: a knight's or king's move, a cage)."""

from ..model.geometry import SEES_WORDS
from . import words
from .state import State, seeing_all, unit_order
from .step import Step

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator


def pointing(state: State) -> "Iterator[Step]":
    """In a box, a digit's cells all lie on one line: the rest of that line loses it. On a
    variant, any unit but a line does the same into any unit its cells share (a jigsaw's
    region into a row, a diagonal into a box, a box into a window)."""
    g = state.geometry
    yield from locked(state, range(2 * g.size, len(g.units)))


def claiming(state: State) -> "Iterator[Step]":
    """In a line, a digit's cells all lie in one box: the rest of that box loses it (or of
    any other unit they share on a variant: a region, a diagonal, a window)."""
    n = state.geometry.size
    yield from locked(state, range(2 * n))


def locked(state: State, bases: "Iterable[int]") -> "Iterator[Step]":
    """Each base unit whose cells for a digit all share another unit with more of it: any
    two units of any geometry (the digit must go in the overlap, so not elsewhere in the
    other)."""
    g = state.geometry
    for u in bases:
        for d in range(1, g.size + 1):
            where = state.cells_with(u, d)
            if len(where) < 2:
                continue
            for v in g.cell_units[where[0]]:
                if v == u or any(v not in g.cell_units[c] for c in where[1:]):
                    continue
                removed = tuple((c, d) for c in state.cells_with(v, d) if c not in where)
                if removed:
                    yield Step(
                        eliminations=removed, cells=where, units=(u, v), digits=(d,),
                        area="in " + g.unit_name(u),
                        explanation="In " + g.unit_name(u) + ", " + words.digit(g, d)
                        + " can only go in " + g.unit_name(v) + ", so it is removed from the"
                        " rest of " + g.unit_name(v) + ".",
                    )


def seen_by_all(state: State) -> "Iterator[Step]":
    """A digit's places in a unit all seen by a cell that shares no unit with all of them
    (a knight's or king's move, a cage, seen from some): that cell loses it. Only where
    the rules add seen pairs (geometry.sees); a cell sharing a unit with every place is
    pointing's or claiming's."""
    g = state.geometry
    if not g.sees:
        return
    how = words.join(sorted({SEES_WORDS[name] for _, _, name in g.sees})) + " or in one unit"
    for u in unit_order(g):
        for d in range(1, g.size + 1):
            where = state.cells_with(u, d)
            if len(where) < 2:
                continue
            shared = set(g.cell_units[where[0]])
            for c in where[1:]:  # (MicroPython's intersection takes one set at a time)
                shared &= set(g.cell_units[c])
            removed = tuple((c, d) for c in seeing_all(state, where, d)
                            if not shared.intersection(g.cell_units[c]))
            if removed:
                yield Step(
                    eliminations=removed, cells=where, units=(u,), digits=(d,),
                    area="in " + g.unit_name(u),
                    explanation="In " + g.unit_name(u) + ", " + words.digit(g, d)
                    + " can only go in " + words.cells_in(g, u, where) + ", and "
                    + words.cells(g, [c for c, _ in removed]) + " sees every one of them ("
                    + how + "), so " + words.removals(g, removed) + " can go.",
                )
