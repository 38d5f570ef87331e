"""Playing a puzzle in the page: the two phases and each digit's kind (kept across a reload),
one Undo/Redo history with Solve and Step in it, Check, and the player's own notes, which
Hint works from. Expected answers come from the solver's Python API run here."""

import pytest

from solver import analyse
from solver.logic import State, candidates, next_step, solve_path
from solver.logic.state import digits_of
from solver.model.candidates import without
from solver.model.puzzle import read
from tests.browser import pages
from tests.browser.pages import cell_kinds, click, fill, flagged, grid_text, tick, wait_solver
from tests.browser.test_coach import eliminating_puzzle, hints, press
from tests.checks import EASY, NO_SOLUTION, easy_solution, load_lines

pytestmark = pytest.mark.browser


def first_empty(text: str, after: int = -1) -> int:
    return read(text).cells.index(0, after + 1)


def wrong_digit(cell: int) -> int:
    """A digit that breaks no rule in this cell of EASY but is not the solution's."""
    puzzle, right = read(EASY), easy_solution().cells[cell]
    g = puzzle.geometry
    seen = {puzzle.cells[p] for p in g.peers[cell]}
    return next(d for d in range(1, 10) if d != right and d not in seen)


def type_at(page, cell: int, key: str) -> None:
    page.click("#c" + str(cell))
    page.keyboard.press(key)


def own_notes(page, cell: int) -> list:
    """The digits of a cell's own notes as shown (none when the marks are not its notes)."""
    text = page.evaluate(
        """i => { const box = document.querySelectorAll('#grid .mark-cell')[i];
                  return box && box.dataset.own === 'true' ? box.textContent : ''; }""", cell)
    return sorted(int(s) for s in text.split())


def test_a_pasted_puzzle_is_played_givens_locked_and_kinds_kept(fresh_solver_page):
    page = fresh_solver_page
    fill(page, EASY)
    assert page.get_attribute("body", "data-phase") == "play"
    assert page.inner_text("#play") == "Edit"
    assert page.get_attribute("#play", "aria-label") == "Edit the givens"
    type_at(page, 0, "9")  # a given: locked
    assert grid_text(page)[0] == EASY[0] and "locked" in page.inner_text("#status")
    entry = first_empty(EASY)
    type_at(page, entry, str(easy_solution().cells[entry]))
    press(page, "#step")
    pages.solve(page)
    kinds = cell_kinds(page)
    assert kinds[0] == "given" and kinds[entry] == "entry"
    assert "placed" in kinds and "solved" in kinds
    assert set(kinds) == {"given", "entry", "placed", "solved"}
    style = "c => [getComputedStyle(c).color, getComputedStyle(c).fontWeight]"
    looks = {kind: page.eval_on_selector("#c" + str(kinds.index(kind)), style)
             for kind in ("given", "entry", "placed", "solved")}
    assert len(set(map(tuple, looks.values()))) == 4  # each kind looks different
    assert page.get_attribute("#c" + str(entry), "aria-label").endswith(", your entry")
    page.reload()
    page.wait_for_selector("body[data-ui-ready=true]", state="attached")
    assert cell_kinds(page) == kinds and page.get_attribute("body", "data-phase") == "play"
    wait_solver(page)


def test_a_typed_puzzle_plays_after_a_uniqueness_check(fresh_solver_page):
    page = fresh_solver_page
    type_at(page, 0, "1")  # one given: many solutions
    assert page.evaluate("document.activeElement.id") == "c1"  # on to the next empty cell
    assert "2+ solutions" in press(page, "#play")
    assert page.get_attribute("body", "data-phase") == "enter"
    click(page, "#clear")
    page.click("#c0")
    for key in NO_SOLUTION[:8]:  # typed givens move on by themselves
        page.keyboard.press(key)
    type_at(page, NO_SOLUTION.index("9", 9), "9")
    assert grid_text(page) == NO_SOLUTION
    assert "No solution" in press(page, "#play")
    fill(page, EASY)
    click(page, "#play")  # back to entering: givens can change
    assert page.get_attribute("body", "data-phase") == "enter"
    assert "unique: ready to play" in press(page, "#play").lower()
    assert page.get_attribute("body", "data-phase") == "play"


def test_solve_while_playing_solves_the_givens_and_counts_the_wrong_digits(fresh_solver_page):
    page = fresh_solver_page
    fill(page, EASY)
    answer = easy_solution()
    right_cell, wrong_cell = first_empty(EASY), first_empty(EASY, first_empty(EASY))
    type_at(page, right_cell, str(answer.cells[right_cell]))
    type_at(page, wrong_cell, str(wrong_digit(wrong_cell)))
    game = grid_text(page)
    message = pages.solve(page)
    assert grid_text(page) == answer.to_string()  # the givens' solution, not "no solution"
    g = read(EASY).geometry
    assert "1 of your 2 digits was wrong (" + g.cell_name(wrong_cell) + ")" in message
    kinds = cell_kinds(page)
    assert kinds[right_cell] == "entry" and kinds[wrong_cell] == "solved"
    page.click("#undo")  # the game comes back, the wrong digit with it
    assert grid_text(page) == game
    assert cell_kinds(page)[wrong_cell] == "entry"


def test_solve_while_playing_several_solutions_says_differs_not_wrong_and_shades(
        fresh_solver_page):
    page = fresh_solver_page
    text = load_lines("multi_solution_2000.txt")[0]
    found = analyse(text)  # the same engine as the page's: the same two solutions first
    differ = [i for i, d in enumerate(found.solution.cells) if d != found.second.cells[i]]
    fill(page, text)  # a paste goes straight to playing, without the uniqueness check
    cell = differ[0]  # the other solution's digit: right there, but not in the one shown
    type_at(page, cell, found.second.geometry.symbols[found.second.cells[cell] - 1])
    message = pages.solve(page)
    name = found.solution.geometry.cell_name(cell)
    assert "1 of your 1 digit differs from the solution shown (" + name + ")" in message
    assert "more than one" in message and "wrong" not in message
    assert read(grid_text(page)) == found.solution
    assert set(flagged(page, "wrong")) == set()
    shaded = page.eval_on_selector_all(
        "#grid .cell", "cells => cells.flatMap((c, i) => c.dataset.hint === 'differs' ? [i] : [])")
    assert shaded == differ


def test_undo_and_redo_walk_one_history_through_solve_and_step(fresh_solver_page):
    page = fresh_solver_page
    fill(page, EASY)
    entry = first_empty(EASY)
    type_at(page, entry, str(easy_solution().cells[entry]))
    typed = grid_text(page)
    pages.solve(page)
    assert grid_text(page) == easy_solution().to_string()
    assert "solved" in press(page, "#hint")  # not the next technique, for ever
    assert "solved" in press(page, "#step")
    assert grid_text(page) == easy_solution().to_string()  # Step kept the solution
    page.keyboard.press("Control+z")  # hides the solution only
    assert grid_text(page) == typed
    page.keyboard.press("Control+Shift+Z")
    assert grid_text(page) == easy_solution().to_string()
    page.click("#undo")
    page.click("#undo")
    assert grid_text(page) == EASY
    page.keyboard.press("Control+y")
    assert grid_text(page) == typed
    press(page, "#step")
    stepped = grid_text(page)
    assert stepped != typed and page.is_disabled("#redo")  # a new change ends the redo
    page.click("#undo")
    assert grid_text(page) == typed
    page.click("#redo")
    assert grid_text(page) == stepped
    assert page.is_disabled("#redo")


def test_check_marks_wrong_entries_and_hint_names_one_first(fresh_solver_page):
    page = fresh_solver_page
    fill(page, EASY)
    right_cell, wrong_cell = first_empty(EASY), first_empty(EASY, first_empty(EASY))
    type_at(page, right_cell, str(easy_solution().cells[right_cell]))
    type_at(page, wrong_cell, str(wrong_digit(wrong_cell)))
    assert flagged(page, "wrong") == []  # nothing marked before Check
    assert "1 wrong digit" in press(page, "#check")
    assert flagged(page, "wrong") == [wrong_cell]
    cell = "#c" + str(wrong_cell)
    assert page.get_attribute(cell, "aria-invalid") == "true"
    assert page.get_attribute(cell, "aria-label").endswith(", wrong")
    shadow = "c => getComputedStyle(c).boxShadow"
    assert page.eval_on_selector(cell, shadow) != page.eval_on_selector(
        "#c" + str(right_cell), shadow)
    g = read(EASY).geometry
    assert g.cell_name(wrong_cell) in press(page, "#hint")
    type_at(page, wrong_cell, "Delete")
    assert flagged(page, "wrong") == []
    tick(page, "#auto-check")
    type_at(page, wrong_cell, str(wrong_digit(wrong_cell)))
    assert flagged(page, "wrong") == [wrong_cell]  # at once, without Check
    tick(page, "#auto-check", False)
    assert flagged(page, "wrong") == []


def test_own_notes_stay_through_undo_and_reload_and_clear_from_peers(fresh_solver_page):
    page = fresh_solver_page
    fill(page, EASY)
    g = read(EASY).geometry
    cell = first_empty(EASY)
    peer = next(p for p in g.peers[cell] if not read(EASY).cells[p])
    page.click("#notes")
    assert page.get_attribute("#notes", "aria-pressed") == "true"
    page.click("#c" + str(cell))
    page.click("#pad .digit[data-digit='4']")
    page.click("#pad .digit[data-digit='6']")
    page.keyboard.press("n")  # notes mode off again
    assert page.get_attribute("#notes", "aria-pressed") == "false"
    type_at(page, peer, "Shift+4")
    assert own_notes(page, cell) == [4, 6] and own_notes(page, peer) == [4]
    assert grid_text(page) == EASY  # notes are not digits
    page.click("#undo")
    assert own_notes(page, peer) == []
    page.click("#redo")
    type_at(page, cell, "4")  # the digit goes from the peers' notes
    assert own_notes(page, peer) == []
    page.keyboard.press("Control+z")
    assert own_notes(page, cell) == [4, 6] and own_notes(page, peer) == [4]
    page.reload()
    page.wait_for_selector("body[data-ui-ready=true]", state="attached")
    assert own_notes(page, cell) == [4, 6] and own_notes(page, peer) == [4]
    wait_solver(page)


def test_fill_candidates_and_hint_works_from_the_players_notes(fresh_solver_page):
    page = fresh_solver_page
    text = eliminating_puzzle()  # no single at the start
    puzzle = read(text)
    fill(page, text)
    click(page, "#fill-notes")
    cands = candidates(puzzle)
    shown = [own_notes(page, i) for i in range(81)]
    assert shown == [list(digits_of(m)) for m in cands]
    page.keyboard.press("Control+z")
    cell = first_empty(text)
    answer = analyse(puzzle).solution.cells[cell]
    page.click("#c" + str(cell))
    page.keyboard.press("Shift+" + str(answer))  # the player's note: only the true digit
    left = without(cands, [(cell, d) for d in range(1, 10) if d != answer])
    expected = next_step(State(puzzle.geometry, puzzle.cells, left))
    assert expected.nudge() != next_step(puzzle).nudge()  # the note changes the hint
    assert press(page, "#hint").startswith(expected.nudge())
    wrong = next(d for d in digits_of(cands[cell]) if d != answer)
    page.click("#c" + str(cell))
    page.keyboard.press("Shift+" + str(answer))
    page.keyboard.press("Shift+" + str(wrong))  # now the note leaves the true digit out
    message = press(page, "#hint")
    assert "notes in " + puzzle.geometry.cell_name(cell) + " leave out" in message


def test_the_selection_lights_its_row_column_box_and_digit(fresh_solver_page):
    page = fresh_solver_page
    fill(page, EASY)
    puzzle = read(EASY)
    g = puzzle.geometry
    cell = 0
    noted = first_empty(EASY, 30)
    type_at(page, noted, "Shift+" + str(puzzle.cells[cell]))
    page.click("#c" + str(cell))
    near = page.eval_on_selector_all("#grid .cell", "cells => cells.map(c => c.dataset.near)")
    same = {i for i, d in enumerate(puzzle.cells) if d == puzzle.cells[cell]} - {cell}
    assert {i for i, k in enumerate(near) if k == "same"} == same | {noted}
    assert {i for i, k in enumerate(near) if k == "peer"} == set(g.peers[cell]) - same - {noted}
    background = "c => getComputedStyle(c).backgroundColor"
    plain = next(i for i, k in enumerate(near) if not k)
    looks = {page.eval_on_selector("#c" + str(i), background)
             for i in (plain, next(i for i, k in enumerate(near) if k == "peer"), min(same))}
    assert len(looks) == 3
    page.click("#hint")  # the selection stays marked when the grid loses the focus
    assert page.get_attribute("#c" + str(cell), "data-near") == "self"


def test_a_link_keeps_the_game_on_its_puzzle_and_asks_before_replacing_another(page, base_url):
    pages.open_app(page, base_url, "?p=" + EASY)
    cell = first_empty(EASY)
    type_at(page, cell, "4")
    page.reload()  # the address still names the puzzle: the game on it is kept
    page.wait_for_selector("body[data-ui-ready=true]", state="attached")
    assert grid_text(page)[cell] == "4" and "?p=" in page.url
    other = NO_SOLUTION.replace(".", "0")
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    pages.open_app(page, base_url, "?p=" + other)
    assert asked and "in progress" in asked[0]
    assert grid_text(page)[cell] == "4" and "kept" in page.inner_text("#status")
    assert "?p=" + EASY.replace(".", "0") in page.url  # the address names the game shown
    page.once("dialog", lambda dialog: dialog.accept())
    pages.open_app(page, base_url, "?p=" + other)
    assert grid_text(page) == NO_SOLUTION
    page.click("#undo")  # the game it replaced is one Undo away
    assert grid_text(page)[cell] == "4"


def test_a_link_opened_and_not_played_is_kept(page, base_url):
    pages.open_app(page, base_url, "?p=" + EASY)
    assert "Opened the puzzle from the link" in page.inner_text("#status")
    page.reload()  # nothing played yet: the opened puzzle is already the saved game
    page.wait_for_selector("body[data-ui-ready=true]", state="attached")
    assert "Welcome back" in page.inner_text("#status")
    pages.open_app(page, base_url)  # the bare address too
    assert grid_text(page) == EASY


def test_a_lesson_step_shows_its_placements_on_its_own_position(fresh_solver_page):
    page = fresh_solver_page
    fill(page, EASY)
    press(page, "#explain")
    steps = solve_path(read(EASY)).steps
    page.click("#lesson-next")
    page.click("#lesson-next")
    page.wait_for_selector("#lesson[data-step='2']", state="attached")
    assert page.inner_text("#lesson-count").startswith("Step 3")
    assert page.inner_text("#lesson-sentence") == steps[2].explanation
    lit = hints(page)
    assert {c for c, k in lit.items() if k == "place"} == {c for c, _ in steps[2].placements}
    earlier = {c for step in steps[:2] for c, _ in step.placements}
    assert all(grid_text(page)[c] != "." for c in earlier)  # the two steps before are in
    page.click("#lesson-close")
    assert grid_text(page) == EASY  # shown, not applied
