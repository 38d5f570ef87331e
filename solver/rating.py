"""Difficulty rating, HoDoKu style: the level of the hardest technique the logical solver needs,
and a score adding up the effort of every step it takes (a final search step by how much it
leaves undecided). Also `solves_within`, the cheap level test the generator runs.
"""

from dataclasses import dataclass

from .logic import SEARCH, TECHNIQUES, Path, State, solve_path
from .logic.state import after_singles
from .model.candidates import settle_singles
from .model.puzzle import Puzzle

LEVELS = ("Easy", "Medium", "Hard", "Unfair", "Extreme")

# technique name (as Step.technique spells it) -> (level, score per step). Levels and scores are
# HoDoKu's defaults (its Options.DEFAULT_SOLVER_STEPS); not tuned.
TECHNIQUE_TABLE: dict[str, tuple[str, int]] = {
    "Full house": ("Easy", 4),
    "Naked single": ("Easy", 4),
    "Hidden single": ("Easy", 14),
    "Locked candidates (pointing)": ("Medium", 50),
    "Locked candidates (claiming)": ("Medium", 50),
    "Naked pair": ("Medium", 60),
    "Naked triple": ("Medium", 80),
    "Hidden pair": ("Medium", 70),
    "Hidden triple": ("Medium", 100),
    "Naked quad": ("Hard", 120),
    "Hidden quad": ("Hard", 150),
    "X-Wing": ("Hard", 140),
    "Swordfish": ("Hard", 150),
    "Jellyfish": ("Hard", 160),
    "XY-Wing": ("Hard", 160),
    "XYZ-Wing": ("Hard", 180),
    "W-Wing": ("Hard", 150),
    "Skyscraper": ("Hard", 130),
    "2-String Kite": ("Hard", 150),
    "Simple colouring (colour trap)": ("Hard", 150),
    "Simple colouring (colour wrap)": ("Hard", 150),
    "Unique rectangle (type 1)": ("Hard", 100),
    "X-Chain": ("Unfair", 260),
    "XY-Chain": ("Unfair", 260),
    # HoDoKu's brute force step; ours fills every cell left, so it also costs
    # SEARCH_SCORE_PER_CANDIDATE for each candidate left that one trial cannot rule out.
    SEARCH: ("Extreme", 10000),
}
# The one weight tuned against Sudoku Explainer ratings (benchmarks/rating_calibration.py):
# Spearman 0.80 at 100 against 0.79 at 50 and 0.81 at 1000, so a round value on the plateau.
SEARCH_SCORE_PER_CANDIDATE = 100
SINGLES = frozenset(name for name, (level, _) in TECHNIQUE_TABLE.items() if level == LEVELS[0])


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is: `level` (one of LEVELS) is the level of `hardest`, the hardest
    technique the solve path uses; `score` is the summed effort of all `steps`."""

    level: str
    score: int
    hardest: str
    steps: int

    @property
    def rank(self) -> int:
        """The level as a number, 0 (Easy) to len(LEVELS) - 1 (Extreme), for comparisons."""
        return level_rank(self.level)


def level_rank(level: str) -> int:
    """A level's place in LEVELS (0 = Easy); ValueError naming the levels for an unknown one."""
    if level not in LEVELS:
        raise ValueError(
            "unknown difficulty " + repr(level) + "; expected one of " + ", ".join(LEVELS)
        )
    return LEVELS.index(level)


def technique_level(name: str) -> str:
    """The level of a technique; KeyError for a technique without an entry in the table."""
    return TECHNIQUE_TABLE[name][0]


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
    """The rating of a solve path given as its steps (no steps: a full grid, rated Easy);
    `search_effort` is added to the score of a final SEARCH step. KeyError for a technique
    missing from TECHNIQUE_TABLE."""
    hardest, hardest_key = "", (0, 0)
    score = 0
    for step in steps:
        level, weight = TECHNIQUE_TABLE[step.technique]
        score += weight + (search_effort if step.technique == SEARCH else 0)
        key = (level_rank(level), weight)
        if key > hardest_key:
            hardest, hardest_key = step.technique, key
    return Rating(LEVELS[hardest_key[0]], score, hardest, len(steps))


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
    rank = level_rank(level)
    allowed = [
        t for t in TECHNIQUES
        if t.name not in SINGLES and level_rank(technique_level(t.name)) <= rank
    ]
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
