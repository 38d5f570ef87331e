"""The branching rule: which cube bits the search tries in turn at a settled node.

The two candidates of an undecided cell with two, the cell whose choice removes the most:
each candidate of it counts its peers that hold its digit, twice over for a peer with two
candidates (that peer becomes a single at once); above 16x16, the one seeing the most
undecided cells. Else a row or column's two places for a digit, else the candidates of the
cell with the fewest. Written out per geometry as straight-line Python like the settle
function (propagate.py), for the same reason; `python -m solver.search.codegen 9` prints it.
"""

from .bits import NATIVE
from .codegen import compile_source, count_code, fold_code, highest_code
from .cube import Cube

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    # choose(x) -> the cube bits to try in turn at settled node x; 0 when x is decided.
    Choose = Callable[[int], int]

# A peer left with a single candidate counts this many times a plain removal: of weights
# 1, 2, 3, 5 and 10, 2 gave the fewest search nodes on forum_hardest_1106 and top1465.
SINGLE_WEIGHT = 2

# Above this size the removals are not counted (each count takes operations on the whole
# cube, 15,625 bits at 25x25, which made a node twice as dear there); the cell seeing the
# most undecided cells is taken instead, counted on the cell plane alone.
SCORED_MAX_SIZE = 16


def choose_source(c: Cube, native: bool = NATIVE) -> str:
    """Python source of `choose(x)` for one geometry (see build_choose): the first rule of
    the module docstring's that offers a choice; `native` as propagate.settle_source."""
    body = cell_pair_code(c, native) + line_pair_code(c) + fewest_code(c, native)
    return "def choose(x):\n" + "".join(f"    {line}\n" for line in body)


def cell_pair_code(c: Cube, native: bool) -> list[str]:
    """Statements returning 0 when every cell is decided, else the two candidates of the
    best cell with two if there is one; they leave `undecided` set for the rules after."""
    n, cells, plane = c.size, c.cells, c.plane
    body = fold_code("d", "x", None, cells, n, levels=3)
    body += [
        f"undecided = dt & {plane:#x}",
        "if not undecided:",
        "    return 0",
        "two = undecided ^ (undecided & dh)",  # not & ~dh: see propagate.settle_source
        "if two:",
    ]
    if n <= SCORED_MAX_SIZE:
        # `both`: the candidates of the cells with two; `near`: cell i's peers in the planes
        # of its two digits (a plane's bits times one bit per digit plane: no carries).
        score = [
            f"near = ((both >> i) & {c.spread_digits:#x}) * PEERS[i]",
            f"score = {count_code('x & near', native)}"
            f" + {SINGLE_WEIGHT} * {count_code('both & near', native)}",
        ]
        body.append(f"    both = (two * {c.spread_digits:#x}) & x")
    else:
        score = ["score = " + count_code("PEERS[i] & undecided", native)]
    return body + [
        "    most = -1",
        "    while two:",
        "        i = " + highest_code("two", native),
        "        two ^= BIT[i]",
    ] + ["        " + line for line in score] + [
        "        if score > most:",
        "            most, best = score, i",
        "    return x & CELL_DIGITS[best]",
    ]


def line_pair_code(c: Cube) -> list[str]:
    """Statements returning the two places of a digit in a row, column or (up to
    SCORED_MAX_SIZE) box, if there are any."""
    # Scored like the cells (what the two choices remove, summed) up to SCORED_MAX_SIZE,
    # else the first row's, else the first column's. Rare (3% of the nodes on
    # forum_hardest_1106) but mostly near the root, where a good choice halves some trees.
    n = c.size
    scored = n <= SCORED_MAX_SIZE
    units = [
        ("r", fold_code("r", "x", None, 1, n, levels=3), c.row_bases, c.spread_row),
        ("c", fold_code("c", "x", None, n, n, levels=3), c.col_bases, c.spread_col),
    ]
    body = []
    if scored:
        boxes = fold_code("s", "x", None, 1, c.box_cols, levels=3) + fold_code(
            "b", "so", "st", n, c.box_rows, levels=3, thrice="sh")
        units.append(("b", boxes, c.box_bases, c.spread_box))
        body.append("most = -1")
    for name, code, bases, spread in units:
        body += code + [f"two = {name}t & {bases:#x}", f"two ^= two & {name}h"]
        if scored:
            body += [
                "while two:",
                "    low = two & -two",
                "    two ^= low",
                f"    options = (low * {spread:#x}) & x",
                "    score = REMOVALS(x, options)",
                "    if score > most:",
                "        most, best = score, options",
            ]
        else:
            body += ["if two:", f"    return ((two & -two) * {spread:#x}) & x"]
    if scored:
        body += ["if most >= 0:", "    return best"]
    return body


def fewest_code(c: Cube, native: bool) -> list[str]:
    """Statements returning the candidates of the undecided cell with the fewest."""
    return [
        f"best, fewest = 0, {c.size + 1}",
        "while undecided:",
        "    low = undecided & -undecided",
        "    undecided ^= low",
        f"    options = (low * {c.spread_digits:#x}) & x",
        "    count = " + count_code("options", native),
        "    if count < fewest:",
        "        best, fewest = options, count",
        "return best",
    ]


def removals(c: Cube, x: int, options: int) -> int:
    """How many candidates of `x` placing each of the cube bits `options` would remove (its
    cell's other candidates, its digit from its peers), summed over the options."""
    total = 0
    while options:
        bit = c.highest_bit(options)
        options ^= 1 << bit
        cell = bit % c.cells
        total += c.bit_count(x & (c.cell_digits[cell] | c.peers[cell] << (bit - cell))) - 1
    return total


def build_choose(c: Cube) -> "Choose":
    """The compiled `choose(x)` of a geometry: at a settled node `x`, the cube bits to try in
    turn (each one candidate, all of one cell or of one line's digit); 0 when every cell is
    decided."""
    namespace = {
        "BIT": [1 << i for i in range(c.cells)],
        "CELL_DIGITS": c.cell_digits,
        "PEERS": c.peers,
        "HIGHEST": c.highest_bit,
        "COUNT": c.bit_count,
        "REMOVALS": lambda x, options: removals(c, x, options),
    }
    choose: Choose = compile_source("choose", c.size, lambda: choose_source(c), namespace)
    return choose
