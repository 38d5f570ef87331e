"""Scan a photo (the #photo file input): the worker decodes and reads the photo, the grid
read goes into the board for the player to confirm, with the cells read with doubt lit
(hint 'doubt') until they are changed, conflicts shown as usual, and the likeliest repair
named when the grid read has no or several solutions. State only; main.py wires it."""

from pyscript import window
from pyscript.web import page

from solver.model.puzzle import read
from ui import protocol

DOUBT = 0.85  # a cell read with less confidence than this is lit for checking


class Scan:
    """The last photo read: which cells to light and what to say about it."""

    def __init__(self, app):
        self.app = app
        self.doubts = {}  # cell -> the digit read there with doubt, lit while it stays
        self.busy = False
        self.answered = 0  # photos answered, as data-scanned on <body> for the tests

    async def read(self, file) -> None:
        """Read the photo in `file` (a File) in the worker and fill the grid with it; a
        failure says what to try and leaves the grid as it was."""
        if self.busy:
            return
        self.busy = True
        self.app.say("Reading the photo\u2026", "")
        url = window.URL.createObjectURL(file)
        try:
            reply = await self.app.client.call_export("scan_photo", url)
        finally:
            window.URL.revokeObjectURL(url)
            self.busy = False
        if reply is None:
            return  # cancelled meanwhile
        if reply["status"] == protocol.READ:
            self.fill(reply)
        else:
            self.app.note = ("Could not read the photo: " + reply["message"] + ".", "error")
            self.app.show()
        self.answered += 1
        page.body.setAttribute("data-scanned", str(self.answered))

    def fill(self, reply: dict) -> None:
        puzzle = read(reply["puzzle"])
        confidence = reply["confidence"]
        self.doubts = {cell: puzzle.cells[cell] for cell in range(len(confidence))
                       if confidence[cell] < DOUBT}
        self.app.session.change(puzzle)
        self.app.changed((self.summary(puzzle, reply["repairs"]), "ok"))

    def summary(self, puzzle, repairs: list) -> str:
        """What the status says after a read: digits found, cells to check, a repair."""
        text = ("Read from the photo: " + str(puzzle.givens()) + " digits. Check it against "
                "the photo and tap a cell to correct it")
        if self.doubts:
            text += "; the " + str(len(self.doubts)) + " lit cells were hard to read"
        if repairs:
            text += ". Likely fix: " + self.describe(puzzle, read(repairs[0]))
        return text + "."

    def describe(self, puzzle, fixed) -> str:
        g = puzzle.geometry
        changes = []
        for cell in range(len(puzzle.cells)):
            if puzzle.cells[cell] != fixed.cells[cell]:
                digit = fixed.cells[cell]
                changes.append(g.cell_name(cell) + (" is " + str(digit) if digit else
                                                    " is empty"))
        return ", ".join(changes)

    def mark(self, view, puzzle) -> None:
        """Light, in the view about to be painted, the cells still holding a digit read
        with doubt."""
        for cell, digit in self.doubts.items():
            if cell < len(view.cells) and puzzle.cells[cell] == digit and not view.cells[cell].hint:
                view.cells[cell].hint = "doubt"
