"""Solving in the page: solutions checked against the rules and the givens, the message for
each outcome, invalid input, solving while Pyodide loads, and Cancel of a long solve."""

import time

import pytest

from solver import analyse
from solver.model.puzzle import read
from tests.browser.pages import (
    cell_kinds,
    click,
    fill,
    flagged,
    grid_text,
    open_app,
    press,
    solve,
    wait_solver,
)
from tests.checks import EASY, NO_SOLUTION, load_lines, solution_problems

SIXTEEN = load_lines("16x16_gecode.txt")[0].split()[0]  # a 16x16 the search solves quickly

pytestmark = pytest.mark.browser


def check_solved(page, givens_text: str) -> None:
    givens = read(givens_text)
    shown = read(grid_text(page))
    assert solution_problems(givens, shown) == []
    kinds = cell_kinds(page)
    for cell, digit in enumerate(givens.cells):
        assert kinds[cell] == ("given" if digit else "solved")


def test_solve_shows_the_solution_with_givens_distinct(fresh_solver_page):
    page = fresh_solver_page
    hard = load_lines("top95.txt")[0]
    fill(page, hard)
    message = solve(page)
    assert message.startswith("Solved")
    check_solved(page, hard)
    style = "c => [getComputedStyle(c).fontWeight, getComputedStyle(c).color]"
    solved_cell = "#c" + str(read(hard).cells.index(0))
    given, solved = page.eval_on_selector("#c0", style), page.eval_on_selector(solved_cell, style)
    assert given[0] != solved[0] and given[1] != solved[1]
    label = page.get_attribute(solved_cell, "aria-label")
    assert label.endswith(", solved")


def test_editing_after_a_solve_hides_the_solution(fresh_solver_page):
    page = fresh_solver_page
    fill(page, EASY)
    solve(page)
    page.click("#c2")
    page.keyboard.press("Delete")  # an empty cell: the solution goes, the givens stay
    assert grid_text(page) == EASY


def test_no_solution_and_several_solutions_have_their_own_messages(fresh_solver_page):
    page = fresh_solver_page
    fill(page, NO_SOLUTION)
    none = solve(page)
    assert "No solution" in none
    assert grid_text(page) == NO_SOLUTION  # the grid is kept as entered
    click(page, "#clear")
    several = solve(page)  # an empty grid has many solutions
    assert "More than one solution" in several
    assert solution_problems(read("." * 81), read(grid_text(page))) == []
    assert none != several


def shaded(page) -> set:
    return set(page.evaluate("""[...document.querySelectorAll('#grid .cell')]
        .flatMap((c, i) => c.dataset.hint === 'differs' ? [i] : [])"""))


def test_several_solutions_shade_where_another_differs_until_undo(fresh_solver_page):
    page = fresh_solver_page
    text = load_lines("multi_solution_2000.txt")[0]
    found = analyse(text)  # the same engine as the page's: the same two solutions first
    differ = {i for i, d in enumerate(found.solution.cells) if d != found.second.cells[i]}
    fill(page, text)
    message = solve(page)
    assert "shaded cells differ" in message and str(len(differ)) in message
    assert read(grid_text(page)) == found.solution
    assert shaded(page) == differ and differ
    page.click("#undo")  # the solution goes, and its shading with it
    page.wait_for_function("!document.querySelector('#grid .cell[data-hint=differs]')")
    assert grid_text(page) == read(text).to_string()
    page.click("#redo")
    page.wait_for_function("document.querySelector('#grid .cell[data-hint=differs]')")
    assert shaded(page) == differ


def test_solve_on_conflicting_givens_explains_why(fresh_solver_page):
    page = fresh_solver_page
    fill(page, "5" + "." * 9 + "5" + "." * 70)  # two 5s in box 1
    message = solve(page)
    assert "Cannot solve" in message
    assert "two 5s in box 1 (row 1, column 1 and row 2, column 2)" in message
    assert flagged(page, "conflict") == [0, 10]
    assert grid_text(page).count("5") == 2  # nothing was lost


def test_other_sizes_solve(fresh_solver_page):
    page = fresh_solver_page
    four = "1..." "..3." ".4.." "...2"
    fill(page, four)
    assert page.input_value("#size") == "4"
    assert solve(page).startswith("Solved")
    check_solved(page, four)
    fill(page, SIXTEEN)
    assert page.input_value("#size") == "16"
    solve(page)
    check_solved(page, SIXTEEN)


def test_cancel_stops_a_long_solve_and_the_page_stays_responsive(fresh_solver_page):
    page = fresh_solver_page
    very_hard = load_lines("25x25_gecode_frisch.txt")[0].split()[0]
    fill(page, very_hard)
    click(page, "#solve")
    page.wait_for_selector("body[data-solving=true]", state="attached")
    assert page.is_enabled("#cancel") and not page.is_enabled("#solve")
    # Hint (not disabled) starts no second request: it says what is under way.
    answered = page.get_attribute("body", "data-solved")
    page.click("#hint")
    page.wait_for_function("document.getElementById('status').textContent.includes('Busy')")
    assert "Busy with Solve" in page.inner_text("#status")
    assert page.get_attribute("body", "data-solved") == answered
    # The main thread is free while the worker searches: typing still updates the grid.
    puzzle = read(very_hard)
    cell = puzzle.cells.index(0)
    used = {puzzle.cells[p] for p in puzzle.geometry.peers[cell]}
    symbol = puzzle.geometry.symbols[min(set(range(1, 26)) - used) - 1]  # no conflict
    empty = "#c" + str(cell)
    started = time.monotonic()
    page.click(empty)
    page.keyboard.press(symbol.lower())
    page.wait_for_function("([s, v]) => document.querySelector(s).value === v", arg=[empty, symbol])
    assert time.monotonic() - started < 5.0  # vs a search that takes minutes
    assert page.get_attribute("body", "data-solving") == "true"  # still searching
    click(page, "#cancel")
    assert "Cancelled" in page.inner_text("#status")
    assert page.get_attribute("body", "data-solving") == "false"
    assert page.input_value(empty) == symbol  # the grid is kept
    wait_solver(page)  # a fresh worker, and it solves
    fill(page, EASY)
    assert solve(page).startswith("Solved")
    check_solved(page, EASY)


def test_a_very_hard_25x25_is_solved_in_the_page(fresh_solver_page):
    # Depth-first search alone never finishes this one; clause learning in the worker does
    # (about 2 s in CPython, 3-4 s in Pyodide), uniqueness included.
    page = fresh_solver_page
    very_hard = load_lines("25x25_gecode_frisch.txt")[17].split()[0]
    fill(page, very_hard)
    assert solve(page, timeout_ms=120_000).startswith("Solved")
    check_solved(page, very_hard)


def hold_the_workers(page) -> list:
    """Hold back both workers' configs: no worker answers until the routes returned are
    continued."""
    held = []
    for config in ("first_worker.toml", "worker.toml"):
        page.route("**/static/" + config, lambda route: held.append(route))
    return held


def test_a_9x9_solve_pressed_while_the_workers_load_is_solved_on_the_page(page, base_url):
    """A link opened and Solve tapped at once: the page works a 9x9 out itself, without
    waiting seconds for a worker (ui/requests.py's answer_here)."""
    held = hold_the_workers(page)
    open_app(page, base_url)
    fill(page, EASY)
    click(page, "#solve")
    page.wait_for_function("Number(document.body.dataset.solved || 0) > 0", timeout=90_000)
    assert page.get_attribute("body", "data-solve-ready") != "true"  # no worker answered
    assert page.inner_text("#status").startswith("Solved")
    check_solved(page, EASY)
    for route in held:
        route.continue_()
    wait_solver(page)


def test_a_9x9_hint_pressed_while_the_workers_load_is_worked_out_on_the_page(page, base_url):
    """Hint tapped before either worker is ready: the page's thread tries the Easy and
    Medium techniques itself (ui/requests.py's answer_here) instead of waiting for one."""
    held = hold_the_workers(page)
    open_app(page, base_url)
    fill(page, EASY)
    assert "Press Hint again" in press(page, "#hint")
    assert page.get_attribute("body", "data-solve-ready") != "true"  # no worker answered
    for route in held:
        route.continue_()
    wait_solver(page)


def test_a_16x16_solve_pressed_while_the_solvers_load_runs_when_ready(page, base_url):
    held = hold_the_workers(page)
    open_app(page, base_url)
    fill(page, SIXTEEN)  # above what the page solves itself
    click(page, "#solve")
    assert "still loading" in page.inner_text("#status")
    assert "Loading the solver" in page.inner_text("#engine")
    assert page.is_visible("#progress")
    for route in held:
        route.continue_()
    page.wait_for_function("Number(document.body.dataset.solved || 0) > 0", timeout=90_000)
    assert page.inner_text("#status").startswith("Solved")
    check_solved(page, SIXTEEN)
    wait_solver(page)
    assert not page.is_visible("#progress")


def test_a_solver_that_cannot_start_is_explained(make_context, base_url):
    page = make_context().new_page()  # the failed download is logged: expected here
    page.route("**/static/vendor/solver*", lambda route: route.abort())  # both workers'

    open_app(page, base_url)
    fill(page, SIXTEEN)
    click(page, "#solve")
    page.wait_for_function("Number(document.body.dataset.solved || 0) > 0", timeout=90_000)
    assert "could not start" in page.inner_text("#status")
    assert "could not start" in page.inner_text("#engine")
    assert grid_text(page) == SIXTEEN
    fill(page, EASY)  # a 9x9 Solve works without any worker: the page works it out
    assert solve(page).startswith("Solved")
    check_solved(page, EASY)
