"""The status line under the header: three lines always, so a message never moves the grid.
A longer message shows its first three lines and a More button, which opens the whole of it
over the grid (nothing below moves) until Less or the next message closes it.
"""

from pyscript import when
from pyscript.web import page


def say(message: str, tone: str = "") -> None:
    """Show a message (as text) with its tone: '', 'ok', 'warn' or 'error'."""
    status = page["status"]
    status.textContent = message
    status.setAttribute("data-tone", tone)
    open_status(False)


def open_status(opened: bool) -> None:
    """Open the whole message over the grid, or close it to three lines; More is offered
    only when the message is longer than those."""
    box, more = page["status-box"], page["status-more"]
    box.setAttribute("data-open", "true" if opened else "false")
    status = page["status"]
    more.hidden = not opened and status.scrollHeight <= status.clientHeight + 1
    more.textContent = "Less" if opened else "More"
    more.setAttribute("aria-expanded", "true" if opened else "false")


def wire() -> None:
    """Connect the More/Less button (in index.html)."""

    @when("click", "#status-more")
    def on_more(event):
        open_status(page["status-box"].getAttribute("data-open") != "true")
