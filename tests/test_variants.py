"""Variant rules (jigsaw, X, Windoku, anti-knight, anti-king and their combinations): the
Rules description and the units and peers it makes, the text form that round-trips, and
solve/analyse/count_solutions on hand-made puzzles, every solution and count checked by an
independent brute-force checker written here (it reads the rules from their names and the
region letters, never from the library's geometry)."""

import pytest

from solver import (
    PuzzleError,
    Rules,
    analyse,
    conflicts,
    count_solutions,
    geometry,
    parse,
    read,
    read_puzzles,
    solve,
)
from solver.model.puzzle import Puzzle
from solver.search.engine import prepared, search
from solver.search.sat import sat_search

JIGSAW_MAP = """AAABBBCCC
AAABBBCCC
AAABBBCCC
DDDDDEEEE
FDFDDDEEE
FFFFFFEEG
FHHIIIGGG
HHHHIIGGG
HHHIIIIGG"""
JIGSAW6_MAP = "ABBBBB\nAAABCC\nADDDCC\nADDDCC\nEEEFFF\nEEEFFF"


def text(header: str, grid: str, regions: str | None = None) -> str:
    """A variant's text form: header, region map if any, grid."""
    parts = ["rules: " + header]
    if regions is not None:
        parts += ["regions:", regions]
    return "\n".join(parts + ["grid:", grid])


# Made by removing givens from a solution while one solution was left (the engine's count),
# each count checked again below by brute force: one solution under its rules, several
# under the classic rules (or none that is classic): the variant's rules decide it.
PUZZLES = {
    "x": text("x", "6.85........92............69.....64.....1....."
                   "3..5.....5.1.......4...........21.."),
    "windoku": text("windoku",
                    "6.85........93............1.......3.....7.....1..2.....2.8....5..............47.."),
    "anti-knight": text("anti-knight",
                        "...5.........29...........8..2....4.....8..1.....5.....1.7...................6..."),
    "anti-king": text("anti-king",
                      "6..5........78............1.......3........4..2..37.1..6.4....2.....6....1...53.."),
    "jigsaw": text("jigsaw", "...68.....2....6....9............7.9..........6.5.1....3...215."
                   "..7...8....1..4.6.", JIGSAW_MAP),
    "jigsaw x": text("jigsaw, x", "...68..........3....3.....7.............2.....54..6....19....."
                     "..6.........8..1...", JIGSAW_MAP),
    "jigsaw anti-king": text("jigsaw, anti-king", "...68......3...4......9...........1........."
                             "......9....9........14...3....2..7...", JIGSAW_MAP),
    "x windoku anti-king": text("x, windoku, anti-king", "....8...............6......3........."
                                ".............1....3.5......28...4....9..8..."),
    "jigsaw 6x6": text("jigsaw", "..2.....4.2.23..1..6...3...6........", JIGSAW6_MAP),
    "x 4x4": text("x", "...........4.1.3"),
    "anti-knight 6x6": text("anti-knight", "..2.......4..1...5.24............6.."),
}


# -- the independent checker: the rules from their names, never from solver's geometry ------

CLASSIC_BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3)}


def rule_units(n: int, names: set, regions: str | None) -> list[set]:
    """Every group of cells that holds each digit once under the rules."""
    units = [{r * n + c for c in range(n)} for r in range(n)]
    units += [{r * n + c for r in range(n)} for c in range(n)]
    if "jigsaw" in names:
        letters = "".join(regions.split())
        units += [{i for i, x in enumerate(letters) if x == k} for k in set(letters)]
    else:
        br, bc = CLASSIC_BOXES[n]
        units += [{(top + r) * n + left + c for r in range(br) for c in range(bc)}
                  for top in range(0, n, br) for left in range(0, n, bc)]
    if "x" in names:
        units += [{i * n + i for i in range(n)}, {i * n + n - 1 - i for i in range(n)}]
    if "windoku" in names:
        units += [{(top + r) * n + left + c for r in range(3) for c in range(3)}
                  for top in (1, 5) for left in (1, 5)]
    return units


def rule_pairs(n: int, names: set) -> set:
    """Every pair of cells (a, b) that must differ though they may share no unit."""
    moves = []
    if "anti-knight" in names:
        moves += [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
    if "anti-king" in names:
        moves += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    return {(r * n + c, (r + dr) * n + c + dc) for r in range(n) for c in range(n)
            for dr, dc in moves if 0 <= r + dr < n and 0 <= c + dc < n}


class Checker:
    """A puzzle's rules read from its own text, and plain backtracking over them."""

    def __init__(self, source: str):
        lines = source.split("\n")
        self.names = set(lines[0].split(":")[1].replace(",", " ").split())
        regions = None
        if "regions:" in lines:
            start = lines.index("regions:") + 1
            regions = "\n".join(lines[start:lines.index("grid:")])
        grid = "".join(lines[lines.index("grid:") + 1:])
        self.n = n = int(len(grid) ** 0.5)
        self.givens = [0 if ch == "." else int(ch) for ch in grid]
        self.units = rule_units(n, self.names, regions)
        self.pairs = rule_pairs(n, self.names)
        self.near = [set() for _ in range(n * n)]
        for unit in self.units:
            for a in unit:
                self.near[a] |= unit - {a}
        for a, b in self.pairs:
            self.near[a].add(b)
            self.near[b].add(a)

    def problems(self, cells, givens=None) -> list[str]:
        """Why `cells` is not a solution of the puzzle (of `givens`, default its own) under
        its rules ([] when it is)."""
        n, found = self.n, []
        for unit in self.units:
            if sorted(cells[c] for c in unit) != list(range(1, n + 1)):
                found.append(f"unit {sorted(unit)} does not hold 1-{n} once each")
        found += [f"cells {a} and {b} both hold {cells[a]}" for a, b in self.pairs
                  if cells[a] == cells[b]]
        found += [f"given {g} at cell {i} changed" for i, g in enumerate(givens or self.givens)
                  if g and g != cells[i]]
        return found

    def count(self, cells=None, limit: int = 2) -> int:
        """Solutions of `cells` (default: the givens), counted to `limit`, by backtracking
        on the empty cell with the fewest digits that fit."""
        cells = list(self.givens if cells is None else cells)
        found = 0

        def walk() -> None:
            nonlocal found
            best, options = -1, None
            for i, d in enumerate(cells):
                if not d:
                    fit = set(range(1, self.n + 1)) - {cells[p] for p in self.near[i]}
                    if options is None or len(fit) < len(options):
                        best, options = i, fit
            if best < 0:
                found += 1
                return
            for d in sorted(options):
                cells[best] = d
                walk()
                cells[best] = 0
                if found >= limit:
                    return

        walk()
        return found


# -- Rules and the geometry it makes ---------------------------------------------------------


def test_classic_rules_keep_the_classic_geometry():
    assert Rules(9).geometry() is geometry(9)
    assert Rules(9).classic and Rules(9).names == ()
    g = geometry(9)
    assert g.rules is None and g.sees == () and len(g.units) == 27
    assert all(len(us) == 3 for us in g.cell_units) and all(len(p) == 20 for p in g.peers)


def test_rules_become_units_and_peers():
    g = Rules(9, x=True, windoku=True).geometry()
    assert len(g.units) == 27 + 2 + 4
    assert g.unit_name(27) == "diagonal 1" and g.unit_name(29) == "window 1"
    assert g.cell_units[40] == (4, 13, 22, 27, 28)  # the centre: both diagonals
    assert g.cell_units[10] == (1, 10, 18, 27, 29)  # r2c2: main diagonal and window 1
    knight = Rules(9, anti_knight=True).geometry()
    assert len(knight.units) == 27 and len(knight.peers[40]) == 20 + 8
    assert (2, 13, "anti-knight") in knight.sees and len(knight.peers[2]) == 20 + 2
    assert len(knight.peers[0]) == 20  # a corner's two knight's moves stay in its box
    king = Rules(9, anti_king=True).geometry()
    assert len(king.peers[40]) == 20  # its four diagonal neighbours share its box
    assert len(king.peers[2]) == 20 + 1  # r1c3 touches r2c4 across a box corner
    jigsaw = Rules(9, regions=JIGSAW_MAP).geometry()
    assert jigsaw.unit_names[18] == ("region", 1)
    assert set(jigsaw.units[21]) == {27, 28, 29, 30, 31, 37, 39, 40, 41}  # region D


def test_rules_are_values():
    assert Rules(9, x=True) == Rules(9, x=True) and Rules(9, x=True) != Rules(9)
    relabelled = JIGSAW_MAP.translate(str.maketrans("ABCDEFGHI", "IHGFEDCBA"))
    assert Rules(9, regions=relabelled) == Rules(9, regions=JIGSAW_MAP)
    assert Rules(9, regions=JIGSAW_MAP).geometry() is Rules(9, regions=relabelled).geometry()
    assert Rules(9, x=True, anti_king=True).names == ("x", "anti-king")


@pytest.mark.parametrize("make, words", [
    (lambda: Rules(6, windoku=True), "9x9 rule"),
    (lambda: Rules(9, x=1), "x must be True or False"),
    (lambda: Rules(9, regions="ABC"), "region map has 1 lines"),
    (lambda: Rules(9, regions=JIGSAW_MAP.replace("A", "B", 1)), "region 'B' has 10 cells"),
    (lambda: Rules(9, regions=JIGSAW_MAP.replace("I", "J", 1)), "more than 9 regions"),
    (lambda: Rules(9, regions=[0] * 80), "regions must be 81 labels"),
    (lambda: Rules(7), "size must be"),
])
def test_bad_rules_are_named(make, words):
    with pytest.raises(PuzzleError, match=words):
        make()


# -- the text form ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_text_form_round_trips(name):
    puzzle = read(PUZZLES[name])
    assert puzzle.geometry.rules is not None
    assert puzzle.to_text() == PUZZLES[name].replace(PUZZLES[name].split("grid:\n")[1],
                                                     rows_of(puzzle))
    again = read(puzzle.to_text())
    assert again == puzzle and again.geometry is puzzle.geometry
    assert read(puzzle.to_string(), rules=puzzle.rules) == puzzle
    assert read(puzzle.rows(), rules=puzzle.rules) == puzzle


def rows_of(puzzle: Puzzle) -> str:
    n, line = puzzle.size, puzzle.to_string()
    return "\n".join(line[r * n:(r + 1) * n] for r in range(n))


def test_a_variant_is_not_the_classic_puzzle_of_its_digits():
    puzzle = read(PUZZLES["x"])
    assert puzzle != read(puzzle.to_string())
    assert repr(puzzle).endswith("Rules(9, x))")


def test_text_form_is_read_leniently():
    grid = PUZZLES["x"].split("grid:\n")[1]
    for header in ("Rules: X", "RULES:  diagonal", "rules: classic x"):
        assert read(header + "\n\n" + grid).rules == Rules(9, x=True)
    assert read("rules: Anti_Knight, ANTIKING\n" + "." * 81).rules == Rules(
        9, anti_knight=True, anti_king=True)
    assert read("rules: classic\n" + grid).geometry is geometry(9)
    spaced = "rules: jigsaw\nregions:\n" + "\n".join(" ".join(line) for line in
                                                      JIGSAW_MAP.split("\n")) + "\n" + "." * 81
    assert read(spaced).rules == Rules(9, regions=JIGSAW_MAP)


@pytest.mark.parametrize("source, words", [
    ("rules: killer\n" + "." * 81, "a killer needs its cages"),
    ("rules: x, thermo\n" + "." * 81, "unsupported rule 'thermo'"),
    ("rules: jigsaw\n" + "." * 81, "a jigsaw needs its region map"),
    ("rules: x\nregions:\n" + JIGSAW_MAP + "\n" + "." * 81, "only for a jigsaw"),
    ("rules: jigsaw\nregions:\n" + JIGSAW_MAP.replace("HHHHIIGGG", "HHHHIIGG") + "\n" + "." * 81,
     r"region map line 8 \(line 10 of the text\) has 8 letters"),
    ("rules: jigsaw\nregions:\n" + JIGSAW_MAP.replace("FDFDDDEEE", "FDF*DDEEE") + "\n" + "." * 81,
     r"region map line 5 \(line 7 of the text\), column 4: '\*' is not a region letter"),
    ("rules: jigsaw\nregions:\n" + JIGSAW_MAP.replace("HHHIIIIGG", "HHHIIIIGH") + "\n" + "." * 81,
     "region 'G' has 8 cells"),
    ("rules: windoku\n" + "." * 36, "9x9 rule"),
    ("rules: x\n" + "." * 80, "found 80 cells"),
])
def test_bad_text_is_named(source, words):
    with pytest.raises(PuzzleError, match=words):
        read(source)


def test_bad_region_map_names_its_cells():
    source = "rules: jigsaw\nregions:\n" + JIGSAW_MAP.replace("FDF", "FDG", 1) + "\n" + "." * 81
    with pytest.raises(PuzzleError) as caught:
        read(source)
    assert "region 'F' has 8 cells" in caught.value.message
    assert 38 not in caught.value.cells and len(caught.value.cells) == 8


def test_rules_given_and_named_must_agree():
    with pytest.raises(PuzzleError, match="other than the rules given"):
        read(PUZZLES["x"], rules=Rules(9, anti_king=True))
    with pytest.raises(PuzzleError, match="rules are for 6x6"):
        read("." * 81, rules=Rules(6, x=True))
    with pytest.raises(PuzzleError, match="must be a Rules"):
        read("." * 81, rules="x")


def test_read_puzzles_reads_every_variant_of_a_file():
    classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    entries = read_puzzles(classic + "\n\n" + PUZZLES["jigsaw"] + "\n\n" + PUZZLES["x"] + "\n")
    assert [e.puzzle for e in entries] == [read(classic), read(PUZZLES["jigsaw"]),
                                           read(PUZZLES["x"])]
    assert read_puzzles(PUZZLES["anti-king"])[0].puzzle == read(PUZZLES["anti-king"])


# -- conflicts -------------------------------------------------------------------------------


def test_conflicts_name_the_variant_rule():
    with pytest.raises(PuzzleError, match="two 5s a knight's move apart") as caught:
        parse("rules: anti-knight\n..5......" + "....5...." + "." * 63)
    assert caught.value.cells == (2, 13)
    with pytest.raises(PuzzleError, match="two 5s diagonally next to each other"):
        parse("rules: anti-king\n..5......" + "...5....." + "." * 63)
    with pytest.raises(PuzzleError, match="two 5s in diagonal 2"):
        parse("rules: x\n........5" + "." * 63 + "5........")
    with pytest.raises(PuzzleError, match="two 5s in window 4"):
        parse("rules: windoku\n" + "." * 54 + ".....5..." + "......5.." + "." * 9)
    jigsaw = read("rules: jigsaw\nregions:\n" + JIGSAW_MAP + "\n" + "." * 30 + "5" + "." * 6
                  + "5" + "." * 43)
    assert conflicts(jigsaw) == [(21, 5, (30, 37))]  # region D, across two classic boxes
    assert conflicts(read(jigsaw.to_string())) == []


# -- search: same API, every variant ---------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_every_variant_is_solved_and_counted(name):
    source = PUZZLES[name]
    checker = Checker(source)
    if checker.n < 9:  # brute force proves 9x9 uniqueness too slowly: the engine's count there
        assert checker.count() == 1
    result = analyse(source)
    assert result.count == 1 and result.second is None
    assert checker.problems(result.solution.cells) == []
    assert result.solution.geometry is read(source).geometry
    assert count_solutions(source) == 1
    assert solve(source) == result.solution.to_string()
    assert solve(read(source)) == result.solution.rows()  # a Puzzle keeps its rules
    # The variant's rules decide it: under the classic rules alone it has other solutions.
    assert count_solutions(read(source).to_string(), 2) == 2


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_several_and_no_solutions(name):
    puzzle = read(PUZZLES[name])
    checker = Checker(PUZZLES[name])
    cells = list(puzzle.cells)
    cells[cells.index(next(d for d in cells if d))] = 0  # the first given taken out
    fewer = Puzzle(puzzle.geometry, cells)
    assert count_solutions(fewer, 2) == 2
    if checker.n < 9:
        assert checker.count(cells) == 2
    result = analyse(fewer)
    assert result.count == 2 and result.solution != result.second  # two, checked here:
    assert checker.problems(result.solution.cells, cells) == []
    assert checker.problems(result.second.cells, cells) == []
    # No solution: half the solution's other cells given, and one digit that breaks no rule
    # among the givens but is not the solution's; brute force proves there is none.
    solution = analyse(puzzle).solution.cells
    empty = [i for i, d in enumerate(puzzle.cells) if not d]
    half = [solution[i] if i in empty[::2] and checker.n >= 9 else d
            for i, d in enumerate(puzzle.cells)]
    cell, wrong = next((cell, d) for cell in empty[1::2] for d in range(1, puzzle.size + 1)
                       if d != solution[cell] and all(half[p] != d for p in checker.near[cell]))
    broken = Puzzle(puzzle.geometry, half).with_cell(cell, wrong)
    assert count_solutions(broken, 2) == checker.count(broken.cells) == 0
    assert analyse(broken).count == 0 and solve(broken.to_text()) is False


def test_counting_many_solutions():
    puzzle = read("rules: x\n" + "." * 16)
    checker = Checker("rules: x\ngrid:\n" + "." * 16)
    assert count_solutions(puzzle, 1000) == checker.count(limit=1000)
    assert count_solutions(read("." * 16), 1000) == 288


def test_variants_take_the_variant_path_and_classic_the_generated_one():
    settle = prepared(geometry(9))[1]
    assert settle.__code__.co_filename == "<settle 9x9>"  # written out for the classic rules
    for name in PUZZLES:
        g = read(PUZZLES[name]).geometry
        assert prepared(g)[1].__module__ == "solver.search.variant"
        assert prepared(g)[1] is prepared(g)[1]


def test_clause_learning_keeps_the_seen_pairs():
    # The hand-over: a variant's search goes to clause learning after a few hundred nodes;
    # here clause learning from the root must find the anti-knight solution alone.
    for name in ("anti-knight", "anti-king", "x windoku anti-king"):
        puzzle = read(PUZZLES[name])
        c, settle, _ = prepared(puzzle.geometry)
        root = settle(c.full, 0, sum(1 << ((d - 1) * c.cells + i)
                                     for i, d in enumerate(puzzle.cells) if d))
        found = sat_search(puzzle.geometry, root[0], 2, [], None)
        assert len(found) == 1
        assert Checker(PUZZLES[name]).problems(found[0]) == []


def test_hand_over_to_clause_learning_finds_what_depth_first_finds():
    puzzle = read(PUZZLES["jigsaw x"])
    quick = search(puzzle.geometry, puzzle.cells, 2, handover=0)
    slow = search(puzzle.geometry, puzzle.cells, 2, handover=-1)
    assert quick == slow and len(quick) == 1


# -- what takes variants, and what does not yet ----------------------------------------------


def test_the_logic_engine_explains_a_variant_and_watch_traces_it():
    from solver.logic import next_step, solve_path
    from solver.rating import rate
    from solver.search.trace import FEWEST, SOLVED, trace

    puzzle = read(PUZZLES["jigsaw"])
    path = solve_path(puzzle)
    assert Checker(PUZZLES["jigsaw"]).problems(list(path.solution.cells)) == []
    assert next_step(puzzle) == path.steps[0]
    assert rate(puzzle, path).steps == len(path.steps)
    # Watch's plain backtracking takes a variant's rules too (tests/test_trace.py checks
    # each guess against them): here it ends on the checked solution the path found
    traced = trace(puzzle, FEWEST, max_events=10**6)
    assert traced.outcome == SOLVED and traced.cells == list(path.solution.cells)
