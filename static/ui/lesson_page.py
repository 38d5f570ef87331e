"""The lesson screen's DOM (#lesson-bar above the grid, #lesson below it): shows the step
ui.lesson.Lesson has on show on the page's one grid, and turns Previous, Next, the slider,
Back and "Play from here" into Lesson calls. Decisions live in ui/lesson.py.
Only text content and attributes are set."""

from pyscript import when, window
from pyscript.web import page

from ui.lesson import Lesson

GAME, LESSON = "game", "lesson"  # body's data-screen (app.css shows each screen's parts)


class LessonPage:
    """The lesson on show, if any, for the App in main.py."""

    def __init__(self, app):
        self.app = app
        self.lesson = None

    @property
    def active(self) -> bool:
        return self.lesson is not None

    def open(self, moment, steps) -> None:
        """Step through `steps` (an Explain reply's) from the grid of `moment`."""
        self.lesson = Lesson(moment, steps)
        page.body.setAttribute("data-screen", LESSON)
        page["lesson-bar"].hidden = False
        page["lesson"].hidden = False
        slider = page["lesson-slider"]
        slider.setAttribute("max", str(self.lesson.count))
        window.scrollTo(0, 0)  # the whole lesson is one screen: grid, sentence, buttons
        self.go(0)

    def go(self, index: int) -> None:
        """Show step `index` (0-based): its position on the grid, its sentence below."""
        if self.lesson is None:
            return
        lesson = self.lesson
        shown = lesson.go(index)
        self.app.board.render(lesson.view())
        count, technique = lesson.title()
        page["lesson-count"].textContent = count
        page["lesson-technique"].textContent = technique
        page["lesson-sentence"].textContent = lesson.sentence()
        page["lesson-slider"].value = str(shown + 1)
        page["lesson-slider"].setAttribute("aria-valuetext", count + ": " + technique)
        page["lesson-prev"].disabled = shown == 0
        page["lesson-next"].disabled = shown == lesson.count - 1
        page["lesson"].setAttribute("data-step", str(shown))

    def draw(self) -> None:
        """Repaint the step on show (App.draw while the lesson is open)."""
        self.go(self.lesson.index)

    def close(self) -> None:
        """Back to the game as it was."""
        self.lesson = None
        page.body.setAttribute("data-screen", GAME)
        page["lesson-bar"].hidden = True
        page["lesson"].hidden = True
        self.app.show()

    def play(self) -> None:
        """Play on from the position of the step on show (one history entry: Undo goes
        back to the grid the lesson started from)."""
        lesson = self.lesson
        moment = lesson.play_moment()
        number = lesson.index + 1
        self.close()
        self.app.session.go(moment)
        self.app.changed(("Playing from step " + str(number) + " of the lesson: its "
                          "technique is yours to find. Undo goes back to your grid.", "ok"))


def wire(lesson: LessonPage) -> None:
    """Connect the lesson's controls (in index.html) to it."""

    @when("click", "#lesson-prev")
    def on_prev(event):
        lesson.go(lesson.lesson.index - 1)

    @when("click", "#lesson-next")
    def on_next(event):
        lesson.go(lesson.lesson.index + 1)

    @when("input", "#lesson-slider")
    def on_slide(event):
        lesson.go(int(page["lesson-slider"].value) - 1)

    @when("click", "#lesson-play")
    def on_play(event):
        lesson.play()

    @when("click", "#lesson-close")
    def on_close(event):
        lesson.close()
