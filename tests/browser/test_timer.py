"""The timer and the remembered settings: the clock runs only while the puzzle is played on
a visible page, is kept across a reload, stops at the solved moment, which states the time;
notes mode, auto-check and showing the timer are remembered across reloads."""

import pytest

from tests.browser.pages import grid_text, open_app
from tests.checks import EASY, easy_solution

pytestmark = pytest.mark.browser

# Page visibility as a hidden tab or a locked phone would report it.
SET_VISIBILITY = """state => {
    Object.defineProperty(document, 'visibilityState', {value: state, configurable: true});
    document.dispatchEvent(new Event('visibilitychange', {bubbles: true}));
}"""


def seconds(page) -> int:
    """The timer's text ('m:ss') in seconds."""
    minutes, secs = page.text_content("#timer").split(":")
    return int(minutes) * 60 + int(secs)


def wait_seconds(page, least: int) -> None:
    page.wait_for_function(
        "n => { const [m, s] = document.getElementById('timer').textContent.split(':');"
        " return Number(m) * 60 + Number(s) >= n; }", arg=least, timeout=10_000)


def reload(page) -> None:
    page.reload()
    page.wait_for_selector("body[data-ui-ready=true]", state="attached")


def test_the_timer_runs_while_playing_a_visible_page_and_is_kept(page, base_url):
    open_app(page, base_url, "?p=" + EASY)
    assert page.is_hidden("#timer")  # shown only when the player asks
    page.check("#show-timer")
    assert page.is_visible("#timer")
    assert page.get_attribute("body", "data-timer") == "running"
    wait_seconds(page, 2)
    page.evaluate(SET_VISIBILITY, "hidden")
    assert page.get_attribute("body", "data-timer") == "stopped"
    paused = seconds(page)
    page.wait_for_timeout(1500)
    assert seconds(page) == paused
    page.evaluate(SET_VISIBILITY, "visible")
    assert page.get_attribute("body", "data-timer") == "running"
    wait_seconds(page, paused + 1)
    before = seconds(page)
    reload(page)
    assert page.is_visible("#timer") and page.is_checked("#show-timer")  # remembered
    assert seconds(page) >= before  # the time is the game's, kept across the reload
    page.click("#play")  # entering givens: not playing, so the clock stops
    assert page.get_attribute("body", "data-timer") == "stopped"


def test_the_solved_moment_stops_the_timer_and_says_the_time(page, base_url):
    answer = easy_solution().to_string()
    last = EASY.index(".")
    entries = "".join("0" if EASY[i] != "." or i == last else answer[i]
                      for i in range(81))
    open_app(page, base_url, "?p=" + EASY + "&e=" + entries, solver=True)
    wait_seconds(page, 1)
    page.click("#c" + str(last))
    page.keyboard.press(answer[last])
    assert grid_text(page) == answer
    # the solved moment comes once the givens' solution is known (a background question)
    page.wait_for_selector("body[data-won=true]", state="attached")
    assert page.get_attribute("body", "data-timer") == "stopped"
    stopped = page.text_content("#timer")
    assert "Puzzle solved in " + stopped + "!" in page.inner_text("#status")
    page.wait_for_timeout(1200)
    assert page.text_content("#timer") == stopped
    page.keyboard.press("Delete")  # unsolved again: the time stays the solved one
    reload(page)
    assert page.text_content("#timer") == stopped


def test_notes_mode_and_auto_check_are_remembered(page, base_url):
    open_app(page, base_url, "?p=" + EASY)
    assert page.get_attribute("#notes", "aria-pressed") == "false"
    page.click("#notes")
    page.check("#auto-check")
    reload(page)
    assert page.get_attribute("#notes", "aria-pressed") == "true"
    assert page.is_checked("#auto-check")
    page.click("#notes")
    reload(page)
    assert page.get_attribute("#notes", "aria-pressed") == "false"
