"""The time spent on a puzzle, as plain data: a stopwatch that adds up its runs, the clock
text shown ("4:07", "1:02:33") and the times kept across reloads per puzzle.

No DOM here: the page's timer (ui/timer.py) hands in the clock's milliseconds, so
MicroPython runs it in the page and CPython in the tests.
"""

import json

TIMES_KEPT = 5  # puzzles whose time is kept (Undo back to the last puzzle finds its time)
# a kept time's puzzle (protocol.puzzle_text): a 25x25's givens, a 9x9 Killer's text
MAX_GIVENS_CHARS = 3000
MAX_MS = 100 * 24 * 3600 * 1000  # a kept time: a hundred days at most (more is not ours)


class Stopwatch:
    """Milliseconds spent, adding up every run between start() and stop()."""

    def __init__(self, spent: int = 0):
        self.spent = spent
        self.since = None  # the clock when the current run started, None when stopped

    def running(self) -> bool:
        return self.since is not None

    def start(self, now: int) -> None:
        if self.since is None:
            self.since = now

    def stop(self, now: int) -> None:
        if self.since is not None:
            self.spent += max(0, now - self.since)
            self.since = None

    def elapsed(self, now: int) -> int:
        """Milliseconds spent up to `now`, the current run included."""
        return self.spent + (max(0, now - self.since) if self.since is not None else 0)


def clock_text(ms: int) -> str:
    """'m:ss' under an hour, else 'h:mm:ss' (whole seconds, rounded down)."""
    seconds = max(0, ms) // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    tail = ("0" if seconds < 10 else "") + str(seconds)
    if not hours:
        return str(minutes) + ":" + tail
    return str(hours) + ":" + ("0" if minutes < 10 else "") + str(minutes) + ":" + tail


def times_from(text) -> list:
    """[puzzle, ms, done] per puzzle timed, newest first, from `times_text`; [] for missing
    or damaged text (a damaged entry is left out: each field typed and bounded)."""
    try:
        saved = json.loads(text) if isinstance(text, str) and text else []
    except (ValueError, RuntimeError):  # RuntimeError: deep nesting, as session.from_storage
        return []
    if not isinstance(saved, list):
        return []
    return [[e[0], e[1], e[2]] for e in saved[:TIMES_KEPT]
            if isinstance(e, list) and len(e) == 3 and isinstance(e[0], str)
            and 0 < len(e[0]) <= MAX_GIVENS_CHARS and isinstance(e[1], int)
            and not isinstance(e[1], bool) and 0 <= e[1] <= MAX_MS and isinstance(e[2], bool)]


def time_for(times: list, puzzle: str) -> tuple:
    """(ms, done) kept for a puzzle (its givens as text); (0, False) for a new one."""
    for key, ms, done in times:
        if key == puzzle:
            return ms, done
    return 0, False


def with_time(times: list, puzzle: str, ms: int, done: bool) -> list:
    """The kept times with this puzzle's put first (the oldest dropped past TIMES_KEPT)."""
    rest = [e for e in times if e[0] != puzzle]
    return ([[puzzle, ms, done]] + rest)[:TIMES_KEPT]


def times_text(times: list) -> str:
    return json.dumps(times)
