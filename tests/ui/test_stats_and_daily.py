"""Statistics and the daily puzzle (static/ui/stats.py, static/ui/daily.py) under CPython:
the date arithmetic checked against datetime, streaks across days, months and gaps, and
damaged or foreign stored text refused field by field."""

import datetime
import json

import pytest

from solver.rating import LEVELS
from ui import daily as d
from ui import stats as st


def test_the_levels_are_the_generators():
    assert st.LEVELS == tuple(LEVELS)
    assert set(d.LEVEL_BY_WEEKDAY) <= set(LEVELS)


def test_day_numbers_and_weekdays_agree_with_datetime():
    epoch = datetime.date(1970, 1, 1)
    for offset in range(-800, 30000, 37):
        date = epoch + datetime.timedelta(days=offset)
        assert d.day_number(date.year, date.month, date.day) == offset
        assert d.weekday(date.year, date.month, date.day) == date.weekday()
        key = d.day_key(date.year, date.month, date.day)
        assert key == date.isoformat() and d.parse_day(key) == (date.year, date.month, date.day)


@pytest.mark.parametrize("text", ["2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31",
                                  "26-11-2026", "2026/11/26", "abcd-ef-gh", None, 20261126])
def test_impossible_days_are_refused(text):
    assert d.parse_day(text) is None


def test_the_daily_puzzle_is_the_dates_own():
    assert d.seed(2026, 11, 26) == 20261126 != d.seed(2026, 11, 27)
    assert d.title(2026, 11, 26) == "Thu 26 Nov"
    assert d.level(2026, 11, 23) == "Easy"  # a Monday
    assert [d.level(2026, 11, day) for day in range(23, 30)] == list(d.LEVEL_BY_WEEKDAY)


def test_a_win_counts_for_its_level_and_starts_a_streak():
    stats = st.record(st.fresh(), "Hard", 300, "2026-11-26")
    hard = stats["levels"]["Hard"]
    assert hard == {"solved": 1, "best": 300, "total": 300}
    stats = st.record(stats, "Hard", 200, "2026-11-26")
    assert stats["levels"]["Hard"] == {"solved": 2, "best": 200, "total": 500}
    assert stats["levels"]["Easy"]["solved"] == 0
    assert stats["streak"] == {"current": 1, "best": 1, "last": "2026-11-26"}
    assert ("Hard", "2", "3:20", "4:10") in st.rows(stats)
    assert ("Easy", "0", "-", "-") in st.rows(stats)


def test_streaks_run_over_days_and_months_and_break_on_a_gap():
    stats = st.fresh()
    for day in ("2026-11-29", "2026-11-30", "2026-12-01"):
        stats = st.record(stats, "Easy", 60, day)
    assert stats["streak"]["current"] == 3 and stats["streak"]["best"] == 3
    assert st.current_streak(stats, "2026-12-02") == 3  # still alive the day after
    assert st.current_streak(stats, "2026-12-03") == 0  # a day missed
    stats = st.record(stats, "Easy", 60, "2026-12-03")
    assert stats["streak"] == {"current": 1, "best": 3, "last": "2026-12-03"}


def test_a_clock_set_back_neither_breaks_nor_moves_the_streak():
    stats = st.record(st.record(st.fresh(), "Easy", 60, "2026-11-25"), "Easy", 60, "2026-11-26")
    stats = st.record(stats, "Easy", 60, "2026-11-20")
    assert stats["streak"]["last"] == "2026-11-26" and stats["streak"]["best"] == 2


def test_an_unknown_level_counts_toward_the_streak_only():
    stats = st.record(st.fresh(), "", 60, "2026-11-26")
    assert all(one["solved"] == 0 for one in stats["levels"].values())
    assert stats["streak"]["current"] == 1


def test_stats_round_trip_and_nothing_stored_is_fresh():
    stats = st.record(st.fresh(), "Medium", 95, "2026-11-26")
    assert st.stats_from(st.stats_text(stats)) == (stats, True)
    assert st.stats_from(None) == (st.fresh(), True)
    assert st.stats_from("") == (st.fresh(), True)


def damaged_variants():
    good = st.record(st.fresh(), "Medium", 95, "2026-11-26")

    def changed(path, value):
        copy = json.loads(json.dumps(good))
        target = copy
        for part in path[:-1]:
            target = target[part]
        target[path[-1]] = value
        return json.dumps(copy)

    yield "not json", "{"
    yield "a list", "[]"
    yield "nested", "[" * 10_000 + "]" * 10_000
    yield "too long", " " * (st.STATS_MAX_CHARS + 1)
    yield "another version", changed(("v",), 2)
    yield "a level missing", json.dumps({**good, "levels": {"Easy": good["levels"]["Easy"]}})
    yield "a negative count", changed(("levels", "Medium", "solved"), -1)
    yield "a bool count", changed(("levels", "Medium", "solved"), True)
    yield "a text time", changed(("levels", "Medium", "best"), "1:35")
    yield "a huge time", changed(("levels", "Medium", "total"), 10 ** 12)
    yield "times but none solved", changed(("levels", "Easy", "total"), 50)
    yield "best above total", changed(("levels", "Medium", "best"), 96)
    yield "streak above best", changed(("streak", "current"), 5)
    yield "a bad day", changed(("streak", "last"), "2026-02-30")


@pytest.mark.parametrize("why,text", list(damaged_variants()))
def test_damaged_stats_are_refused(why, text):
    assert st.stats_from(text) == (st.fresh(), False), why
