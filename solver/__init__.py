"""A pure-Python sudoku solver for every common size, for CPython and Pyodide alike."""

from .api import Analysis, PuzzleWarning, analyse, count_solutions, solve
from .deadline import SearchTimeout
from .errors import PuzzleError
from .geometry import BOX_SHAPES, Geometry, geometry
from .puzzle import Puzzle, conflicts, parse, read

__all__ = [
    "BOX_SHAPES",
    "Analysis",
    "Geometry",
    "Puzzle",
    "PuzzleError",
    "PuzzleWarning",
    "SearchTimeout",
    "analyse",
    "conflicts",
    "count_solutions",
    "geometry",
    "parse",
    "read",
    "solve",
]
