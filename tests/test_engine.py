"""Correctness of the search engine: every solution it returns is checked from scratch
against the rules and the givens (tests.checks), never compared with stored answers."""

import random

import pytest

from solver.model.geometry import BOX_SHAPES, Rules, geometry
from solver.model.puzzle import Puzzle, read
from solver.search.codegen import fold_code
from solver.search.cube import Cube, cube_of
from solver.search.engine import cube_bits, prepared, search
from solver.search.propagate import (
    KEEP_TABLE_MAX_SIZE,
    keep_of,
    settle_namespace,
    settle_source,
)
from tests.checks import (
    NO_SOLUTION,
    full_grid,
    load_lines,
    puzzle_of,
    solution_problems,
    spelled_out_keep,
)


def assert_solves(puzzle: Puzzle, limit: int = 1) -> list:
    """Search, check every solution returned against the givens, return them."""
    solutions = search(puzzle.geometry, puzzle.cells, limit)
    assert 1 <= len(solutions) <= limit
    assert len(set(solutions)) == len(solutions)
    for solution in solutions:
        assert len(solution) == puzzle.geometry.cell_count
        assert solution_problems(puzzle, Puzzle(puzzle.geometry, solution)) == []
    return solutions


def test_full_grid_is_valid():
    for n in BOX_SHAPES:
        full = full_grid(n)
        assert solution_problems(full, full) == []


def test_top95_whole():
    for line in load_lines("top95.txt"):
        assert_solves(puzzle_of(line))


def test_17clue_sample():
    for line in load_lines("17clue_5000.txt")[::50]:
        assert_solves(puzzle_of(line), limit=2)  # unique: exactly one even when asked for two


def test_forum_hardest_sample():
    for line in load_lines("forum_hardest_1106.txt")[::15]:
        assert len(assert_solves(puzzle_of(line), limit=2)) == 1


def test_16x16_all():
    for line in load_lines("16x16_gecode.txt"):
        assert_solves(puzzle_of(line))


def test_limit_on_multi_solution_puzzles():
    for line in load_lines("multi_solution_2000.txt")[:100]:
        puzzle = puzzle_of(line)
        assert len(assert_solves(puzzle, limit=1)) == 1
        assert len(assert_solves(puzzle, limit=2)) == 2


def test_limit_zero_finds_nothing():
    puzzle = puzzle_of(load_lines("top95.txt")[0])
    assert search(puzzle.geometry, puzzle.cells, 0) == []


def test_tdoku_counts():
    for line in load_lines("tdoku_test_puzzles_count.txt"):
        puzzle = puzzle_of(line)
        count = int(line.split(":")[1])
        solutions = search(puzzle.geometry, puzzle.cells, 2)
        assert len(solutions) == min(count, 2), line
        for solution in solutions:
            assert solution_problems(puzzle, Puzzle(puzzle.geometry, solution)) == []


def test_no_solution_for_a_dead_cell():
    puzzle = read(NO_SOLUTION)  # no rule is broken, but r1c9 sees 1-8 in its row, 9 in its column
    assert search(puzzle.geometry, puzzle.cells, 2) == []


def test_input_is_not_mutated():
    line = load_lines("top95.txt")[1]
    cells = list(puzzle_of(line).cells)
    before = list(cells)
    assert_solves(Puzzle(geometry(9), cells))
    search(geometry(9), cells, 2)
    assert cells == before


def test_full_grid_is_its_own_solution():
    for n in BOX_SHAPES:
        full = full_grid(n).cells
        assert search(geometry(n), full, 2) == [full]


@pytest.mark.parametrize("n", [4, 6, 8, 9, 12, 16, 25])
def test_blanked_full_grids(n):
    full = full_grid(n).cells
    for step in (2, 3, 5):
        cells = [0 if i % step == 0 else d for i, d in enumerate(full)]
        assert_solves(Puzzle(geometry(n), cells), limit=2)


@pytest.mark.parametrize("n", [4, 6, 8, 9, 12, 16])
def test_empty_grid_has_many_solutions(n):
    solutions = assert_solves(Puzzle(geometry(n), [0] * (n * n)), limit=2)
    assert len(solutions) == 2


def counts_at(x: int, base: int, stride: int, count: int) -> int:
    """How many of the `count` bits `stride` apart from `base` are set in x."""
    return sum(1 for k in range(count) if x >> (base + k * stride) & 1)


@pytest.mark.parametrize("stride,count", [(1, 2), (1, 3), (9, 9), (7, 5), (3, 12), (2, 16),
                                          (1, 25), (11, 6)])
def test_folds_count_each_element_once(stride, count):
    rng = random.Random(stride * 100 + count)
    namespace: dict = {}
    code = (fold_code("f", "x", None, stride, count)
            + fold_code("g", "x", None, stride, count, levels=1)
            + fold_code("h", "x", None, stride, count, levels=3))
    for _ in range(200):
        x = rng.getrandbits(stride * count + 40) & rng.getrandbits(stride * count + 40)
        namespace["x"] = x
        exec("\n".join(code), namespace)
        for base in range(40):
            seen = counts_at(x, base, stride, count)
            assert (namespace["fo"] >> base & 1) == (seen >= 1)
            assert (namespace["ft"] >> base & 1) == (seen >= 2)
            assert (namespace["go"] >> base & 1) == (seen >= 1)
            assert (namespace["ho"] >> base & 1, namespace["ht"] >> base & 1,
                    namespace["hh"] >> base & 1) == (seen >= 1, seen >= 2, seen >= 3)


def reference_fixpoint(puzzle: Puzzle) -> list[int]:  # noqa: C901
    """Candidates per cell (bit d-1 = digit d) after naked and hidden singles and locked
    candidates, computed the slow, obvious way, cell by cell, until nothing changes."""
    g = puzzle.geometry
    cand = [1 << (d - 1) if d else g.all_digits for d in puzzle.cells]
    boxes = g.units[2 * g.size:]
    lines = g.units[:2 * g.size]

    def remove(cells, bit) -> bool:
        changed = False
        for cell in cells:
            if cand[cell] & bit:
                cand[cell] &= ~bit
                assert cand[cell], "a valid puzzle has no contradiction"
                changed = True
        return changed

    changed = True
    while changed:
        changed = False
        for cell in range(g.cell_count):
            m = cand[cell]
            if not m & (m - 1):
                changed |= remove(g.peers[cell], m)
        for unit in g.units:
            for d in range(g.size):
                bit = 1 << d
                places = [cell for cell in unit if cand[cell] & bit]
                if len(places) == 1 and cand[places[0]] != bit:
                    cand[places[0]] = bit
                    changed = True
        for box in boxes:
            for line in lines:
                common = set(box) & set(line)
                if not common:
                    continue
                for d in range(g.size):
                    bit = 1 << d
                    in_box = {cell for cell in box if cand[cell] & bit}
                    in_line = {cell for cell in line if cand[cell] & bit}
                    if in_box and in_box <= common:  # pointing
                        changed |= remove(set(line) - common, bit)
                    if in_line and in_line <= common:  # claiming
                        changed |= remove(set(box) - common, bit)
    return cand


def engine_fixpoint(puzzle: Puzzle) -> list[int]:
    """Candidates per cell after the engine's propagation from the givens."""
    c, settle, _ = prepared(puzzle.geometry)
    x, _ = settle(c.full, 0, cube_bits(c, puzzle.cells))
    return [
        sum(1 << d for d in range(c.size) if x >> (d * c.cells + cell) & 1)
        for cell in range(c.cells)
    ]


@pytest.mark.parametrize("name,count", [("top95.txt", 30), ("rated_se_sample.txt", 20),
                                        ("16x16_gecode.txt", 6), ("25x25_gecode_frisch.txt", 2)])
def test_propagation_reaches_the_reference_fixed_point(name, count):
    # The fixed point of these rules is unique, so the engine must reach exactly this one.
    for line in load_lines(name)[:count]:
        puzzle = puzzle_of(line)
        assert engine_fixpoint(puzzle) == reference_fixpoint(puzzle), line


def test_every_4x4_grid_is_found():
    # 288 is the number of valid 4x4 grids (a known count), so the search must miss none.
    g = geometry(4)
    solutions = search(g, [0] * 16, 1000)
    assert len(solutions) == len(set(solutions)) == 288
    empty = Puzzle(g, [0] * 16)
    assert all(solution_problems(empty, Puzzle(g, s)) == [] for s in solutions)


def choice_kind(puzzle: Puzzle, x: int, options: int) -> str:
    """'cell' if the options are every candidate of one cell, 'unit' if they are every place
    of one digit in one unit; AssertionError otherwise."""
    g = puzzle.geometry
    bits = [b for b in range(g.size * g.cell_count) if options >> b & 1]
    assert len(bits) >= 2 and options & x == options
    cells = {b % g.cell_count for b in bits}
    digits = {b // g.cell_count for b in bits}
    if len(cells) == 1:
        (cell,) = cells
        assert all(x >> (d * g.cell_count + cell) & 1 == (d in digits) for d in range(g.size))
        return "cell"
    assert len(digits) == 1
    (d,) = digits
    assert any(cells == {i for i in unit if x >> (d * g.cell_count + i) & 1}
               for unit in g.units)
    return "unit"


@pytest.mark.parametrize("name,count", [("forum_hardest_1106.txt", 40), ("16x16_gecode.txt", 10),
                                        ("25x25_gecode_frisch.txt", 2)])
def test_branching_offers_a_whole_choice(name, count):
    # At the settled root: one cell's candidates (two, when some cell has two) or one
    # digit's two places in a row, column or box; units do occur in these sets.
    kinds = set()
    for line in load_lines(name)[:count]:
        puzzle = puzzle_of(line)
        c, settle, choose = prepared(puzzle.geometry)
        x, _ = settle(c.full, 0, cube_bits(c, puzzle.cells))
        options = choose(x)
        if not options:  # solved by propagation alone: every cell has one candidate
            assert x.bit_count() == c.cells
            continue
        kind = choice_kind(puzzle, x, options)
        kinds.add(kind)
        assert options.bit_count() == 2 or kind == "cell"
    if name.startswith("forum"):
        assert kinds == {"cell", "unit"}


@pytest.mark.parametrize("n", [n for n in BOX_SHAPES if n <= KEEP_TABLE_MAX_SIZE])
def test_keep_entries_are_what_placing_a_bit_removes(n):
    # keep_of makes each with a shift and an xor (MicroPython makes them at the page's first
    # Solve): every entry as its definition spells it, and so the table CPython's settle reads.
    g = geometry(n)
    c = cube_of(g)
    keep = keep_of(c)
    spelled = spelled_out_keep(c, g)
    assert [keep(i) for i in range(n * c.cells)] == spelled
    settle = prepared(g)[1]
    assert settle.__globals__["KEEP"] == spelled
    assert settle.__globals__["BIT"] == [1 << i for i in range(n * c.cells)]


def test_micropythons_settle_makes_each_keep_entry_when_first_placed():
    # MicroPython's source (no int.bit_length), run here: the same answers as CPython's
    # settle, the KEEP entries it made the spelled-out ones, the others never made.
    g = geometry(9)
    c, settle, _ = prepared(g)
    namespace = settle_namespace(c, native=False)
    exec(compile(settle_source(c, native=False), "<MicroPython's settle>", "exec"), namespace)
    spelled = spelled_out_keep(c, g)
    for line in load_lines("top95.txt")[:10]:
        bits = cube_bits(c, puzzle_of(line).cells)
        assert namespace["settle"](c.full, 0, bits) == settle(c.full, 0, bits)
    made = [i for i, kept in enumerate(namespace["KEEP"]) if kept]
    assert 0 < len(made) < len(spelled)
    assert all(namespace["KEEP"][i] == spelled[i] for i in made)


GEOMETRIES = {f"{n}x{n}": geometry(n) for n in BOX_SHAPES} | {
    repr(rules): rules.geometry() for rules in (
        Rules(9, x=True, anti_knight=True), Rules(9, windoku=True, anti_king=True),
        Rules(6, anti_knight=True, anti_king=True),
        Rules(4, regions="AAAB\nACBB\nCCDB\nCDDD", anti_king=True),
        Rules(9, cages=[(6, (20, 28, 29))]),  # r3c3 and r4c2 share no unit
    )
}


@pytest.mark.parametrize("name", GEOMETRIES)
def test_the_cube_peers_are_the_geometrys(name):
    # made from unit masks and the pairs a rule keeps apart, not peer by peer
    g = GEOMETRIES[name]
    assert g.sees or g.rules is None  # a variant's pairs kept apart are tried too
    assert Cube(g).peers == tuple(sum(1 << p for p in peers) for peers in g.peers)
