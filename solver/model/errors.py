"""The one error type for bad puzzles: a message naming the problem and the cells it is in."""


class PuzzleError(ValueError):
    """A puzzle that cannot be read or breaks the rules.

    `message` names the exact problem and place; `cells` holds the 0-based indices of the
    cells involved (empty when the problem is not about particular cells).
    """

    def __init__(self, message: str, cells=()):
        super().__init__(message)  # MicroPython has no ValueError.__init__ to call directly
        self.message = message
        self.cells = tuple(cells)

    def __str__(self) -> str:
        return self.message
