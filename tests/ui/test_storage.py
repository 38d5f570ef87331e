"""Issue 26: nothing stored can stop the page. Every stored field is checked where it is read
(ui/storage.py): a save that is off in any way is refused whole, kept aside as `.damaged`
and said, and the controller starts and renders whatever any of the app's keys holds (a
property test over any JSON value), from a reload and from another tab; Undo over a damaged
step is impossible since such a save is refused."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.checks import EASY
from tests.ui.fakes import DictStore, Page
from ui.settings import SETTINGS_KEY
from ui.stopwatch import times_from
from ui.storage import (
    PAUSE_KEY,
    STORAGE_KEY,
    TIMER_KEY,
    Damaged,
    read_save,
    restore,
    to_storage,
)

CELLS = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
KINDS = "".join("." if d == "0" else "g" for d in CELLS)
KEYS = (STORAGE_KEY, SETTINGS_KEY, PAUSE_KEY, TIMER_KEY)


def save(**fields) -> str:
    return json.dumps(dict({"cells": CELLS, "kinds": KINDS, "phase": "play", "size": 9},
                           **fields))


def good_save() -> str:
    page = Page()
    page.ctl.open_text(EASY)
    page.ctl.select(2)
    page.ctl.digit(4)
    return to_storage(page.ctl.session)


# The crafted saves of issue 26 (and their kind), each refused whole.
CRAFTED = {
    "phase 7": save(phase=7),
    "phase html": save(phase="<img src=x onerror=alert(1)>"),
    "notes of x": save(notes=["x"] * 81),
    "notes null": save(notes=[None] * 81),
    "notes scalar": save(notes=1.5),
    "notes 1.5": save(notes=[1.5] * 81),
    "notes [1]": save(notes=[1]),
    "notes nested": save(notes=[[1]] * 81),
    "notes bool": save(notes=[True] * 81),
    "notes too big": save(notes=[1 << 9] * 81),
    "kinds off grid": save(kinds="e" * 81),
    "size text": save(size="9"),
    "size 7": save(size=7),
    "cells list": save(cells=[[0] * 9] * 9),
    "solution partial": save(solution=CELLS),
    "eliminated off": save(eliminated=[[81, 1]]),
    "eliminated text": save(eliminated="x"),
    "lent off": save(lent=[[0, 10, 1]]),
    "undo phase x": save(undo=[{"phase": "x"}], redo=[]),
    "undo notes bad": save(undo=[{"notes": ["x"] * 81}], redo=[]),
    "undo not list": save(undo={"at": 1}, redo=[]),
    "undo at off": save(undo=[{"cells": {"at": [[500, "1"]]}}], redo=[]),
    "redo kinds": save(undo=[], redo=[{"kinds": {"at": [[0, 7]]}}]),
    "history phase": save(history=[{"cells": CELLS, "phase": 3}]),
}


@pytest.mark.parametrize("text", list(CRAFTED.values()), ids=list(CRAFTED))
def test_every_crafted_save_is_refused_whole_and_named(text):
    with pytest.raises(Damaged) as refused:
        read_save(text)
    assert refused.value.why
    session, why = restore(text)
    assert session is None and why == refused.value.why


@pytest.mark.parametrize("text", list(CRAFTED.values()), ids=list(CRAFTED))
def test_the_page_starts_with_a_crafted_save_kept_aside_and_said(text):
    page = Page(store=DictStore({STORAGE_KEY: text}))
    view = page.ctl.view()
    assert "could not be read" in view["message"][0] and view["message"][1] == "error"
    assert page.store.items[STORAGE_KEY + ".damaged"] == text
    assert page.ctl.session.puzzle.filled_count() == 0  # an empty grid to go on with
    page.ctl.select(0)
    page.ctl.digit(5)  # and it works on
    assert page.ctl.session.puzzle.cells[0] == 5


@pytest.mark.parametrize("text", list(CRAFTED.values())[:6], ids=list(CRAFTED)[:6])
def test_another_tabs_crafted_save_is_refused_and_said(text):
    page = Page()
    page.ctl.open_text(EASY)
    now = page.ctl.session.now
    page.store.items[STORAGE_KEY] = text
    page.ctl.follow_other_tab()
    assert page.ctl.session.now is now
    assert "could not be read" in page.ctl.view()["message"][0]


def test_a_save_of_the_page_reads_back_and_nothing_saved_is_no_message():
    text = good_save()
    assert read_save(text).puzzle.cells[2] == 4
    page = Page(store=DictStore({STORAGE_KEY: text}))
    assert page.ctl.session.puzzle.cells[2] == 4 and page.ctl.message == ("", "")
    assert Page().ctl.message == ("", "") and restore(None) == (None, "")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=5),
    max_leaves=25)
# A save's own fields with any values: closer to the format than any JSON at all.
save_fields = st.fixed_dictionaries({}, optional={
    "cells": st.sampled_from([CELLS, "0" * 16, "x"]) | json_values,
    "kinds": st.sampled_from([KINDS, "." * 81]) | json_values,
    "phase": st.sampled_from(["play", "enter"]) | json_values,
    "size": st.sampled_from([9, 4, 16]) | json_values,
    "notes": st.lists(st.integers(-2, 1 << 10), min_size=81, max_size=81) | json_values,
    "solution": json_values, "eliminated": json_values, "lent": json_values,
    "undo": st.lists(json_values, max_size=3), "redo": json_values,
})


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(key=st.sampled_from(KEYS), value=json_values | save_fields)
def test_any_json_under_any_key_gives_a_page_that_starts_and_renders(key, value):
    store = DictStore({key: json.dumps(value)})
    page = Page(store=store)
    view = page.ctl.view()
    assert view["grid"].cells and isinstance(view["message"][0], str)
    if key == STORAGE_KEY:
        session, why = restore(store.items[key])
        assert (session is None) == bool(page.ctl.damaged) or why == ""
        if page.ctl.damaged:
            assert store.items[key + ".damaged"] == json.dumps(value)
    if key == TIMER_KEY:  # the timer's own reader (ui/timer.py) takes only what is whole
        for puzzle, ms, done in times_from(store.items[key]):
            assert isinstance(puzzle, str) and isinstance(ms, int) and isinstance(done, bool)
    page.ctl.undo()
    page.ctl.redo()
    page.ctl.view()
