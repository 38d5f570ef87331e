"""The rules while a puzzle is entered: in the top bar, a button naming them (#rules-open,
which opens the choice: Classic, Killer or Jigsaw, the extra rules on top) and Play; under
the grid (#rules-bar), the choice when open and the Cage or Region tool with a cage's sum;
and the strokes on the grid while the tool is on (pointer events: a finger dragged, the
mouse, a tap). The choice stays closed until asked for, so a classic puzzle is typed with
the pad where it always is on a small phone.

A DOM adapter: each event is one Controller call (ui/entering.py decides), then the page
is drawn; `paint` shows the view's "entering" part. Only text and attributes are set.
"""

from pyscript import document, when
from pyscript.web import page

from ui import messages
from ui.cells import cell_of_id
from ui.entering import CLASSIC


class RulesBar:
    """The rules bar and the grid's strokes, for one App (ui/main.py)."""

    def __init__(self, app):
        self.app = app
        self.at = None  # the cell the stroke under way is on (None: no stroke)
        self.shown = None  # the "entering" view on show
        self.choosing = False  # the choice of rules open (the page's own state: no decision)

    def wire(self) -> None:
        """The bar's buttons and the sum's Enter key, and the strokes."""
        app, ctl = self.app, self.app.ctl

        @when("click", "#rules-bar")
        def on_click(event):
            button = event.target.closest("button")
            if not button:
                return
            base, extra = button.getAttribute("data-base"), button.getAttribute("data-extra")
            if base:
                app.guarded(lambda: ctl.choose_rules(str(base)))
            elif extra:
                app.guarded(lambda: ctl.toggle_rule(str(extra)))
            elif button.id in BUTTONS:
                app.guarded(BUTTONS[button.id](self))

        @when("keydown", "#cage-sum")
        def on_sum_key(event):
            if str(event.key) == "Enter":
                event.preventDefault()
                app.guarded(self.add_cage)

        @when("click", "#rules-open")
        def on_open(event):
            self.choosing = not self.choosing
            self.show_choice()

        @when("click", "#rules-play")
        def on_play(event):
            self.choosing = False
            app.guarded(ctl.play)

        self.wire_strokes()

    def wire_strokes(self) -> None:
        """A stroke on the grid with the tool on: down on a cell, over others, up."""
        app, ctl = self.app, self.app.ctl

        @when("pointerdown", "#grid")
        def on_down(event):
            if not self.tool_on():
                return
            cell = cell_of_id(str(event.target.id or ""))
            if cell is None:
                return
            event.preventDefault()  # no focus, no text selection: the stroke picks cells
            self.at = cell
            app.guarded(lambda: ctl.stroke(cell, True))

        @when("pointermove", "#grid")
        def on_move(event):
            if self.at is None:
                return
            # a touch's events all go to the cell it began on: the cell under the finger now
            under = document.elementFromPoint(event.clientX, event.clientY)
            cell = cell_of_id(str(under.id or "")) if under else None
            if cell is not None and cell != self.at:
                self.at = cell
                app.guarded(lambda: ctl.stroke(cell, False))

        @when("pointerup", "body")
        def on_up(event):
            self.end()

        @when("pointercancel", "body")
        def on_cancel(event):
            self.end()

    def end(self) -> None:
        if self.at is not None:
            self.at = None
            self.app.guarded(self.app.ctl.end_stroke)

    def tool_on(self) -> bool:
        shown = self.shown
        return shown is not None and shown["open"] and shown["tool_on"]

    def show_choice(self) -> None:
        """The choice of rules shown while asked for (and while entering); the bar under the
        grid only when it holds the choice or a tool."""
        entering = self.shown
        shown = self.choosing and entering is not None and entering["open"]
        page["rules-choice"].hidden = not shown
        page["rules-open"].setAttribute("aria-expanded", "true" if shown else "false")
        page["rules-bar"].hidden = not (shown or entering is not None and entering["open"]
                                        and entering["tool"])

    def add_cage(self) -> None:
        ctl = self.app.ctl
        ctl.add_cage(str(page["cage-sum"].value))
        if not ctl.entering.picked:
            page["cage-sum"].value = ""

    def delete_cage(self) -> None:
        self.app.ctl.delete_cage()
        page["cage-sum"].value = ""

    def cancel(self) -> None:
        self.app.ctl.drop_picked()
        page["cage-sum"].value = ""

    def paint(self, entering: dict) -> None:
        """Show the view's "entering" part (Controller.view)."""
        if entering == self.shown:
            return
        before, self.shown = self.shown, entering
        page["rules-open"].hidden = page["rules-play"].hidden = not entering["open"]
        page["rules-name"].textContent = messages.rules_name(
            ((entering["base"],) if entering["base"] != CLASSIC else ()) + entering["extras"])
        self.show_choice()
        document.body.setAttribute("data-tool", "on" if self.tool_on() else "off")
        for button in page.find("#rules-bar [data-base]"):
            on = button.getAttribute("data-base") == entering["base"]
            button.setAttribute("aria-checked", "true" if on else "false")
        for button in page.find("#rules-bar [data-extra]"):
            name = button.getAttribute("data-extra")
            button.setAttribute("aria-pressed", "true" if name in entering["extras"] else "false")
            button.disabled = name == "windoku" and not entering["windoku"]
        tool = entering["tool"]
        page["rules-tool"].hidden = not tool
        page["tool"].textContent = messages.TOOL_TITLES.get(tool, "")
        page["tool"].setAttribute("aria-pressed", "true" if entering["tool_on"] else "false")
        page["cage-entry"].hidden = not (tool == "cage" and entering["tool_on"])
        page["cage-delete"].hidden = not entering["sum"]
        if before is None or entering["sum"] != before["sum"]:
            page["cage-sum"].value = entering["sum"]  # a cage picked to edit: its sum


# The bar's other buttons: what each does, given the bar (a function of it, for `guarded`).
BUTTONS = {
    "tool": lambda bar: bar.app.ctl.toggle_tool,
    "cage-add": lambda bar: bar.add_cage,
    "cage-delete": lambda bar: bar.delete_cage,
    "cage-cancel": lambda bar: bar.cancel,
}
