"""The search state's layout: the candidate cube as one int, and its masks per geometry.

Bit `d * N + cell` (N = n*n cells, d = digit - 1) is set while digit d+1 is still possible
in that cell, so digit d's plane is one N-bit board. One int holds the whole state, which
makes a search node free to keep (ints are immutable) and lets one C-level operation act on
every cell and digit at once. The masks here are built once per geometry, never changed.
"""

from ..model.geometry import Geometry

# geometry -> its Cube; a memo filled on first use.
_CUBES: dict = {}


def repeat(stride: int, count: int) -> int:
    """`count` set bits `stride` apart: multiplying a line's first bit by it fills the line."""
    return sum(1 << (k * stride) for k in range(count))


class Cube:
    """Masks of the candidate cube for one geometry.

    A line is a row, column, box or cell seen along one axis; its "base" is its first bit.
    """

    def __init__(self, geometry: Geometry):
        n = geometry.size
        cells = geometry.cell_count
        self.size = n
        self.cells = cells
        self.box_rows = geometry.box_rows
        self.box_cols = geometry.box_cols
        self.full = (1 << (n * cells)) - 1
        self.plane = (1 << cells) - 1  # every cell of plane 0: the cell axis' bases
        self.spread_digits = repeat(cells, n)
        self.spread_row = repeat(1, n)
        self.spread_col = repeat(n, n)
        self.spread_box = sum(
            1 << (r * n + c) for r in range(geometry.box_rows) for c in range(geometry.box_cols)
        )
        starts = [unit[0] for unit in geometry.units]
        self.row_bases = self.spread_digits * sum(1 << s for s in starts[:n])
        self.col_bases = self.spread_digits * sum(1 << s for s in starts[n:2 * n])
        self.box_bases = self.spread_digits * sum(1 << s for s in starts[2 * n:])
        br, bc = geometry.box_rows, geometry.box_cols
        every = range(cells)
        self.row_segment_bases = self.spread_digits * sum(1 << i for i in every if i % bc == 0)
        self.col_segment_bases = self.spread_digits * sum(
            1 << i for i in every if (i // n) % br == 0
        )
        # Placing digit d in a cell clears the cell's other digits and d from its peers.
        self.cell_digits = tuple(self.spread_digits << cell for cell in range(cells))
        self.peers = tuple(sum(1 << p for p in ps) for ps in geometry.peers)
        # Per digit plane: b"0" -> 0, b"1" -> the digit, to read a decided cube as bytes.
        self.digit_bytes = tuple(bytes.maketrans(b"01", bytes((0, d + 1))) for d in range(n))


def cube_of(geometry: Geometry) -> Cube:
    """The shared cube masks of a geometry, built on first use."""
    found = _CUBES.get(geometry)
    if found is None:
        found = _CUBES[geometry] = Cube(geometry)
    return found


def digits(c: Cube, x: int) -> tuple[int, ...]:
    """The grid of a fully decided cube, as digits row by row."""
    # Done by the bytes machinery in C rather than a loop per cell (3x faster at 9x9): the
    # cube's bits as b"0"/b"1" (cube bit k at index k), each plane translated to one byte
    # per cell (its digit there, else 0), the planes summed as ints (no byte overflows, as
    # each cell has one digit), the sum's bytes read back.
    cells = c.cells
    bits = format(x, f"0{c.size * cells}b")[::-1].encode()
    total = 0
    for digit, table in enumerate(c.digit_bytes):
        plane = bits[digit * cells:(digit + 1) * cells]
        total += int.from_bytes(plane.translate(table), "little")
    return tuple(total.to_bytes(cells, "little"))
