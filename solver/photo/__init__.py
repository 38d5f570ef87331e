"""Reading a 9x9 sudoku from a photo, in pure Python: `read_photo(gray, width, height)`.

The steps: shrink the photo to about WORK_SIDE pixels, an adaptive threshold, the largest
sparse square component as the grid, its corners refined on the border lines, a
perspective map from grid units to the photo, per cell an emptiness test and, for the cells
with ink, a small classifier trained on font-rendered digits (solver/photo/digits.bin).
"""

import math
from collections.abc import Iterable

from ..model.errors import PuzzleError, shown
from ..model.geometry import geometry, whole
from ..model.puzzle import Puzzle
from .cells import PATCH, Ink, Sampler, glyph, least_contrast
from .classify import network
from .grid import UNIT_SQUARE, Point, homography, locate_grid
from .image import adaptive_threshold, downscale

SIZE = 9
WORK_SIDE = 400  # the long side, in pixels, the grid is looked for at
MIN_SIDE = 120  # a photo with a shorter side cannot show 81 readable cells
THRESHOLD_OFFSET = 8  # grey levels under the local mean that count as ink
SAMPLE_SPACING = 2.5  # photo pixels between the points of the emptiness test, at most
INK_STEEPNESS = 4.0  # how fast "is there a digit" goes from unsure to sure around strength 1
OUTSIDE_SHARE = 0.1  # corners may lie this share of the photo's side past its edge
__all__ = ["MIN_SIDE", "Reading", "find_corners", "read_photo"]  # the public entries

TRY_AGAIN = ("hold the phone closer so the grid fills most of the photo, flat above the "
             "page, with more light and no shadow on it")


class Reading:
    """What read_photo saw. `puzzle`: the digits read (0 = empty), conflicts possible.
    `confidence`: per cell, 0..1, how sure the reading of that cell is. `corners`: the grid's
    corners in photo pixels (x, y), clockwise from top left. `alternatives`: per cell, the
    readings (digit, probability), 0 for empty: the one chosen first (whether there is ink
    decides digit or empty), then the others from the likeliest down."""

    def __init__(self, puzzle: Puzzle, confidence: tuple[float, ...], corners: tuple[Point, ...],
                 alternatives: tuple[tuple[tuple[int, float], ...], ...]) -> None:
        self.puzzle, self.confidence = puzzle, confidence
        self.corners, self.alternatives = corners, alternatives


def check_image(gray: bytes, width: int, height: int) -> tuple[int, int]:
    """(width, height) as plain ints; PuzzleError for pixels that are not a width x height
    grey image to read."""
    sides = []
    for name, value in (("width", width), ("height", height)):
        side = whole(value)
        if side is None or side <= 0:
            raise PuzzleError(f"the photo's {name} must be a positive whole number, "
                              f"not {shown(value)}")
        sides.append(side)
    if not isinstance(gray, bytes | bytearray | memoryview):
        raise PuzzleError("the photo must be grey pixels as bytes, not " + shown(gray))
    width, height = sides
    if len(gray) != width * height:
        raise PuzzleError(f"the photo has {len(gray)} grey pixels where {shown(width)} x "
                          f"{shown(height)} needs {shown(width * height)}")
    if min(width, height) < MIN_SIDE:
        raise PuzzleError(f"the photo is only {width} x {height} pixels; take it at a higher "
                          f"resolution or closer (at least {MIN_SIDE} on the short side)")
    return width, height


def in_photo(points: list[tuple[float, float]], width: int, height: int) -> bool:
    """Every point in the photo or at most OUTSIDE_SHARE of its side past an edge (a grid
    cut by the edge: the reader extends its lines), the one rule for found and given corners."""
    return all(-OUTSIDE_SHARE * width <= x <= (1 + OUTSIDE_SHARE) * width
               and -OUTSIDE_SHARE * height <= y <= (1 + OUTSIDE_SHARE) * height
               for x, y in points)


def checked_corners(corners: Iterable[Point], width: int, height: int) -> list[Point]:
    """Corners given by hand as four (x, y) in the photo, clockwise from top left."""
    points: list[Point]
    try:
        points = [(float(x), float(y)) for x, y in corners]
    except Exception:  # not pairs of numbers, an int past any float, a raising subclass
        points = []
    if len(points) != 4 or not in_photo(points, width, height):
        raise PuzzleError("the grid's corners must be four (x, y) points inside the photo "
                          f"(or at most {OUTSIDE_SHARE:.0%} of its side past an edge), "
                          "clockwise from top left")
    return points


def find_corners(gray: bytes, width: int, height: int) -> list[tuple[float, float]]:
    """The grid's corners in photo pixels, clockwise from top left; PuzzleError when none
    is found or the pixels are not a width x height grey image (check_image)."""
    width, height = check_image(gray, width, height)
    return corners_in(bytes(gray), width, height)


def corners_in(gray: bytes, width: int, height: int) -> list[tuple[float, float]]:
    """find_corners on checked pixels."""
    factor = max(1, round(max(width, height) / WORK_SIDE))
    small, w, h = downscale(gray, width, height, factor)
    rows = adaptive_threshold(small, w, h, max(2, min(w, h) // 40), THRESHOLD_OFFSET)
    corners = locate_grid(b"".join(rows), w, h)
    if corners is None:
        raise PuzzleError("no sudoku grid found in the photo: " + TRY_AGAIN)
    points = [((x + 0.5) * factor - 0.5, (y + 0.5) * factor - 0.5) for x, y in corners]
    if not in_photo(points, width, height):  # so the corners found can be given back
        raise PuzzleError("the grid runs past the edge of the photo: " + TRY_AGAIN)
    return points


def cell_alternatives(sampler: Sampler, cell: int, ink: Ink,
                      least: float) -> list[tuple[int, float]]:
    """The readings of one cell, likeliest first: (digit, probability), 0 for empty."""
    col, row = cell % SIZE, cell // SIZE
    strength = ink.strength(least)
    if not strength:
        return [(0, 1.0)]
    has_digit = 1 / (1 + math.exp(-INK_STEEPNESS * (strength - 1)))
    digits = network().probabilities(glyph(sampler, col, row, ink))
    found = sorted(((d + 1, has_digit * p) for d, p in enumerate(digits)),
                   key=lambda pair: -pair[1])
    # Ink strong enough is a digit even when the classifier hesitates between two.
    if has_digit >= 0.5:
        return [found[0], *sorted([*found[1:], (0, 1 - has_digit)], key=lambda pair: -pair[1])]
    return [(0, 1 - has_digit), *found]


def grid_sampler(
    gray: bytes, width: int, height: int, corners: Iterable[Point] | None = None
) -> tuple[Sampler, list[Point]]:
    """The checked photo's sampler in grid units, and the grid's corners (found, or the
    ones given); PuzzleError when the pixels are wrong or no grid is found."""
    width, height = check_image(gray, width, height)
    gray = bytes(gray)
    if corners is None:
        points = corners_in(gray, width, height)
    else:
        points = checked_corners(corners, width, height)
    coefficients = homography(UNIT_SQUARE, points)
    if coefficients is None:
        raise PuzzleError("the grid found in the photo is too slanted to read: " + TRY_AGAIN)
    return Sampler(gray, width, height, coefficients), points


def cell_inks(sampler: Sampler) -> tuple[list[Ink], float]:
    """Each cell's ink, row by row, and the contrast a digit needs in the photo."""
    # at most about SAMPLE_SPACING pixels between the points looked at, up to 3 x 3 per sample
    sub = max(1, min(3, round(sampler.cell_pixels() / (PATCH * SAMPLE_SPACING))))
    inks = [Ink(sampler.darkest_patch(cell % SIZE, cell // SIZE, 1, PATCH, sub))
            for cell in range(SIZE * SIZE)]
    return inks, least_contrast(inks)


def read_photo(
    gray: bytes, width: int, height: int, corners: Iterable[Point] | None = None
) -> Reading:
    """Read the 9x9 sudoku in a photo given as 8-bit grey pixels, row by row; `corners`
    (four (x, y), clockwise from top left) skips finding the grid, e.g. when set by hand.

    Raises PuzzleError naming the problem and what to try when the pixels do not match the
    size or no grid is found."""
    sampler, points = grid_sampler(gray, width, height, corners)
    inks, least = cell_inks(sampler)
    alternatives = tuple(tuple(cell_alternatives(sampler, cell, ink, least))
                         for cell, ink in enumerate(inks))
    puzzle = Puzzle(geometry(SIZE), [choices[0][0] for choices in alternatives])
    confidence = tuple(choices[0][1] for choices in alternatives)
    return Reading(puzzle, confidence, tuple(points), alternatives)
