"""How well our ratings order puzzles like Sudoku Explainer does: the Spearman rank correlation
of `rate(p).se` (the SE estimate) and `rate(p).score` (HoDoKu's) with the SE rating of
../shared/puzzles/rated_se_sample.txt (by halves: even lines, the 0th, 2nd, ... puzzle, and
odd lines) or of another file of such lines (`--sample`: FRESH is the held-out test).

Run from the repository root:
    python -m benchmarks.rating_calibration [--limit N] [--half even|odd|both]
    python -m benchmarks.rating_calibration --fit [--limit N] [--only NAME ...]
    python -m benchmarks.rating_calibration --sample benchmarks/data/rated_se_fresh.txt

`--sample` measures another file of `puzzle rating` lines, all of it: FRESH (389) and
FRESH2 (380) are more puzzles of the same bank, never fitted on (their headers say where
they come from). They are the held-out test since the shared sample's odd half, held out
until then, had been looked at seven times: the fit now reads every line of the shared
sample.

`--fit` redoes the fit of the SE estimate on every line of the shared sample (never on
FRESH), reproducibly, and prints what to change, as a list of edits, writing nothing:
  1. Start from the table's `se` column as SE publishes it for its patterns (below
     SE_CHAINS_FROM, 6); every technique rated 6 or more (chains, and patterns SE has no
     rule for) starts at 6.6, SE's easiest chain; the four constants of rating.SE_CONSTANTS
     start at 0.
  2. Coordinate descent on the squared error between the unrounded estimate and SE's rating
     on the lines (not on Spearman, which any shift leaves unchanged: the error keeps the
     values on SE's scale, so a row reads "puzzles whose hardest step is this rate about
     that"): each technique rated 6 or more that some path uses, in table order,
     takes the value in 6.0..9.9 (steps of 0.1) with the least error (ties: the one nearest
     its current value); then each constant, in -0.30..1.00 (steps of 0.02); rounds until
     nothing moves (at most 20). Techniques no path uses keep their table value.
     Descent stops where no single value can lower the error alone, which depends on where
     it starts (the highest estimate wins, so two values may have to move together): it
     restarts RESTARTS times from the best point so far with each value moved at random
     (up to JUMP_SE, constants up to JUMP_CONSTANT; random.Random(SEED), so the same rows
     always give the same fit) and keeps the point of least error.
  3. The same fit on 4/5 of the lines, 5 times, predicting the fifth left out each time
     (line k is in fold k mod 5), gives the cross-validated Spearman the models are chosen
     by, without looking at FRESH.
  4. Copy the printed edits into logic/techniques.py (the `se` column) and solver/rating.py.
     The `se` column also orders the path the estimate reads (rating.SE_ORDER), so run
     `--fit` again until it prints no edit; then measure FRESH, once.
`--fit --only NAME` (repeatable) fits only the named techniques' `se` (rated 6 or more),
each from 6.6 as in step 1, with every other value and the four constants kept at the
code's: steps 2-3 on those values alone, on the same paths (read in the code's SE_ORDER).
For a row whose `se` was never fitted (copied from a neighbour) this is the least change.
Beside the cross-validated Spearman it prints the code's own Spearman on the same lines
(the baseline the fold fits must not fall below), and whether the edits reorder SE_ORDER:
if they do, the paths the fit read are not quite the ones the edited code reads, so apply
them and run again (step 4); if not, they are the same paths and the fit has converged.
The solve paths are cached under build/ (CACHE) while the puzzles and the solver's code are
unchanged, so a second `--fit` spends its time fitting only.
Standard library only (the rank correlation is written out below).
"""

import argparse
import hashlib
import multiprocessing
import pickle
import random
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from solver.logic import solve_path
from solver.logic.techniques import BY_NAME, TABLE
from solver.model.puzzle import read
from solver.rating import (
    SE_CHAINS_FROM,
    SE_CONSTANTS,
    SE_ORDER,
    path_context,
    rate_steps,
    se_estimate,
    se_summary,
    technique_estimate,
)

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT.parent / "shared" / "puzzles" / "rated_se_sample.txt"
FRESH = ROOT / "benchmarks" / "data" / "rated_se_fresh.txt"
FRESH2 = ROOT / "benchmarks" / "data" / "rated_se_fresh2.txt"
# Solving is most of a run's time; the fit's experiments reuse the rows while the puzzles
# and the solver's code are unchanged (the key hashes both). build/ is ignored by git.
CACHE = ROOT / "build" / "rating_calibration"
START_SE = 6.6  # SE's easiest chain: where every fitted `se` starts
SE_GRID = [x / 10 for x in range(60, 100)]
CONSTANT_GRID = [x / 100 for x in range(-30, 101, 2)]
ROUNDS = 20
FOLDS = 5
# Coordinate descent stops where no single value can improve alone, which depends on where
# it starts; restarts near the best point so far, with a fixed seed, find lower error.
RESTARTS = 8
SEED = 12
JUMP_SE, JUMP_CONSTANT = 0.5, 0.1
CONSTANT_NAMES = {"per_length": "SE_PER_LENGTH", "per_repeat": "SE_PER_REPEAT",
                  "per_50_candidates": "SE_PER_50_CANDIDATES", "dynamic": "SE_DYNAMIC"}


def ranks(values: list[float]) -> list[float]:
    """1-based ranks of `values`, ties sharing the average of the ranks they span."""
    order = sorted(range(len(values)), key=values.__getitem__)
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in range(start, end + 1):
            result[order[k]] = (start + end) / 2 + 1
        start = end + 1
    return result


def pearson(xs: list[float], ys: list[float]) -> float:
    """Pearson's correlation coefficient; 0.0 when either list is constant."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        return 0.0
    return sxy / (sxx * syy) ** 0.5


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation (Pearson's on average ranks, so ties are handled)."""
    return pearson(ranks(xs), ranks(ys))


def load_sample(limit: int | None = None, path: Path = SAMPLE) -> list[tuple[str, float]]:
    """(puzzle text, SE rating) pairs from `path` (the shared sample's trailing licence text
    and FRESH's header, which are not puzzle lines, are skipped)."""
    pairs = []
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) == 2 and len(parts[0]) == 81 and parts[0].isdigit():
            pairs.append((parts[0], float(parts[1])))
    return pairs[:limit]


@dataclass
class Solved:
    """One sample puzzle solved: its SE rating, our Rating, and the path_summary its `se` is
    read from (rating.se_summary)."""

    se: float
    rating: object
    summary: dict


def solve_sample(sample: list[tuple[str, float]]) -> list[Solved]:
    """Solve and rate every puzzle of `sample` once, on every core (in order)."""
    with multiprocessing.Pool() as pool:
        return pool.map(solve_one, sample, chunksize=4)


def solve_one(pair: tuple[str, float]) -> Solved:
    """One (puzzle text, SE rating) pair solved and rated."""
    text, se_rating = pair
    puzzle = read(text)
    steps = solve_path(puzzle).steps
    summary = se_summary(puzzle, steps)
    return Solved(se_rating, rate_steps(steps, *path_context(puzzle, steps), summary), summary)


def solve_cached(sample: list[tuple[str, float]]) -> list[Solved]:
    """solve_sample, read from CACHE when the same puzzles were solved by the same solver
    code before (any change to a file of solver/ or to the puzzles solves them again)."""
    digest = hashlib.sha256(repr(sample).encode())
    for source in sorted((ROOT / "solver").rglob("*.py")):
        digest.update(source.read_bytes())
    path = CACHE / (digest.hexdigest()[:20] + ".pickle")
    if path.exists():
        return pickle.loads(path.read_bytes())
    rows = solve_sample(sample)
    CACHE.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps(rows))
    return rows


def fit(rows: list[Solved], only: list[str] | None = None
        ) -> tuple[dict[str, float], dict[str, float]]:
    """The fit of this module's docstring on `rows`: coordinate descent from
    the documented start, then from RESTARTS perturbations of the best point so far (seeded:
    the same rows always give the same fit), keeping the least squared error:
    (fitted `se` by technique name, the constants by SE_CONSTANTS' keys). `only`: fit just
    these techniques' `se`, the rest and the constants kept at the code's (`--only`)."""
    free = fitted_names(rows, only)
    moving = list(SE_CONSTANTS) if only is None else []
    best = descend(rows, free, *start_point(only), moving)
    rng = random.Random(SEED)
    for _ in range(RESTARTS):
        tried = descend(rows, free, *perturbed(best[0], best[1], free, rng, moving), moving)
        if tried[2] < best[2]:
            best = tried
    values, consts, _ = best
    return {name: values[name] for name in free}, consts


def start_point(only: list[str] | None = None) -> tuple[dict[str, float], dict[str, float]]:
    """Step 1 of the docstring: every table value (START_SE from SE_CHAINS_FROM up) and the
    constants at 0; with `only`, START_SE for those techniques and the code's values and
    constants for the rest."""
    if only is not None:
        return ({t.name: (START_SE if t.name in only else t.se) for t in TABLE},
                dict(SE_CONSTANTS))
    return ({t.name: (START_SE if t.se >= SE_CHAINS_FROM else t.se) for t in TABLE},
            {key: 0.0 for key in SE_CONSTANTS})


def fitted_names(rows: list[Solved], only: list[str] | None = None) -> list[str]:
    """The techniques the fit moves, in table order: rated SE_CHAINS_FROM or more, used
    by some path of `rows` and, given `only`, named there (the others keep their table
    value)."""
    used = {name for row in rows for name in row.summary}
    return [t.name for t in TABLE if t.se >= SE_CHAINS_FROM and t.name in used
            and (only is None or t.name in only)]


def perturbed(values: dict[str, float], consts: dict[str, float], free: list[str],
              rng: random.Random, moving: list[str]) -> tuple[dict[str, float], dict[str, float]]:
    """A restart near a fitted point: each of `free` moved up to JUMP_SE, each constant of
    `moving` up to JUMP_CONSTANT, at random (from `rng`), kept on the grids."""
    values = dict(values)
    for name in free:
        values[name] = nearest(SE_GRID, values[name] + rng.uniform(-JUMP_SE, JUMP_SE))
    return values, {key: nearest(CONSTANT_GRID, v + rng.uniform(-JUMP_CONSTANT, JUMP_CONSTANT))
                    if key in moving else v for key, v in consts.items()}


def nearest(grid: list[float], value: float) -> float:
    """The value of `grid` nearest `value`."""
    return min(grid, key=lambda v: abs(v - value))


def descend(rows: list[Solved], free: list[str], values: dict[str, float],
            consts: dict[str, float], moving: list[str] | None = None
            ) -> tuple[dict[str, float], dict[str, float], float]:
    """Coordinate descent (step 2 of the docstring) from `values` (every table name) and
    `consts` until nothing moves or ROUNDS: (values, constants, their squared error).
    `moving`: the constants it moves (None: all; the others stay as given)."""
    values, consts = dict(values), dict(consts)
    terms = linear_terms(rows, values)
    # a technique's value moves only the estimates of the rows using it
    using = {name: [t for t in terms if any(n == name for n, _ in t[1])] for name in free}
    for _ in range(ROUNDS):
        before = (dict(values), dict(consts))
        for name in free:
            lines = along(using[name], values, consts, name)
            values[name] = best_of(SE_GRID, values[name], lambda v, m=lines: -line_error(m, v))
        for key in consts if moving is None else moving:
            lines = along(terms, values, consts, key)
            consts[key] = best_of(CONSTANT_GRID, consts[key], lambda v, m=lines: -line_error(m, v))
        if (values, consts) == before:
            break
    return values, consts, total_error(terms, values, consts)


Terms = list[tuple[float, list[tuple[str, tuple[float, ...]]]]]


def linear_terms(rows: list[Solved], values: dict[str, float]) -> Terms:
    """Each row as (its SE rating, per technique used: (name, what each constant adds to
    its technique_estimate per unit)). The estimate is the technique's `se` plus amounts
    linear in the constants, and which amounts apply depends only on the side of
    SE_CHAINS_FROM the `se` is on, which the grids keep: so these are worked out once, by
    technique_estimate itself, and the descent's many trials only add them up."""
    zero = {key: 0.0 for key in SE_CONSTANTS}
    se = values.__getitem__
    return [(row.se, [(name, tuple(technique_estimate(name, use, se, {**zero, key: 1.0})
                                   - technique_estimate(name, use, se, zero)
                                   for key in SE_CONSTANTS))
                      for name, use in row.summary.items()]) for row in rows]


def along(terms: Terms, values: dict[str, float], consts: dict[str, float],
          moving: str) -> list[tuple[float, list[tuple[float, float]]]]:
    """`terms` seen along one coordinate, `moving` (a technique name or a constant's key;
    "" for none): per row (SE rating, per technique (a, b)), its estimate being a + b * x
    with x the coordinate's value and everything else as given."""
    lines = []
    for truth, parts in terms:
        row = []
        for name, unit in parts:
            a, b = values[name], 0.0
            for key, per in zip(consts, unit, strict=True):
                a, b = (a, b + per) if key == moving else (a + per * consts[key], b)
            row.append((a - values[name], 1.0) if name == moving else (a, b))
        lines.append((truth, row))
    return lines


def line_error(lines: list[tuple[float, list[tuple[float, float]]]], x: float) -> float:
    """The squared error of the estimates of `lines` (along) at x, rounded so near-ties
    compare equal."""
    return round(sum((max(a + b * x for a, b in row) - truth) ** 2 for truth, row in lines), 9)


def total_error(terms: Terms, values: dict[str, float], consts: dict[str, float]) -> float:
    """The squared error of the unrounded estimates of `terms` (linear_terms) with these
    `se` values and constants."""
    return line_error(along(terms, values, consts, ""), 0.0)


def best_of(grid: list[float], current: float, score) -> float:
    """The value of `grid` scoring highest, ties going to the one nearest `current`."""
    return max(grid, key=lambda v: (round(score(v), 9), -abs(v - current)))


def cross_validated(rows: list[Solved], only: list[str] | None = None
                    ) -> tuple[float, float]:
    """(Spearman, mean absolute error) of the estimates of `rows`, each made by the fit on
    the FOLDS - 1 folds it is not in (row k is in fold k mod FOLDS); `only` as for fit."""
    estimates = [0.0] * len(rows)
    for fold in range(FOLDS):
        values, consts = fit([r for k, r in enumerate(rows) if k % FOLDS != fold], only)
        table = {t.name: values.get(t.name, t.se) for t in TABLE}
        for k in range(fold, len(rows), FOLDS):
            estimates[k] = se_estimate(rows[k].summary, table.__getitem__, consts)
    return agreement(estimates, rows)


def agreement(estimates: list[float], rows: list[Solved]) -> tuple[float, float]:
    """(Spearman, mean absolute error) of `estimates` against the SE ratings of `rows`."""
    truth = [r.se for r in rows]
    error = sum(abs(e - t) for e, t in zip(estimates, truth, strict=True)) / len(rows)
    return spearman(estimates, truth), error


def print_edits(values: dict[str, float], consts: dict[str, float]) -> None:
    """What to change, file by file: only the values that differ from the code's."""
    print("edits (solver/logic/techniques.py, `se` column):")
    moved = [(n, v) for n, v in values.items() if round(v, 1) != BY_NAME[n].se]
    for name, value in moved:
        print(f"  {name}: se {BY_NAME[name].se} -> {value:.1f}")
    print(f"  ({len(values) - len(moved)} fitted values unchanged)")
    print("edits (solver/rating.py):")
    for key, value in consts.items():
        now = SE_CONSTANTS[key]
        print(f"  {CONSTANT_NAMES[key]} = {value:.2f}" + ("" if round(value, 2) == now
                                                         else f"  (now {now})"))


def reordered(values: dict[str, float]) -> list[str]:
    """The techniques whose place in SE_ORDER these fitted `se` values (rounded as the table
    holds them) would change; empty: the edited code reads the paths the fit read."""
    se = {t.name: t.se for t in TABLE} | {n: round(v, 1) for n, v in values.items()}
    order = sorted(SE_ORDER, key=lambda t: se[t.name])
    return [t.name for k, t in enumerate(order) if SE_ORDER.index(t) != k]


def report(rows: list[Solved], half: str = "both") -> None:
    """Levels, hardest techniques, and each rating's Spearman with SE: by half when `rows`
    are both halves (line order), else of the one half they are."""
    print("levels:", dict(Counter(r.rating.level for r in rows).most_common()))
    print("hardest technique (HoDoKu's order):",
          dict(Counter(r.rating.hardest for r in rows).most_common()))
    print("technique setting se:", dict(Counter(r.rating.se_hardest for r in rows).most_common()))
    truth = [r.se for r in rows]
    for label in ("se", "score"):
        ours = [getattr(r.rating, label) for r in rows]
        if half != "both":
            print(f"Spearman with SE, {label:5}: {half} lines {spearman(ours, truth):.4f}")
            continue
        print(f"Spearman with SE, {label:5}: all {spearman(ours, truth):.4f}; even lines "
              f"{spearman(ours[0::2], truth[0::2]):.4f}; odd lines "
              f"{spearman(ours[1::2], truth[1::2]):.4f}")
    by_se: dict[float, list[float]] = {}
    for r in rows:
        by_se.setdefault(r.se, []).append(r.rating.se)
    print("median SE estimate per SE rating:", ", ".join(
        f"{k}: {sorted(v)[len(v) // 2]}" for k, v in sorted(by_se.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="rate only the first N puzzles")
    parser.add_argument("--fit", action="store_true",
                        help="refit the SE estimate on the shared sample (see the docstring)")
    parser.add_argument("--only", action="append", metavar="NAME",
                        help="with --fit: fit only this technique's `se` (repeatable), the "
                             "other values and the constants kept at the code's")
    parser.add_argument("--half", choices=("even", "odd", "both"), default="both",
                        help="which lines of the shared sample to measure")
    parser.add_argument("--sample", type=Path, action="append",
                        help="measure every line of this file instead (e.g. FRESH); given "
                             "more than once, of the files pooled (the held-out pair)")
    args = parser.parse_args()
    sample = load_sample(args.limit)
    start = time.perf_counter()
    if args.only and not args.fit:
        parser.error("--only goes with --fit")
    for name in args.only or ():
        if name not in BY_NAME or BY_NAME[name].se < SE_CHAINS_FROM:
            parser.error(f"--only {name!r}: not a technique rated {SE_CHAINS_FROM} or more")
    if args.fit:
        rows = solve_cached(sample)
        spear, error = cross_validated(rows, args.only)
        print(f"{FOLDS}-fold cross-validation on {len(rows)} lines: Spearman {spear:.4f}, "
              f"mean error {error:.3f}")
        spear, error = agreement([r.rating.se for r in rows], rows)
        print(f"the code's values on the same lines: Spearman {spear:.4f}, mean error "
              f"{error:.3f}")
        values, consts = fit(rows, args.only)
        print_edits(values, consts)
        moved = reordered(values)
        print("SE_ORDER kept: the edited code reads the paths fitted on" if not moved else
              "these edits reorder SE_ORDER (" + ", ".join(moved) + "): apply them and run "
              "--fit again")
        return
    half = args.half
    if args.sample:
        sample = [pair for path in args.sample for pair in load_sample(args.limit, path)]
        half = "all " + " + ".join(path.name for path in args.sample)
    elif half != "both":
        sample = sample[half == "odd"::2]
    rows = solve_sample(sample)
    elapsed = time.perf_counter() - start
    print(f"{len(rows)} puzzles rated in {elapsed:.1f} s ({elapsed / len(rows) * 1000:.0f} ms "
          "each)")
    report(rows, half)


if __name__ == "__main__":
    main()
