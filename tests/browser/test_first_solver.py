"""The MicroPython solver worker answers Solve before Pyodide is ready, and Cancel works on
it: Pyodide's wasm is held back by the test until the end, so only MicroPython can answer."""

import sys
import time
from pathlib import Path

import pytest

from solver.model.puzzle import read
from tests.browser.pages import click, fill, grid_text, open_app, slow_line, solve, wait_solver
from tests.checks import EASY, load_lines, solution_problems

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import build_vendor  # noqa: E402 - a script module, found through the path above

pytestmark = pytest.mark.browser

PYODIDE_WASM = "**/pyodide.asm.wasm"


def solved_grid_ok(page, givens: str) -> bool:
    return solution_problems(read(givens), read(grid_text(page))) == []


def test_solve_and_cancel_on_micropython_before_pyodide(page, base_url):
    held = []
    page.route(PYODIDE_WASM, lambda route: held.append(route))  # answered at the end
    open_app(page, base_url)
    page.wait_for_selector("body[data-solve-ready=true]", state="attached", timeout=20_000)
    assert "Solve ready" in page.inner_text("#engine")

    fill(page, EASY)
    solve(page)
    assert solved_grid_ok(page, EASY)
    assert page.get_attribute("body", "data-solver-ready") == "false"  # MicroPython answered

    # A 25x25 that MicroPython cannot finish: it stops after 2 s to wait for Pyodide (held),
    # so the search is still on when Cancel is pressed.
    very_hard = load_lines("25x25_gecode_frisch.txt")[17].split()[0]
    fill(page, very_hard)
    click(page, "#solve")
    page.wait_for_selector("body[data-solving=true]", state="attached")
    click(page, "#cancel")
    assert "Cancelled" in page.inner_text("#status")
    assert grid_text(page) == read(very_hard).to_string()  # the grid is as it was
    page.wait_for_selector("body[data-solve-ready=true]", state="attached")
    fill(page, EASY)
    solve(page)  # the restarted MicroPython worker answers; Pyodide is still held
    assert solved_grid_ok(page, EASY)
    assert page.get_attribute("body", "data-solver-ready") == "false"

    for route in held:
        route.continue_()
    page.unroute(PYODIDE_WASM)
    wait_solver(page)
    hard = load_lines("forum_hardest_1106.txt")[0].split()[0]
    fill(page, hard)
    solve(page)
    assert solved_grid_ok(page, hard)


@pytest.mark.parametrize("line", ["fast", "slow"])
def test_workers_start_in_turn_after_the_ui(page, base_url, line):
    # On a phone the UI and both workers share a few slow cores (and a slow line): the
    # MicroPython worker starts once the UI has, Pyodide once MicroPython answers.
    if line == "slow":
        slow_line(page)
    asked = []  # (url, ms since the epoch when Playwright heard of the request)
    page.on("request", lambda request: asked.append((request.url, time.time() * 1000)))
    workers = []  # (url, ms since the epoch when Playwright heard of the worker)
    page.on("worker", lambda worker: workers.append((worker.url, time.time() * 1000)))
    page.goto(base_url + "?p=" + EASY)
    page.wait_for_selector("body[data-solve-ready=true]", state="attached", timeout=60_000)
    solve(page)
    assert solved_grid_ok(page, EASY)
    wait_solver(page)  # and Pyodide follows, started by the UI
    answered = page.evaluate(
        "performance.timeOrigin + performance.getEntriesByName('solve-ready')[0].startTime")
    pyodide = [at for url, at in asked if "/pyodide/" in url]
    assert pyodide and min(pyodide) >= answered  # not even pyodide.mjs before it answered
    ui_ready = page.evaluate(
        "performance.timeOrigin + performance.getEntriesByName('ui-ready')[0].startTime")
    assert len(workers) >= 2 and min(at for _, at in workers) >= ui_ready - 50
    unused = [url for url, _ in asked if "/pyscript/" in url
              and url.rsplit("/", 1)[-1].startswith(build_vendor.UNUSED_CHUNKS)]
    assert unused == []  # PyScript's editor, terminal and game plugins stay unloaded
