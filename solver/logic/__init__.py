"""The human-style logical solver: candidates, techniques easiest first, and the solve path.

    candidates(puzzle) -> list[int]          bitmask per cell (bit d-1 = digit d), 0 if filled
    State.from_puzzle(puzzle) / State(geometry, values, cands)   immutable; state.apply(step)
    next_step(puzzle_or_state, unique=True) -> Step | None        the easiest step that applies
    solve_path(puzzle, unique=True) -> Path  steps until solved; a final SEARCH step if stuck
    TECHNIQUES: the technique table's finders, easiest first; technique.find(state) -> Step |
          None, pure; technique.find_all(state) yields every instance, find's first; TABLE
          adds the final search step (SEARCH is its name); each row has name, finder, level,
          weight, phrase (for nudges) and needs_unique
    Step: technique, placements, eliminations ((cell, digit) pairs), cells, units, digits,
          area, explanation; nudge() and to_dict()

`unique=False` leaves out uniqueness techniques, for puzzles not known to have one solution.
Pure Python for CPython and Pyodide (not the MicroPython UI).
"""

from .solve import Path, next_step, solve_path
from .state import State, candidates
from .step import Step
from .techniques import LEVELS, SEARCH, TABLE, TECHNIQUES, Technique, technique_names

__all__ = [
    "LEVELS", "SEARCH", "TABLE", "TECHNIQUES", "Path", "State", "Step", "Technique", "candidates",
    "next_step", "solve_path", "technique_names",
]
