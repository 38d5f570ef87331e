"""Scan a photo (the #photo file input), the page's side: the photo goes to the Controller
(which queues it while the solver loads and fills the grid with what was read, the doubtful
cells lit); when no grid is found, the photo is shown with four dots joined by an outline,
to drag onto the grid's corners (#corner-panel), and read again inside them."""

import json

from pyscript import when, window
from pyscript.web import page

import protocol

START_CORNERS = [[0.15, 0.15], [0.85, 0.15], [0.85, 0.85], [0.15, 0.85]]  # shares of the photo


class Scan:
    """The photo read last and the corners set by hand."""

    def __init__(self, app):
        self.app = app
        self.url = ""  # the blob: URL of the photo read last, shown for corners by hand
        self.corners = [list(point) for point in START_CORNERS]
        self.dragging = None  # the corner being dragged, 0-3
        self.seen = 0  # the controller's photos answered, as shown

    def read(self, file) -> None:
        """Read the photo in `file` (a File)."""
        if self.app.ctl.busy is not None:
            return
        self.forget_photo()
        self.url = window.URL.createObjectURL(file)
        self.app.act(self.app.ctl.scan(self.url))

    def read_corners(self) -> None:
        """Read the last photo again inside the corners set by hand."""
        self.app.act(self.app.ctl.scan(self.url, json.dumps(self.corners)))

    def follow(self) -> None:
        """After a render: a new answer shows (or hides) the corners."""
        ctl = self.app.ctl
        if ctl.scanned == self.seen:
            return
        self.seen = ctl.scanned
        reply = ctl.scan_reply
        if reply.get("status") == protocol.READ:
            page["corner-panel"].hidden = True
        elif reply.get("decoded"):
            self.offer_corners()
        page.body.setAttribute("data-scan-ms", " ".join(str(ms) for ms in reply.get("ms", ())))
        page.body.setAttribute("data-scanned", str(ctl.scanned))

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

    def wire(self) -> None:
        """Connect the photo input and the corner dots (in index.html)."""

        @when("change", "#photo")
        def on_photo(event):
            files = event.target.files
            if files.length:
                self.read(files.item(0))
            event.target.value = ""  # taking or picking the same photo again reads it again

        @when("pointerdown", "#corner-frame")
        def on_grab(event):
            self.grab(event)

        @when("pointermove", "#corner-frame")
        def on_drag(event):
            self.move(event)

        @when("pointerup", "#corner-frame")
        def on_drop(event):
            self.dragging = None

        @when("click", "#corner-read")
        def on_read(event):
            self.read_corners()
