"""The logical solver's loop: the easiest step, again and again, recorded as a path."""

from dataclasses import dataclass

from ..model.errors import PuzzleError
from ..model.puzzle import Puzzle, check_puzzle
from ..search.engine import search
from .state import State
from .step import Step
from .techniques import SEARCH, SEARCH_TECHNIQUE, TECHNIQUES


@dataclass(frozen=True)
class Path:
    """The steps from the givens to `solution`; the last may be a SEARCH step."""

    steps: tuple[Step, ...]
    solution: Puzzle

    @property
    def logical(self) -> bool:
        """Was the puzzle solved by logic alone, without a search step?"""
        return not self.steps or self.steps[-1].technique != SEARCH


def as_state(source) -> State:
    """A State from a State or a Puzzle; PuzzleError for anything else."""
    if isinstance(source, State):
        return source
    check_puzzle(source)
    return State.from_puzzle(source)


def next_step(source, unique: bool = True, techniques=TECHNIQUES) -> Step | None:
    """The easiest step that applies to a Puzzle or State, or None when no technique does.

    `unique=False` leaves out techniques that assume the puzzle has exactly one solution;
    `techniques`, the order they are tried in (default: the table's, HoDoKu's).
    """
    state = as_state(source)
    if is_broken(state):
        return None
    for technique in techniques:
        if not unique and technique.needs_unique:
            continue
        step = technique.find(state)
        if step is not None:
            return step
    return None


def solve_path(puzzle: Puzzle, unique: bool = True, techniques=TECHNIQUES) -> Path:
    """Solve step by step, easiest technique first (`techniques` as for next_step); when
    none applies, one final SEARCH step fills the rest from a solution found by search.
    PuzzleError if there is none.
    """
    state = as_state(puzzle)
    steps = []
    while not state.is_solved():
        step = next_step(state, unique, techniques)
        if step is None:
            steps.append(search_step(state))
            state = state.apply(steps[-1])
            break
        steps.append(step)
        state = state.apply(step)
    return Path(tuple(steps), state.puzzle())


def search_step(state: State) -> Step:
    """The step that fills every empty cell from the first solution search finds."""
    g = state.geometry
    solutions = search(g, list(state.values), 1)
    if not solutions:
        raise PuzzleError("the puzzle has no solution")
    solution = solutions[0]
    placements = tuple((c, solution[c]) for c in state.empty)
    return SEARCH_TECHNIQUE.named(Step(
        placements=placements, cells=state.empty, area="",
        explanation="No technique this solver knows applies here, so the remaining "
        + str(len(placements)) + " cells are filled by trial and error (search).",
    ))


def is_broken(state: State) -> bool:
    """Has some empty cell lost every candidate (the givens or an assumption were wrong)?"""
    return any(state.cands[c] == 0 for c in state.empty)
