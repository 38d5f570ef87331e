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


# mypy cannot follow a base chosen at run time (ignored for that reason alone): it is
# TimeoutError wherever CPython or Pyodide runs, which the type checker sees.
class SearchTimeout(_TIMEOUT_BASE):  # type: ignore[misc, valid-type]
    """The search ran past its deadline; `solutions` holds those found before it."""

    def __init__(self, solutions: list[tuple[int, ...]]):
        super().__init__("the search ran out of time")
        self.solutions = solutions
