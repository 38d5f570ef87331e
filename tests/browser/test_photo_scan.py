"""Scan a photo in the page: a real phone photo set on #photo is decoded by the browser in
the worker and read by solver.photo, then ALWAYS shown with the grid's outline and corner
dots; once confirmed, the grid fills with the ground truth's digits and the photo, cropped
to the grid, sits beside it. Under 17 digits is a failed read; a file that is no image
says so and keeps the grid; a photo picked while the solver loads waits for it."""

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
# image1049.jpg's grid corners as shares of the photo, clockwise from top left (by eye)
GRID_1049 = [[0.052, 0.253], [0.75, 0.253], [0.75, 0.838], [0.052, 0.838]]


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


def use(page) -> str:
    """Press the photo panel's button to use the reading on show; the status after."""
    assert page.inner_text("#corner-read") == "Use this reading"
    page.click("#corner-read")
    page.wait_for_selector("#corner-panel", state="hidden")
    return page.text_content("#status")


def drag(page, index: int, share) -> None:
    """Drag corner dot `index` to `share` (x, y as shares of the photo)."""
    page.locator("#corner-frame").scroll_into_view_if_needed()
    frame = page.locator("#corner-frame").bounding_box()
    dot = page.locator(f"#corner-{index}").bounding_box()
    page.mouse.move(dot["x"] + dot["width"] / 2, dot["y"] + dot["height"] / 2)
    page.mouse.down()
    page.mouse.move(frame["x"] + share[0] * frame["width"],
                    frame["y"] + share[1] * frame["height"], steps=4)
    page.mouse.up()


def outline(page) -> list:
    """The outline's corners over the photo, as shares 0..1 (viewBox 0..100)."""
    points = page.get_attribute("#corner-shape", "points").split()
    return [[float(v) / 100 for v in point.split(",")] for point in points]


def test_a_photo_is_shown_with_its_outline_then_fills_the_grid_beside_its_crop(
        fresh_solver_page):
    page = fresh_solver_page
    scan(page, [str(PHOTO)])
    assert page.is_visible("#corner-panel") and page.is_visible("#corner-photo")
    assert page.get_attribute("#corner-frame", "data-corners") == "true"
    assert page.get_attribute("#scan-note", "data-tone") == "ok"
    corners = outline(page)
    assert corners != [[0.15, 0.15], [0.85, 0.15], [0.85, 0.85], [0.15, 0.85]]
    for index, (x, y) in enumerate(corners):  # each dot sits on its corner of the outline
        frame = page.locator("#corner-frame").bounding_box()
        dot = page.locator(f"#corner-{index}").bounding_box()
        assert abs(dot["x"] + dot["width"] / 2 - frame["x"] - x * frame["width"]) < 2
        assert abs(dot["y"] + dot["height"] / 2 - frame["y"] - y * frame["height"]) < 2
        assert dot["width"] >= 44 and dot["height"] >= 44
    assert grid_text(page) == "." * 81  # nothing in the grid before it is confirmed
    assert "Read from the photo" in use(page)
    truth = Puzzle(geometry(9), truth_of(PHOTO))
    assert grid_text(page) == truth.to_string()
    assert page.is_hidden("#corner-panel")
    thumb = page.locator("#scan-thumb")
    assert thumb.is_visible() and page.get_attribute("#scan-thumb-img", "src").startswith("blob:")
    box = thumb.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    thumb.click()  # laid over the grid, the same size, to compare
    assert page.get_attribute("#scan-thumb", "aria-pressed") == "true"
    grid = page.locator("#grid").bounding_box()
    over = page.locator("#grid .scan-overlay").bounding_box()
    assert abs(over["width"] - grid["width"]) < 8 and abs(over["height"] - grid["height"]) < 8
    thumb.click()
    assert page.is_hidden("#grid .scan-overlay")


def test_a_sharp_photo_read_as_no_digits_is_a_failed_read_with_its_corners_kept(
        fresh_solver_page):
    """image1049.jpg: the grid's outline is found wrong and no digit is read; that was
    reported in green as a success (issue 23, defect 2)."""
    page = fresh_solver_page
    scan(page, [str(PHOTOS / "image1049.jpg")])
    note = page.inner_text("#scan-note")
    assert page.get_attribute("#scan-note", "data-tone") == "error", note
    assert "Not read: only" in note and "at least 17" in note, note
    assert page.is_visible("#corner-panel")
    assert page.get_attribute("#corner-frame", "data-corners") == "true"
    assert page.inner_text("#corner-read") == "Read inside these corners"
    assert grid_text(page) == "." * 81
    assert "Read from the photo" not in page.text_content("#status")
    # the dots dragged onto the grid's corners (looked up once in the photo), read again
    for index, share in enumerate(GRID_1049):
        drag(page, index, share)
    assert [[round(v, 2) for v in point] for point in outline(page)] == \
        [[round(v, 2) for v in point] for point in GRID_1049]
    before = page.evaluate("() => Number(document.body.dataset.scanned)")
    page.click("#corner-read")
    page.wait_for_function("n => Number(document.body.dataset.scanned) > n", arg=before,
                           timeout=READ_TIMEOUT_MS)
    assert page.get_attribute("#scan-note", "data-tone") == "ok", page.inner_text("#scan-note")
    use(page)
    truth = truth_of(PHOTOS / "image1049.jpg")
    shown = read(grid_text(page)).cells
    assert sum(a == b for a, b in zip(shown, truth, strict=True)) >= 75  # 79 of 81 today


def test_cancel_leaves_the_grid_as_it_was(fresh_solver_page):
    page = fresh_solver_page
    page.fill("#puzzle-text", EASY)
    page.click("#load")
    scan(page, [str(PHOTOS / "image1049.jpg")])
    page.click("#scan-close")
    assert page.is_hidden("#corner-panel") and grid_text(page) == EASY


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
    assert "No grid found" in page.inner_text("#scan-note")
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
    assert "Not read: only 0 digits" in page.inner_text("#scan-note")  # a wall has none
    assert page.is_visible("#corner-panel")  # the corners stay for another try
    assert outline(page)[0][0] < 0.05
    page.click("#scan-close")


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
    status = use(page)
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
    status = use(page)
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
