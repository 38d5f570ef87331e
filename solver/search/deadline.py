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


# typing.TYPE_CHECKING without the typing module, which MicroPython lacks; type checkers take
# it as true, so they see the base CPython and Pyodide have (a base chosen at run time they
# cannot follow).
TYPE_CHECKING = False
if TYPE_CHECKING:
    _TIMEOUT_BASE = TimeoutError
else:  # CPython's TimeoutError; MicroPython has none built in, so OSError, its CPython base.
    _TIMEOUT_BASE = getattr(builtins, "TimeoutError", OSError)


class SearchTimeout(_TIMEOUT_BASE):
    """The search ran past its deadline; `solutions` holds those found before it."""

    def __init__(self, solutions: list[tuple[int, ...]]) -> None:
        super().__init__("the search ran out of time")
        self.solutions = solutions
