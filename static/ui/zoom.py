"""Zoom for the big grids (16x16 and 25x25): on a phone their cells are 10-20 px, too small
to tap or to read notes in. Zoom shows them at a finger's size (app.css: 2.6rem) inside the
grid's own square, which scrolls (swipe to pan; the keyboard's focus scrolls along), the
selected cell brought to the middle; Zoom again shows the whole grid.
"""

from pyscript import when
from pyscript.web import page

ZOOM_FROM_SIZE = 16  # smaller grids fit a phone at a tappable size already


class Zoom:
    """The #zoom button and the grid's data-zoom, for the App in main.py."""

    def __init__(self, app):
        self.app = app
        self.on = False
        self.size = 0  # the grid size the button was last set up for

    def follow(self) -> None:
        """After every redraw: offer Zoom on the big sizes only; a new size starts whole."""
        size = self.app.ctl.session.puzzle.size
        if size != self.size:
            self.size = size
            page["zoom"].hidden = size < ZOOM_FROM_SIZE
            self.set(False)

    def toggle(self) -> None:
        self.set(not self.on)
        self.app.board.focus(self.app.ctl.selected)

    def set(self, on: bool) -> None:
        self.on = on
        grid = page["grid"]
        grid.setAttribute("data-zoom", "true" if on else "false")
        page["zoom"].setAttribute("aria-pressed", "true" if on else "false")
        if on:
            self.centre(self.app.ctl.selected)

    def wire(self) -> None:
        """Connect the #zoom button (in index.html)."""

        @when("click", "#zoom")
        def on_zoom(event):
            self.toggle()

    def centre(self, cell: int) -> None:
        """Scroll the zoomed grid so that `cell` is in the middle of its square."""
        grid = page["grid"]
        target = self.app.board.cells[cell]
        grid.scrollLeft = target.offsetLeft - (grid.clientWidth - target.offsetWidth) // 2
        grid.scrollTop = target.offsetTop - (grid.clientHeight - target.offsetHeight) // 2
