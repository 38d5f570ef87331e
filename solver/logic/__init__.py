"""The human-style logical solver: candidates, techniques easiest first, and the solve path.

Pure Python for CPython and Pyodide (not the MicroPython UI).
"""

from .solve import Path, next_step, solve_path
from .state import State, candidates
from .step import SEARCH, Step
from .techniques import TECHNIQUES, Technique, technique_names

__all__ = [
    "SEARCH", "TECHNIQUES", "Path", "State", "Step", "Technique", "candidates", "next_step",
    "solve_path", "technique_names",
]
