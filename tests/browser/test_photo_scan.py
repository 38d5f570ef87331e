"""Scan a photo in the page: a real phone photo set on #photo is decoded by the browser in
the worker and read by solver.photo; the grid fills with the ground truth's digits. A file
that is no image says so and keeps the grid."""

import io
import sys
from pathlib import Path

import pytest

from benchmarks.photo import PHOTOS, truth_of
from solver.model.geometry import geometry
from solver.model.puzzle import Puzzle, read
from tests.checks import EASY

from .pages import grid_text

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not PHOTOS.is_dir(), reason="needs ../shared/photos")]

PHOTO = PHOTOS / "image1.jpg"
SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"  # render_grid: synthetic photos
READ_TIMEOUT_MS = 60_000


def status_has(page, words: str) -> None:
    page.wait_for_function(
        "words => document.getElementById('status').textContent.includes(words)",
        arg=words, timeout=READ_TIMEOUT_MS)


def scan(page, files) -> None:
    """Set a photo on #photo and wait until the page has answered it."""
    before = page.evaluate("() => Number(document.body.dataset.scanned || 0)")
    page.set_input_files("#photo", files=files)
    page.wait_for_function("n => Number(document.body.dataset.scanned || 0) > n", arg=before,
                           timeout=READ_TIMEOUT_MS)


def test_a_photo_fills_the_grid_with_its_digits(fresh_solver_page):
    page = fresh_solver_page
    scan(page, [str(PHOTO)])
    assert "Read from the photo" in page.text_content("#status")
    truth = Puzzle(geometry(9), truth_of(PHOTO))
    assert grid_text(page) == truth.to_string()


def test_a_file_that_is_no_image_says_so_and_keeps_the_grid(fresh_solver_page):
    page = fresh_solver_page
    page.fill("#puzzle-text", EASY)
    page.click("#load")
    status_has(page, "givens")
    scan(page, [{"name": "notes.jpg", "mimeType": "image/jpeg", "buffer": b"not a photo"}])
    assert "Could not read the photo" in page.text_content("#status")
    assert grid_text(page) == EASY


def test_with_no_grid_found_the_corners_are_set_by_hand_and_read(fresh_solver_page):
    from PIL import Image

    page = fresh_solver_page
    blank = io.BytesIO()
    Image.new("L", (400, 300), 255).save(blank, "PNG")
    scan(page, [{"name": "wall.png", "mimeType": "image/png", "buffer": blank.getvalue()}])
    assert "no sudoku grid found" in page.text_content("#status")
    assert page.is_visible("#corner-panel")
    page.locator("#corner-frame").scroll_into_view_if_needed()
    frame = page.locator("#corner-frame").bounding_box()
    dot = page.locator("#corner-0").bounding_box()
    page.mouse.move(dot["x"] + dot["width"] / 2, dot["y"] + dot["height"] / 2)
    page.mouse.down()
    page.mouse.move(frame["x"] + 5, frame["y"] + 5, steps=4)
    page.mouse.up()
    moved = page.locator("#corner-0").bounding_box()
    assert moved["x"] < dot["x"] and moved["y"] < dot["y"]
    # the outline joining the dots follows the dragged one (viewBox 0..100 over the photo)
    first = page.get_attribute("#corner-shape", "points").split()[0]
    assert all(float(share) < 5 for share in first.split(",")), first
    before = page.evaluate("() => Number(document.body.dataset.scanned)")
    page.click("#corner-read")
    page.wait_for_function("n => Number(document.body.dataset.scanned) > n", arg=before,
                           timeout=READ_TIMEOUT_MS)
    assert "Read from the photo: 0 digits" in page.text_content("#status")
    assert page.is_hidden("#corner-panel")


def test_a_grid_read_with_a_conflict_shows_the_likely_fix_and_the_conflict(fresh_solver_page):
    from PIL import Image

    sys.path.insert(0, str(SCRIPTS))
    from render_grid import render_photo

    cells = list(read(EASY).cells)
    cells[2] = 5  # row 1 already has a 5: the photo itself breaks the rules
    gray, width, height, _ = render_photo(cells, seed=5)
    photo = io.BytesIO()
    Image.frombytes("L", (width, height), gray).save(photo, "PNG")
    page = fresh_solver_page
    scan(page, [{"name": "conflict.png", "mimeType": "image/png", "buffer": photo.getvalue()}])
    status = page.text_content("#status")
    assert "Likely fix: row 1, column 3 is empty" in status, status
    assert "Conflict: two 5s in row 1" in status, status


DOUBT_STYLES = """() => {
    const probe = document.createElement('div');
    probe.style.background = 'var(--doubt-bg)';
    probe.style.color = 'var(--doubt-line)';
    document.body.append(probe);
    const violet = [getComputedStyle(probe).backgroundColor, getComputedStyle(probe).color];
    probe.remove();
    const cells = [...document.querySelectorAll('#grid .cell')].map((cell, i) => {
        const style = getComputedStyle(cell);
        return {i, doubt: cell.dataset.hint === 'doubt', value: cell.value,
                outline: style.outlineStyle, outlineColor: style.outlineColor,
                background: style.backgroundColor};
    });
    return {violet, cells};
}"""


def test_cells_read_with_doubt_are_violet_with_a_dashed_outline(fresh_solver_page):
    """What the player sees of a doubtful cell is the computed style, not the attribute: a
    dashed violet outline on violet, unlike the other cells and the selection; it goes once
    the cell is corrected."""
    page = fresh_solver_page
    scan(page, [str(PHOTOS / "image2.jpg")])  # a dev-half photo with a few unsure cells
    status = page.text_content("#status")
    seen = page.evaluate(DOUBT_STYLES)
    background, line = seen["violet"]
    doubts = [cell for cell in seen["cells"] if cell["doubt"]]
    assert doubts and f"the {len(doubts)} cells outlined in dashes" in status, status
    for cell in doubts:
        assert (cell["outline"], cell["outlineColor"]) == ("dashed", line), cell
        assert cell["background"] == background, cell
    others = [cell for cell in seen["cells"] if not cell["doubt"]]
    assert all(cell["outline"] != "dashed" and cell["background"] != background
               for cell in others), others
    first = doubts[0]["i"]
    page.locator("#grid .cell").nth(first).click()  # selected: the selection's colour shows
    selected = page.evaluate(DOUBT_STYLES)["cells"][first]
    assert selected["outline"] == "dashed" and selected["background"] != background, selected
    page.keyboard.press(str(int(doubts[0]["value"] or 0) % 9 + 1))  # corrected: no longer lit
    page.locator("#grid .cell").nth(0 if first else 1).click()
    corrected = page.evaluate(DOUBT_STYLES)["cells"][first]
    assert not corrected["doubt"] and corrected["outline"] != "dashed", corrected
