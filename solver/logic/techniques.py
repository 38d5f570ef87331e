"""The techniques the logical solver knows, easiest first: this order is the difficulty order
(HoDoKu's: hidden pairs and triples, rated Medium, before the Hard naked quad)."""

from collections.abc import Callable
from dataclasses import dataclass

from . import (
    chains,
    colouring,
    fish,
    intersections,
    single_digit,
    singles,
    subsets,
    uniqueness,
    wings,
)
from .state import State
from .step import Step


@dataclass(frozen=True)
class Technique:
    """A named technique; `find(state)` returns its first step (deterministic) or None."""

    name: str
    find: Callable[[State], Step | None]


TECHNIQUES: tuple[Technique, ...] = (
    Technique("Full house", singles.full_house),
    Technique("Naked single", singles.naked_single),
    Technique("Hidden single", singles.hidden_single),
    Technique("Locked candidates (pointing)", intersections.pointing),
    Technique("Locked candidates (claiming)", intersections.claiming),
    Technique("Naked pair", subsets.naked(2)),
    Technique("Naked triple", subsets.naked(3)),
    Technique("Hidden pair", subsets.hidden(2)),
    Technique("Hidden triple", subsets.hidden(3)),
    Technique("Naked quad", subsets.naked(4)),
    Technique("Hidden quad", subsets.hidden(4)),
    Technique("X-Wing", fish.fish(2)),
    Technique("Swordfish", fish.fish(3)),
    Technique("Jellyfish", fish.fish(4)),
    Technique("XY-Wing", wings.xy_wing),
    Technique("XYZ-Wing", wings.xyz_wing),
    Technique("W-Wing", wings.w_wing),
    Technique("Skyscraper", single_digit.skyscraper),
    Technique("2-String Kite", single_digit.two_string_kite),
    Technique("Simple colouring (colour trap)", colouring.colour_trap),
    Technique("Simple colouring (colour wrap)", colouring.colour_wrap),
    Technique("Unique rectangle (type 1)", uniqueness.unique_rectangle_1),
    Technique("X-Chain", chains.x_chain),
    Technique("XY-Chain", chains.xy_chain),
)

# techniques valid only when the puzzle has exactly one solution
UNIQUENESS = frozenset({"Unique rectangle (type 1)"})


def technique_names() -> tuple[str, ...]:
    """Every technique name, easiest first (the names steps carry in `Step.technique`)."""
    return tuple(t.name for t in TECHNIQUES)
