"""The coach's parts of the page, painted from the controller's view: the difficulty badge
and Explain's list of steps (a tap on one shows it on the grid). The decisions (Hint, Step,
Explain, New game, the badge's rating) are the Controller's (ui/controller.py). Only text
content and attributes are set.
"""

from pyscript import web, when
from pyscript.web import page

from ui.messages import rating_words

RATE_DELAY = 0.4  # seconds without an edit before the difficulty is asked for
shown = {"steps": None, "badge": None}  # what is on show, so unchanged parts are not redrawn


def stale_badge() -> None:
    """The grid changed: the badge is stale until rated again."""
    page["difficulty"].setAttribute("data-stale", "true")


def paint(view: dict) -> None:
    paint_badge(view)
    paint_lesson(view["lesson"])


def paint_badge(view: dict) -> None:
    """The difficulty badge of the grid on show (data-for names the grid it belongs to)."""
    rating = view["rating"]
    if rating is None or rating is shown["badge"]:
        return
    shown["badge"] = rating
    puzzle, text, level = rating
    badge = page["difficulty"]
    badge.textContent = text
    badge.setAttribute("data-level", level)
    badge.setAttribute("data-for", puzzle.to_string("0"))
    badge.setAttribute("data-stale", "false")
    badge.hidden = not text


def paint_lesson(lesson) -> None:
    """Explain's steps below the grid (hidden when there are none)."""
    panel = page["explain-panel"]
    if lesson is None:
        panel.hidden = True
        shown["steps"] = None
        return
    if lesson["steps"] is not shown["steps"]:
        shown["steps"] = lesson["steps"]
        items = []
        for number, step in enumerate(lesson["steps"]):
            item = web.li()
            item.setAttribute("value", str(number + 1))
            # a button, so a tap or the keyboard shows the step on the grid
            show = web.button(classes=["step-link"])
            show.setAttribute("type", "button")
            show.setAttribute("data-step", str(number))
            show.textContent = step["technique"] + ": " + step["explanation"]
            item.append(show)
            items.append(item)
        page["explain-list"].replaceChildren()
        page["explain-list"].append(items)
        summary = str(lesson["count"]) + " steps from the grid on screen to the solution."
        if lesson.get("rating"):
            summary += " Difficulty: " + rating_words(lesson["rating"]) + "."
        page["explain-summary"].textContent = summary
        panel.hidden = False
    stale = lesson["stale"]
    if stale and panel.getAttribute("data-stale") != "true":
        page["explain-summary"].textContent = "The grid has changed: press Explain again."
    panel.setAttribute("data-stale", "true" if stale else "false")


def wire(app) -> None:
    """Connect Explain's list (in index.html): a tapped step is shown on the grid."""

    @when("click", "#explain-list")
    def on_explained(event):
        button = event.target.closest("button")
        if button:
            app.ctl.lesson_go(int(button.getAttribute("data-step")))
            app.render()
