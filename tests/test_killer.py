"""Killer sudoku (cages with sums, alone or with other rules): the cages in Rules and the
peers they make, the `cages:` text form that round-trips, the errors naming a bad cage,
conflicts with the givens, and solve/analyse/count_solutions on generated puzzles with no
givens, every count and solution checked by tests/killer.py's own backtracking (the rules
read from the text, never from the library's geometry)."""

import itertools
import random

import pytest

from solver import (
    PuzzleError,
    Rules,
    analyse,
    conflicts,
    count_solutions,
    parse,
    read,
    read_puzzles,
    solve,
)
from solver.model.geometry import KILLER, cage_combinations
from solver.search.engine import search
from tests.checks import search_solutions
from tests.killer import Killer, killer_text, random_cages, random_grid, unique_killer

# A small Killer (made by tests.killer's generator, kept as text): one solution, 2 1 4 3 /
# 4 3 1 2 / 3 4 2 1 / 1 2 3 4, which the checker counts again below.
SMALL = """rules: killer
cages:
r1c1 r2c1 r2c2 = 9
r1c2 r1c3 = 5
r1c4 r2c4 = 5
r2c3 r3c3 = 3
r3c1 = 3
r3c2 r4c2 r4c3 = 9
r3c4 r4c4 = 5
r4c1 = 1
grid:
....
....
....
...."""
SMALL_SOLUTION = [2, 1, 4, 3, 4, 3, 1, 2, 3, 4, 2, 1, 1, 2, 3, 4]


def generated(n: int, seed: int, x: bool = False) -> tuple[str, list[int]]:
    """(text, solution) of a Killer with no givens from a random grid and random cages;
    not necessarily unique."""
    rng = random.Random(seed)
    solution = random_grid(n, rng, x)
    return killer_text(n, random_cages(n, solution, rng, 4), rules="killer, x" if x else
                       "killer"), solution


# -- the cages in Rules ----------------------------------------------------------------------

def test_cages_become_peers_and_stay_as_sums():
    rules = Rules(9, cages=[(17, [10, 0]), (3, (1, 2)), (9, [80])])
    assert rules.cages == ((17, (0, 10)), (3, (1, 2)), (9, (80,)))  # sorted, by first cell
    assert rules.names == (KILLER,) and not rules.classic
    g = rules.geometry()
    assert g.cages == rules.cages
    assert 10 in g.peers[0] and 0 in g.peers[10]  # a cage's cells see each other
    assert (0, 10, KILLER) not in g.sees  # the same column already keeps them apart
    x_rules = Rules(9, x=True, cages=[(3, [0, 10]), (11, [3, 13])])
    assert (3, 13, KILLER) not in x_rules.geometry().sees  # same box
    apart = Rules(9, cages=[(10, [2, 3])]).geometry()  # r1c3, r1c4: one row, two boxes
    assert 3 in apart.peers[2]
    far = Rules(9, cages=[(10, [0, 80])]).geometry()  # shares no unit: a seen pair
    assert (0, 80, KILLER) in far.sees and 80 in far.peers[0]
    assert Rules(9, cages=[(3, [0, 1])]) == Rules(9, cages=[[3, (1, 0)]])
    assert hash(Rules(9, cages=[(3, [0, 1])])) == hash(Rules(9, cages=[(3, (0, 1))]))
    assert Rules(9, cages=[(3, [0, 1])]) != Rules(9, cages=[(4, [0, 1])])
    assert Rules(9, x=True, cages=[(3, [0, 1])]).names == (KILLER, "x")


@pytest.mark.parametrize("cages, words, cells", [
    ([(3, [0, 0])], "row 1, column 1 twice", (0,)),
    ([(3, [0, 1]), (7, [1, 2])], "row 1, column 2 is in two cages (of 3 and of 7)", (1,)),
    ([(2, [0, 1])], "cannot make its sum: 2 different digits 1-9 add up to 3-17", (0, 1)),
    ([(18, [0, 1])], "add up to 3-17", (0, 1)),
    ([(50, list(range(10)))], "10 different digits 1-9 do not exist", tuple(range(10))),
    ([(3, [81])], "81, no cell of a 9x9 grid", ()),
    ([(3, [-1, 0])], "-1, no cell", ()),
    ([(3, ["r1c1"])], "'r1c1', no cell", ()),
    ([(3, [])], "non-empty list of cell numbers", ()),
    ([(3.0, [0, 1])], "its sum must be a whole number, not 3.0", (0, 1)),
    ([3, [0, 1]], "a (sum, cells) pair, not 3", ()),
    ("r1c1 = 3", "a list of (sum, cells) pairs", ()),
])
def test_bad_cages_are_named(cages, words, cells):
    with pytest.raises(PuzzleError) as raised:
        Rules(9, cages=cages)
    assert words in raised.value.message
    assert tuple(raised.value.cells) == cells


def test_cage_combinations_are_every_set_of_digits_with_the_sum():
    for n in (4, 6, 9):
        for k in range(1, n + 1):
            for total in range(0, n * (n + 1) // 2 + 2):
                want = sorted(sum(1 << (d - 1) for d in combo)
                              for combo in itertools.combinations(range(1, n + 1), k)
                              if sum(combo) == total)
                assert list(cage_combinations(n, k, total)) == want, (n, k, total)
    assert cage_combinations(9, 3, 23) == (0b110100000,)  # 6, 8, 9


# -- the text form -----------------------------------------------------------------------------

@pytest.mark.parametrize("n, seed, x", [(4, 1, False), (6, 2, False), (9, 3, False),
                                        (6, 4, True), (4, 5, True)])
def test_text_form_round_trips(n, seed, x):
    text, solution = generated(n, seed, x)
    puzzle = read(text)
    assert puzzle.to_text() == text  # cages in order of first cell, cells in reading order
    assert read(puzzle.to_text()) == puzzle
    assert puzzle.rules.cages == tuple((t, tuple(c)) for t, c in Killer(text).cages)
    with_givens = Rules(n, x=x, cages=puzzle.rules.cages)
    given = parse([solution[r * n:(r + 1) * n] for r in range(n)], rules=with_givens)
    assert read(given.to_text()) == given and given.to_text() != puzzle.to_text()


def test_text_form_is_read_leniently():
    loose = SMALL.replace("r1c2 r1c3 = 5", "  R1C2, r1c3=5  ").replace("cages:", "Cages:\n")
    assert read(loose) == read(SMALL)
    no_label = SMALL.replace("grid:\n", "")
    assert read(no_label) == read(SMALL)
    killer_x = read(SMALL.replace("rules: killer", "rules: killer x"))
    assert killer_x.rules.x and killer_x.rules.cages == read(SMALL).rules.cages
    assert read("rules: killer-sudoku" + SMALL[len("rules: killer"):]) == read(SMALL)


@pytest.mark.parametrize("change, words", [
    (("r1c2 r1c3 = 5", "r1c2 r1c3 5"), "cage line 2 (line 4 of the text): 'r1c2 r1c3 5' is "
                                       "not cells then = and the sum"),
    (("r1c2 r1c3 = 5", "r1c2 r1c3 = five"), "cage line 2 (line 4 of the text)"),
    (("r1c2 r1c3 = 5", "r1c2 r1c5 = 5"), "cage line 2 (line 4 of the text): 'r1c5' is no cell "
                                         "of a 4x4 grid"),
    (("r4c1 = 1", "r4x1 = 1"), "cage line 8 (line 10 of the text): 'r4x1'"),
    (("r1c2 r1c3 = 5", "r1c2 r1c2 = 5"), "row 1, column 2 twice"),
    (("r3c1 = 3", "r3c1 r3c2 = 7"), "row 3, column 2 is in two cages (of 7 and of 9)"),
    (("r1c2 r1c3 = 5", "r1c2 r1c3 = 8"), "the cage of 8 at row 1, column 2 cannot make its "
                                         "sum: 2 different digits 1-4 add up to 3-7"),
    (("rules: killer", "rules: x"), "cages are only for a killer: name the rule killer"),
])
def test_bad_cage_text_is_named(change, words):
    with pytest.raises(PuzzleError) as raised:
        read(SMALL.replace(*change))
    assert words in raised.value.message


def test_a_killer_without_cages_is_named():
    with pytest.raises(PuzzleError, match="a killer needs its cages"):
        read("rules: killer\ngrid:\n" + "." * 16)
    with pytest.raises(PuzzleError, match="the cages are missing after 'cages:'"):
        read("rules: killer\ncages:\ngrid:\n" + "." * 16)


def test_read_puzzles_reads_every_killer_of_a_file():
    texts = [generated(4, seed)[0] for seed in range(3)]
    entries = read_puzzles("\n\n".join(texts))
    assert [entry.puzzle for entry in entries] == [read(text) for text in texts]


# -- conflicts -------------------------------------------------------------------------------

def test_conflicts_name_a_repeat_in_a_cage_and_a_sum_the_givens_break():
    rules = Rules(9, cages=[(10, [0, 10, 20, 30]), (9, [8, 16])])
    repeat = [[0] * 9 for _ in range(9)]
    repeat[0][8] = repeat[1][7] = 4  # r1c9 and r2c8: same box, reported there
    repeat[0][0] = repeat[3][3] = 0
    puzzle = read(repeat, rules=rules)
    assert conflicts(puzzle) == [(20, 4, (8, 16))]  # box 3, not the cage again
    apart = read("rules: killer\ncages:\nr1c1 r5c5 = 10\ngrid:\n5...." + "." * 35 + "5"
                 + "." * 40)
    assert conflicts(apart) == [(KILLER, 5, (0, 40))]
    with pytest.raises(PuzzleError) as raised:
        parse(apart)
    assert "two 5s in one cage (row 1, column 1 and row 5, column 5)" in raised.value.message
    over = read("rules: killer\ncages:\nr1c1 r1c2 r1c3 = 8\ngrid:\n6" + "." * 80)
    assert [p[:2] for p in conflicts(over)] == [("cage sum", 8)]
    with pytest.raises(PuzzleError) as raised:
        parse(over)
    assert raised.value.message == ("the cage of 8 at row 1, column 1 (3 cells) cannot hold "
                                    "its givens: no 3 different digits with them add up to 8")
    assert tuple(raised.value.cells) == (0, 1, 2)
    assert conflicts(read(SMALL)) == []
    full = read("rules: killer\ncages:\nr1c1 r1c2 r1c3 = 8\ngrid:\n125" + "." * 78)
    assert conflicts(full) == []  # 1 + 2 + 5 = 8


# -- search ----------------------------------------------------------------------------------

def test_the_hand_made_killer_is_solved():
    checker = Killer(SMALL)
    assert checker.count(limit=3) == 1 and checker.problems(SMALL_SOLUTION) == []
    result = analyse(SMALL)
    assert result.count == 1 and list(result.solution.cells) == SMALL_SOLUTION
    assert solve(SMALL) == result.solution.to_string()
    assert count_solutions(SMALL, 5) == 1


@pytest.mark.parametrize("n, seed, x", [(4, s, False) for s in range(12)]
                         + [(6, s, False) for s in range(8)] + [(4, s, True) for s in range(6)]
                         + [(6, s, True) for s in range(4)])
def test_generated_killers_count_as_the_checker_counts(n, seed, x):
    """No givens; unique, several or (a sum changed) no solution, counted both ways."""
    text, solution = generated(n, seed, x)
    checker = Killer(text)
    want = checker.count(limit=3)
    assert count_solutions(text, 3) == want >= 1
    result = analyse(text)
    assert result.count == min(want, 2)
    assert checker.problems(list(result.solution.cells)) == []
    found = search(read(text).geometry, read(text).cells, 3)
    assert len(found) == want and all(checker.problems(list(s)) == [] for s in found)
    assert len(set(found)) == len(found)
    # The first cage of 2 to n-1 cells has its sum moved by one, within what its digits can
    # make: the grid's own digits no longer fit it; the counts agree again (often none).
    k = next(i for i, (_, cells) in enumerate(checker.cages) if 1 < len(cells) < n)
    total, size = checker.cages[k][0], len(checker.cages[k][1])
    moved = total + 1 if total < size * (2 * n - size + 1) // 2 else total - 1
    line = killer_text(n, [checker.cages[k]]).split("\n")[2]
    other = text.replace("\n" + line + "\n", "\n" + line.rsplit("=", 1)[0] + f"= {moved}\n")
    assert other != text
    assert count_solutions(other, 3) == Killer(other).count(limit=3)


@pytest.mark.parametrize("seed, x", [(7, False), (8, True)])
def test_a_9x9_killer_with_no_givens_is_solved(seed, x):
    text, solution = unique_killer(9, seed, x=x, solutions=search_solutions)
    checker = Killer(text)
    assert checker.count(limit=2) == 1  # unique by the second, independent method too
    result = analyse(text)
    assert result.count == 1 and list(result.solution.cells) == solution
    assert checker.problems(solution) == []


def test_a_killer_never_hands_over_to_clause_learning():
    """Clause learning knows no cage sums: even asked to hand over at once, the search stays
    depth-first and finds only true solutions."""
    text, _ = generated(6, 3)
    puzzle = read(text)
    checker = Killer(text)
    found = search(puzzle.geometry, puzzle.cells, 3, handover=0)
    assert len(found) == checker.count(limit=3)
    assert all(checker.problems(list(s)) == [] for s in found)


def test_the_logic_engine_explains_a_killer_from_its_cages():
    from solver.logic import solve_path

    path = solve_path(read(SMALL))
    assert path.logical and Killer(SMALL).problems(list(path.solution.cells)) == []
    assert "Cage combinations" in {step.technique for step in path.steps}


def test_the_command_line_solves_and_counts_a_killer_file(tmp_path):
    import io

    from solver.cli import main

    file = tmp_path / "killer.txt"
    file.write_text(SMALL + "\n")
    out = io.StringIO()
    assert main(["solve", str(file)], out) == 0
    assert out.getvalue().split() == ["".join(map(str, SMALL_SOLUTION))]
    out = io.StringIO()
    assert main(["count", str(file)], out) == 0 and out.getvalue().split() == ["1"]


def test_the_command_line_hints_and_explains_a_killer_file(tmp_path):
    import io

    from solver.cli import main
    from solver.logic import next_step, solve_path

    file = tmp_path / "killer.txt"
    file.write_text(SMALL + "\n")
    out = io.StringIO()
    assert main(["hint", str(file)], out) == 0
    assert out.getvalue().strip() == next_step(read(SMALL)).nudge()
    out = io.StringIO()
    assert main(["explain", str(file)], out) == 0
    lines = out.getvalue().strip().split("\n")
    path = solve_path(read(SMALL))
    assert len(lines) == len(path.steps) and lines[0].startswith("1. Cage combinations: ")
