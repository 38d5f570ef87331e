"""Input made before the UI is ready is never lost (static/early.js): taps, keys and a paste
at first paint are kept, said so on the status line, and replayed in order once the UI
starts. MicroPython's files are held back until the input is made, so every test really
acts before the UI exists."""

import pytest

from solver.model.puzzle import read
from tests.browser.pages import UI_TIMEOUT_MS, cell_kinds, grid_text
from tests.checks import EASY, solution_problems

pytestmark = pytest.mark.browser

HELD = "**/static/vendor/micropython/**"


def open_held(page, address: str) -> list:
    """Open `address` with MicroPython held back; the held requests (once PyScript asks)."""
    held = []
    page.route(HELD, lambda route: held.append(route))
    page.goto(address)
    page.wait_for_selector("#home:visible, #grid:visible")  # the first screen is painted
    return held


def tap(page, selector: str) -> None:
    """Tap a control as a person would before the UI runs: through the menu (#more) on a
    phone, where the menu is a sheet (static/early.js opens it at once)."""
    if not page.is_visible(selector):
        page.click("#more")
        page.wait_for_selector(selector, state="visible")
    page.click(selector)


def release(page, held: list) -> None:
    """Let MicroPython load, and wait for the UI."""
    while not held:  # PyScript has asked for MicroPython and is waiting for it
        page.wait_for_timeout(50)
    assert page.get_attribute("body", "data-ui-ready") == "false"
    for route in held:
        route.continue_()
    page.unroute(HELD)
    page.wait_for_selector("body[data-ui-ready=true]", state="attached", timeout=UI_TIMEOUT_MS)


def test_solve_tapped_at_first_paint_shows_the_solution(page, base_url):
    held = open_held(page, base_url + "?p=" + EASY)
    tap(page, "#solve")  # as soon as it shows: the UI is not there yet
    assert page.get_attribute("body", "data-ui-ready") == "false"
    assert "Solve" in page.text_content("#status")  # the tap is said to be kept
    assert page.get_attribute("html", "data-queued") == "1"
    release(page, held)
    page.wait_for_function("Number(document.body.dataset.solved || 0) > 0", timeout=60_000)
    shown = read(grid_text(page))
    assert solution_problems(read(EASY), shown) == []
    assert shown.filled_count() == 81
    assert page.get_attribute("html", "data-queued") is None


# Tapped in a pause of the UI's own start (index.html's script yields between its tasks):
# the observer's callback is a task of its own, queued when the UI's imports are done, so it
# runs in that pause, as a person's tap would; with the start one task it ran after it.
TAP_WHILE_STARTING = """new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('ui-imported').length) return;
    observer.disconnect();
    window.tapWhileStarting = {ready: document.body.dataset.uiReady};
    document.getElementById('solve').click();
    window.tapWhileStarting.queued = document.documentElement.dataset.queued;
}).observe({type: 'mark'});"""


def test_a_tap_while_the_ui_starts_is_kept_and_runs(page, base_url):
    page.add_init_script(TAP_WHILE_STARTING)
    page.goto(base_url + "?p=" + EASY)
    page.wait_for_function("Number(document.body.dataset.solved || 0) > 0", timeout=60_000)
    tapped = page.evaluate("window.tapWhileStarting")
    assert tapped == {"ready": "false", "queued": "1"}  # between the tasks, kept by early.js
    shown = read(grid_text(page))
    assert solution_problems(read(EASY), shown) == []
    assert shown.filled_count() == 81


def test_cells_pad_and_keys_before_the_ui_are_entered_in_order(page, base_url):
    held = open_held(page, base_url)
    assert page.get_attribute("body", "data-screen") == "home"
    page.click("#enter")  # Type or paste: the grid shows at once
    assert "as soon as the app is ready" in page.text_content("#status")
    page.click("#c10")
    page.click("#pad [data-digit='4']")  # into the cell tapped, not the first one
    page.click("#c20")
    page.keyboard.press("8")
    page.keyboard.press("Backspace")  # the 8 again gone: the order is kept
    page.keyboard.press("6")
    assert grid_text(page) == "." * 81  # nothing entered yet: the UI does it
    assert "as soon as the app is ready" in page.text_content("#status")
    release(page, held)
    page.wait_for_function("document.getElementById('c20').value === '6'")
    assert grid_text(page) == "." * 10 + "4" + "." * 9 + "6" + "." * 60
    assert cell_kinds(page)[10] == "given"
    page.click("#undo")  # ordinary changes, one at a time
    page.click("#undo")
    page.click("#undo")
    assert grid_text(page) == "." * 10 + "4" + "." * 70


def test_a_paste_before_the_ui_fills_the_grid(page, base_url):
    held = open_held(page, base_url)
    page.click("#enter")
    page.click("#c0")
    page.evaluate("""text => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        document.getElementById('c0').dispatchEvent(new ClipboardEvent('paste',
            {bubbles: true, cancelable: true, clipboardData: data}));
    }""", EASY)
    release(page, held)
    page.wait_for_function("document.getElementById('c0').value !== ''")
    assert grid_text(page) == EASY.replace("0", ".")


def test_new_game_tapped_on_the_home_screen_before_the_ui_is_said_there_and_runs(page, base_url):
    held = open_held(page, base_url)
    page.select_option("#new-level", "Easy")
    page.click("#new-game")
    assert page.is_visible("#home-note")  # the status line is the game screen's
    assert "Start a new game" in page.inner_text("#home-note")  # the button's full name
    release(page, held)
    page.wait_for_selector("body[data-screen=game][data-phase=play]", state="attached",
                           timeout=60_000)
    assert read(grid_text(page)).filled_count() >= 17
    assert page.inner_text("#level") == "Easy"


def test_new_games_remembered_choices_show_at_first_paint_and_an_early_choice_wins(
        page, base_url):
    # (static/screen.js) the level showed Medium until the UI set the remembered one; a
    # value no option holds is left at the default, as the UI reads it
    page.goto(base_url)
    page.evaluate("""localStorage.setItem('sudoku-solver.settings', JSON.stringify(
        {new_level: 'Hard', new_rules: 'killer', logical_only: true}))""")
    held = open_held(page, base_url)
    assert page.get_attribute("body", "data-ui-ready") == "false"
    assert page.input_value("#new-level") == "Hard"
    assert page.input_value("#new-rules") == "killer"
    assert page.is_checked("#new-logical")
    page.select_option("#new-level", "Unfair")  # before the UI: kept, put back at replay
    release(page, held)
    page.wait_for_function("JSON.parse(localStorage.getItem('sudoku-solver.settings'))"
                           ".new_level === 'Unfair'")
    assert page.input_value("#new-level") == "Unfair"
    assert page.input_value("#new-rules") == "killer"
    page.evaluate("""localStorage.setItem('sudoku-solver.settings', JSON.stringify(
        {new_level: 'Impossible', new_rules: 7, logical_only: 'yes'}))""")
    held = open_held(page, base_url)
    assert page.input_value("#new-level") == "Medium"
    assert page.input_value("#new-rules") == "classic"
    assert not page.is_checked("#new-logical")
    release(page, held)
    assert page.input_value("#new-level") == "Medium"  # the UI agrees
