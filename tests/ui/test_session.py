"""The UI's page-independent logic (static/ui/session.py) under CPython: undo history,
key mapping, saved sessions, share links and outcome messages. No browser needed."""

import json

import pytest

from solver.model.puzzle import read
from tests.checks import EASY as PUZZLE
from ui import protocol
from ui import session as s


def test_changes_are_undone_in_reverse_order():
    state = s.Session(s.empty(9))
    assert state.set_cell(0, 5) and state.set_cell(1, 3)
    assert not state.set_cell(1, 3)  # same digit: no change, nothing to undo
    assert state.clear()
    assert state.puzzle.givens() == 0
    assert state.undo() and state.puzzle.cells[:2] == (5, 3)
    assert state.undo() and state.puzzle.cells[:2] == (5, 0)
    assert state.undo() and state.puzzle.givens() == 0
    assert not state.undo() and not state.can_undo()


def test_a_change_hides_the_solution_and_resize_starts_empty():
    state = s.Session(read(PUZZLE))
    state.solution = read(PUZZLE)
    state.set_cell(2, 4)
    assert state.solution is None
    assert state.resize(16) and state.puzzle.size == 16 and state.puzzle.givens() == 0
    assert not state.resize(16)
    assert state.undo() and state.puzzle.size == 9


def test_keys_map_to_the_digits_of_the_board_size():
    nine, sixteen = read("." * 81).geometry, read("." * 256).geometry
    assert s.digit_for_key(nine, "7") == 7
    assert s.digit_for_key(nine, "A") is None
    assert s.digit_for_key(sixteen, "g") == 16
    for key in ("0", ".", " ", "Backspace", "Delete"):
        assert s.digit_for_key(nine, key) == 0
    assert s.digit_for_key(nine, "x") is None and s.digit_for_key(nine, "Shift") is None


def test_conflicts_are_named_with_their_cells():
    cells, sentence = s.conflict_report(read("55" + "." * 79))
    assert cells == (0, 1)
    assert sentence == "two 5s in row 1 (row 1, column 1 and row 1, column 2)"
    assert s.conflict_report(read(PUZZLE)) == ((), "")


def test_a_saved_session_comes_back_with_its_undo_steps():
    state = s.Session(s.empty(9))
    state.set_cell(0, 1)
    state.resize(4)
    state.set_cell(3, 2)
    back = s.from_storage(s.to_storage(state))
    assert back.puzzle.size == 4 and back.puzzle.cells == state.puzzle.cells
    assert [p.cells for p in back.history] == [p.cells for p in state.history]
    assert back.undo() and back.undo() and back.puzzle.cells[0] == 1


@pytest.mark.parametrize("text", [None, "", "not json", "{}", json.dumps({"size": 9, "cells": "1"}),
                                  json.dumps({"size": 7, "cells": "0" * 49}),
                                  "[" * 20_000 + "]" * 20_000,  # RecursionError in json
                                  json.dumps({"size": 9, "cells": "0" * 81, "x": "0" * 10**6})])
def test_damaged_saves_are_ignored(text):
    assert s.from_storage(text) is None


def test_share_links_round_trip_every_size():
    for text in (PUZZLE, "1" + "." * 15, "G" + "." * 255):
        puzzle = read(text)
        query = s.share_query(puzzle)
        assert query.startswith("?p=") and "." not in query
        assert s.puzzle_from_query(query) == puzzle
    assert s.puzzle_from_query("?x=1&p=" + PUZZLE.replace(".", "%2E")) == read(PUZZLE)
    assert s.puzzle_from_query("?x=1") is None
    with pytest.raises(s.PuzzleError):
        s.puzzle_from_query("?p=123")


def test_each_outcome_has_its_own_message():
    messages = {status: s.outcome({"status": status})
                for status in protocol.statuses(protocol.ANALYSE)}
    assert len({m for m, _ in messages.values()}) == len(messages)
    assert messages[protocol.UNIQUE][1] == "ok" and messages[protocol.NONE][1] == "error"
    invalid = s.outcome({"status": "invalid", "message": "two 5s in row 1"})
    assert invalid == ("Cannot solve: two 5s in row 1.", "error")
