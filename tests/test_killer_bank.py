"""The bank of Hard Killers (solver/data/killer_hard.txt, scripts/make_killer_bank.py) and
New game's draw from it: every puzzle unique by the engine and exactly Hard; a draw turned
by a symmetry of the square stays a Killer of the same kind, the same for the same seed."""

import pytest

from solver.generator import BANK_LEVEL, KILLER_BANK, generate, symmetry
from solver.model.files import read_puzzles
from solver.model.geometry import beside
from solver.rating import rate
from solver.search.engine import count, search
from tests.checks import in_one_piece
from tests.killer import Killer

BANK_SIZE = (20, 40)  # the brief: a small bank, enough that draws seldom repeat


def bank():
    with open(KILLER_BANK, encoding="utf-8") as text:
        return [entry.puzzle for entry in read_puzzles(text.read())]


def test_every_banked_killer_parses_has_one_solution_and_rates_exactly_hard():
    puzzles = bank()
    assert BANK_SIZE[0] <= len(puzzles) <= BANK_SIZE[1]
    assert len({p.to_text() for p in puzzles}) == len(puzzles)  # no puzzle twice
    for puzzle in puzzles:
        assert puzzle.size == 9 and puzzle.geometry.rule_names() == ("killer",)
        assert count(puzzle.geometry, puzzle.cells, 2) == 1  # the engine, not the logic
        assert rate(puzzle, se=False).level == BANK_LEVEL == "Hard"


def test_the_symmetries_are_the_eight_of_the_square():
    n = 9
    maps = {tuple(symmetry(n, which)) for which in range(8)}
    assert len(maps) == 8 and tuple(range(n * n)) in maps
    for where in maps:
        assert sorted(where) == list(range(n * n))  # each moves every cell somewhere
        for cell in range(n * n):  # neighbours stay neighbours: cages stay in one piece
            assert {where[m] for m in beside(n, cell)} == set(beside(n, where[cell]))


@pytest.mark.parametrize("seed", [0, 5, 11])
def test_a_drawn_killer_hard_is_turned_yet_unique_hard_and_caged_by_its_solution(seed):
    made = generate(9, "Hard", seed=seed, rules="killer")
    puzzle, solution = made.puzzle, made.solution.cells
    assert made.matched and made.attempts == 1
    assert made.rating is not None and made.rating.level == "Hard"
    assert rate(puzzle, se=False).level == "Hard"
    assert search(puzzle.geometry, puzzle.cells, 2) == [solution]  # one, and the one returned
    assert Killer(puzzle.to_text()).problems(list(solution)) == []  # checked independently
    cages = puzzle.geometry.cages
    assert sorted(c for _, cells in cages for c in cells) == list(range(81))
    for total, cells in cages:
        assert total == sum(solution[c] for c in cells) and in_one_piece(9, cells)
    # one of the bank's puzzles under one of the symmetries, digits not relabelled
    maps = [symmetry(9, which) for which in range(8)]
    turned = [(p, where) for p in bank() for where in maps
              if all(puzzle.cells[where[c]] == d for c, d in enumerate(p.cells))
              and sorted((t, sorted(where[c] for c in cells)) for t, cells in p.geometry.cages)
              == sorted((t, list(cells)) for t, cells in cages)]
    assert turned


def test_the_same_seed_draws_the_same_killer_and_seeds_differ():
    first = generate(9, "Hard", seed=7, rules=["killer"])
    assert generate(9, "Hard", seed=7, rules="killer") == first
    drawn = {generate(9, "Hard", seed=seed, rules="killer").puzzle.to_text() for seed in range(6)}
    assert len(drawn) >= 5  # picks and turns vary with the seed (6 of 8 x bank: ~1 clash)
