"""Board geometry as data: box shape, symbols, units and peers for every supported size.

Written in the subset of Python that MicroPython also runs (no imports), because the
page's main-thread UI shares it with the Pyodide solver.
"""

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

    def __init__(self, size: int):
        if size not in BOX_SHAPES:
            raise ValueError("unsupported size " + str(size))
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
_BUILT = {}


def geometry(size: int) -> Geometry:
    """The (shared, immutable) geometry of an n x n board; ValueError for an unsupported size."""
    if size not in _BUILT:
        _BUILT[size] = Geometry(size)
    return _BUILT[size]


def size_for_cell_count(count: int):
    """The board size with exactly `count` cells, or None."""
    for n in BOX_SHAPES:
        if n * n == count:
            return n
    return None
