"""Difficulty rating of a solve path, two ways. HoDoKu's: the level of the hardest technique
the logical solver needs, raised past HoDoKu's score limits, and a score adding up the effort
of every step (a final search step by how much it leaves undecided). Sudoku Explainer's:
`se`, an estimate of SE's rating, set by the hardest step alone (SE rates a puzzle by its
hardest step), for ordering puzzles by difficulty. Also `solves_within`, the cheap level test
the generator runs.
"""

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from .logic import Path, State, Step, solve_path
from .logic.solve import first_step, path_steps, search_step
from .logic.state import after_singles, masks_split
from .logic.techniques import (
    ALS_AIC_TECHNIQUE,
    BY_NAME,
    LEVELS,
    NESTED_TECHNIQUE,
    SEARCH,
    SINGLES,
    TECHNIQUES,
    Technique,
)
from .model.candidates import settle_singles
from .model.errors import PuzzleError, shown
from .model.geometry import check_flag, plain_text
from .model.puzzle import Puzzle, check_puzzle

__all__ = ["LEVELS", "MAX_SCORE", "Rating", "level_rank", "rate", "solves_within"]

# The score of a final search step grows with what it leaves undecided; a round value, tuned
# against Sudoku Explainer ratings when the score was the only order (Spearman 0.80 at 100,
# 0.79 at 50, 0.81 at 1000).
SEARCH_SCORE_PER_CANDIDATE = 100
# The SE estimate: for each technique the path uses, its `se` (logic/techniques.py) plus
# these amounts per step up SE's length ladder (4, 5, 7, 9, 13, 17, 25 ...) of its longest
# step (chain links; for search, the candidates one trial leaves) and of how many steps use
# it; for a chain (`se` from SE_CHAINS_FROM up) also SE_PER_50_CANDIDATES per 50 candidates
# the grid still holds at its longest step, above or below CANDIDATES_MIDDLE (a chain needed
# early, on a full grid, is what SE rates higher: its dynamic chains), plus SE_DYNAMIC per
# step up the ladder of how many of its steps are dynamic forcing nets (Step.dynamic: no
# static net was there, so SE too needs its dynamic chains, 8.5 and up). A dynamic net's
# length is its size (Step.net, SE's node count); a static net's is 0 (within the forcing
# group of the even lines its size follows SE at +0.30 only, a dynamic one's at +0.82: the
# solver takes a static net for being static, not short). The highest sets `se`.
# Fitted on every line of rated_se_sample.txt (benchmarks/rating_calibration.py --fit),
# with the techniques' `se` (which also order SE_ORDER's path) in three rounds.
SE_PER_LENGTH = 0.06
SE_PER_REPEAT = 0.02
SE_PER_50_CANDIDATES = 0.14
SE_DYNAMIC = 0.02
SE_CHAINS_FROM = 6.0  # below: SE's own fixed values for its patterns, not adjusted
# SE rates each step on its own scale and takes the easiest at every point; the solver's
# path follows HoDoKu's order (named patterns before the chains that hold them, uniqueness
# and finned fish before chains). So the estimate reads a second path whose techniques are
# tried in order of `se`: on the 831 lines of rated_se_sample.txt, 5-fold cross-validated
# Spearman with SE 0.892 reading the solver's path, 0.909 reading this one (refitted).
# Rows the SE-ordered path leaves out: Sudoku Explainer has no ALS techniques, so where the
# solver takes an AIC with ALS nodes SE rates the state with a forcing chain. On the 831
# lines of rated_se_sample.txt (in-sample) Spearman with SE 0.9134 without the row, 0.9064
# with it (docs/benchmarks.md, "the SE-ordered path without the AIC-with-ALS-nodes row").
SE_LEFT_OUT = frozenset({ALS_AIC_TECHNIQUE.name})
SE_ORDER = tuple(sorted((t for t in TECHNIQUES if t.name not in SE_LEFT_OUT),
                        key=lambda t: t.se))
# For each row of the table, those SE_ORDER tries before it that the table tries after it
# (for a left-out row, every SE_ORDER row the table tries after it): at a state where the
# solver's path takes that row, every row the table tries first found nothing, so the
# SE-ordered path takes the first of these that applies, else the path's own step (se_steps).
SE_EARLIER = {t.name: tuple(u for u in SE_ORDER
                            if (t not in SE_ORDER or SE_ORDER.index(u) < SE_ORDER.index(t))
                            and TECHNIQUES.index(u) > TECHNIQUES.index(t)) for t in TECHNIQUES}
# rate(nested=False), the page's badge: the nested forcing chain's row costs 5.6 s of CPython
# a path on forum_hardest (22.5 s at most), where the table without it stalls within 0.5 s;
# the badge is asked after every grid change, of the worker Hint waits on. So it solves with
# the table less that row (in either order) and, where the path stalls before it, says what
# a stall there makes sure (bounded_rating).
NESTED = NESTED_TECHNIQUE
MAX_SECONDS = 10**9  # rate's `seconds` at most (~30 years): a larger one is no limit anyway
BELOW_NESTED = tuple(t for t in TECHNIQUES if t is not NESTED)
BELOW_NESTED_SE = tuple(t for t in SE_ORDER if t is not NESTED)
CANDIDATES_MIDDLE = 125  # about the median at the chain steps of the rated sample
SE_CONSTANTS = {"per_length": SE_PER_LENGTH, "per_repeat": SE_PER_REPEAT,
                "per_50_candidates": SE_PER_50_CANDIDATES, "dynamic": SE_DYNAMIC}
# HoDoKu's per-level score ceilings (DifficultyType): a path scoring more than its hardest
# technique's level allows is rated the next level up, so many easy steps add up to harder.
MAX_SCORE = {"Easy": 800, "Medium": 1000, "Hard": 1600, "Unfair": 1800}
# path_summary's: technique name -> (its longest step, how many steps use it, the candidates
# open as its longest step starts, how many of them are dynamic forcing nets).
Summary = dict[str, tuple[int, int, int, int]]


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is: `level` (one of LEVELS) is the level of `hardest`, the hardest
    technique the solve path uses, raised (on a classic grid) while `score` (the summed
    effort of all `steps`) exceeds that level's MAX_SCORE. `se` estimates Sudoku Explainer's
    rating (one decimal, on SE's scale: 1-2 for singles, 6.5-10 for chains and nets), set by
    the hardest step, for ordering puzzles: one long chain counts for more than many easy
    steps. `se_hardest` is the technique that sets `se` (what a reader of "about SE 8.2"
    expects named).

    `bound` (rate's nested=False only): the path was not followed past where every row but
    the nested forcing chain's fails, and the rating says what that stall makes sure:
    `level` is exact (Extreme, the top); `hardest` is the hardest technique the full path
    surely uses (the nested forcing chain, or a harder one used before it); `score` and
    `steps` count the steps up to there and one nested step, so the full path's are at
    least these; `se` is the higher of the estimate of the steps up to there and the nested
    forcing chain's `se`, 9.5, where Sudoku Explainer's nested chains begin: a floor, to be
    told as one ("SE 9.5 or more")."""

    level: str
    score: int
    hardest: str
    steps: int
    se: float = 0.0
    se_hardest: str = ""
    bound: bool = False

    @property
    def rank(self) -> int:
        """The level as a number, 0 (Easy) to len(LEVELS) - 1 (Extreme), for comparisons."""
        return level_rank(self.level)


def level_rank(level: str) -> int:
    """A level's place in LEVELS (0 = Easy); PuzzleError (a ValueError) naming the levels
    for an unknown one."""
    text = plain_text(level)
    if text not in LEVELS:
        raise PuzzleError(
            "unknown difficulty " + shown(level) + "; expected one of " + ", ".join(LEVELS)
        )
    return LEVELS.index(text)


# By level rank: the techniques solves_within tries, easiest first: those of that level or
# easier, less the singles (settle_singles applies them on plain masks).
BEYOND_SINGLES_WITHIN = tuple(
    tuple(t for t in TECHNIQUES if t not in SINGLES and level_rank(t.level) <= rank)
    for rank in range(len(LEVELS))
)


def technique_level(name: str) -> str:
    """The level of a technique; KeyError for a technique without a row in the table."""
    return BY_NAME[name].level


def rate(puzzle: Puzzle, path: Path | None = None, se: bool = True,
         nested: bool = True, seconds: float | None = None) -> Rating:
    """Rate a puzzle by solving it with the logical solver, easiest technique first: level
    and score from that path, `se` from the SE-ordered one (se_summary). A variant's level
    is that of its hardest technique, never raised by the score (MAX_SCORE is classic's).

    The puzzle should have exactly one solution (uniqueness techniques assume it);
    PuzzleError if it has none. `path`, the puzzle's `solve_path` when the caller already
    has it, saves solving again. `se=False` skips the SE-ordered path (about a second solve
    on a hard puzzle), leaving `se` 0.0 and `se_hardest` "": level and score only.
    `nested=False` (the page's badge) never tries the nested forcing chain's row, the
    costliest: a puzzle neither path of which reaches it is rated exactly as with it; one
    that does gets the Rating marked `bound` (see Rating). With it, `seconds` (a number > 0,
    or None for no limit) stops following the path once that much time has passed (between
    steps): the steps so far rated, marked `bound` (their level, hardest step and score are
    floors), without an SE estimate; nor is the SE-ordered path solved once past it.
    PuzzleError for a `path` that is not this puzzle's, a `path` or `seconds` with
    nested=True, or a flag not True or False.
    """
    check_puzzle(puzzle)
    check_flag(se, "se")
    check_flag(nested, "nested")
    if path is not None and not is_path_of(path, puzzle):
        raise PuzzleError("path must be None or the puzzle's own solve_path, not " + shown(path))
    if seconds is not None and (nested or type(seconds) not in (int, float)
                                or not 0 < seconds <= MAX_SECONDS):
        raise PuzzleError("seconds must be None, or a number of seconds above 0 and at most "
                          f"{MAX_SECONDS:,} with nested=False, not " + shown(seconds))
    if not nested:
        if path is not None:
            raise PuzzleError("a path is the full table's: give none with nested=False")
        return rate_below_nested(puzzle, se, seconds)
    steps = (path or solve_path(puzzle)).steps
    # HoDoKu's score ceilings are set for classic grids: a Killer with few givens takes
    # 100-150 steps (half of them its cages' combinations), whose score alone would call
    # every Killer Extreme whatever it needs; a variant's level is its hardest technique's.
    return rate_steps(steps, *path_context(puzzle, steps),
                      se_summary(puzzle, steps) if se else {},
                      ceilings=puzzle.geometry.rules is None)


def rate_below_nested(puzzle: Puzzle, se: bool, seconds: float | None = None) -> Rating:
    """rate(puzzle, se=se, nested=False, seconds=seconds) on checked arguments: both paths
    solved with the table less the nested forcing chain's row. A path ending in SEARCH has
    stalled where the full table would try that row (every row before it failed), and is
    the full path up to there: the rating of what comes before, raised as bounded_rating
    says. Past `seconds`, the steps so far, as floors (timed_steps)."""
    deadline = None if seconds is None else time.monotonic() + seconds
    steps, finished = timed_steps(puzzle, deadline)
    if not finished:
        return replace(rate_steps(steps, 0, path_context(puzzle, steps)[1], {},
                                  ceilings=puzzle.geometry.rules is None), bound=True)
    se = se and (deadline is None or time.monotonic() < deadline)
    ordered = se_steps(puzzle, steps, BELOW_NESTED_SE) if se else []
    stalled, se_stalled = ends_in_search(steps), ends_in_search(ordered)
    head = steps[:-1] if stalled else steps
    se_head = ordered[:-1] if se_stalled else ordered
    rating = rate_steps(head, 0, path_context(puzzle, head)[1],
                        path_summary(se_head, *path_context(puzzle, se_head)) if se else {},
                        ceilings=puzzle.geometry.rules is None)
    if stalled or se_stalled:
        return bounded_rating(rating, stalled, se_stalled)
    return rating


def timed_steps(puzzle: Puzzle, deadline: float | None) -> tuple[list[Step], bool]:
    """The steps of solve_path(puzzle, techniques=BELOW_NESTED) until the path ends or
    time.monotonic() passes `deadline` (None: no limit), and whether it ended."""
    steps = []
    for step, state in path_steps(State.from_puzzle(puzzle), True, BELOW_NESTED):
        steps.append(step)
        if deadline is not None and not state.is_solved() and time.monotonic() > deadline:
            return steps, False
    return steps, True


def ends_in_search(steps: Sequence[Step]) -> bool:
    """Does a path end in the SEARCH step (logic stalled)?"""
    return bool(steps) and steps[-1].technique == SEARCH


def bounded_rating(head: Rating, stalled: bool, se_stalled: bool) -> Rating:
    """The Rating marked `bound` from `head`, that of the steps before a stall of the
    table's path (`stalled`) or of the SE-ordered one (`se_stalled`): the next step of a
    stalled path is a nested forcing chain's or search, so its level is NESTED's (Extreme,
    the top) and its score at least one NESTED weight more; a stalled SE-ordered path's
    estimate is at least NESTED's `se`. What is not stalled is exact."""
    level, score, hardest, steps = head.level, head.score, head.hardest, head.steps
    if stalled:
        level, score, steps = LEVELS[max(head.rank, level_rank(NESTED.level))], \
            score + NESTED.weight, steps + 1
        if (level_rank(NESTED.level), NESTED.weight) > (head.rank, BY_NAME[hardest].weight
                                                         if hardest else 0):
            hardest = NESTED.name
    se, se_hardest = head.se, head.se_hardest
    if se_stalled and NESTED.se >= se:
        se, se_hardest = NESTED.se, NESTED.name
    return Rating(level, score, hardest, steps, se, se_hardest, bound=True)


def is_path_of(path: object, puzzle: Puzzle) -> bool:
    """Could `path` be the puzzle's solve_path: a Path of the table's steps to a solution
    of the same size that keeps its givens?"""
    if not isinstance(path, Path) or not isinstance(path.solution, Puzzle) \
            or path.solution.geometry is not puzzle.geometry or type(path.steps) is not tuple:
        return False
    return all(type(step) is Step and type(step.technique) is str and step.technique in BY_NAME
               for step in path.steps) and all(
        d in (0, s) for d, s in zip(puzzle.cells, path.solution.cells, strict=True))


def se_summary(puzzle: Puzzle, steps: Sequence[Step] | None = None) -> Summary:
    """The path_summary the SE estimate reads: of the puzzle's path with its techniques
    tried in SE_ORDER (se_steps; `steps`, its solve_path's when the caller has them)."""
    if steps is None:
        steps = solve_path(puzzle).steps
    ordered = se_steps(puzzle, steps)
    return path_summary(ordered, *path_context(puzzle, ordered))


def se_steps(puzzle: Puzzle, steps: Sequence[Step],
             order: tuple[Technique, ...] = SE_ORDER) -> list[Step]:
    """The steps of solve_path(puzzle, techniques=order), from `steps` (its path in the
    table's order, or in the table's less the rows `order` leaves out). At each state the
    solver's path also reached, only SE_EARLIER's techniques for the path's step there are
    tried (those the table tries first found nothing there), and the path's step is taken
    if none applies and `order` has its row (not SE_LEFT_OUT); at any other state, every
    row of `order`. The two paths part at the first easier step and may meet again (the
    same singles placed in another order): only the states the solver's path never saw
    cost a full step.
    `order`: SE_ORDER or BELOW_NESTED_SE (rows left out of SE_ORDER, order kept)."""
    state = State.from_puzzle(puzzle)
    # (values, candidates) of each state on the solver's path -> the step it takes there
    known: dict[tuple[tuple[int, ...], tuple[int, ...]], Step] = {}
    for taken in steps:
        known[(state.values, state.cands)] = taken
        state = state.apply(taken)
    state = State.from_puzzle(puzzle)
    names = {t.name for t in order}
    ordered: list[Step] = []
    while not state.is_solved():
        step = known.get((state.values, state.cands))
        if step is None:
            step = first_step(state, True, order) or search_step(state)
        elif step.technique != SEARCH:  # at a SEARCH step every row had found nothing
            earlier = tuple(t for t in SE_EARLIER[step.technique] if t.name in names)
            found = first_step(state, True, earlier)
            if found is not None:
                step = found
            elif step.technique not in names:  # a left-out row, and no row after it applies
                step = search_step(state)
        ordered.append(step)
        state = state.apply(step)
    return ordered


def path_context(puzzle: Puzzle, steps: Sequence[Step]) -> tuple[int, list[int]]:
    """What rate_steps reads of the grid along `steps` (the puzzle's solve path), from one
    replay of it: the untrialled_candidates a final SEARCH step starts from (0 for a path
    without one), and how many candidates the grid holds as each step starts."""
    states = [State.from_puzzle(puzzle)]
    for step in steps[:-1]:
        states.append(states[-1].apply(step))
    states = states[:len(steps)]
    left = untrialled_candidates(states[-1]) if steps and steps[-1].technique == SEARCH else 0
    return left, [sum(mask.bit_count() for mask in state.cands) for state in states]


def rate_steps(steps: Sequence[Step], untrialled: int = 0,
               candidates: Sequence[int] | None = None, summary: Summary | None = None,
               ceilings: bool = True) -> Rating:
    """The rating of a solve path given as its steps (no steps: a full grid, rated Easy), the
    level raised past any MAX_SCORE the score exceeds (not with `ceilings` False: a
    variant's, see rate); `untrialled`, the candidates a final
    SEARCH step left (untrialled_candidates), adds SEARCH_SCORE_PER_CANDIDATE each to its
    score and lengthens it for `se`; `candidates`, the candidates open before each step
    (path_context; None: taken as CANDIDATES_MIDDLE); `summary`, the path_summary `se` is
    read from (rate passes se_summary's; None: that of these steps). KeyError for a
    technique missing from the technique table (logic/techniques.py)."""
    hardest, hardest_key = "", (0, 0)
    score = 0
    for step in steps:
        technique = BY_NAME[step.technique]
        score += technique.weight
        key = (level_rank(technique.level), technique.weight)
        if key > hardest_key:
            hardest, hardest_key = step.technique, key
    if steps and steps[-1].technique == SEARCH:
        score += SEARCH_SCORE_PER_CANDIDATE * untrialled
    rank = hardest_key[0]
    while ceilings and LEVELS[rank] in MAX_SCORE and score > MAX_SCORE[LEVELS[rank]]:
        rank += 1
    if summary is None:
        summary = path_summary(steps, untrialled, candidates)
    return Rating(LEVELS[rank], score, hardest, len(steps), se_estimate(summary),
                  se_hardest(summary))


def path_summary(steps: Sequence[Step], untrialled: int = 0,
                 candidates: Sequence[int] | None = None) -> Summary:
    """What the SE estimate reads of a path: for each technique used, (its longest step,
    how many steps use it, the candidates open as its longest step starts, how many of
    them are dynamic forcing nets). A step's length is step_length's; a final SEARCH
    step's is `untrialled`; `candidates` as for rate_steps."""
    summary: Summary = {}
    for k, step in enumerate(steps):
        length = untrialled if step.technique == SEARCH else step_length(step)
        open_now = CANDIDATES_MIDDLE if candidates is None else candidates[k]
        longest, count, at, dynamic = summary.get(step.technique, (-1, 0, open_now, 0))
        if length > longest:
            longest, at = length, open_now
        summary[step.technique] = (longest, count + 1, at, dynamic + step.dynamic)
    return summary


def step_length(step: Step) -> int:
    """A step's length for the SE estimate: a dynamic forcing net's size, 0 for a static
    one (see SE_DYNAMIC), else its number of chain links (0 for a pattern)."""
    if step.net:
        return step.net if step.dynamic else 0
    return len(step.links)


def technique_se(name: str) -> float:
    """A technique's SE value (its row's `se`); KeyError for a technique without a row."""
    return BY_NAME[name].se


def technique_estimate(name: str, use: tuple[int, int, int, int],
                       se: Callable[[str], float] = technique_se,
                       constants: dict[str, float] | None = None) -> float:
    """One technique's part of the SE estimate, unrounded: `se(name)` plus the amounts of
    `constants` (SE_CONSTANTS' keys; default, this module's) for `use`, its path_summary
    entry: length, repeats and dynamic steps on SE's ladder (singles never repeat), and
    candidates for chains."""
    c = constants or SE_CONSTANTS
    longest, count, open_then, dynamic = use
    base = se(name)
    repeats = 0 if BY_NAME[name] in SINGLES else count
    value = (base + c["per_length"] * length_ladder(longest)
             + c["per_repeat"] * length_ladder(repeats) + c["dynamic"] * length_ladder(dynamic))
    if base >= SE_CHAINS_FROM:
        value += c["per_50_candidates"] * (open_then - CANDIDATES_MIDDLE) / 50
    return value


def se_estimate(summary: Summary, se: Callable[[str], float] = technique_se,
                constants: dict[str, float] | None = None) -> float:
    """The SE estimate of a path_summary, to one decimal (0.0 for no steps): the highest
    technique_estimate over the techniques used. `se` and `constants` as there (the fit
    tries others)."""
    if not summary:
        return 0.0
    return round(max(technique_estimate(name, use, se, constants)
                     for name, use in summary.items()), 1)


def se_hardest(summary: Summary) -> str:
    """The technique whose technique_estimate sets the se_estimate ("" for no steps)."""
    return max(summary, key=lambda name: technique_estimate(name, summary[name]),
               default="")


def length_ladder(n: int) -> int:
    """Sudoku Explainer's steps of length: how many of the thresholds 4, 5, 7, 9, 13, 17, 25,
    33 ... (alternately times 4/3 and 3/2) `n` exceeds. SE adds 0.1 to a chain per step."""
    steps, threshold, odd = 0, 4, False
    while n > threshold:
        steps += 1
        threshold = threshold * 3 // 2 if odd else threshold * 4 // 3
        odd = not odd
    return steps


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
    check_puzzle(puzzle)
    g = puzzle.geometry
    allowed = [t for t in BEYOND_SINGLES_WITHIN[level_rank(level)] if t.holds(g)]
    masks = [1 << (d - 1) if d else g.all_digits for d in puzzle.cells]
    if not settle_singles(g, masks, [cell for cell, d in enumerate(puzzle.cells) if d]):
        return False
    state = State.made(g, *masks_split(masks))  # masks of a checked Puzzle: no check again
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
        settled = after_singles(state.apply(step))
        if settled is None:
            return False
        state = settled
