"""Board geometry as data: box shape, symbols, units and peers for every supported size.

Written in the subset of Python that MicroPython also runs (nothing imported but the error
type), because the page's main-thread UI shares it with the Pyodide solver.
"""

from .errors import PuzzleError, shown

# size -> (box rows, box columns)
BOX_SHAPES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5)}
# The sizes smallest first: what every list shown to people follows (MicroPython does not
# keep a dict's order, so the page listed BOX_SHAPES scrambled).
SIZES = tuple(sorted(BOX_SHAPES))
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
EMPTY_SYMBOLS = "0."


class Geometry:
    """Everything fixed about an n x n board: computed once, never changed.

    Cells are indexed 0..n*n-1 row by row. Units are rows, then columns, then boxes.
    Digits are 1..n; digit d is written as SYMBOLS[d - 1].
    """

    def __init__(self, size: int) -> None:
        size = board_size(size)
        box_rows, box_cols = BOX_SHAPES[size]
        n = size
        self.size = n
        self.box_rows = box_rows
        self.box_cols = box_cols
        self.cell_count = n * n
        self.symbols = SYMBOLS[:n]
        self.all_digits = (1 << n) - 1  # bit d-1 set means digit d is possible
        rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
        cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
        boxes = []
        for br in range(0, n, box_rows):
            for bc in range(0, n, box_cols):
                boxes.append(
                    tuple((br + r) * n + bc + c for r in range(box_rows) for c in range(box_cols))
                )
        self.units = tuple(rows + cols + boxes)
        self.unit_names = tuple(
            [("row", i + 1) for i in range(n)]
            + [("column", i + 1) for i in range(n)]
            + [("box", i + 1) for i in range(n)]
        )
        self.cell_units = tuple(
            (i // n, n + i % n, 2 * n + self.box_of(i)) for i in range(n * n)
        )
        self.peers = tuple(
            tuple(sorted(set(c for u in self.cell_units[i] for c in self.units[u]) - {i}))
            for i in range(n * n)
        )

    def box_of(self, cell: int) -> int:
        """Index 0..n-1 of the box holding a cell, numbered left to right, top to bottom."""
        r, c = divmod(cell, self.size)
        return (r // self.box_rows) * (self.size // self.box_cols) + c // self.box_cols

    def unit_name(self, unit: int) -> str:
        """Human name of a unit, e.g. 'row 3', 'column 7', 'box 4' (1-based)."""
        kind, number = self.unit_names[unit]
        return kind + " " + str(number)

    def cell_name(self, cell: int) -> str:
        """Human name of a cell, e.g. 'row 3, column 7' (1-based)."""
        r, c = divmod(cell, self.size)
        return "row " + str(r + 1) + ", column " + str(c + 1)

    def digit_range(self) -> str:
        """The digits as a user reads their range, e.g. '1-9' or '1-9, A-G'."""
        if self.size <= 9:
            return "1-" + str(self.size)
        return "1-9, A-" + self.symbols[-1]


# A memo of immutable values, filled lazily so MicroPython's start-up builds only what it uses.
_BUILT: dict[int, Geometry] = {}


def geometry(size: int) -> Geometry:
    """The (shared, immutable) geometry of an n x n board; PuzzleError (a ValueError) for
    anything but a supported size."""
    built = _BUILT.get(size) if type(size) is int else None
    if built is None:
        size = board_size(size)
        built = _BUILT.get(size) or Geometry(size)
        _BUILT[size] = built
    return built


def whole(value: object) -> int | None:
    """`value` as a plain int when it is a whole number: an int, not a bool; an int
    subclass is read as the int it holds (its own comparisons, hash or repr are never
    used). None for anything else."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    try:
        return int.__int__(value)  # CPython: the plain int inside, whatever is overridden
    except Exception:  # MicroPython, or a class only pretending to be an int
        return None


def plain_text(value: object) -> str | None:
    """`value` as a plain str when it is text (a str subclass is read as the text it
    holds, none of its methods used); None for anything else."""
    if type(value) is str:
        return value
    if not isinstance(value, str):
        return None
    try:
        return str.__str__(value)  # CPython: the plain str inside
    except Exception:  # MicroPython, or a class only pretending to be a str
        return None


def board_size(size: object, other: str = "") -> int:
    """`size` as a plain int when it is a supported board size; PuzzleError otherwise (its
    message offers `other` too, e.g. " or None")."""
    n = whole(size)
    if n is None or n not in BOX_SHAPES:
        raise PuzzleError("size must be " + ", ".join(str(k) for k in SIZES)
                          + " (the side of the grid)" + other + ", not " + shown(size))
    return n


def size_for_cell_count(count: int) -> int | None:
    """The board size with exactly `count` cells, or None."""
    for n in BOX_SHAPES:
        if n * n == count:
            return n
    return None


def check_flag(value: object, name: str) -> bool:
    """`value` when it is True or False; PuzzleError naming the argument otherwise (a
    flag's truth is never asked of another value: its __bool__ may raise or lie)."""
    if value is not True and value is not False:
        raise PuzzleError(name + " must be True or False, not " + shown(value))
    return value
