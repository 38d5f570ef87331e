"""The lesson screen's DOM (#lesson-bar above the grid, #lesson below it), painted from the
controller's view["lesson"] (ui/controller.py; the positions are ui/lesson.py's, the grid
itself Board's): the step's counter, technique and sentence, the slider and the buttons.
Previous, Next, the slider, Back and "Play from here" become Controller calls. Only text
content and attributes are set."""

from pyscript import when, window
from pyscript.web import page

shown = {"lesson": None}  # the lesson on show, as painted (unchanged parts are not redrawn)


def paint(lesson) -> None:
    """Show the lesson (a dict from Controller.lesson()), or hide it (None)."""
    was, shown["lesson"] = shown["lesson"], lesson
    page["lesson-bar"].hidden = lesson is None
    page["lesson"].hidden = lesson is None
    if lesson is None or lesson == was:
        return
    if was is None:
        window.scrollTo(0, 0)  # the whole lesson is one screen: grid, sentence, buttons
    index, count = lesson["index"], lesson["count"]
    page["lesson-count"].textContent = lesson["counter"]
    page["lesson-technique"].textContent = lesson["technique"]
    page["lesson-sentence"].textContent = lesson["sentence"]
    page["lesson-sentence"].scrollTop = 0  # a long step is read from its start
    slider = page["lesson-slider"]
    slider.setAttribute("max", str(count))
    slider.value = str(index + 1)
    slider.setAttribute("aria-valuetext", lesson["counter"] + ": " + lesson["technique"])
    page["lesson-prev"].disabled = index == 0
    page["lesson-next"].disabled = index == count - 1
    page["lesson"].setAttribute("data-step", str(index))


def wire(app) -> None:
    """Connect the lesson's controls (in index.html) to the controller."""
    ctl = app.ctl

    def index() -> int:
        return shown["lesson"]["index"] if shown["lesson"] else 0

    @when("click", "#lesson-prev")
    def on_prev(event):
        ctl.lesson_go(index() - 1)
        app.render()

    @when("click", "#lesson-next")
    def on_next(event):
        ctl.lesson_go(index() + 1)
        app.render()

    @when("input", "#lesson-slider")
    def on_slide(event):
        ctl.lesson_go(int(page["lesson-slider"].value) - 1)
        app.render()

    @when("click", "#lesson-play")
    def on_play(event):
        ctl.play_from()
        app.render()

    @when("click", "#lesson-close")
    def on_close(event):
        ctl.close_lesson()
        app.render()
