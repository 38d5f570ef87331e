"""The cells of a found grid: each cell sampled through the perspective map, the test of
whether it holds a digit, and the digit's glyph cut out and scaled to the classifier's
input (GLYPH x GLYPH values in 0..1, ink = 1)."""

PATCH = 20  # samples per cell side for the emptiness test
MARGIN = 3  # patch samples at each edge left out: the grid lines live there
GLYPH = 16  # the classifier's input side
GLYPH_FILL = 14  # the glyph's longer side in the input, centred
MIN_HEIGHT = 0.3  # a digit is at least this share of a cell tall
MIN_CONTRAST = 10  # grey levels between paper and ink below which a cell is empty
BLOB_CONTRAST = 9  # grey levels from which a cell's blob is looked for (the glyphs trained on)
NOISE_SHARE = 0.3  # the cell whose contrast is the photo's noise on paper (most are empty)
NOISE_MARGIN = 2  # a digit's contrast is at least this many times that noise
MIN_BLOB = 3  # dark samples in a blob that may be part of a digit
MIN_PIXELS = 6  # dark samples in a digit
LINE_WIDTH = 2  # samples across a grid line's remains
LINE_SPAN = 0.9  # a blob along an edge spanning this share of it is a line, not a digit
RELATIVE_CONTRAST = 0.4  # a digit's contrast is at least this share of the photo's
TYPICAL_SHARE = 0.85  # the cell whose contrast is the photo's typical (digits are 20-45%)
INK_LEVEL = 0.4  # the share of the way from paper to ink where ink starts

Box = tuple[int, int, int, int]  # (x0, y0, x1, y1) in patch samples, x1 and y1 exclusive


class Sampler:
    """Grey values of the photo at grid coordinates (u, v), 0..n along a side."""

    def __init__(
        self, pixels: bytes, width: int, height: int, coefficients: list[float]
    ) -> None:
        self.pixels, self.width, self.height = pixels, width, height
        self.h = coefficients

    def point(self, u: float, v: float) -> tuple[float, float]:
        """The photo point (x, y) at grid coordinates (u, v)."""
        a, b, c, d, e, f, g, h = self.h
        w = g * u + h * v + 1
        return (a * u + b * v + c) / w, (d * u + e * v + f) / w

    def row(self, us: list[float], v: float) -> list[int]:
        """Grey values along the points (u, v) for every u of `us` (nearest pixel)."""
        a, b, c, d, e, f, g, h = self.h
        width, last_x, last_y = self.width, self.width - 1, self.height - 1
        pixels = self.pixels
        bv, ev, hv = b * v + c, e * v + f, h * v + 1
        out = []
        for u in us:
            w = g * u + hv
            x = int((a * u + bv) / w + 0.5)
            y = int((d * u + ev) / w + 0.5)
            x = 0 if x < 0 else (last_x if x > last_x else x)
            y = 0 if y < 0 else (last_y if y > last_y else y)
            out.append(pixels[y * width + x])
        return out

    def patch(self, left: float, top: float, size: float, samples: int) -> list[list[int]]:
        """samples x samples grey values covering the square at (left, top) of side size."""
        step = size / samples
        us = [left + (i + 0.5) * step for i in range(samples)]
        return [self.row(us, top + (j + 0.5) * step) for j in range(samples)]

    def darkest_patch(self, left: float, top: float, size: float, samples: int,
                      sub: int) -> list[list[int]]:
        """Like `patch`, each value the darkest of sub x sub points around it: a stroke
        thinner than the spacing of the samples (a thin 1 in a big photo) is not missed."""
        fine = self.patch(left, top, size, samples * sub)
        out = []
        for j in range(samples):
            band = fine[j * sub:(j + 1) * sub]
            out.append([min(min(row[i * sub:(i + 1) * sub]) for row in band)
                        for i in range(samples)])
        return out

    def cell_pixels(self) -> float:
        """A cell's mean side in photo pixels (the grid's four sides over 9)."""
        corners = [self.point(u, v) for u, v in ((0, 0), (9, 0), (9, 9), (0, 9))]
        sides: list[float] = [((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
                 for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True)]
        return sum(sides) / 36


def least_contrast(inks: list["Ink"]) -> float:
    """The contrast a cell's ink needs in this photo to be a digit: a share of its clear
    digits' (a high percentile over its cells), well above its empty cells' noise (a low
    one), and at least MIN_CONTRAST."""
    contrasts = [ink.contrast for ink in inks]
    return max(MIN_CONTRAST, RELATIVE_CONTRAST * percentile(contrasts, TYPICAL_SHARE),
               NOISE_MARGIN * percentile(contrasts, NOISE_SHARE))


def percentile(values: list[int], share: float) -> int:
    """The value `share` of the way up the sorted values (0: the least)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Ink:
    """The largest dark blob inside a cell's patch, in patch samples, or nothing."""

    def __init__(self, patch: list[list[int]]) -> None:
        flat = [v for row in patch for v in row]
        self.paper = percentile(flat, 0.6)
        inner = [v for row in patch[MARGIN:PATCH - MARGIN] for v in row[MARGIN:PATCH - MARGIN]]
        self.ink = min(inner)
        self.contrast = self.paper - self.ink
        self.box: Box | None = None
        self.pixels = 0
        if self.contrast >= BLOB_CONTRAST:
            self.find(patch, self.paper - INK_LEVEL * self.contrast)

    def find(self, patch: list[list[int]], level: float) -> None:
        """Set `box` and `pixels` from the largest blob darker than `level` (with the parts
        overlapping it sideways) that is no grid line's remains; unset if none."""
        dark: set[tuple[int, int]] = set()
        for y in range(MARGIN, PATCH - MARGIN):
            row = patch[y]
            dark.update((x, y) for x in range(MARGIN, PATCH - MARGIN) if row[x] < level)
        blobs = [b for b in blobs_of(dark) if len(b[1]) >= MIN_BLOB and not is_line_end(b[0])]
        if not blobs:
            return
        main_box, main = max(blobs, key=lambda b: len(b[1]))
        box, self.pixels = main_box, len(main)
        for other_box, other in blobs:
            # a digit broken in parts (a 7's bar and stem) overlaps its main part sideways
            if other is not main and other_box[0] < main_box[2] and main_box[0] < other_box[2]:
                box = (min(box[0], other_box[0]), min(box[1], other_box[1]),
                       max(box[2], other_box[2]), max(box[3], other_box[3]))
                self.pixels += len(other)
        self.box = box

    def strength(self, least: float) -> float:
        """How much this looks like a digit: about 1 at the emptiness boundary, higher for
        clear digits, 0 for nothing at all. `least`: the contrast a digit needs in this
        photo (least_contrast: noise on paper is weak next to the print of the same photo)."""
        if not self.box:
            return 0.0
        height = (self.box[3] - self.box[1]) / PATCH
        return min(self.contrast / least, height / MIN_HEIGHT, self.pixels / MIN_PIXELS)


def blobs_of(dark: set[tuple[int, int]]) -> list[tuple[Box, list[tuple[int, int]]]]:
    """The 8-connected blobs of a set of (x, y), each as (box, points); `dark` is emptied."""
    found = []
    while dark:
        start = dark.pop()
        blob, todo = [start], [start]
        while todo:
            x, y = todo.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1),
                      (x + 1, y + 1), (x - 1, y - 1), (x + 1, y - 1), (x - 1, y + 1)):
                if n in dark:
                    dark.discard(n)
                    blob.append(n)
                    todo.append(n)
        xs, ys = [p[0] for p in blob], [p[1] for p in blob]
        found.append(((min(xs), min(ys), max(xs) + 1, max(ys) + 1), blob))
    return found


def is_line_end(box: Box) -> bool:
    """A blob along the edge of the inner region that is thin, or spans that whole edge:
    what is left of a grid line (a thick border line when the corners are a little off)."""
    x0, y0, x1, y1 = box
    low, high = MARGIN, PATCH - MARGIN
    span = LINE_SPAN * (high - low)
    return ((x0 == low or x1 == high) and (x1 - x0 <= LINE_WIDTH or y1 - y0 >= span)) or (
        (y0 == low or y1 == high) and (y1 - y0 <= LINE_WIDTH or x1 - x0 >= span))


def glyph(sampler: Sampler, col: int, row: int, ink: Ink) -> list[float]:
    """The digit of a cell as GLYPH x GLYPH values in 0..1 (ink 1), its box scaled to
    GLYPH_FILL on its longer side and centred, sampled 2x2 per value from the photo."""
    if ink.box is None:
        raise ValueError("a glyph needs a cell with ink (ink.box)")
    x0, y0, x1, y1 = ink.box
    unit = 1 / PATCH
    left, top = col + (x0 - 0.5) * unit, row + (y0 - 0.5) * unit
    w, h = (x1 - x0 + 1) * unit, (y1 - y0 + 1) * unit
    scale = max(w, h) / GLYPH_FILL  # grid units per glyph value
    left -= (GLYPH * scale - w) / 2
    top -= (GLYPH * scale - h) / 2
    sub = GLYPH * 2
    values = sampler.patch(left, top, GLYPH * scale, sub)
    span = max(ink.contrast, 1)
    out = []
    for j in range(GLYPH):
        upper, lower = values[2 * j], values[2 * j + 1]
        for i in range(GLYPH):
            total = upper[2 * i] + upper[2 * i + 1] + lower[2 * i] + lower[2 * i + 1]
            level = (ink.paper - total / 4) / span
            out.append(0.0 if level < 0 else (1.0 if level > 1 else level))
    return out
