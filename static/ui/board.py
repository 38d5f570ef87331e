"""The grid and the digit pad in the page: built for a board size, then painting a View.

Board is the only code that touches the cells: their digits, kinds, labels and highlights,
and the pencil-mark layer over them, all from one ui.view.View. The 9x9 grid and pad are
static HTML in index.html (so they paint before any Python), written there at build time
from ui/cells.py, which builds the other sizes here too. Only text content and attributes
are set.
"""

from pyscript import web
from pyscript.web import page

from ui.cells import (
    NARROW_PAD_COLUMNS,
    cell_attributes,
    cell_classes,
    cell_label,
    grid_attributes,
    mark_layout,
    mark_scale,
    pad_attributes,
    pad_columns,
    pad_keys,
    sum_cells,
)
from ui.view import EMPTY_FACE


def element(make, attributes, text=None):
    """A new element with these (name, value) attributes and, if given, text content."""
    made = make()
    for name, value in attributes:
        made.setAttribute(name, value)
    if text is not None:
        made.textContent = text
    return made


def set_attributes(target, attributes) -> None:
    for name, value in attributes:
        target.setAttribute(name, value)


class Board:
    """The grid's input cells, their pencil marks and the digit pad, one board size at a time."""

    def __init__(self):
        self.grid = page["grid"]
        self.pad = page["pad"]
        self.size = int(self.grid.getAttribute("data-size"))
        self.cells = list(page.find("#grid .cell"))
        # what each cell shows, as CellView.face(): index.html's cells, as cells.py makes them,
        # show an empty cell, so the first render paints only the cells that differ
        self.faces = [EMPTY_FACE] * len(self.cells)
        self.layer = None  # the pencil-mark layer, made when first needed per board
        self.boxes = []
        self.pencils = []  # what each mark box shows, as CellView.pencil()
        self.arrows = None  # a chain's links over the marks (ui/arrows.py), once one shows
        self.cages = None  # a Killer's cages over the cells (ui/cages.py), once one shows
        self.rules = None  # the variant rules the cells' classes are drawn for (None: classic)
        self.regions = None  # the jigsaw's map being painted they are drawn for, if any
        self.keys = list(page.find("#pad .digit"))
        self.noted = 0  # the selected cell's own notes, lit on the pad's keys

    def typed_early(self) -> list:
        """(cell, text) for every cell typed into before the UI took over the static grid."""
        typed = [(i, c.value) for i, c in enumerate(self.cells) if c.value]
        for i, _ in typed:
            self.faces[i] = None  # the browser's text there: redrawn, whatever becomes of it
        return typed

    def build(self, g, regions=None) -> None:
        """Rebuild the cells and the pad for another size; for the current one, the cells'
        borders and shading redrawn when the rules change (a jigsaw's regions, X's diagonals)
        or the jigsaw's map being painted (`regions`, cells.cell_classes) does."""
        if g.size == self.size:
            if not (g.rules is self.rules or (g.rules is not None and g.rules == self.rules)) \
                    or regions != self.regions:
                self.rules, self.regions = g.rules, regions
                for i, cell in enumerate(self.cells):
                    cell.setAttribute("class", " ".join(cell_classes(g, i, regions)))
                    self.faces[i] = None  # its accessible name names its cage: painted again
                self.grid.setAttribute("data-rules", " ".join(g.rule_names()))
            return
        self.size = g.size
        self.rules, self.regions = g.rules, None
        if self.cages is not None:
            self.cages.reset()
        self.cells = [element(web.input_, cell_attributes(g, i)) for i in range(g.cell_count)]
        self.faces = [EMPTY_FACE] * g.cell_count
        self.layer = None
        if self.arrows is not None:
            self.arrows.reset()
        self.grid.replaceChildren()
        self.grid.append(self.cells)
        set_attributes(self.grid, grid_attributes(g))
        self.grid.setAttribute("data-rules", " ".join(g.rule_names()))
        self.grid.style["--n"] = str(g.size)
        self.pad.replaceChildren()
        self.keys = [element(web.button, attributes, text) for attributes, text in pad_keys(g)]
        self.noted = 0
        self.pad.append(self.keys)
        set_attributes(self.pad, pad_attributes(g))
        self.pad.style["--pad-cols"] = str(pad_columns(g))
        self.pad.style["--pad-cols-narrow"] = str(pad_columns(g, NARROW_PAD_COLUMNS))

    def render(self, view, regions=None) -> None:
        """Show a View: every cell's digit, kind and highlight, and the pencil marks;
        `regions`: a jigsaw's map being painted, drawn instead of the geometry's."""
        g = view.geometry
        self.build(g, regions)
        for i, cell in enumerate(view.cells):
            face = cell.face()
            if self.faces[i] != face:  # touching only changed cells keeps 25x25 typing fast
                self.faces[i] = face
                self.paint_cell(g, i, cell)
        if view.layer and self.layer is None:
            self.make_layer(g)
        if self.layer is not None:
            self.paint_marks(g, view)
        if g.cages and self.cages is None:
            from ui.cages import Cages  # on first use: most games are classic

            self.cages = Cages(self.grid, page["arrow-parts"])
        if self.cages is not None:
            self.cages.show(g)
        if view.links and self.arrows is None:
            from ui.arrows import Arrows  # on first use: most games never show a chain

            self.arrows = Arrows(self.grid, page["arrow-parts"])
        if self.arrows is not None:
            self.arrows.show(g, view.links)
        self.paint_pad(view)

    def paint_pad(self, view) -> None:
        """Light the pad's keys of the selected cell's own notes: legible at any size."""
        noted = 0
        for cell in view.cells:
            if cell.near == "self" and cell.own:
                noted = cell.marks
        if noted == self.noted:
            return
        self.noted = noted
        for digit, key in enumerate(self.keys, 1):
            key.setAttribute("data-noted", "true" if noted >> (digit - 1) & 1 else "false")

    def paint_cell(self, g, i: int, cell) -> None:
        target = self.cells[i]
        target.value = g.symbols[cell.digit - 1] if cell.digit else ""
        target.setAttribute("data-kind", cell.kind)
        target.setAttribute("aria-label",
                            cell_label(g, i, cell.digit, cell.kind, cell.conflict, cell.wrong,
                                       cell.marks if cell.own else 0, cell.hint == "doubt",
                                       cell.hint == "pick", self.regions))
        target.setAttribute("aria-invalid", "true" if cell.conflict or cell.wrong else "false")
        target.setAttribute("data-conflict", "true" if cell.conflict else "false")
        target.setAttribute("data-wrong", "true" if cell.wrong else "false")
        target.setAttribute("data-near", cell.near)
        if cell.hint:
            target.setAttribute("data-hint", cell.hint)
        else:
            target.removeAttribute("data-hint")

    def make_layer(self, g) -> None:
        """The pencil-mark layer: one text box per cell, over the grid."""
        self.layer = element(web.div, (("class", "marks"), ("aria-hidden", "true")))
        self.layer.style["--mark-div"] = mark_scale(g)
        self.boxes = [element(web.div, (("class", "mark-cell"),)) for _ in range(g.cell_count)]
        self.sums = set()  # the boxes marked under-sum
        self.pencils = [None] * g.cell_count
        self.layer.append(self.boxes)
        self.grid.append(self.layer)

    def paint_marks(self, g, view) -> None:
        sums = sum_cells(g)
        if sums != self.sums:  # cages came or went: the notes under a sum start below it
            for cell in sums | self.sums:
                self.boxes[cell].setAttribute("class", "mark-cell under-sum" if cell in sums
                                              else "mark-cell")
            self.sums = sums
        for i, cell in enumerate(view.cells):
            pencil = cell.pencil()
            if self.pencils[i] != pencil:
                self.pencils[i] = pencil
                self.paint_box(g, self.boxes[i], cell)
        self.layer.setAttribute("data-key", view.marks_key)

    def paint_box(self, g, box, cell) -> None:
        box.setAttribute("data-own", "true" if cell.own else "false")
        if not cell.special:
            text, scale = mark_layout(g, cell.marks) if cell.marks else ("", "")
            box.textContent = text
            box.style["--mark-div"] = scale  # '' leaves the grid's own
            return
        box.style["--mark-div"] = ""
        # The step's digits as spans among the same text, so the layout stays the same; one
        # wrapper, since the box is a flex container (it would lay out each span apart).
        text = web.span()
        for row in range(g.box_rows):
            for col in range(g.box_cols):
                digit = row * g.box_cols + col + 1
                if cell.marks >> (digit - 1) & 1:
                    span = web.span(classes=[cell.hint] if cell.special >> (digit - 1) & 1 else [])
                    span.textContent = g.symbols[digit - 1]
                    text.append(span)
                else:
                    text.append(" ")
                if col < g.box_cols - 1:
                    text.append(" ")
            if row < g.box_rows - 1:
                text.append("\n")
        box.replaceChildren()
        box.append(text)

    def forget(self, cell: int) -> None:
        """Redraw this cell on the next render (the browser changed its value itself)."""
        self.faces[cell] = None

    def rove(self, old: int, new: int) -> None:
        """Make `new` the grid's one Tab stop in place of `old` (a roving tabindex)."""
        if 0 <= old < len(self.cells):
            self.cells[old].setAttribute("tabindex", "-1")
        self.cells[new].setAttribute("tabindex", "0")

    def focus(self, cell: int) -> None:
        """Move the keyboard focus to a cell (clamped to the grid)."""
        self.cells[max(0, min(cell, len(self.cells) - 1))].focus()
