"""Puzzle generator: a random complete grid, then clues taken away while the solution stays
unique (and, when a difficulty is asked for, while the puzzle stays within that level).

Every random choice comes from one local `random.Random(seed)`, so a seed reproduces a puzzle.
"""

import random
from collections.abc import Callable
from dataclasses import dataclass

from .logic import SEARCH, Path, solve_path
from .model.candidates import open_digits
from .model.errors import PuzzleError, shown
from .model.geometry import Geometry, check_flag, geometry, plain_text, whole
from .model.puzzle import Puzzle
from .rating import LEVELS, Rating, level_rank, rate, solves_within
from .search.engine import search

__all__ = ["MAX_ATTEMPTS", "MOST_ATTEMPTS", "Generated", "generate"]

FILL_ATTEMPTS = 5  # random starts tried before falling back to the shuffled base pattern
# Puzzles built at most when chasing a difficulty, by board size: a 9x9 takes ~20 ms each on
# CPython and Medium, the rarest level there, is met in ~8 on average (40: missed < 1%).
MAX_ATTEMPTS = {4: 40, 6: 40, 8: 40, 9: 40, 12: 10, 16: 4, 25: 2}
MOST_ATTEMPTS = 1000  # what max_attempts may ask: a bound that is one in practice


@dataclass(frozen=True)
class Generated:
    """A generated puzzle with its unique solution.

    `rating` is the puzzle's Rating when a difficulty was asked for (else None); `matched` says
    whether its level is the one asked for (always True when none was); `attempts` counts the
    puzzles built to get there.
    """

    puzzle: Puzzle
    solution: Puzzle
    rating: Rating | None
    matched: bool
    attempts: int


def generate(
    size: int = 9,
    difficulty: str | None = None,
    symmetric: bool = True,
    seed: int | str | None = None,
    max_attempts: int | None = None,
    logical_only: bool = False,
) -> Generated:
    """A random puzzle of `size` with exactly one solution; the same seed gives the same puzzle.

    `symmetric` keeps the clues in 180-degree rotational symmetry. `difficulty` is one of
    rating.LEVELS (None: any, unrated, fastest). Clues are removed only while the puzzle stays
    within that level; a puzzle that misses it (ends easier) is set aside and another built,
    at most `max_attempts` in all (None: MAX_ATTEMPTS for the size); then the closest one is
    returned with `matched` False. Never loops beyond that bound. "Extreme" means the hardest
    techniques, so a puzzle whose solve needs search (trial and error) never matches it;
    `logical_only` asks the same of any difficulty, or of an unrated puzzle.
    PuzzleError (a ValueError) for an unknown size or difficulty, or any argument of
    another kind (`max_attempts` from 1 to MOST_ATTEMPTS).
    """
    g = geometry(size)
    size = g.size
    rng = random.Random(checked_seed(seed))
    check_flag(symmetric, "symmetric")
    check_flag(logical_only, "logical_only")
    attempts = MAX_ATTEMPTS[size] if max_attempts is None else whole(max_attempts)
    if attempts is None or not 1 <= attempts <= MOST_ATTEMPTS:
        raise PuzzleError("max_attempts must be a whole number from 1 to "
                          + str(MOST_ATTEMPTS) + " or None, not " + shown(max_attempts))
    if difficulty is None and not logical_only:
        solution = random_solution(g, rng)
        cells = remove_clues(g, solution, rng, symmetric, keeper(g, LEVELS[-1]))
        return Generated(Puzzle(g, cells), Puzzle(g, solution), None, True, 1)
    rank = None if difficulty is None else level_rank(difficulty)
    keep = keeper(g, difficulty or LEVELS[-1])
    best: tuple[Puzzle, tuple[int, ...], Path | None] | None = None
    best_distance = (0, 0, 0)
    for attempt in range(1, attempts + 1):
        solution = random_solution(g, rng)
        puzzle = Puzzle.made(g, remove_clues(g, solution, rng, symmetric, keep))
        path = None
        if rank and solves_within(puzzle, LEVELS[0]):
            miss = (0, rank, 0)  # an Easy miss, known without the full rating
        else:
            path = solve_path(puzzle)
            rating = rate(puzzle, path, se=False)  # an attempt is judged by its level alone
            miss = distance(rating, rating.rank if rank is None else rank,
                            logical_only or rank == len(LEVELS) - 1)
            if miss[:2] == (0, 0):
                return Generated(puzzle, Puzzle(g, solution), rate(puzzle, path), True, attempt)
        if best is None or miss < best_distance:
            best, best_distance = (puzzle, solution, path), miss
    assert best is not None  # attempts >= 1, and the first attempt sets it
    puzzle, solution, path = best
    return Generated(puzzle, Puzzle(g, solution), rate(puzzle, path), False, attempt)


def checked_seed(seed: object) -> int | str | None:
    """`seed` as random.Random takes it (None, a plain int or str); PuzzleError otherwise."""
    if seed is None:
        return None
    text = plain_text(seed)
    plain = whole(seed) if text is None else text
    if plain is None:
        raise PuzzleError("seed must be a whole number, text or None, not " + shown(seed))
    return plain


def distance(rating: Rating, rank: int, logical: bool) -> tuple[int, int, int]:
    """How far a rating is from a level: needing search when `logical` is asked for, then
    levels apart, then the higher score first; (0, 0, score) is a match."""
    return (int(logical and rating.hardest == SEARCH), abs(rating.rank - rank), -rating.score)


def keeper(g: Geometry, level: str) -> Callable[[tuple[int, ...]], bool]:
    """The test a grid must pass to stay: exactly one solution, solvable within `level`.

    Singles alone finishing the grid proves both at once, cheaply, so that comes first; the
    engine and the logical solver run only when it does not.
    """
    rank = level_rank(level)

    def keep(cells: tuple[int, ...]) -> bool:
        puzzle = Puzzle.made(g, cells)
        if solves_within(puzzle, LEVELS[0]):
            return True
        if rank == 0 or len(search(g, cells, 2)) != 1:
            return False
        return rank == len(LEVELS) - 1 or solves_within(puzzle, level)

    return keep


def random_solution(g: Geometry, rng: random.Random) -> tuple[int, ...]:
    """A random complete grid: random digits in the independent diagonal boxes, completed by the
    engine, then shuffled by moves that keep any grid valid (bands, stacks, rows, columns)."""
    for _ in range(FILL_ATTEMPTS):
        cells = [0] * g.cell_count
        for box in diagonal_boxes(g):
            for cell, digit in zip(box, rng.sample(range(1, g.size + 1), g.size), strict=True):
                cells[cell] = digit
        found = search(g, tuple(cells), 1)
        if found:
            return shuffled(g, found[0], rng)
    return shuffled(g, base_pattern(g), rng)


def diagonal_boxes(g: Geometry) -> list[tuple[int, ...]]:
    """Boxes sharing no row or column with each other (band b, stack b): fillable independently."""
    bands, stacks = g.size // g.box_rows, g.size // g.box_cols
    return [g.units[2 * g.size + b * stacks + b] for b in range(min(bands, stacks))]


def base_pattern(g: Geometry) -> tuple[int, ...]:
    """A fixed valid complete grid for any box shape (each row a shift of the first)."""
    n, rows, cols = g.size, g.box_rows, g.box_cols
    return tuple((cols * (r % rows) + r // rows + c) % n + 1 for r in range(n) for c in range(n))


def shuffled(g: Geometry, cells: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    """`cells` with bands, rows within bands, stacks, columns within stacks and (for square
    boxes) the diagonal randomly rearranged: a valid grid stays valid."""
    n = g.size
    row_order = line_order(rng, n, g.box_rows)
    col_order = line_order(rng, n, g.box_cols)
    grid = [cells[r * n + c] for r in row_order for c in col_order]
    if g.box_rows == g.box_cols and rng.random() < 0.5:
        grid = [grid[c * n + r] for r in range(n) for c in range(n)]
    return tuple(grid)


def line_order(rng: random.Random, count: int, group: int) -> list[int]:
    """A random order of `count` lines that keeps each run of `group` lines together."""
    groups = [list(range(start, start + group)) for start in range(0, count, group)]
    rng.shuffle(groups)
    for lines in groups:
        rng.shuffle(lines)
    return [line for lines in groups for line in lines]


def removal_orbits(g: Geometry, rng: random.Random, symmetric: bool) -> list[tuple[int, ...]]:
    """The cells to try emptying, in random order: single cells, or a cell with its mirror
    image through the centre (one cell alone at the centre of an odd board)."""
    last = g.cell_count - 1
    if symmetric:
        orbits = [tuple(sorted({i, last - i})) for i in range(last // 2 + 1)]
    else:
        orbits = [(i,) for i in range(g.cell_count)]
    rng.shuffle(orbits)
    return orbits


def remove_clues(
    g: Geometry,
    solution: tuple[int, ...],
    rng: random.Random,
    symmetric: bool,
    keep: Callable[[tuple[int, ...]], bool],
) -> tuple[int, ...]:
    """Empty cells (in symmetric pairs when asked) one orbit at a time, keeping each removal
    only if `keep` (see `keeper`) takes the result; nothing more can go when it ends.

    When the emptied cells are singles of what is left, a solver refills them first and is
    back at the grid already kept: same solution, same difficulty, no test needed.
    """
    cells = list(solution)
    for orbit in removal_orbits(g, rng, symmetric):
        for cell in orbit:
            cells[cell] = 0
        if all(is_single(g, cells, cell, solution[cell]) for cell in orbit):
            continue
        if not keep(tuple(cells)):
            for cell in orbit:
                cells[cell] = solution[cell]
    return tuple(cells)


def is_single(g: Geometry, cells: list[int], cell: int, digit: int) -> bool:
    """Do the givens alone force `digit` into the empty `cell`: do its peers show every other
    digit (naked single), or do they keep `digit` out of the rest of one of its units (hidden
    single)?"""
    if open_digits(g, cells, cell) == 1 << (digit - 1):
        return True
    peers = g.peers
    for unit in g.cell_units[cell]:
        if all(
            other == cell or cells[other] or any(cells[p] == digit for p in peers[other])
            for other in g.units[unit]
        ):
            return True
    return False
