"""16x16 and 25x25 on a phone: grid, pad (44 px keys) and play bar fit the first screen;
Zoom shows cells a finger can hit inside the grid's own scrolling square, centred on the
selection; a big grid's few notes are shown larger, and the selected cell's notes are lit
on the pad."""

import pytest

from tests.browser.pages import open_app
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
    page.select_option("#size", str(size))
    page.wait_for_function("n => document.querySelectorAll('#grid .cell').length === n * n",
                           arg=size)
    height = page.evaluate("innerHeight")
    for selector in FIRST_SCREEN + ("#zoom",):
        shown = box(page, selector)
        assert shown["top"] >= 0 and shown["bottom"] <= height, (selector, shown, height)
    keys = page.eval_on_selector_all(
        "#pad .digit", "keys => keys.map(k => k.getBoundingClientRect().width)")
    assert len(keys) == size + 1 and min(keys) >= 44, keys
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
    page.select_option("#size", "25")
    page.wait_for_function("document.querySelectorAll('#grid .cell').length === 625")
    grid, height = box(page, "#grid"), page.evaluate("innerHeight")
    for selector in ("#pad", "#play-bar", "#zoom"):
        shown = box(page, selector)
        assert shown["left"] >= grid["right"] and shown["bottom"] <= height, (selector, shown)
    page.click("#zoom")
    assert box(page, "#c0")["width"] >= FINGER and box(page, "#grid") == grid
    context.close()
