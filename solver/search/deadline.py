"""The one way a search stops early: past its caller's deadline on the monotonic clock,
which `monotonic()` here reads (MicroPython has no time.monotonic: its nanosecond clock
stands in)."""

import builtins

try:
    from time import monotonic as monotonic  # the clock every deadline is on
except ImportError:  # MicroPython
    from time import time_ns

    def monotonic() -> float:
        """Seconds on a clock that only counts up (here: since the epoch)."""
        return time_ns() / 1e9


# CPython's TimeoutError; MicroPython has none built in, so there OSError, its base in CPython.
_TIMEOUT_BASE = getattr(builtins, "TimeoutError", OSError)


class SearchTimeout(_TIMEOUT_BASE):
    """The search ran past its deadline; `solutions` holds those found before it."""

    def __init__(self, solutions: list[tuple[int, ...]]):
        super().__init__("the search ran out of time")
        self.solutions = solutions
