"""The game's one menu (#more): Solve, Step, Check, Explain, Fill candidates, Copy link,
Watch the search, Edit givens and the settings. On a phone it opens over the pad as a
sheet and closes after an action, on Escape or a tap elsewhere; on a wide screen it is
always open beside the grid (app.css), and #more is not shown.
"""

from pyscript import when
from pyscript.web import page


def set_open(opened: bool) -> None:
    page["menu"].setAttribute("data-open", "true" if opened else "false")
    page["more"].setAttribute("aria-expanded", "true" if opened else "false")


def is_open() -> bool:
    return page["menu"].getAttribute("data-open") == "true"


def wire() -> None:
    """Connect #more, the menu's buttons (an action closes it) and Escape."""

    @when("click", "#more")
    def on_more(event):
        set_open(not is_open())

    @when("click", "#menu")
    def on_action(event):
        if event.target.closest("button"):  # a setting (a box, the size) keeps it open
            set_open(False)

    @when("keydown", "body")
    def on_escape(event):
        if str(event.key) == "Escape" and is_open():
            set_open(False)
            page["more"].focus()

    @when("pointerdown", "body")
    def on_elsewhere(event):
        if is_open() and not event.target.closest("#menu, #more"):
            set_open(False)
