"""The lesson screen's DOM (#lesson-bar above the grid, #lesson below it), painted from the
controller's view["lesson"] (ui/controller.py; the positions are ui/lesson.py's, the grid
itself Board's): the step's counter, technique and sentence, a nested forcing chain's
"Show chain" buttons, the slider and the buttons. Previous, Next, the slider, a chain's
button, Back and "Play from here" become Controller calls. Only text
content and attributes are set."""

from pyscript import when, window
from pyscript.web import button, page

from ui import messages as say

# the lesson on show, as painted (unchanged parts are not redrawn); the step whose shorter
# chains' buttons are on show and those buttons (kept while the step is, so one keeps focus)
shown = {"lesson": None, "chains_of": None, "buttons": []}


def paint(lesson) -> None:
    """Show the lesson (a dict from Controller.lesson()), or hide it (None)."""
    was, shown["lesson"] = shown["lesson"], lesson
    page["lesson-bar"].hidden = lesson is None
    page["lesson"].hidden = lesson is None
    if lesson is None or lesson == was:
        return
    if was is None:
        window.scrollTo(0, 0)  # the whole lesson is one screen: grid, sentence, buttons
        shown["chains_of"] = None  # another lesson: its step 1 is not the last one's
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
    paint_chains(lesson)


def paint_chains(lesson) -> None:
    """The row of buttons under a nested forcing chain's sentence, one per shorter chain it
    names by number ("shorter chain 2 shows it"), the one on show pressed; hidden for a step
    that names none. Made anew only when the step changes."""
    count, open_chain = lesson["chains"], lesson["chain"]
    page["lesson-chains"].hidden = not count
    if shown["chains_of"] != (lesson["index"], count):
        shown["chains_of"] = (lesson["index"], count)
        shown["buttons"] = []
        for k in range(count):
            made = button()
            made.setAttribute("type", "button")
            made.setAttribute("data-chain", str(k))
            made.textContent = str(k + 1)
            shown["buttons"].append(made)
        row = page["lesson-chain-buttons"]
        row.replaceChildren()
        if shown["buttons"]:
            row.append(shown["buttons"])
    for k, made in enumerate(shown["buttons"]):
        made.setAttribute("aria-pressed", "true" if k == open_chain else "false")
        made.setAttribute("aria-label", say.chain_label(k + 1, k == open_chain))


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

    @when("click", "#lesson-chains")
    def on_chain(event):
        pressed = event.target.closest("[data-chain]")
        if pressed:
            ctl.lesson_chain(int(pressed.getAttribute("data-chain")))
            app.render()

    @when("click", "#lesson-play")
    def on_play(event):
        ctl.play_from()
        app.render()

    @when("click", "#lesson-close")
    def on_close(event):
        ctl.close_lesson()
        app.render()
