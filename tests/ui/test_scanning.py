"""Scan a photo, the decisions (static/ui/scanning.py) under CPython: a reading of under 17
digits is a failed read, the corners as shares of the photo, the cropped thumbnail's box,
the likely fix and the status words."""

from solver.model.puzzle import read
from ui import protocol
from ui import scanning as s

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
