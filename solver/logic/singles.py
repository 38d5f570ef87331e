"""Singles: a digit placed because a cell or a unit leaves it only one choice."""

from . import words
from .state import State, digits_of, unit_order
from .step import Step

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator


def full_house(state: State) -> "Iterator[Step]":
    """The last empty cell of a unit takes the unit's missing digit."""
    g = state.geometry
    for u in unit_order(g):
        empty = [c for c in g.units[u] if not state.values[c]]
        if len(empty) != 1:
            continue
        cell = empty[0]
        ds = digits_of(state.cands[cell])
        if len(ds) != 1:
            continue
        d = ds[0]
        yield Step(
            placements=((cell, d),), cells=(cell,), units=(u,), digits=(d,),
            area="in " + g.unit_name(u),
            explanation=words.capital(g.cell_name(cell)) + " is the last empty cell in "
            + g.unit_name(u) + ", so it takes the missing " + words.digit(g, d) + ".",
        )


def naked_single(state: State) -> "Iterator[Step]":
    """A cell with only one candidate left."""
    g = state.geometry
    for cell in state.empty:
        ds = digits_of(state.cands[cell])
        if len(ds) != 1:
            continue
        d, box = ds[0], g.cell_units[cell][2]
        yield Step(
            placements=((cell, d),), cells=(cell,), units=(box,), digits=(d,),
            area="in " + g.unit_name(box),
            explanation=words.capital(g.cell_name(cell)) + " has only one candidate left: "
            + words.digit(g, d) + ".",
        )


def hidden_single(state: State) -> "Iterator[Step]":
    """A digit that fits in only one cell of a unit."""
    g = state.geometry
    for u in unit_order(g):
        for d, where in enumerate(state.places[u], 1):
            if len(where) != 1:
                continue
            cell = where[0]
            yield Step(
                placements=((cell, d),), cells=(cell,), units=(u,), digits=(d,),
                area="in " + g.unit_name(u),
                explanation="In " + g.unit_name(u) + ", " + words.digit(g, d)
                + " fits only in " + g.cell_name(cell) + ".",
            )
