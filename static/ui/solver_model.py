"""The part of `solver` the MicroPython UI loads: the puzzle model, geometry and errors.

Mapped to solver/__init__.py in pyscript.toml; the full package's __init__ imports the
search engine and API, which run in the Pyodide worker instead.
"""

from .errors import PuzzleError
from .geometry import BOX_SHAPES, geometry
from .puzzle import Puzzle, conflict_cells, conflicts, describe_conflicts, read

__all__ = [
    "BOX_SHAPES", "Puzzle", "PuzzleError", "conflict_cells", "conflicts",
    "describe_conflicts", "geometry", "read",
]
