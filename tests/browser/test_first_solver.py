"""The MicroPython solver worker answers Solve, Watch, Hint and Step before Pyodide is ready,
started only when a person waits for one of those, and Cancel works on it: Pyodide's wasm
is held back by the test until the end, so only MicroPython can answer."""

import sys
import time
from pathlib import Path

import pytest

from solver.logic import State, next_step
from solver.model.puzzle import read
from tests.browser.pages import (
    click,
    fill,
    grid_text,
    open_app,
    press,
    slow_line,
    solve,
    wait_solver,
)
from tests.checks import EASY, load_lines, solution_problems

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import build_vendor  # noqa: E402 - a script module, found through the path above

pytestmark = pytest.mark.browser

PYODIDE_WASM = "**/pyodide.asm.wasm"
SIXTEEN = load_lines("16x16_gecode.txt")[0].split()[0]


def solved_grid_ok(page, givens: str) -> bool:
    return solution_problems(read(givens), read(grid_text(page))) == []


def test_solve_and_cancel_on_micropython_before_pyodide(page, base_url):
    held = []
    page.route(PYODIDE_WASM, lambda route: held.append(route))  # answered at the end
    open_app(page, base_url)
    fill(page, EASY)
    solve(page)  # a 9x9: the page works it out itself, no worker needed
    assert solved_grid_ok(page, EASY)
    assert page.get_attribute("body", "data-solve-ready") != "true"  # nor started

    # A 25x25, beyond the page: the MicroPython worker starts for it, and cannot finish it,
    # so it stops after 2 s to wait for Pyodide (held): the search is on when Cancel is
    # pressed.
    very_hard = load_lines("25x25_gecode_frisch.txt")[17].split()[0]
    fill(page, very_hard)
    click(page, "#solve")
    page.wait_for_selector("body[data-solve-ready=true]", state="attached", timeout=20_000)
    assert "Solve and hints ready" in page.inner_text("#engine")
    page.wait_for_selector("body[data-solving=true]", state="attached")
    click(page, "#cancel")
    assert "Cancelled" in page.inner_text("#status")
    assert grid_text(page) == read(very_hard).to_string()  # the grid is as it was
    page.wait_for_selector("body[data-solve-ready=true]", state="attached")
    four = "1..." "..3." ".4.." "...2"
    fill(page, four)
    solve(page)  # the worker answers now it is up (Pyodide is still held)
    assert solved_grid_ok(page, four)
    assert page.get_attribute("body", "data-solver-ready") == "false"

    for route in held:
        route.continue_()
    page.unroute(PYODIDE_WASM)
    wait_solver(page)
    hard = load_lines("forum_hardest_1106.txt")[0].split()[0]
    fill(page, hard)
    solve(page)
    assert solved_grid_ok(page, hard)


def test_hint_and_step_on_micropython_before_pyodide(page, base_url):
    """Issue 24: a Hint tapped while Pyodide cannot answer (its wasm held back) on a grid the
    page does not hint itself (a 16x16: ui/requests.py's answer_here takes 9x9s) is
    answered by the MicroPython worker, which it starts, and Step applies the next step
    there."""
    held = []
    page.route(PYODIDE_WASM, lambda route: held.append(route))  # answered at the end
    open_app(page, base_url)
    fill(page, SIXTEEN)
    first = next_step(read(SIXTEEN))
    assert press(page, "#hint").startswith(first.nudge())
    assert page.get_attribute("body", "data-solve-ready") == "true"  # MicroPython's
    assert page.get_attribute("body", "data-solver-ready") == "false"  # not Pyodide's
    press(page, "#step")  # the hint on show, applied
    after = State.from_puzzle(read(SIXTEEN)).apply(first)
    press(page, "#step")  # a fresh step, asked of MicroPython again
    second = next_step(after)
    assert read(grid_text(page)).cells == after.apply(second).values
    assert page.get_attribute("body", "data-solver-ready") == "false"
    for route in held:
        route.continue_()
    page.unroute(PYODIDE_WASM)
    wait_solver(page)


@pytest.mark.parametrize("line", ["fast", "slow"])
def test_pyodide_starts_after_the_ui_and_the_first_solve_needs_no_worker(page, base_url, line):
    # On a phone the UI and the workers share a few slow cores (and a slow line): Pyodide
    # starts once the UI has, and the MicroPython worker is not started at all when nobody
    # needs it (a 9x9 Solve is worked out on the page).
    if line == "slow":
        slow_line(page)
    asked = []  # (url, ms since the epoch when Playwright heard of the request)
    page.on("request", lambda request: asked.append((request.url, time.time() * 1000)))
    workers = []  # (url, ms since the epoch when Playwright heard of the worker)
    page.on("worker", lambda worker: workers.append((worker.url, time.time() * 1000)))
    page.goto(base_url + "?p=" + EASY)
    page.wait_for_selector("body[data-ui-ready=true]", state="attached", timeout=60_000)
    solve(page)
    assert solved_grid_ok(page, EASY)
    first = [url for url, _ in asked if url.endswith(("first_worker.toml", "solver.tar.gz"))]
    assert first == []  # (nor preloaded: static/vendor/precache.js keeps them for offline)
    wait_solver(page)
    ui_ready = page.evaluate(
        "performance.timeOrigin + performance.getEntriesByName('ui-ready')[0].startTime")
    pyodide = [at for url, at in asked if "/pyodide/" in url]
    assert pyodide and min(pyodide) >= ui_ready - 50
    assert len(workers) == 1 and workers[0][1] >= ui_ready - 50  # Pyodide's alone
    unused = [url for url, _ in asked if "/pyscript/" in url
              and url.rsplit("/", 1)[-1].startswith(build_vendor.UNUSED_CHUNKS)]
    assert unused == []  # PyScript's editor, terminal and game plugins stay unloaded
