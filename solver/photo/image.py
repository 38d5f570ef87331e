"""Grey images as flat bytes, row by row: downscaling, an adaptive threshold, and the
connected components of the dark pixels found from their runs (pure Python: the loops that
touch every pixel go through `map` and `re`, which run in C)."""

import re
from itertools import accumulate, repeat
from operator import add, itemgetter, lt, mul, sub

DARK_RUN = re.compile(b"\x01+")


def downscale(pixels: bytes, width: int, height: int, factor: int) -> tuple[bytes, int, int]:
    """The image shrunk by a whole `factor`, each pixel the mean of a factor x factor block."""
    if factor <= 1:
        return bytes(pixels), width, height
    w, h, area = width // factor, height // factor, factor * factor
    span = w * factor
    out = bytearray()
    for y in range(h):
        top = y * factor * width
        rows = [pixels[top + k * width: top + k * width + span] for k in range(factor)]
        column_sums: bytes | list[int] = rows[0]
        for row in rows[1:]:
            column_sums = list(map(add, column_sums, row))
        block_sums: bytes | list[int] = column_sums[0::factor]
        for k in range(1, factor):
            block_sums = list(map(add, block_sums, column_sums[k::factor]))
        out += bytes(total // area for total in block_sums)
    return bytes(out), w, h


def window_bounds(length: int, radius: int) -> tuple[list[int], list[int], list[int]]:
    """For each position: the window's end and start in a prefix-sum list, and its length."""
    ends = [min(i + radius + 1, length) for i in range(length)]
    starts = [max(i - radius, 0) for i in range(length)]
    return ends, starts, list(map(sub, ends, starts))


def box_sums(pixels: bytes, width: int, height: int, radius: int) -> list[list[int]]:
    """Per pixel, the sum of the (2 radius + 1)^2 window around it, clipped at the edges."""
    ends, starts, _ = window_bounds(width, radius)
    horizontal = []
    for y in range(height):
        prefix = [0, *accumulate(pixels[y * width:(y + 1) * width])]
        horizontal.append(list(map(sub, map(prefix.__getitem__, ends),
                                   map(prefix.__getitem__, starts))))
    column_prefix = [[0] * width, *accumulate(horizontal, lambda a, b: list(map(add, a, b)))]
    v_ends, v_starts, _ = window_bounds(height, radius)
    return [list(map(sub, column_prefix[v_ends[y]], column_prefix[v_starts[y]]))
            for y in range(height)]


def adaptive_threshold(pixels: bytes, width: int, height: int, radius: int,
                       offset: int) -> list[bytes]:
    """Rows of 0/1 bytes: 1 where a pixel is darker than its window's mean by over `offset`
    (a local mean copes with shadows and uneven light that one global level cannot)."""
    sums = box_sums(pixels, width, height, radius)
    _, _, widths = window_bounds(width, radius)
    _, _, heights = window_bounds(height, radius)
    rows = []
    for y in range(height):
        counts = [w * heights[y] for w in widths]
        row = pixels[y * width:(y + 1) * width]
        # pixel < mean - offset  <=>  (pixel + offset) * count < sum
        scaled = map(mul, map(add, row, repeat(offset)), counts)
        rows.append(bytes(map(lt, scaled, sums[y])))
    return rows


class Component:
    """A connected set of dark pixels, kept as its runs (y, x_start, x_end exclusive)."""

    def __init__(self, runs: list[tuple[int, int, int]]) -> None:
        self.runs = runs
        self.pixels = sum(end - start for _, start, end in runs)
        self.top: int = min(map(itemgetter(0), runs))
        self.bottom: int = max(map(itemgetter(0), runs)) + 1
        self.left: int = min(map(itemgetter(1), runs))
        self.right: int = max(map(itemgetter(2), runs))

    @property
    def width(self) -> int:
        """Its bounding box's width in pixels."""
        return self.right - self.left

    @property
    def height(self) -> int:
        """Its bounding box's height in pixels."""
        return self.bottom - self.top


def find_root(parent: list[int], i: int) -> int:
    """The root of run `i` in the union-find forest `parent`, halving its path on the way."""
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


def link_rows(
    parent: list[int], above: list[tuple[int, int, int]], below: list[tuple[int, int, int]]
) -> None:
    """Join each run of `below` to the runs of `above` it touches (diagonals included)."""
    i = 0
    for index, start, end in below:
        while i < len(above) and above[i][2] < start:
            i += 1
        j = i
        while j < len(above) and above[j][1] <= end:
            a, b = find_root(parent, above[j][0]), find_root(parent, index)
            if a != b:
                parent[a] = b
            j += 1


def components(rows: list[bytes]) -> list[Component]:
    """The 8-connected components of the 1 pixels of `rows` (from adaptive_threshold)."""
    runs: list[tuple[int, int, int]] = []
    parent: list[int] = []
    previous: list[tuple[int, int, int]] = []
    for y, row in enumerate(rows):
        current = []
        for match in DARK_RUN.finditer(row):
            index = len(runs)
            runs.append((y, match.start(), match.end()))
            parent.append(index)
            # (index, start, end), with end inclusive of the diagonal neighbour
            current.append((index, match.start(), match.end()))
        link_rows(parent, previous, current)
        previous = current
    groups: dict[int, list[tuple[int, int, int]]] = {}
    for index, run in enumerate(runs):
        groups.setdefault(find_root(parent, index), []).append(run)
    return [Component(group) for group in groups.values()]


def mask_of(component: Component, width: int, height: int) -> bytearray:
    """A width x height 0/1 mask of the component's pixels."""
    mask = bytearray(width * height)
    for y, start, end in component.runs:
        mask[y * width + start:y * width + end] = b"\x01" * (end - start)
    return mask
