"""What the user is editing: the grid and what each digit is (a given, the player's entry, a
digit a Step placed), the player's own notes, the phase (entering givens or playing), the
solution on show, and one undo/redo history of all of it.

Its text forms live apart: the save format in ui/storage.py, links in ui/links.py, the words
in ui/messages.py. No DOM here: plain Python that MicroPython runs in the page and CPython
runs in the tests.
"""

from solver.model.geometry import geometry
from solver.model.puzzle import Puzzle, conflict_cells, conflicts, describe_conflicts

HISTORY_LIMIT = 100  # undo steps kept in memory, and across a reload while the save fits
ENTER, PLAY = "enter", "play"  # the phases: typing the givens in, then solving them
PHASES = (ENTER, PLAY)
# What a filled cell's digit is, one letter per cell in `Moment.kinds` ('.' when empty).
GIVEN, ENTRY, PLACED = "g", "e", "p"
KIND_LETTERS = ".gep"


def empty(size: int) -> Puzzle:
    """An empty size x size grid."""
    return Puzzle(geometry(size), [0] * (size * size))


def given_kinds(puzzle: Puzzle) -> str:
    """Every filled cell a given: the kinds of a grid loaded from text, a link or a file."""
    return "".join(GIVEN if d else "." for d in puzzle.cells)


class Moment:
    """One state of the game, never changed once made: what Undo and Redo step between.

    kinds: a letter per cell (GIVEN, ENTRY, PLACED or '.'); notes: the player's own notes, a
    bitmask per cell (bit d-1 = digit d); eliminated: (cell, digit) pairs that applied Steps
    removed from the candidates; solution: the solved grid on show, or None; lent: (peer,
    digit, cell) for each note a digit in `cell` took (from its own notes or a peer's), given
    back when that digit goes (so a wrong digit, erased, leaves the notes as they were).
    """

    def __init__(self, puzzle, kinds=None, notes=None, phase=ENTER, solution=None,
                 eliminated=(), lent=()):
        self.puzzle = puzzle
        self.kinds = kinds if kinds is not None else given_kinds(puzzle)
        self.notes = tuple(notes) if notes is not None else (0,) * len(puzzle.cells)
        self.phase = phase
        self.solution = solution
        self.eliminated = tuple(eliminated)
        self.lent = tuple(lent)

    def but(self, **changes) -> "Moment":
        """A copy with some fields changed."""
        fields = {"puzzle": self.puzzle, "kinds": self.kinds, "notes": self.notes,
                  "phase": self.phase, "solution": self.solution,
                  "eliminated": self.eliminated, "lent": self.lent}
        fields.update(changes)
        return Moment(**fields)

    def givens(self) -> Puzzle:
        """The puzzle's givens alone (entries and placed digits left out)."""
        cells = [d if self.kinds[i] == GIVEN else 0 for i, d in enumerate(self.puzzle.cells)]
        return Puzzle(self.puzzle.geometry, cells)

    def same(self, other) -> bool:
        return (self.puzzle.size == other.puzzle.size and self.puzzle.cells == other.puzzle.cells
                and same_rules(self.puzzle, other.puzzle)
                and self.kinds == other.kinds and self.notes == other.notes
                and self.phase == other.phase and self.solution is other.solution
                and self.eliminated == other.eliminated and self.lent == other.lent)


def same_rules(one: Puzzle, other: Puzzle) -> bool:
    """Are two grids under the same rules (a variant's, or the classic ones)?"""
    return one.geometry is other.geometry or one.geometry.rules == other.geometry.rules


def is_variant(puzzle: Puzzle) -> bool:
    """Is the grid under a variant's rules (a Killer, a Jigsaw, X...), not the classic ones?"""
    return puzzle.geometry.rules is not None


def placed_notes(g, notes: list, lent: list, cell: int, digit: int) -> None:
    """Placing `digit` in `cell` (0: emptying it): the notes its old digit took come back;
    the new digit takes the cell's own notes and leaves its peers' notes, each such note
    recorded in `lent`, to come back when the digit goes."""
    for item in [item for item in lent if item[2] == cell]:
        lent.remove(item)
        notes[item[0]] |= 1 << (item[1] - 1)
    if digit:
        lent.extend((cell, d, cell) for d in range(1, g.size + 1) if notes[cell] >> (d - 1) & 1)
        notes[cell] = 0
        bit = 1 << (digit - 1)
        for peer in g.peers[cell]:
            if notes[peer] & bit:
                notes[peer] &= ~bit
                lent.append((peer, digit, cell))


def placed(now: Moment, placements, eliminations) -> Moment:
    """The moment after a Step: its digits in as placed (and out of their peers' notes, lent
    back when the digit goes), its eliminations kept and taken out of the notes; no
    solution on show."""
    puzzle, kinds = now.puzzle, list(now.kinds)
    notes, lent = list(now.notes), list(now.lent)
    for cell, digit in placements:
        puzzle = puzzle.with_cell(cell, digit)
        kinds[cell] = PLACED
        placed_notes(puzzle.geometry, notes, lent, cell, digit)
    gone = set(now.eliminated)
    for cell, digit in eliminations:
        gone.add((cell, digit))
        notes[cell] &= ~(1 << (digit - 1))
    return now.but(puzzle=puzzle, kinds="".join(kinds), notes=notes, lent=lent,
                   solution=None, eliminated=sorted(gone))


class Session:
    """The game being played: the current Moment and one history of them for Undo and Redo.
    Every change (a digit, a note, a Step, Solve, a new puzzle, the phase) is one entry."""

    def __init__(self, now: Moment, history=None, future=None):
        self.now = now
        self.history = list(history or [])
        self.future = list(future or [])  # moments Undo left, newest last, for Redo
        self.saved_steps = {}  # storage's cache: (id, id) -> (before, moment, change text)

    @property
    def puzzle(self) -> Puzzle:
        return self.now.puzzle

    @property
    def solution(self):
        return self.now.solution

    @property
    def phase(self) -> str:
        return self.now.phase

    def go(self, moment: Moment) -> bool:
        """Make `moment` the state, keeping the current one for Undo; False if nothing changed."""
        if moment.same(self.now):
            return False
        self.history.append(self.now)
        del self.history[:-HISTORY_LIMIT]
        self.future = []
        self.now = moment
        return True

    def load(self, puzzle: Puzzle, phase: str = PLAY, entries=None, notes=None) -> bool:
        """A new puzzle whose digits are all givens (undoable); `entries`, a Puzzle of the
        player's digits, goes on top of them as entries; `notes` (a candidate mask per cell,
        as a pencil-mark file gives) become the player's notes on its empty cells."""
        moment = Moment(puzzle, phase=phase)
        if notes is not None:
            cells = puzzle.cells
            moment = moment.but(notes=[0 if cells[i] else m for i, m in enumerate(notes)])
        if entries is not None:
            cells, kinds = list(puzzle.cells), list(moment.kinds)
            for i, digit in enumerate(entries.cells):
                if digit and not cells[i]:
                    cells[i], kinds[i] = digit, ENTRY
            moment = moment.but(puzzle=Puzzle(puzzle.geometry, cells), kinds="".join(kinds))
        return self.go(moment)

    def locked(self, cell: int) -> bool:
        """Is this cell a given while playing (so it cannot be changed)?"""
        return self.now.phase == PLAY and self.now.kinds[cell] == GIVEN

    def set_cell(self, cell: int, digit: int) -> bool:
        """Set one cell (0 empties it): a given while entering, an entry while playing. Its
        notes go, and the digit from its peers' notes (back when it goes). False if nothing
        changed or locked."""
        now = self.now
        if self.locked(cell):
            return False
        kind = (GIVEN if now.phase == ENTER else ENTRY) if digit else "."
        notes, lent = list(now.notes), list(now.lent)
        placed_notes(now.puzzle.geometry, notes, lent, cell, digit)
        if not digit and not now.puzzle.cells[cell]:
            notes[cell] = 0  # emptying an empty cell: its notes go
        # Deductions made while this cell held a digit may not hold without it.
        eliminated = () if now.puzzle.cells[cell] else now.eliminated
        return self.go(now.but(
            puzzle=now.puzzle.with_cell(cell, digit), solution=None, notes=notes, lent=lent,
            kinds=now.kinds[:cell] + kind + now.kinds[cell + 1:], eliminated=eliminated))

    def toggle_note(self, cell: int, digit: int) -> bool:
        """Add or take away one of an empty cell's notes (digit 0 takes all of them away)."""
        now = self.now
        if now.puzzle.cells[cell]:
            return False
        notes = list(now.notes)
        notes[cell] = notes[cell] ^ (1 << (digit - 1)) if digit else 0
        lent = [item for item in now.lent if item[0] != cell]  # the player's own say now
        return self.go(now.but(notes=notes, lent=lent))

    def fill_notes(self, masks) -> bool:
        """Every empty cell's notes set to its mask (e.g. all its candidates), undoable."""
        cells = self.now.puzzle.cells
        return self.go(self.now.but(notes=[0 if cells[i] else m for i, m in enumerate(masks)],
                                    lent=()))

    def place(self, placements, eliminations) -> bool:
        """Apply a Step: its digits go in as placed, its eliminations are kept."""
        return self.go(placed(self.now, placements, eliminations))

    def show_solution(self, solution) -> bool:
        """Show a solution of the grid (undoable: Undo hides it again)."""
        return self.go(self.now.but(solution=solution))

    def solve_givens(self, solution) -> list:
        """While playing: show the givens' solution with the player's digits that differ
        from it taken out (one history entry: Undo brings the game back as it was). Returns
        the cells whose digit was wrong."""
        now = self.now
        wrong = wrong_cells(now, solution)
        cells, kinds = list(now.puzzle.cells), list(now.kinds)
        for cell in wrong:
            cells[cell], kinds[cell] = 0, "."
        self.go(now.but(puzzle=Puzzle(now.puzzle.geometry, cells), kinds="".join(kinds),
                        solution=solution))
        return wrong

    def set_phase(self, phase: str) -> bool:
        """Start playing the givens, or go back to entering them (undoable)."""
        return self.go(self.now.but(phase=phase, solution=None))

    def set_rules(self, g) -> bool:
        """The grid under the rules of geometry `g` (a variant's, or the classic ones), its
        digits and notes kept (undoable)."""
        return self.go(self.now.but(puzzle=Puzzle(g, self.now.puzzle.cells), solution=None))

    def clear(self) -> bool:
        """Empty the grid (undoable), keeping its size: back to entering givens."""
        return self.go(Moment(empty(self.now.puzzle.size)))

    def resize(self, size: int) -> bool:
        """Switch to an empty grid of another size (undoable)."""
        if size == self.now.puzzle.size:
            return False
        return self.go(Moment(empty(size)))

    def undo(self) -> bool:
        """Go back one change; False if there is none."""
        if not self.history:
            return False
        self.future.append(self.now)
        self.now = self.history.pop()
        return True

    def redo(self) -> bool:
        """Bring back the change Undo took away last; False if there is none."""
        if not self.future:
            return False
        self.history.append(self.now)
        self.now = self.future.pop()
        return True

    def can_undo(self) -> bool:
        return bool(self.history)

    def can_redo(self) -> bool:
        return bool(self.future)


def conflict_report(puzzle: Puzzle):
    """(cells in conflict, a sentence naming every conflict) for the givens; ((), '') if none."""
    problems = conflicts(puzzle)
    if not problems:
        return (), ""
    return conflict_cells(problems), describe_conflicts(puzzle.geometry, problems)


def wrong_cells(moment: Moment, answer) -> list:
    """The cells whose entry or placed digit differs from `answer` (the solved givens)."""
    if answer is None:
        return []
    cells, kinds = moment.puzzle.cells, moment.kinds
    return [i for i, d in enumerate(cells) if d and kinds[i] != GIVEN and d != answer.cells[i]]


def missed_notes(moment: Moment, answer) -> list:
    """The empty cells whose own notes leave out the digit of `answer` there (a note a digit
    on the grid took away, and gives back when it goes, is not counted as left out)."""
    if answer is None:
        return []
    notes, cells = moment.notes, moment.puzzle.cells
    lent = set((peer, digit) for peer, digit, _ in moment.lent)
    return [i for i, m in enumerate(notes)
            if m and not cells[i] and not m >> (answer.cells[i] - 1) & 1
            and (i, answer.cells[i]) not in lent]


def note_eliminations(moment: Moment) -> list:
    """(cell, digit) for every digit the player's notes leave out of an empty cell that has
    notes: how Hint and Step work from the player's own notes."""
    g, cells = moment.puzzle.geometry, moment.puzzle.cells
    lent = set((peer, digit) for peer, digit, _ in moment.lent)
    out = []
    for i, mask in enumerate(moment.notes):
        if mask and not cells[i]:
            out.extend((i, d) for d in range(1, g.size + 1)
                       if not mask >> (d - 1) & 1 and (i, d) not in lent)
    return out


def own_digits(moment: Moment) -> Puzzle:
    """The player's digits alone (entries and those Step placed), as a grid."""
    cells = moment.puzzle.cells
    own = [d if moment.kinds[i] in (ENTRY, PLACED) else 0 for i, d in enumerate(cells)]
    return Puzzle(moment.puzzle.geometry, own)


def has_progress(moment: Moment) -> bool:
    """Has the player put anything of their own on the grid (digits, Step's or notes)?"""
    return bool(moment.kinds.strip(".g")) or any(moment.notes)
