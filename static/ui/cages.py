"""A Killer's cages drawn on the grid: each cage a dashed outline inset in its cells, its sum
in the top-left corner of its first cell (in reading order), the outline going round it.

The geometry is plain data (`cage_shapes`, in cell units: the grid is n by n) that CPython
tests; `Cages` paints it as an SVG overlay in the grid, cloned from the SVG templates in
index.html's #arrow-parts as ui/arrows.py does (pyscript.web makes HTML elements only).
Only attributes and text content are set; no `pyscript` import here.
"""

from ui.arrows import fixed

INSET = 0.09  # the outline, inside the cage's edge, in cells
SUM_SIZE = 0.28  # the sum's font size, in cells (about 11 px on a 360 px phone's 9x9)
SUM_AT = 0.05  # the sum's top-left corner, in from the cell's, in cells
DIGIT_WIDTH = 0.62  # a digit's width in em (the sum's tabular figures, app.css)
SUM_GAP = 0.03  # between the sum and where the outline picks up again, in cells


def sum_box(total: int) -> tuple:
    """(width, height) in cells that a cage's sum takes from its first cell's corner,
    the outline's gap around it included."""
    width = SUM_AT + len(str(total)) * DIGIT_WIDTH * SUM_SIZE + SUM_GAP
    return width, SUM_AT + SUM_SIZE + SUM_GAP


def side_spans(inside, r: int, c: int) -> list:
    """The outline's pieces along one cell's sides that face out of its cage, as
    ('H', y, x0, x1) or ('V', x, y0, y1) in cells; `inside(row, column)` tells whether a
    cell is in the cage. Where the cage goes on past a corner the piece runs on to meet the
    next cell's (an inner corner: out by the inset; straight on: to the cell's edge)."""
    d = INSET
    spans = []

    def end(along, corner, edge: float, sign: int) -> float:
        """Where a piece ends at one corner: in by the inset, at the edge, or out by it."""
        if not along:
            return edge - sign * d
        return edge + sign * d if corner else edge

    up, down = inside(r - 1, c), inside(r + 1, c)
    left, right = inside(r, c - 1), inside(r, c + 1)
    if not up:
        spans.append(("H", r + d, end(left, inside(r - 1, c - 1), c, -1),
                      end(right, inside(r - 1, c + 1), c + 1, 1)))
    if not down:
        spans.append(("H", r + 1 - d, end(left, inside(r + 1, c - 1), c, -1),
                      end(right, inside(r + 1, c + 1), c + 1, 1)))
    if not left:
        spans.append(("V", c + d, end(up, inside(r - 1, c - 1), r, -1),
                      end(down, inside(r + 1, c - 1), r + 1, 1)))
    if not right:
        spans.append(("V", c + 1 - d, end(up, inside(r - 1, c + 1), r, -1),
                      end(down, inside(r + 1, c + 1), r + 1, 1)))
    return spans


def cage_shapes(g) -> list:
    """(outline path data, (x, y, sum text)) per cage of a Killer's geometry, in cells; []
    for a grid without cages. The outline leaves the first cell's corner to its sum."""
    n = g.size
    shapes = []
    for total, cells in g.cages:  # the sum in cells[0] (as cells.sum_cells says)
        members = set(cells)

        def inside(r: int, c: int, members=members) -> bool:
            return 0 <= r < n and 0 <= c < n and r * n + c in members

        first_r, first_c = divmod(cells[0], n)
        width, height = sum_box(total)
        parts = []
        for cell in cells:
            r, c = divmod(cell, n)
            for kind, at, start, stop in side_spans(inside, r, c):
                if cell == cells[0] and kind == "H" and at < r + 0.5:
                    start = max(start, c + width)  # the top edge, right of the sum
                if cell == cells[0] and kind == "V" and at < c + 0.5:
                    start = max(start, r + height)  # the left edge, below the sum
                if kind == "H":
                    parts.append("M" + fixed(start) + " " + fixed(at) + "H" + fixed(stop))
                else:
                    parts.append("M" + fixed(at) + " " + fixed(start) + "V" + fixed(stop))
        label = (first_c + SUM_AT, first_r + SUM_AT, str(total))
        shapes.append(("".join(parts), label))
    return shapes


class Cages:
    """The cage overlay of the grid: painted for a geometry's cages, emptied without."""

    def __init__(self, grid, parts):
        self.grid = grid  # the #grid element the overlay lies over
        self.parts = parts  # the #arrow-parts template <svg>
        self.layer = None
        self.drawn = None  # the geometry whose cages are on show

    def reset(self) -> None:
        """The grid was rebuilt for another size: its overlay went with its children."""
        self.layer = None
        self.drawn = None

    def show(self, g) -> None:
        """Draw the cages of geometry `g` (none: the overlay is emptied)."""
        if g is self.drawn:
            return
        self.drawn = g
        if self.layer is None:
            if not g.cages:
                return
            self.layer = self.parts.clone()
            self.layer.removeAttribute("id")
            self.layer.setAttribute("class", "cages")
            self.layer.setAttribute("aria-hidden", "true")
            self.layer.setAttribute("preserveAspectRatio", "none")
            self.grid.append(self.layer)
        self.layer.replaceChildren()
        self.layer.setAttribute("viewBox", "0 0 " + str(g.size) + " " + str(g.size))
        self.layer.setAttribute("data-cages", str(len(g.cages)))  # app.css hides it at 0
        template = {part.tagName.lower(): part for part in self.parts.children}
        for path, (x, y, text) in cage_shapes(g):
            self.add(template["path"], (("d", path), ("class", "cage")))
            label = self.add(template["text"], (("x", fixed(x)), ("y", fixed(y)),
                                                ("font-size", fixed(SUM_SIZE)),
                                                ("class", "cage-sum")))
            label.textContent = text

    def add(self, template, attributes):
        made = template.clone()
        made.removeAttribute("id")
        for name, value in attributes:
            made.setAttribute(name, value)
        self.layer.append(made)
        return made
