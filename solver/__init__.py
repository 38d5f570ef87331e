"""A pure-Python sudoku solver for every common size, for CPython and Pyodide alike."""

__version__ = "0.2.0"  # the one place (pyproject.toml reads it; CHANGELOG.md names it)

from .api import (
    Analysis,
    PuzzleWarning,
    SearchTimeout,
    analyse,
    count_solutions,
    solve,
    suggest_repairs,
)
from .model.errors import PuzzleError
from .model.files import Entry, read_puzzles
from .model.geometry import BOX_SHAPES, Geometry, Rules, geometry
from .model.puzzle import Puzzle, conflicts, parse, read

__all__ = [
    "BOX_SHAPES",
    "Analysis",
    "Entry",
    "Geometry",
    "Puzzle",
    "PuzzleError",
    "PuzzleWarning",
    "Rules",
    "SearchTimeout",
    "analyse",
    "conflicts",
    "count_solutions",
    "geometry",
    "parse",
    "read",
    "read_puzzles",
    "solve",
    "suggest_repairs",
]
