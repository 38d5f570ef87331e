"""Scan a photo (the #photo file input), the page's side: a picked photo goes to the
Controller (which queues it while the solver loads) and is ALWAYS shown on its own screen
(#corner-panel) with the grid's outline and four corner dots to drag, to confirm the reading
("Use this reading") or adjust the corners and read again; once used, the photo cropped to
the grid sits beside it (#scan-thumb) and, tapped, lies over the grid to compare. The
decisions are the Controller's and ui/scanning.py's; this paints view["scan"]."""

import json

from pyscript import web, when, window
from pyscript.web import page

from ui import scanning


class Scan:
    """The photo on show (its blob: URL), the corners as dragged, and the overlay."""

    def __init__(self, app):
        self.app = app
        self.url = ""  # the blob: URL of the photo on show
        self.corners = [list(point) for point in scanning.START_CORNERS]
        self.dragging = None  # the corner being dragged, 0-3
        self.seen = 0  # the controller's photos answered, as shown
        self.cropped = None  # the crop on show beside the grid
        self.overlay = None  # the cropped photo laid over the grid, made on first use
        self.overlay_img = None

    def read(self, file) -> None:
        """Show and read the photo in `file` (a File)."""
        if self.app.ctl.busy is not None:
            return
        self.forget_photo()
        self.url = window.URL.createObjectURL(file)
        page["corner-photo"].setAttribute("src", self.url)
        self.set_corners(scanning.START_CORNERS, False)
        self.app.act(self.app.ctl.scan(self.url))
        window.scrollTo(0, 0)

    def read_corners(self) -> None:
        """Use the reading on show, or read the photo again inside the corners on show."""
        ctl = self.app.ctl
        if ctl.usable():
            ctl.use_reading()
            self.app.render()
        else:
            self.app.act(ctl.scan(self.url, json.dumps(self.corners)))

    def follow(self, view: dict) -> None:
        """After a render: the panel, its note and button, a new answer's corners, the
        thumbnail beside the grid."""
        scan = view["scan"]
        page["corner-panel"].hidden = not scan["open"]
        if self.seen != scan["answered"]:
            self.seen = scan["answered"]
            if scan["shares"] is not None:
                self.set_corners(scan["shares"])
            else:
                self.set_corners(self.corners)  # no grid found: the dots where they are
            reply = self.app.ctl.scan_reply
            page.body.setAttribute("data-scan-ms",
                                   " ".join(str(ms) for ms in reply.get("ms", ())))
            page.body.setAttribute("data-scanned", str(scan["answered"]))
        text, tone = scan["note"]
        note = page["scan-note"]
        note.textContent = text
        note.setAttribute("data-tone", tone)
        read = page["corner-read"]
        read.textContent = "Use this reading" if scan["usable"] else "Read inside these corners"
        read.disabled = scan["busy"]
        self.show_crop(scan["crop"])

    def forget_photo(self) -> None:
        if self.url:
            window.URL.revokeObjectURL(self.url)
            self.url = ""

    # --- the corners ---------------------------------------------------------------------

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

    def drop(self) -> None:
        if self.dragging is not None:
            self.dragging = None
            self.app.ctl.move_corners()
            self.app.render()

    def share_of(self, event) -> tuple:
        """Where a pointer event is over the photo, as shares 0..1 of its width and height."""
        box = page["corner-frame"].getBoundingClientRect()
        x = (event.clientX - box.left) / max(1, box.width)
        y = (event.clientY - box.top) / max(1, box.height)
        return scanning.clamp(x), scanning.clamp(y)

    # --- the photo beside the grid ---------------------------------------------------------

    def show_crop(self, crop) -> None:
        """The photo read, cropped to the grid, beside it (None: none)."""
        if crop == self.cropped:
            return
        self.cropped = crop
        page["scan-thumb"].hidden = crop is None
        self.lay_over(False)
        if crop is None:
            return
        for image in (page["scan-thumb-img"], self.overlay_image()):
            image.setAttribute("src", self.url)
            for name, value in crop.items():
                image.style[name] = value

    def overlay_image(self):
        """The <img> of the photo laid over the grid (its box made once, put back into the
        grid whenever the board was rebuilt)."""
        if self.overlay is None:
            self.overlay = web.div(classes=["scan-overlay"])
            self.overlay.setAttribute("aria-hidden", "true")
            self.overlay.setAttribute("data-shown", "false")
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

    def wire(self) -> None:
        """Connect the photo panel and the thumbnail (in index.html); the photo input is
        main.py's, which makes this part with the first photo."""

        @when("pointerdown", "#corner-frame")
        def on_grab(event):
            self.grab(event)

        @when("pointermove", "#corner-frame")
        def on_drag(event):
            self.move(event)

        @when("pointerup", "#corner-frame")
        def on_drop(event):
            self.drop()

        @when("click", "#corner-read")
        def on_read(event):
            self.read_corners()

        @when("click", "#scan-close")
        def on_close(event):
            self.app.ctl.close_scan()
            self.app.render()

        @when("click", "#scan-thumb")
        def on_thumb(event):
            self.toggle_overlay()
