"""What the tests share, written once: the independent check that a grid solves a puzzle,
that a cage is in one piece, the shared puzzle files, a full grid of any size, the two
small fixtures every layer tests with (an easy puzzle and one with no solution), and the
settle's KEEP table spelled out."""

from functools import cache
from pathlib import Path

from solver.model.geometry import Geometry, geometry
from solver.model.puzzle import Puzzle, read
from solver.search.cube import Cube

PUZZLES = Path(__file__).resolve().parents[2] / "shared" / "puzzles"

# The newspaper puzzle of Wikipedia's "Sudoku" article (the README's example): singles solve it.
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
# Row 1 holds 1-8, so r1c9 must be 9, but column 9 already has a 9: no rule is broken, yet
# no grid completes it.
NO_SOLUTION = "12345678." + "........9" + "." * 63


def solution_problems(givens: Puzzle, solution: Puzzle) -> list[str]:
    """Why `solution` does not solve `givens` (empty list when it does), checked from scratch."""
    n = givens.size
    problems = []
    if solution.size != n:
        return [f"size {solution.size} != {n}"]
    grid = solution.rows()
    digits = set(range(1, n + 1))
    for r in range(n):
        if set(grid[r]) != digits:
            problems.append(f"row {r + 1} is not a permutation")
        if {grid[x][r] for x in range(n)} != digits:
            problems.append(f"column {r + 1} is not a permutation")
    br, bc = givens.geometry.box_rows, givens.geometry.box_cols
    for top in range(0, n, br):
        for left in range(0, n, bc):
            box = {grid[top + i][left + j] for i in range(br) for j in range(bc)}
            if box != digits:
                problems.append(f"box at ({top + 1},{left + 1}) is not a permutation")
    for i, (g, s) in enumerate(zip(givens.cells, solution.cells, strict=True)):
        if g and g != s:
            problems.append(f"given at cell {i} changed from {g} to {s}")
    return problems


def load_lines(name: str) -> list[str]:
    """Non-empty, non-comment lines of a shared puzzle file."""
    text = (PUZZLES / name).read_text()
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def full_grid(size: int) -> Puzzle:
    """A valid completed grid of any supported size, by the shifted-rows pattern."""
    g = geometry(size)
    n, br, bc = size, g.box_rows, g.box_cols
    cells = [(bc * (r % br) + r // br + c) % n + 1 for r in range(n) for c in range(n)]
    return Puzzle(g, cells)


def puzzle_of(line: str) -> Puzzle:
    """The puzzle at the start of a shared-file line ('<cells>', '<cells> name', 'a:b:c')."""
    return read(line.split()[0].split(":")[0])


@cache
def easy_solution() -> Puzzle:
    """EASY's one solution, found by the engine and checked here from scratch."""
    from solver.search.engine import search

    givens = read(EASY)
    found = search(givens.geometry, givens.cells, 2)
    assert len(found) == 1, "EASY has exactly one solution"
    solution = Puzzle(givens.geometry, found[0])
    assert solution_problems(givens, solution) == []
    return solution


def search_solutions(text: str, limit: int = 2) -> list[tuple[int, ...]]:
    """Up to `limit` solutions of a puzzle's text by the library's engine (what a generator
    of test puzzles asks the library for: tests.killer.unique_killer's `solutions`)."""
    from solver.search.engine import search

    puzzle = read(text)
    return search(puzzle.geometry, puzzle.cells, limit)


def spelled_out_keep(c: Cube, g: Geometry) -> list[int]:
    """KEEP[i] as its definition reads: the cube less bit i's cell's other digits and its
    digit in the cell's peers, one bit at a time."""
    cells = c.cells
    keep = []
    for i in range(c.size * cells):
        digit, cell = divmod(i, cells)
        removed = sum(1 << (d * cells + cell) for d in range(c.size) if d != digit)
        removed |= sum(1 << (digit * cells + p) for p in g.peers[cell])
        keep.append(c.full & ~removed)
    return keep


def in_one_piece(n: int, cells) -> bool:
    """Are `cells` of an n x n grid joined side by side (a cage in one piece)? Walked here
    from cell to cell, not by the library's `apart`."""
    todo = [cells[0]]
    reached = {cells[0]}
    while todo:
        cell = todo.pop()
        r, c = divmod(cell, n)
        for other in (cell - n if r else -1, cell + n if r < n - 1 else -1,
                      cell - 1 if c else -1, cell + 1 if c < n - 1 else -1):
            if other in cells and other not in reached:
                reached.add(other)
                todo.append(other)
    return reached == set(cells)
