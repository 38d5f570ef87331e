"""Puzzle files and pasted collections: every puzzle in a text, with its label and, for the
pencil-mark forms, its candidates.

    read_puzzles(text) -> [Entry]   one per puzzle, in file order

Forms read: one puzzle in any form `read` takes (SadMan/SudoCue .sdk with its `#` notes,
Simple Sudoku .ss, drawn or spaced grids); collections with one puzzle per line and a label
beside it or not (.sdm, the shared sets, `<grid> name` lines), lines that are not a puzzle
skipped; HoDoKu library lines (`:0000:x:<grid>:...`); and candidate grids: SudoCue .sdx-style
rows of candidate sets (`u` marks a digit the player placed) and 729-character strings (9
characters a cell, a digit where it is still a candidate). In a candidate grid a cell down to
one candidate holds that digit.

Written in the subset of Python that MicroPython also runs (the page reads files with it).
"""

from .candidates import digits_of
from .errors import PuzzleError, shown
from .geometry import BOX_SHAPES, geometry, plain_text, size_for_cell_count
from .puzzle import (
    MAX_FILE_CHARS,
    Puzzle,
    check_length,
    plain,
    read,
    read_compact,
    symbol_of,
)

MAX_PUZZLES = 100000  # puzzles read from one text at most: a bound on memory, not a limit seen
# Lines a single puzzle can take (25 rows, separators, notes); a longer text is a collection.
MAX_GRID_LINES = 64


class Entry:
    """One puzzle of a file: `puzzle` (its givens), `label` (the rest of its line or its
    description, '' if none) and `candidates` (a bitmask per cell, bit d-1 for digit d, or
    None when the file gave digits only)."""

    def __init__(self, puzzle: Puzzle, label: str = "", candidates=None):
        self.puzzle = puzzle
        self.label = label
        self.candidates = None if candidates is None else tuple(candidates)

    def __repr__(self) -> str:
        return "Entry(" + repr(self.puzzle) + ", " + repr(self.label) + ")"


def read_puzzles(text: str) -> list:
    """Every puzzle in `text` (a file's contents or a paste), in order; PuzzleError naming
    what is wrong when it holds none (for a single puzzle, the reason `read` gives)."""
    if plain_text(text) is None:
        raise PuzzleError("expected the text of a puzzle file, got " + shown(text))
    text = plain_text(text)
    check_length(len(text), MAX_FILE_CHARS, "the text")
    text = plain(text.replace("\ufeff", "").replace("\r\n", "\n").replace("\r", "\n"))
    lines = [line.strip() for line in text.split("\n")]
    lines = [line for line in lines if line]
    found = candidate_grid(lines)
    if found:
        return found
    single = error = None
    if len(lines) <= MAX_GRID_LINES:  # a grid written one row a line is tried first
        try:
            single = Entry(read(text), description(lines))
        except PuzzleError as caught:
            error = caught
    found = collection(lines)
    if single is not None and (len(found) < 2 or found[0].puzzle.size < single.puzzle.size):
        return [single]
    if found:
        return found
    raise error or PuzzleError("found no puzzle: expected a grid, or one puzzle per line")


def description(lines: list) -> str:
    """An .sdk file's description or source note (`#D...`, `#S...`), else ''."""
    for tag in ("#D", "#S", "#A"):
        for line in lines:
            if line.startswith(tag) and line[2:].strip():
                return line[2:].strip()
    return ""


def collection(lines: list) -> list:
    """The puzzles of the lines that each hold a whole puzzle; other lines are skipped."""
    entries = []
    for line in lines:
        entry = line_entry(line)
        if entry is not None:
            entries.append(entry)
            if len(entries) > MAX_PUZZLES:
                raise PuzzleError("the text holds more than " + str(MAX_PUZZLES) + " puzzles")
    return entries


def line_entry(line: str):
    """The Entry of one line that is a whole puzzle (with a label beside it or not), a
    HoDoKu library line or a 729-character candidate string; None otherwise."""
    if line.startswith(":"):
        return hodoku_entry(line)
    words = line.split()
    for i, word in enumerate(words):
        label = " ".join(words[:i] + words[i + 1:])
        puzzle = read_compact(word)
        if puzzle is not None:
            return Entry(puzzle, label)
        masks = candidate_string(word)
        if masks is not None:
            return candidate_entry(masks, label)
    return None


def hodoku_entry(line: str):
    """A HoDoKu library line `:<technique>:<digits>:<grid>:<removed candidates>:...`: its
    grid (a `+` before a digit marks one the player placed), labelled by its technique."""
    fields = line.split(":")
    if len(fields) < 4:
        return None
    puzzle = read_compact("".join(c for c in fields[3] if c != "+"))
    if puzzle is None:
        return None
    return Entry(puzzle, "HoDoKu " + fields[1] if fields[1] else "")


def candidate_string(word: str):
    """The candidate masks of a 729-character (n*n*n) string, n characters a cell, the
    digit where it is a candidate and `.` or `0` where not; None if `word` is not one."""
    for n in BOX_SHAPES:
        if len(word) == n * n * n:
            break
    else:
        return None
    g = geometry(n)
    masks = []
    for cell in range(n * n):
        mask = 0
        for k, char in enumerate(word[cell * n:(cell + 1) * n]):
            if symbol_of(char) == g.symbols[k]:
                mask |= 1 << k
            elif char not in ".0":
                return None
        masks.append(mask)
    return masks


def candidate_grid(lines: list) -> list:
    """The one Entry of rows of candidate sets (SudoCue .sdx, or a pencil-mark grid drawn
    with separators), else []: n rows of n words, some with two or more digits."""
    rows = []
    for line in lines:
        words = [w for w in line.replace("|", " ").split() if w.strip("-+*=")]
        if words:
            rows.append(words)
    n = len(rows)
    if n not in BOX_SHAPES or any(len(words) != n for words in rows):
        return []
    if not any(len(w.lstrip("u")) > 1 for words in rows for w in words):
        return []
    g = geometry(n)
    masks, placed = [], []
    for r, words in enumerate(rows):
        for c, word in enumerate(words):
            mask = mask_of(g, word.lstrip("u"), r * n + c)
            masks.append(mask)
            placed.append(word.startswith("u"))
    return [candidate_entry(masks, "", placed)]


def mask_of(g, word: str, cell: int) -> int:
    """The candidate mask a word of digits stands for; PuzzleError naming the cell if a
    character is not a digit of this size."""
    mask = 0
    for char in word:
        upper = symbol_of(char)
        if upper not in g.symbols:
            raise PuzzleError(g.cell_name(cell) + ": " + repr(char) + " is not a candidate "
                              + g.digit_range(), [cell])
        mask |= 1 << g.symbols.index(upper)
    return mask


def candidate_entry(masks: list, label: str, placed=None) -> Entry:
    """An Entry of candidate masks: a cell with one candidate holds it (a given, unless
    `placed` marks it as the player's), an empty mask is an error naming the cell."""
    g = geometry(size_for_cell_count(len(masks)))
    cells = []
    for cell, mask in enumerate(masks):
        if not mask:
            raise PuzzleError(g.cell_name(cell) + " has no candidate left", [cell])
        single = not mask & (mask - 1)
        cells.append(digits_of(mask)[0] if single and not (placed and placed[cell]) else 0)
    return Entry(Puzzle(g, cells), label, masks)
