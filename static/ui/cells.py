"""What the grid's cells and the digit pad are made of, as plain data: their attributes,
classes and accessible names for a board size.

Board (ui/board.py) builds other sizes from these in the page; scripts/build_vendor.py writes
the 9x9 grid and pad into index.html from the same functions, so the page paints them before
any Python runs. No DOM here: MicroPython runs it in the page, CPython at build time.
"""

from ui.messages import plural

PAD_COLUMNS = 10  # digit pad buttons per row at most (9x9: 1-9 in one row)
NARROW_PAD_COLUMNS = 7  # on a phone, where keys must stay 44 px wide (9x9: rows of 5 and 4)
CELL_ATTRIBUTES = (
    ("inputmode", "none"),  # phones use the digit pad, not the system keyboard
    ("maxlength", "1"),
    ("autocomplete", "off"),
    ("spellcheck", "false"),
)
TINTS = 6  # the tints a jigsaw's regions being painted cycle through (app.css: .tint-0..5)
KIND_WORDS = {"given": "given", "solved": "solved", "entry": "your entry",
              "placed": "placed by a step"}


def cell_classes(g, cell: int, regions=None) -> list:
    """CSS classes of a cell: `edge-r` / `edge-b` where a box (a jigsaw's region) ends inside
    the grid; `shade` on a cell of an extra unit (an X's diagonals, Windoku's windows).
    `regions`: a jigsaw's map being painted (a region number per cell, -1 for none), drawn
    instead of the geometry's, each painted cell tinted by its region (`tint-0`..)."""
    r, c = divmod(cell, g.size)
    classes = ["cell"]
    if regions is None and g.rules is not None:
        regions = g.rules.regions
    elif regions is not None and regions[cell] >= 0:
        classes.append("tint-" + str(regions[cell] % TINTS))
    if regions is not None:
        right = c < g.size - 1 and regions[cell] != regions[cell + 1]
        below = r < g.size - 1 and regions[cell] != regions[cell + g.size]
    else:
        right = c % g.box_cols == g.box_cols - 1 and c < g.size - 1
        below = r % g.box_rows == g.box_rows - 1 and r < g.size - 1
    if right:
        classes.append("edge-r")
    if below:
        classes.append("edge-b")
    if len(g.cell_units[cell]) > 3:  # a unit after its row, column and box (or region)
        classes.append("shade")
    return classes


def sum_cells(g) -> set:
    """The cells a Killer's sums are written in, each cage's first (ui/cages.py): their
    pencil marks start below the sum (app.css .mark-cell.under-sum)."""
    return {cells[0] for _total, cells in g.cages}


def cell_label(g, cell: int, digit: int, kind: str, conflict=False, wrong=False, notes=0,
               doubt=False, picked=False, regions=None) -> str:
    """Accessible name, e.g. 'row 3, column 5, empty, notes 4 5 7' or 'row 1, column 2, 7,
    given' (in a Killer 'row 1, column 2, cage of 12, 3 cells, 7, given'; in a Jigsaw
    'row 1, column 2, region 4, 7, given'; a cell picked for a cage being entered 'row 1,
    column 2, picked for a new cage, empty'), with ', conflict' or ', wrong' when Check or
    the rules say so, and ', read with doubt: check it against the photo' for a digit a
    scan was unsure of. `notes`: the player's notes in an empty cell, a bitmask (bit d-1 =
    digit d); `regions`: a jigsaw's map being painted, named instead of the geometry's."""
    name = g.cell_name(cell) + cage_words(g, cell) + region_words(g, cell, regions) \
        + (", picked for a new cage" if picked else "")
    if not digit:
        label = name + ", empty"
        if notes:
            label += ", notes " + " ".join(g.symbols[d - 1] for d in range(1, g.size + 1)
                                          if notes >> (d - 1) & 1)
        return label
    label = name + ", " + g.symbols[digit - 1]
    if kind in KIND_WORDS:
        label += ", " + KIND_WORDS[kind]
    if conflict:
        label += ", conflict"
    if wrong:
        label += ", wrong"
    return label + ", read with doubt: check it against the photo" if doubt else label


def cage_words(g, cell: int) -> str:
    """', cage of 12, 3 cells' for a cell of a Killer's cage (what the drawing shows, for a
    screen reader); '' for a cell in no cage."""
    for total, cells in g.cages:
        if cell in cells:
            return ", cage of " + str(total) + ", " + plural(len(cells), "cell")
    return ""


def region_words(g, cell: int, regions=None) -> str:
    """', region 4' for a cell of a Jigsaw (its borders drawn, for a screen reader: the
    region as the hints name it), from `regions`, a map being painted (', no region yet'
    for a cell not painted), else the geometry's; '' for a grid of boxes."""
    if regions is not None:
        return ", no region yet" if regions[cell] < 0 else ", region " + str(regions[cell] + 1)
    if g.rules is None or g.rules.regions is None:
        return ""
    return ", " + g.unit_name(g.cell_units[cell][2])  # a cell's units: row, column, region


def cell_of_id(element_id: str):
    """The cell index an element's id names ('c12': 12), else None (not a cell)."""
    return int(element_id[1:]) if element_id.startswith("c") and element_id[1:].isdigit() \
        else None


def cell_attributes(g, cell: int) -> list:
    """(name, value) of every attribute of an empty cell's <input>, in order."""
    attributes = [("id", "c" + str(cell)), ("class", " ".join(cell_classes(g, cell)))]
    attributes.extend(CELL_ATTRIBUTES)
    # One Tab stop for the whole grid (a roving tabindex): the selected cell, first r1c1.
    attributes.append(("tabindex", "0" if cell == 0 else "-1"))
    attributes.append(("aria-label", cell_label(g, cell, 0, "empty")))
    return attributes


def grid_attributes(g) -> list:
    """(name, value) of the grid container's attributes for this size, in order."""
    return [
        ("id", "grid"), ("class", "grid"), ("role", "group"),
        ("aria-label", "Sudoku grid, " + str(g.size) + " by " + str(g.size)),
        ("data-size", str(g.size)), ("data-box-rows", str(g.box_rows)),
        ("data-box-cols", str(g.box_cols)),
    ]


def pad_keys(g) -> list:
    """(attributes, text) of every pad button: a digit per symbol (Erase is a tool, #erase)."""
    keys = []
    for digit in range(1, g.size + 1):
        attributes = [("type", "button"), ("class", "digit"), ("data-digit", str(digit))]
        keys.append((attributes, g.symbols[digit - 1]))
    return keys


def pad_attributes(g) -> list:
    """(name, value) of the pad container's attributes for this size, in order."""
    return [("id", "pad"), ("class", "pad"), ("role", "group"), ("aria-label", "Digit pad"),
            ("data-size", str(g.size))]


def pad_columns(g, most: int = PAD_COLUMNS) -> int:
    """Buttons per pad row: as few rows as fit `most` a row, filled evenly."""
    rows = -(-g.size // most)
    return -(-g.size // rows)


def mark_text(g, mask: int) -> str:
    """A cell's candidates laid out like its box (3 rows of 3 for a 9x9), blanks as spaces."""
    lines = []
    for row in range(g.box_rows):
        symbols = []
        for col in range(g.box_cols):
            digit = row * g.box_cols + col + 1
            symbols.append(g.symbols[digit - 1] if mask >> (digit - 1) & 1 else " ")
        lines.append(" ".join(symbols))
    return "\n".join(lines)


COMPACT_FROM_SIZE = 16  # from this size on, a cell's few notes are shown larger
COMPACT_MOST = 9  # notes shown in the compact layout at most (rows of three)
COMPACT_SCALE = "3.6"  # its font divisor: three rows, like a 9x9 cell's marks


def mark_layout(g, mask: int) -> tuple:
    """(text, font divisor or '' for the grid's) of a cell's notes: laid out like its box,
    or, on the big grids, up to COMPACT_MOST notes in rows of three at a 9x9 cell's mark
    size (a 25x25 box layout is five rows of five, unreadable on a phone)."""
    digits = [d for d in range(1, g.size + 1) if mask >> (d - 1) & 1]
    if g.size < COMPACT_FROM_SIZE or len(digits) > COMPACT_MOST:
        return mark_text(g, mask), ""
    rows = [" ".join(g.symbols[d - 1] for d in digits[i:i + 3])
            for i in range(0, len(digits), 3)]
    return "\n".join(rows), COMPACT_SCALE


def mark_scale(g) -> str:
    """The pencil marks' font divisor (--mark-div): the box's rows and columns must fit."""
    return str(max(g.box_rows * 1.2, (2 * g.box_cols - 1) * 0.62))
