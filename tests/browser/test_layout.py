"""The layout: on small portrait screens the top bar, the grid, the tools and the digit pad
fit the first screen with 44 px pad keys; held sideways and on a desktop the tools and pad
sit beside the grid; no screen is wider than the phone on any viewport; every control is
at least 44 px square; "More" never covers the message; the top bar's level and a
variant's rules ("Unfair or harder", "Anti-knight" under it) are whole beside the timer at
360 px, light and dark; and nothing moves when messages, the difficulty badge or the share
link appear (layout shifts measured with a PerformanceObserver)."""

import json

import pytest

import tests.ui  # noqa: F401 - puts static/ on the path, for `ui`
from solver import count_solutions
from solver.model.puzzle import read
from tests.browser.pages import choose_size, click, open_app, paste, solve, tick, wait_solver
from tests.browser.test_coach import press
from tests.browser.test_player import wrong_digit
from tests.checks import EASY
from tests.variant_sets import SETS, made_puzzle
from ui import screen
from ui.links import quoted

pytestmark = pytest.mark.browser

PHONES = {
    "360x640": {"viewport": {"width": 360, "height": 640}, "is_mobile": True,
                "has_touch": True, "device_scale_factor": 2},
    "iPhone 13": "iPhone 13",
    "Pixel 7": "Pixel 7",
}
# Every viewport the issue names: no page may be wider than it (issue 23, defect 5).
VIEWPORTS = {**PHONES, "iPhone 13 landscape": "iPhone 13 landscape",
             "desktop": {"viewport": {"width": 1366, "height": 768}}}
FIRST_SCREEN = ("#level", "#grid", "#pad", "#tools", "#undo", "#redo", "#erase", "#notes",
                "#hint", "#more", "#timer", "#pause")
# Every control a finger may need, and what to measure for it: a box's or a hidden file
# input's label is what is tapped.
CONTROLS = """() => [...document.querySelectorAll('button, select, input, textarea, a[href]')]
    .filter(e => !e.classList.contains('cell'))
    .map(e => (e.type === 'checkbox' || e.classList.contains('visually-hidden'))
              ? e.closest('label') : e)
    .filter(e => e && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
    .map(e => [e.id || e.className || e.tagName, e.getBoundingClientRect().width,
               e.getBoundingClientRect().height])"""
# Does "More" lie over any of the message's words? (each text line's boxes, from a Range)
MORE_COVERS_TEXT = """() => {
    const more = document.getElementById('status-more').getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(document.getElementById('status'));
    return [...range.getClientRects()].some(r => r.width > 0 && r.right > more.left + 1
        && r.left < more.right - 1 && r.bottom > more.top + 1 && r.top < more.bottom - 1);
}"""
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


def phone_context(browser, playwright, name: str, **extra):
    options = VIEWPORTS[name]
    if isinstance(options, str):
        options = dict(playwright.devices[options])
    return browser.new_context(**options, **extra)


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
    assert len(keys) == 9 and all(w >= 44 and h >= 44 for w, h in keys), keys
    assert widths(page, "game")[1] <= widths(page, "game")[2]
    page.screenshot(path=str(tmp_path / (phone + ".png")))
    context.close()


def test_held_sideways_the_pad_sits_beside_the_grid(browser, playwright, base_url):
    context = browser.new_context(**playwright.devices["Pixel 7 landscape"])
    page = context.new_page()
    open_app(page, base_url, "?p=" + EASY)
    grid, pad, bar = box(page, "#grid"), box(page, "#pad"), box(page, "#tools")
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
        assert not page.evaluate(MORE_COVERS_TEXT)  # the words flow around it
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


# Is any of the top bar's text cut: wider than its box, or past the timer or the screen?
TOP_CUT = """() => {
    const timer = document.getElementById('timer').getBoundingClientRect();
    return [...document.querySelectorAll('.topbar-info, #level, .topbar-sub')].filter(e =>
        e.scrollWidth > e.clientWidth || e.getBoundingClientRect().right > timer.left
        || e.getBoundingClientRect().right > innerWidth).map(e => e.id || e.className);
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", [*PHONES, "desktop"])
def test_the_top_bar_says_a_variants_level_and_rules_whole(browser, playwright, base_url,
                                                           viewport, scheme, tmp_path):
    """An anti-knight game kept at "Unfair or harder" (the Pyodide worker held back, so no
    badge rates it anew), the timer on: the level and, under it, the rules, none cut."""
    puzzle = made_puzzle(SETS["anti-knight"], 0)[0]
    text = puzzle.to_text()
    levels = json.dumps([[text, "Unfair", True]])
    context = phone_context(browser, playwright, viewport, color_scheme=scheme)
    context.add_init_script(TIMER_ON.replace("timer: true", "timer: true, auto_check: true")
                            + "; localStorage.setItem(" + json.dumps(screen.LEVEL_KEY)
                            + ", " + json.dumps(levels) + ")")
    page = context.new_page()
    page.route("**/static/worker.toml", lambda route: None)  # held: never rated here
    open_app(page, base_url, "?p=" + quoted(text))
    page.wait_for_selector("#level[data-level=Unfair]", state="attached")
    assert page.is_visible("#timer")
    assert page.inner_text("#level") == "Unfair or harder"
    assert page.inner_text("#level-rules") == "Anti-knight"
    assert page.inner_text("#mistakes") == "Mistakes: 0"  # auto-check on: after the rules
    assert page.evaluate(TOP_CUT) == []
    page.screenshot(path=str(tmp_path / (viewport + "-" + scheme + ".png")))  # --basetemp
    context.close()


def widths(page, what: str) -> tuple:
    """(what, the page's scroll width, the screen's width). Not innerWidth: a phone lays a
    page wider than its screen out at that width, innerWidth included, and zooms out."""
    return (what, page.evaluate("Math.max(document.documentElement.scrollWidth,"
                                " document.body.scrollWidth, innerWidth)"),
            page.viewport_size["width"])


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_no_screen_is_wider_than_the_viewport(browser, playwright, base_url, viewport):
    context = phone_context(browser, playwright, viewport)
    context.add_init_script(TIMER_ON)
    page = context.new_page()
    open_app(page, base_url, home=True)
    page.click("#stats")
    seen = [widths(page, "home")]
    open_app(page, base_url, "?p=" + EASY)
    seen.append(widths(page, "game"))
    if page.is_visible("#more"):
        page.click("#more")
        seen.append(widths(page, "menu"))
        page.keyboard.press("Escape")
    choose_size(page, 16)
    seen.append(widths(page, "16x16"))
    assert [s for s in seen if s[1] > s[2]] == [], seen
    context.close()


@pytest.mark.parametrize("viewport", ["360x640", "iPhone 13 landscape", "desktop"])
def test_every_control_is_at_least_44_px_square(browser, playwright, base_url, viewport):
    context = phone_context(browser, playwright, viewport)
    page = context.new_page()
    open_app(page, base_url, home=True)
    page.click("#stats")
    controls = page.evaluate(CONTROLS)
    open_app(page, base_url, "?p=" + EASY)
    if page.is_visible("#more"):
        page.click("#more")
    controls += page.evaluate(CONTROLS)
    assert len(controls) > 30
    assert [c for c in controls if c[1] < 44 or c[2] < 44] == []
    context.close()


def test_16x16_notes_stay_inside_their_cells(browser, playwright, base_url):
    context = phone_context(browser, playwright, "360x640")
    page = context.new_page()
    open_app(page, base_url)
    choose_size(page, 16)
    page.click("#c0")
    page.keyboard.press("n")  # notes mode ('N' is no 16x16 symbol)
    for key in "123456789ABCDEFG":  # every note in one cell, the box layout
        page.keyboard.press(key.lower())
    page.click("#c17")
    for key in "1A5":  # a few: the compact layout, larger
        page.keyboard.press(key.lower())
    spills = page.eval_on_selector_all(
        "#grid .mark-cell", "boxes => boxes.filter(b => b.textContent.trim()).map(b =>"
        " [b.scrollWidth - b.clientWidth, b.scrollHeight - b.clientHeight])")
    assert len(spills) == 2 and all(w <= 0 and h <= 0 for w, h in spills), spills
    context.close()


def test_a_desktop_uses_its_width_with_help_above_the_fold(browser, base_url):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    open_app(page, base_url, "?p=" + EASY)
    grid = box(page, "#grid")
    assert grid["width"] >= 600  # not one 560 px column with 800 px unused
    for selector in ("#tools", "#pad", "#menu"):
        assert box(page, selector)["left"] >= grid["right"], selector  # beside the grid
    for selector in ("#hint", "#solve", "#step", "#check", "#explain", "#fill-notes"):
        shown = box(page, selector)  # on show without opening anything, above the fold
        assert page.is_visible(selector) and shown["bottom"] <= 768, (selector, shown)
    context.close()
