"""The player's remembered settings and the timer's arithmetic (static/ui/settings.py and
static/ui/stopwatch.py) under CPython: no browser needed."""

import json

import pytest

from ui import settings as st
from ui import stopwatch as sw


def test_settings_keep_saved_booleans_and_default_the_rest():
    saved = []
    settings = st.Settings(None, saved.append)
    assert {name: settings.get(name) for name in st.DEFAULTS} == st.DEFAULTS
    settings.set("notes", True)
    again = st.Settings(saved[-1], saved.append)
    assert again.get("notes") is True and again.get("timer") is st.DEFAULTS["timer"]
    with pytest.raises(KeyError):
        settings.set("colour", True)


@pytest.mark.parametrize("name, default, other, wrong, odds", [
    ("new_rules", "classic", "killer", "sumdoku", ("sumdoku", True, 3, ["killer"], None)),
    ("new_level", "Medium", "Unfair", "medium", ("Diabolical", True, 3, ["Hard"], None, "x")),
])
def test_new_games_choices_are_one_of_their_words_and_anything_else_is_the_default(
        name, default, other, wrong, odds):
    saved = []
    settings = st.Settings(None, saved.append)
    assert settings.get(name) == default
    settings.set(name, other)
    assert st.Settings(saved[-1], saved.append).get(name) == other
    with pytest.raises(ValueError):
        settings.set(name, wrong)
    for odd in odds:
        assert st.settings_from(json.dumps({name: odd}))[name] == default
    assert st.settings_from(json.dumps({"notes": "jigsaw"}))["notes"] is False


@pytest.mark.parametrize("text", ["", "{", "[]", '"x"', json.dumps({"notes": "yes"}),
                                  pytest.param("[" * 10_000 + "]" * 10_000, id="nested")])
def test_damaged_or_foreign_settings_give_the_defaults(text):
    assert st.settings_from(text) == st.DEFAULTS


def test_the_stopwatch_adds_up_its_runs_only():
    watch = sw.Stopwatch(1000)
    assert not watch.running() and watch.elapsed(50_000) == 1000
    watch.start(2000)
    watch.start(3000)  # already running: the first start counts
    assert watch.elapsed(4500) == 3500
    watch.stop(5000)
    assert watch.elapsed(99_000) == 4000  # stopped: the clock moving adds nothing
    watch.start(10_000)
    watch.stop(10_250)
    assert watch.elapsed(0) == 4250


@pytest.mark.parametrize("ms, text", [(0, "0:00"), (999, "0:00"), (61_000, "1:01"),
                                      (3_599_999, "59:59"), (3_723_000, "1:02:03")])
def test_clock_text(ms, text):
    assert sw.clock_text(ms) == text


def test_times_are_kept_per_puzzle_newest_first_and_bounded():
    times = []
    for number in range(sw.TIMES_KEPT + 2):
        times = sw.with_time(times, "puzzle" + str(number), number * 1000, number % 2 == 1)
    kept = sw.times_from(sw.times_text(times))
    assert len(kept) == sw.TIMES_KEPT and kept[0][0] == "puzzle" + str(sw.TIMES_KEPT + 1)
    assert sw.time_for(kept, "puzzle3") == (3000, True)
    assert sw.time_for(kept, "puzzle0") == (0, False)  # the oldest was dropped
    assert sw.times_from("{damaged") == [] and sw.times_from('[["a", -5, false]]') == []
    # nesting deeper than CPython's json recurses, within the timer's stored-text limit
    assert sw.times_from("[" * 10_000 + "]" * 10_000) == []


def test_another_tabs_settings_are_taken_and_the_changed_ones_named():
    saved = []
    here = st.Settings(json.dumps({"notes": True}), saved.append)
    changed = here.take(json.dumps({"notes": False, "logical_only": True, "timer": False}))
    assert sorted(changed) == ["logical_only", "notes"]
    assert here.get("notes") is False and here.get("logical_only") is True
    assert saved == []  # taken, not stored again
    assert here.take("{damaged") == ["logical_only"]  # damaged text: the defaults


def test_kept_times_are_typed_and_bounded_where_read():
    good = ["530070000", 61_000, False]
    text = json.dumps([good, ["x", True, False], ["y", 10**20, False],
                       ["z" * (sw.MAX_GIVENS_CHARS + 1), 5, True], ["", 5, True],
                       ["w", -1, False], ["v", 1.5, False], ["u", 5, 1]])
    assert sw.times_from(text) == [good]
