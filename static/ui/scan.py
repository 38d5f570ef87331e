"""Scan a photo (the #photo file input), the DOM: a picked photo is read in the worker and
ALWAYS shown (#corner-panel, its own screen) with the grid's outline and four corner dots to
drag; the player confirms the reading or adjusts the corners and reads again. A reading of
under 17 digits is a failed read (the corners stay for adjusting); a good one goes into the
grid to check, the cells read with doubt outlined, the likeliest repair named, and the photo
cropped to the grid beside it (#scan-thumb; tapped, laid over the grid). A photo picked
before the solver is ready waits for it. Decisions live in ui/scanning.py; main.py calls
`wire`."""

import json

from pyscript import web, when, window
from pyscript.web import page

from solver.model.puzzle import read
from ui import scanning
from ui.lesson_page import GAME
from ui.session import ENTER

SCAN = "scan"  # body's data-screen while the photo panel is open


class Scan:
    """The photo on show, its last reading, the corners, and the cells read with doubt."""

    def __init__(self, app):
        self.app = app
        self.doubts = {}  # cell -> the digit read there with doubt, lit while it stays
        self.busy = False
        self.waiting = False  # a photo picked before the solver was ready, read once it is
        self.answered = 0  # photos answered, as data-scanned on <body> for the tests
        self.url = ""  # the blob: URL of the photo on show
        self.corners = [list(point) for point in scanning.START_CORNERS]
        self.dragging = None  # the corner being dragged, 0-3
        self.reply = None  # the last good reading, while its corners are the ones on show
        self.read_cells = None  # the grid as read, while the likely fix below applies to it
        self.fix = ""  # "Likely fix: ..." for the grid read, or ""
        self.overlay = None  # the cropped photo laid over the grid, made on first use
        self.overlay_img = None

    # --- a photo picked, read, answered -----------------------------------------------

    async def read(self, file) -> None:
        """Show the photo in `file` (a File) and read it in the worker: now, or as soon as
        the solver is ready."""
        if self.busy:
            return
        self.forget_photo()
        self.url = window.URL.createObjectURL(file)
        page["corner-photo"].setAttribute("src", self.url)
        self.set_corners(scanning.START_CORNERS, visible=False)
        self.open_panel()
        if self.app.client.error:
            self.note("The solver could not start: " + self.app.client.error
                      + ". Reload the page to try again.", "error")
            return
        if not self.app.client.ready:
            self.waiting = True
            self.note(scanning.WAITING, "")
            return
        await self.ask("scan_photo", self.url)

    async def solver_ready(self) -> None:
        """The solver is ready: read the photo picked while it loaded, if any."""
        if self.waiting and self.url:
            self.waiting = False
            await self.ask("scan_photo", self.url)

    def solver_failed(self, problem: str) -> None:
        """The solver could not start: a photo waiting for it is not read."""
        if self.waiting:
            self.waiting = False
            self.note("The solver could not start, so the photo was not read: " + problem
                      + ". Reload the page to try again.", "error")

    async def read_corners(self) -> None:
        """Use the reading on show, or read the photo again inside the corners on show."""
        if self.busy or self.waiting:
            return
        if self.reply is not None:
            self.fill(self.reply)
            return
        await self.ask("rescan_photo", json.dumps(self.corners))

    async def ask(self, name: str, argument: str) -> None:
        self.busy = True
        self.note(scanning.READING, "")
        page["corner-read"].disabled = True
        try:
            reply = await self.app.client.call_export(name, argument)
        finally:
            self.busy = False
            page["corner-read"].disabled = False
        if reply is None:
            return  # cancelled meanwhile
        self.answer(reply)
        self.answered += 1
        page.body.setAttribute("data-scan-ms", " ".join(str(ms) for ms in reply.get("ms", ())))
        page.body.setAttribute("data-scanned", str(self.answered))

    def answer(self, reply: dict) -> None:
        """Show what a reading found: the outline where the grid was found, and whether
        the reading can be used."""
        kind = scanning.outcome(reply)
        if kind == scanning.NO_PHOTO:
            self.close_panel()
            self.app.say(scanning.failure(reply), "error")
            return
        if kind != scanning.NO_GRID:
            self.set_corners(scanning.corner_shares(reply))
        else:
            self.set_corners(self.corners)
        self.reply = reply if kind == scanning.GOOD else None
        self.note(*scanning.panel_note(kind, reply))
        page["corner-read"].textContent = ("Use this reading" if self.reply is not None
                                           else "Read inside these corners")
        page["corner-panel"].setAttribute("data-outcome", kind)

    def fill(self, reply: dict) -> None:
        """A good reading into the grid, to check against the photo beside it."""
        puzzle = read(reply["puzzle"])
        self.doubts = scanning.doubts(reply)
        self.read_cells = tuple(puzzle.cells)
        self.fix = scanning.likely_fix(reply)
        self.close_panel()
        self.show_thumb()
        self.app.session.load(puzzle, ENTER)  # givens to check and correct, then Play
        self.app.changed((scanning.summary(puzzle.filled_count(), len(self.doubts), self.fix),
                          "ok"))

    # --- the photo panel -------------------------------------------------------------

    def open_panel(self) -> None:
        if self.app.lesson.active:
            self.app.lesson.close()
        self.reply = None
        page["corner-panel"].hidden = False
        page["corner-panel"].setAttribute("data-outcome", "")
        page["corner-read"].textContent = "Read inside these corners"
        page.body.setAttribute("data-screen", SCAN)
        window.scrollTo(0, 0)

    def close_panel(self) -> None:
        page["corner-panel"].hidden = True
        self.waiting = False
        if page.body.getAttribute("data-screen") == SCAN:
            page.body.setAttribute("data-screen", GAME)

    def cancel(self) -> None:
        """Back to the game, the grid unchanged."""
        self.close_panel()
        self.app.show()

    def note(self, message: str, tone: str) -> None:
        note = page["scan-note"]
        note.textContent = message
        note.setAttribute("data-tone", tone)

    def forget_photo(self) -> None:
        """The photo on show and its thumbnail go (a new photo, or another puzzle)."""
        if self.url:
            window.URL.revokeObjectURL(self.url)
            self.url = ""
        self.hide_thumb()
        page["corner-panel"].hidden = True

    def set_corners(self, shares, visible: bool = True) -> None:
        self.corners = [list(point) for point in shares]
        for index in range(4):
            self.place(index)
        page["corner-frame"].setAttribute("data-corners", "true" if visible else "false")

    def place(self, index: int) -> None:
        x, y = self.corners[index]
        dot = page["corner-" + str(index)]  # through the style object: the CSP bars style=""
        dot.style["left"] = scanning.percent(x)
        dot.style["top"] = scanning.percent(y)
        # the outline joining the dots shows the grid they enclose (viewBox 0..100)
        page["corner-shape"].setAttribute("points", " ".join(
            str(round(px * 100, 2)) + "," + str(round(py * 100, 2)) for px, py in self.corners))

    def grab(self, event) -> None:
        """Start dragging the dot pressed, or the one nearest a press on the photo."""
        x, y = self.share_of(event)
        target = str(event.target.id or "")
        if target.startswith("corner-") and target[7:].isdigit():
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
            if self.reply is not None:  # moved: the reading on show is not of these corners
                self.reply = None
                page["corner-read"].textContent = "Read inside these corners"

    def share_of(self, event) -> tuple:
        """Where a pointer event is over the photo, as shares 0..1 of its width and height."""
        box = page["corner-frame"].getBoundingClientRect()
        x = (event.clientX - box.left) / max(1, box.width)
        y = (event.clientY - box.top) / max(1, box.height)
        return scanning.clamp(x), scanning.clamp(y)

    # --- the photo beside the grid ---------------------------------------------------

    def show_thumb(self) -> None:
        """The photo cropped to the corners, beside the grid (and, tapped, over it)."""
        style = scanning.crop_style(self.corners)
        for image in (page["scan-thumb-img"], self.overlay_image()):
            image.setAttribute("src", self.url)
            for name, value in style.items():
                image.style[name] = value
        page["scan-thumb"].hidden = False
        self.lay_over(False)

    def hide_thumb(self) -> None:
        page["scan-thumb"].hidden = True
        self.lay_over(False)

    def overlay_image(self):
        """The <img> of the photo laid over the grid (its box made once, put back into the
        grid whenever the board was rebuilt)."""
        if self.overlay is None:
            self.overlay = web.div(classes=["scan-overlay"])
            self.overlay.setAttribute("aria-hidden", "true")
            self.overlay_img = web.img()
            self.overlay_img.setAttribute("alt", "")
            self.overlay.append(self.overlay_img)
        if self.overlay.parentElement is None:  # new, or gone with the board's old cells
            page["grid"].append(self.overlay)
        return self.overlay_img

    def lay_over(self, shown: bool) -> None:
        """Show or hide the cropped photo over the grid."""
        page["scan-thumb"].setAttribute("aria-pressed", "true" if shown else "false")
        if self.overlay is not None:
            self.overlay.setAttribute("data-shown", "true" if shown else "false")

    def toggle_overlay(self) -> None:
        self.overlay_image()
        self.lay_over(page["scan-thumb"].getAttribute("aria-pressed") != "true")

    # --- the grid as read --------------------------------------------------------------

    def fix_note(self, puzzle) -> str:
        """'Likely fix: ... ' while the grid is still as read from the photo, else '': put
        before the conflict message that replaces the read's status, it stays in sight in
        the three-line status on a phone."""
        if self.fix and self.read_cells == tuple(puzzle.cells):
            return self.fix + ". "
        return ""

    def mark(self, view, puzzle) -> None:
        """Light, in the view about to be painted, the cells still holding a digit read
        with doubt."""
        for cell, digit in self.doubts.items():
            if cell < len(view.cells) and puzzle.cells[cell] == digit and not view.cells[cell].hint:
                view.cells[cell].hint = "doubt"


def wire(scan: Scan) -> None:
    """Connect the photo input, the photo panel and the thumbnail (in index.html)."""

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

    @when("click", "#scan-close")
    def on_close(event):
        scan.cancel()

    @when("click", "#scan-thumb")
    def on_thumb(event):
        scan.toggle_overlay()
