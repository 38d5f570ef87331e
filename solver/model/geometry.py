"""Board geometry as data: box shape, symbols, units and peers for every supported size,
and the variant rules (`Rules`) that change them.

Written in the subset of Python that MicroPython also runs (nothing imported but the error
type), because the page's main-thread UI shares it with the Pyodide solver.
"""

from .errors import PuzzleError, shown

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Any, TypeAlias

    # A region map as Rules takes it: n lines of text, n*n labels, or n rows of n labels.
    RegionMap: TypeAlias = "str | Sequence[object]"
    Units: TypeAlias = "list[tuple[int, ...]]"
    # A Killer cage: (its sum, its cells in increasing order).
    Cage: TypeAlias = "tuple[int, tuple[int, ...]]"

# size -> (box rows, box columns)
BOX_SHAPES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5)}
# The sizes smallest first: what every list shown to people follows (MicroPython does not
# keep a dict's order, so the page listed BOX_SHAPES scrambled).
SIZES = tuple(sorted(BOX_SHAPES))
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
EMPTY_SYMBOLS = "0."


class Geometry:
    """Everything fixed about an n x n board: computed once, never changed.

    Cells are indexed 0..n*n-1 row by row. Units are rows, then columns, then boxes.
    Digits are 1..n; digit d is written as SYMBOLS[d - 1].

    With `rules` (a variant's Rules, from `rules.geometry()`), the same data says the
    variant's rules: a jigsaw's regions stand where the boxes were (named "region"), the
    extra units (X's diagonals, Windoku's windows) follow the boxes, and `sees` lists the
    pairs of cells an anti-knight or anti-king rule (or a Killer cage) keeps apart that
    share no unit, `cages` a Killer's cages (the sums, which units and peers cannot say);
    `peers` holds the seen pairs too, and `cell_units[cell]` names every unit of the cell
    (row, column, box or region, then its extra units). `rules` is None for the classic
    rules, whose units, names and peers are exactly as they always were (the search's
    generated fast path is built for them alone).
    """

    rules: "Rules | None" = None
    # (cell a, cell b, rule name) with a < b: two cells a rule other than a unit keeps apart.
    sees: "tuple[tuple[int, int, str], ...]" = ()
    cages: "tuple[Cage, ...]" = ()  # a Killer's cages, as its Rules has them

    def __init__(self, size: int, rules: "Rules | None" = None) -> None:
        size = board_size(size)
        box_rows, box_cols = BOX_SHAPES[size]
        n = size
        self.size = n
        self.box_rows = box_rows
        self.box_cols = box_cols
        self.cell_count = n * n
        self.symbols = SYMBOLS[:n]
        self.all_digits = (1 << n) - 1  # bit d-1 set means digit d is possible
        rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
        cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
        boxes = []
        for br in range(0, n, box_rows):
            for bc in range(0, n, box_cols):
                boxes.append(
                    tuple((br + r) * n + bc + c for r in range(box_rows) for c in range(box_cols))
                )
        if rules is not None:
            if not isinstance(rules, Rules):
                raise PuzzleError("rules must be None or a Rules, not " + shown(rules))
            self.variant(rules, rows, cols, boxes)
            return
        self.units = tuple(rows + cols + boxes)
        self.unit_names = tuple(
            [("row", i + 1) for i in range(n)]
            + [("column", i + 1) for i in range(n)]
            + [("box", i + 1) for i in range(n)]
        )
        # A variant's cells have more units than these three (variant()).
        self.cell_units: tuple[tuple[int, ...], ...] = tuple(
            (i // n, n + i % n, 2 * n + self.box_of(i)) for i in range(n * n)
        )
        self.peers = tuple(
            tuple(sorted(set(c for u in self.cell_units[i] for c in self.units[u]) - {i}))
            for i in range(n * n)
        )

    def variant(self, rules: "Rules", rows: "Units", cols: "Units", boxes: "Units") -> None:
        """Units, names, cell units, sees and peers of a variant's rules (see the class)."""
        n = self.size
        if rules.size != n:
            raise PuzzleError("the rules are for " + str(rules.size) + "x" + str(rules.size)
                              + ", not " + str(n) + "x" + str(n))
        self.rules = rules
        box_name = "box"
        if rules.regions is not None:
            box_name = "region"
            boxes = [tuple(c for c in range(n * n) if rules.regions[c] == k) for k in range(n)]
        units = rows + cols + boxes
        names = ([("row", i + 1) for i in range(n)] + [("column", i + 1) for i in range(n)]
                 + [(box_name, i + 1) for i in range(n)])
        for kind, extra in extra_units(rules):
            units += extra
            names += [(kind, i + 1) for i in range(len(extra))]
        self.units = tuple(units)
        self.unit_names = tuple(names)
        of_cell: list[list[int]] = [[] for _ in range(n * n)]
        for u, unit in enumerate(units):
            for c in unit:
                of_cell[c].append(u)
        self.cell_units = tuple(tuple(us) for us in of_cell)
        near = [set(c for u in of_cell[i] for c in units[u]) for i in range(n * n)]
        sees = []
        for name, steps in ((ANTI_KNIGHT, KNIGHT_STEPS), (ANTI_KING, KING_STEPS)):
            if name in rules.names:
                for a, b in step_pairs(n, steps):
                    if b not in near[a]:
                        near[a].add(b)
                        near[b].add(a)
                        sees.append((a, b, name))
        for _, cells in rules.cages:  # a cage holds no digit twice: its cells see each other
            for i, a in enumerate(cells):
                for b in cells[i + 1:]:
                    if b not in near[a]:
                        near[a].add(b)
                        near[b].add(a)
                        sees.append((a, b, KILLER))
        self.cages = rules.cages
        self.sees = tuple(sorted(sees))
        self.peers = tuple(tuple(sorted(near[i] - {i})) for i in range(n * n))

    def box_of(self, cell: int) -> int:
        """Index 0..n-1 of the box holding a cell, numbered left to right, top to bottom."""
        r, c = divmod(cell, self.size)
        return (r // self.box_rows) * (self.size // self.box_cols) + c // self.box_cols

    def rule_names(self) -> tuple[str, ...]:
        """The names of the variant rules in force ('jigsaw', 'x', ...); () when classic."""
        return () if self.rules is None else self.rules.names

    def unit_name(self, unit: int) -> str:
        """Human name of a unit, e.g. 'row 3', 'column 7', 'box 4' (1-based)."""
        kind, number = self.unit_names[unit]
        return kind + " " + str(number)

    def cell_name(self, cell: int) -> str:
        """Human name of a cell, e.g. 'row 3, column 7' (1-based)."""
        r, c = divmod(cell, self.size)
        return "row " + str(r + 1) + ", column " + str(c + 1)

    def digit_range(self) -> str:
        """The digits as a user reads their range, e.g. '1-9' or '1-9, A-G'."""
        if self.size <= 9:
            return "1-" + str(self.size)
        return "1-9, A-" + self.symbols[-1]


JIGSAW, X, WINDOKU, ANTI_KNIGHT, ANTI_KING = "jigsaw", "x", "windoku", "anti-knight", "anti-king"
KILLER = "killer"
# The order a header names them in ("killer, x": a Killer X).
RULE_NAMES = (KILLER, JIGSAW, X, WINDOKU, ANTI_KNIGHT, ANTI_KING)
# Other names people give them (read, never written); None: the classic rules, nothing added.
RULE_ALIASES = {
    "classic": None, "diagonal": X, "diagonals": X, "x-sudoku": X, "hyper": WINDOKU,
    "antiknight": ANTI_KNIGHT, "antiking": ANTI_KING, "killer-sudoku": KILLER, "sumdoku": KILLER,
}
# What is said of two equal digits in cells such a rule keeps apart.
SEES_WORDS = {ANTI_KNIGHT: "a knight's move apart", ANTI_KING: "diagonally next to each other",
              KILLER: "in one cage"}
# (rows down, columns across) to the cells a rule keeps apart, each pair once (downwards).
KNIGHT_STEPS = ((1, 2), (1, -2), (2, 1), (2, -1))
KING_STEPS = ((1, 1), (1, -1))  # the diagonal neighbours: the others share a row or column
# Variant geometries kept at once (a file of jigsaws has a layout a puzzle): past it the
# memo starts again, so reading many costs no memory that grows.
MAX_VARIANTS = 64


class Rules:
    """A variant's rules as data: what it changes of the classic units and peers.

    - `regions`: Jigsaw. None, or a region number 0..n-1 per cell (row by row), numbered
      in reading order of their first cell; the regions replace the boxes.
    - `x`: X (diagonal) sudoku: both long diagonals are units too.
    - `windoku`: Windoku (hyper), 9x9 only: the four 3x3 windows, each one cell in from a
      corner, are units too.
    - `anti_knight`, `anti_king`: two cells a knight's move apart, or diagonally next to
      each other, hold different digits (they "see" each other; no unit is added).
    - `cages`: Killer. (sum, cells) pairs, cells as indices row by row: a cage's digits
      differ and add up to its sum. Kept as (sum, sorted cells), ordered by first cell;
      they need not cover the grid.

    Any combination is allowed. `geometry()` turns the rules into units and peers (the one
    representation the model, the search and the conflict check read), so a rule is a
    description here and a few units or seen pairs there.

    A cage's cells see one another (a cage holds no digit twice; it is not a unit, as it
    need not hold every digit); the geometry keeps the cages for the one constraint units
    and peers cannot say, the sum, which the search's variant settle reads.

    Made with PuzzleError naming the problem for a size not supported, a flag that is not
    True or False, a region map without n regions of n cells, Windoku off 9x9, or a bad
    cage (an unknown cell, a cell twice, cages overlapping, a sum its cells cannot make).
    A value: compared and hashed by its fields.
    """

    def __init__(self, size: int = 9, regions: "RegionMap | None" = None, x: bool = False,
                 windoku: bool = False, anti_knight: bool = False, anti_king: bool = False,
                 cages: "Iterable[tuple[int, Iterable[int]]] | None" = None) -> None:
        n = board_size(size)
        self.size = n
        self.regions = None if regions is None else region_numbers(n, regions)
        self.x = check_flag(x, "x")
        self.windoku = check_flag(windoku, "windoku")
        self.anti_knight = check_flag(anti_knight, "anti_knight")
        self.anti_king = check_flag(anti_king, "anti_king")
        if self.windoku and n != 9:
            raise PuzzleError("windoku's four windows are a 9x9 rule, not for "
                              + str(n) + "x" + str(n))
        self.cages = cage_list(n, cages)
        flags = (bool(self.cages), self.regions is not None, self.x, self.windoku,
                 self.anti_knight, self.anti_king)  # in RULE_NAMES' order
        self.names = tuple(RULE_NAMES[i] for i in range(len(flags)) if flags[i])

    @classmethod
    def named(cls, names: "Iterable[object]", size: int = 9,
              regions: "RegionMap | None" = None,
              cages: "Iterable[tuple[int, Iterable[int]]] | None" = None) -> "Rules":
        """The rules a list of names says ('jigsaw', 'x', 'windoku', 'anti-knight',
        'anti-king', 'killer', any case; 'classic' adds nothing); PuzzleError naming a rule
        not supported, a jigsaw without its regions or a killer without its cages (or
        either without its rule's name)."""
        on = rule_set(names)
        if (KILLER in on) != (cages is not None):
            raise PuzzleError("a killer needs its cages: after cages:, a line a cage, its "
                              "cells then = and the sum, e.g. r1c1 r1c2 = 3" if KILLER in on
                              else "cages are only for a killer: name the rule killer")
        if JIGSAW in on and regions is None:
            raise PuzzleError("a jigsaw needs its region map: n lines of n letters, one "
                              "letter a region")
        if JIGSAW not in on and regions is not None:
            raise PuzzleError("a region map is only for a jigsaw: name the rule jigsaw")
        return cls(size, regions, X in on, WINDOKU in on, ANTI_KNIGHT in on, ANTI_KING in on,
                   cages)

    @property
    def classic(self) -> bool:
        """Are these the classic rules, nothing changed?"""
        return not self.names

    def key(self) -> "tuple[object, ...]":
        """The fields that make these rules what they are (equality and hash)."""
        return (self.size, self.regions, self.x, self.windoku, self.anti_knight, self.anti_king,
                self.cages)

    def geometry(self) -> Geometry:
        """The shared geometry of these rules: the classic one when nothing is changed."""
        if self.classic:
            return geometry(self.size)
        key = self.key()
        built = _VARIANTS.get(key)
        if built is None:
            if len(_VARIANTS) >= MAX_VARIANTS:
                _VARIANTS.clear()
            built = _VARIANTS[key] = Geometry(self.size, self)
        return built

    def region_map(self) -> list[str]:
        """The regions as n lines of letters (A for the first region in reading order);
        [] when these rules have none."""
        if self.regions is None:
            return []
        n = self.size
        return ["".join(REGION_LETTERS[k] for k in self.regions[r * n:(r + 1) * n])
                for r in range(n)]

    def __eq__(self, other: object) -> bool:
        """Equal to Rules with the same fields."""
        return isinstance(other, Rules) and self.key() == other.key()

    def __hash__(self) -> int:
        """The hash of the fields, as equality compares them."""
        return hash(self.key())

    def __repr__(self) -> str:
        """Rules(9, jigsaw, x): the size and the rules' names."""
        return "Rules(" + str(self.size) + ", " + (", ".join(self.names) or "classic") + ")"


def rule_set(names: "Iterable[object]") -> set[str]:
    """The set of RULE_NAMES that `names` (strs, any case, aliases too) name; PuzzleError
    naming the first that is no rule supported."""
    on = set()
    for name in names:
        text = plain_text(name)
        key = None if text is None else "-".join(text.lower().replace("_", "-").split())
        rule = key if key in RULE_NAMES else RULE_ALIASES.get(key, "") if key else ""
        if rule is None:
            continue
        if rule not in RULE_NAMES:
            raise PuzzleError("unsupported rule " + shown(name) + ": the rules supported are "
                              + ", ".join(RULE_NAMES) + " (and classic)")
        on.add(rule)
    return on


REGION_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY"  # a region map's letters, one a region


def region_numbers(n: int, regions: "RegionMap") -> tuple[int, ...]:
    """A region map (a label per cell row by row, rows of labels, or text of n lines) as
    a region number per cell, numbered by first appearance; PuzzleError naming the first
    problem: not n*n labels, or not n regions of n cells."""
    text = plain_text(regions)
    if text is not None:
        regions = read_region_lines(n, [line for line in text.split("\n") if line.strip()], 0)
    labels: list[object] | None
    try:
        labels = list(regions) if isinstance(regions, (list, tuple)) else None
        if labels is not None and len(labels) == n:
            labels = [label for row in labels for label in row]  # type: ignore[attr-defined]
    except Exception:  # a row that is no sequence, or one whose iteration raises
        labels = None
    if labels is None or len(labels) != n * n:
        raise PuzzleError("regions must be " + str(n * n) + " labels (one a cell, row by row) "
                          "or " + str(n) + " rows of " + str(n) + ", not " + shown(regions))
    number: dict[object, int] = {}
    cells: list[list[int]] = []
    for cell, label in enumerate(labels):
        if type(label) not in (int, str):
            raise PuzzleError("a region label must be a whole number or a letter, not "
                              + shown(label), [cell])
        if label not in number:
            if len(number) == n:
                raise PuzzleError("the region map has more than " + str(n) + " regions: "
                                  + shown(label) + " first in " + cell_words(n, cell)
                                  + "; a " + str(n) + "x" + str(n) + " jigsaw has "
                                  + str(n), [cell])
            number[label] = len(cells)
            cells.append([])
        cells[number[label]].append(cell)
    for label in number:
        where = cells[number[label]]
        if len(where) != n:
            raise PuzzleError("region " + shown(label) + " has " + str(len(where))
                              + " cells; each region of a " + str(n) + "x" + str(n)
                              + " jigsaw has " + str(n), where)
    numbers = [0] * (n * n)
    for k, where in enumerate(cells):
        for cell in where:
            numbers[cell] = k
    return tuple(numbers)


def read_region_lines(n: int, lines: list[str], first: int) -> list[object]:
    """The labels of a region map written as n lines of n letters (blanks between them
    ignored); PuzzleError naming the line (`first` + its index: the text's line number
    when above 0) and cell of the first problem."""
    if len(lines) != n:
        raise PuzzleError("the region map has " + str(len(lines)) + " lines; a " + str(n) + "x"
                          + str(n) + " jigsaw's has " + str(n), ())
    labels: list[object] = []
    for r, line in enumerate(lines):
        row = "".join(line.split())
        where = "region map line " + str(r + 1) + (
            " (line " + str(first + r) + " of the text)" if first else "")
        if len(row) != n:
            raise PuzzleError(where + " has " + str(len(row)) + " letters; expected " + str(n),
                              [r * n + c for c in range(n)])
        for c, char in enumerate(row):
            if not char.isalpha() and not char.isdigit():
                raise PuzzleError(where + ", column " + str(c + 1) + ": " + repr(char)
                                  + " is not a region letter", [r * n + c])
            labels.append(symbol_of_region(char))
    return labels


def symbol_of_region(char: str) -> str:
    """A region label as written: an ASCII letter in upper case (a and A name one region)."""
    return char.upper() if "a" <= char <= "z" else char


def cell_words(n: int, cell: int) -> str:
    """'row 3, column 7' (1-based) for a cell of an n x n grid."""
    return "row " + str(cell // n + 1) + ", column " + str(cell % n + 1)


def whole_text(text: str) -> int | None:
    """The whole number `text` writes in plain digits ('23'), else None."""
    return int(text) if text and len(text) < 10 and all(ch in "0123456789" for ch in text) \
        else None


def cell_of_name(n: int, name: str, where: str) -> int:
    """The cell `name` names ('r1c2': row 1, column 2) in an n x n grid; PuzzleError naming
    `where` (a cage line) and the name when it is no cell of the grid."""
    parts = name.lower()[1:].split("c")
    row = whole_text(parts[0]) if name[:1] in "rR" and len(parts) == 2 else None
    column = whole_text(parts[1]) if row is not None else None
    if row is None or column is None or not (1 <= row <= n and 1 <= column <= n):
        raise PuzzleError(where + ": " + shown(name) + " is no cell of a " + str(n) + "x"
                          + str(n) + " grid (write r1c2 for row 1, column 2)")
    return (row - 1) * n + column - 1


def extra_units(rules: Rules) -> "list[tuple[str, Units]]":
    """(kind, units) of the units the rules add to rows, columns and boxes (or regions)."""
    n = rules.size
    found = []
    if rules.x:
        found.append(("diagonal", [tuple(i * n + i for i in range(n)),
                                   tuple(i * n + n - 1 - i for i in range(n))]))
    if rules.windoku:
        found.append(("window", [tuple((top + r) * n + left + c for r in range(3)
                                       for c in range(3))
                                 for top in (1, 5) for left in (1, 5)]))
    return found


def remade(g: Geometry, **changes: "Any") -> Geometry:
    """The geometry of g's rules with some Rules fields changed (regions, x, windoku,
    anti_knight, anti_king, cages; the classic geometry when nothing is left set);
    PuzzleError from Rules when they cannot be."""
    rules = g.rules
    fields: dict[str, Any] = {
        "regions": None, "x": False, "windoku": False, "anti_knight": False,
        "anti_king": False, "cages": None} if rules is None else {
        "regions": rules.regions, "x": rules.x, "windoku": rules.windoku,
        "anti_knight": rules.anti_knight, "anti_king": rules.anti_king,
        "cages": rules.cages or None}
    fields.update(changes)
    return Rules(g.size, **fields).geometry()


def beside(n: int, cell: int) -> list[int]:
    """The cells sharing a side with `cell` in an n x n grid (up, down, left, right)."""
    r, c = divmod(cell, n)
    near = []
    if r:
        near.append(cell - n)
    if r < n - 1:
        near.append(cell + n)
    if c:
        near.append(cell - 1)
    if c < n - 1:
        near.append(cell + 1)
    return near


def apart(n: int, cells: "Iterable[int]") -> int:
    """A cell of `cells` not joined side by side to the first (-1 when they are all one
    piece, as a cage's or a jigsaw region's cells are): the first such cell in reading
    order."""
    members = set(cells)
    if not members:
        return -1
    first = min(members)
    reached, todo = {first}, [first]
    while todo:
        for near in beside(n, todo.pop()):
            if near in members and near not in reached:
                reached.add(near)
                todo.append(near)
    left = sorted(members - reached)
    return left[0] if left else -1


def step_pairs(n: int, steps: "Iterable[tuple[int, int]]") -> list[tuple[int, int]]:
    """Every pair (a, b), a < b, of cells one of `steps` (rows down, columns across) apart."""
    pairs = []
    for a in range(n * n):
        r, c = divmod(a, n)
        for dr, dc in steps:
            if 0 <= r + dr < n and 0 <= c + dc < n:
                pairs.append((a, (r + dr) * n + c + dc))
    return pairs


def cage_list(n: int, cages: object) -> "tuple[Cage, ...]":
    """`cages` ((sum, cells) pairs, or None) as Rules keeps them: (sum, sorted cells) in
    order of first cell; PuzzleError naming the cage and cells of the first problem (not
    a pair, an unknown cell, a cell twice, a cell in two cages, a sum its cells cannot
    make)."""
    if cages is None:
        return ()
    try:
        pairs = list(cages) if isinstance(cages, (list, tuple)) else None
    except Exception:  # a list subclass whose iteration raises
        pairs = None
    if pairs is None:
        raise PuzzleError("cages must be a list of (sum, cells) pairs, not " + shown(cages))
    found = []
    owner: dict[int, int] = {}  # cell -> the sum of the cage first holding it
    for pair in pairs:
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise PuzzleError("a cage must be a (sum, cells) pair, not " + shown(pair))
        cells = cage_cells(n, pair[1])
        total = whole(pair[0])
        first = cell_words(n, cells[0])
        if total is None:
            raise PuzzleError("the cage at " + first + ": its sum must be a whole number, not "
                              + shown(pair[0]), cells)
        for cell in cells:
            if cell in owner:
                raise PuzzleError(cell_words(n, cell) + " is in two cages (of "
                                  + str(owner[cell]) + " and of " + str(total) + ")", [cell])
            owner[cell] = total
        k = len(cells)
        low, high = k * (k + 1) // 2, k * (2 * n - k + 1) // 2
        if k > n or not low <= total <= high:
            raise PuzzleError("the cage of " + str(total) + " at " + first + " cannot make its "
                              "sum: " + str(k) + " different digits 1-" + str(n) + (
                                  " do not exist" if k > n else " add up to " + str(low)
                                  + "-" + str(high)), cells)
        found.append((total, cells))
    return tuple(sorted(found, key=lambda cage: cage[1][0]))


def cage_cells(n: int, cells: object) -> tuple[int, ...]:
    """A cage's cells (indices 0..n*n-1, row by row) in increasing order; PuzzleError naming
    an unknown cell or a cell listed twice."""
    try:
        listed = list(cells) if isinstance(cells, (list, tuple)) else None
    except Exception:  # a list subclass whose iteration raises
        listed = None
    if not listed:
        raise PuzzleError("a cage's cells must be a non-empty list of cell numbers (0-"
                          + str(n * n - 1) + ", row by row), not " + shown(cells))
    found: list[int] = []
    for value in listed:
        cell = whole(value)
        if cell is None or not 0 <= cell < n * n:
            raise PuzzleError("a cage lists " + shown(value) + ", no cell of a " + str(n) + "x"
                              + str(n) + " grid (cells are 0-" + str(n * n - 1)
                              + ", row by row)")
        if cell in found:
            raise PuzzleError("a cage lists " + cell_words(n, cell) + " twice", [cell])
        found.append(cell)
    return tuple(sorted(found))


# (size, cells, sum) -> the digit sets (masks, bit d-1 for digit d) a cage can hold.
_COMBINATIONS: "dict[tuple[int, int, int], tuple[int, ...]]" = {}


def cage_combinations(n: int, count: int, total: int) -> tuple[int, ...]:
    """Every set of `count` different digits 1..n adding up to `total`, as digit masks (bit
    d-1 for digit d), smallest digits first; () when there is none."""
    key = (n, count, total)
    found = _COMBINATIONS.get(key)
    if found is None:
        masks: list[int] = []
        # (next digit to try, digits still to choose, sum still to make, mask so far)
        todo = [(1, count, total, 0)]
        while todo:
            low, left, rest, mask = todo.pop()
            if not left:
                if not rest:
                    masks.append(mask)
                continue
            for d in range(low, n + 1):
                # The `left` smallest digits from d already exceed the rest: so do larger d.
                if left * d + left * (left - 1) // 2 > rest:
                    break
                # The `left` largest digits up to n fall short: try a larger d.
                if left * n - left * (left - 1) // 2 < rest:
                    break
                todo.append((d + 1, left - 1, rest - d, mask | 1 << (d - 1)))
        found = _COMBINATIONS[key] = tuple(sorted(masks))
    return found


# A memo of immutable values, filled lazily so MicroPython's start-up builds only what it uses.
_BUILT: dict[int, Geometry] = {}
_VARIANTS: "dict[tuple[object, ...], Geometry]" = {}


def geometry(size: int) -> Geometry:
    """The (shared, immutable) geometry of an n x n board; PuzzleError (a ValueError) for
    anything but a supported size."""
    built = _BUILT.get(size) if type(size) is int else None
    if built is None:
        size = board_size(size)
        built = _BUILT.get(size) or Geometry(size)
        _BUILT[size] = built
    return built


def whole(value: object) -> int | None:
    """`value` as a plain int when it is a whole number: an int, not a bool; an int
    subclass is read as the int it holds (its own comparisons, hash or repr are never
    used). None for anything else."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    try:
        return int.__int__(value)  # CPython: the plain int inside, whatever is overridden
    except Exception:  # MicroPython, or a class only pretending to be an int
        return None


def plain_text(value: object) -> str | None:
    """`value` as a plain str when it is text (a str subclass is read as the text it
    holds, none of its methods used); None for anything else."""
    if type(value) is str:
        return value
    if not isinstance(value, str):
        return None
    try:
        return str.__str__(value)  # CPython: the plain str inside
    except Exception:  # MicroPython, or a class only pretending to be a str
        return None


def board_size(size: object, other: str = "") -> int:
    """`size` as a plain int when it is a supported board size; PuzzleError otherwise (its
    message offers `other` too, e.g. " or None")."""
    n = whole(size)
    if n is None or n not in BOX_SHAPES:
        raise PuzzleError("size must be " + ", ".join(str(k) for k in SIZES)
                          + " (the side of the grid)" + other + ", not " + shown(size))
    return n


def size_for_cell_count(count: int) -> int | None:
    """The board size with exactly `count` cells, or None."""
    for n in BOX_SHAPES:
        if n * n == count:
            return n
    return None


def check_flag(value: object, name: str) -> bool:
    """`value` when it is True or False; PuzzleError naming the argument otherwise (a
    flag's truth is never asked of another value: its __bool__ may raise or lie)."""
    if value is not True and value is not False:
        raise PuzzleError(name + " must be True or False, not " + shown(value))
    return value
