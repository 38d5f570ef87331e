"""What the grid shows, as plain data: the one record Board.render paints.

`grid_view` builds it from the session's Moment (each digit's kind, the player's notes, the
solution on show), the conflicts and wrong entries, and what the coach contributes (pencil
marks, the step being highlighted).
No DOM here: MicroPython runs it in the page, CPython in the tests.
"""

from ui.session import ENTRY, GIVEN, PLACED

NUDGE, FULL, APPLIED = 1, 2, 3  # what the highlighted step shows: its area, all of it, its result


class CellView:
    """One cell as shown.

    digit: 0 for empty; kind: 'given', 'entry', 'placed', 'solved' or 'empty'; conflict: it
    breaks a rule; wrong: Check found it differs from the solution; marks: the pencil-mark
    bitmask (bit d-1 = digit d); own: the marks are the player's notes; hint: '', 'area',
    'pattern', 'elim' or 'place' (a step on show), 'doubt' (read from a photo with doubt) or
    'differs' (another solution differs here); special: the mark digits the step on show places
    or eliminates there, a bitmask like marks (0 for none); near: 'self' for the selected
    cell, 'peer' in its row, column or box, 'same' holding (or noting) its digit, else ''.
    """

    def __init__(self, digit=0, kind="empty", marks=0, hint="", special=0, conflict=False,
                 wrong=False, own=False, near=""):
        self.digit = digit
        self.kind = kind
        self.marks = marks
        self.hint = hint
        self.special = special
        self.conflict = conflict
        self.wrong = wrong
        self.own = own
        self.near = near

    def face(self) -> tuple:
        """What the cell's <input> shows: changes here repaint the cell."""
        # the player's notes too: the cell's accessible name reads them out
        return (self.digit, self.kind, self.hint, self.conflict, self.wrong, self.near,
                self.marks if self.own else 0)

    def pencil(self) -> tuple:
        """What the cell's pencil-mark box shows: changes here repaint the box."""
        return (self.marks, self.hint if self.special else "", self.special, self.own)


# An empty cell unlit, as ui/cells.py makes a cell (index.html's static grid too) and Board
# paints it: attributes at their defaults, no digit, the empty cell's accessible name.
EMPTY_FACE = CellView().face()


class View:
    """The whole grid as shown: a CellView per cell, and whose candidates the marks are.

    marks_key is the grid and eliminations the pencil marks were worked out for ('' when
    none are on show); layer says whether the pencil-mark layer is needed at all; links are
    the chain links to draw as arrows (Step.to_dict()["links"] of the step on show).
    """

    def __init__(self, geometry, cells, marks_key="", links=()):
        self.geometry = geometry
        self.cells = cells
        self.marks_key = marks_key
        self.links = links
        self.layer = bool(marks_key) or any(c.marks or c.special for c in cells)


def marks_key(puzzle, eliminated) -> str:
    """The grid and its eliminations as text ('grid|cell:digit,...'): the candidates a
    View's marks were worked out for, and which grid a worker's reply belongs to."""
    return puzzle.to_string("0") + "|" + ",".join(str(c) + ":" + str(d) for c, d in eliminated)


KINDS = {GIVEN: "given", ENTRY: "entry", PLACED: "placed"}  # the session's kind letters


def cell_kind(digit: int, letter: str, solved: int) -> tuple:
    """(digit, kind) of one cell from its digit, its kind letter (ui/session.py) and the
    solution's digit there (0 if none is shown)."""
    if digit:
        return digit, KINDS.get(letter, "given")
    if solved:
        return solved, "solved"
    return 0, "empty"


def nearness(g, cells, notes, selected) -> dict:
    """cell -> 'self', 'peer' or 'same' for the selection's highlight (none without one):
    the cell, its row, column and box, and every cell holding or noting its digit."""
    if selected is None or not 0 <= selected < len(cells):
        return {}
    near = dict.fromkeys(g.peers[selected], "peer")
    digit = cells[selected]
    if digit:
        bit = 1 << (digit - 1)
        for i, value in enumerate(cells):
            if value == digit or (not value and notes[i] & bit):
                near[i] = "same"
    near[selected] = "self"
    return near


def grid_view(moment, bad=(), wrong=(), marks=None, hints=None, special=None,
              marks_key="", selected=None, links=()) -> View:
    """The view of a session Moment (grid, kinds, notes, the solution on show): conflicting
    cells `bad`, `wrong` entries; marks: a candidate mask per cell, or None for no pencil
    marks (a cell's own notes show instead where it has any); hints: cell -> highlight;
    special: cell -> the step's own digits among the marks (a bitmask), shown in the cell's
    highlight;
    selected: the selected cell, whose row, column, box and digit are highlighted; links:
    a chain's links to draw."""
    bad, wrong = set(bad), set(wrong)
    hints, special = hints or {}, special or {}
    solved = moment.solution.cells if moment.solution is not None else None
    notes, kinds = moment.notes, moment.kinds
    shown_cells = moment.puzzle.cells if solved is None else solved
    near = nearness(moment.puzzle.geometry, shown_cells, notes, selected)
    cells = []
    for i, digit in enumerate(moment.puzzle.cells):
        shown, kind = cell_kind(digit, kinds[i], solved[i] if solved else 0)
        own = bool(notes[i]) and not shown and i not in special
        mask = notes[i] if own else (marks[i] if marks else 0)
        cells.append(CellView(shown, kind, mask, hints.get(i, ""), special.get(i, 0),
                              i in bad, i in wrong, own, near.get(i, "")))
    return View(moment.puzzle.geometry, cells, marks_key, links)


def step_hints(step, stage: int, g) -> dict:
    """cell -> how to highlight it for a step dict on show at `stage` (none for None)."""
    lit = {}
    if step is None:
        return lit
    if stage == NUDGE:
        for unit in step["units"]:
            for cell in g.units[unit]:
                lit[cell] = "area"
        for cell in step["area_cells"]:  # an area that is no unit: a Killer cage
            lit[cell] = "area"
        return lit
    for cell in step["cells"]:
        lit[cell] = "pattern"
    if stage == FULL:
        for cell, _ in step["eliminations"]:
            lit[cell] = "elim"
    for cell, _ in step["placements"]:
        lit[cell] = "place"
    return lit


def step_links(step, stage: int) -> list:
    """The links of a step shown whole (a full hint, a Step applied, an Explain step tapped)
    to draw as arrows; none for a nudge, which must not give the chain away."""
    if step is None or stage == NUDGE:
        return []
    return step.get("links", [])


def step_marks(step, stage: int) -> dict:
    """cell -> the step's own digits among a full hint's marks (highlighted like the cell), as
    a bitmask (a step may remove several digits from one cell), 0 for a cell a chain link
    passes through (its candidates shown, none highlighted)."""
    marked = {}
    if step is None or stage != FULL:
        return marked
    for link in step_links(step, stage):
        for cell in link["from"] + link["to"]:
            marked[cell] = 0
    for pairs in (step["eliminations"], step["placements"]):
        for cell, digit in pairs:
            marked[cell] = marked.get(cell, 0) | 1 << (digit - 1)
    return marked


def shown_marks(cands, marks_on: bool, special):
    """The pencil-mark mask per cell, or None for none: every candidate when marks are on,
    else only those of the cells where a full hint marks its digits."""
    if cands is None or not (marks_on or special):
        return None
    if marks_on:
        return cands
    return [cands[i] if i in special else 0 for i in range(len(cands))]
