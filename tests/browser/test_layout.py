"""The phone layout: on small portrait screens the grid, the digit pad and the play bar fit
the first screen with 44 px pad keys; held sideways the pad sits beside the grid; and
nothing moves when messages, the difficulty badge or the share link appear (layout shifts
measured with a PerformanceObserver)."""

import pytest

from solver import count_solutions
from solver.model.puzzle import read
from tests.browser.pages import click, open_app, paste, solve, tick, wait_solver
from tests.browser.test_coach import press
from tests.browser.test_player import wrong_digit
from tests.checks import EASY

pytestmark = pytest.mark.browser

PHONES = {
    "360x640": {"viewport": {"width": 360, "height": 640}, "is_mobile": True,
                "has_touch": True, "device_scale_factor": 2},
    "iPhone 13": "iPhone 13",
    "Pixel 7": "Pixel 7",
}
FIRST_SCREEN = ("#grid", "#pad", "#play-bar", "#undo", "#redo", "#notes", "#hint", "#check",
                "#play", "#timer", "#pause")
# The player's settings with the timer shown (static/ui/settings.py's key and names).
TIMER_ON = "localStorage.setItem('sudoku-solver.settings', JSON.stringify({timer: true}))"
BOX = "s => { const b = document.querySelector(s).getBoundingClientRect();" \
      " return {left: b.left, top: b.top, right: b.right, bottom: b.bottom," \
      " width: b.width, height: b.height}; }"
# Every layout shift from here on, whether or not input came just before it (CLS leaves
# those out; a test that wants none at all must count them).
WATCH_SHIFTS = """window.shifts = [];
new PerformanceObserver(list => { for (const e of list.getEntries())
    window.shifts.push({value: e.value, nodes: e.sources.map(s => s.node ? (s.node.id ||
        s.node.className || s.node.nodeName) : '')}); })
  .observe({type: 'layout-shift', buffered: true});"""


def several_solutions() -> str:
    """EASY with givens taken away from the start until more than one solution fits."""
    text = EASY
    while count_solutions(read(text)) < 2:
        first = next(i for i, c in enumerate(text) if c != ".")
        text = text[:first] + "." + text[first + 1:]
    return text


def phone_context(browser, playwright, name: str):
    options = PHONES[name]
    if isinstance(options, str):
        options = dict(playwright.devices[options])
    return browser.new_context(**options)


def status_overflows(page) -> bool:
    """Is the message longer than the status line shows?"""
    return page.evaluate("(s => s.scrollHeight > s.clientHeight + 1)"
                         "(document.getElementById('status'))")


def box(page, selector: str) -> dict:
    return page.evaluate(BOX, selector)


@pytest.mark.parametrize("phone", list(PHONES))
def test_grid_pad_and_play_bar_fit_the_first_screen(browser, playwright, base_url, phone,
                                                    tmp_path):
    context = phone_context(browser, playwright, phone)
    context.add_init_script(TIMER_ON)
    page = context.new_page()
    open_app(page, base_url, "?p=" + EASY)
    assert page.is_visible("#timer")
    height = page.evaluate("innerHeight")
    for selector in FIRST_SCREEN:
        shown = box(page, selector)
        assert shown["top"] >= 0 and shown["bottom"] <= height, (selector, shown, height)
    keys = page.eval_on_selector_all(
        "#pad .digit", "keys => keys.map(k => [k.getBoundingClientRect().width,"
        " k.getBoundingClientRect().height])")
    assert len(keys) == 10 and all(w >= 44 and h >= 44 for w, h in keys), keys
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.screenshot(path=str(tmp_path / (phone + ".png")))
    context.close()


def test_held_sideways_the_pad_sits_beside_the_grid(browser, playwright, base_url):
    context = browser.new_context(**playwright.devices["Pixel 7 landscape"])
    page = context.new_page()
    open_app(page, base_url, "?p=" + EASY)
    grid, pad, bar = box(page, "#grid"), box(page, "#pad"), box(page, "#play-bar")
    assert pad["left"] >= grid["right"] and bar["left"] >= grid["right"]
    height = page.evaluate("innerHeight")
    assert grid["bottom"] <= height and pad["bottom"] <= height and bar["bottom"] <= height
    context.close()


@pytest.mark.parametrize("phone", ["iPhone 13", "desktop"])
def test_messages_badge_and_share_link_move_nothing(browser, playwright, base_url, phone):
    if phone == "desktop":
        context = browser.new_context(viewport={"width": 1280, "height": 800})
    else:
        context = phone_context(browser, playwright, phone)
    context.add_init_script(WATCH_SHIFTS)
    page = context.new_page()
    open_app(page, base_url)
    wait_solver(page)
    page.evaluate("window.shifts = []")  # from the first screen on
    tick(page, "#show-timer")  # the timer appears and ticks: nothing moves
    text = several_solutions()
    paste(page, text)
    page.wait_for_selector("#difficulty:not([hidden])", timeout=30_000)
    page.click("#c" + str(next(i for i, c in enumerate(text) if c != ".")))
    page.keyboard.press("1")  # a locked given: a message says so
    assert "More than one solution" in press(page, "#hint")  # a long message
    lines = page.evaluate("(s => s.scrollHeight / parseFloat(getComputedStyle(s).lineHeight))"
                          "(document.getElementById('status'))")
    if phone != "desktop":
        assert lines > 2  # three lines on a phone: the status keeps room for them
    assert page.is_visible("#status-more") == status_overflows(page)
    press(page, "#check")
    click(page, "#share")
    page.wait_for_selector("#share-link:not([hidden])", state="attached")
    page.wait_for_timeout(1300)
    assert page.text_content("#timer") != "0:00"
    page.click("#pause")  # paused: a message, the grid hidden; resumed: nothing moved
    page.click("#pause")
    paste(page, EASY)  # Solve while playing names the wrong digits: a long message
    for cell in [i for i, c in enumerate(EASY) if c == "."][:4]:
        page.click("#c" + str(cell))
        page.keyboard.press(str(wrong_digit(cell)))
    assert "4 of your 4 digits were wrong" in solve(page)
    assert page.is_visible("#status-more") == status_overflows(page)
    if phone != "desktop":
        assert status_overflows(page)  # More opens the whole of it over the grid
        page.click("#status-more")
        assert page.get_attribute("#status-more", "aria-expanded") == "true"
        assert not status_overflows(page) and page.is_visible("#status-more")
        page.click("#status-more")  # Less
        assert page.get_attribute("#status-box", "data-open") == "false"
    assert page.evaluate("window.shifts") == []
    # The observer does see a shift when something does move (at the top of the page, where
    # scroll anchoring does not hide it).
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(100)
    page.evaluate("document.querySelector('main').prepend(document.createElement('br'))")
    page.wait_for_function("window.shifts.length > 0")
    context.close()
