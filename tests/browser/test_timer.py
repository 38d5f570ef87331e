"""The timer and the remembered settings: the clock runs only while the puzzle is played on
a visible page, is kept across a reload, stops at the solved moment, which states the time;
Pause stops it and hides the grid until Resume, across a reload too; notes mode, auto-check
and showing the timer are remembered across reloads and followed by another open tab, and
two tabs on one puzzle keep the longer time."""

import pytest

from solver.model.puzzle import read
from tests.browser.pages import click, grid_text, open_app, tick, two_tabs
from tests.browser.test_layout import TIMER_ON, box, phone_context
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
    tick(page, "#show-timer")
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
    click(page, "#play")  # entering givens: not playing, so the clock stops
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
    tick(page, "#auto-check")
    reload(page)
    assert page.get_attribute("#notes", "aria-pressed") == "true"
    assert page.is_checked("#auto-check")
    page.click("#notes")
    reload(page)
    assert page.get_attribute("#notes", "aria-pressed") == "false"


TRANSPARENT = "rgba(0, 0, 0, 0)"


def cell_colour(page, cell: int) -> str:
    return page.evaluate("i => getComputedStyle(document.getElementById('c' + i)).color", cell)


def test_pause_hides_the_digits_stops_the_clock_and_is_kept(page, base_url):
    page.add_init_script(TIMER_ON)
    open_app(page, base_url, "?p=" + EASY)
    given, empty = EASY.index("5"), EASY.index(".")
    assert page.get_attribute("#pause", "aria-pressed") == "false"
    assert cell_colour(page, given) != TRANSPARENT
    wait_seconds(page, 1)
    page.focus("#pause")  # keyboard reachable: a button, pressed with Enter
    page.keyboard.press("Enter")
    assert page.get_attribute("#pause", "aria-pressed") == "true"
    assert page.get_attribute("body", "data-timer") == "stopped"
    assert cell_colour(page, given) == TRANSPARENT  # the digits are hidden
    assert "Paused" in page.inner_text("#status")
    paused = seconds(page)
    page.wait_for_timeout(1300)
    assert seconds(page) == paused
    page.click("#c" + str(empty), force=True)  # inert: no taps, keys or focus reach it
    page.keyboard.press("4")
    page.click("#pad .digit[data-digit='4']", force=True)
    assert grid_text(page) == read(EASY).to_string()
    reload(page)  # still paused after a reload, with the same time, and says so
    assert page.get_attribute("#pause", "aria-pressed") == "true"
    assert "Paused" in page.inner_text("#status")
    assert cell_colour(page, given) == TRANSPARENT and seconds(page) == paused
    page.keyboard.press("Tab")  # reachable from the top of the page: after Home
    assert page.evaluate("document.activeElement.id") == "go-home"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "pause"
    page.keyboard.press(" ")
    assert page.get_attribute("#pause", "aria-pressed") == "false"
    assert page.get_attribute("body", "data-timer") == "running"
    assert cell_colour(page, given) != TRANSPARENT
    page.click("#c" + str(empty))
    page.keyboard.press("4")
    assert page.input_value("#c" + str(empty)) == "4"
    wait_seconds(page, paused + 1)


def test_two_tabs_share_settings_and_pause_and_neither_overwrites_the_others_time(
        make_context, base_url):
    first, second, _ = two_tabs(make_context, base_url, "?p=" + EASY)
    first.click("#notes")
    tick(first, "#auto-check")
    tick(first, "#show-timer")
    first.click("#go-home")  # New game's "logic only" is on the home screen
    first.check("#new-logical")
    first.click("#continue")
    second.wait_for_selector("#notes[aria-pressed=true]", state="attached")
    second.wait_for_selector("#timer:not([hidden])", state="attached")
    assert second.is_checked("#auto-check") and second.is_checked("#new-logical")
    assert second.is_checked("#show-timer")
    first.click("#notes")  # and back
    second.wait_for_selector("#notes[aria-pressed=false]", state="attached")
    first.click("#pause")  # a pause in one tab stops the other's clock too, and Resume
    second.wait_for_selector("body[data-paused=true][data-timer=stopped]", state="attached")
    first.click("#pause")
    second.wait_for_selector("body[data-paused=false][data-timer=running]", state="attached")
    # the first tab plays on alone (the second is hidden), then is hidden and saves
    second.evaluate(SET_VISIBILITY, "hidden")
    wait_seconds(first, 3)
    first.evaluate(SET_VISIBILITY, "hidden")
    spent = seconds(first)
    assert spent >= 3
    # the second tab, shown again, goes on from the longer time, not from its own
    second.evaluate(SET_VISIBILITY, "visible")
    second.wait_for_function(
        "n => { const [m, s] = document.getElementById('timer').textContent.split(':');"
        " return Number(m) * 60 + Number(s) >= n; }", arg=spent, timeout=5_000)
    second.evaluate(SET_VISIBILITY, "hidden")  # its save keeps the longer time
    reload(first)
    assert seconds(first) >= spent


@pytest.mark.parametrize("phone", ["iPhone 13", "360x640"])
def test_pause_and_resume_by_touch_on_a_phone(browser, playwright, base_url, phone):
    context = phone_context(browser, playwright, phone)
    context.add_init_script(TIMER_ON)
    page = context.new_page()
    open_app(page, base_url, "?p=" + EASY)
    given, empty = EASY.index("5"), EASY.index(".")
    height = page.evaluate("innerHeight")
    shown = box(page, "#pause")  # on the first screen, a finger wide, the header on one line
    assert shown["bottom"] <= height and shown["width"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.tap("#pause")
    assert cell_colour(page, given) == TRANSPARENT
    assert page.get_attribute("body", "data-timer") == "stopped"
    page.tap("#pause")
    assert cell_colour(page, given) != TRANSPARENT
    page.tap("#c" + str(empty))
    page.tap("#pad .digit[data-digit='4']")
    assert page.input_value("#c" + str(empty)) == "4"
    context.close()
