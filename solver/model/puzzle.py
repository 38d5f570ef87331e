"""The puzzle model: reading every input form into one `Puzzle`, checking the rules, and
writing it back out as rows, a one-line string or a readable board.

Written in the subset of Python that MicroPython also runs (the page's UI shares it).
"""

from .errors import PuzzleError, shown
from .fpuzzles import fpuzzles_parts, is_fpuzzles
from .geometry import (
    BOX_SHAPES,
    EMPTY_SYMBOLS,
    SEES_WORDS,
    SIZES,
    SYMBOLS,
    Geometry,
    Rules,
    board_size,
    cage_combinations,
    cell_of_name,
    geometry,
    plain_text,
    read_region_lines,
    rule_set,
    size_for_cell_count,
    whole,
    whole_text,
)

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence
    from typing import TypeAlias, TypeVar

    # What read and parse take: a Puzzle, rows of whole numbers (0 = empty), or text.
    Source: TypeAlias = "Puzzle | str | Sequence[Sequence[int]]"
    # A rule break: (unit, digit, the cells where the digit repeats in the unit); the unit
    # is a rule's name for cells a variant's rule keeps apart that share no unit, and
    # CAGE_SUM for a killer cage whose givens its sum rules out: (CAGE_SUM, sum, cells).
    Conflict: TypeAlias = "tuple[int | str, int, tuple[int, ...]]"
    T = TypeVar("T")

SEPARATORS = "|-+=:*"  # * draws Simple Sudoku's corners and marks givens in some files
VERTICAL_LINES = "|\u2502\u2503\u2551"  # | and box drawing's vertical bars
SYMBOL_ADVICE = ": use digits, letters for sizes over 9, and 0 or . for empty cells"
MAX_LISTED = 3  # conflicts named in one message; the rest are counted
# symbol (either case) -> value, for the one-pass reading of compact text (read_compact).
VALUES = {symbol: SYMBOLS.index(symbol.upper()) + 1 for symbol in SYMBOLS + SYMBOLS.lower()}
VALUES.update({symbol: 0 for symbol in EMPTY_SYMBOLS})
# Unicode blanks CPython's split/strip/isspace see as white space and MicroPython's do not:
# read as a plain space (`plain`), so the library and the page read the same text alike.
WIDE_BLANKS = ("\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
               "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
# The longest text read as one puzzle (a drawn 25x25 board is about 4,000 characters) and as
# a file or paste of many (five times the largest shared collection): longer is refused
# before any work, so a hostile link or paste cannot freeze or exhaust the page.
MAX_PUZZLE_CHARS = 20_000
MAX_FILE_CHARS = 2_000_000
# The header that starts the text form of a variant (`rules: jigsaw, x`), and its sections.
RULES_HEADER, REGIONS_LABEL, CAGES_LABEL, GRID_LABEL = "rules:", "regions:", "cages:", "grid:"
CAGE_SUM = "cage sum"  # the "unit" of a conflict between a cage's givens and its sum
COUNT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


class Puzzle:
    """An n x n grid of digits 1..n with 0 for empty, immutable. `cells` is row by row.

    Made from a Geometry and n*n whole numbers 0..n (a list or tuple; int subclasses are
    read as the ints they hold); PuzzleError naming the first bad one otherwise, so every
    Puzzle a call is handed holds what the search and the solvers index by."""

    def __init__(self, geometry: Geometry, cells: "Sequence[int]") -> None:
        self.geometry = geometry
        self.cells = cell_values(geometry, cells)

    @classmethod
    def made(cls, geometry: Geometry, cells: "Iterable[int]") -> "Puzzle":
        """A Puzzle of cells derived from checked ones (a solver's or the generator's own
        grid): not checked again, as the generator makes one for every clue it tries."""
        puzzle = cls.__new__(cls)
        puzzle.geometry, puzzle.cells = geometry, tuple(cells)
        return puzzle

    @property
    def size(self) -> int:
        """The side of the grid: 9 for a 9x9."""
        return self.geometry.size

    @property
    def rules(self) -> Rules:
        """The puzzle's rules: its variant's, or the classic rules of its size."""
        return self.geometry.rules or Rules(self.size)

    def rows(self) -> list[list[int]]:
        """The grid as a new list of lists of ints (0 = empty)."""
        n = self.size
        return [list(self.cells[r * n:(r + 1) * n]) for r in range(n)]

    def to_string(self, empty: str = ".") -> str:
        """One line, a symbol per cell row by row, `empty` for empty cells."""
        symbols = self.geometry.symbols
        return "".join(symbols[d - 1] if d else empty for d in self.cells)

    def to_text(self) -> str:
        """The puzzle as text that `read` takes back, rules and all: a classic grid as one
        line (to_string); a variant as its header naming the rules (`rules: jigsaw, x`),
        a jigsaw's region map (`regions:`, n lines of letters, one a region), a killer's
        cages (`cages:`, a line a cage: `r1c1 r1c2 = 3`) and the grid (`grid:`, a line a
        row)."""
        rules = self.geometry.rules
        if rules is None:
            return self.to_string()
        n, text = self.size, self.to_string()
        lines = [rules_text(rules), GRID_LABEL]
        lines += [text[r * n:(r + 1) * n] for r in range(n)]
        return "\n".join(lines)

    def to_board(self) -> str:
        """A readable text board with box separators, e.g. '5 3 . | . 7 . | . . .' (a
        jigsaw's, whose regions no straight line draws: the rows without separators)."""
        g = self.geometry
        n, text = g.size, self.to_string()
        if g.rules is not None and g.rules.regions is not None:
            return "\n".join(" ".join(text[r * n:(r + 1) * n]) for r in range(n))
        bands = []
        for r in range(n):
            row = text[r * n:(r + 1) * n]
            groups = [" ".join(row[c:c + g.box_cols]) for c in range(0, n, g.box_cols)]
            bands.append(" | ".join(groups))
        width = 2 * g.box_cols - 1
        rule = "+".join("-" * (width + 2) for _ in range(n // g.box_cols))[1:-1]
        lines = []
        for r, line in enumerate(bands):
            if r and r % g.box_rows == 0:
                lines.append(rule)
            lines.append(line)
        return "\n".join(lines)

    def with_cell(self, cell: int, digit: int) -> "Puzzle":
        """A copy with one cell set (0 clears it); PuzzleError naming the problem and the
        place when `cell` is not a cell index (0 to n*n - 1) or `digit` not 0 to n (a
        negative index would otherwise set a cell counted from the end, silently)."""
        g = self.geometry
        index = whole(cell)
        if index is None or not 0 <= index < g.cell_count:
            raise PuzzleError("a cell index must be a whole number from 0 to "
                              + str(g.cell_count - 1) + ", not " + shown(cell))
        value = whole(digit)
        if value is None or not 0 <= value <= g.size:
            raise PuzzleError(g.cell_name(index) + ": " + shown(digit) + (
                " is not a whole number" if value is None else " is outside 0-" + str(g.size)),
                [index])
        cells = list(self.cells)
        cells[index] = value
        return Puzzle(g, cells)

    def filled_count(self) -> int:
        """How many cells are filled (givens, or any digits: a Moment's `givens()` is the
        givens alone)."""
        return sum(1 for d in self.cells if d)

    def __eq__(self, other: object) -> bool:
        """Equal to another Puzzle with the same cells under the same rules."""
        return isinstance(other, Puzzle) and self.cells == other.cells and (
            self.geometry.rules == other.geometry.rules)

    def __hash__(self) -> int:
        """The hash of the cells, as equality compares them."""
        return hash(self.cells)

    def __repr__(self) -> str:
        """Puzzle('<the one-line string>'), and its Rules when a variant's."""
        rules = self.geometry.rules
        return "Puzzle(" + repr(self.to_string()) + ("" if rules is None else
                                                      ", " + repr(rules)) + ")"


def cell_values(g: Geometry, cells: object, masks: bool = False) -> tuple[int, ...]:
    """`cells` as a tuple of g.cell_count plain ints from 0 to n (`masks`: candidate masks,
    0 to g.all_digits); PuzzleError naming
    the first value that is not (or unless `g` is a Geometry). Every Puzzle (and logic
    State) made runs this, so the common case, plain ints in range, is three C-speed passes."""
    if not isinstance(g, Geometry):
        raise PuzzleError("a grid's geometry must be a Geometry (from geometry(size)), not "
                          + shown(g))
    most = g.all_digits if masks else g.size
    try:
        values = cells if type(cells) is tuple else tuple(cells) if isinstance(
            cells, (list, tuple)) else None
    except Exception:  # a list subclass whose iteration raises
        values = None
    if values is None or len(values) != g.cell_count:
        raise PuzzleError("a grid's cells must be a list or tuple of " + str(g.cell_count)
                          + " whole numbers, not " + shown(cells))
    if set(map(type, values)) == {int} and min(values) >= 0 and max(values) <= most:
        return values
    fixed = []
    for cell, value in enumerate(values):
        n = whole(value)
        if n is None or not 0 <= n <= most:
            raise PuzzleError(g.cell_name(cell) + ": " + shown(value) + (
                " is not a whole number" if n is None else " is outside 0-" + str(most)),
                [cell])
        fixed.append(n)
    return tuple(fixed)


def parse(source: "Source", size: int | None = None, rules: "Rules | None" = None) -> Puzzle:
    """Read a puzzle (rows of ints, or text) and check its givens against the rules
    (`rules`, a variant's Rules, for a grid that does not say them itself).

    Raises PuzzleError naming the problem and place for anything unreadable or conflicting.
    """
    puzzle = read(source, size, rules)
    problems = conflicts(puzzle)
    if problems:
        raise PuzzleError(describe_conflicts(puzzle.geometry, problems), conflict_cells(problems))
    return puzzle


def read(source: "Source", size: int | None = None, rules: "Rules | None" = None) -> Puzzle:
    """Read a puzzle without checking the rules; PuzzleError if it cannot be read at all.

    `source` is a Puzzle, a list of lists of ints (0 = empty) or text: one symbol per cell,
    `0` or `.` for empty, with white space and grid lines (| - + and box drawing) ignored;
    or a variant's text form (Puzzle.to_text: a `rules:` header first); or an f-puzzle
    (its JSON, an f-puzzles link or the link's compressed text). `rules`, a
    variant's Rules, gives the rules of a grid that does not name them (PuzzleError if
    the grid names others, or is of another size).
    """
    if rules is not None:
        return ruled(read(source, size), rules)
    size = check_size(size)
    if isinstance(source, Puzzle):
        return source
    if isinstance(source, str):
        text = plain_text(source)
        if text is None:
            raise PuzzleError("expected a list of rows or a puzzle string, got " + shown(source))
        check_length(len(text), MAX_PUZZLE_CHARS, "the puzzle text")
        found = read_compact(text, size)
        if found is not None:
            return found
        text = plain(text)
        if text.lstrip()[:len(RULES_HEADER)].lower() == RULES_HEADER:
            return read_variant(text, size)
        if is_fpuzzles(text.strip()):
            return read_fpuzzles(text, size)
        return read_text(text, size)
    if isinstance(source, (list, tuple)):
        return read_rows(plain_rows(source), size)
    raise PuzzleError(
        "expected a list of rows or a puzzle string, got " + type(source).__name__
    )


def ruled(puzzle: Puzzle, rules: object) -> Puzzle:
    """`puzzle` under `rules` (a Rules); PuzzleError if they are no Rules, are of another
    size, or the puzzle already names other rules."""
    if not isinstance(rules, Rules):
        raise PuzzleError("rules must be a Rules (solver.Rules), not " + shown(rules))
    if puzzle.geometry.rules is not None and puzzle.geometry.rules != rules:
        raise PuzzleError("the puzzle names its rules (" + ", ".join(puzzle.rules.names)
                          + "), other than the rules given")
    if rules.size != puzzle.size:
        raise PuzzleError("the rules are for " + str(rules.size) + "x" + str(rules.size)
                          + " and the grid is " + str(puzzle.size) + "x" + str(puzzle.size))
    g = rules.geometry()
    return puzzle if g is puzzle.geometry else Puzzle(g, puzzle.cells)  # not made: MicroPython


def read_variant(text: str, size: int | None = None) -> Puzzle:
    """Read a variant's text form (Puzzle.to_text): the `rules:` header naming the rules
    (commas or blanks between), for a jigsaw `regions:` and its map (n lines of n letters,
    one letter a region), for a killer `cages:` and a line per cage (its cells, then `=`
    and its sum: `r1c1 r1c2 = 3`), then the grid in any form `read` takes (`grid:` before
    it is optional). PuzzleError naming an unsupported rule, or the line and cell of a bad
    map or cage line."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    at = skip_blank(lines, 0)
    header = lines[at].strip()[len(RULES_HEADER):]
    names = header.replace(",", " ").split()
    at = skip_blank(lines, at + 1)
    regions = cage_lines = None
    if at < len(lines) and lines[at].strip().lower() == REGIONS_LABEL:
        regions, at = region_section(lines, at + 1, size)
        at = skip_blank(lines, at)
    if at < len(lines) and lines[at].strip().lower() == CAGES_LABEL:
        cage_lines, at = cage_section(lines, at + 1)
    if at < len(lines) and lines[at].strip().lower() == GRID_LABEL:
        at += 1
    rule_set(names)  # an unsupported rule is named before anything else is read
    n = size if regions is None else size_for_cell_count(len(regions))
    # The grid keeps its line numbers in error messages: the lines above it left blank.
    grid = read("\n" * at + "\n".join(lines[at:]), n)
    cages = None if cage_lines is None else [
        (total, [cell_of_name(grid.size, name, where) for name in cell_names])
        for total, cell_names, where in cage_lines]
    return ruled(grid, Rules.named(names, grid.size, regions, cages))


def read_fpuzzles(text: str, size: int | None = None) -> Puzzle:
    """An f-puzzle (its JSON, a link or the link's compressed text) as a Puzzle under its
    rules; PuzzleError naming what cannot be read, an unsupported constraint, or a size
    other than `size`."""
    givens, rules = fpuzzles_parts(text)
    if size is not None and size != rules.size:
        raise PuzzleError("the f-puzzle is " + str(rules.size) + "x" + str(rules.size)
                          + ", not " + str(size) + "x" + str(size))
    return Puzzle(rules.geometry(), givens)


def skip_blank(lines: list[str], at: int) -> int:
    """The first line from `at` on that is not blank (len(lines) if none is)."""
    while at < len(lines) and not lines[at].strip():
        at += 1
    return at


def rules_text(rules: Rules) -> str:
    """A variant's rules as the text form writes them before its grid: the header naming
    them, a jigsaw's region map, a killer's cages (Puzzle.to_text's sections but `grid:`)."""
    lines = [RULES_HEADER + " " + ", ".join(rules.names)]
    if rules.regions is not None:
        lines += [REGIONS_LABEL] + rules.region_map()
    if rules.cages:
        lines += [CAGES_LABEL] + [cage_line(rules.size, total, cells)
                                  for total, cells in rules.cages]
    return "\n".join(lines)


def cage_line(n: int, total: int, cells: "Sequence[int]") -> str:
    """A cage as the text form writes it: its cells, `=`, its sum ('r1c1 r1c2 = 3')."""
    return " ".join("r" + str(c // n + 1) + "c" + str(c % n + 1) for c in cells) + " = " + str(
        total)


def is_cage_line(line: str) -> bool:
    """Does a (stripped) line start with a cell's name, r and a digit (a cage line)?"""
    return len(line) > 1 and line[0] in "rR" and line[1].isdigit()


def cage_section(lines: list[str], at: int) -> "tuple[list[tuple[int, list[str], str]], int]":
    """(each cage line from line `at` on as (sum, its cells' names, where it is), the line
    after them): lines of cells and `= sum`, up to one that names no cell first (`grid:`,
    the grid); PuzzleError naming the line of a sum or `=` missing or no whole number."""
    found: list[tuple[int, list[str], str]] = []
    at = skip_blank(lines, at)
    while at < len(lines) and (is_cage_line(lines[at].strip()) or not lines[at].strip()):
        line = lines[at].strip()
        at += 1
        if not line:
            continue
        where = "cage line " + str(len(found) + 1) + " (line " + str(at) + " of the text)"
        parts = line.split("=")
        total = whole_text(parts[1].strip()) if len(parts) == 2 else None
        if total is None:
            raise PuzzleError(where + ": " + shown(line) + " is not cells then = and the sum, "
                              "e.g. r1c1 r1c2 = 3")
        found.append((total, parts[0].replace(",", " ").split(), where))
    if not found:
        raise PuzzleError("the cages are missing after " + repr(CAGES_LABEL)
                          + ": a line a cage, its cells then = and the sum, e.g. r1c1 r1c2 = 3")
    return found, at


def region_section(lines: list[str], at: int,
                   size: int | None = None) -> tuple[list[object], int]:
    """(the labels of the region map starting at line `at`, the line after it): n lines,
    n the letters on its first (or `size`); PuzzleError naming a bad line or letter."""
    while at < len(lines) and not lines[at].strip():
        at += 1
    if at == len(lines):
        raise PuzzleError("the region map is missing after " + repr(REGIONS_LABEL))
    n = size or len("".join(lines[at].split()))
    if n not in BOX_SHAPES:
        raise PuzzleError("region map line 1 (line " + str(at + 1) + " of the text) has "
                          + str(n) + " letters; a region map has one per cell of a row: "
                          + sizes_text())
    rows: list[str] = []
    first = at + 1
    while at < len(lines) and len(rows) < n:
        line = lines[at].strip()
        if line.lower() == GRID_LABEL:
            break
        if line:
            rows.append(line)
        at += 1
    return read_region_lines(n, rows, first), at


def check_length(length: int, most: int, what: str) -> None:
    """PuzzleError when `what` is `length` characters, over `most`."""
    if length > most:
        raise PuzzleError(what + " is " + str(length) + " characters long; at most "
                          + str(most) + " are read")


def plain(text: str) -> str:
    """`text` with every Unicode blank (WIDE_BLANKS) as a space: one rule for white space."""
    for blank in WIDE_BLANKS:
        if blank in text:
            text = text.replace(blank, " ")
    return text


def symbol_of(char: str) -> str:
    """A character as a grid symbol: an ASCII letter in upper case, anything else as it is
    (CPython upper-cases the Turkish dotless \u0131 to I; MicroPython does not)."""
    return char.upper() if "a" <= char <= "z" else char


def check_size(size: object) -> int | None:
    """`size` as a plain int (or None); PuzzleError unless it is None or a supported board
    size (an int, not a bool)."""
    return None if size is None else board_size(size, " or None")


def sizes_text() -> str:
    """The supported sizes as a user reads them: '4x4, 6x6, ... or 25x25'."""
    names = [str(n) + "x" + str(n) for n in SIZES]
    return ", ".join(names[:-1]) + " or " + names[-1]


def plain_rows(rows: "Iterable[object]") -> list[object]:
    """A list of rows as a plain list of plain lists (rows that are no list or tuple kept
    as they are, for read_rows to name): what a list subclass holds is read once, through
    its iteration, so its other methods (len, indexing) cannot lie to the reader."""
    try:
        return [list(row) if isinstance(row, (list, tuple)) else row for row in list(rows)]
    except Exception:  # a subclass whose iteration raises
        pass
    raise PuzzleError("the grid's rows cannot be read: " + shown(rows))


def read_rows(rows: "Sequence[object]", size: int | None = None) -> Puzzle:
    """Read a list of lists of ints (0 = empty); PuzzleError naming the first bad place."""
    if len(rows) == 0:
        raise PuzzleError("the grid is empty: expected rows of numbers, 9 rows of 9 for a 9x9")
    n = len(rows)
    if size is not None and n != size:
        raise PuzzleError(
            "the grid has " + str(n) + " rows; a " + str(size) + "x" + str(size)
            + " puzzle has " + str(size)
        )
    if n not in BOX_SHAPES:
        raise PuzzleError(
            "the grid has " + str(n) + " rows; a puzzle is " + sizes_text()
        )
    lengths = set(len(row) for row in rows if isinstance(row, (list, tuple)))
    if len(lengths) == 1 and n not in lengths:
        raise PuzzleError(
            "the grid has " + str(n) + " rows of " + str(lengths.pop())
            + " values; a puzzle is square: " + sizes_text()
        )
    cells = []
    for r, row in enumerate(rows):
        if not isinstance(row, (list, tuple)):
            raise PuzzleError(
                "row " + str(r + 1) + " is not a list of numbers (it is a "
                + type(row).__name__ + ")"
            )
        if len(row) != n:
            raise PuzzleError(
                "row " + str(r + 1) + " has " + str(len(row)) + " values; expected " + str(n),
                [r * n + c for c in range(min(len(row), n))],
            )
        for c, given in enumerate(row):
            place = "row " + str(r + 1) + ", column " + str(c + 1) + ": "
            value = whole(given)
            if value is None:
                raise PuzzleError(place + shown(given) + " is not a whole number", [r * n + c])
            if not 0 <= value <= n:
                raise PuzzleError(
                    place + shown(value) + " is outside 1-" + str(n) + " (0 for empty)",
                    [r * n + c],
                )
            cells.append(value)
    return Puzzle(geometry(n), cells)


def is_grid_line(char: str) -> bool:
    """ASCII grid lines (| - + = :) and Unicode box-drawing characters."""
    return char in SEPARATORS or 0x2500 <= ord(char) <= 0x257F


def is_separator(char: str) -> bool:
    """White space or a grid line: what the spaced reading skips."""
    return char.isspace() or is_grid_line(char)


def read_compact(text: str, size: int | None = None) -> Puzzle | None:
    """The puzzle of text that is exactly one valid symbol per cell, else None (read_text
    then reads it or names what is wrong). Most puzzles come this way: one pass, no checks
    per character."""
    n = size_for_cell_count(len(text))
    if n is None or (size is not None and size != n):
        return None
    cells = [VALUES.get(char, -1) for char in text]
    if -1 in cells or max(cells) > n:
        return None
    return Puzzle(geometry(n), cells)


def read_text(text: str, size: int | None = None) -> Puzzle:
    """Read puzzle text in any of the forms people write; PuzzleError naming what is wrong.

    Two readings are tried: white space between symbols (`5 3 . | . 7 .`), and one line per
    row where a blank is an empty cell (` 83| 2 | 9`, short rows padded with empties). When
    only one gives a grid it is taken; when both do and differ, the one whose rows have
    equal length; a label beside a one-line grid (`Puzzle 1: 4.....8.5...`) is ignored.
    Lines starting with `#` (SadMan/SudoCue .sdk notes) and a `[Puzzle]` header are skipped,
    and a `[State]` section (saved progress) is left out.
    """
    text = without_notes(text)
    spaced = attempt(read_spaced, text, size)
    choices = row_choices(text)
    lined, rows = first_reading(choices, size)
    if isinstance(spaced, Puzzle):
        if lined is not None and spaced.cells != lined.cells:
            return pick_reading(rows, spaced, lined)
        return spaced
    if lined is not None:
        return lined
    labelled = read_labelled(text, size)
    if labelled is not None:
        return labelled
    filled = [line for line in text.split("\n") if line.strip() and not is_rule(line)]
    if 1 < len(filled) and len(filled) in BOX_SHAPES:
        read_lined(choices[0], size)  # laid out as rows: its error names the bad row
    raise spaced


def first_reading(
    choices: list[list[str]], size: int | None = None
) -> tuple[Puzzle | None, list[str]]:
    """(the puzzle, its rows) of the first choice of rows that reads, else (None, [])."""
    for rows in choices:
        puzzle = attempt(read_lined, rows, size)
        if isinstance(puzzle, Puzzle):
            return puzzle, rows
    return None, []


def without_notes(text: str) -> str:
    """The text with note lines (`#...`, `[Puzzle]`) blanked and any `[State]` section cut
    off; blanked rather than removed, so error messages keep the user's line numbers."""
    if "#" not in text and "[" not in text:
        return text
    lines = text.split("\n")
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.lower() == "[state]":
            lines = lines[:i]
            break
        if stripped.startswith("#") or stripped.lower() == "[puzzle]":
            lines[i] = ""
    return "\n".join(lines)


def attempt(
    reader: "Callable[[T, int | None], Puzzle]", source: "T", size: int | None
) -> Puzzle | PuzzleError:
    """The puzzle `reader` reads from `source`, else the PuzzleError it raised."""
    try:
        return reader(source, size)
    except PuzzleError as error:
        return error


def pick_reading(rows: list[str], spaced: Puzzle, lined: Puzzle) -> Puzzle:
    """Of two different grids read from the same text, the one whose rows have equal length;
    PuzzleError saying what is ambiguous when that does not decide."""
    lined_even = len(set(len(row.rstrip()) for row in rows)) == 1
    spaced_even = len(set(len("".join(row.split())) for row in rows if row.strip())) == 1
    if lined_even != spaced_even:
        return lined if lined_even else spaced
    raise PuzzleError(
        "the text reads two ways: as a " + str(spaced.size) + "x" + str(spaced.size)
        + " grid if blanks only separate symbols, or as a " + str(lined.size) + "x"
        + str(lined.size) + " grid if each blank is an empty cell; use 0 or . for empty cells"
    )


def row_choices(text: str) -> list[list[str]]:
    """The ways the text's lines may hold a grid's rows, likeliest first: each a list of
    lines with grid-line characters taken out and blanks kept ([] for blank text).

    Separator lines (`---+---`, box drawing) are dropped. Blank lines around and inside the
    grid may be spacing or empty rows that copy and paste cut to nothing: each choice with a
    supported number of rows is offered. Trailing blanks are cut (copy and paste cuts them),
    except on a grid's only line, which must hold every cell.
    """
    lines = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        kept = "".join(" " if char == "\t" else char for char in line if not is_grid_line(char))
        if kept.strip() or not is_rule(line):
            lines.append(kept)
    filled = [i for i, line in enumerate(lines) if line.strip()]
    if not filled:
        return []
    first, last = filled[0], filled[-1]
    choices = [[lines[first]]] if first == last else []
    lines = [line.rstrip() for line in lines]
    inside = lines[first:last + 1]
    for rows in ([lines[i] for i in filled], inside, lines, lines[:last + 1], lines[first:]):
        if len(rows) in BOX_SHAPES and rows not in choices:
            choices.append(rows)
    return choices or [inside]


def is_rule(line: str) -> bool:
    """A separator line: grid lines only, some of them across (`---+---`); a line of blanks
    between vertical bars (`   |   |`) is an empty row."""
    marks = [char for char in line if not char.isspace()]
    return bool(marks) and all(is_grid_line(c) for c in marks) and any(
        c not in VERTICAL_LINES for c in marks)


def read_lined(rows: list[str], size: int | None = None) -> Puzzle:
    """Read one line per row where a blank is an empty cell; a short row ends in empties.
    A single line must hold every cell. PuzzleError naming the first bad row or symbol."""
    if len(rows) == 1:
        n = size_for_cell_count(len(rows[0]))
        if n is None or (size is not None and n != size):
            raise PuzzleError("found " + str(len(rows[0])) + " cells on one line")
        rows = [rows[0][r * n:(r + 1) * n] for r in range(n)]
    n = len(rows)
    if size is not None and n != size:
        raise PuzzleError("found " + str(n) + " rows; a " + str(size) + "x" + str(size)
                          + " puzzle has " + str(size))
    if n not in BOX_SHAPES:
        raise PuzzleError("found " + str(n) + " rows; a puzzle is " + sizes_text())
    g = geometry(n)
    cells = []
    for r, row in enumerate(rows):
        if len(row) > n:
            raise PuzzleError("row " + str(r + 1) + " has " + str(len(row)) + " cells; expected "
                              + str(n), [r * n + c for c in range(n)])
        for c, char in enumerate(row + " " * (n - len(row))):
            cells.append(0 if char == " " else symbol_value(g, char, r * n + c))
    return Puzzle(g, cells)


def symbol_value(g: Geometry, char: str, cell: int) -> int:
    """The digit a symbol stands for in cell `cell`; PuzzleError naming the cell if none."""
    value = VALUES.get(char, -1)
    if 0 <= value <= g.size:
        return value
    if value > g.size:
        raise PuzzleError(g.cell_name(cell) + ": " + repr(symbol_of(char)) + " is outside "
                          + g.digit_range(), [cell])
    raise PuzzleError(g.cell_name(cell) + ": unexpected character " + repr(char)
                      + SYMBOL_ADVICE, [cell])


def read_labelled(text: str, size: int | None = None) -> Puzzle | None:
    """The grid of a one-line puzzle with a label beside it (`<81 symbols> #34`,
    `Puzzle 1: <81 symbols>`): the one word that is exactly a grid, else None."""
    if "\n" in text.strip():
        return None
    found = [p for p in (read_compact(word, size) for word in text.split()) if p is not None]
    return found[0] if len(found) == 1 else None


def read_spaced(text: str, size: int | None = None) -> Puzzle:
    """Read text whose symbols may be separated by white space and grid lines, all ignored;
    PuzzleError naming the first bad character or a wrong cell count."""
    symbols = []  # (symbol, line, column) of every cell symbol, in order
    line, column = 1, 0
    for char in text:
        if char == "\n":
            line, column = line + 1, 0
            continue
        column += 1
        if is_separator(char):
            continue
        upper = symbol_of(char)
        if upper not in SYMBOLS and upper not in EMPTY_SYMBOLS:
            where = " (line " + str(line) + ", position " + str(column) + ")"
            raise PuzzleError(
                "unexpected character " + repr(char) + where
                + SYMBOL_ADVICE
            )
        symbols.append(upper)
    count = len(symbols)
    if count == 0:
        raise PuzzleError("the puzzle text is empty: type or paste 81 digits, 0 or . for empty")
    n = size if size is not None else size_for_cell_count(count)
    if n is None or n * n != count:
        if size is not None:
            needed = "a " + str(size) + "x" + str(size) + " puzzle has " + str(size * size)
        else:
            needed = "a puzzle has 81 (9x9), or " + ", ".join(
                str(k * k) for k in SIZES if k != 9
            ) + " for the other sizes"
        raise PuzzleError("found " + str(count) + " cells; " + needed)
    g = geometry(n)
    cells = []
    for i, symbol in enumerate(symbols):
        if symbol in EMPTY_SYMBOLS:
            cells.append(0)
        elif symbol in g.symbols:
            cells.append(g.symbols.index(symbol) + 1)
        else:
            raise PuzzleError(
                g.cell_name(i) + ": " + repr(symbol) + " is outside " + g.digit_range(), [i]
            )
    return Puzzle(g, cells)


def check_puzzle(value: object) -> None:
    """PuzzleError unless `value` is a Puzzle (what parse and read return)."""
    if not isinstance(value, Puzzle):
        raise PuzzleError("expected a Puzzle (from parse or read), got " + shown(value))


def conflicts(puzzle: Puzzle) -> "list[Conflict]":
    """Every rule break among the givens: (unit, digit, cells) where a digit repeats in a unit;
    for a variant's anti-knight or anti-king pair, (the rule's name, digit, (a, b)).

    A repeat already reported for the same cells in an earlier unit is not listed again.
    PuzzleError if `puzzle` is not a Puzzle.
    """
    check_puzzle(puzzle)
    g = puzzle.geometry
    found: list[Conflict] = []
    seen: set[tuple[int, ...]] = set()
    for u, unit in enumerate(g.units):
        where: dict[int, list[int]] = {}
        for cell in unit:
            digit = puzzle.cells[cell]
            if digit:
                where.setdefault(digit, []).append(cell)
        for digit in sorted(where):
            cells = tuple(where[digit])
            if len(cells) > 1 and cells not in seen:
                seen.add(cells)
                found.append((u, digit, cells))
    for a, b, rule in g.sees:  # a variant's pairs kept apart by no unit: the unit is the rule
        if puzzle.cells[a] and puzzle.cells[a] == puzzle.cells[b]:
            found.append((rule, puzzle.cells[a], (a, b)))
    n = g.size
    for total, cells in g.cages:  # givens no set of digits making the sum holds
        held = given = 0
        for cell in cells:
            if puzzle.cells[cell]:
                held |= 1 << (puzzle.cells[cell] - 1)
                given += 1
        if held and bin(held).count("1") == given and not any(  # a repeat: reported above
                c & held == held for c in cage_combinations(n, len(cells), total)):
            found.append((CAGE_SUM, total, cells))
    return found


def conflict_cells(problems: "list[Conflict]") -> tuple[int, ...]:
    """The sorted cells named by a list of conflicts."""
    return tuple(sorted(set(c for _, _, cells in problems for c in cells)))


def describe_conflicts(g: Geometry, problems: "list[Conflict]") -> str:
    """One sentence per conflict, e.g. 'two 5s in box 4 (row 4, column 1 and row 5, column 3)',
    or of a killer cage its givens do not fit."""
    parts = []
    for unit, digit, cells in problems[:MAX_LISTED]:
        if unit == CAGE_SUM:
            parts.append("the cage of " + str(digit) + " at " + g.cell_name(cells[0]) + " ("
                         + str(len(cells)) + " cells) cannot hold its givens: no "
                         + str(len(cells)) + " different digits with them add up to "
                         + str(digit))
            continue
        count = len(cells)
        word = COUNT_WORDS[count] if count < len(COUNT_WORDS) else str(count)
        places = " and ".join(g.cell_name(c) for c in cells)
        where = SEES_WORDS[unit] if isinstance(unit, str) else "in " + g.unit_name(unit)
        parts.append(
            word + " " + g.symbols[digit - 1] + "s " + where + " (" + places + ")"
        )
    if len(problems) > MAX_LISTED:
        parts.append("and " + str(len(problems) - MAX_LISTED) + " more")
    return "; ".join(parts)
