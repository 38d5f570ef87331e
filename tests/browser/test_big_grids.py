"""16x16 and 25x25 on a phone: grid, pad (44 px keys) and play bar fit the first screen;
Zoom shows cells a finger can hit inside the grid's own scrolling square, centred on the
selection; a big grid's few notes are shown larger, and the selected cell's notes are lit
on the pad."""

import pytest

from tests.browser.pages import choose_size, open_app
from tests.browser.test_layout import FIRST_SCREEN, box, phone_context

pytestmark = pytest.mark.browser

FINGER = 40  # px: a zoomed cell at least this wide (2.6rem)
LEGIBLE = 10  # px: a note's font at least this large when zoomed


def font_px(page, selector: str, index: int) -> float:
    return page.evaluate(
        "([s, i]) => parseFloat(getComputedStyle(document.querySelectorAll(s)[i]).fontSize)",
        [selector, index])


@pytest.mark.parametrize("size", [16, 25])
@pytest.mark.parametrize("phone", ["iPhone 13", "Pixel 7"])
def test_big_grids_fit_a_phone_and_zoom_to_cells_a_finger_can_hit(browser, playwright,
                                                                  base_url, phone, size):
    context = phone_context(browser, playwright, phone)
    page = context.new_page()
    open_app(page, base_url)
    choose_size(page, size)
    page.wait_for_function("n => document.querySelectorAll('#grid .cell').length === n * n",
                           arg=size)
    height = page.evaluate("innerHeight")
    for selector in FIRST_SCREEN + ("#zoom",):
        shown = box(page, selector)
        assert shown["top"] >= 0 and shown["bottom"] <= height, (selector, shown, height)
    keys = page.eval_on_selector_all(
        "#pad .digit", "keys => keys.map(k => k.getBoundingClientRect().width)")
    assert len(keys) == size and min(keys) >= 44, keys
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    middle = (size // 2) * size + size // 2
    page.click("#c" + str(middle))
    assert box(page, "#c0")["width"] < FINGER  # the whole grid: too small to tap well
    page.click("#zoom")
    assert page.get_attribute("#zoom", "aria-pressed") == "true"
    assert box(page, "#c0")["width"] >= FINGER
    grid = box(page, "#grid")
    assert page.evaluate("(g => g.scrollWidth > g.clientWidth)(document.getElementById('grid'))")
    neighbour = box(page, "#c" + str(middle + 1))  # centred on the selection: in view
    assert grid["left"] <= neighbour["left"] and neighbour["right"] <= grid["right"]
    assert grid["top"] <= neighbour["top"] and neighbour["bottom"] <= grid["bottom"]
    page.tap("#c" + str(middle + 1))
    page.click("#notes")
    for digit in (3, 7, 11):
        page.click("#pad .digit[data-digit='" + str(digit) + "']")
    noted = page.eval_on_selector_all(
        "#pad .digit", "keys => keys.flatMap(k => k.dataset.noted === 'true' ? "
        "[Number(k.dataset.digit)] : [])")
    assert noted == [3, 7, 11]
    assert font_px(page, "#grid .mark-cell", middle + 1) >= LEGIBLE
    page.click("#notes")
    page.click("#pad .digit[data-digit='" + str(size) + "']")
    assert page.input_value("#c" + str(middle + 1)) == ("G" if size == 16 else "P")
    page.click("#zoom")  # the whole grid again, on the same square
    assert page.get_attribute("#grid", "data-zoom") == "false"
    assert box(page, "#grid") == grid
    context.close()


def test_held_sideways_a_25x25_keeps_its_pad_and_zoom_beside_the_grid(browser, playwright,
                                                                     base_url):
    context = browser.new_context(**playwright.devices["Pixel 7 landscape"])
    page = context.new_page()
    open_app(page, base_url)
    choose_size(page, 25)
    page.wait_for_function("document.querySelectorAll('#grid .cell').length === 625")
    grid, height = box(page, "#grid"), page.evaluate("innerHeight")
    for selector in ("#pad", "#tools", "#zoom"):
        shown = box(page, selector)
        assert shown["left"] >= grid["right"] and shown["bottom"] <= height, (selector, shown)
    page.click("#zoom")
    assert box(page, "#c0")["width"] >= FINGER and box(page, "#grid") == grid
    context.close()


# One finger's or two fingers' path over the page, as touch events from the browser's input
# pipeline (CDP), so the browser itself scrolls and zooms: Playwright's own touch has no
# swipe, and Input.synthesizeScrollGesture / synthesizePinchGesture do nothing headless.
MOVES = 12
SCROLLED = "(g => [g.scrollLeft, g.scrollTop, scrollY])(document.getElementById('grid'))"
# An empty cell wholly inside the zoomed grid's square as scrolled now.
IN_VIEW = """(() => { const g = document.getElementById('grid').getBoundingClientRect();
    return [...document.querySelectorAll('#grid .cell')].find(c => {
        const r = c.getBoundingClientRect();
        return !c.value && r.left >= g.left && r.right <= g.right && r.top >= g.top
            && r.bottom <= g.bottom; }).id; })()"""


def touch_path(cdp, starts: list, ends: list) -> None:
    """Fingers from `starts` to `ends` ((x, y) each) in MOVES steps, then lifted."""
    def points(t: float) -> list:
        return [{"x": sx + (ex - sx) * t, "y": sy + (ey - sy) * t, "id": finger}
                for finger, ((sx, sy), (ex, ey)) in enumerate(zip(starts, ends, strict=True))]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(0)})
    for move in range(1, MOVES + 1):
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchMove", "touchPoints": points(move / MOVES)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def settled(page) -> list:
    """SCROLLED once it stops changing."""
    last = None
    while (now := page.evaluate(SCROLLED)) != last:
        last = now
        page.wait_for_timeout(300)
    return now


def pinch(cdp, x: float, y: float, start: float, end: float) -> None:
    """Two fingers on a horizontal line through (x, y), `start` px from it to `end` px."""
    touch_path(cdp, [(x - start, y), (x + start, y)], [(x - end, y), (x + end, y)])


@pytest.mark.parametrize("phone", ["iPhone 13", "Pixel 7"])
def test_swipes_pan_the_zoomed_grid_and_pinches_harm_nothing(browser, playwright, base_url,
                                                             phone):
    context = phone_context(browser, playwright, phone)
    page = context.new_page()
    open_app(page, base_url)
    choose_size(page, 16)
    page.wait_for_function("document.querySelectorAll('#grid .cell').length === 256")
    page.tap("#c0")
    page.tap("#pad .digit[data-digit='7']")
    page.tap("#zoom")
    cdp = context.new_cdp_session(page)
    grid = box(page, "#grid")
    x, y = grid["left"] + grid["width"] / 2, grid["top"] + grid["height"] / 2
    assert page.evaluate(SCROLLED) == [0, 0, 0]  # centred on c0: the top left corner
    touch_path(cdp, [(x, y)], [(x - 120, y - 100)])  # a finger drags the grid up and left
    panned = settled(page)  # a fling goes on a little after the finger lifts
    assert panned[0] >= 60 and panned[1] >= 50 and panned[2] == 0  # the grid, not the page
    before = page.evaluate("document.querySelector('#grid').outerHTML")
    pinch(cdp, x, y, 20, 140)  # two fingers apart: the browser zooms the page
    page.wait_for_function("visualViewport.scale > 1.2")
    pinch(cdp, x, y, 140, 10)  # and together again
    page.wait_for_function("visualViewport.scale < 1.05")
    # nothing changed underneath: no digit, selection or zoom state, the pan kept
    assert page.evaluate("document.querySelector('#grid').outerHTML") == before
    after = settled(page)
    assert after[0] >= 60 and after[1] >= 50  # the pan is kept, not reset to the corner
    assert page.get_attribute("#grid", "data-zoom") == "true"
    assert page.input_value("#c0") == "7" and not page.is_disabled("#undo")
    cell = page.evaluate(IN_VIEW)
    page.tap("#" + cell)  # still usable: a tap selects, the pad fills
    page.tap("#pad .digit[data-digit='12']")
    assert page.input_value("#" + cell) == "C"
    context.close()
