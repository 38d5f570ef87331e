"""Finding the grid in a thresholded image: the largest sparse, roughly square component
with ink on its inner lines and little between them, or else the 9x9 lattice of evenly
spaced lines found inside a component (a grid in a printed frame, or broken apart); its
four corners, refined on the border lines, and the perspective map (homography) from grid
units to image pixels."""

import math
from collections.abc import Sequence

from .image import Component, components, mask_of

Point = tuple[float, float]  # (x, y) in pixels, or (u, v) in grid units
Line = tuple[float, float, float]  # a x + b y = c, a^2 + b^2 = 1

MIN_GRID_SHARE = 0.3  # the grid's box spans at least this share of the image's short side
MAX_FILL = 0.45  # a grid is lines: at most this share of its box is dark
BORDER_SAMPLES = 24  # points per side where the border line is looked for
MAX_CANDIDATES = 4  # the largest components tried as the grid
LINE_SAMPLES = 18  # points per inner line checked for ink
CLEAR_GRID = 0.6  # a clear grid: that much more of its lines' points than of midway have ink
MIN_LINE_SHARE = 0.2  # and a faint or broken one, at least
MIN_GRID_SCORE = 0.15  # and at least that much more than midway between them
UNIT_SQUARE: list[Point] = [(0, 0), (9, 0), (9, 9), (0, 9)]
LATTICE_SPAN = (-0.25, 9.25)  # where, in a candidate's grid units, a lattice is looked for
LATTICE_BINS = 120  # lines across the candidate whose dark samples are counted
PROFILE_SAMPLES = 40  # samples along each of those lines
MIN_LATTICE = 0.55  # a lattice inside a candidate spans at least this share of it
LATTICE_MARGIN = 0.05  # how much better a lattice inside must score than a component
SAME_LATTICE = 0.25  # cells: a lattice this close to the candidate's own lines is the same
LATTICE_REACH = 0.15  # cells either side of a lattice's border where its line is looked for


def grid_candidates(found: list[Component], width: int, height: int) -> list[Component]:
    """Components that may be the grid, largest box first: sparse, roughly square, and big
    enough to be read."""
    least = MIN_GRID_SHARE * min(width, height)
    kept = [part for part in found
            if part.width >= least and part.height >= least
            and 0.5 < part.width / part.height < 2
            and part.pixels <= MAX_FILL * part.width * part.height]
    return sorted(kept, key=lambda part: -part.width * part.height)[:MAX_CANDIDATES]


def line_share(mask: bytes, width: int, height: int, coefficients: list[float],
               shift: float = 0.0) -> float:
    """The share of points on the grid's 16 inner lines (through the map from grid units)
    that have ink within a pixel: near 1 for a grid, low for a frame around it. `shift`
    moves the lines by that many cells (0.5: midway between lines, where only digits are)."""
    a, b, c, d, e, f, g, h = coefficients
    hits = total = 0
    for k in range(1, 9):
        for t in range(LINE_SAMPLES):
            along = (t + 0.5) * 9 / LINE_SAMPLES
            for u, v in ((k + shift, along), (along, k + shift)):
                w = g * u + h * v + 1
                x, y = int((a * u + b * v + c) / w + 0.5), int((d * u + e * v + f) / w + 0.5)
                total += 1
                if 1 <= x < width - 1 and 1 <= y < height - 1:
                    at = y * width + x
                    hits += any(mask[at - 1:at + 2]) or any(
                        mask[at - width - 1:at - width + 2]) or any(
                        mask[at + width - 1:at + width + 2])
    return hits / total


def grid_score(mask: bytes, width: int, height: int, corners: list[Point]) -> float:
    """How much the quadrilateral looks like a 9x9 grid: the share of points with ink on its
    inner lines less the share midway between them (a frame around a grid, or the paper's
    edge, has about as much on both); -1 when fewer than MIN_LINE_SHARE of the line
    points have ink, or it cannot be mapped."""
    coefficients = homography(UNIT_SQUARE, corners)
    if coefficients is None:
        return -1.0
    on = line_share(mask, width, height, coefficients)
    if on < MIN_LINE_SHARE:
        return -1.0
    return on - line_share(mask, width, height, coefficients, 0.5)


def locate_grid(dark: bytes, width: int, height: int) -> list[Point] | None:
    """The corners (clockwise from top left) of the grid in the dark pixels (a width x height
    0/1 mask): the largest component that is clearly a grid (ink on its inner lines, little
    between); else the likeliest of the components and of the 9x9 lattices of lines found
    inside each (a grid inside a printed frame, or broken in parts); or None."""
    rows = [dark[y * width:(y + 1) * width] for y in range(height)]
    least = MIN_GRID_SHARE * min(width, height)
    quads: list[tuple[float, list[Point]]] = []
    for part in grid_candidates(components(rows), width, height):
        reach = max(part.width, part.height) / 30
        corners = refine_corners(mask_of(part, width, height), rough_corners(part), width,
                                 height, reach)
        if is_plausible(corners, least):
            score = grid_score(dark, width, height, corners)
            if score >= CLEAR_GRID:
                return corners  # no lattice search: it takes time
            quads.append((score, corners))
    best: list[Point] | None
    best_score, best = max(quads, default=(MIN_GRID_SCORE, None), key=lambda q: q[0])
    best_score = max(best_score, MIN_GRID_SCORE)
    # a lattice found inside must do clearly better than a component's own lines: the
    # lattice one cell off a grid, met by a line of print, scores about the same
    for _, corners in quads:
        inner = inner_lattice(dark, width, height, corners)
        if inner is not None and is_plausible(inner, least):
            score = grid_score(dark, width, height, inner)
            if score >= best_score + LATTICE_MARGIN:
                best, best_score = inner, score
    return best if best_score >= MIN_GRID_SCORE else None


def profile(
    mask: bytes, width: int, height: int, coefficients: list[float], across: bool
) -> list[int]:
    """Dark samples per line of the lattice search across the candidate (in its grid units
    LATTICE_SPAN), columns (`across` False) or rows, each LATTICE_BINS by PROFILE_SAMPLES."""
    a, b, c, d, e, f, g, h = coefficients
    low, high = LATTICE_SPAN
    step = (high - low) / LATTICE_BINS
    along = [low + (j + 0.5) * (high - low) / PROFILE_SAMPLES for j in range(PROFILE_SAMPLES)]
    counts = []
    for i in range(LATTICE_BINS):
        at = low + (i + 0.5) * step
        hits = 0
        for other in along:
            u, v = (other, at) if across else (at, other)
            w = g * u + h * v + 1
            x, y = int((a * u + b * v + c) / w + 0.5), int((d * u + e * v + f) / w + 0.5)
            if 0 <= x < width and 0 <= y < height:
                hits += mask[y * width + x]
        counts.append(hits)
    # a line a little slanted or bent in these units still falls in one of three bins
    return [max(counts[max(0, i - 1):i + 2]) for i in range(LATTICE_BINS)]


def best_lattice(counts: list[int]) -> tuple[float, float]:
    """The first line and the spacing, in bins, of the 10 evenly spaced lines that stand
    out most from the middle of the cells either side."""
    n = len(counts)
    best: float = -n
    found: tuple[float, float] = (0.0, n / 9)
    spacing = MIN_LATTICE * n / (LATTICE_SPAN[1] - LATTICE_SPAN[0])  # bins per cell
    while 9 * spacing < n:
        half = spacing / 2
        for start in range(int(n - 9 * spacing)):
            # each line against the cells beside it: blank paper beside the grid gains
            # nothing; the strongest box line and cell line are left out (the paper's
            # edge or a frame may be one), so box lines may be all that is seen
            stand = [counts[round(at)] - (counts[max(0, round(at - half))]
                                          + counts[min(n - 1, round(at + half))]) / 2
                     for at in (start + k * spacing for k in range(10))]
            boxes = sorted(stand[0::3])
            cells = sorted(stand[1:3] + stand[4:6] + stand[7:9])
            score = sum(boxes[:3]) + sum(cells[:5])
            if score > best:
                best, found = score, (start, spacing)
        spacing += 0.5
    return found


def inner_lattice(
    dark: bytes, width: int, height: int, corners: list[Point]
) -> list[Point] | None:
    """The corners of the 9x9 lattice of lines found inside a quadrilateral (a frame around
    the grid, the paper's edge), refined on its border lines; None when it is the
    quadrilateral itself (its own corners are better) or cannot be mapped."""
    coefficients = homography(UNIT_SQUARE, corners)
    if coefficients is None:
        return None
    low, high = LATTICE_SPAN
    scale = (high - low) / LATTICE_BINS
    ends = []
    for across in (False, True):
        start, spacing = best_lattice(profile(dark, width, height, coefficients, across))
        ends.append((low + (start + 0.5) * scale, low + (start + 9 * spacing + 0.5) * scale))
    (u0, u1), (v0, v1) = ends
    if max(abs(u0), abs(v0), abs(u1 - 9), abs(v1 - 9)) < SAME_LATTICE:
        return None
    a, b, c, d, e, f, g, h = coefficients
    rough: list[Point] = []
    for u, v in ((u0, v0), (u1, v0), (u1, v1), (u0, v1)):
        w = g * u + h * v + 1
        rough.append(((a * u + b * v + c) / w, (d * u + e * v + f) / w))
    cell = sum(math.dist(rough[i], rough[i - 1]) for i in range(4)) / 36
    return refine_corners(dark, rough, width, height, cell * LATTICE_REACH)


def is_plausible(corners: list[Point], least: float) -> bool:
    """Whether four corners (clockwise) can be a photographed square: convex, each side at
    least `least` long, opposite sides within a factor of two."""
    sides = []
    for i in range(4):
        (x0, y0), (x1, y1), (x2, y2) = corners[i], corners[(i + 1) % 4], corners[(i + 2) % 4]
        if (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1) <= 0:
            return False  # not a clockwise turn (y down): folded or concave
        sides.append(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    if min(sides) < least:
        return False
    return all(max(sides[i], sides[i + 2]) <= 2 * min(sides[i], sides[i + 2]) for i in (0, 1))


def rough_corners(part: Component) -> list[Point]:
    """Top-left, top-right, bottom-right, bottom-left: the component's extreme points along
    the two diagonals."""
    ends = [(x, y) for y, start, end in part.runs for x in (start, end - 1)]
    return [
        min(ends, key=lambda p: p[0] + p[1]),
        max(ends, key=lambda p: p[0] - p[1]),
        max(ends, key=lambda p: p[0] + p[1]),
        min(ends, key=lambda p: p[0] - p[1]),
    ]


def border_points(
    mask: bytes | bytearray, width: int, height: int, a: Point, b: Point, reach: float
) -> list[Point]:
    """Where the grid's outer line is met coming from outside, at points along side a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    nx, ny = dy / length, -dx / length  # outward for corners listed clockwise
    found = []
    for k in range(1, BORDER_SAMPLES):
        t = k / BORDER_SAMPLES
        px, py = a[0] + t * dx, a[1] + t * dy
        for step in range(int(reach), -int(reach) - 1, -1):
            x, y = int(px + step * nx + 0.5), int(py + step * ny + 0.5)
            if 0 <= x < width and 0 <= y < height and mask[y * width + x]:
                found.append((px + step * nx, py + step * ny))
                break
    return found


def fit_line(points: list[Point]) -> Line | None:
    """The line a x + b y = c (a^2 + b^2 = 1) nearest the points (total least squares),
    after dropping the worst third of outliers once."""
    if len(points) < 4:
        return None
    line = principal_line(points)
    distances = sorted((abs(line[0] * x + line[1] * y - line[2]), (x, y)) for x, y in points)
    kept = [p for _, p in distances[:max(4, len(points) * 2 // 3)]]
    return principal_line(kept)


def principal_line(points: list[Point]) -> Line:
    """The line a x + b y = c (a^2 + b^2 = 1) along the points' largest spread, through
    their mean: the total least squares fit."""
    n = len(points)
    mx = sum(p[0] for p in points) / n
    my = sum(p[1] for p in points) / n
    sxx = sum((p[0] - mx) ** 2 for p in points)
    syy = sum((p[1] - my) ** 2 for p in points)
    sxy = sum((p[0] - mx) * (p[1] - my) for p in points)
    # direction of largest spread; the normal is perpendicular to it
    half = 0.5 * ((sxx - syy) ** 2 + 4 * sxy * sxy) ** 0.5
    big = 0.5 * (sxx + syy) + half
    dx, dy = (sxy, big - sxx) if abs(sxy) > 1e-9 else ((1.0, 0.0) if sxx >= syy else (0.0, 1.0))
    norm = (dx * dx + dy * dy) ** 0.5
    a, b = -dy / norm, dx / norm
    return a, b, a * mx + b * my


def meet(first: Line, second: Line) -> Point | None:
    """Where two lines cross; None when they are (nearly) parallel."""
    a1, b1, c1 = first
    a2, b2, c2 = second
    det = a1 * b2 - a2 * b1
    if abs(det) < 1e-6:
        return None
    return ((c1 * b2 - c2 * b1) / det, (a1 * c2 - a2 * c1) / det)


def refine_corners(mask: bytes | bytearray, corners: list[Point], width: int, height: int,
                   reach: float) -> list[Point]:
    """Corners as the meeting points of lines fitted to each side's outer border, looked
    for within `reach` pixels of the side, which holds when a corner of the printed grid is
    rounded, broken or slightly cut off."""
    lines = [fit_line(border_points(mask, width, height, corners[i], corners[(i + 1) % 4], reach))
             for i in range(4)]
    refined = []
    for i in range(4):
        before, after = lines[i - 1], lines[i]
        point = meet(before, after) if before and after else None
        x, y = corners[i]
        if point is None or not abs(point[0] - x) + abs(point[1] - y) < 4 * reach:
            point = corners[i]  # no line met, or far off: the corner stays
        refined.append(point)
    return refined


def solve_linear(
    matrix: Sequence[Sequence[float]], values: Sequence[float]
) -> list[float] | None:
    """x with matrix x = values (Gaussian elimination with partial pivoting), or None."""
    n = len(values)
    rows = [list(matrix[i]) + [values[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [v - factor * p for v, p in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def homography(source: Sequence[Point], target: Sequence[Point]) -> list[float] | None:
    """The 8 coefficients (a..h) mapping each source point (u, v) to its target (x, y) by
    x = (a u + b v + c) / (g u + h v + 1), y = (d u + e v + f) / (g u + h v + 1)."""
    matrix: list[list[float]] = []
    values: list[float] = []
    for (u, v), (x, y) in zip(source, target, strict=True):
        matrix.append([u, v, 1, 0, 0, 0, -u * x, -v * x])
        values.append(x)
        matrix.append([0, 0, 0, u, v, 1, -u * y, -v * y])
        values.append(y)
    return solve_linear(matrix, values)
