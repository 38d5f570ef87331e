"""Templates: the ways to place all n copies of a digit, one in each row, column and box, in
cells that hold it or still allow it. A cell every such way uses holds the digit (Template
Set); a candidate no way uses goes (Template Delete). HoDoKu's last resort before search.
"""

from . import words
from .compat import lru_cache
from .state import State
from .step import Step

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from .step import Candidate

    Spread = tuple[int, int] | None  # (cells every way uses, cells some way uses), or None

# The ways of one digit number up to 46,656 on an empty 9x9 grid, and far more on larger
# ones: the listing stops after TEMPLATE_WORK choices per digit (a digit whose listing did
# not finish tells nothing), and the pairing of ways (below) after PAIRING_WORK checks.
TEMPLATE_WORK = 30000
PAIRING_WORK = 200000


@lru_cache(maxsize=1)  # Template Set and Template Delete ask in turn about the same state
def fits(state: State) -> "tuple[tuple[Spread, Spread], ...]":
    """For each digit, the (every, some) cell masks of its ways, then of its ways that leave
    room for a way of every other digit (or None for a digit whose ways were not all listed)."""
    n = state.geometry.size
    listed = [ways(state, d) for d in range(1, n + 1)]
    plain = [spread(w) for w in listed]
    paired = pair_up(listed)
    return tuple(zip(plain, [spread(w) for w in paired] if paired else [None] * n))


def spread(found: list[int] | None) -> "Spread":
    """(cells every way uses, cells some way uses), None for an unfinished or empty list."""
    if not found:
        return None
    every, some = -1, 0
    for way in found:
        every &= way
        some |= way
    return every, some


def ways(state: State, d: int) -> list[int] | None:
    """Every way (cells as bits) of placing all of digit d, one per row, column and box,
    in cells holding it or still allowing it; None when TEMPLATE_WORK ran out."""
    g = state.geometry
    n = g.size
    bit = 1 << (d - 1)
    rows = []
    for r in range(n):
        cells = [r * n + c for c in range(n) if state.values[r * n + c] == d]
        rows.append(cells or [r * n + c for c in range(n) if state.cands[r * n + c] & bit])
    found: list[int] = []
    work = [TEMPLATE_WORK]

    def place(r: int, columns: int, boxes: int, used: int) -> None:
        """Place the digit in row r and on, in the columns and boxes not yet `used`."""
        if r == n:
            found.append(used)
            return
        for cell in rows[r]:
            c, b = cell % n, g.box_of(cell)
            if work[0] > 0 and not (columns >> c & 1 or boxes >> b & 1):
                work[0] -= 1
                place(r + 1, columns | 1 << c, boxes | 1 << b, used | 1 << cell)

    place(0, 0, 0, 0)
    return None if work[0] <= 0 else found


def pair_up(listed: list[list[int] | None]) -> list[list[int]] | None:
    """The ways of each digit that share no cell with some way of each other digit, again
    until none drops; None if a digit's ways were not all listed or PAIRING_WORK ran out."""
    if any(w is None for w in listed):
        return None
    kept = [list(w) for w in listed if w is not None]
    work, changed = PAIRING_WORK, True
    while changed:
        changed = False
        for i, mine in enumerate(kept):
            for j, theirs in enumerate(kept):
                if i == j:
                    continue
                work -= len(mine) * len(theirs)
                if work < 0:
                    return None
                fitting = [w for w in mine if any(not w & v for v in theirs)]
                if len(fitting) < len(mine):
                    kept[i] = mine = fitting
                    changed = True
    return kept


def template_set(state: State) -> "Iterator[Step]":
    """For each digit, the empty cells every way of placing it uses: they hold it (then the
    same with the ways that leave room for every other digit, when that finds more)."""
    g = state.geometry
    for d, levels in enumerate(fits(state), 1):
        told: set[int] = set()
        for found, why in zip(levels, (WAY, WAY + PAIRED)):
            cells = [c for c in state.empty if found and found[0] >> c & 1]
            if cells and set(cells) != told:
                told = set(cells)
                digit = words.digit(g, d)
                yield Step(
                    placements=tuple((c, d) for c in cells), cells=tuple(cells), digits=(d,),
                    area="for " + digit + "s",
                    explanation=words.capital(words.cells(g, cells)) + " hold"
                    + ("s" if len(cells) == 1 else "") + " " + digit + " in every way of"
                    " placing all " + str(g.size) + " " + digit + "s" + why + ", so "
                    + digit + " goes there.",
                )


def template_delete(state: State) -> "Iterator[Step]":
    """For each digit, the candidates no way of placing it uses: they go (then the same with
    the ways that leave room for every other digit, when that finds more)."""
    g = state.geometry
    for d, levels in enumerate(fits(state), 1):
        bit = 1 << (d - 1)
        told: tuple[Candidate, ...] = ()
        for found, why in zip(levels, (WAY, WAY + PAIRED)):
            removed = tuple((c, d) for c in state.empty
                            if found and state.cands[c] & bit and not found[1] >> c & 1)
            if removed and removed != told:
                told = removed
                digit = words.digit(g, d)
                yield Step(
                    eliminations=removed, cells=tuple(c for c, _ in removed), digits=(d,),
                    area="for " + digit + "s",
                    explanation=words.capital(words.removals(g, removed)) + " goes: no way of"
                    " placing all " + str(g.size) + " " + digit + "s" + why + " uses "
                    + ("it" if len(removed) == 1 else "them") + ".",
                )


WAY = " (one in each row, column and box, in cells holding it or still allowing it)"
PAIRED = ", and leaving room for a way of placing each other digit"
