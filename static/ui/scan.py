"""Scan a photo (the #photo file input): the worker decodes and reads the photo, the grid
read goes into the board for the player to confirm, with the cells read with doubt marked
(hint 'doubt': dashed outline, violet) until they are changed, conflicts shown as usual,
and the likeliest repair named when the grid read has no or several solutions, before the
conflict message too. When no grid is found, the photo is shown with four dots joined by an
outline, to drag onto the grid's corners (#corner-panel), and read again inside them.
State and handlers only; main.py calls `wire`."""

import json

from pyscript import when, window
from pyscript.web import page

from solver.model.puzzle import read
from ui import protocol
from ui.session import ENTER

DOUBT = 0.85  # a cell read with less confidence than this is lit for checking
START_CORNERS = [[0.15, 0.15], [0.85, 0.15], [0.85, 0.85], [0.15, 0.85]]  # shares of the photo


class Scan:
    """The last photo read: which cells to light, what to say, the corners set by hand."""

    def __init__(self, app):
        self.app = app
        self.doubts = {}  # cell -> the digit read there with doubt, lit while it stays
        self.busy = False
        self.answered = 0  # photos answered, as data-scanned on <body> for the tests
        self.url = ""  # the blob: URL of the photo read last, shown for corners by hand
        self.corners = [list(point) for point in START_CORNERS]
        self.dragging = None  # the corner being dragged, 0-3
        self.read_cells = None  # the grid as read, while the likely fix below applies to it
        self.fix = ""  # "Likely fix: ..." for the grid read, or ""

    async def read(self, file) -> None:
        """Read the photo in `file` (a File) in the worker and fill the grid with it; a
        failure says what to try and leaves the grid as it was."""
        if self.busy:
            return
        self.forget_photo()
        self.url = window.URL.createObjectURL(file)
        await self.ask("scan_photo", self.url)

    async def read_corners(self) -> None:
        """Read the last photo again inside the corners set by hand."""
        if not self.busy:
            await self.ask("rescan_photo", json.dumps(self.corners))

    async def ask(self, name: str, argument: str) -> None:
        self.busy = True
        self.app.say("Reading the photo\u2026", "")
        try:
            reply = await self.app.client.call_export(name, argument)
        finally:
            self.busy = False
        if reply is None:
            return  # cancelled meanwhile
        if reply["status"] == protocol.READ:
            page["corner-panel"].hidden = True
            self.fill(reply)
        else:
            self.app.note = ("Could not read the photo: " + reply["message"] + ".", "error")
            self.app.show()
            if reply.get("decoded"):
                self.offer_corners()
        self.answered += 1
        page.body.setAttribute("data-scan-ms", " ".join(str(ms) for ms in reply.get("ms", ())))
        page.body.setAttribute("data-scanned", str(self.answered))

    def forget_photo(self) -> None:
        if self.url:
            window.URL.revokeObjectURL(self.url)
            self.url = ""
        page["corner-panel"].hidden = True

    def offer_corners(self) -> None:
        """Show the photo with the four corner dots, where the player can drag them."""
        page["corner-photo"].setAttribute("src", self.url)
        self.corners = [list(point) for point in START_CORNERS]
        for index in range(4):
            self.place(index)
        page["corner-panel"].hidden = False
        page["corner-panel"].scrollIntoView()

    def place(self, index: int) -> None:
        x, y = self.corners[index]
        dot = page["corner-" + str(index)]  # through the style object: the CSP bars style=""
        dot.style["left"] = str(round(x * 100, 2)) + "%"
        dot.style["top"] = str(round(y * 100, 2)) + "%"
        # the outline joining the dots shows the grid they enclose (viewBox 0..100)
        page["corner-shape"].setAttribute("points", " ".join(
            str(round(px * 100, 2)) + "," + str(round(py * 100, 2)) for px, py in self.corners))

    def grab(self, event) -> None:
        """Start dragging the dot pressed, or the one nearest a press on the photo."""
        x, y = self.share_of(event)
        target = str(event.target.id or "")
        if target.startswith("corner-"):
            self.dragging = int(target[7:])
        else:
            self.dragging = min(range(4), key=lambda i: (self.corners[i][0] - x) ** 2
                                + (self.corners[i][1] - y) ** 2)
            self.move(event)
        event.target.setPointerCapture(event.pointerId)
        event.preventDefault()

    def move(self, event) -> None:
        if self.dragging is not None:
            self.corners[self.dragging] = list(self.share_of(event))
            self.place(self.dragging)

    def share_of(self, event) -> tuple:
        """Where a pointer event is over the photo, as shares 0..1 of its width and height."""
        box = page["corner-frame"].getBoundingClientRect()
        x = (event.clientX - box.left) / max(1, box.width)
        y = (event.clientY - box.top) / max(1, box.height)
        return min(1.0, max(0.0, x)), min(1.0, max(0.0, y))

    def fill(self, reply: dict) -> None:
        puzzle = read(reply["puzzle"])
        confidence = reply["confidence"]
        self.doubts = {cell: puzzle.cells[cell] for cell in range(len(confidence))
                       if confidence[cell] < DOUBT}
        repairs = reply["repairs"]
        self.read_cells = tuple(puzzle.cells)
        self.fix = "Likely fix: " + self.describe(puzzle, read(repairs[0])) if repairs else ""
        self.app.session.load(puzzle, ENTER)  # givens to check and correct, then Play
        self.app.changed((self.summary(puzzle), "ok"))

    def summary(self, puzzle) -> str:
        """What the status says after a read: digits found, cells to check, a repair."""
        text = ("Read from the photo: " + str(puzzle.filled_count()) + " digits. Check it against "
                "the photo and tap a cell to correct it, then press Play")
        if self.doubts:
            text += ("; the " + str(len(self.doubts)) + " cells outlined in dashes were hard "
                     "to read")
        return text + (". " + self.fix if self.fix else "") + "."

    def fix_note(self, puzzle) -> str:
        """'Likely fix: ... ' while the grid is still as read from the photo, else '': put
        before the conflict message that replaces the read's status, it stays in sight in
        the three-line status on a phone."""
        if self.fix and self.read_cells == tuple(puzzle.cells):
            return self.fix + ". "
        return ""

    def describe(self, puzzle, fixed) -> str:
        g = puzzle.geometry
        changes = []
        for cell in range(len(puzzle.cells)):
            if puzzle.cells[cell] != fixed.cells[cell]:
                digit = fixed.cells[cell]
                changes.append(g.cell_name(cell) + (" is " + str(digit) if digit else
                                                    " is empty"))
        return ", ".join(changes)

    def mark(self, view, puzzle) -> None:
        """Light, in the view about to be painted, the cells still holding a digit read
        with doubt."""
        for cell, digit in self.doubts.items():
            if cell < len(view.cells) and puzzle.cells[cell] == digit and not view.cells[cell].hint:
                view.cells[cell].hint = "doubt"


def wire(scan: Scan) -> None:
    """Connect the photo input and the corner dots (in index.html) to the scan."""

    @when("change", "#photo")
    async def on_photo(event):
        files = event.target.files
        if files.length:
            await scan.read(files.item(0))
        event.target.value = ""  # taking or picking the same photo again reads it again

    @when("pointerdown", "#corner-frame")
    def on_grab(event):
        scan.grab(event)

    @when("pointermove", "#corner-frame")
    def on_drag(event):
        scan.move(event)

    @when("pointerup", "#corner-frame")
    def on_drop(event):
        scan.dragging = None

    @when("click", "#corner-read")
    async def on_read(event):
        await scan.read_corners()
