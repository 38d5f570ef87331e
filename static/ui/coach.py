"""The coach's part of the page, painted from the controller's view: the difficulty badge
(Explain's lesson is ui/lesson_page.py's). The decisions (Hint, Step, Explain, New game, the
badge's rating) are the Controller's (ui/controller.py). Only text content and attributes
are set.
"""

from pyscript.web import page

RATE_DELAY = 0.4  # seconds without an edit before the difficulty is asked for
shown = {"badge": None}  # what is on show, so unchanged parts are not redrawn


def stale_badge() -> None:
    """The grid changed: the badge is stale until rated again."""
    page["difficulty"].setAttribute("data-stale", "true")


def paint(view: dict) -> None:
    paint_badge(view)


def paint_badge(view: dict) -> None:
    """The difficulty badge of the grid on show (data-for names the grid it belongs to)."""
    rating = view["rating"]
    if rating is None or rating is shown["badge"]:
        return
    shown["badge"] = rating
    key, text, level = rating  # key: the Controller's badge_key(), the grid first
    badge = page["difficulty"]
    badge.textContent = text
    badge.setAttribute("data-level", level)
    badge.setAttribute("data-for", key[0].to_string("0"))
    badge.setAttribute("data-stale", "false")
    badge.hidden = not text
