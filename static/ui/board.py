"""The grid and the digit pad in the page: built for a board size, then showing a session.

The 9x9 grid and pad are static HTML in index.html (so they paint before any Python);
other sizes are built here with pyscript.web, and the static 9x9 markup matches what
`cell_classes` and `cell_label` produce. Only text content and attributes are set.
"""

from pyscript import web
from pyscript.web import page

PAD_COLUMNS = 10  # digit pad buttons per row at most (9x9: 1-9 and erase in one row)
CELL_ATTRIBUTES = (
    ("inputmode", "none"),  # phones use the digit pad, not the system keyboard
    ("maxlength", "1"),
    ("autocomplete", "off"),
    ("spellcheck", "false"),
)


def cell_classes(g, cell: int) -> list:
    """CSS classes of a cell: `edge-r` / `edge-b` where a box ends inside the grid."""
    r, c = divmod(cell, g.size)
    classes = ["cell"]
    if c % g.box_cols == g.box_cols - 1 and c < g.size - 1:
        classes.append("edge-r")
    if r % g.box_rows == g.box_rows - 1 and r < g.size - 1:
        classes.append("edge-b")
    return classes


def cell_label(g, cell: int, digit: int, kind: str) -> str:
    """Accessible name, e.g. 'row 3, column 5, empty' or 'row 1, column 2, 7, solved'."""
    name = g.cell_name(cell)
    if not digit:
        return name + ", empty"
    label = name + ", " + g.symbols[digit - 1]
    return label + ", " + kind if kind in ("solved", "conflict") else label


class Board:
    """The grid's input cells and the digit pad, for one board size at a time."""

    def __init__(self):
        self.grid = page["grid"]
        self.pad = page["pad"]
        self.size = int(self.grid.getAttribute("data-size"))
        self.cells = list(page.find("#grid .cell"))
        self.shown = [None] * len(self.cells)

    def typed_early(self) -> list:
        """(cell, text) for every cell typed into before the UI took over the static grid."""
        return [(i, c.value) for i, c in enumerate(self.cells) if c.value]

    def build(self, g) -> None:
        """Rebuild the cells and the pad for another size (no-op for the current one)."""
        if g.size == self.size:
            return
        self.size = g.size
        self.cells = [self._new_cell(g, i) for i in range(g.cell_count)]
        self.shown = [None] * g.cell_count
        self.grid.replaceChildren()
        self.grid.append(self.cells)
        self.grid.setAttribute("data-size", str(g.size))
        self.grid.setAttribute("data-box-rows", str(g.box_rows))
        self.grid.setAttribute("data-box-cols", str(g.box_cols))
        self.grid.setAttribute("aria-label", "Sudoku grid, " + str(g.size) + " by " + str(g.size))
        self.grid.style["--n"] = str(g.size)
        self._build_pad(g)

    def _new_cell(self, g, cell: int):
        element = web.input_(id="c" + str(cell), classes=cell_classes(g, cell))
        for name, value in CELL_ATTRIBUTES:
            element.setAttribute(name, value)
        element.setAttribute("aria-label", cell_label(g, cell, 0, "given"))
        return element

    def _build_pad(self, g) -> None:
        buttons = []
        for digit in range(1, g.size + 1):
            button = web.button(type="button", classes=["digit"])
            button.setAttribute("data-digit", str(digit))
            button.textContent = g.symbols[digit - 1]
            buttons.append(button)
        erase = web.button(type="button", classes=["digit", "erase"])
        erase.setAttribute("data-digit", "0")
        erase.setAttribute("aria-label", "Erase")
        erase.textContent = "\u232b"
        buttons.append(erase)
        self.pad.replaceChildren()
        self.pad.append(buttons)
        self.pad.setAttribute("data-size", str(g.size))
        rows = -(-(g.size + 1) // PAD_COLUMNS)  # as few rows as fit, filled evenly
        self.pad.style["--pad-cols"] = str(-(-(g.size + 1) // rows))

    def render(self, puzzle, solution, bad_cells) -> None:
        """Show the givens, the solution's other digits and the conflicting cells."""
        g = puzzle.geometry
        bad = set(bad_cells)
        for i, given in enumerate(puzzle.cells):
            if given:
                digit, kind = given, ("conflict" if i in bad else "given")
            elif solution is not None:
                digit, kind = solution.cells[i], "solved"
            else:
                digit, kind = 0, "empty"
            if self.shown[i] == (digit, kind):
                continue  # touching only changed cells keeps 25x25 typing fast
            self.shown[i] = (digit, kind)
            cell = self.cells[i]
            cell.value = g.symbols[digit - 1] if digit else ""
            cell.setAttribute("data-kind", kind)
            cell.setAttribute("aria-label", cell_label(g, i, digit, kind))
            cell.setAttribute("aria-invalid", "true" if kind == "conflict" else "false")

    def forget(self, cell: int) -> None:
        """Redraw this cell on the next render (the browser changed its value itself)."""
        self.shown[cell] = None

    def focus(self, cell: int) -> None:
        """Move the keyboard focus to a cell (clamped to the grid)."""
        self.cells[max(0, min(cell, len(self.cells) - 1))].focus()
