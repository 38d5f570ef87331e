"""A pure-Python sudoku solver for every common size, for CPython and Pyodide alike."""

from .errors import PuzzleError
from .geometry import BOX_SHAPES, Geometry, geometry
from .puzzle import Puzzle, conflicts, parse, read

__all__ = ["BOX_SHAPES", "Geometry", "Puzzle", "PuzzleError", "conflicts", "geometry", "parse", "read"]
