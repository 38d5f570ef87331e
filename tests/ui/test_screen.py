"""The screens' decisions (static/ui/screen.py) under CPython: which screen opens, what
Continue and the top bar say, each puzzle's level kept, and what a new puzzle's message
says when its level did not turn up."""

import json
import re
from pathlib import Path

import pytest

from solver.model.puzzle import read
from tests.checks import EASY
from ui import screen as sc
from ui import session as s
from ui.storage import to_storage

SCREEN_JS = Path(__file__).resolve().parents[2] / "static" / "screen.js"


def test_home_opens_with_no_puzzle_and_the_game_with_one():
    assert sc.first_screen(s.Moment(s.empty(9)), linked=False) == sc.HOME
    assert sc.first_screen(s.Moment(s.empty(9)), linked=True) == sc.GAME
    assert sc.first_screen(s.Moment(read(EASY)), linked=False) == sc.GAME


def test_the_early_script_reads_the_save_this_module_writes():
    # static/screen.js decides before Python by the saved grid's "cells": the field
    # ui/session.py saves the grid in.
    saved = json.loads(to_storage(s.Session(s.Moment(read(EASY)))))
    field = re.search(r"JSON\.parse\(saved\)\.(\w+)", SCREEN_JS.read_text()).group(1)
    assert re.search(r"[1-9A-Za-z]", saved[field])
    assert not re.search(r"[1-9A-Za-z]", json.loads(
        to_storage(s.Session(s.Moment(s.empty(9)))))[field])


def test_the_early_script_sets_the_fields_of_the_settings_this_module_saves():
    # static/screen.js sets New game's remembered choices before Python (the level showed
    # Medium, then flipped): from the same key, refusing the same lengths, each field named
    # after a setting and able to show exactly the values that setting can hold.
    from tests.ui import STATIC
    from ui.settings import CHOICES, DEFAULTS, SETTINGS_KEY, SETTINGS_MAX_CHARS

    script = SCREEN_JS.read_text()
    assert re.search(r'getItem\("([^"]+)"\);\s+saved = text !== null && text\.length <= (\d+)',
                     script).groups() == (SETTINGS_KEY, str(SETTINGS_MAX_CHARS))
    html = (STATIC.parent / "index.html").read_text()
    fields = re.findall(r'<(select|input type="checkbox")[^>]* data-setting="([^"]+)"', html)
    assert sorted(name for _, name in fields) == ["logical_only", "new_level", "new_rules"]
    for tag, name in fields:
        assert name in DEFAULTS
        if tag == "select":
            options = html[html.index(f'data-setting="{name}"'):]
            options = options[:options.index("</select>")]
            values = re.findall(r'<option(?: value="([^"]+)")?[^>]*>([^<]+)</option>', options)
            assert [value or text for value, text in values] == list(CHOICES[name])
        else:
            assert name not in CHOICES and isinstance(DEFAULTS[name], bool)


def test_home_says_warnings_and_errors_out_of_the_status_lines_sight():
    damaged = "Your saved grid could not be read (the phase is unknown), so it was not restored."
    assert sc.home_note((damaged, "error")) == damaged
    assert sc.home_note(("Storage is full.", "warn")) == "Storage is full."
    assert sc.home_note(("Solved: 81 cells.", "ok")) == ""
    assert sc.home_note(("", "")) == ""


def test_continue_says_the_level_and_the_time():
    assert sc.continue_detail("Medium", 252_000, 9) == "Medium \u00b7 4:12"
    assert sc.continue_detail("", 5_000, 16) == "Your puzzle \u00b7 16\u00d716 \u00b7 0:05"


def test_levels_are_kept_per_puzzle_newest_first_and_damage_is_dropped():
    levels = []
    for number in range(sc.LEVELS_KEPT + 1):
        levels = sc.with_level(levels, "p" + str(number), "Hard")
    levels = sc.with_level(levels, "p3", "Easy")
    kept = sc.levels_from(sc.levels_text(levels))
    assert kept[0] == ["p3", "Easy"] and len(kept) == sc.LEVELS_KEPT
    assert sc.level_for(kept, "p0") == ""  # the oldest dropped
    assert sc.levels_from('[["p", "Impossible"], ["q", "Easy"], 3]') == [["q", "Easy"]]
    for damaged in ("{", "{}", "[" * 10_000, None):
        assert sc.levels_from(damaged) == []


def test_a_floor_level_is_kept_as_one_and_a_damaged_mark_dropped():
    levels = sc.with_level(sc.with_level([], "p", "Hard", bound=True), "q", "Easy")
    kept = sc.levels_from(sc.levels_text(levels))
    assert sc.known_level(kept, "p") == ("Hard", True)
    assert sc.known_level(kept, "q") == ("Easy", False)
    assert sc.known_level(kept, "r") == ("", False)
    assert sc.levels_from('[["p", "Hard", false], ["q", "Hard", 1], ["r", "Hard", true, 1],'
                          ' ["s", "Easy", true]]') == [["s", "Easy", True]]


def test_the_top_bar_names_the_level_or_what_the_grid_is_for():
    assert sc.level_words(True, "Hard") == "Hard"
    assert sc.level_words(False, "Easy") == sc.YOURS
    assert sc.rules_line(True, "Killer") == "Killer"  # under the level, known or not
    assert sc.rules_line(False, "Killer") == sc.rules_line(True, "") == ""
    assert sc.level_words(True, "") == "Your puzzle"
    assert sc.level_words(False, "Hard") == sc.level_words(True, "") == sc.YOURS


@pytest.mark.parametrize("matched,logical,expected", [
    (False, False, "New puzzle: 30 givens. No Medium puzzle turned up in time, so this is "
                   "the closest one made: it rates Hard."),
    (True, True, "New puzzle: 30 givens. Logic alone solves it: no trial and error "
                 "(Explain shows how)."),
    (True, False, "New puzzle: 30 givens."),
])
def test_a_new_puzzle_says_which_level_it_is_when_the_one_asked_for_did_not_turn_up(
        matched, logical, expected):
    assert sc.new_puzzle_words("", 30, "Medium", "Hard", matched, logical) == expected
    assert sc.new_puzzle_words("Daily puzzle, Thu 26 Nov", 30, "Hard", "", True, False) == \
        "Daily puzzle, Thu 26 Nov: 30 givens."
