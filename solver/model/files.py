"""Puzzle files and pasted collections: every puzzle in a text, with its label and, for the
pencil-mark forms, its candidates.

    read_puzzles(text) -> [Entry]   one per puzzle, in file order

Forms read: one puzzle in any form `read` takes (SadMan/SudoCue .sdk with its `#` notes,
Simple Sudoku .ss, drawn or spaced grids); collections with one puzzle per line and a label
beside it or not (.sdm, the shared sets, `<grid> name` lines), lines that are not a puzzle
skipped; HoDoKu library lines (`:0000:x:<grid>:<deleted candidates>:...`, `+` marking a
digit the player placed); and candidate grids: SudoCue .sdx-style
rows of candidate sets (`u` marks a digit the player placed) and 729-character strings (9
characters a cell, a digit where it is still a candidate). In a candidate grid a cell down to
one candidate holds that digit.

Written in the subset of Python that MicroPython also runs (the page reads files with it).
"""

from .candidates import candidates as open_candidates
from .candidates import digits_of
from .errors import PuzzleError, shown
from .fpuzzles import is_fpuzzles
from .geometry import BOX_SHAPES, Geometry, geometry, plain_text
from .puzzle import (
    MAX_FILE_CHARS,
    RULES_HEADER,
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

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence


def per_cell(values: "Iterable[int]", puzzle: Puzzle, what: str) -> tuple[int, ...]:
    """`values` as a tuple, one per cell of `puzzle`; PuzzleError naming `what` if not."""
    kept = tuple(values)
    if len(kept) != len(puzzle.cells):
        raise PuzzleError("expected " + what + " for each of the " + str(len(puzzle.cells))
                          + " cells, got " + str(len(kept)))
    return kept


class Entry:
    """One puzzle of a file: `puzzle` (its givens), `label` (the rest of its line or its
    description, '' if none), `candidates` (a bitmask per cell, bit d-1 for digit d, or
    None when the file gave digits only) and `placed` (per cell the digit the file says the
    player placed, 0 elsewhere; None when it marks none). With `placed`, an empty cell may
    hold a single candidate (a HoDoKu line's naked single) without being filled.
    PuzzleError when `candidates` or `placed` has not one entry per cell."""

    def __init__(
        self,
        puzzle: Puzzle,
        label: str = "",
        candidates: "Iterable[int] | None" = None,
        placed: "Iterable[int] | None" = None,
    ) -> None:
        self.puzzle = puzzle
        self.label = label
        self.candidates = None if candidates is None else per_cell(candidates, puzzle, "candidates")
        self.placed = None if placed is None else per_cell(placed, puzzle, "placed digits")

    def __repr__(self) -> str:
        """Entry(<the puzzle's repr>, '<the label>')."""
        return "Entry(" + repr(self.puzzle) + ", " + repr(self.label) + ")"


def read_puzzles(text: str) -> list[Entry]:
    """Every puzzle in `text` (a file's contents or a paste), in order; PuzzleError naming
    what is wrong when it holds none (for a single puzzle, the reason `read` gives)."""
    given = plain_text(text)
    if given is None:
        raise PuzzleError("expected the text of a puzzle file, got " + shown(text))
    check_length(len(given), MAX_FILE_CHARS, "the text")
    text = plain(given.replace("\ufeff", "").replace("\r\n", "\n").replace("\r", "\n"))
    lines = [line.strip() for line in text.split("\n")]
    lines = [line for line in lines if line]
    if text.strip()[:1] == "{":  # one f-puzzle's JSON, over as many lines as it likes
        return [Entry(read(text))]
    if lines and all(is_fpuzzles(line) for line in lines):  # f-puzzles links, one a line
        if len(lines) > MAX_PUZZLES:
            raise PuzzleError("the text holds more than " + str(MAX_PUZZLES) + " puzzles")
        return [Entry(read(line)) for line in lines]
    if RULES_HEADER in text.lower() and any(is_header(line) for line in lines):
        return variant_entries(text)
    found = candidate_grid(lines)
    if found:
        return found
    if lines and lines[0].startswith(":"):  # HoDoKu lines, whose digits a grid might take
        found = collection(lines)
        if found:
            return found
    single: Entry | None = None
    error: PuzzleError | None = None
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


def is_header(line: str) -> bool:
    """Does a (stripped) line start a variant's text form (`rules: ...`)?"""
    return line[:len(RULES_HEADER)].lower() == RULES_HEADER


def variant_entries(text: str) -> list[Entry]:
    """The puzzles of a text holding variants: each `rules:` header starts one (read up to
    the next); any text before the first is read as any other file."""
    blocks: list[list[str]] = []
    block: list[str] = []
    for line in text.split("\n"):
        if is_header(line.strip()) and block:
            blocks.append(block)
            block = []
        block.append(line)
    blocks.append(block)
    entries: list[Entry] = []
    first = "\n".join(blocks[0]).strip()
    if not is_header(first):
        blocks.pop(0)
        if first:
            entries += read_puzzles(first)
    for block in blocks:
        if len(entries) >= MAX_PUZZLES:
            raise PuzzleError("the text holds more than " + str(MAX_PUZZLES) + " puzzles")
        entries.append(Entry(read("\n".join(block))))
    return entries


def description(lines: list[str]) -> str:
    """An .sdk file's description or source note (`#D...`, `#S...`), else ''."""
    for tag in ("#D", "#S", "#A"):
        for line in lines:
            if line.startswith(tag) and line[2:].strip():
                return line[2:].strip()
    return ""


def collection(lines: list[str]) -> list[Entry]:
    """The puzzles of the lines that each hold a whole puzzle; other lines are skipped."""
    entries = []
    for line in lines:
        entry = line_entry(line)
        if entry is not None:
            entries.append(entry)
            if len(entries) > MAX_PUZZLES:
                raise PuzzleError("the text holds more than " + str(MAX_PUZZLES) + " puzzles")
    return entries


def line_entry(line: str) -> Entry | None:
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
        entry = candidate_string(word, label)
        if entry is not None:
            return entry
    return None


def hodoku_entry(line: str) -> Entry | None:
    """A HoDoKu library line `:<technique>:<digits>:<grid>:<deleted candidates>:...`,
    labelled by its technique, as HoDoKu builds its position: every digit of the grid placed
    (a `+` before one marks it the player's, not a given), each empty cell given every digit
    no peer holds, then the deleted candidates (`<digit><row><column>`, blank-separated)
    removed. Digits only (no candidates) when the line has neither `+` nor deletions."""
    fields = line.split(":")
    if len(fields) < 4:
        return None
    full = read_compact(fields[3].replace("+", ""))
    if full is None:
        return None
    label = "HoDoKu " + fields[1] if fields[1] else ""
    deleted = fields[4].split() if len(fields) > 4 else []
    placed = placed_digits(fields[3], full.cells)
    if not deleted and not any(placed):
        return Entry(full, label)
    g = full.geometry
    masks = open_candidates(full)
    for cell, value in enumerate(full.cells):
        if value:
            masks[cell] = 1 << (value - 1)
    for word in deleted:
        cell, digit = hodoku_candidate(g, word)
        if not full.cells[cell]:
            masks[cell] &= ~(1 << (digit - 1))
            if not masks[cell]:
                raise PuzzleError(g.cell_name(cell) + " has no candidate left", [cell])
    givens = [0 if placed[i] else v for i, v in enumerate(full.cells)]
    return Entry(Puzzle(g, givens), label, masks, placed)


def placed_digits(grid: str, cells: "Sequence[int]") -> list[int]:
    """Per cell the digit a HoDoKu grid marks with `+` (placed by the player), 0 elsewhere."""
    placed = [0] * len(cells)
    cell, plus = 0, False
    for char in grid:
        if char == "+":
            plus = True
            continue
        if plus and cell < len(cells):
            placed[cell] = cells[cell]
        cell, plus = cell + 1, False
    return placed


def hodoku_candidate(g: Geometry, word: str) -> tuple[int, int]:
    """(cell, digit) of a HoDoKu candidate `<digit><row><column>` ('436': r3c6, digit 4);
    PuzzleError naming the word if it is not one of this grid."""
    if len(word) == 3 and word.isdigit() and "0" not in word:
        digit, row, col = int(word[0]), int(word[1]), int(word[2])
        if max(digit, row, col) <= g.size:
            return (row - 1) * g.size + col - 1, digit
    raise PuzzleError("HoDoKu line: " + repr(word) + " is not a candidate (digit, row, column)")


def candidate_string(word: str, label: str) -> Entry | None:
    """The Entry, labelled `label`, of the candidate masks of a 729-character (n*n*n) string,
    n characters a cell, the digit where it is a candidate and `.` or `0` where not; None if
    `word` is not one."""
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
    return candidate_entry(g, masks, label)


def candidate_grid(lines: list[str]) -> list[Entry]:
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
    masks: list[int] = []
    placed: list[bool] = []
    for r, words in enumerate(rows):
        for c, word in enumerate(words):
            mask = mask_of(g, word.lstrip("u"), r * n + c)
            masks.append(mask)
            placed.append(word.startswith("u"))
    return [candidate_entry(g, masks, "", placed)]


def mask_of(g: Geometry, word: str, cell: int) -> int:
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


def candidate_entry(
    g: Geometry, masks: list[int], label: str, placed: "Sequence[bool] | None" = None
) -> Entry:
    """An Entry of a grid's candidate masks: a cell with one candidate holds it (a given,
    unless `placed` marks it as the player's), an empty mask is an error naming the cell."""
    cells: list[int] = []
    digits: list[int] = []
    for cell, mask in enumerate(masks):
        if not mask:
            raise PuzzleError(g.cell_name(cell) + " has no candidate left", [cell])
        single = not mask & (mask - 1)
        mine = bool(placed and placed[cell])
        cells.append(digits_of(mask)[0] if single and not mine else 0)
        digits.append(digits_of(mask)[0] if single and mine else 0)
    return Entry(Puzzle(g, cells), label, masks, digits if any(digits) else None)
