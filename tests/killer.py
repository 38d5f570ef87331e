"""Killer sudoku for the tests and benchmarks/variants.py, independent of the library: random
solved grids and random cages from a seeded generator, the text form written and read here
(`rules:`, `cages:` lines `r1c1 r1c2 = 3`, `grid:`), and a plain backtracking counter that
knows the rules from the text alone (rows, columns, boxes from their usual shapes, the
diagonals of an X, cages that hold different digits adding up to their sums), never from
the library's geometry."""

import random

BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3)}
SYMBOLS = "123456789"


def box_units(n: int) -> list[set[int]]:
    """Rows, columns and boxes of an n x n grid, as sets of cells (row by row)."""
    br, bc = BOXES[n]
    units = [{r * n + c for c in range(n)} for r in range(n)]
    units += [{r * n + c for r in range(n)} for c in range(n)]
    units += [{(top + r) * n + left + c for r in range(br) for c in range(bc)}
              for top in range(0, n, br) for left in range(0, n, bc)]
    return units


def diagonals(n: int) -> list[set[int]]:
    """The two long diagonals of an X."""
    return [{i * n + i for i in range(n)}, {i * n + n - 1 - i for i in range(n)}]


def random_grid(n: int, rng: random.Random, x: bool = False) -> list[int]:
    """A solved grid (rows, columns, boxes, and the diagonals when `x`), digits tried in
    `rng`'s order."""
    units = box_units(n) + (diagonals(n) if x else [])
    near = [set().union(*(u for u in units if i in u)) - {i} for i in range(n * n)]
    cells = [0] * (n * n)

    def fill(i: int) -> bool:
        if i == n * n:
            return True
        for d in rng.sample(range(1, n + 1), n):
            if all(cells[p] != d for p in near[i]):
                cells[i] = d
                if fill(i + 1):
                    return True
        cells[i] = 0
        return False

    assert fill(0)
    return cells


def random_cages(n: int, solution: list[int], rng: random.Random,
                 most: int = 5) -> list[tuple[int, list[int]]]:
    """Cages covering the grid: each grown from a random free cell through random free
    neighbours (up, down, left, right) to a random size up to `most`, its digits in
    `solution` all different; (sum, cells) pairs."""
    free = set(range(n * n))
    cages = []
    for start in rng.sample(range(n * n), n * n):
        if start not in free:
            continue
        cage, want = [start], rng.randint(1, most)
        free.discard(start)
        while len(cage) < want:
            options = sorted({m for c in cage for m in neighbours(n, c)
                              if m in free and solution[m] not in {solution[k] for k in cage}})
            if not options:
                break
            pick = rng.choice(options)
            cage.append(pick)
            free.discard(pick)
        cages.append((sum(solution[c] for c in cage), sorted(cage)))
    return cages


def neighbours(n: int, cell: int) -> list[int]:
    """The cells next to `cell` up, down, left and right."""
    r, c = divmod(cell, n)
    return [(r + dr) * n + c + dc for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < n and 0 <= c + dc < n]


def killer_text(n: int, cages: list[tuple[int, list[int]]], givens: list[int] | None = None,
                rules: str = "killer") -> str:
    """The text form of a Killer (rules `rules`): header, a cage a line (in order of their
    first cells, each cage's cells in reading order), the grid."""
    lines = ["rules: " + rules, "cages:"]
    lines += [" ".join(f"r{c // n + 1}c{c % n + 1}" for c in sorted(cells)) + f" = {total}"
              for total, cells in sorted(cages, key=lambda cage: min(cage[1]))]
    grid = "".join(SYMBOLS[d - 1] if d else "." for d in (givens or [0] * (n * n)))
    return "\n".join(lines + ["grid:"] + [grid[r * n:(r + 1) * n] for r in range(n)])


class Killer:
    """A Killer's rules read from its text form, and plain backtracking over them."""

    def __init__(self, text: str):
        lines = [line.strip() for line in text.strip().split("\n")]
        names = set(lines[0].split(":", 1)[1].replace(",", " ").split())
        grid = "".join(lines[lines.index("grid:") + 1:])
        self.n = n = round(len(grid) ** 0.5)
        self.givens = [0 if ch == "." else int(ch) for ch in grid]
        self.units = box_units(n) + (diagonals(n) if "x" in names else [])
        self.cages = []
        for line in lines[lines.index("cages:") + 1:lines.index("grid:")]:
            left, total = line.split("=")
            cells = []
            for name in left.split():
                row, column = name[1:].split("c")
                cells.append((int(row) - 1) * n + int(column) - 1)
            self.cages.append((int(total), cells))
        self.cage_of = {c: k for k, (_, cells) in enumerate(self.cages) for c in cells}
        self.near = [set() for _ in range(n * n)]
        for group in self.units + [set(cells) for _, cells in self.cages]:
            for a in group:
                self.near[a] |= group - {a}

    def problems(self, cells: list[int]) -> list[str]:
        """Why `cells` is no solution of the puzzle ([] when it is one)."""
        n, found = self.n, []
        for unit in self.units:
            if sorted(cells[c] for c in unit) != list(range(1, n + 1)):
                found.append(f"unit {sorted(unit)} does not hold 1-{n} once each")
        for total, cage in self.cages:
            digits = [cells[c] for c in cage]
            if len(set(digits)) != len(digits) or sum(digits) != total:
                found.append(f"cage {cage} holds {digits}, not different digits making {total}")
        found += [f"given {g} at cell {i} changed" for i, g in enumerate(self.givens)
                  if g and g != cells[i]]
        return found

    def options(self, cells: list[int]) -> dict[int, list[int]]:
        """The digits each empty cell can take: none its neighbours in a unit or cage hold,
        and, in a cage, only those some filling of the cage's empty cells (different
        digits, each allowed there) making the sum uses."""
        n = self.n
        free = {i: [d for d in range(1, n + 1) if all(cells[p] != d for p in self.near[i])]
                for i, v in enumerate(cells) if not v}
        for total, cage in self.cages:
            empty = [c for c in cage if not cells[c]]
            if not empty:
                continue
            used = fillings([free[c] for c in empty], total - sum(cells[c] for c in cage))
            for j, c in enumerate(empty):
                free[c] = sorted(used[j])
        return free

    def count(self, limit: int = 2) -> int:
        """Solutions counted to `limit`."""
        return len(self.solutions(limit))

    def solutions(self, limit: int = 2) -> list[list[int]]:
        """Up to `limit` solutions, by backtracking on the empty cell with the fewest digits
        that fit."""
        cells = list(self.givens)
        found: list[list[int]] = []

        def walk() -> None:
            options = self.options(cells)
            if not options:
                if not self.problems(cells):
                    found.append(list(cells))
                return
            best = min(options, key=lambda i: len(options[i]))
            for d in options[best]:
                cells[best] = d
                walk()
                cells[best] = 0
                if len(found) >= limit:
                    return

        walk()
        return found


def fillings(options: list[list[int]], total: int) -> list[set[int]]:
    """Per cell, the digits of `options` (one list a cell) some filling of all the cells
    with different digits adding up to `total` puts there."""
    used: list[set[int]] = [set() for _ in options]

    def fill(k: int, left: int, taken: list[int]) -> None:
        if k == len(options):
            if not left:
                for j, d in enumerate(taken):
                    used[j].add(d)
            return
        for d in options[k]:
            if d <= left and d not in taken:
                fill(k + 1, left - d, taken + [d])

    fill(0, total, [])
    return used


def unique_killer(n: int, seed: int, most: int = 5, x: bool = False,
                  solutions=None) -> tuple[str, list[int]]:
    """(the text of a Killer with no givens and one solution, that solution), made from
    `seed` alone: a random grid and random cages; while `solutions` (text -> up to two
    solutions, as digit lists; default this module's counter) finds another solution, the
    cage holding the first cell where it differs is split in two: that cell and the cage's
    cells nearest it, and the rest. Deterministic for a seed."""
    rng = random.Random(seed)
    solution = random_grid(n, rng, x)
    cages = random_cages(n, solution, rng, most)
    rules = "killer, x" if x else "killer"
    solutions = solutions or (lambda text: Killer(text).solutions(2))
    while True:
        text = killer_text(n, cages, rules=rules)
        other = next((list(s) for s in solutions(text) if list(s) != solution), None)
        if other is None:
            return text, solution
        cell = next(i for i in range(n * n) if other[i] != solution[i])
        k = next(i for i, (_, cells) in enumerate(cages) if cell in cells)
        _, cells = cages.pop(k)
        r, c = divmod(cell, n)
        near = sorted(cells, key=lambda m: (abs(m // n - r) + abs(m % n - c), m))
        half = max(1, len(near) // 2)
        for part in (near[:half], near[half:]):
            if part:
                cages.append((sum(solution[m] for m in part), sorted(part)))
