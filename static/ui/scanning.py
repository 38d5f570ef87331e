"""Scan a photo, the decisions: what a worker's reading of a photo means for the player (a
grid to check, a failed read with the corners to adjust, no photo at all), where the grid's
corners lie over the photo, the cropped thumbnail's box, and what the status says.

No DOM here: MicroPython runs it in the page (static/ui/scan.py is its DOM adapter), CPython
in tests/ui/test_scanning.py.
"""

import protocol
from solver.model.puzzle import read

MIN_DIGITS = 17  # fewer givens never make a sudoku with one solution: a failed read
DOUBT = 0.85  # a cell read with less confidence than this is lit for checking
START_CORNERS = [[0.15, 0.15], [0.85, 0.15], [0.85, 0.85], [0.15, 0.85]]  # shares of the photo
GOOD, FEW, NO_GRID, NO_PHOTO = "good", "few", "no-grid", "no-photo"  # what a reading is
WAITING = "Reading as soon as the solver is ready\u2026"
READING = "Reading the photo\u2026"


def outcome(reply: dict) -> str:
    """GOOD (a grid to check), FEW (under MIN_DIGITS digits: a failed read), NO_GRID (a photo
    with no grid found: corners by hand) or NO_PHOTO (nothing to show) for a scan reply."""
    if reply.get("status") == protocol.READ:
        return GOOD if read(reply["puzzle"]).filled_count() >= MIN_DIGITS else FEW
    return NO_GRID if reply.get("decoded") else NO_PHOTO


def panel_note(kind: str, reply: dict) -> tuple:
    """(message, tone) the photo panel says of a reading, the corners on show."""
    if kind == GOOD:
        count = read(reply["puzzle"]).filled_count()
        return ("Found the grid and read " + str(count) + " digits. If the outline is off, "
                "drag the dots onto the grid's corners and read again.", "ok")
    if kind == FEW:
        count = read(reply["puzzle"]).filled_count()
        return ("Not read: only " + str(count) + " digit" + ("" if count == 1 else "s")
                + " found, and a sudoku has at least " + str(MIN_DIGITS) + ". Drag the four "
                "dots onto the grid's outer corners, then read again.", "error")
    return ("No grid found in the photo. Drag the four dots onto the grid's outer corners, "
            "then read it.", "error")


def failure(reply: dict) -> str:
    """The status for a file that is no photo the browser can open."""
    return "Could not read the photo: " + str(reply.get("message", "unknown error")) + "."


def corner_shares(reply: dict) -> list:
    """The grid's corners of a reading as shares 0..1 of the photo's width and height
    (clockwise from top left), or START_CORNERS when the reply has none to give."""
    corners, size = reply.get("corners"), reply.get("size")
    if not corners or not size or len(corners) != 4:
        return [list(point) for point in START_CORNERS]
    width, height = max(1, size[0]), max(1, size[1])
    return [[clamp(x / width), clamp(y / height)] for x, y in corners]


def clamp(share: float) -> float:
    return min(1.0, max(0.0, share))


def crop_box(shares) -> tuple:
    """(left, top, width, height) as shares of the photo: the box around the corners, the
    part of the photo the thumbnail beside the grid shows."""
    xs, ys = [x for x, _ in shares], [y for _, y in shares]
    left, top = min(xs), min(ys)
    return left, top, max(0.01, max(xs) - left), max(0.01, max(ys) - top)


def crop_style(shares) -> dict:
    """CSS for the photo <img> inside a square box with overflow hidden, so that the box
    shows exactly crop_box(shares) stretched to it."""
    left, top, width, height = crop_box(shares)
    return {"width": percent(1 / width), "height": percent(1 / height),
            "left": percent(-left / width), "top": percent(-top / height)}


def percent(share: float) -> str:
    return str(round(share * 100, 2)) + "%"


def doubts(reply: dict) -> dict:
    """cell -> the digit read there with doubt (confidence under DOUBT)."""
    puzzle = read(reply["puzzle"])
    confidence = reply["confidence"]
    return {cell: puzzle.cells[cell] for cell in range(len(confidence))
            if confidence[cell] < DOUBT}


def likely_fix(reply: dict) -> str:
    """'Likely fix: row 1, column 3 is empty' for a grid read with no or several solutions
    (the worker's first suggested repair), else ''."""
    repairs = reply["repairs"]
    if not repairs:
        return ""
    puzzle, fixed = read(reply["puzzle"]), read(repairs[0])
    g = puzzle.geometry
    changes = []
    for cell in range(len(puzzle.cells)):
        if puzzle.cells[cell] != fixed.cells[cell]:
            digit = fixed.cells[cell]
            changes.append(g.cell_name(cell) + (" is " + str(digit) if digit else " is empty"))
    return "Likely fix: " + ", ".join(changes)


def summary(count: int, doubtful: int, fix: str) -> str:
    """What the status says once a reading is in the grid: digits, cells to check, a fix."""
    text = ("Read from the photo: " + str(count) + " digits. Tap the photo to compare, fix "
            "any cell, then press Play")
    if doubtful == 1:
        text += "; the cell outlined in dashes was hard to read"
    elif doubtful:
        text += "; the " + str(doubtful) + " cells outlined in dashes were hard to read"
    return text + (". " + fix if fix else "") + "."
