"""Issue 23's defects in the actions (each failed before ui/controller.py and ui/requests.py):
Hint, New puzzle and Scan pressed while the solver loads wait and run (1); a wrong digit,
erased, gives its peers' notes back and Hint goes on, a refusal lights its cell (4); Enter
never reveals the solution while playing and Pause blocks every action, with a Resume
prompt on the grid (6); Hint on an empty grid asks for a puzzle first (9)."""

import io
import sys
from pathlib import Path

import pytest

from solver.model.puzzle import read
from tests.checks import EASY, load_lines

from .pages import click, close_menu, fill, grid_text, open_app, press, reset, tick
from .test_player import own_notes, type_at

pytestmark = pytest.mark.browser

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"  # render_grid: synthetic photos


SIXTEEN = load_lines("16x16_gecode.txt")[0].split()[0]


def hold_pyodide(page) -> list:
    """Hold the Pyodide worker's config back (the MicroPython worker still starts): the
    solver stays 'loading' until the routes held are let go."""
    held = []
    page.route("**/static/worker.toml", lambda route: held.append(route))
    return held


def let_go(page, held: list) -> None:
    """Let the held config through, and any asked for later (Pyodide starts once the
    MicroPython worker has answered, which may be after this)."""
    for route in held:
        route.continue_()
    page.unroute("**/static/worker.toml")


def status_has(page, words: str, timeout: int = 90_000) -> None:
    page.wait_for_function(
        "w => document.getElementById('status').textContent.includes(w)", arg=words,
        timeout=timeout)


def test_hint_pressed_while_the_solver_loads_waits_and_runs(page, base_url):
    """(A 16x16: a 9x9's hint is tried on the page's thread, ui/requests.py's answer_here.)"""
    held = hold_pyodide(page)
    open_app(page, base_url)
    fill(page, SIXTEEN)
    page.click("#hint")
    status_has(page, "will run as soon as it is ready")
    assert page.get_attribute("body", "data-solver-ready") != "true"
    let_go(page, held)
    status_has(page, "Press Hint again for the step")
    assert page.get_attribute("body", "data-coach") == "1"


def test_new_puzzle_pressed_while_the_solver_loads_waits_and_runs(page, base_url):
    held = hold_pyodide(page)
    open_app(page, base_url)
    page.click("#go-home")
    page.select_option("#new-level", "Easy")
    page.click("#new-game")
    status_has(page, "New game will run as soon as it is ready")
    let_go(page, held)
    status_has(page, "New puzzle:")
    assert read(grid_text(page)).filled_count() >= 17


def test_a_photo_picked_while_the_solver_loads_is_read_once_it_is_ready(page, base_url):
    from PIL import Image

    sys.path.insert(0, str(SCRIPTS))
    from render_grid import render_photo

    gray, width, height, _ = render_photo(list(read(EASY).cells), seed=5)
    photo = io.BytesIO()
    Image.frombytes("L", (width, height), gray).save(photo, "PNG")
    held = hold_pyodide(page)
    open_app(page, base_url)
    page.set_input_files("#photo", files=[{"name": "easy.png", "mimeType": "image/png",
                                           "buffer": photo.getvalue()}])
    assert page.inner_text("#scan-note") == "Reading as soon as the solver is ready\u2026"
    assert page.is_visible("#corner-photo")  # the photo is shown while it waits
    let_go(page, held)
    page.wait_for_function("Number(document.body.dataset.scanned || 0) > 0", timeout=90_000)
    page.click("#corner-read")  # the reading, shown on the photo, is used
    status = page.inner_text("#status")
    assert "JsProxy" not in status and status.startswith("Read from the photo"), status
    assert grid_text(page) == EASY


def test_a_wrong_digit_erased_gives_its_peers_notes_back_and_hint_goes_on(fresh_solver_page):
    page = fresh_solver_page
    fill(page, EASY)
    click(page, "#fill-notes")
    peer = 3  # r1c4 (notes 2 6) shares row 1 with r1c3, whose digit is 4
    assert own_notes(page, peer) == [2, 6]
    type_at(page, 2, "2")  # a wrong 2 in r1c3 takes 2 from its peers' notes
    assert own_notes(page, peer) == [6]
    page.keyboard.press("Backspace")  # erased: the notes come back
    assert own_notes(page, peer) == [2, 6]
    assert "Press Hint again" in press(page, "#hint")


def test_a_note_leaving_out_the_digit_is_named_and_its_cell_lit(fresh_solver_page):
    page = fresh_solver_page
    fill(page, EASY)
    type_at(page, 2, "Shift+1")  # r1c3's note says 1; its digit is 4
    page.click("#c40")  # the selection elsewhere
    assert "Your notes in row 1, column 3" in press(page, "#hint")
    assert page.get_attribute("#c2", "data-hint") == "elim"


def test_enter_while_playing_never_reveals_the_solution(fresh_solver_page):
    page = fresh_solver_page
    fill(page, EASY)
    page.click("#c2")
    page.keyboard.press("Enter")
    page.wait_for_timeout(1500)  # a solve would be answered well within this
    assert grid_text(page) == EASY and page.get_attribute("body", "data-solved") in (None, "0")
    assert "Solved" not in page.inner_text("#status")


def test_pause_blocks_every_action_and_the_grid_offers_resume(fresh_solver_page):
    page = fresh_solver_page
    fill(page, EASY)
    tick(page, "#show-timer")
    type_at(page, 2, "4")
    page.click("#pause")
    assert page.get_attribute("body", "data-paused") == "true"
    assert page.is_visible("#resume")
    for button in ("#undo", "#hint", "#check", "#solve"):
        click(page, button)
        assert "paused" in page.inner_text("#status"), button
        if page.get_attribute("#menu", "data-open") == "true":
            close_menu(page)
    page.wait_for_timeout(1000)  # nothing was asked of the solver meanwhile
    assert grid_text(page)[2] == "4" and page.get_attribute("body", "data-solved") in (None, "0")
    page.click("#resume")
    assert page.get_attribute("body", "data-paused") == "false"
    assert not page.is_visible("#resume")
    page.click("#undo")
    assert grid_text(page)[2] == "."


def test_hint_on_an_empty_grid_asks_for_a_puzzle_first(fresh_solver_page):
    page = fresh_solver_page
    reset(page)
    assert "enter a puzzle first" in press(page, "#hint")
