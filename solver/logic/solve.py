"""The logical solver's loop: the easiest step, again and again, recorded as a path."""

from ..model.errors import PuzzleError, shown
from ..model.geometry import check_flag
from ..model.puzzle import Puzzle, check_puzzle
from ..search.engine import search
from .compat import dataclass
from .state import State
from .step import Step
from .techniques import SEARCH, SEARCH_TECHNIQUE, TECHNIQUES, Technique

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence


@dataclass("steps solution", frozen=True)
class Path:
    """The steps from the givens to `solution`; the last may be a SEARCH step."""

    steps: tuple[Step, ...]
    solution: Puzzle

    @property
    def logical(self) -> bool:
        """Was the puzzle solved by logic alone, without a search step?"""
        return not self.steps or self.steps[-1].technique != SEARCH


def as_state(source: Puzzle | State) -> State:
    """A State from a State or a Puzzle; PuzzleError for anything else."""
    if isinstance(source, State):
        return source
    check_puzzle(source)
    return State.from_puzzle(source)


def next_step(
    source: Puzzle | State, unique: bool = True, techniques: "Sequence[Technique]" = TECHNIQUES
) -> Step | None:
    """The easiest step that applies to a Puzzle or State, or None when no technique does.

    `unique=False` leaves out techniques that assume the puzzle has exactly one solution;
    `techniques`, the order they are tried in (default: the table's, HoDoKu's).
    PuzzleError for anything else.
    """
    return first_step(as_state(source), check_flag(unique, "unique"),
                      checked_techniques(techniques))


def checked_techniques(techniques: "Sequence[Technique]") -> tuple[Technique, ...]:
    """`techniques` as a tuple of the table's techniques; PuzzleError for anything else."""
    if techniques is TECHNIQUES:
        return TECHNIQUES
    chosen: tuple[Technique, ...] | None
    try:
        chosen = tuple(techniques) if isinstance(techniques, (list, tuple)) else None
    except Exception:  # a list subclass whose iteration raises
        chosen = None
    if chosen is None or not all(type(t) is Technique and t in TECHNIQUES for t in chosen):
        raise PuzzleError("techniques must be a list of the table's techniques (TECHNIQUES), "
                          "not " + shown(techniques))
    return chosen


def first_step(state: State, unique: bool, techniques: tuple[Technique, ...]) -> Step | None:
    """next_step on checked arguments (solve_path's loop): a row that does not hold under
    the state's variant rules (Technique.holds) is skipped."""
    if is_broken(state):
        return None
    g = state.geometry
    for technique in techniques:
        if not unique and technique.needs_unique:
            continue
        if g.rules is not None and not technique.holds(g):
            continue
        step = technique.find(state)
        if step is not None:
            return step
    return None


def solve_path(
    puzzle: Puzzle | State, unique: bool = True, techniques: "Sequence[Technique]" = TECHNIQUES
) -> Path:
    """Solve a Puzzle, or go on from a State, step by step, easiest technique first
    (`techniques` as for next_step); when
    none applies, one final SEARCH step fills the rest from a solution found by search.
    PuzzleError if there is none.
    """
    start = as_state(puzzle)
    unique, techniques = check_flag(unique, "unique"), checked_techniques(techniques)
    steps: list[Step] = []
    end = start
    for step, state in path_steps(start, unique, techniques):
        steps.append(step)
        end = state
    return Path(tuple(steps), end.puzzle())


def path_steps(state: State, unique: bool,
               techniques: tuple[Technique, ...]) -> "Iterator[tuple[Step, State]]":
    """solve_path's loop on checked arguments, a step at a time with the state after it
    (a caller may stop early: the page's badge stops at its time budget): the easiest step
    until solved, a final SEARCH step when none applies. PuzzleError if there is none."""
    while not state.is_solved():
        step = first_step(state, unique, techniques)
        if step is None:
            step = search_step(state)
        state = state.apply(step)
        yield step, state


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
