"""End-to-end smoke flows in WebKitGTK (Safari's engine) and Firefox ESR, beside the
Chromium suite: load, ready, Pyodide restored from its snapshot, paste, solve, hint, reload
keeps the grid, Cancel on a long 25x25, offline reload. The flows run in this order on one
page per engine (each builds on the last); answers are checked against the solver's
Python API, not written in.

Run them alone with `scripts/test.sh -m engines`.
"""

import pytest

from solver.logic import next_step
from solver.model.puzzle import read
from tests.browser.pages import (
    SNAPSHOT_PROBE,
    SOLVER_TIMEOUT_MS,
    UI_TIMEOUT_MS,
    fill,
    grid_text,
    open_app,
    paste,
    press,
    pyodide_answers,
    reset,
    solve,
    wait_solver,
)
from tests.checks import EASY, load_lines, solution_problems

pytestmark = [pytest.mark.browser, pytest.mark.engines]
FLOW = True  # the tests run in file order under any --order (tests/conftest.py)


def reloaded(page) -> None:
    """Reload and wait until the UI and the solver are ready again."""
    page.reload()
    page.wait_for_selector("body[data-ui-ready=true]", timeout=UI_TIMEOUT_MS)
    wait_solver(page)


def test_load_and_ready(visit):
    page = visit.page
    open_app(page, visit.url)
    assert page.evaluate("document.querySelectorAll('#grid .cell').length") == 81
    wait_solver(page)


def test_pyodide_starts_from_its_snapshot(visit):
    [(restored, draw)] = pyodide_answers(visit.page, SNAPSHOT_PROBE)
    assert restored is True
    assert 0 <= draw < 1


def test_paste_fills_the_grid(visit):
    page = visit.page
    reset(page)
    paste(page, EASY)
    page.wait_for_function("t => [...document.querySelectorAll('#grid .cell')]"
                           ".map(c => c.value || '.').join('') === t", EASY)


def test_solve(visit):
    page = visit.page
    assert solve(page).startswith("Solved")
    assert solution_problems(read(EASY), read(grid_text(page))) == []


def test_hint_names_the_first_step(visit):
    page = visit.page
    reset(page)
    fill(page, EASY)
    assert press(page, "#hint").startswith(next_step(read(EASY)).nudge())
    assert grid_text(page) == EASY  # a hint changes nothing


def test_reload_keeps_the_grid(visit):
    page = visit.page
    shown = grid_text(page)
    reloaded(page)
    assert grid_text(page) == shown


def test_cancel_stops_a_long_25x25_solve(visit):
    page = visit.page
    very_hard = load_lines("25x25_gecode_frisch.txt")[0].split()[0]
    fill(page, very_hard)
    page.click("#solve")
    page.wait_for_selector("body[data-solving=true]")
    page.click("#cancel")
    page.wait_for_function("document.body.dataset.solving === 'false'")
    assert "Cancelled" in page.inner_text("#status")
    assert read(grid_text(page)) == read(very_hard)  # the grid is kept
    wait_solver(page)  # a fresh worker


def test_offline_reload_serves_the_app_and_solves(visit):
    page = visit.page
    reset(page)
    fill(page, EASY)
    page.wait_for_selector("body[data-offline-ready=true]", timeout=SOLVER_TIMEOUT_MS)
    visit.stop_server()
    reloaded(page)  # every file now comes from the service worker
    assert grid_text(page) == EASY  # and the grid from localStorage
    assert solve(page).startswith("Solved")
    assert solution_problems(read(EASY), read(grid_text(page))) == []
