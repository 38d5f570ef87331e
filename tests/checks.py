"""Independent checks used by the tests: is a grid a valid solution of given puzzle?"""

from pathlib import Path

from solver.model.puzzle import Puzzle

PUZZLES = Path(__file__).resolve().parents[2] / "shared" / "puzzles"


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
    from solver.model.geometry import geometry

    g = geometry(size)
    n, br, bc = size, g.box_rows, g.box_cols
    cells = [(bc * (r % br) + r // br + c) % n + 1 for r in range(n) for c in range(n)]
    return Puzzle(g, cells)
