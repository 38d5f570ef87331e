"""Entering a puzzle: the grid before any Python, keyboard and digit pad, paste and text,
links, undo/clear, reload, sizes, and that conflicts are named as the user types."""

import pytest

from solver.model.puzzle import read
from tests.browser.pages import choose_size, click, fill, flagged, grid_text, open_app, paste
from tests.checks import EASY, load_lines

pytestmark = pytest.mark.browser


def test_empty_grid_paints_and_takes_focus_before_python(make_context, base_url):
    # No vendored PyScript at all (the failed loads are expected): pure HTML and CSS.
    page = make_context().new_page()
    page.route("**/static/vendor/**", lambda route: route.abort())
    page.goto(base_url)
    assert page.is_visible("#home") and not page.is_visible("#grid")  # a first visit
    page.click("#enter")  # Type or paste: the grid, before any Python too
    cells = page.locator("#grid .cell")
    assert cells.count() == 81
    assert grid_text(page) == "." * 81
    assert cells.nth(40).is_visible()
    box = page.locator("#grid").bounding_box()
    assert box["width"] > 200 and abs(box["width"] - box["height"]) < 2
    page.click("#c40")
    assert page.evaluate("document.activeElement.id") == "c40"
    paint = page.evaluate(
        "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1"
    )
    assert paint > 0  # painted with no Python at all; how soon is page_load.py's "paint"
    assert page.get_attribute("body", "data-ui-ready") == "false"


def test_digits_typed_before_python_loads_are_kept(page, base_url):
    held = []  # MicroPython's files wait until a digit has been typed
    page.route("**/static/vendor/micropython/**", lambda route: held.append(route))
    page.goto(base_url)
    page.click("#enter")
    page.click("#c4")
    page.keyboard.press("7")
    assert page.get_attribute("body", "data-ui-ready") == "false"
    while not held:  # PyScript has asked for MicroPython and is waiting for it
        page.wait_for_timeout(50)
    for route in held:
        route.continue_()
    page.unroute("**/static/vendor/micropython/**")
    page.wait_for_selector("body[data-ui-ready=true]", state="attached", timeout=20_000)
    assert grid_text(page) == "....7" + "." * 76
    assert page.get_attribute("#c4", "aria-label") == "row 1, column 5, 7, given"
    page.click("#undo")  # it is an ordinary change
    assert grid_text(page) == "." * 81


def test_keyboard_entry_digits_arrows_delete(page, base_url, device):
    open_app(page, base_url)
    page.click("#c0")
    page.keyboard.press("5")  # a given: on to the next empty cell, r1c2
    page.keyboard.press("3")  # r1c2, then on to r1c3
    page.keyboard.press("ArrowDown")  # r2c3
    page.keyboard.press("7")
    page.keyboard.press("ArrowLeft")  # back from r2c4 to r2c3
    page.keyboard.press("Backspace")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowLeft")  # r1c2
    page.keyboard.press("Delete")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("9")
    page.keyboard.press("x")  # not a digit: ignored, and said so
    assert "not a digit" in page.inner_text("#status")
    assert grid_text(page) == "5.9" + "." * 78
    assert page.get_attribute("#c0", "aria-label") == "row 1, column 1, 5, given"
    assert page.get_attribute("#c1", "aria-label") == "row 1, column 2, empty"
    page.click("#c9")
    page.keyboard.press("ArrowLeft")  # from r2c1 to the end of row 1
    assert page.evaluate("document.activeElement.id") == "c8"
    page.keyboard.press("ArrowRight")  # and on to the start of row 2
    assert page.evaluate("document.activeElement.id") == "c9"
    page.click("#c0")
    page.keyboard.press("ArrowLeft")  # from the first cell round to the last
    assert page.evaluate("document.activeElement.id") == "c80"


def test_text_input_without_key_events_is_checked(page, base_url):
    # As from a phone keyboard or autofill: the value changes, then an input event.
    open_app(page, base_url)
    page.fill("#c30", "x")
    assert page.input_value("#c30") == ""
    page.fill("#c30", "4")
    assert grid_text(page)[30] == "4"
    assert page.get_attribute("#c30", "aria-label") == "row 4, column 4, 4, given"


def test_tap_a_cell_then_the_digit_pad(page, base_url, device):
    open_app(page, base_url)
    page.tap("#c10") if device != "desktop" else page.click("#c10")
    page.click("#pad .digit[data-digit='7']")
    assert grid_text(page)[10] == "7"
    assert page.evaluate("document.activeElement.id") == "c10"  # the cell stays selected
    assert page.get_attribute("#pad .digit[data-digit='7']", "data-remaining") == "8"
    page.click("#erase")  # a tool beside Undo, not a key of the pad
    assert grid_text(page) == "." * 81
    assert page.evaluate("document.activeElement.id") == "c10"
    assert page.get_attribute("#pad .digit[data-digit='7']", "data-remaining") == "9"
    assert page.locator("#pad .digit").count() == 9


def test_conflicts_are_highlighted_and_named_as_the_user_types(page, base_url, device):
    open_app(page, base_url)
    page.click("#c0")
    page.keyboard.press("4")
    page.click("#c8")
    page.keyboard.press("4")
    assert flagged(page, "conflict") == [0, 8]
    status = page.inner_text("#status")
    assert "two 4s in row 1 (row 1, column 1 and row 1, column 9)" in status
    assert page.get_attribute("#c8", "aria-invalid") == "true"
    assert page.get_attribute("#c8", "aria-label") == "row 1, column 9, 4, given, conflict"
    page.click("#c8")
    page.keyboard.press("5")
    assert flagged(page, "conflict") == []
    assert page.inner_text("#status") == ""


def test_paste_a_string_or_a_drawn_grid(page, base_url, device):
    open_app(page, base_url)
    fill(page, EASY)
    assert grid_text(page) == EASY
    assert "30 givens" in page.inner_text("#status")
    board = read(load_lines("top95.txt")[1]).to_board()  # '5 3 . | ...' with rules
    paste(page, board, cell=5)
    assert grid_text(page) == load_lines("top95.txt")[1]


def test_unreadable_text_explains_and_keeps_the_grid(page, base_url):
    open_app(page, base_url)
    fill(page, EASY)
    fill(page, "123")
    assert "found 3 cells" in page.inner_text("#status")
    assert grid_text(page) == EASY


def test_user_text_is_never_html(page, base_url):
    open_app(page, base_url)
    fill(page, "<img src=x id=injected>" + "." * 60)
    status = page.inner_text("#status")
    assert "unexpected character '<'" in status
    assert page.locator("#injected").count() == 0
    assert page.locator("#status *").count() == 0


def test_a_link_fills_the_grid_and_copy_link_makes_one(page, base_url, device):
    open_app(page, base_url, "?p=" + EASY.replace(".", "0"))
    assert grid_text(page) == EASY
    assert "from the link" in page.inner_text("#status")
    assert "?p=" + EASY.replace(".", "0") in page.url  # kept there, to bookmark
    page.click("#c2")
    page.keyboard.press("4")  # the player's entry: the link carries it apart from the givens
    click(page, "#share")
    link = page.input_value("#share-link")
    expected = EASY[:2] + "4" + EASY[3:]
    entries = "0" * 2 + "4" + "0" * 78
    assert link == base_url + "?p=" + EASY.replace(".", "0") + "&e=" + entries
    other = page.context.new_page()
    open_app(other, link, "")
    assert grid_text(other) == expected
    assert other.get_attribute("#c2", "data-kind") == "entry"
    other.close()


def test_copy_link_puts_it_on_the_clipboard(make_context, base_url, device):
    if device != "desktop":
        pytest.skip("clipboard permissions are granted on desktop only")
    context = make_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    open_app(page, base_url)
    fill(page, EASY)
    click(page, "#share")
    page.wait_for_function("document.getElementById('status').textContent.includes('copied')")
    assert page.evaluate("navigator.clipboard.readText()") == page.input_value("#share-link")


def test_clear_and_undo(page, base_url, device):
    open_app(page, base_url)
    assert page.is_disabled("#undo")
    fill(page, EASY)
    click(page, "#clear")
    assert grid_text(page) == "." * 81
    page.click("#undo")
    assert grid_text(page) == EASY
    page.click("#c2")
    page.keyboard.press("1")
    page.keyboard.press("Control+z")
    assert grid_text(page) == EASY
    page.click("#undo")
    assert grid_text(page) == "." * 81
    assert page.is_disabled("#undo")


def test_the_grid_survives_a_reload(page, base_url, device):
    open_app(page, base_url)
    choose_size(page, 6)
    page.click("#c0")
    page.keyboard.press("6")  # and on to r1c2
    page.keyboard.press("6")  # a conflict is saved too: nothing typed is lost
    page.reload()
    page.wait_for_selector("body[data-ui-ready=true]", state="attached")
    assert page.input_value("#size") == "6"
    assert grid_text(page) == "66" + "." * 34
    page.click("#undo")  # the undo history survives as well
    assert grid_text(page) == "6" + "." * 35


def test_every_undo_step_survives_a_reload_past_twenty_edits(page, base_url):
    open_app(page, base_url)
    page.click("#c0")
    typed = "123456789" * 3
    for key in typed[:25]:  # each digit moves on to the next cell
        page.keyboard.press(key)
    page.wait_for_function("document.getElementById('c24').value === '7'")  # all typed
    page.reload()
    page.wait_for_selector("body[data-ui-ready=true]", state="attached")
    assert grid_text(page) == typed[:25] + "." * 56
    for undone in range(25):
        assert page.is_enabled("#undo"), str(undone) + " of 25 edits undone after the reload"
        page.click("#undo")
    assert grid_text(page) == "." * 81  # the grid before the first edit
    assert page.is_disabled("#undo")


@pytest.mark.parametrize("size", [4, 6, 16, 25])
def test_sizes_adapt_the_grid_and_the_pad(page, base_url, device, size):
    if device != "desktop":
        page.set_viewport_size({"width": 390, "height": 844})  # the narrowest common phone
    open_app(page, base_url)
    choose_size(page, size)
    assert page.locator("#grid .cell").count() == size * size
    assert page.locator("#pad .digit").count() == size
    assert page.get_attribute("#grid", "aria-label") == f"Sudoku grid, {size} by {size}"
    last = "#c" + str(size * size - 1)
    page.click(last)
    symbol = "123456789ABCDEFGHIJKLMNOP"[size - 1]
    page.keyboard.press(symbol.lower())
    assert page.input_value(last) == symbol
    assert page.get_attribute(last, "aria-label") == f"row {size}, column {size}, {symbol}, given"
    no_horizontal_scroll(page)


def no_horizontal_scroll(page) -> None:
    widths = page.evaluate(
        "[document.documentElement.scrollWidth, window.innerWidth,"
        " document.getElementById('grid').getBoundingClientRect().right]"
    )
    assert widths[0] <= widths[1] and widths[2] <= widths[1]


def test_static_grid_matches_the_grid_python_builds(page, base_url):
    open_app(page, base_url)
    attributes = """() => [...document.querySelectorAll('#grid .cell, #pad .digit')].map(e =>
        [...e.attributes].filter(a => a.name !== 'style')
        .map(a => a.name + '=' + a.value).sort().join(' '))"""
    static = page.evaluate(attributes)
    choose_size(page, 4)
    choose_size(page, 9)
    assert page.evaluate(attributes) == static
