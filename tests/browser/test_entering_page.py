"""Entering a Killer on a phone (issue 28): on Type or paste's grid, Killer chosen, each cage
dragged over with a finger (touch events, as a phone sends them) or tapped, its sum typed,
Add cage; every cage is drawn at once, cells apart are refused with the message naming the
cell, and Play checks the Killer and plays it: the status names it, the address bar's ?p=
carries its cages and a reload keeps them. The Killer comes from the test maker
(tests/killer.py), its cages read by its own reader, never the page's."""

import itertools
from urllib.parse import unquote

import pytest

import tests.ui  # noqa: F401 - puts static/ on the path, for the `ui` package
from solver.model.puzzle import read
from tests.checks import EASY, search_solutions
from tests.killer import Killer, unique_killer
from ui import messages

from .pages import choose_size, open_app, reopen, wait_solver
from .test_variants_page import drawn_cages

pytestmark = pytest.mark.browser
KILLER_4 = unique_killer(4, 4, solutions=search_solutions)[0]  # (its cages join up)


def path(cells) -> list:
    """The cells in an order a finger can drag through, each beside the one before."""
    for order in itertools.permutations(cells):
        if all(abs(a - b) in (1, 4) and (a // 4 == b // 4 or a % 4 == b % 4)
               for a, b in itertools.pairwise(order)):
            return list(order)
    raise AssertionError("no drag path through " + str(cells))


def centre(page, cell: int) -> dict:
    box = page.locator(f"#c{cell}").bounding_box()
    return {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}


def touch_drag(page, cells) -> None:
    """A finger down on the first cell, moved through the others in a few steps each, up."""
    touch = page.context.new_cdp_session(page)
    points = [centre(page, cell) for cell in cells]
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [points[0]]})
    for before, after in itertools.pairwise(points):
        for step in range(1, 5):
            point = {axis: before[axis] + (after[axis] - before[axis]) * step / 4
                     for axis in ("x", "y")}
            touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    touch.detach()


def picked(page) -> list:
    return page.eval_on_selector_all(
        "#grid .cell", "cells => cells.flatMap((c, i) => c.dataset.hint === 'pick' ? [i] : [])")


@pytest.mark.parametrize("device", ["Pixel 7"])
def test_a_killer_entered_by_dragging_is_drawn_played_and_kept(page, base_url, device):
    cages = Killer(KILLER_4).cages
    open_app(page, base_url)
    choose_size(page, 4)
    page.click("#rules-open")  # the top bar's Classic: the choice of rules opens
    page.click("#rules-bar [data-base=killer]")
    page.wait_for_selector("#rules-tool:not([hidden]) #cage-sum", state="visible")
    assert page.inner_text("#rules-name") == messages.rules_name(("killer",))  # "Killer"
    # cells apart: refused, the cell named, nothing lost
    touch_drag(page, [0])
    touch_drag(page, [2])
    page.fill("#cage-sum", "4")
    page.click("#cage-add")
    assert messages.cage_apart("row 1, column 3") in page.inner_text("#status")
    assert picked(page) == [0, 2]
    assert "picked for a new cage" in page.get_attribute("#c2", "aria-label")  # heard too
    page.click("#cage-cancel")
    assert picked(page) == []
    for number, (total, cells) in enumerate(sorted(cages, key=lambda cage: min(cage[1])), 1):
        touch_drag(page, path(cells))
        assert picked(page) == sorted(cells)
        page.fill("#cage-sum", str(total))
        page.click("#cage-add")
        page.wait_for_selector(f"#grid svg.cages[data-cages='{number}']", state="attached")
    expected = sorted((total, min(cells)) for total, cells in cages)
    assert sorted(drawn_cages(page)) == expected
    page.click("#rules-play")
    page.wait_for_selector("body[data-phase=play]", state="attached", timeout=60_000)
    assert messages.ready_to_play(("killer",)) in page.inner_text("#status")
    assert not page.is_visible("#rules-bar")
    link = unquote(page.evaluate("location.search"))
    assert link.startswith("?p=rules: killer")
    assert sum(line.count("=") for line in link.split("\n")) == len(cages) + 1  # p= and cages
    reopen(page)
    page.wait_for_selector("#grid[data-rules='killer'] svg.cages path.cage", state="attached")
    assert sorted(drawn_cages(page)) == expected


def mouse_drag(page, cells) -> None:
    """The mouse pressed on the first cell, moved through the others, released."""
    start = centre(page, cells[0])
    page.mouse.move(start["x"], start["y"])
    page.mouse.down()
    for cell in cells[1:]:
        point = centre(page, cell)
        page.mouse.move(point["x"], point["y"], steps=4)
    page.mouse.up()


@pytest.mark.parametrize("device", ["desktop"])
def test_a_jigsaw_painted_with_the_mouse_is_tinted_then_bordered_and_played(
        page, base_url, device):
    open_app(page, base_url)
    choose_size(page, 4)
    page.click("#rules-open")
    page.click("#rules-bar [data-base=jigsaw]")
    # AAAB / ABBB / CCDD / CCDD, each region dragged through in turn
    regions = ([4, 0, 1, 2], [3, 7, 6, 5], [8, 9, 13, 12], [10, 11, 15, 14])
    for number, cells in enumerate(regions[:3]):
        mouse_drag(page, cells)
        assert page.inner_text("#status") == messages.region_painted(number + 1, 4, 4)
    tints = page.eval_on_selector_all("#grid .cell", "cells => cells.map(c => c.className)")
    assert all(f"tint-{number}" in tints[cell]
               for number, cells in enumerate(regions[:3]) for cell in cells)
    page.click("#rules-play")
    assert "4 cells in no region yet (the first: row 3, column 3)" in page.inner_text("#status")
    mouse_drag(page, regions[3])
    page.wait_for_selector("#grid[data-rules='jigsaw']", state="attached")
    page.click("#tool")  # off: taps select cells for givens again
    for cell, digit in ((0, 3), (3, 2), (10, 4)):  # one solution under those regions only
        page.click(f"#c{cell}")
        page.click(f"#pad [data-digit='{digit}']")
    page.click("#rules-play")
    page.wait_for_selector("body[data-phase=play]", state="attached", timeout=60_000)
    assert messages.ready_to_play(("jigsaw",)) in page.inner_text("#status")


BADGE = """([grid, text]) => { const b = document.querySelector('#difficulty');
    return b.dataset.for === grid && b.dataset.stale === 'false' && b.textContent === text
        && !b.hidden }"""


@pytest.mark.parametrize("device", ["360x640"])
def test_choosing_killer_or_jigsaw_on_an_unchanged_grid_changes_the_badge_and_back(
        page, base_url, device, tmp_path):
    # The grid stays as it was (no cage, no region yet): the badge followed only the grid,
    # and kept the classic grid's difficulty under Killer or Jigsaw.
    open_app(page, base_url)
    for cell, digit in enumerate(read(EASY).cells):
        if digit:
            page.click(f"#c{cell}")
            page.keyboard.press(str(digit))
    wait_solver(page)
    grid = read(EASY).to_string("0")
    page.wait_for_function(
        "grid => { const b = document.querySelector('#difficulty'); return b.dataset.for "
        "=== grid && b.dataset.stale === 'false' && b.textContent.startsWith('Difficulty: ') }",
        arg=grid, timeout=30_000)
    classic = page.inner_text("#difficulty")
    page.click("#rules-open")
    for base in ("killer", "jigsaw"):
        page.click(f"#rules-bar [data-base={base}]")
        page.wait_for_function(BADGE, arg=[grid, messages.NOT_RATED_UNTIL[base]])
        page.screenshot(path=str(tmp_path / f"badge-{base}.png"))  # to look at: --basetemp
    page.click("#rules-bar [data-base=classic]")
    page.wait_for_function(BADGE, arg=[grid, classic], timeout=30_000)
