"""The lesson (#lesson): an Explain reply stepped through one step at a time, each drawn on
the grid AS IT WAS before that step, with the candidates the solver saw there.

The positions are replayed here from the grid Explain was asked for: each step's placements
and eliminations applied in turn (ui.session.placed, the same rule Step uses), the
candidates those digits and eliminations leave (solver.model.candidates). "Play from here"
hands the position to the session. No DOM here: MicroPython runs it in the page, CPython
in tests/ui/test_lesson.py.
"""

from solver.model.candidates import candidates, without
from ui import messages as say
from ui.session import PLAY, placed
from ui.view import FULL, grid_view, marks_key, step_hints, step_links, step_marks


class Lesson:
    """The steps of one Explain reply and the step on show.

    start: the session Moment Explain was asked for (its grid, the player's digits and kinds);
    steps: the reply's Step dicts, in order; index: the step on show, 0-based; chain: the
    shorter chain of a nested forcing chain's step on show in place of its sentence
    (0-based, into the step's "inner"), or None.
    """

    def __init__(self, start, steps):
        # the solver explained the grid's own candidates: earlier Step eliminations are not
        # part of its path, and the player's notes are not candidates
        first = start.but(eliminated=(), notes=(0,) * len(start.puzzle.cells), lent=(),
                          solution=None)
        self.start = start
        self.steps = steps
        self.index = 0
        self.chain = None
        self.moments = [first]
        for step in steps:
            self.moments.append(placed(self.moments[-1], step["placements"],
                                       step["eliminations"]))

    @property
    def count(self) -> int:
        return len(self.steps)

    def go(self, index: int) -> int:
        """Show step `index` (clamped to the steps there are); returns the one shown."""
        self.index = max(0, min(int(index), self.count - 1))
        self.chain = None
        return self.index

    def chains(self) -> list:
        """The shorter chains the step's sentence names by number, each {"fact", "proof"}
        (Step.inner; none for most steps, and from a worker that sends none)."""
        return self.step().get("inner") or []

    def open_chain(self, k) -> None:
        """Show shorter chain `k` (0-based) in place of the sentence, or the sentence again
        if it is on show already; an index past the step's chains shows the sentence."""
        self.chain = k if k != self.chain and 0 <= k < len(self.chains()) else None

    def step(self) -> dict:
        return self.steps[self.index]

    def before(self, index=None):
        """The Moment just before step `index` (the one on show by default)."""
        return self.moments[self.index if index is None else index]

    def candidates(self, index=None) -> list:
        """The candidate mask per cell (bit d-1 = digit d, 0 if filled) before step `index`."""
        moment = self.before(index)
        return without(candidates(moment.puzzle), moment.eliminated)

    def title(self) -> tuple:
        """('Step 3 of 40', 'Hidden Single'): where the lesson is, and the step's technique."""
        return ("Step " + str(self.index + 1) + " of " + str(self.count),
                self.step()["technique"])

    def sentence(self) -> str:
        """What the step does, as the solver words it; or the shorter chain open, said as
        what it shows and how (messages.shorter_chain)."""
        if self.chain is None:
            return self.step()["explanation"]
        chain = self.chains()[self.chain]
        return say.shorter_chain(self.chain + 1, chain["fact"], chain["proof"])

    def drawn(self) -> dict:
        """What the grid draws: the step on show, or its shorter chain open (Step.to_dict's
        "inner" entries carry cells, links and the candidate removed, as a step does)."""
        return self.step() if self.chain is None else self.chains()[self.chain]

    def view(self, selected=None):
        """The grid's View of the step on show: the position before it, every candidate
        there, and the cells, eliminations, placements and chain links drawn (drawn())."""
        step, moment = self.drawn(), self.before()
        g = moment.puzzle.geometry
        return grid_view(moment, marks=self.candidates(), hints=step_hints(step, FULL, g),
                         special=step_marks(step, FULL), links=step_links(step, FULL),
                         marks_key=marks_key(moment.puzzle, moment.eliminated), selected=selected)

    def play_moment(self, index=None):
        """The session Moment "Play from here" goes to: the grid Explain was asked for with
        the steps before `index` applied as Step applies them (the player's notes kept),
        playing."""
        moment = self.start.but(solution=None)
        for step in self.steps[:self.index if index is None else index]:
            moment = placed(moment, step["placements"], step["eliminations"])
        return moment.but(phase=PLAY)
