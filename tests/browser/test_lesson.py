"""The lesson (#lesson) on a phone: Explain opens a step-through whose step N is drawn on the
grid as it was before step N (digits and candidates checked against the logical solver's
own State, replayed here), with the step's cells, arrows and sentence on the one screen,
no page or box scrolling; "Play from here" plays on from that position (issue 23, defect 3).
"""

import pytest

from solver.logic import State, solve_path
from solver.model.candidates import digits_of
from solver.model.puzzle import read
from tests.checks import load_lines

from .pages import fill, grid_text, press

# the shared solver page on the two smallest phone screens
pytestmark = [pytest.mark.browser,
              pytest.mark.parametrize("solver_page", ["360x640", "iPhone 13"], indirect=True)]

HARD = load_lines("top95.txt")[3]  # 85 steps; its XY-Wing has arrows
# SE 7.4: its path holds a chain told in about 700 characters, more than a phone shows at once
LONG = load_lines("rated_se_sample.txt")[180].split()[0]
ON_SCREEN = """cells => cells.map(c => {
    const box = c.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
})"""
SCROLLING = """() => [...document.querySelectorAll('*')].filter(e => {
    const style = getComputedStyle(e);
    return e.scrollHeight > e.clientHeight + 1 && /(auto|scroll)/.test(style.overflowY)
        && e.checkVisibility();
}).map(e => e.id || e.className)"""


def tap(page, selector: str) -> None:
    """Tap a control, opening the #more menu first when it lives there."""
    if not page.is_visible(selector) and page.locator("#more").count():
        page.click("#more")
    page.click(selector)


def explain(page) -> None:
    """Press Explain (in the #more menu when there is one) and wait for its answer."""
    if not page.is_visible("#explain") and page.locator("#more").count():
        page.click("#more")
    press(page, "#explain")


def position(steps, index: int) -> State:
    """The solver's own state before step `index` of its path."""
    state = State.from_puzzle(read(HARD))
    for step in steps[:index]:
        state = state.apply(step)
    return state


def drawn(page) -> tuple:
    """What the grid draws of a step: (how many arrows, the cells lit as its pattern, the
    cells lit for a removal, the arrows' SVG)."""
    hints = page.eval_on_selector_all("#grid .cell", "cells => cells.map(c => c.dataset.hint)")
    return (int(page.get_attribute("#grid .arrows", "data-links")),
            {c for c, how in enumerate(hints) if how == "pattern"},
            {c for c, how in enumerate(hints) if how == "elim"},
            page.inner_html("#grid .arrows"))


def shown_marks(page) -> list:
    texts = page.eval_on_selector_all("#grid .mark-cell", "cells => cells.map(c => c.textContent)")
    return [tuple(int(s) for s in text.split()) for text in texts]


def test_a_step_is_drawn_on_its_own_position_all_in_sight(fresh_solver_page):
    page = fresh_solver_page
    fill(page, HARD)
    explain(page)
    assert page.get_attribute("body", "data-screen") == "lesson"
    steps = solve_path(read(HARD)).steps
    chain = next(i for i, step in enumerate(steps) if step.links)
    page.fill("#lesson-slider", str(chain))  # the slider counts from 1: the step before
    tap(page, "#lesson-next")
    page.wait_for_selector(f"#lesson[data-step='{chain}']", state="attached")
    step = steps[chain]
    state = position(steps, chain)
    assert grid_text(page) == "".join(str(d) if d else "." for d in state.values)
    assert shown_marks(page) == [digits_of(m) for m in state.cands]
    assert step.explanation in page.inner_text("#lesson-sentence")
    assert page.get_attribute("#grid .arrows", "data-links") == str(len(step.links))
    lit = {c for c in step.cells} | {c for c, _ in step.eliminations}
    cells = page.locator("#grid .cell")
    in_sight = cells.evaluate_all(ON_SCREEN)
    assert all(in_sight[c] for c in lit), sorted(c for c in lit if not in_sight[c])
    for control in ("#lesson-sentence", "#lesson-prev", "#lesson-next", "#lesson-play",
                    "#lesson-close"):
        box = page.locator(control).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"], control
        if control != "#lesson-sentence":
            assert box["width"] >= 44 and box["height"] >= 44, (control, box)
    assert page.evaluate("scrollY") == 0
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
    assert page.evaluate(SCROLLING) == []  # no box scrolling inside the page
    bar, board = page.locator("#lesson-bar").bounding_box(), page.locator("#grid").bounding_box()
    gap = board["y"] - (bar["y"] + bar["height"])
    assert 0 <= gap <= 24, gap  # the bar sits on the grid (1366x768 once left 110 px)
    tap(page, "#lesson-close")  # back to the game as it was
    assert page.get_attribute("body", "data-screen") == "game"
    assert grid_text(page) == read(HARD).to_string()


def test_play_from_here_plays_on_from_that_position(fresh_solver_page):
    page = fresh_solver_page
    fill(page, HARD)
    explain(page)
    page.wait_for_selector("#lesson[data-step='0']", state="attached")
    for _ in range(3):
        tap(page, "#lesson-next")
    tap(page, "#lesson-prev")
    page.wait_for_selector("#lesson[data-step='2']", state="attached")
    steps = solve_path(read(HARD)).steps
    tap(page, "#lesson-play")
    assert page.get_attribute("body", "data-screen") == "game"
    assert page.is_hidden("#lesson")
    state = position(steps, 2)
    assert grid_text(page) == "".join(str(d) if d else "." for d in state.values)
    assert "Playing from step 3" in page.inner_text("#status")
    page.click("#undo")
    assert grid_text(page) == read(HARD).to_string()


def test_a_long_step_scrolls_in_its_box_and_the_buttons_stay_in_sight(fresh_solver_page):
    page = fresh_solver_page
    steps = solve_path(read(LONG)).steps
    longest = max(range(len(steps)), key=lambda i: len(steps[i].explanation))
    assert len(steps[longest].explanation) > 500  # else this puzzle no longer tests this
    fill(page, LONG)
    explain(page)
    page.fill("#lesson-slider", str(longest + 1))
    page.wait_for_selector(f"#lesson[data-step='{longest}']", state="attached")
    sentence = page.locator("#lesson-sentence")
    assert sentence.inner_text() == steps[longest].explanation
    for control in ("#lesson-prev", "#lesson-next", "#lesson-play", "#lesson-close"):
        box = page.locator(control).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"], control
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
    assert page.evaluate(SCROLLING) == ["lesson-sentence"]  # the sentence alone scrolls
    sentence.evaluate("box => box.scrollTo(0, box.scrollHeight)")  # read to its end
    assert sentence.evaluate("box => box.scrollTop + box.clientHeight >= box.scrollHeight - 1")
    tap(page, "#lesson-prev")  # another step is read from its start
    page.wait_for_selector(f"#lesson[data-step='{longest - 1}']", state="attached")
    assert sentence.evaluate("box => box.scrollTop") == 0
    tap(page, "#lesson-close")


def test_a_nested_steps_shorter_chains_show_in_the_sentences_place(fresh_solver_page):
    # A nested forcing chain's sentence tells its main chain and names each shorter chain
    # by number (issue 25); a numbered button shows that chain where the sentence was, the
    # buttons and step controls in sight, and pressed again the sentence is back.
    from tests.logic.test_nested import HARDEST

    page = fresh_solver_page
    steps = solve_path(read(HARDEST[0])).steps
    first = next(i for i, step in enumerate(steps) if step.inner)
    step = steps[first]
    fill(page, HARDEST[0])
    before = int(page.get_attribute("body", "data-coach") or 0)
    tap(page, "#explain")  # the whole path through its nested chains: longer than a hint
    page.wait_for_function("n => Number(document.body.dataset.coach || 0) > n", arg=before,
                           timeout=300_000)
    page.fill("#lesson-slider", str(first + 1))
    page.wait_for_selector(f"#lesson[data-step='{first}']", state="attached")
    sentence = page.locator("#lesson-sentence")
    assert sentence.inner_text() == step.explanation
    buttons = page.locator("#lesson-chain-buttons button")
    assert page.is_visible("#lesson-chains") and buttons.count() == len(step.inner) >= 2
    main = drawn(page)
    assert main[0] == len(step.links) and main[2] == {c for c, _ in step.eliminations}
    buttons.nth(1).click()
    page.wait_for_selector("#lesson-chain-buttons button[data-chain='1'][aria-pressed='true']")
    fact, proof, cells, links, (removed, _) = step.inner[1]
    # the board draws the chain open: its arrows, its cells, the candidate it removes
    now = drawn(page)
    assert now[:3] == (len(links), set(cells) - {removed}, {removed}) and now[3] != main[3]
    shown = sentence.inner_text()
    assert shown.startswith("Shorter chain 2: " + fact + ". ") and shown.endswith(proof)
    assert buttons.nth(1).get_attribute("aria-label") == "Hide shorter chain 2"
    for control in ("#lesson-prev", "#lesson-next", "#lesson-play", "#lesson-close",
                    "#lesson-chain-buttons button[data-chain='1']"):
        box = page.locator(control).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"], control
        assert box["width"] >= 44 and box["height"] >= 44, (control, box)
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
    # on a desktop screen the sentence sits beside the grid: it gets the grid's height less
    # the controls under it (not the phone's 3 lines with the screen's lower half empty)
    phone = page.viewport_size
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("document.querySelector('#lesson').getBoundingClientRect().left"
                           " > document.querySelector('#grid').getBoundingClientRect().right")
    board, box = page.locator("#grid").bounding_box(), sentence.bounding_box()
    play = page.locator("#lesson-play").bounding_box()
    assert box["height"] >= board["height"] / 2, (box, board)
    assert play["y"] + play["height"] <= board["y"] + board["height"], (play, board)
    page.set_viewport_size(phone)
    buttons.nth(1).click()  # pressed again: the sentence
    page.wait_for_selector("#lesson-chain-buttons button[data-chain='1'][aria-pressed='false']")
    assert sentence.inner_text() == step.explanation
    assert drawn(page) == main  # the main chain drawn again
    tap(page, "#lesson-close")
