"""Puzzle generator: a random complete grid, then clues taken away while the solution stays
unique (and, when a difficulty is asked for, while the puzzle stays within that level).

Variants go the same way under their rules: X, Windoku, Anti-knight and Anti-king from a
random grid the search fills under them; a Jigsaw from random connected regions (the boxes
reshaped by random swaps between neighbouring regions) that admit a grid; a Killer's cages
cut at random from its grid (2-5 cells each), then givens taken away as for any puzzle:
those a Killer keeps make its cages unique (a Medium one keeps ~5, an Easy one ~26, as
singles alone must finish it). A Hard Killer takes ~40 s of CPython to make (its cages
merged until the logic needs Hard, merged_cages): a 9x9 one is drawn from a bank made
ahead of time (KILLER_BANK, scripts/make_killer_bank.py), turned by a symmetry of the
square.

Every random choice comes from one local `random.Random(seed)`, so a seed reproduces a puzzle.
"""

import os
import random
from collections.abc import Callable
from dataclasses import dataclass

from .logic import SEARCH, Path, solve_path
from .logic.techniques import TECHNIQUES
from .model.candidates import open_digits
from .model.errors import PuzzleError, shown
from .model.files import read_puzzles
from .model.geometry import (
    JIGSAW,
    KILLER,
    RULE_NAMES,
    WINDOKU,
    Geometry,
    Rules,
    apart,
    beside,
    check_flag,
    geometry,
    plain_text,
    remade,
    rule_set,
    whole,
)
from .model.puzzle import Puzzle
from .rating import LEVELS, Rating, level_rank, rate, solves_within
from .search.engine import search

__all__ = ["MAX_ATTEMPTS", "MOST_ATTEMPTS", "VARIANT_ATTEMPTS", "Generated", "generate"]

FILL_ATTEMPTS = 5  # random starts tried before falling back to the shuffled base pattern
# Puzzles built at most when chasing a difficulty, by board size: a 9x9 takes ~20 ms each on
# CPython and Medium, the rarest level there, is met in ~8 on average (40: missed < 1%).
MAX_ATTEMPTS = {4: 40, 6: 40, 8: 40, 9: 40, 12: 10, 16: 4, 25: 2}
MOST_ATTEMPTS = 1000  # what max_attempts may ask: a bound that is one in practice
# A variant's attempt costs more (its search and logic read the rules unit by unit, a
# jigsaw's regions are searched for a grid, a Killer's cages checked): fewer by default.
VARIANT_ATTEMPTS = 8
RANDOM_DIGITS = 8  # digits dropped at random beside a random first row before a variant's fill
REGION_SWAPS = 300  # swaps tried between neighbouring regions to reshape the boxes (a jigsaw)
REGION_MAPS = 20  # jigsaw region maps tried for one that admits a grid, before giving up
CAGE_SIZES = (2, 5)  # a Killer's cages hold 2 to 5 cells (one alone only where nothing joins)
# Killers of this level come from a bank made ahead of time (scripts/make_killer_bank.py):
# one takes ~40 s of CPython to make, too long on a phone (docs/benchmarks.md, issue 28).
BANK_LEVEL = "Hard"
KILLER_BANK = os.path.join(os.path.dirname(__file__), "data", "killer_hard.txt")


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
    rules: "str | list[str] | tuple[str, ...]" = (),
) -> Generated:
    """A random puzzle of `size` with exactly one solution; the same seed gives the same puzzle.

    `symmetric` keeps the clues in 180-degree rotational symmetry. `difficulty` is one of
    rating.LEVELS (None: any, unrated, fastest). Clues are removed only while the puzzle stays
    within that level; a puzzle that misses it (ends easier) is set aside and another built,
    at most `max_attempts` in all (None: MAX_ATTEMPTS for the size, VARIANT_ATTEMPTS for a
    variant); then the closest one is returned with `matched` False. Never loops beyond
    that bound. "Extreme" means the hardest techniques, so a puzzle whose solve needs
    search (trial and error) never matches it; `logical_only` asks the same of any
    difficulty, or of an unrated puzzle.

    `rules` names a variant's rules (a name or a list of them, as Rules.named reads them:
    "killer", "jigsaw", "x", "windoku", "anti-knight", "anti-king"; () or "classic": the
    classic rules): the puzzle's geometry carries them (`puzzle.rules`), a Jigsaw's regions
    and a Killer's cages made at random from the seed too. Below Extreme, a Killer keeps
    the givens its level needs (an Easy one: solved by singles and its cages' logic).
    A 9x9 Killer at Hard comes from the bank made ahead of time (KILLER_BANK; one takes
    ~40 s to make): a puzzle picked by the seed, turned by one of the grid's 8 rotations
    and reflections (matched, 1 attempt; `symmetric` and `max_attempts` do not change it).
    PuzzleError (a ValueError) for an unknown size, difficulty or rule, Windoku off 9x9,
    rules no grid of that size obeys, or any argument of another kind (`max_attempts`
    from 1 to MOST_ATTEMPTS).
    """
    g = geometry(size)
    size = g.size
    rng = random.Random(checked_seed(seed))
    check_flag(symmetric, "symmetric")
    check_flag(logical_only, "logical_only")
    names = checked_rules(rules, size)
    default = VARIANT_ATTEMPTS if names else MAX_ATTEMPTS[size]
    attempts = default if max_attempts is None else whole(max_attempts)
    if attempts is None or not 1 <= attempts <= MOST_ATTEMPTS:
        raise PuzzleError("max_attempts must be a whole number from 1 to "
                          + str(MOST_ATTEMPTS) + " or None, not " + shown(max_attempts))
    if names == (KILLER,) and size == 9 and difficulty == BANK_LEVEL:
        return banked_killer(rng)
    if difficulty is None and not logical_only:
        g, solution = starting_grid(g, names, rng)
        cells = remove_clues(g, solution, rng, symmetric, keeper(g, LEVELS[-1]))
        return Generated(Puzzle(g, cells), Puzzle(g, solution), None, True, 1)
    rank = None if difficulty is None else level_rank(difficulty)
    level = difficulty or LEVELS[-1]
    best: tuple[Puzzle, tuple[int, ...], Path | None] | None = None
    best_distance = (0, 0, 0)
    for attempt in range(1, attempts + 1):
        made, solution = starting_grid(g, names, rng)
        puzzle = Puzzle.made(made, remove_clues(made, solution, rng, symmetric,
                                                keeper(made, level)))
        path = None
        if rank and solves_within(puzzle, LEVELS[0]):
            miss = (0, rank, 0)  # an Easy miss, known without the full rating
        else:
            path = solve_path(puzzle)
            rating = rate(puzzle, path, se=False)  # an attempt is judged by its level alone
            miss = distance(rating, rating.rank if rank is None else rank,
                            logical_only or rank == len(LEVELS) - 1)
            if miss[:2] == (0, 0):
                return Generated(puzzle, Puzzle(made, solution), rate(puzzle, path), True,
                                 attempt)
        if best is None or miss < best_distance:
            best, best_distance = (puzzle, solution, path), miss
    assert best is not None  # attempts >= 1, and the first attempt sets it
    puzzle, solution, path = best
    return Generated(puzzle, Puzzle(puzzle.geometry, solution), rate(puzzle, path), False,
                     attempt)


BANK: list[Puzzle] = []  # KILLER_BANK's puzzles, read on first use


def banked_killer(rng: random.Random) -> Generated:
    """A Hard Killer from KILLER_BANK: one picked by `rng`, turned by one of the 8 symmetries
    of the square it picks too. They keep the cages joined, their sums, the one solution and
    the level (the logic sees the same grid); relabelling digits would change the sums."""
    if not BANK:
        with open(KILLER_BANK, encoding="utf-8") as bank:
            BANK.extend(entry.puzzle for entry in read_puzzles(bank.read()))
    puzzle = BANK[rng.randrange(len(BANK))]
    assert puzzle.geometry.rules is not None  # a bank of Killers
    where = symmetry(puzzle.size, rng.randrange(8))
    cells = [0] * len(puzzle.cells)
    for cell, digit in enumerate(puzzle.cells):
        cells[where[cell]] = digit
    cages = [(total, sorted(where[c] for c in cage)) for total, cage in puzzle.geometry.rules.cages]
    turned = Puzzle.made(remade(puzzle.geometry, cages=cages), cells)
    path = solve_path(turned)
    return Generated(turned, path.solution, rate(turned, path), True, 1)


def symmetry(n: int, which: int) -> list[int]:
    """Where each cell of an n x n grid goes under symmetry `which` (0-7) of the square:
    bit 1 flips the rows top to bottom, bit 2 the columns, bit 4 transposes after (0: none)."""
    where = []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        r, c = (n - 1 - r if which & 1 else r), (n - 1 - c if which & 2 else c)
        where.append(c * n + r if which & 4 else r * n + c)
    return where


def checked_rules(rules: object, size: int) -> tuple[str, ...]:
    """`rules` (a rule's name, or a list or tuple of names) as RULE_NAMES in their order;
    PuzzleError for anything else, an unknown rule, or Windoku off 9x9 (Rules says why)."""
    text = plain_text(rules)
    named: list[object] | None
    try:
        named = [text] if text is not None else \
            list(rules) if isinstance(rules, (list, tuple)) else None
    except Exception:  # a list subclass whose iteration raises
        named = None
    if named is None:
        raise PuzzleError("rules must be a rule's name or a list of them (" + ", ".join(RULE_NAMES)
                          + "), not " + shown(rules))
    on = rule_set(named)
    Rules(size, windoku=WINDOKU in on)  # Windoku's size is checked where the rule is
    return tuple(name for name in RULE_NAMES if name in on)


def starting_grid(g: Geometry, names: tuple[str, ...],
                  rng: random.Random) -> tuple[Geometry, tuple[int, ...]]:
    """(the geometry of the rules `names` on `g`'s size, a random grid solving it): the
    classic grid shuffled; a variant's filled by the search under its rules (a Jigsaw's
    regions made first, a Killer's cages cut from the grid after)."""
    if not names:
        return g, random_solution(g, rng)
    n = g.size
    for _ in range(REGION_MAPS if JIGSAW in names else 1):
        regions = random_regions(g, rng) if JIGSAW in names else None
        base = Rules.named([name for name in names if name != KILLER], n, regions).geometry()
        solution = variant_solution(base, rng)
        if solution is not None:
            break
    else:
        raise PuzzleError("no grid obeys the rules " + ", ".join(names) + " on "
                          + str(n) + "x" + str(n) + " (none found)")
    if KILLER not in names:
        return base, solution
    return killer_geometry(base, solution, rng), solution


def variant_solution(g: Geometry, rng: random.Random) -> tuple[int, ...] | None:
    """A random grid obeying `g`'s rules, or None when the search finds none: a random first
    row (any order of the digits breaks no rule in one row) and a few random digits that
    their peers allow, completed by the search; without those few when they lead nowhere."""
    n = g.size
    for attempt in range(FILL_ATTEMPTS + 1):
        cells = [0] * g.cell_count
        for cell, digit in zip(g.units[0], rng.sample(range(1, n + 1), n), strict=True):
            cells[cell] = digit
        if attempt < FILL_ATTEMPTS:  # the last try keeps the row alone: it fails only if
            for cell in rng.sample(range(n, g.cell_count), RANDOM_DIGITS):  # no grid exists
                digit = rng.randint(1, n)
                if all(cells[peer] != digit for peer in g.peers[cell]):
                    cells[cell] = digit
        found = search(g, cells, 1)
        if found:
            return found[0]
    return None


def random_regions(g: Geometry, rng: random.Random) -> list[int]:
    """A random jigsaw region map (a region number per cell): the boxes reshaped by trading
    cells between two neighbouring regions, a cell of one on their border for a cell of
    the other beside the first's other cells, kept when both stay in one piece. (Growing
    regions from seeds strands cells more often than not; trades keep n regions of n.)"""
    n = g.size
    region = [g.box_of(cell) for cell in range(g.cell_count)]
    for _ in range(REGION_SWAPS):
        a = rng.randrange(g.cell_count)
        mine = region[a]
        others = sorted({region[b] for b in beside(n, a)} - {mine})
        if not others:
            continue
        theirs = rng.choice(others)
        offers = [c for c in range(g.cell_count) if region[c] == theirs and any(
            region[m] == mine and m != a for m in beside(n, c))]
        if not offers:
            continue
        c = rng.choice(offers)
        region[a], region[c] = theirs, mine
        if apart(n, [k for k, r in enumerate(region) if r == mine]) >= 0 \
                or apart(n, [k for k, r in enumerate(region) if r == theirs]) >= 0:
            region[a], region[c] = mine, theirs
    return region


def killer_geometry(g: Geometry, solution: tuple[int, ...], rng: random.Random) -> Geometry:
    """The geometry of `g`'s rules and Killer cages cut at random from `solution`. The cages
    alone are seldom unique; the givens remove_clues keeps make up the rest. (Splitting
    the cage where the engine finds a second grid instead was tried: proving an empty
    Killer grid unique or not took 0.1-55 s on CPython, seeds 0-4; the givens way takes
    0.2-0.6 s for a Medium, keeping ~5 givens.)"""
    return remade(g, cages=random_cages(g, solution, rng))


def merged_cages(g: Geometry, solution: tuple[int, ...], cells: tuple[int, ...],
                 rng: random.Random, level: str) -> Geometry | None:
    """`g` (a Killer) with neighbouring cages merged, two at a time, until the logic needs
    `level` (not above Easy) to finish `cells` on it; None when no merge is left first.

    A merge joins two cages whose digits in `solution` differ (a cage's digits never repeat)
    and is kept only while the logic still finishes the grid within `level`, which proves
    it unique (as keeper's logic does below Extreme). Pairs are tried in `rng`'s order.
    A harder Killer has fewer, larger cages: the Killer bank's way to Hard (issue 28).
    """
    assert g.rules is not None
    easier = LEVELS[level_rank(level) - 1]
    cages = [list(cells_of) for _, cells_of in g.rules.cages]
    while solves_within(Puzzle.made(g, cells), easier):
        cage_of = {cell: k for k, cage in enumerate(cages) for cell in cage}
        pairs = sorted({(min(cage_of[c], cage_of[m]), max(cage_of[c], cage_of[m]))
                        for c in cage_of for m in beside(g.size, c) if cage_of[c] != cage_of[m]})
        rng.shuffle(pairs)
        for a, b in pairs:
            if {solution[c] for c in cages[a]} & {solution[c] for c in cages[b]}:
                continue
            joined = [cage for k, cage in enumerate(cages) if k not in (a, b)]
            joined.append(sorted(cages[a] + cages[b]))
            trial = remade(g, cages=[(sum(solution[c] for c in cage), cage) for cage in joined])
            if solves_within(Puzzle.made(trial, cells), level):
                g, cages = trial, joined
                break
        else:
            return None
    return g


def random_cages(g: Geometry, solution: tuple[int, ...],
                 rng: random.Random) -> list[tuple[int, list[int]]]:
    """Cages covering the grid, (sum, cells) pairs: each grown from a random free cell
    through random free cells beside it to a random size in CAGE_SIZES, its digits in
    `solution` all different; a cell left alone joins a cage beside it that can take it."""
    n, lo, hi = g.size, CAGE_SIZES[0], CAGE_SIZES[1]
    cage_of: dict[int, list[int]] = {}
    for start in rng.sample(range(g.cell_count), g.cell_count):
        if start in cage_of:
            continue
        cage, want = [start], rng.randint(lo, hi)
        cage_of[start] = cage
        while len(cage) < want:
            options = sorted({m for c in cage for m in beside(n, c) if m not in cage_of
                              and solution[m] not in {solution[k] for k in cage}})
            if not options:
                break
            pick = rng.choice(options)
            cage.append(pick)
            cage_of[pick] = cage
    for cell, cage in list(cage_of.items()):
        if len(cage) == 1:  # alone: into the smallest cage beside it that has room for it
            room = sorted((len(cage_of[m]), m) for m in beside(n, cell)
                          if len(cage_of[m]) < hi and cage_of[m] is not cage
                          and solution[cell] not in {solution[k] for k in cage_of[m]})
            if room:
                joining = cage_of[room[0][1]]
                joining.append(cell)
                cage_of[cell] = joining
    cages = {id(cage): cage for cage in cage_of.values()}.values()
    return [(sum(solution[c] for c in cage), sorted(cage)) for cage in cages]


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
    engine and the logical solver run only when it does not. Under a variant's rules no
    technique that holds assumes a unique solution (Technique.holds), so below Extreme the
    logical solver finishing the grid proves it unique too, and the engine is not asked: a
    Killer's search proving a few givens unique can take seconds, its logic far less.
    """
    rank = level_rank(level)
    last = len(LEVELS) - 1
    logic_proves = g.rules is not None and not any(
        t.needs_unique and t.holds(g) for t in TECHNIQUES)

    def keep(cells: tuple[int, ...]) -> bool:
        puzzle = Puzzle.made(g, cells)
        if solves_within(puzzle, LEVELS[0]):
            return True
        if rank == 0:
            return False
        if logic_proves and rank < last:
            return solves_within(puzzle, level)
        if len(search(g, cells, 2)) != 1:
            return False
        return rank == last or solves_within(puzzle, level)

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
