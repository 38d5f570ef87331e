"""Constraint propagation on the candidate cube (cube.py): placing digits, then naked and
hidden singles to a fixed point, then locked candidates, each test done for every line at once.

A state is `(x, placed)`: `x` the candidate cube, `placed` the cube bits already placed
(their digit removed from their peers). A contradiction is reported as None.

The settle function is written out once per geometry as straight-line Python, every shift
and mask a constant, and compiled: in CPython the interpreter's per-operation overhead, not
the C-level work on the ints, is the cost, and the unrolled code pays the least of it. The
folds it is made of and its compiling are in codegen.py; `python -m solver.search.codegen 9`
prints it.
"""

from .bits import NATIVE
from .codegen import compile_source, fold_code, highest_code
from .cube import Cube, repeat

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    # settle(x, placed, bits) -> (x, placed), or None on a contradiction.
    Settle = Callable[[int, int, int], tuple[int, int] | None]


def locked_code(c: Cube, row_segments: str | None = None) -> list[str]:
    """Statements setting `gone` to the candidates that locked candidates remove: a digit
    confined to one row (column) of a box leaves the rest of that row (column), and one
    confined to one box within a row (column) leaves the rest of that box.

    `a ^ b` stands for `a & ~b` wherever b lies within a (two or more within one or more; a
    segment within its line or box): one operation fewer. `row_segments`, when given, names
    the fold already made of each row segment (box_cols cells from each bit), reused."""
    n, br, bc = c.size, c.box_rows, c.box_cols
    code = []
    for name, seg_stride, seg_len, cross_stride, cross_len, band_stride, bases, line_spread in (
        ("h", 1, bc, n, br, bc, c.row_segment_bases, c.spread_row),
        ("v", n, br, 1, bc, br * n, c.col_segment_bases, c.spread_col),
    ):
        line_bases = c.row_bases if name == "h" else c.col_bases
        along = repeat(seg_stride, seg_len)  # a segment from its start
        across = repeat(cross_stride, cross_len)  # a box's segments from the first
        band = repeat(band_stride, n // seg_len)  # a line's segments from the first
        if name == "h" and row_segments:
            seg = row_segments
        else:
            code += fold_code(f"{name}s", "x", None, seg_stride, seg_len, levels=1)
            seg = f"{name}so"
        # Pointing: within a box, one segment holds the digit -> clear the rest of its line.
        code += fold_code(f"{name}p", seg, None, cross_stride, cross_len)
        code.append(
            f"{name}u = ((({name}po ^ {name}pt) & {c.box_bases:#x}) * {across:#x})"
            f" & {seg} & {bases:#x}"
        )
        # `u` is set only at segment starts, so the line is folded segment by segment.
        code += fold_code(f"{name}l", f"{name}u", None, band_stride, n // seg_len, levels=1)
        code.append(
            f"gone |= ((({name}lo & {line_bases:#x}) * {line_spread:#x}) ^ ({name}u * {along:#x}))"
        )
        # Claiming: within a line, one box holds the digit -> clear the rest of that box.
        code += fold_code(f"{name}c", seg, None, band_stride, n // seg_len)
        code.append(
            f"{name}k = ((({name}co ^ {name}ct) & {line_bases:#x}) * {band:#x})"
            f" & {seg} & {bases:#x}"
        )
        code += fold_code(f"{name}x", f"{name}k", None, cross_stride, cross_len, levels=1)
        box = f"(({name}xo & {c.box_bases:#x}) * {c.spread_box:#x})"
        code.append(f"gone |= {box} ^ ({name}k * {along:#x})")
    return ["gone = 0"] + code


# Up to this size every (cell, digit) gets its own precomputed keep-mask (16x16: 2 MB);
# above, the mask is made from two smaller tables at each placement.
KEEP_TABLE_MAX_SIZE = 16


def settle_source(c: Cube, native: bool = NATIVE) -> str:
    """Python source of `settle(x, placed, bits)` for one geometry (see build_settle), for
    an interpreter with int.bit_length or without (`native`: this one's; without, its KEEP
    is filled as placed: settle_namespace).

    Cheapest test first: after placing, naked singles (one axis); only when there are none,
    hidden singles in rows, then columns, then boxes; only at a fixed point of singles,
    locked candidates. Whatever a test finds is placed before the next test runs.
    """
    n, cells = c.size, c.cells
    # A bit placed that was already ruled out is not tested for here: placing it clears
    # its cell's other digits, which leaves the cell empty, and the naked-singles test that
    # always follows returns None for an empty cell.
    lines = [
        "def settle(x, placed, bits):",
        "    while True:",
        "        placed |= bits",
        "        while bits:",
    ]
    if n <= KEEP_TABLE_MAX_SIZE and native:
        lines += [
            "            i = " + highest_code("bits", native),
            "            x &= KEEP[i]",
            "            bits ^= BIT[i]",
        ]
    elif n <= KEEP_TABLE_MAX_SIZE:
        # MicroPython's KEEP starts empty (0s) and each entry is made when first placed: a
        # 9x9 search places 81-250 of the 729, and the whole table took its page's first
        # Solve ~10 ms of CPU (build_settle).
        lines += [
            "            i = " + highest_code("bits", native),
            "            kept = KEEP[i]",
            "            if not kept:",
            "                kept = KEEP[i] = KEEP_OF(i)",
            "            x &= kept",
            "            bits ^= BIT[i]",
        ]
    else:
        lines += [
            "            low = bits & -bits",
            "            bits ^= low",
            f"            digit, cell = divmod({highest_code('low', native)}, {cells})",
            f"            x ^= x & ((CELL_DIGITS[cell] ^ low) | PEERS[cell] << (digit * {cells}))",
        ]
    # Once every cell (line) has a candidate, its singles are where it has not two: the
    # complement within the bases, one operation fewer than `o & ~t`. `free`: the
    # candidates not placed yet (every placed bit is in x once no cell is empty), made once
    # per pass; a single found there is new. No `& ~b` anywhere: CPython's bitwise
    # operations on a negative int (~b) make a two's-complement copy of it first.
    then_place = ["if bits:", "    continue"]
    body = fold_code("d", "x", None, cells, n)
    body += [
        f"if do & {c.plane:#x} != {c.plane:#x}:",
        "    return None",
        "free = x ^ placed",
        f"bits = (((dt & {c.plane:#x}) ^ {c.plane:#x}) * {c.spread_digits:#x}) & free",
    ] + then_place
    boxes = fold_code("s", "x", None, 1, c.box_cols) + fold_code("b", "so", "st", n, c.box_rows)
    for name, code, bases, spread in (
        ("r", fold_code("r", "x", None, 1, n), c.row_bases, c.spread_row),
        ("c", fold_code("c", "x", None, n, n), c.col_bases, c.spread_col),
        ("b", boxes, c.box_bases, c.spread_box),
    ):
        body += code
        body += [
            f"if {name}o & {bases:#x} != {bases:#x}:",
            "    return None",
            f"bits = ((({name}t & {bases:#x}) ^ {bases:#x}) * {spread:#x}) & free",
        ] + then_place
    body += locked_code(c, row_segments="so")  # the box test's first stage, on this same x
    body += ["gone &= x", "if not gone:", "    return x, placed", "x ^= gone"]
    lines += ["        " + line for line in body]
    return "\n".join(lines) + "\n"


def build_settle(c: Cube) -> "Settle":
    """The compiled `settle(x, placed, bits)` of a geometry: place the cube bits `bits`, then
    singles and locked candidates until none is left; (x, placed), or None on a
    contradiction (a bit already ruled out, or a cell or line with no candidate)."""
    settle: Settle = compile_source("settle", c.size, lambda: settle_source(c),
                                    settle_namespace(c))
    return settle


# Any: the tables, functions and the cube's counters, by name.
def settle_namespace(c: Cube, native: bool = NATIVE) -> "dict[str, Any]":
    """The globals the settle of settle_source(c, native) reads."""
    namespace = {"CELL_DIGITS": c.cell_digits, "PEERS": c.peers, "HIGHEST": c.highest_bit}
    if c.size <= KEEP_TABLE_MAX_SIZE:
        bits = c.size * c.cells
        keep = keep_of(c)
        namespace["BIT"] = [1 << i for i in range(bits)]
        # whole where int.bit_length is (CPython), else made entry by entry by KEEP_OF as
        # the settle first places each (settle_source)
        namespace["KEEP"] = [keep(i) for i in range(bits)] if native else [0] * bits
        namespace["KEEP_OF"] = keep
    return namespace


def keep_of(c: Cube) -> "Callable[[int], int]":
    """KEEP[i] for each cube bit i (settle's table): the cube less what placing i removes,
    its cell's other digits and its digit from the cell's peers."""
    cells = c.cells
    # Per cell, made once: the cube less the cell's digits; its peers and itself, on plane
    # 0. An entry is then a shift and an xor, which puts the placed bit back and takes its
    # digit from the peers (set in `others`: other cells), where the spelled-out mask took
    # six operations: MicroPython makes them during its page's first Solve.
    others = [c.full ^ digits for digits in c.cell_digits]
    seen = [peers | 1 << cell for cell, peers in enumerate(c.peers)]

    def keep(i: int) -> int:
        """KEEP[i]."""
        digit, cell = divmod(i, cells)
        return others[cell] ^ seen[cell] << digit * cells

    return keep
