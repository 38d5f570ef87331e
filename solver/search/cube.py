"""The search state's layout: the candidate cube as one int, and its masks per geometry.

Bit `d * N + cell` (N = n*n cells, d = digit - 1) is set while digit d+1 is still possible
in that cell, so digit d's plane is one N-bit board. One int holds the whole state, which
makes a search node free to keep (ints are immutable) and lets one C-level operation act on
every cell and digit at once. The masks here are built once per geometry, never changed.
"""

from ..model.geometry import Geometry
from .bits import counters

# geometry -> its Cube; a memo filled on first use.
_CUBES: "dict[Geometry, Cube]" = {}


def repeat(stride: int, count: int) -> int:
    """`count` set bits `stride` apart: multiplying a line's first bit by it fills the line."""
    return sum(1 << (k * stride) for k in range(count))


class Cube:
    """Masks of the candidate cube for one geometry, and its bit counters (bits.counters).

    A line is a row, column, box or cell seen along one axis; its "base" is its first bit.
    """

    def __init__(self, geometry: Geometry) -> None:
        n = geometry.size
        cells = geometry.cell_count
        self.size = n
        self.cells = cells
        self.box_rows = geometry.box_rows
        self.box_cols = geometry.box_cols
        self.full = (1 << (n * cells)) - 1
        self.bit_count, self.highest_bit = counters(n * cells)
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
        self.peers = peer_bits(geometry)
        # A plane's cells as b"0" bytes, read as one int: taken from a plane read the same
        # way, it leaves a byte 1 where the plane's digit is, else 0.
        self.zeros = int.from_bytes(b"0" * cells, "big")


def peer_bits(geometry: Geometry) -> tuple[int, ...]:
    """Each cell's peers (geometry.peers) as one int, bit p for peer p."""
    # Made from one mask per unit, or'ed per cell, and the pairs a rule keeps apart: a few
    # hundred operations where a shift and an add per peer (3,240 at 9x9) took MicroPython
    # 6-30 ms of the page's first 9x9 Solve.
    units = [sum(1 << cell for cell in unit) for unit in geometry.units]
    peers = []
    for cell, own in enumerate(geometry.cell_units):
        mask = 0
        for unit in own:
            mask |= units[unit]
        peers.append(mask ^ 1 << cell)  # its units hold the cell itself
    for a, b, _ in geometry.sees:
        peers[a] |= 1 << b
        peers[b] |= 1 << a
    return tuple(peers)


def cube_of(geometry: Geometry) -> Cube:
    """The shared cube masks of a geometry, built on first use (a variant's, whose
    geometries are many, built anew: the engine keeps them with its own bounded memo)."""
    if geometry.rules is not None:
        return Cube(geometry)
    found = _CUBES.get(geometry)
    if found is None:
        found = _CUBES[geometry] = Cube(geometry)
    return found


def digits(c: Cube, x: int) -> tuple[int, ...]:
    """The grid of a fully decided cube, as digits row by row."""
    # Done by the int and bytes machinery in C rather than a loop per cell (3x faster at
    # 9x9), with what MicroPython has too: the cube's bits as text, highest first (a sentinel
    # bit above keeps the leading zeros), each plane's slice read as one big-endian int so
    # that cell k is byte k from the low end, b"0" or b"1"; the planes weighted by their
    # digit and summed (one digit per cell: no byte of the sum passes 25), the sum's bytes
    # read back.
    cells, n = c.cells, c.size
    bits = bin(x | 1 << (n * cells))[3:].encode()
    total = 0
    for digit in range(1, n + 1):
        start = (n - digit) * cells
        total += digit * (int.from_bytes(bits[start:start + cells], "big") - c.zeros)
    return tuple(total.to_bytes(cells, "little"))
