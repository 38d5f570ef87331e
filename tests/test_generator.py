"""The generator: unique, valid, symmetric when asked, reproducible from a seed."""

import random

import pytest

from solver.generator import base_pattern, distance, generate, is_single, line_order, shuffled
from solver.logic import solve_path
from solver.logic.techniques import SINGLES
from solver.model.geometry import BOX_SHAPES, apart, geometry
from solver.model.puzzle import Puzzle
from solver.rating import LEVELS, Rating, rate
from solver.search.engine import search
from tests.checks import in_one_piece, solution_problems

SIZES = (4, 6, 9, 16)


def assert_proper(result) -> None:
    """One solution, found by the engine, equal to the one returned and valid by the rules."""
    puzzle = result.puzzle
    found = search(puzzle.geometry, puzzle.cells, 2)
    assert len(found) == 1
    assert found[0] == result.solution.cells
    assert solution_problems(puzzle, result.solution) == []
    assert 0 < puzzle.filled_count() < puzzle.geometry.cell_count


@pytest.mark.parametrize("size", SIZES)
def test_symmetric_puzzles_are_unique_and_symmetric(size):
    for seed in range(3 if size < 16 else 1):
        result = generate(size, symmetric=True, seed=seed)
        assert_proper(result)
        cells, last = result.puzzle.cells, len(result.puzzle.cells) - 1
        assert all(bool(cells[i]) == bool(cells[last - i]) for i in range(len(cells)))


@pytest.mark.parametrize("size", (4, 6, 9))
def test_asymmetric_puzzles_are_unique_and_minimal(size):
    result = generate(size, symmetric=False, seed=7)
    assert_proper(result)
    g, cells = result.puzzle.geometry, result.puzzle.cells
    for cell in range(g.cell_count):
        if cells[cell]:
            fewer = cells[:cell] + (0,) + cells[cell + 1:]
            assert len(search(g, fewer, 2)) == 2, "every clue is needed"


def test_same_seed_same_puzzle_and_seeds_differ():
    first = generate(9, seed=2024)
    assert generate(9, seed=2024).puzzle == first.puzzle
    others = {generate(9, seed=s).puzzle.cells for s in range(5)}
    assert len(others) == 5


def test_no_seed_leaves_global_random_alone():
    random.seed(11)
    expected = random.random()
    random.seed(11)
    generate(6, seed=3)
    generate(6)
    assert random.random() == expected


@pytest.mark.parametrize("size", sorted(BOX_SHAPES))
def test_base_pattern_and_shuffles_keep_grids_valid(size):
    g = geometry(size)
    empty = Puzzle(g, [0] * g.cell_count)
    grid = base_pattern(g)
    assert solution_problems(empty, Puzzle(g, grid)) == []
    rng = random.Random(size)
    for _ in range(5):
        grid = shuffled(g, grid, rng)
        assert solution_problems(empty, Puzzle(g, grid)) == []


def test_line_order_keeps_groups_together():
    order = line_order(random.Random(1), 12, 3)
    assert sorted(order) == list(range(12))
    for start in range(0, 12, 3):
        assert len({line // 3 for line in order[start:start + 3]}) == 1


@pytest.mark.parametrize("level", ["Easy", "Medium"])
def test_easy_and_medium_are_met(level):
    for seed in range(2):
        result = generate(9, level, seed=seed)
        assert_proper(result)
        assert result.matched
        assert rate(result.puzzle).level == level == result.rating.level


def test_easy_puzzles_need_only_singles():
    result = generate(9, "Easy", seed=4)
    assert {step.technique for step in solve_path(result.puzzle).steps} <= {t.name for t in SINGLES}


@pytest.mark.parametrize("level", LEVELS[2:])
def test_matched_says_whether_the_level_was_met(level):
    result = generate(9, level, seed=1, max_attempts=4)
    assert_proper(result)
    assert result.rating == rate(result.puzzle)
    assert result.matched == (result.rating.level == level)
    assert 1 <= result.attempts <= 4


def test_an_unreachable_level_gives_the_closest_after_the_bound():
    result = generate(4, "Extreme", seed=0, max_attempts=3)
    assert_proper(result)
    assert not result.matched
    assert result.attempts == 3
    assert result.rating.level != "Extreme"


def test_difficulty_is_reproducible_and_checked():
    first = generate(9, "Hard", seed=8, max_attempts=3)
    assert generate(9, "Hard", seed=8, max_attempts=3) == first
    with pytest.raises(ValueError, match="Medium"):
        generate(9, "Diabolical")


def test_is_single_spots_naked_and_hidden_singles_of_the_givens():
    g4 = geometry(4)
    full = list(base_pattern(g4))
    digit, full[5] = full[5], 0
    assert is_single(g4, full, 5, digit)  # naked: its peers show the other three digits
    assert not is_single(g4, [0] * 16, 5, 1)
    g = geometry(9)
    cells = [0] * 81
    for row, col in ((1, 3), (2, 6), (4, 1), (7, 2)):
        cells[row * 9 + col] = 1  # every cell of row 1 but the first sees a 1
    assert is_single(g, cells, 0, 1)  # hidden single in row 1
    assert not is_single(g, cells, 0, 2)
    assert not is_single(g, cells, 5 * 9 + 5, 1)  # row 6, column 6: 1 could go elsewhere


def test_extreme_means_hard_techniques_not_search():
    result = generate(9, "Extreme", seed=0)
    assert result.matched and result.rating.level == "Extreme"
    path = solve_path(result.puzzle)
    assert path.logical and rate(result.puzzle, path) == result.rating


def test_logical_only_puzzles_are_rated_and_need_no_search():
    result = generate(9, seed=5, logical_only=True)
    assert result.matched and result.rating is not None
    assert solve_path(result.puzzle).logical
    assert distance(result.rating, 4, logical=True)[0] == 0
    search_rating = Rating("Extreme", 10500, "Search (trial and error)", 40)
    assert distance(search_rating, 4, logical=True)[0] == 1
    assert distance(search_rating, 4, logical=False)[:2] == (0, 0)


# -- variants ----------------------------------------------------------------------------------

VARIANTS = ("x", "windoku", "anti-knight", "anti-king", "jigsaw")


@pytest.mark.parametrize("name", VARIANTS)
def test_variant_puzzles_are_unique_by_an_independent_counter(name):
    from tests.test_variants import Checker

    for seed in range(2):
        result = generate(9, seed=seed, rules=[name])
        puzzle = result.puzzle
        assert puzzle.geometry.rule_names() == (name,)
        checker = Checker(puzzle.to_text())  # the rules read back from the text alone
        assert checker.count() == 1
        assert checker.problems(list(result.solution.cells)) == []
        assert 0 < puzzle.filled_count() < 81
        assert generate(9, seed=seed, rules=name) == result  # a name alone, and reproducible


def test_jigsaw_regions_are_random_connected_and_of_nine_cells():
    maps = set()
    for seed in range(3):
        regions = generate(9, "Easy", seed=seed, rules=["jigsaw"]).puzzle.rules.regions
        assert regions is not None
        for number in range(9):
            cells = [cell for cell in range(81) if regions[cell] == number]
            assert len(cells) == 9
            assert apart(9, cells) == -1  # one piece
        maps.add(regions)
    boxes = tuple(geometry(9).box_of(cell) for cell in range(81))
    assert len(maps) == 3 and boxes not in maps


def test_killer_cages_cover_the_grid_and_the_puzzle_is_unique_by_an_independent_counter():
    from tests.killer import Killer

    for seed in range(3):
        result = generate(9, "Medium", seed=seed, rules=["killer"])
        g, solution = result.puzzle.geometry, result.solution.cells
        assert g.rule_names() == ("killer",) and result.matched
        covered = sorted(cell for _, cells in g.cages for cell in cells)
        assert covered == list(range(81))
        for total, cells in g.cages:
            assert 1 <= len(cells) <= 5
            assert total == sum(solution[c] for c in cells)
            assert in_one_piece(9, cells)
        assert sum(len(cells) == 1 for _, cells in g.cages) <= 3  # cages of 2-5, all but a few
        assert result.puzzle.filled_count() <= 12  # the cages do the work, not the givens
        checker = Killer(result.puzzle.to_text())
        assert checker.count(2) == 1 and checker.problems(list(solution)) == []


@pytest.mark.parametrize("name", ["killer", "jigsaw", "x", "anti-king"])
@pytest.mark.parametrize("level", ["Easy", "Medium"])
def test_easier_variant_levels_are_met_and_explained_without_trial_and_error(name, level):
    result = generate(9, level, seed=3, rules=[name])
    assert result.matched and result.rating == rate(result.puzzle)
    assert result.rating.level == level
    path = solve_path(result.puzzle)
    assert path.logical  # every step a technique: no search
    if level == "Easy":
        assert {step.technique for step in path.steps} <= {t.name for t in SINGLES}


def test_a_missed_variant_level_gives_the_closest_within_the_bound():
    result = generate(9, "Extreme", seed=0, rules=["anti-king"], max_attempts=2)
    assert_proper(result)
    assert 1 <= result.attempts <= 2
    assert result.matched == (result.rating.level == "Extreme")


@pytest.mark.parametrize(("rules", "words"), [
    ("sumdoku-x", "unsupported rule"), (["x", "nonsense"], "unsupported rule"),
    (5, "rules must be"), ({"x"}, "rules must be"),
])
def test_bad_rules_are_refused(rules, words):
    with pytest.raises(ValueError, match=words):
        generate(9, seed=1, rules=rules)


def test_windoku_is_refused_off_nine_by_nine_and_classic_is_the_default():
    with pytest.raises(ValueError, match="windoku"):
        generate(6, seed=1, rules=["windoku"])
    assert generate(9, seed=1, rules="classic") == generate(9, seed=1) == generate(
        9, seed=1, rules=[])
    assert generate(9, seed=1).puzzle.geometry.rules is None
