"""What the user is editing: the grid, its undo history and the solution on show, plus the
text forms it travels in (localStorage, share links) and the words for each solve outcome.

No DOM here: plain Python that MicroPython runs in the page and CPython runs in the tests.
"""

import json

from solver.model.errors import PuzzleError
from solver.model.geometry import geometry
from solver.model.puzzle import Puzzle, conflict_cells, conflicts, describe_conflicts
from solver.model.puzzle import read as read_puzzle
from ui import protocol

HISTORY_LIMIT = 100  # undo steps kept in memory
STORED_HISTORY = 20  # undo steps kept across a reload
SAVE_MAX_CHARS = 50_000  # a 25x25 save with its undo steps is about 14,000 characters
STORAGE_KEY = "sudoku-solver.session"
CLEAR_KEYS = ("0", ".", " ", "Backspace", "Delete")


def empty(size: int) -> Puzzle:
    """An empty size x size grid."""
    return Puzzle(geometry(size), [0] * (size * size))


class Session:
    """The grid being entered and its undo history; `solution` is shown until the next change."""

    def __init__(self, puzzle: Puzzle, history=None):
        self.puzzle = puzzle
        self.history = list(history or [])
        self.solution = None

    def change(self, puzzle: Puzzle) -> bool:
        """Make `puzzle` the grid, keeping the old one for undo; False if nothing changed."""
        if puzzle.size == self.puzzle.size and puzzle.cells == self.puzzle.cells:
            return False
        self.history.append(self.puzzle)
        del self.history[:-HISTORY_LIMIT]
        self.puzzle = puzzle
        self.solution = None
        return True

    def set_cell(self, cell: int, digit: int) -> bool:
        """Set one cell (0 empties it); False if it already held that digit."""
        return self.change(self.puzzle.with_cell(cell, digit))

    def clear(self) -> bool:
        """Empty the grid (undoable), keeping its size."""
        return self.change(empty(self.puzzle.size))

    def resize(self, size: int) -> bool:
        """Switch to an empty grid of another size (undoable)."""
        if size == self.puzzle.size:
            return False
        return self.change(empty(size))

    def undo(self) -> bool:
        """Go back to the grid before the last change; False if there is none."""
        if not self.history:
            return False
        self.puzzle = self.history.pop()
        self.solution = None
        return True

    def can_undo(self) -> bool:
        return bool(self.history)


def digit_for_key(g, key: str):
    """The digit a key stands for on this board (0 for keys that empty a cell), else None."""
    if key in CLEAR_KEYS:
        return 0
    if len(key) == 1 and key.upper() in g.symbols:
        return g.symbols.index(key.upper()) + 1
    return None


def conflict_report(puzzle: Puzzle):
    """(cells in conflict, a sentence naming every conflict) for the givens; ((), '') if none."""
    problems = conflicts(puzzle)
    if not problems:
        return (), ""
    return conflict_cells(problems), describe_conflicts(puzzle.geometry, problems)


def to_storage(session: Session) -> str:
    """The session as JSON text for localStorage (grid and recent undo steps)."""
    return json.dumps({
        "size": session.puzzle.size,
        "cells": session.puzzle.to_string("0"),
        "history": [p.to_string("0") for p in session.history[-STORED_HISTORY:]],
    })


def from_storage(text):
    """The session saved by `to_storage`, or None for missing, damaged or oversized text
    (over SAVE_MAX_CHARS: not a save of ours)."""
    if not isinstance(text, str) or not text or len(text) > SAVE_MAX_CHARS:
        return None
    try:
        saved = json.loads(text)
        size = saved["size"]
        history = [read_puzzle(cells) for cells in saved.get("history", [])]
        return Session(read_puzzle(saved["cells"], size), history)
    # PuzzleError is a ValueError; RuntimeError is deep nesting (CPython's RecursionError,
    # MicroPython's own): a damaged save is not restored (the page keeps it aside)
    except (ValueError, KeyError, TypeError, AttributeError, RuntimeError):
        return None


def share_query(puzzle: Puzzle) -> str:
    """The query string of a link that opens this grid: '?p=' and a symbol per cell."""
    return "?p=" + puzzle.to_string("0")


def puzzle_from_query(search: str):
    """The puzzle named by `?p=` in a URL's query string, or None if there is none.

    Raises PuzzleError when the text is there but cannot be read as a grid.
    """
    if not isinstance(search, str):
        return None
    for part in search.lstrip("?").split("&"):
        if part.startswith("p="):
            text = part[2:].replace("%2E", ".").replace("%2e", ".").replace("+", " ")
            return read_puzzle(text.replace("%20", " "))
    return None


def outcome(reply: dict):
    """(message, tone) for the worker's reply to a solve; tone is 'ok', 'warn' or 'error'."""
    status = reply.get("status")
    if status == protocol.UNIQUE:
        return "Solved: the solution is shown in colour, your givens in bold.", "ok"
    if status == protocol.MULTIPLE:
        return (
            "More than one solution: one of them is shown. Add givens until only one fits.",
            "warn",
        )
    if status == protocol.NONE:
        return (
            "No solution: no digit breaks a rule yet, but the givens cannot all be completed.",
            "error",
        )
    if status == protocol.INVALID:
        return "Cannot solve: " + reply.get("message", "the grid breaks the rules") + ".", "error"
    return "The solver failed: " + str(reply.get("message", status)), "error"


__all__ = [
    "PuzzleError", "Session", "conflict_report", "digit_for_key", "empty", "from_storage",
    "outcome", "puzzle_from_query", "share_query", "to_storage",
]
