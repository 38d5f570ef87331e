"""The UI's page-independent logic (static/ui/session.py, storage.py, links.py) under
CPython: phases and kinds, the player's notes, one undo/redo history, key mapping, saved
sessions (old ones too), share links and outcome messages. No browser needed."""

import json

import pytest

import protocol
from solver import analyse
from solver.model.candidates import candidates
from solver.model.errors import PuzzleError
from solver.model.puzzle import read
from tests.checks import EASY as PUZZLE
from tests.checks import easy_solution
from ui import controller, links, messages
from ui import session as s
from ui import storage as store


def blank() -> s.Session:
    return s.Session(s.Moment(s.empty(9)))


def playing() -> s.Session:
    state = blank()
    state.load(read(PUZZLE), s.PLAY)
    return state


def test_changes_are_undone_in_reverse_order():
    state = blank()
    assert state.set_cell(0, 5) and state.set_cell(1, 3)
    assert not state.set_cell(1, 3)  # same digit: no change, nothing to undo
    assert state.clear()
    assert state.puzzle.filled_count() == 0
    assert state.undo() and state.puzzle.cells[:2] == (5, 3)
    assert state.undo() and state.puzzle.cells[:2] == (5, 0)
    assert state.undo() and state.puzzle.filled_count() == 0
    assert not state.undo() and not state.can_undo()


def test_a_change_hides_the_solution_and_resize_starts_empty():
    state = s.Session(s.Moment(read(PUZZLE)))
    assert state.show_solution(easy_solution())
    state.set_cell(2, 4)
    assert state.solution is None
    assert state.resize(16) and state.puzzle.size == 16 and state.puzzle.filled_count() == 0
    assert not state.resize(16)
    assert state.undo() and state.puzzle.size == 9


def test_keys_map_to_the_digits_of_the_board_size():
    nine, sixteen = read("." * 81).geometry, read("." * 256).geometry
    assert controller.digit_for_key(nine, "7") == 7
    assert controller.digit_for_key(nine, "A") is None
    assert controller.digit_for_key(sixteen, "g") == 16
    for key in ("0", ".", " ", "Backspace", "Delete"):
        assert controller.digit_for_key(nine, key) == 0
    assert controller.digit_for_key(nine, "x") is None
    assert controller.digit_for_key(nine, "Shift") is None


def test_conflicts_are_named_with_their_cells():
    cells, sentence = s.conflict_report(read("55" + "." * 79))
    assert cells == (0, 1)
    assert sentence == "two 5s in row 1 (row 1, column 1 and row 1, column 2)"
    assert s.conflict_report(read(PUZZLE)) == ((), "")


def test_a_saved_session_comes_back_with_its_undo_steps():
    state = blank()
    state.set_cell(0, 1)
    state.resize(4)
    state.set_cell(3, 2)
    back = store.from_storage(store.to_storage(state))
    assert back.puzzle.size == 4 and back.puzzle.cells == state.puzzle.cells
    assert [m.puzzle.cells for m in back.history] == [m.puzzle.cells for m in state.history]
    assert back.undo() and back.undo() and back.puzzle.cells[0] == 1


def every_moment(session) -> list:
    return [*session.history, session.now, *session.future[::-1]]


def same_moments(one, other) -> bool:
    """Equal in every field a Moment has (its data as saved: grid, kinds, notes, phase,
    solution, eliminations)."""
    return [store.moment_data(m) for m in one] == [store.moment_data(m) for m in other]


def test_every_undo_step_survives_a_save_past_twenty_edits():
    state = blank()
    first = state.now
    cells = [c for c in range(81) if read(PUZZLE).cells[c]][:25]
    for cell in cells:  # 25 edits, one digit each
        state.set_cell(cell, read(PUZZLE).cells[cell])
    back = store.from_storage(store.to_storage(state))
    assert same_moments(every_moment(back), every_moment(state))
    while back.undo():
        pass
    assert same_moments([back.now], [first])  # the grid before the first edit is reachable


def test_saved_steps_keep_notes_solutions_sizes_and_redo():
    state = playing()
    cell = read(PUZZLE).cells.index(0)
    state.toggle_note(cell, 3)
    state.fill_notes(candidates(read(PUZZLE)))
    state.place([(cell, 1)], [(cell + 1, 9)])
    state.show_solution(easy_solution())
    state.set_phase(s.ENTER)
    state.resize(16)
    state.set_cell(5, 16)
    state.undo()
    state.undo()  # two steps to redo
    back = store.from_storage(store.to_storage(state))
    assert same_moments(every_moment(back), every_moment(state))
    assert back.redo() and back.redo() and back.puzzle.cells[5] == 16


def test_a_long_history_is_cut_from_its_oldest_end_to_fit_the_save_limit():
    state = s.Session(s.Moment(s.empty(25)))
    full = (1 << 25) - 1
    for cell in range(s.HISTORY_LIMIT + 10):  # every step changes all 625 notes
        state.fill_notes([full - (cell + i) % 25 for i in range(625)])
    text = store.to_storage(state)
    assert len(text) <= store.SAVE_MAX_CHARS
    back = store.from_storage(text)
    kept = len(back.history)
    assert 0 < kept < len(state.history)
    assert same_moments(every_moment(back), every_moment(state)[-kept - 1:])


def test_a_save_of_whole_moments_from_before_changes_still_reads():
    state = playing()
    state.set_cell(read(PUZZLE).cells.index(0), 4)
    old = store.moment_data(state.now)
    old.update(size=9, history=[store.moment_data(m) for m in state.history], future=[])
    back = store.from_storage(json.dumps(old))
    assert same_moments(every_moment(back), every_moment(state))


def test_a_save_of_more_steps_than_memory_keeps_restores_only_those():
    saved = json.loads(store.to_storage(blank()))
    saved["undo"] = [{}] * (s.HISTORY_LIMIT * 100)
    back = store.from_storage(json.dumps(saved))
    assert len(back.history) == s.HISTORY_LIMIT


@pytest.mark.parametrize("change", [{"cells": {"at": [[999, "1"]]}}, {"cells": {"at": 5}},
                                    {"notes": {"at": [[0, 1]]}}, {"kinds": {"at": [[0, 7]]}}])
def test_damaged_saved_steps_are_not_restored(change):
    saved = json.loads(store.to_storage(blank()))
    saved["undo"] = [change]
    assert store.from_storage(json.dumps(saved)) is None


@pytest.mark.parametrize("text", [None, "", "not json", "{}", json.dumps({"size": 9, "cells": "1"}),
                                  json.dumps({"size": 7, "cells": "0" * 49}),
                                  "[" * 20_000 + "]" * 20_000,  # RecursionError in json
                                  json.dumps({"size": 9, "cells": "0" * 81, "x": "0" * 10**6})])
def test_damaged_saves_are_ignored(text):
    assert store.from_storage(text) is None


def test_share_links_round_trip_every_size():
    for text in (PUZZLE, "1" + "." * 15, "G" + "." * 255):
        puzzle = read(text)
        query = links.share_query(s.Moment(puzzle))
        assert query.startswith("?p=") and "." not in query
        assert links.puzzle_from_query(query) == puzzle
    assert links.puzzle_from_query("?x=1&p=" + PUZZLE.replace(".", "%2E")) == read(PUZZLE)
    assert links.puzzle_from_query("?x=1") is None
    with pytest.raises(PuzzleError):
        links.puzzle_from_query("?p=123")


def test_each_outcome_has_its_own_message():
    said = {status: messages.outcome({"status": status})
            for status in protocol.statuses(protocol.ANALYSE)}
    assert len({m for m, _ in said.values()}) == len(said)
    assert said[protocol.UNIQUE][1] == "ok" and said[protocol.NONE][1] == "error"
    invalid = messages.outcome({"status": "invalid", "message": "two 5s in row 1"})
    assert invalid == ("Cannot solve: two 5s in row 1.", "error")


def test_playing_locks_the_givens_and_keeps_each_digits_kind():
    state = playing()
    first_empty = read(PUZZLE).cells.index(0)
    assert state.locked(0) and not state.set_cell(0, 1)
    assert state.set_cell(first_empty, 4)
    assert state.now.kinds[first_empty] == s.ENTRY and state.now.kinds[0] == s.GIVEN
    assert state.now.givens() == read(PUZZLE)
    step_cell = read(PUZZLE).cells.index(0, first_empty + 1)
    assert state.place([(step_cell, 9)], [(first_empty + 2, 1)])
    assert state.now.kinds[step_cell] == s.PLACED and state.now.eliminated
    assert state.set_phase(s.ENTER) and not state.locked(0)
    assert state.set_cell(0, 1) and state.now.kinds[0] == s.GIVEN
    assert not state.locked(first_empty) and state.now.kinds[first_empty] == s.ENTRY


def test_undo_and_redo_walk_one_history_and_a_new_change_drops_the_redo():
    state = playing()
    cell = read(PUZZLE).cells.index(0)
    state.set_cell(cell, 4)
    solution = easy_solution()
    assert state.show_solution(solution)
    assert state.undo() and state.solution is None and state.puzzle.cells[cell] == 4
    assert state.redo() and state.solution is solution and not state.redo()
    assert state.undo() and state.undo() and state.puzzle.cells[cell] == 0
    assert state.can_redo() and state.toggle_note(cell, 3)
    assert not state.can_redo() and not state.redo()


def test_solving_while_playing_shows_the_givens_solution_over_the_wrong_digits_only():
    state = playing()
    answer = easy_solution()
    empties = [i for i, d in enumerate(read(PUZZLE).cells) if not d]
    right_cell, wrong_cell = empties[:2]
    state.set_cell(right_cell, answer.cells[right_cell])
    state.set_cell(wrong_cell, next(d for d in range(1, 10) if d != answer.cells[wrong_cell]))
    game = state.now
    assert state.solve_givens(answer) == [wrong_cell]
    assert state.solution is answer and state.puzzle.cells[wrong_cell] == 0
    assert state.now.kinds[right_cell] == s.ENTRY and state.now.kinds[wrong_cell] == "."
    assert s.wrong_cells(state.now, answer) == []
    assert state.undo() and state.now is game  # the game as it was, wrong digit and all


def test_notes_toggle_clear_from_peers_and_fill_with_the_candidates():
    state = playing()
    g = state.puzzle.geometry
    cell = read(PUZZLE).cells.index(0)
    peer = next(p for p in g.peers[cell] if not state.puzzle.cells[p])
    assert state.toggle_note(cell, 4) and state.toggle_note(cell, 6)
    assert state.toggle_note(peer, 4) and state.toggle_note(cell, 6)
    assert state.now.notes[cell] == 1 << 3 and state.now.notes[peer] == 1 << 3
    assert not state.toggle_note(0, 1)  # a given has no notes
    assert state.set_cell(cell, 4)
    assert state.now.notes[cell] == 0 and state.now.notes[peer] == 0
    assert state.undo() and state.now.notes[peer] == 1 << 3
    masks = candidates(state.puzzle)
    assert state.fill_notes(masks) and list(state.now.notes) == masks
    eliminated = s.note_eliminations(state.now)
    assert eliminated and all(not masks[c] >> (d - 1) & 1 for c, d in eliminated)


def test_wrong_digits_and_notes_are_found_against_the_solution():
    state = playing()
    answer = analyse(read(PUZZLE)).solution
    cell = read(PUZZLE).cells.index(0)
    right = answer.cells[cell]
    wrong = next(d for d in range(1, 10) if d != right)
    assert s.wrong_cells(state.now, answer) == []
    state.set_cell(cell, wrong)
    assert s.wrong_cells(state.now, answer) == [cell] and s.wrong_cells(state.now, None) == []
    state.set_cell(cell, right)
    assert s.wrong_cells(state.now, answer) == []
    state.set_cell(cell, 0)
    state.toggle_note(cell, wrong)
    assert s.missed_notes(state.now, answer) == [cell]
    state.toggle_note(cell, right)
    assert s.missed_notes(state.now, answer) == []


def test_kinds_notes_phase_and_solution_survive_a_save():
    state = playing()
    cell = read(PUZZLE).cells.index(0)
    state.set_cell(cell, 4)
    state.toggle_note(cell + 1, 2)
    state.place([(cell + 1, 1)], [(cell + 2, 9)])
    state.show_solution(easy_solution())
    back = store.from_storage(store.to_storage(state))
    for field in ("kinds", "notes", "phase", "eliminated"):
        assert getattr(back.now, field) == getattr(state.now, field), field
    assert back.solution == state.solution and back.puzzle == state.puzzle
    assert back.undo() and back.solution is None and back.redo() and back.solution is not None


def test_an_older_save_of_cells_and_history_still_reads():
    old = json.dumps({"size": 9, "cells": PUZZLE.replace(".", "0"),
                      "history": ["0" * 81, "5" + "0" * 80]})
    back = store.from_storage(old)
    assert back.puzzle == read(PUZZLE) and back.phase == s.ENTER
    assert back.now.kinds == "".join("g" if d else "." for d in back.puzzle.cells)
    assert back.undo() and back.puzzle.cells[0] == 5
    assert back.undo() and back.puzzle.filled_count() == 0


def test_a_link_carries_the_players_digits_apart_from_the_givens():
    state = playing()
    cell = read(PUZZLE).cells.index(0)
    state.set_cell(cell, 4)
    givens, entries = links.link_from_query(links.share_query(state.now))
    assert givens == read(PUZZLE) and entries.cells[cell] == 4 and entries.filled_count() == 1
    other = playing()
    other.load(givens, s.PLAY, entries)
    assert other.now.kinds == state.now.kinds and other.puzzle == state.puzzle
    assert "&e=" not in links.share_query(playing().now)


def test_the_address_names_the_puzzle_played_and_progress_is_what_the_player_added():
    state = blank()
    assert links.address_query(state.now) == "" and not s.has_progress(state.now)
    state.load(read(PUZZLE), s.PLAY)
    assert links.link_from_query(links.address_query(state.now)) == (read(PUZZLE), None)
    assert not s.has_progress(state.now)
    cell = read(PUZZLE).cells.index(0)
    state.toggle_note(cell, 1)
    assert s.has_progress(state.now)
    state.set_cell(cell, 2)
    assert s.own_digits(state.now).cells[cell] == 2 and s.own_digits(state.now).filled_count() == 1
    state.set_phase(s.ENTER)
    assert links.address_query(state.now) == ""  # givens being typed: nothing to bookmark yet


def test_a_pencil_mark_file_loads_its_marks_as_notes_in_one_undo_step():
    state = blank()
    puzzle = read(PUZZLE)
    masks = list(candidates(puzzle))
    masks[puzzle.cells.index(0)] = 0b11  # the file's own marks, not the computed ones
    assert state.load(puzzle, s.PLAY, notes=masks)
    expected = [0 if d else m for d, m in zip(puzzle.cells, masks, strict=True)]
    assert list(state.now.notes) == expected
    assert state.undo() and not any(state.now.notes) and not state.can_undo()


def test_several_solutions_name_the_cells_where_they_differ():
    first = easy_solution().to_string()
    swapped = first.translate(str.maketrans("12", "21"))  # another grid, 1s and 2s swapped
    reply = {"status": protocol.MULTIPLE, "solution": first, "second": swapped}
    cells = protocol.differing_cells(reply)
    assert cells == [i for i, c in enumerate(first) if c in "12"] and len(cells) == 18
    assert "the 18 shaded cells differ" in messages.outcome(reply)[0]
    assert protocol.differing_cells({"status": protocol.MULTIPLE, "solution": first}) == []
