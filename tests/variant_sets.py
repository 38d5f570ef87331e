"""Variant puzzles for the logic tests and figures: Jigsaw, X and Windoku made from a seed
(a random solution, then givens removed while the engine counts one solution), Killers
from tests/killer.py's generator. Each puzzle's uniqueness is checked again by the
independent counters of tests/killer.py and tests/test_variants.py where a test asks."""

import random

from solver.model.geometry import Rules
from solver.model.puzzle import Puzzle, read
from solver.search.engine import count, search
from tests.checks import search_solutions
from tests.killer import unique_killer
from tests.test_variants import JIGSAW_MAP

# The rules each set is made under (a Killer's cages come from its own generator).
SETS = {
    "jigsaw": Rules(9, regions=JIGSAW_MAP),
    "x": Rules(9, x=True),
    "windoku": Rules(9, windoku=True),
    "anti-knight": Rules(9, anti_knight=True),
    "anti-king": Rules(9, anti_king=True),
}


def made_puzzle(rules: Rules, seed: int) -> tuple[Puzzle, tuple[int, ...]]:
    """(a puzzle of `rules` with one solution, that solution), from `seed` alone: random
    digits placed while a solution remains, the first solution search finds, then each
    given in random order taken out unless that leaves more than one solution."""
    g = rules.geometry()
    rng = random.Random(seed)
    cells = [0] * g.cell_count
    for cell in rng.sample(range(g.cell_count), 12):
        for d in rng.sample(range(1, g.size + 1), g.size):
            cells[cell] = d
            if all(cells[p] != d for p in g.peers[cell]) and search(g, cells, 1):
                break
            cells[cell] = 0
    solution = search(g, cells, 1)[0]
    givens = list(solution)
    for cell in rng.sample(range(g.cell_count), g.cell_count):
        givens[cell] = 0
        if count(g, givens, 2) != 1:
            givens[cell] = solution[cell]
    return Puzzle(g, givens), solution


def killer_puzzle(seed: int, most: int = 9, x: bool = False) -> tuple[Puzzle, tuple[int, ...]]:
    """(a 9x9 Killer with no givens and one solution, that solution): tests/killer.py's
    generator with cages of up to `most` cells, the engine telling solutions apart."""
    text, solution = unique_killer(9, seed, most=most, x=x, solutions=search_solutions)
    return read(text), tuple(solution)
