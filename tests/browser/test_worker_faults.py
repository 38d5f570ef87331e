"""The solver worker's faults (issue 14, defects 5 and 9): a page worker that comes back as
JS `undefined` (seen in WebKit) falls back to a new worker, and a worker that dies is
noticed, said, and replaced, without losing the grid."""

import pytest

from solver.model.puzzle import read
from tests.checks import EASY, load_lines

from .pages import UI_TIMEOUT_MS, click, fill, grid_text, solve, wait_solver

pytestmark = pytest.mark.browser

# PyScript defines `xworker` on the <script worker> element; drop that, so the UI reads
# `undefined` where it expects the page's worker.
NO_PAGE_WORKER = """const define = Object.defineProperty;
Object.defineProperty = function (target, name, descriptor) {
    if (name === "xworker" && target instanceof HTMLScriptElement) return target;
    return define(target, name, descriptor);
};"""
# Every Worker the page starts, so a test can kill one as a crash would.
KEEP_WORKERS = """window.startedWorkers = [];
window.Worker = class extends window.Worker {
    constructor(...args) { super(...args); window.startedWorkers.push(this); }
};"""
TYPE_WHILE_EXPLAINING = """([cell, key]) => new Promise((done) => {
    const status = document.getElementById("status");
    new MutationObserver((_, observer) => {
        if (!status.textContent.includes("Working out")) return;
        observer.disconnect();
        const input = document.getElementById(cell);
        input.focus();
        input.dispatchEvent(new KeyboardEvent("keydown", {key, bubbles: true}));
        done();
    }).observe(status, {childList: true, characterData: true, subtree: true});
    document.getElementById("explain").click();
})"""
KILL_NEWEST = "window.startedWorkers[window.startedWorkers.length - 1].terminate()"


def test_an_undefined_page_worker_falls_back_to_a_new_one(make_context, base_url):
    page = make_context().new_page()
    page.add_init_script(NO_PAGE_WORKER)
    page.goto(base_url)
    page.wait_for_selector("body[data-ui-ready=true]", state="attached", timeout=UI_TIMEOUT_MS)
    fill(page, EASY)
    wait_solver(page)
    assert solve(page).startswith("Solved")


@pytest.mark.parametrize("device", ["Pixel 7"])
def test_a_worker_that_dies_is_noticed_said_and_replaced(make_context, base_url):
    page = make_context().new_page()
    page.add_init_script(KEEP_WORKERS)
    page.goto(base_url)
    page.wait_for_selector("body[data-ui-ready=true]", state="attached", timeout=UI_TIMEOUT_MS)
    wait_solver(page)
    # 25x25: minutes of search, so the worker dies in the middle of it
    very_hard = load_lines("25x25_gecode_frisch.txt")[0].split()[0]
    fill(page, very_hard)
    click(page, "#solve")
    page.wait_for_selector("body[data-solving=true]", state="attached")
    page.evaluate(KILL_NEWEST)
    page.wait_for_selector("body[data-solving=false]", state="attached", timeout=10_000)
    status = page.inner_text("#status")
    assert "stopped" in status and "new one" in status, status
    assert grid_text(page) == very_hard  # the grid is kept
    wait_solver(page)  # the new worker
    fill(page, EASY)
    assert solve(page).startswith("Solved")


def test_explain_of_a_grid_edited_meanwhile_is_not_shown_as_current(fresh_solver_page):
    page = fresh_solver_page
    hard = load_lines("top95.txt")[3]
    fill(page, hard)
    done = int(page.get_attribute("body", "data-coach") or 0)
    puzzle = read(hard)
    cell = puzzle.cells.index(0)
    used = {puzzle.cells[p] for p in puzzle.geometry.peers[cell]}
    # The player types on while the worker works out the steps: the key is sent as soon
    # as the page says it is working, before the worker's reply can arrive.
    page.evaluate(TYPE_WHILE_EXPLAINING, ["c" + str(cell), str(min(set(range(1, 10)) - used))])
    page.wait_for_function("(d) => Number(document.body.dataset.coach || 0) > d", arg=done,
                           timeout=60_000)
    assert page.get_attribute("body", "data-screen") != "lesson"  # no lesson of a past grid
    assert "changed" in page.inner_text("#status")
