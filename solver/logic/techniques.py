"""The techniques the logical solver knows, easiest first: this order is the difficulty order."""

from collections.abc import Callable
from dataclasses import dataclass

from . import singles
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
)

UNIQUENESS = frozenset()  # techniques valid only when the puzzle has exactly one solution


def technique_names() -> tuple[str, ...]:
    """Every technique name, easiest first (the names steps carry in `Step.technique`)."""
    return tuple(t.name for t in TECHNIQUES)
