"""Scan a photo in the page: a real phone photo set on #photo is decoded by the browser in
the worker and read by solver.photo; the grid fills with the ground truth's digits. A file
that is no image says so and keeps the grid."""

import pytest

from benchmarks.photo import PHOTOS, truth_of
from solver.model.geometry import geometry
from solver.model.puzzle import Puzzle
from tests.checks import EASY

from .pages import grid_text

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not PHOTOS.is_dir(), reason="needs ../shared/photos")]

PHOTO = PHOTOS / "image1.jpg"
READ_TIMEOUT_MS = 60_000


def status_has(page, words: str) -> None:
    page.wait_for_function(
        "words => document.getElementById('status').textContent.includes(words)",
        arg=words, timeout=READ_TIMEOUT_MS)


def test_a_photo_fills_the_grid_with_its_digits(fresh_solver_page):
    page = fresh_solver_page
    page.set_input_files("#photo", files=[str(PHOTO)])
    status_has(page, "Read from the photo")
    truth = Puzzle(geometry(9), truth_of(PHOTO))
    assert grid_text(page) == truth.to_string()


def test_a_file_that_is_no_image_says_so_and_keeps_the_grid(fresh_solver_page):
    page = fresh_solver_page
    page.fill("#puzzle-text", EASY)
    page.click("#load")
    status_has(page, "givens")
    page.set_input_files("#photo", files=[
        {"name": "notes.jpg", "mimeType": "image/jpeg", "buffer": b"not a photo at all"}])
    status_has(page, "Could not read the photo")
    assert grid_text(page) == EASY
