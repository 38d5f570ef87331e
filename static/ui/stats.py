"""Statistics: per level the games solved, the best and the average time, and the streak
of days with a game solved, kept in localStorage as versioned JSON.

Every stored field is checked where it is read (type and bounds); text that fails is not
ours to trust: `stats_from` says so, and the page keeps it aside as "<key>.damaged" before
anything new is saved. No DOM here: MicroPython runs it in the page, CPython in the tests.
"""

import json

from ui.daily import day_number, parse_day
from ui.stopwatch import clock_text

STATS_KEY = "sudoku-solver.stats"
STATS_MAX_CHARS = 4000  # five levels and a streak take ~400 characters
VERSION = 1
# The generator's levels, easiest first (solver/rating.py's LEVELS; a test keeps them equal:
# the page's UI cannot import the rating room).
LEVELS = ("Easy", "Medium", "Hard", "Unfair", "Extreme")
MOST = 10 ** 9  # any count or time above this is damage, not play
DAMAGED = ("Your statistics could not be read, so they start again; the old ones are kept "
           "aside in this browser's storage as \"" + STATS_KEY + ".damaged\".")


def fresh() -> dict:
    """No games yet."""
    levels = {}
    for name in LEVELS:
        levels[name] = {"solved": 0, "best": 0, "total": 0}
    return {"v": VERSION, "levels": levels, "streak": {"current": 0, "best": 0, "last": ""}}


def count(value) -> bool:
    """A stored count or time: a whole number within bounds (not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MOST


def valid(saved) -> bool:
    """Is this parsed JSON a version-1 statistics record, every field typed and bounded?"""
    if not isinstance(saved, dict) or saved.get("v") != VERSION:
        return False
    levels, streak = saved.get("levels"), saved.get("streak")
    if not isinstance(levels, dict) or not isinstance(streak, dict):
        return False
    for name in LEVELS:
        one = levels.get(name)
        if not isinstance(one, dict) or not all(count(one.get(k)) for k in
                                                ("solved", "best", "total")):
            return False
        if (one["best"] or one["total"]) and not one["solved"] or one["best"] > one["total"]:
            return False
    last = streak.get("last")
    return (count(streak.get("current")) and count(streak.get("best"))
            and streak["current"] <= streak["best"]
            and (last == "" or parse_day(last) is not None))


def stats_from(text) -> tuple:
    """(stats, ok) from the stored text: fresh stats and ok for none stored; fresh stats
    and not ok for text that is damaged, too long, or of another version."""
    if text is None or text == "":
        return fresh(), True
    if not isinstance(text, str) or len(text) > STATS_MAX_CHARS:
        return fresh(), False
    try:
        saved = json.loads(text)
    except (ValueError, RuntimeError):  # RuntimeError: deep nesting, as in ui/session.py
        return fresh(), False
    if not valid(saved):
        return fresh(), False
    return saved, True


def stats_text(stats: dict) -> str:
    return json.dumps(stats)


def days_between(earlier: str, later: str) -> int:
    """Whole days from one day_key to another (None if either is not a date)."""
    a, b = parse_day(earlier), parse_day(later)
    if a is None or b is None:
        return None
    return day_number(*b) - day_number(*a)


def record(stats: dict, level: str, seconds: int, today: str) -> dict:
    """The stats after a game of `level` solved in `seconds` on the day `today` (a
    day_key): a new stats dict (the one given is left as it was). An unknown level counts
    toward the streak only."""
    new = json.loads(json.dumps(stats))
    seconds = max(0, min(int(seconds), MOST))
    if level in new["levels"]:
        one = new["levels"][level]
        one["best"] = seconds if not one["solved"] else min(one["best"], seconds)
        one["solved"] = min(one["solved"] + 1, MOST)
        one["total"] = min(one["total"] + seconds, MOST)
    streak = new["streak"]
    gap = days_between(streak["last"], today) if streak["last"] else None
    if gap is None or gap < 0 or gap > 1:
        streak["current"] = 1
    elif gap == 1:
        streak["current"] += 1
    streak["current"] = max(streak["current"], 1)
    streak["best"] = max(streak["best"], streak["current"])
    if gap is None or gap >= 0:
        streak["last"] = today
    return new


def current_streak(stats: dict, today: str) -> int:
    """The streak as of `today`: still alive when the last game was solved today or
    yesterday, else 0."""
    streak = stats["streak"]
    gap = days_between(streak["last"], today) if streak["last"] else None
    return streak["current"] if gap is not None and 0 <= gap <= 1 else 0


def rows(stats: dict) -> list:
    """(level, solved, best, average) per level as shown: times as clock text, '-' when
    none was solved."""
    shown = []
    for name in LEVELS:
        one = stats["levels"][name]
        if one["solved"]:
            best = clock_text(one["best"] * 1000)
            average = clock_text(one["total"] * 1000 // one["solved"])
        else:
            best = average = "-"
        shown.append((name, str(one["solved"]), best, average))
    return shown
