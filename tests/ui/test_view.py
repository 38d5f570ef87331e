"""The grid's view (static/ui/view.py) under CPython: what each cell shows for givens, a
solution, conflicts, a step's placements and highlights, and the pencil marks, checked
against the solver's own steps and candidates."""

from solver import analyse
from solver.logic import candidates, next_step
from solver.model.geometry import Rules, geometry
from solver.model.puzzle import read
from tests.checks import load_lines
from ui import cells
from ui import session as s
from ui import view as v

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def eliminating_step():
    """(puzzle, step dict) of the first top95 puzzle whose first step only eliminates."""
    for line in load_lines("top95.txt"):
        step = next_step(read(line))
        if step is not None and step.eliminations and not step.placements:
            return read(line), step.to_dict()
    raise AssertionError("no top95 puzzle starts with an elimination")


def test_each_digit_has_its_kind_and_conflicts_wrong_entries_and_notes_show():
    state = s.Session(s.Moment(read(EASY)))
    state.set_phase(s.PLAY)
    state.set_cell(2, 4)  # r1c3 = 4, the player's entry
    state.place([(3, 6)], [])  # r1c4 = 6, placed by a step
    state.toggle_note(5, 2)
    solution = analyse(state.puzzle).solution
    state.show_solution(solution)
    view = v.grid_view(state.now, bad=(0,), wrong=(2,))
    kinds = [c.kind for c in view.cells]
    assert kinds[0] == "given" and view.cells[0].conflict and not view.cells[1].conflict
    assert kinds[2] == "entry" and view.cells[2].wrong and kinds[3] == "placed"
    assert kinds[5] == "solved" and view.cells[5].digit == solution.cells[5]
    assert view.cells[5].marks == 0  # a solved cell shows no notes
    assert {c.digit for c in view.cells} == set(range(1, 10))
    state.undo()  # the solution goes; the notes show again
    noted = v.grid_view(state.now).cells[5]
    assert noted.kind == "empty" and noted.own and noted.marks == 1 << 1
    empty = v.grid_view(s.Moment(read(EASY)))
    assert [c.kind for c in empty.cells].count("empty") == EASY.count(".")
    assert not empty.layer and all(c.digit == 0 for c in empty.cells if c.kind == "empty")


def test_a_nudge_lights_the_area_and_the_full_step_its_cells_and_digits():
    puzzle, step = eliminating_step()
    g = puzzle.geometry
    nudge = v.step_hints(step, v.NUDGE, g)
    assert set(nudge) == {c for u in step["units"] for c in g.units[u]}
    assert set(nudge.values()) == {"area"}
    full = v.step_hints(step, v.FULL, g)
    assert {c for c, k in full.items() if k == "elim"} == {c for c, _ in step["eliminations"]}
    assert set(step["cells"]) <= set(full)
    applied = v.step_hints(step, v.APPLIED, g)
    assert "elim" not in applied.values() and v.step_hints(None, v.FULL, g) == {}
    assert step["area_cells"] == []  # a classic step's area is its units
    cands = candidates(puzzle)
    special = v.step_marks(step, v.FULL)
    assert v.step_marks(step, v.NUDGE) == {}
    view = v.grid_view(s.Moment(puzzle), hints=full, special=special,
                       marks=v.shown_marks(cands, False, special))
    assert view.layer and view.marks_key == ""  # a full hint's digits show without marks on
    for cell, digit in step["eliminations"]:
        shown = view.cells[cell]
        assert shown.hint == "elim" and shown.marks == cands[cell]
        assert shown.special == special[cell] and cands[cell] >> (digit - 1) & 1
    unmarked = [c for i, c in enumerate(view.cells) if i not in special]
    assert all(c.marks == 0 and c.special == 0 for c in unmarked)


def test_a_killer_nudge_lights_the_cage_it_names():
    # an empty Killer whose one cage of 23 in r1c1-r1c3 can only be 6, 8 and 9
    puzzle = read("0" * 81, rules=Rules(9, cages=[(23, [0, 1, 2])]))
    step = next_step(puzzle).to_dict()
    assert step["technique"] == "Cage combinations" and step["units"] == []
    assert v.step_hints(step, v.NUDGE, puzzle.geometry) == {0: "area", 1: "area", 2: "area"}


def test_a_step_removing_several_digits_from_one_cell_marks_each_of_them():
    # e.g. a Killer cage's combinations, or a naked pair's two digits in a third cell
    step = {"cells": [0, 1], "units": [], "placements": [],
            "eliminations": [[5, 3], [5, 7], [6, 3]]}
    special = v.step_marks(step, v.FULL)
    assert special == {5: 1 << 2 | 1 << 6, 6: 1 << 2}
    placing = dict(step, eliminations=[], placements=[[8, 4]])
    assert v.step_marks(placing, v.FULL) == {8: 1 << 3}


def test_marks_on_show_every_candidate_and_changes_show_in_face_or_pencil():
    puzzle = read(EASY)
    cands = candidates(puzzle)
    assert v.shown_marks(cands, True, {}) == cands
    assert v.shown_marks(None, True, {}) is None and v.shown_marks(cands, False, {}) is None
    before = v.grid_view(s.Moment(puzzle), marks=cands, marks_key="k")
    assert before.layer and before.marks_key == "k"
    assert [c.marks for c in before.cells] == cands
    state = s.Session(s.Moment(puzzle))
    state.place([(2, 4)], [])
    after = v.grid_view(state.now, marks=cands, hints={2: "place"})
    changed_face = [i for i in range(81) if before.cells[i].face() != after.cells[i].face()]
    changed_pencil = [i for i in range(81) if before.cells[i].pencil() != after.cells[i].pencil()]
    assert changed_face == [2] and changed_pencil == []


def test_the_selection_lights_its_row_column_box_and_its_digit_in_cells_and_notes():
    state = s.Session(s.Moment(read(EASY)))
    empty_cell = read(EASY).cells.index(0)
    state.toggle_note(empty_cell, 5)
    g = state.puzzle.geometry
    view = v.grid_view(state.now, selected=0)  # r1c1 holds a 5
    near = {i: c.near for i, c in enumerate(view.cells) if c.near}
    fives = {i for i, d in enumerate(state.puzzle.cells) if d == 5} - {0}
    assert {i for i, k in near.items() if k == "same"} == fives | {empty_cell}
    assert {i for i, k in near.items() if k == "peer"} == set(g.peers[0]) - fives - {empty_cell}
    assert near[0] == "self"
    assert all(not c.near for c in v.grid_view(state.now).cells)
    blank = v.grid_view(state.now, selected=empty_cell)  # an empty cell: no digit to match
    assert {c.near for c in blank.cells if c.near} == {"peer", "self"}



def test_a_cell_as_cells_makes_it_shows_the_empty_face():
    # Board paints no cell of index.html's static grid whose face is EMPTY_FACE at the first
    # render: so that face is what a cell made by ui/cells.py shows (its digit, name, kind).
    g = geometry(9)
    digit, kind, hint, conflict, wrong, near, notes = v.EMPTY_FACE
    made = dict(cells.cell_attributes(g, 40))
    assert (digit, kind, hint, conflict, wrong, near, notes) == (0, "empty", "", False, False,
                                                                 "", 0)
    assert made["aria-label"] == cells.cell_label(g, 40, digit, kind, conflict, wrong, notes,
                                                  hint == "doubt")
    assert not {"value", "data-kind", "data-near", "data-hint"} & set(made)
