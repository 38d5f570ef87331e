"""Scan a photo, the decisions (static/ui/scanning.py) under CPython: a reading of under 17
digits is a failed read, the corners as shares of the photo, the cropped thumbnail's box,
the likely fix and the status words."""

import asyncio
import sys
from pathlib import Path

import protocol
import worker
from solver.model.puzzle import read
from tests.ui.fakes import FakeClient, Page, run
from ui import scanning as s

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def reading(text: str, **fields) -> dict:
    reply = {"status": protocol.READ, "puzzle": text, "confidence": [1.0] * 81,
             "corners": [[10, 20], [190, 20], [190, 120], [10, 120]], "size": [200, 160],
             "repairs": []}
    reply.update(fields)
    return reply


def test_under_17_digits_is_a_failed_read_that_keeps_the_corners():
    sixteen = "".join(c if i < 16 else "0" for i, c in enumerate(EASY.replace(".", "0")))
    few = reading("0" * 81)
    assert s.outcome(few) == s.FEW
    assert read(sixteen).filled_count() < 17 and s.outcome(reading(sixteen)) == s.FEW
    assert s.outcome(reading(EASY)) == s.GOOD  # 30 givens
    message, tone = s.panel_note(s.FEW, few)
    assert tone == "error" and "only 0 digits" in message and "17" in message
    assert s.panel_note(s.GOOD, reading(EASY))[1] == "ok"
    assert s.corner_shares(few) == [[0.05, 0.125], [0.95, 0.125], [0.95, 0.75], [0.05, 0.75]]


def test_no_grid_and_no_photo_are_told_apart():
    no_grid = protocol.invalid("no sudoku grid found in the photo", [])
    no_grid["decoded"] = True
    assert s.outcome(no_grid) == s.NO_GRID
    assert s.panel_note(s.NO_GRID, no_grid)[1] == "error"
    assert s.corner_shares(no_grid) == s.START_CORNERS
    not_a_photo = protocol.invalid("the file is not a photo the browser can open", [])
    assert s.outcome(not_a_photo) == s.NO_PHOTO
    assert s.failure(not_a_photo).startswith("Could not read the photo: the file is not")


def test_the_thumbnail_shows_the_box_around_the_corners_stretched_to_a_square():
    shares = [[0.2, 0.1], [0.7, 0.15], [0.75, 0.6], [0.25, 0.5]]
    left, top, width, height = s.crop_box(shares)
    assert (left, top) == (0.2, 0.1)
    assert abs(width - 0.55) < 1e-9 and abs(height - 0.5) < 1e-9
    style = s.crop_style(shares)
    # the image is 1/width of the box wide, shifted so the box's left edge is at 0
    assert style["width"] == "181.82%" and style["height"] == "200.0%"
    assert style["left"] == "-36.36%" and style["top"] == "-20.0%"


def test_the_likely_fix_and_the_summary_name_the_cells():
    cells = list(read(EASY).cells)
    cells[2] = 5
    text = "".join(str(d) for d in cells)
    reply = reading(text, repairs=[read(EASY).to_string("0")],
                    confidence=[0.5 if i == 2 else 1.0 for i in range(81)])
    assert s.likely_fix(reply) == "Likely fix: row 1, column 3 is empty"
    assert s.doubts(reply) == {2: 5}
    words = s.summary(31, 1, s.likely_fix(reply))
    assert words.startswith("Read from the photo: 31 digits.")
    assert "the cell outlined in dashes was" in words and words.endswith("column 3 is empty.")
    assert "the 2 cells outlined in dashes were" in s.summary(31, 2, "")


class PhotoClient(FakeClient):
    """Answers a photo with the worker's own reading of a synthetic photo of `digits`."""

    def __init__(self, digits, ready: bool = True):
        super().__init__(ready)
        sys.path.insert(0, str(SCRIPTS))
        from render_grid import render_photo

        self.photo = render_photo(digits, seed=5)[:3]

    async def call_export(self, name: str, *args):
        self.calls.append((name, args))
        gray, width, height = self.photo
        return worker.read_grey(gray, width, height)


def test_a_good_reading_waits_on_the_photo_panel_until_used():
    async def flow():
        page = Page(PhotoClient(list(read(EASY).cells), ready=False))
        ctl = page.ctl
        page.act(ctl.scan("blob:photo"))
        await asyncio.sleep(0.05)
        view = ctl.view()
        assert view["screen"] == "scan" and view["scan"]["note"][0] == s.WAITING  # queued
        page.client.load()
        await page.settle()
        view = ctl.view()
        assert view["scan"]["usable"] and view["scan"]["note"][1] == "ok"
        assert view["scan"]["shares"] != s.START_CORNERS
        assert ctl.session.puzzle.filled_count() == 0  # nothing in the grid yet
        ctl.move_corners()
        assert not ctl.usable()  # moved: read again first
        ctl.corners_moved = False
        ctl.use_reading()
        view = ctl.view()
        assert view["screen"] == "game" and ctl.session.puzzle == read(EASY)
        assert view["scan"]["crop"] is not None and not view["scan"]["open"]
        assert view["message"][0].startswith("Read from the photo: 30 digits")
        ctl.undo()
        assert ctl.session.puzzle.filled_count() == 0
    run(flow)


def test_a_reading_of_too_few_digits_keeps_the_panel_and_the_grid():
    async def flow():
        page = Page(PhotoClient([0] * 81))
        ctl = page.ctl
        assert ctl.open_text(EASY)
        page.act(ctl.scan("blob:photo"))
        await page.settle()
        view = ctl.view()
        assert view["screen"] == "scan" and not view["scan"]["usable"]
        note, tone = view["scan"]["note"]  # an empty grid: a digit or so read in noise
        assert tone == "error" and note.startswith("Not read: only") and "17" in note
        ctl.use_reading()  # refused: nothing to use
        assert ctl.session.puzzle == read(EASY)
        ctl.close_scan()
        assert ctl.view()["screen"] == "game" and ctl.session.puzzle == read(EASY)
    run(flow)


def test_a_file_that_is_no_photo_goes_back_with_the_reason():
    async def flow():
        page = Page()  # FakeClient: "no photo here", not decoded
        page.act(page.ctl.scan("blob:notes"))
        await page.settle()
        view = page.ctl.view()
        assert view["screen"] == "game"
        assert view["message"] == ("Could not read the photo: no photo here.", "error")
    run(flow)
