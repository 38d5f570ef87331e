"""Difficulty rating, HoDoKu style: the level of the hardest technique the logical solver needs,
and a score adding up the effort of every step it takes (a final search step by how much it
leaves undecided). Also `solves_within`, the cheap level test the generator runs.
"""

from dataclasses import dataclass

from .logic import Path, State, solve_path
from .logic.state import after_singles
from .logic.techniques import BY_NAME, LEVELS, SEARCH, SINGLES, TECHNIQUES
from .model.candidates import settle_singles
from .model.errors import PuzzleError
from .model.puzzle import Puzzle

# The one weight tuned against Sudoku Explainer ratings (benchmarks/rating_calibration.py):
# Spearman 0.80 at 100 against 0.79 at 50 and 0.81 at 1000, so a round value on the plateau.
SEARCH_SCORE_PER_CANDIDATE = 100
# HoDoKu's per-level score ceilings (DifficultyType): a path scoring more than its hardest
# technique's level allows is rated the next level up, so many easy steps add up to harder.
MAX_SCORE = {"Easy": 800, "Medium": 1000, "Hard": 1600, "Unfair": 1800}


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is: `level` (one of LEVELS) is the level of `hardest`, the hardest
    technique the solve path uses, raised while `score` (the summed effort of all `steps`)
    exceeds that level's MAX_SCORE."""

    level: str
    score: int
    hardest: str
    steps: int

    @property
    def rank(self) -> int:
        """The level as a number, 0 (Easy) to len(LEVELS) - 1 (Extreme), for comparisons."""
        return level_rank(self.level)


def level_rank(level: str) -> int:
    """A level's place in LEVELS (0 = Easy); PuzzleError (a ValueError) naming the levels
    for an unknown one."""
    if level not in LEVELS:
        raise PuzzleError(
            "unknown difficulty " + repr(level) + "; expected one of " + ", ".join(LEVELS)
        )
    return LEVELS.index(level)


# By level rank: the techniques solves_within tries, easiest first: those of that level or
# easier, less the singles (settle_singles applies them on plain masks).
BEYOND_SINGLES_WITHIN = tuple(
    tuple(t for t in TECHNIQUES if t not in SINGLES and level_rank(t.level) <= rank)
    for rank in range(len(LEVELS))
)


def technique_level(name: str) -> str:
    """The level of a technique; KeyError for a technique without a row in the table."""
    return BY_NAME[name].level


def rate(puzzle: Puzzle, path: Path | None = None) -> Rating:
    """Rate a puzzle by solving it with the logical solver, easiest technique first.

    The puzzle should have exactly one solution (uniqueness techniques assume it);
    PuzzleError if it has none. `path`, the puzzle's `solve_path` when the caller already
    has it, saves solving again.
    """
    steps = (path or solve_path(puzzle)).steps
    search_effort = 0
    if steps and steps[-1].technique == SEARCH:
        stuck = State.from_puzzle(puzzle)
        for step in steps[:-1]:
            stuck = stuck.apply(step)
        search_effort = SEARCH_SCORE_PER_CANDIDATE * untrialled_candidates(stuck)
    return rate_steps(steps, search_effort)


def rate_steps(steps, search_effort: int = 0) -> Rating:
    """The rating of a solve path given as its steps (no steps: a full grid, rated Easy), the
    level raised past any MAX_SCORE the score exceeds;
    `search_effort` is added to the score of a final SEARCH step. KeyError for a technique
    missing from the technique table (logic/techniques.py)."""
    hardest, hardest_key = "", (0, 0)
    score = 0
    for step in steps:
        technique = BY_NAME[step.technique]
        score += technique.weight + (search_effort if technique.name == SEARCH else 0)
        key = (level_rank(technique.level), technique.weight)
        if key > hardest_key:
            hardest, hardest_key = step.technique, key
    rank = hardest_key[0]
    while LEVELS[rank] in MAX_SCORE and score > MAX_SCORE[LEVELS[rank]]:
        rank += 1
    return Rating(LEVELS[rank], score, hardest, len(steps))


def untrialled_candidates(state: State) -> int:
    """How many candidates of a state survive one trial: placing the digit and following
    naked and hidden singles meets no contradiction. A person would have to dig deeper
    (longer chains, nested guesses) to rule each of them out, so they measure what is left.
    """
    g = state.geometry
    masks, pending = state.as_masks()
    survivors = 0
    for cell in state.empty:
        left = state.cands[cell]
        while left:
            bit = left & -left
            left ^= bit
            trial = list(masks)
            trial[cell] = bit
            if settle_singles(g, trial, pending + [cell]):
                survivors += 1
    return survivors


def solves_within(puzzle: Puzzle, level: str) -> bool:
    """Can the logical solver finish the puzzle using only techniques of `level` or easier?

    The same easiest-first loop as `solve_path` with the harder techniques left out, so it
    stops as soon as they would be needed (cheaper than a full `rate` when the answer is no).
    Singles run on plain candidate masks: they reach the same fixed point in any order.
    For "Easy" (singles only) a True also proves the puzzle has exactly one solution; above
    that the puzzle should be known to have one (uniqueness techniques assume it).
    """
    allowed = BEYOND_SINGLES_WITHIN[level_rank(level)]
    g = puzzle.geometry
    masks = [1 << (d - 1) if d else g.all_digits for d in puzzle.cells]
    if not settle_singles(g, masks, [cell for cell, d in enumerate(puzzle.cells) if d]):
        return False
    state = State.from_masks(g, masks)
    while True:
        if state.is_solved():
            return True
        step = None
        for technique in allowed:
            step = technique.find(state)
            if step is not None:
                break
        if step is None:
            return False
        state = after_singles(state.apply(step))
        if state is None:
            return False
