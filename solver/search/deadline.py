"""The one way a search stops early: past its caller's deadline on the monotonic clock."""


class SearchTimeout(TimeoutError):
    """The search ran past its deadline; `solutions` holds those found before it."""

    def __init__(self, solutions: list[tuple[int, ...]]):
        super().__init__("the search ran out of time")
        self.solutions = solutions
