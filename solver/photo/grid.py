"""Finding the grid in a thresholded image: the largest sparse, roughly square component,
its four corners, refined on the border lines, and the perspective map (homography) from
grid units to image pixels."""

from .image import Component, components, mask_of

MIN_GRID_SHARE = 0.3  # the grid's box spans at least this share of the image's short side
MAX_FILL = 0.45  # a grid is lines: at most this share of its box is dark
BORDER_SAMPLES = 24  # points per side where the border line is looked for
MAX_CANDIDATES = 4  # the largest components tried as the grid
LINE_SAMPLES = 18  # points per inner line checked for ink
GOOD_LINE_SHARE = 0.6  # share of those points a clear grid has ink at
MIN_LINE_SHARE = 0.4  # and a faint one, at least
UNIT_SQUARE = [(0, 0), (9, 0), (9, 9), (0, 9)]


def grid_candidates(found: list[Component], width: int, height: int) -> list[Component]:
    """Components that may be the grid, largest box first: sparse, roughly square, and big
    enough to be read."""
    least = MIN_GRID_SHARE * min(width, height)
    kept = [part for part in found
            if part.width >= least and part.height >= least
            and 0.5 < part.width / part.height < 2
            and part.pixels <= MAX_FILL * part.width * part.height]
    return sorted(kept, key=lambda part: -part.width * part.height)[:MAX_CANDIDATES]


def line_share(mask: bytes, width: int, height: int, coefficients: list) -> float:
    """The share of points on the grid's 16 inner lines (through the map from grid units)
    that have ink within a pixel: near 1 for a grid, low for a frame around it."""
    a, b, c, d, e, f, g, h = coefficients
    hits = total = 0
    for k in range(1, 9):
        for t in range(LINE_SAMPLES):
            along = (t + 0.5) * 9 / LINE_SAMPLES
            for u, v in ((k, along), (along, k)):
                w = g * u + h * v + 1
                x, y = int((a * u + b * v + c) / w + 0.5), int((d * u + e * v + f) / w + 0.5)
                total += 1
                if 1 <= x < width - 1 and 1 <= y < height - 1:
                    at = y * width + x
                    hits += any(mask[at - 1:at + 2]) or any(
                        mask[at - width - 1:at - width + 2]) or any(
                        mask[at + width - 1:at + width + 2])
    return hits / total


def locate_grid(dark: bytes, width: int, height: int) -> list | None:
    """The corners (clockwise from top left) of the largest candidate component of the dark
    pixels (a width x height 0/1 mask) with ink where a 9x9 grid has its inner lines (a
    frame around the grid has none there); failing that, the best of the weaker; or None."""
    rows = [dark[y * width:(y + 1) * width] for y in range(height)]
    best, best_share = None, MIN_LINE_SHARE
    for part in grid_candidates(components(rows), width, height):
        mask = mask_of(part, width, height)
        corners = refine_corners(part, mask, rough_corners(part), width, height)
        if not is_plausible(corners, MIN_GRID_SHARE * min(width, height)):
            continue
        coefficients = homography(UNIT_SQUARE, corners)
        share = line_share(dark, width, height, coefficients) if coefficients else 0
        if share >= GOOD_LINE_SHARE:
            return corners
        if share > best_share:
            best, best_share = corners, share
    return best


def is_plausible(corners: list, least: float) -> bool:
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


def rough_corners(part: Component) -> list[tuple[float, float]]:
    """Top-left, top-right, bottom-right, bottom-left: the component's extreme points along
    the two diagonals."""
    ends = [(x, y) for y, start, end in part.runs for x in (start, end - 1)]
    return [
        min(ends, key=lambda p: p[0] + p[1]),
        max(ends, key=lambda p: p[0] - p[1]),
        max(ends, key=lambda p: p[0] + p[1]),
        min(ends, key=lambda p: p[0] - p[1]),
    ]


def border_points(mask: bytearray, width: int, height: int, a, b, reach: float) -> list:
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


def fit_line(points: list) -> tuple[float, float, float] | None:
    """The line a x + b y = c (a^2 + b^2 = 1) nearest the points (total least squares),
    after dropping the worst third of outliers once."""
    if len(points) < 4:
        return None
    line = principal_line(points)
    distances = sorted((abs(line[0] * x + line[1] * y - line[2]), (x, y)) for x, y in points)
    kept = [p for _, p in distances[:max(4, len(points) * 2 // 3)]]
    return principal_line(kept)


def principal_line(points: list) -> tuple[float, float, float]:
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


def meet(first, second):
    a1, b1, c1 = first
    a2, b2, c2 = second
    det = a1 * b2 - a2 * b1
    if abs(det) < 1e-6:
        return None
    return ((c1 * b2 - c2 * b1) / det, (a1 * c2 - a2 * c1) / det)


def refine_corners(part: Component, mask: bytearray, corners: list, width: int,
                   height: int) -> list:
    """Corners as the meeting points of lines fitted to each side's outer border, which
    holds when a corner of the printed grid is rounded, broken or slightly cut off."""
    reach = max(part.width, part.height) / 30
    lines = []
    for i in range(4):
        lines.append(fit_line(border_points(mask, width, height, corners[i],
                                            corners[(i + 1) % 4], reach)))
    refined = []
    for i in range(4):
        point = None
        if lines[i - 1] and lines[i]:
            point = meet(lines[i - 1], lines[i])
        near = point and abs(point[0] - corners[i][0]) + abs(point[1] - corners[i][1]) < 4 * reach
        refined.append(point if near else corners[i])
    return refined


def solve_linear(matrix: list, values: list) -> list | None:
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


def homography(source: list, target: list) -> list | None:
    """The 8 coefficients (a..h) mapping each source point (u, v) to its target (x, y) by
    x = (a u + b v + c) / (g u + h v + 1), y = (d u + e v + f) / (g u + h v + 1)."""
    matrix, values = [], []
    for (u, v), (x, y) in zip(source, target, strict=True):
        matrix.append([u, v, 1, 0, 0, 0, -u * x, -v * x])
        values.append(x)
        matrix.append([0, 0, 0, u, v, 1, -u * y, -v * y])
        values.append(y)
    return solve_linear(matrix, values)
