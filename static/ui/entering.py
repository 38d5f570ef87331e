"""Entering a variant's rules on the grid (Type or paste): the choice of rules (Classic,
Killer or Jigsaw, with X, Windoku, Anti-knight and Anti-king on top, any of them), a
Killer's cages picked by dragging over cells (or tapping them) and given their sum, a
Jigsaw's regions painted a stroke at a time.

What the rules are is the grid's geometry (solver.model.geometry.Rules, in the session:
undoable, saved, sent to the solver as a pasted variant's); this module keeps only what no
Rules can hold yet: the rules chosen before anything of them is entered (a Killer with no
cage), the cells picked for a cage, and a jigsaw's region map while it is unfinished. Pure
decisions, no DOM: the Controller calls them, tests/ui runs them under CPython.
"""

from solver.model.errors import PuzzleError
from solver.model.geometry import (
    ANTI_KING,
    ANTI_KNIGHT,
    JIGSAW,
    KILLER,
    WINDOKU,
    X,
    apart,
    cage_combinations,
    remade,
    whole_text,
)
from solver.model.puzzle import Puzzle
from ui import messages as say

CLASSIC = "classic"
BASES = (CLASSIC, KILLER, JIGSAW)  # one of these...
EXTRAS = (X, WINDOKU, ANTI_KNIGHT, ANTI_KING)  # ...and any of these on top
# New game's choice of rules (one of these; the library's generator makes each), in the
# order the rules button lists them; index.html's #new-rules options follow it (a test).
NEW_GAME_RULES = BASES + EXTRAS
TOOLS = {KILLER: "cage", JIGSAW: "region"}  # the tool of each base rules that has one
UNPAINTED = -1  # a cell in no region yet, in a jigsaw's unfinished map


def field_of(name: str) -> str:
    """The Rules field of an extra rule's name ('anti-knight': anti_knight)."""
    return name.replace("-", "_")


def sum_problem(n: int, count: int, text: str):
    """(the sum typed, '') for a cage of `count` cells, or (None, why not) when the text is no
    whole number or no `count` different digits 1..n make it."""
    total = whole_text(text.strip())
    if total is None:
        return None, say.CAGE_SUM_MISSING
    if count > n or not cage_combinations(n, count, total):
        return None, say.cage_sum_impossible(n, count, total)
    return total, ""


def region_problem(n: int, regions):
    """(why a jigsaw's region map cannot be played, the cells concerned), ('', ()) when it
    is n regions of n joined cells: the first region short or long, then one in pieces,
    then the cells in no region."""
    members = [[] for _ in range(n)]
    for cell, region in enumerate(regions):
        if region != UNPAINTED:
            members[region].append(cell)
    for region, cells in enumerate(members):
        if cells and len(cells) != n:
            return say.region_size(region + 1, len(cells), n), tuple(cells)
    for region, cells in enumerate(members):
        loose = apart(n, cells)
        if loose >= 0:
            return say.region_pieces(region + 1, n, loose), (loose,)
    bare = [cell for cell, region in enumerate(regions) if region == UNPAINTED]
    if bare:
        return say.regions_unpainted(n, bare), tuple(bare)
    return "", ()


class Entering:
    """What is being entered of the rules beyond the grid's geometry: see the module's
    docstring. `chosen`: the base rules picked (BASES); `tool`: taps and drags on the grid
    pick a cage's cells or paint a region instead of selecting a cell; `picked`: the cells
    picked for a cage; `editing`: the cage (sum, cells) picked to change or delete, or None;
    `draft`: a jigsaw's region per cell (UNPAINTED where none) while it is unfinished."""

    def __init__(self, chosen: str = CLASSIC):
        self.chosen = chosen
        self.tool = chosen != CLASSIC
        self.picked = []
        self.editing = None
        self.draft = None
        self.last = -1  # the region painted last (a jigsaw's), -1 before any
        self.stroke = None  # what the stroke under way does: True adds, False takes away,
        # a region number paints it; None: nothing (it began on a refused cell)

    def base(self, g) -> str:
        """The base rules on show: the grid's own (its cages or regions), else the chosen."""
        if g.cages:
            return KILLER
        if (g.rules is not None and g.rules.regions is not None) or self.draft is not None:
            return JIGSAW
        return self.chosen

    def regions(self, g):
        """A jigsaw's region per cell as drawn: the unfinished map, else the grid's; None for
        no jigsaw."""
        if self.draft is not None:
            return self.draft
        if g.rules is not None and g.rules.regions is not None:
            return list(g.rules.regions)
        return [UNPAINTED] * g.cell_count if self.chosen == JIGSAW else None

    def choose(self, g, base: str):
        """(the grid's geometry under `base` with the extra rules kept, the message): a
        Killer's cages and a jigsaw's regions go when another base is chosen (Undo brings
        them back); PuzzleError for a name that is no base."""
        if base not in BASES:
            raise PuzzleError("no such rules: " + base)
        self.chosen, self.tool = base, base != CLASSIC
        self.picked, self.editing = [], None
        if base != JIGSAW:
            self.draft = None
        regions = self.regions(g) if base == JIGSAW else None
        finished = regions is not None and not region_problem(g.size, regions)[0]
        made = remade(g, cages=g.cages or None if base == KILLER else None,
                      regions=tuple(regions) if finished else None)
        if base == JIGSAW and not finished:
            self.draft = regions
        return made, say.chosen_rules(base, g.size)

    def toggle(self, g, name: str):
        """(the grid's geometry with the extra rule `name` on or off, the message), or
        (None, why not): Windoku is for 9x9 grids only."""
        if name not in EXTRAS:
            raise PuzzleError("no such rule: " + name)
        on = name not in g.rule_names()
        if name == WINDOKU and on and g.size != 9:
            return None, say.WINDOKU_9X9
        change = {field_of(name): on}
        return remade(g, **change), say.rule_turned(name, on)

    # --- a Killer's cages ---------------------------------------------------------------

    def cage_of(self, g, cell: int):
        """The cage (sum, cells) holding `cell`, or None."""
        for cage in g.cages:
            if cell in cage[1]:
                return cage
        return None

    def start_stroke(self, g, cell: int) -> tuple:
        """A finger (or the mouse) down on `cell` with the tool on: the message to say, as
        (text, tone)."""
        if self.base(g) == JIGSAW:
            return self.start_painting(g, cell)
        cage = self.cage_of(g, cell)
        if cage is not None and cage != self.editing:
            if self.picked:
                self.stroke = None
                return say.in_cage(g.cell_name(cell), cage[0]), "warn"
            self.picked, self.editing, self.stroke = list(cage[1]), cage, None
            return say.cage_picked(cage[0], len(cage[1])), ""
        self.stroke = cell not in self.picked
        return self.pick(g, cell)

    def pick(self, g, cell: int) -> tuple:
        """The stroke goes over `cell`: picked or let go, as the stroke began; the message."""
        cage = self.cage_of(g, cell)
        if self.stroke and cell not in self.picked:
            if cage is not None and cage != self.editing:
                return say.in_cage(g.cell_name(cell), cage[0]), "warn"
            self.picked.append(cell)
        elif not self.stroke and cell in self.picked:
            self.picked.remove(cell)
        return say.cage_cells(len(self.picked)), ""

    def over(self, g, cell: int) -> tuple:
        """The stroke under way reaches `cell`: the message, ('', '') when nothing changed."""
        if self.stroke is None:
            return "", ""
        if self.base(g) == JIGSAW:
            return self.paint(g, cell)
        if (cell in self.picked) == self.stroke:
            return "", ""
        return self.pick(g, cell)

    def add_cage(self, g, text: str):
        """(the geometry with the picked cells made a cage of the sum `text`, the message), or
        (None, why not): no cells, cells not joined up, no such sum. A cage picked to edit
        is replaced."""
        if not self.picked:
            return None, say.CAGE_NONE_PICKED
        loose = apart(g.size, self.picked)
        if loose >= 0:
            return None, say.cage_apart(g.cell_name(loose))
        total, why = sum_problem(g.size, len(self.picked), text)
        if total is None:
            return None, why
        cages = [cage for cage in g.cages if cage != self.editing]
        made = remade(g, cages=cages + [(total, self.picked)])
        count = len(self.picked)
        self.picked, self.editing = [], None
        return made, say.cage_added(total, count, len(made.cages))

    def delete_cage(self, g):
        """(the geometry without the cage picked to edit, the message), or (None, why not)."""
        if self.editing is None:
            return None, say.CAGE_NONE_TO_DELETE
        cages = [cage for cage in g.cages if cage != self.editing]
        total = self.editing[0]
        self.picked, self.editing = [], None
        return remade(g, cages=cages or None), say.cage_deleted(total)

    def drop_picked(self) -> str:
        """Let go of the cells picked (and of the cage picked to edit)."""
        self.picked, self.editing = [], None
        return say.CAGE_DROPPED

    # --- a Jigsaw's regions -------------------------------------------------------------

    def start_painting(self, g, cell: int) -> tuple:
        """A stroke from `cell`: it paints on the cell's region; from an unpainted cell, the
        region painted last while it is short of n cells (so cells tapped one by one make a
        region), else the next region (refused when all n are begun)."""
        regions = self.regions(g)
        region = regions[cell]
        if region == UNPAINTED:
            last = self.last
            if last < 0 or len([k for k in regions if k == last]) >= g.size:
                used = set(regions)
                free = [k for k in range(g.size) if k not in used]
                if not free:
                    self.stroke = None
                    return say.regions_all_begun(g.size), "warn"
                last = free[0]
            region = last
        self.stroke = self.last = region
        self.draft = list(regions)
        return self.paint(g, cell)

    def paint(self, g, cell: int) -> tuple:
        """The stroke paints `cell` into its region: the message saying how far it is."""
        if self.draft is None:
            self.draft = list(self.regions(g))  # the finished map, repainted
        self.draft[cell] = self.stroke
        count = len([k for k in self.draft if k == self.stroke])
        return say.region_painted(self.stroke + 1, count, g.size), ""

    def take_draft(self, regions) -> None:
        """Go on painting a map left unfinished (read back from storage; None: none)."""
        if regions is not None:
            self.draft, self.tool, self.last = regions, True, -1

    def painted(self, g):
        """After a stroke: the geometry the map makes (its regions once they are n regions of
        n joined cells, none before: the boxes stay out of the drawing meanwhile)."""
        regions = self.regions(g)
        if regions is None or region_problem(g.size, regions)[0]:
            return remade(g, regions=None)
        self.draft = None
        return remade(g, regions=tuple(regions))

    def checked(self, puzzle):
        """The grid as its conflicts are found: while a jigsaw's map is unfinished its regions
        are not known, so no box is checked, only rows, columns and the extra rules (a map of
        whole rows stands for the regions: it adds no unit a row does not have)."""
        if self.draft is None:
            return puzzle
        n = puzzle.size
        rows = tuple(cell // n for cell in range(n * n))
        return Puzzle(remade(puzzle.geometry, regions=rows), puzzle.cells)

    def unready(self, g) -> tuple:
        """(why the rules entered cannot be played yet, the cells concerned); ('', ())
        when they can: cells picked for a cage not added, a Killer with no cage, an
        unfinished jigsaw."""
        if self.picked:
            return say.CAGE_NOT_ADDED, tuple(self.picked)
        base = self.base(g)
        if base == KILLER and not g.cages:
            return say.KILLER_NO_CAGES, ()
        if base == JIGSAW and self.draft is not None:
            return region_problem(g.size, self.draft)
        if base == JIGSAW and (g.rules is None or g.rules.regions is None):
            return region_problem(g.size, self.regions(g))
        return "", ()

    def tool_name(self, g) -> str:
        """The tool of the base rules on show: 'cage', 'region', or '' (Classic has none)."""
        return TOOLS.get(self.base(g), "")

    def picking(self, g) -> bool:
        """Is the tool on (there is one: a Killer's or a Jigsaw's)?"""
        return self.tool and bool(self.tool_name(g))

    def view(self, g, entering: bool) -> dict:
        """The rules bar's part of the view: open while entering; the base on show, the extra
        rules on, the tool ('cage', 'region' or '' for none) and whether it is on, the cells
        picked, the sum of a cage picked to edit ('' when none), the regions as drawn."""
        base, tool = self.base(g), self.tool_name(g)
        return {"open": entering, "base": base,
                "extras": tuple(name for name in EXTRAS if name in g.rule_names()),
                "tool": tool, "tool_on": self.picking(g),
                "picked": tuple(self.picked),
                "sum": str(self.editing[0]) if self.editing is not None else "",
                "regions": tuple(self.regions(g)) if base == JIGSAW else None,
                "windoku": g.size == 9}
