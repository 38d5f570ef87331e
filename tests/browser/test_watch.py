"""Arrows for a chain and Watch the search, in the page: a chain hint draws one arrow per link
(dashed for weak ones) and a change to the grid takes them away; Watch animates the search
with growing counts, ends on the library's own solution and counts, and Cancel gives back the
player's grid exactly as it was."""

import pytest

from solver import analyse
from solver.logic import State, next_step, solve_path
from solver.search.trace import FEWEST, FIRST_EMPTY, trace
from tests.browser.pages import cell_kinds, click, fill, grid_text, open_app, wait_solver
from tests.checks import EASY, load_lines, puzzle_of

pytestmark = pytest.mark.browser
WAIT_MS = 60_000


def chain_position():
    """(729-character pencil-mark text, the step) of the first chain on a top95 puzzle's path:
    the grid and candidates just before it, as a pencil-mark file holds them."""
    puzzle = puzzle_of(load_lines("top95.txt")[7])
    state = State.from_puzzle(puzzle)
    for step in solve_path(puzzle).steps:
        if step.links:
            break
        state = state.apply(step)
    masks = state.as_masks()[0]
    text = "".join("".join(str(d) if m >> (d - 1) & 1 else "." for d in range(1, 10))
                   for m in masks)
    return text, next_step(State.from_masks(puzzle.geometry, masks))


def coach_done(page) -> int:
    return int(page.get_attribute("body", "data-coach") or 0)


def press(page, button: str) -> None:
    """Press a coach button and wait for its answer."""
    before = coach_done(page)
    page.click(button)
    page.wait_for_function("n => Number(document.body.dataset.coach || 0) > n", arg=before,
                           timeout=WAIT_MS)


def arrows(page) -> dict:
    return page.evaluate("""() => {
        const layer = document.querySelector('#grid svg.arrows');
        const count = s => layer ? layer.querySelectorAll(s).length : 0;
        return {links: layer ? layer.dataset.links : null, strong: count('path.link.strong'),
                weak: count('path.link.weak'), heads: count('path.head'), rings: count('circle'),
                shown: !!layer && getComputedStyle(layer).display !== 'none'};
    }""")


def test_a_chain_hint_draws_an_arrow_per_link(fresh_solver_page):
    page = fresh_solver_page
    text, step = chain_position()
    assert step.links
    page.set_input_files("#puzzle-file", files=[{
        "name": "chain.txt", "mimeType": "text/plain", "buffer": text.encode()}])
    page.wait_for_function("document.getElementById('status').textContent.includes('notes')")
    press(page, "#hint")  # the nudge: where to look, no arrows to give the chain away
    assert not arrows(page)["shown"]
    press(page, "#hint")
    assert step.explanation in page.inner_text("#status")
    drawn = arrows(page)
    strong = sum(1 for link in step.links if link[4] == "strong")
    assert drawn["shown"] and drawn["links"] == str(len(step.links))
    assert (drawn["strong"], drawn["weak"]) == (strong, len(step.links) - strong)
    assert drawn["heads"] == len(step.links)
    named = {(c, d) for a, x, b, y, _ in step.links for cells, d in ((a, x), (b, y)) for c in cells}
    assert drawn["rings"] == len(named)
    page.click("#undo")  # the grid changes: the chain goes with its hint
    page.wait_for_function("!document.querySelector('#grid svg.arrows') || "
                           "document.querySelector('#grid svg.arrows').dataset.links === '0'")


def counts(page) -> dict:
    return page.eval_on_selector("#watch-counts", "e => Object.assign({}, e.dataset)")


def watch_first_empty(page) -> None:
    """Press Watch and see the tutorials' order (the order is a setting another test may
    have changed: the page keeps it)."""
    click(page, "#watch")
    page.wait_for_selector("body[data-watching=true]", state="attached", timeout=WAIT_MS)
    if page.input_value("#watch-order") != FIRST_EMPTY:
        page.select_option("#watch-order", FIRST_EMPTY)
        page.wait_for_function("document.getElementById('status').textContent"
                               ".includes('first empty cell')", timeout=WAIT_MS)


def test_watch_runs_and_cancel_gives_back_the_grid(fresh_solver_page):
    page = fresh_solver_page
    fill(page, EASY)
    page.click("#c2")
    page.keyboard.press("4")  # an entry of the player's own, which must survive the watch
    before, kinds = grid_text(page), cell_kinds(page)
    # the tutorials' order, whose search of EASY is long
    watch_first_empty(page)
    page.select_option("#watch-speed", "150")
    assert page.is_visible("#watch-panel") and not page.is_visible("#pad")
    assert not page.is_visible("#toolbar") and not page.is_visible("#coach-bar")
    page.wait_for_function("Number(document.getElementById('watch-counts').dataset.guesses) > 5")
    first = counts(page)
    page.wait_for_function("n => Number(document.getElementById('watch-counts').dataset.done)"
                           " > n", arg=int(first["done"]) + 20)
    later = counts(page)
    assert int(later["guesses"]) > int(first["guesses"])
    # the search's digits are on show (waited for: a backtrack may pass through the grid it
    # began from, and a look at that moment would see none)
    page.wait_for_function(
        "before => Array.from(document.querySelectorAll('#grid .cell'),"
        " c => c.value || '.').join('') !== before", arg=before, timeout=WAIT_MS)
    page.click("#watch-cancel")
    page.wait_for_selector("body[data-watching=false]", state="attached")
    assert grid_text(page) == before and cell_kinds(page) == kinds
    assert page.is_visible("#pad") and not page.is_visible("#watch-panel")


def test_watch_the_fewest_candidates_order_to_its_end(fresh_solver_page):
    page = fresh_solver_page
    fill(page, EASY)
    before = grid_text(page)
    click(page, "#watch")
    page.wait_for_selector("body[data-watching=true]", state="attached", timeout=WAIT_MS)
    page.select_option("#watch-speed", "0")  # step by step: nothing moves but by Step
    page.select_option("#watch-order", FEWEST)  # the same grid traced again in this order
    page.wait_for_function("document.getElementById('status').textContent.includes('fewest')",
                           timeout=WAIT_MS)
    assert counts(page)["done"] == "0"
    page.click("#watch-step")
    page.click("#watch-step")
    assert counts(page)["done"] == "2" and page.inner_text("#watch-pause") == "Play"
    page.select_option("#watch-speed", "1500")
    page.click("#watch-pause")  # Play
    page.wait_for_selector("#watch-counts[data-ended=true]", state="attached", timeout=WAIT_MS)
    expected = trace(EASY, FEWEST)
    got = counts(page)
    assert (int(got["guesses"]), int(got["backtracks"])) == (expected.guesses,
                                                            expected.backtracks)
    assert grid_text(page) == analyse(EASY).solution.to_string()
    assert page.inner_text("#status").startswith("Solved after " + str(expected.guesses))
    page.click("#watch-cancel")
    page.wait_for_selector("body[data-watching=false]", state="attached")
    assert grid_text(page) == before


def test_watch_works_before_pyodide_is_ready(page, base_url):
    """The MicroPython worker, started for it, traces the search while Pyodide is still
    loading (held here)."""
    held = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    open_app(page, base_url)
    fill(page, EASY)
    before = grid_text(page)
    click(page, "#watch")
    page.wait_for_selector("body[data-watching=true]", state="attached", timeout=WAIT_MS)
    assert page.get_attribute("body", "data-solver-ready") == "false"  # MicroPython traced it
    page.select_option("#watch-speed", "1500")
    page.wait_for_function("Number(document.getElementById('watch-counts').dataset.guesses) > 50")
    page.click("#watch-cancel")
    assert grid_text(page) == before
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")
    wait_solver(page)


def test_watch_searches_a_variant_under_its_rules_to_its_solution(fresh_solver_page):
    from solver.model.puzzle import read
    from tests.test_variants import PUZZLES

    page = fresh_solver_page
    text = PUZZLES["jigsaw 6x6"]  # small: the tutorials' order ends in 173 guesses
    fill(page, text)
    page.wait_for_selector("#grid[data-rules='jigsaw']", state="attached", timeout=WAIT_MS)
    watch_first_empty(page)
    page.select_option("#watch-speed", "1500")
    page.wait_for_selector("#watch-counts[data-ended=true]", state="attached", timeout=WAIT_MS)
    expected = trace(read(text), FIRST_EMPTY)
    got = counts(page)
    assert (int(got["guesses"]), int(got["backtracks"])) == (expected.guesses,
                                                            expected.backtracks)
    assert grid_text(page) == analyse(read(text)).solution.to_string()
    page.click("#watch-cancel")
    page.wait_for_selector("body[data-watching=false]", state="attached")
