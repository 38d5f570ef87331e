"""The fast search engine: every solution (up to a limit) of a grid, by constraint
propagation over bitmask candidates and most-constrained-cell branching.

Candidates are one int per cell: bit d-1 set means digit d is still possible. A cell whose
mask has a single bit is decided. Search is iterative (an explicit stack), so no board size
can hit the interpreter's recursion limit, which is low under Pyodide.
"""

from collections.abc import Sequence

from .geometry import Geometry

# geometry -> its search tables; filled once per size, never changed afterwards.
_TABLES: dict = {}


class Tables:
    """What the search reads for one geometry, precomputed once: peers, units, bit->digit."""

    def __init__(self, geometry: Geometry):
        self.cell_count = geometry.cell_count
        self.all_digits = geometry.all_digits
        self.peers = geometry.peers
        self.units = geometry.units
        self.digit_of = {1 << d: d + 1 for d in range(geometry.size)}


def tables(geometry: Geometry) -> Tables:
    """The shared search tables of a geometry, built on first use."""
    found = _TABLES.get(geometry)
    if found is None:
        found = _TABLES[geometry] = Tables(geometry)
    return found


def search(geometry: Geometry, cells: Sequence[int], limit: int) -> list[tuple[int, ...]]:
    """Up to `limit` solutions (each n*n digits, row by row) of a grid whose givens break no
    rule; [] when there is none. Stops at `limit`; the input is not changed."""
    t = tables(geometry)
    solutions: list[tuple[int, ...]] = []
    if limit <= 0:
        return solutions
    cand = [t.all_digits] * t.cell_count
    queue = []
    for cell, digit in enumerate(cells):
        if digit:
            cand[cell] = 1 << (digit - 1)
            queue.append(cell)
    if not settle(t, cand, queue):
        return solutions
    stack: list = []  # (candidates before the guess, cell guessed, digits not yet tried)
    board: list | None = cand
    while True:
        if board is not None:
            cell = most_constrained(board)
            if cell < 0:
                digit_of = t.digit_of
                solutions.append(tuple([digit_of[m] for m in board]))
                if len(solutions) >= limit:
                    return solutions
            else:
                stack.append((board, cell, board[cell]))
        board = None
        while stack and board is None:
            base, cell, untried = stack[-1]
            bit = untried & -untried
            untried ^= bit
            if untried:
                stack[-1] = (base, cell, untried)
                trial = base[:]
            else:
                stack.pop()
                trial = base  # the last guess may reuse the parent's list
            trial[cell] = bit
            if settle(t, trial, [cell]):
                board = trial
        if board is None:
            return solutions


def most_constrained(cand: list) -> int:
    """The undecided cell with the fewest candidates, or -1 when every cell is decided."""
    best, fewest = -1, 1 << 30
    for cell, m in enumerate(cand):
        if m & (m - 1):
            count = m.bit_count()
            if count < fewest:
                best, fewest = cell, count
                if count == 2:
                    break
    return best


def settle(t: Tables, cand: list, queue: list) -> bool:
    """Apply naked and hidden singles to a fixed point, in place; False on a contradiction.

    `queue` holds the decided cells whose digit is not yet removed from their peers.
    """
    while True:
        if not eliminate(t, cand, queue):
            return False
        if not hidden_singles(t, cand, queue):
            return False
        if not queue:
            return True


def eliminate(t: Tables, cand: list, queue: list) -> bool:
    """Remove each queued cell's digit from its peers, queueing cells that become decided."""
    peers = t.peers
    while queue:
        cell = queue.pop()
        m = cand[cell]
        keep = ~m
        for p in peers[cell]:
            pm = cand[p]
            if pm & m:
                pm &= keep
                if not pm:
                    return False
                cand[p] = pm
                if not pm & (pm - 1):
                    queue.append(p)
    return True


def hidden_singles(t: Tables, cand: list, queue: list) -> bool:
    """Decide each cell that is the only place for a digit in a unit; False if a unit lacks one."""
    all_digits = t.all_digits
    for unit in t.units:
        once = twice = 0
        for cell in unit:
            m = cand[cell]
            twice |= once & m
            once |= m
        if once != all_digits:
            return False
        hidden = once & ~twice
        if hidden:
            for cell in unit:
                m = cand[cell]
                h = m & hidden
                if h:
                    if h & (h - 1):
                        return False  # two digits need this one cell
                    if h != m:
                        cand[cell] = h
                        queue.append(cell)
    return True
