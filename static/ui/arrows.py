"""A chain's links drawn on the grid: an arrow from candidate to candidate, solid for a strong
link and dashed for a weak one (as HoDoKu and SudokuWiki draw them), each end ringed and
labelled with its digit.

The geometry is plain data (`arrow_shapes`, in cell units: the grid is n by n) that CPython
tests; `Arrows` paints it as an SVG overlay in the grid. pyscript.web makes HTML elements
only, so the SVG parts are clones of the templates in index.html's #arrow-parts (an <svg>
holding one <path>, <circle> and <text>): they keep the SVG namespace. Only attributes and
text content are set.
"""

from ui.cells import mark_scale

MONO_WIDTH = 0.6  # a monospace digit's width in em (the pencil marks' font, app.css)
MARK_LINE = 1.15  # the pencil marks' line-height in em (app.css .mark-cell)
BEND = 0.18  # how far an arrow bows out to one side, as a share of its length
MIN_RING = 0.14  # cells: from 16x16 up a mark is too small to ring legibly on a phone


def mark_spot(g, cell: int, digit: int) -> tuple:
    """(x, y) of a digit's pencil mark in a cell, in cell units from the grid's top left:
    where app.css lays it out (box_rows lines of box_cols digits, centred in the cell)."""
    em = 1 / float(mark_scale(g))  # the marks' font size in cells
    row, col = divmod(digit - 1, g.box_cols)
    r, c = divmod(cell, g.size)
    x = c + 0.5 + (col - (g.box_cols - 1) / 2) * 2 * MONO_WIDTH * em
    y = r + 0.5 + (row - (g.box_rows - 1) / 2) * MARK_LINE * em
    return x, y


def ring_radius(g) -> float:
    """A candidate's ring, in cells: just wider than its digit, and never tiny."""
    return max(MIN_RING, 0.75 * MONO_WIDTH / float(mark_scale(g)))


def node_spot(g, cells, digit: int) -> tuple:
    """The centre of a chain node: its candidates' spots averaged (a group of cells)."""
    spots = [mark_spot(g, cell, digit) for cell in cells]
    return (sum(x for x, _ in spots) / len(spots), sum(y for _, y in spots) / len(spots))


def link_ends(g, ends) -> tuple:
    """The two points an arrow joins: each node's middle, but for cells spread over a unit
    (an almost locked set), whose middle can fall on an unrelated cell, the candidate
    nearest the other end."""
    a, b = node_spot(g, *ends[0]), node_spot(g, *ends[1])
    a = nearest_spot(g, ends[0], b) if is_spread(g, ends[0][0]) else a
    b = nearest_spot(g, ends[1], a) if is_spread(g, ends[1][0]) else b
    return a, b


def is_spread(g, cells) -> bool:
    """Are these cells not side by side in one box line (a grouped node's usual shape)? A
    gap between them puts their middle on another cell."""
    rows = sorted(set(cell // g.size for cell in cells))
    cols = sorted(set(cell % g.size for cell in cells))
    boxes = set(g.box_of(cell) for cell in cells)
    line = cols if len(rows) == 1 else rows if len(cols) == 1 else None
    return len(boxes) > 1 or line is None or line[-1] - line[0] != len(line) - 1


def nearest_spot(g, node, other: tuple) -> tuple:
    """The spot of the node's candidate nearest `other`."""
    cells, digit = node
    spots = [mark_spot(g, cell, digit) for cell in cells]
    return min(spots, key=lambda p: (p[0] - other[0]) ** 2 + (p[1] - other[1]) ** 2)


def curve(a: tuple, b: tuple, gap: float):
    """(start, control, end, heading) of a bowed arrow from a to b, both ends pulled in by
    `gap` so the rings stay clear; None when the two are too close to draw between."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5
    if length <= 2.2 * gap:
        return None
    ux, uy = dx / length, dy / length
    mid = ((a[0] + b[0]) / 2 - uy * BEND * length, (a[1] + b[1]) / 2 + ux * BEND * length)
    start = toward(a, mid, gap)
    end = toward(b, mid, gap)
    hx, hy = end[0] - mid[0], end[1] - mid[1]
    size = (hx * hx + hy * hy) ** 0.5
    return start, mid, end, (hx / size, hy / size)


def toward(point: tuple, target: tuple, distance: float) -> tuple:
    """`point` moved `distance` toward `target`."""
    dx, dy = target[0] - point[0], target[1] - point[1]
    length = (dx * dx + dy * dy) ** 0.5
    return point[0] + dx / length * distance, point[1] + dy / length * distance


def arrow_shapes(g, links) -> tuple:
    """(arrows, rings) for a step's links (Step.to_dict()["links"]): arrows as (path data,
    head path data, kind), rings as (x, y, radius, symbol), one per candidate named."""
    radius = ring_radius(g)
    arrows, rings, ringed = [], [], set()
    for link in links:
        ends = ((link["from"], link["from_digit"]), (link["to"], link["to_digit"]))
        for cells, digit in ends:
            for cell in cells:
                if (cell, digit) not in ringed:
                    ringed.add((cell, digit))
                    x, y = mark_spot(g, cell, digit)
                    rings.append((x, y, radius, g.symbols[digit - 1]))
        bowed = curve(*link_ends(g, ends), radius * 1.15)
        if bowed is not None:
            arrows.append(path_data(bowed, radius) + (link["kind"],))
    return arrows, rings


def path_data(bowed, radius: float) -> tuple:
    """(the curve's SVG path data, its arrowhead's) for a curve() result."""
    start, mid, end, (hx, hy) = bowed
    size = radius * 1.3
    back = (end[0] - hx * size, end[1] - hy * size)
    left = (back[0] - hy * size * 0.55, back[1] + hx * size * 0.55)
    right = (back[0] + hy * size * 0.55, back[1] - hx * size * 0.55)
    line = "M" + pair(start) + " Q" + pair(mid) + " " + pair(back)
    head = "M" + pair(end) + " L" + pair(left) + " L" + pair(right) + " Z"
    return line, head


def pair(point: tuple) -> str:
    return fixed(point[0]) + " " + fixed(point[1])


def fixed(value: float) -> str:
    """A coordinate with 3 decimals, short enough for SVG path data."""
    return f"{value:.3f}"


class Arrows:
    """The arrow overlay of the grid: painted for a View's links, cleared without them."""

    def __init__(self, grid, parts):
        self.grid = grid  # the #grid element the overlay lies over
        self.parts = parts  # the #arrow-parts template <svg>
        self.layer = None
        self.drawn = None  # (size, links) on show

    def reset(self) -> None:
        """The grid was rebuilt for another size: its overlay went with its children."""
        self.layer = None
        self.drawn = None

    def show(self, g, links) -> None:
        """Draw these links (a list of link dicts), replacing any drawn before."""
        key = (g.size, repr(links))
        if key == self.drawn:
            return
        self.drawn = key
        if self.layer is None:
            if not links:
                return
            self.layer = self.clone(self.parts)
            self.layer.setAttribute("class", "arrows")
            self.layer.setAttribute("preserveAspectRatio", "none")
            self.grid.append(self.layer)
        self.layer.replaceChildren()
        self.layer.setAttribute("viewBox", "0 0 " + str(g.size) + " " + str(g.size))
        self.layer.setAttribute("data-links", str(len(links)))  # app.css hides it at 0
        self.paint(g, links)

    def paint(self, g, links) -> None:
        arrows, rings = arrow_shapes(g, links)
        template = {part.tagName.lower(): part for part in self.parts.children}
        for line, head, kind in arrows:
            self.add(template["path"], (("d", line), ("class", "link " + kind)))
            self.add(template["path"], (("d", head), ("class", "head " + kind)))
        for x, y, radius, symbol in rings:
            self.add(template["circle"], (("cx", fixed(x)), ("cy", fixed(y)),
                                          ("r", fixed(radius)), ("class", "ring")))
            label = self.add(template["text"], (("x", fixed(x)), ("y", fixed(y)),
                                                ("font-size", fixed(radius * 1.45)),
                                                ("class", "ring-digit")))
            label.textContent = symbol

    def add(self, template, attributes):
        made = self.clone(template)
        for name, value in attributes:
            made.setAttribute(name, value)
        self.layer.append(made)
        return made

    def clone(self, template):
        """A copy of a template part, without its id (it must stay unique)."""
        made = template.clone()
        made.removeAttribute("id")
        return made
