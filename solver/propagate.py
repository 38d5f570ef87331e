"""Constraint propagation on the candidate cube (solver/cube.py): placing digits, then naked
and hidden singles to a fixed point, each test done for every line at once.

A state is `(x, placed)`: `x` the candidate cube, `placed` the cube bits already placed
(their digit removed from their peers). A contradiction is reported as None.

The settle function is written out once per geometry as straight-line Python, every shift
and mask a constant, and compiled: in CPython the interpreter's per-operation overhead, not
the C-level work on the ints, is the cost, and the unrolled code pays the least of it.
"""

from .cube import Cube, repeat


def fold_code(
    name: str, once: str, twice: str | None, stride: int, count: int, counted: bool = True
) -> list[str]:
    """Statements setting `{name}o`/`{name}t` to (any set, two or more set) of `count`
    elements `stride` bits apart, at the first element's bit; other bits are junk.

    Windows of 1, 2, 4... elements are doubled and the ones matching `count`'s binary digits
    joined, so each element is counted exactly once. `twice` None means zero; with
    `counted` False only `{name}o` is set (no counting, no twice).
    """
    code: list[str] = []
    wo, wt = once, twice  # the current window: `size` elements from each bit
    ro = rt = None  # the result so far: `covered` elements from each bit
    covered, size, step = 0, 1, 0

    def join(xo, xt, yo, yt, shift, out):
        nonlocal step
        step += 1
        a, b = f"{name}a{step}", f"{name}b{step}"
        code.append(f"{a} = {yo} >> {shift}" if shift else f"{a} = {yo}")
        if not counted:
            code.append(f"{out}o = {xo} | {a}")
            return f"{out}o", None
        terms = [f"({xo} & {a})"]
        if xt:
            terms.insert(0, xt)
        if yt:
            code.append(f"{b} = {yt} >> {shift}" if shift else f"{b} = {yt}")
            terms.insert(0, b)
        code.append(f"{out}t = " + " | ".join(terms))
        code.append(f"{out}o = {xo} | {a}")
        return f"{out}o", f"{out}t"

    while True:
        if count & 1:
            if ro is None:
                ro, rt = wo, wt  # the first window taken needs no shift
            else:
                ro, rt = join(ro, rt, wo, wt, covered * stride, f"{name}r{step + 1}")
            covered += size
        count >>= 1
        if not count:
            code.append(f"{name}o = {ro}")
            if counted:
                code.append(f"{name}t = {rt or 0}")
            return code
        wo, wt = join(wo, wt, wo, wt, size * stride, f"{name}w{step + 1}")
        size += size


def locked_code(c: Cube) -> list[str]:
    """Statements setting `gone` to the candidates that locked candidates remove: a digit
    confined to one row (column) of a box leaves the rest of that row (column), and one
    confined to one box within a row (column) leaves the rest of that box."""
    n, br, bc = c.size, c.box_rows, c.box_cols
    code = []
    for name, seg_stride, seg_len, cross_stride, cross_len, band_stride, bases, line_spread in (
        ("h", 1, bc, n, br, bc, c.row_segment_bases, c.spread_row),
        ("v", n, br, 1, bc, br * n, c.col_segment_bases, c.spread_col),
    ):
        line_stride = seg_stride
        line_bases = c.row_bases if name == "h" else c.col_bases
        along = repeat(seg_stride, seg_len)  # a segment from its start
        across = repeat(cross_stride, cross_len)  # a box's segments from the first
        band = repeat(band_stride, n // seg_len)  # a line's segments from the first
        code += fold_code(f"{name}s", "x", None, seg_stride, seg_len, counted=False)
        seg = f"{name}so"
        # Pointing: within a box, one segment holds the digit -> clear the rest of its line.
        code += fold_code(f"{name}p", seg, None, cross_stride, cross_len)
        code.append(
            f"{name}u = ((({name}po & ~{name}pt) & {c.box_bases:#x}) * {across:#x})"
            f" & {seg} & {bases:#x}"
        )
        code += fold_code(f"{name}l", f"{name}u", None, line_stride, n, counted=False)
        code.append(
            f"gone |= ((({name}lo & {line_bases:#x}) * {line_spread:#x}) & ~({name}u * {along:#x}))"
        )
        # Claiming: within a line, one box holds the digit -> clear the rest of that box.
        code += fold_code(f"{name}c", seg, None, band_stride, n // seg_len)
        code.append(
            f"{name}k = ((({name}co & ~{name}ct) & {line_bases:#x}) * {band:#x})"
            f" & {seg} & {bases:#x}"
        )
        code += fold_code(f"{name}x", f"{name}k", None, cross_stride, cross_len, counted=False)
        box = f"(({name}xo & {c.box_bases:#x}) * {c.spread_box:#x})"
        code.append(f"gone |= {box} & ~({name}k * {along:#x})")
    return ["gone = 0"] + code


# Up to this size every (cell, digit) gets its own precomputed keep-mask (16x16: 2 MB);
# above, the mask is made from two smaller tables at each placement.
KEEP_TABLE_MAX_SIZE = 16


def settle_source(c: Cube) -> str:
    """Python source of `settle(x, placed, bits)` for one geometry (see build_settle).

    Cheapest test first: after placing, naked singles (one axis); only when there are none,
    hidden singles in rows, then columns, then boxes; only at a fixed point of singles,
    locked candidates. Whatever a test finds is placed before the next test runs.
    """
    n, cells = c.size, c.cells
    lines = [
        "def settle(x, placed, bits):",
        "    while True:",
        "        placed |= bits",
        "        while bits:",
        "            low = bits & -bits",
        "            bits ^= low",
        "            if not x & low:",
        "                return None",
    ]
    if n <= KEEP_TABLE_MAX_SIZE:
        lines.append("            x = (x & KEEP[low.bit_length() - 1]) | low")
    else:
        lines += [
            f"            digit, cell = divmod(low.bit_length() - 1, {cells})",
            f"            x = (x & ~(CELL_DIGITS[cell] | PEERS[cell] << (digit * {cells}))) | low",
        ]
    then_place = ["bits = found & ~placed", "if bits:", "    continue"]
    body = fold_code("d", "x", None, cells, n)
    body += [
        f"if {c.plane:#x} & ~do:",
        "    return None",
        f"found = ((do & ~dt & {c.plane:#x}) * {c.spread_digits:#x}) & x",
    ] + then_place
    boxes = fold_code("s", "x", None, 1, c.box_cols) + fold_code("b", "so", "st", n, c.box_rows)
    for name, code, bases, spread in (
        ("r", fold_code("r", "x", None, 1, n), c.row_bases, c.spread_row),
        ("c", fold_code("c", "x", None, n, n), c.col_bases, c.spread_col),
        ("b", boxes, c.box_bases, c.spread_box),
    ):
        body += code
        body += [
            f"if {bases:#x} & ~{name}o:",
            "    return None",
            f"found = ((({name}o & ~{name}t) & {bases:#x}) * {spread:#x}) & x",
        ] + then_place
    body += locked_code(c)
    body += ["if not x & gone:", "    return x, placed", "x &= ~gone"]
    lines += ["        " + line for line in body]
    return "\n".join(lines) + "\n"


def build_settle(c: Cube):
    """The compiled `settle(x, placed, bits)` of a geometry: place the cube bits `bits`, then
    singles and locked candidates until none is left; (x, placed), or None on a
    contradiction (a bit already ruled out, or a cell or line with no candidate)."""
    namespace = {"CELL_DIGITS": c.cell_digits, "PEERS": c.peers}
    if c.size <= KEEP_TABLE_MAX_SIZE:
        cells = c.cells
        namespace["KEEP"] = [
            ~(c.cell_digits[i % cells] | c.peers[i % cells] << (i - i % cells)) & c.full
            for i in range(c.size * cells)
        ]
    code = compile(settle_source(c), f"<settle {c.size}x{c.size}>", "exec")
    exec(code, namespace)
    return namespace["settle"]
