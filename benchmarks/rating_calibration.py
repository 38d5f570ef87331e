"""How well our ratings order puzzles like Sudoku Explainer does: the Spearman rank correlation
of `rate(p).se` (the SE estimate) and `rate(p).score` (HoDoKu's) with the SE rating of
../shared/puzzles/rated_se_sample.txt, on the fit half (even lines: the 0th, 2nd, ... puzzle)
and the held-out half (odd lines), a split chosen before any fitting.

Run from the repository root:
    python -m benchmarks.rating_calibration [--limit N] [--half even|odd|both]
    python -m benchmarks.rating_calibration --fit [--limit N]

`--fit` redoes the fit of the SE estimate on the even lines only (it never reads the odd
ones), reproducibly, and prints what to change, as a list of edits, writing nothing:
  1. Start from the table's `se` column as SE publishes it for its patterns (below
     SE_CHAINS_FROM, 6); every technique rated 6 or more (chains, and patterns SE has no
     rule for) starts at 6.6, SE's easiest chain; the three constants of rating.SE_CONSTANTS
     start at 0.
  2. Coordinate descent on the squared error between the unrounded estimate and SE's rating
     on the even lines (not on Spearman, which any shift leaves unchanged: the error keeps the
     values on SE's scale, so a row reads "puzzles whose hardest step is this rate about
     that"): each technique rated 6 or more that some even-line path uses, in table order,
     takes the value in 6.0..9.9 (steps of 0.1) with the least error (ties: the one nearest
     its current value); then each constant, in -0.30..1.00 (steps of 0.02); rounds until
     nothing moves (at most 20). Techniques no even-line path uses keep their table value.
  3. The same fit on 4/5 of the even lines, 5 times, predicting the fifth left out each time
     (line k of the even half is in fold k mod 5), gives the cross-validated Spearman the
     models were chosen by, without looking at the odd lines.
  4. Copy the printed edits into logic/techniques.py (the `se` column) and solver/rating.py;
     the odd lines are measured after, once (`--half odd`).
Standard library only (the rank correlation is written out below).
"""

import argparse
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
    open_candidates,
    path_summary,
    rate_steps,
    se_estimate,
    search_left,
    technique_estimate,
)

SAMPLE = Path(__file__).resolve().parents[2] / "shared" / "puzzles" / "rated_se_sample.txt"
START_SE = 6.6  # SE's easiest chain: where every fitted `se` starts
SE_GRID = [x / 10 for x in range(60, 100)]
CONSTANT_GRID = [x / 100 for x in range(-30, 101, 2)]
ROUNDS = 20
FOLDS = 5
CONSTANT_NAMES = {"per_length": "SE_PER_LENGTH", "per_repeat": "SE_PER_REPEAT",
                  "per_50_candidates": "SE_PER_50_CANDIDATES"}


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


def load_sample(limit: int | None = None) -> list[tuple[str, float]]:
    """(puzzle text, SE rating) pairs from the shared sample (its trailing licence text, which
    is not puzzle lines, is skipped)."""
    pairs = []
    for line in SAMPLE.read_text().splitlines():
        parts = line.split()
        if len(parts) == 2 and len(parts[0]) == 81 and parts[0].isdigit():
            pairs.append((parts[0], float(parts[1])))
    return pairs[:limit]


@dataclass
class Solved:
    """One sample puzzle solved: its SE rating, our Rating, and its rating.path_summary."""

    se: float
    rating: object
    summary: dict


def solve_sample(sample: list[tuple[str, float]]) -> list[Solved]:
    """Solve and rate every puzzle of `sample` once."""
    solved = []
    for text, se_rating in sample:
        puzzle = read(text)
        steps = solve_path(puzzle).steps
        left, open_counts = search_left(puzzle, steps), open_candidates(puzzle, steps)
        solved.append(Solved(se_rating, rate_steps(steps, left, open_counts),
                             path_summary(steps, left, open_counts)))
    return solved


def fit(rows: list[Solved]) -> tuple[dict[str, float], dict[str, float]]:
    """The coordinate descent of this module's docstring on `rows` (the even lines):
    (fitted `se` by technique name, the constants by SE_CONSTANTS' keys)."""
    values = {t.name: (START_SE if t.se >= SE_CHAINS_FROM else t.se) for t in TABLE}
    consts = {key: 0.0 for key in SE_CONSTANTS}
    used = {name for row in rows for name in row.summary}
    free = [t.name for t in TABLE if t.se >= SE_CHAINS_FROM and t.name in used]
    rows_using = {name: [row for row in rows if name in row.summary] for name in free}
    for _ in range(ROUNDS):
        before = (dict(values), dict(consts))
        for name in free:
            # the grid stays on the chains' side of SE_CHAINS_FROM, so the other amounts of
            # a technique's estimate do not change with its `se`: only the rows using it move
            parts = [(row, {n: technique_estimate(n, use, values.__getitem__, consts)
                            - (values[n] if n == name else 0)
                            for n, use in row.summary.items()}) for row in rows_using[name]]
            values[name] = best_of(SE_GRID, values[name],
                                   lambda v, n=name, p=parts: -squared_error(p, n, v))
        for key in consts:
            consts[key] = best_of(CONSTANT_GRID, consts[key], lambda v, k=key: -sum(
                (estimate(row, values, {**consts, k: v}) - row.se) ** 2 for row in rows))
        if (values, consts) == before:
            break
    return {name: values[name] for name in free}, consts


def squared_error(parts, name: str, value: float) -> float:
    """The squared error of rows whose estimates are `parts` (row, technique -> estimate
    less `name`'s `se`) with `name` valued `value`, rounded so near-ties compare equal."""
    return round(sum((max(v + value if n == name else v for n, v in part.items()) - row.se) ** 2
                     for row, part in parts), 9)


def estimate(row: Solved, values: dict[str, float], consts: dict[str, float]) -> float:
    """The unrounded SE estimate of a row with other `se` values and constants."""
    return max(technique_estimate(name, use, values.__getitem__, consts)
               for name, use in row.summary.items())


def best_of(grid: list[float], current: float, score) -> float:
    """The value of `grid` scoring highest, ties going to the one nearest `current`."""
    return max(grid, key=lambda v: (round(score(v), 9), -abs(v - current)))


def cross_validated(rows: list[Solved]) -> tuple[float, float]:
    """(Spearman, mean absolute error) of the estimates of `rows`, each made by the fit on
    the FOLDS - 1 folds it is not in (row k is in fold k mod FOLDS)."""
    estimates = [0.0] * len(rows)
    for fold in range(FOLDS):
        values, consts = fit([r for k, r in enumerate(rows) if k % FOLDS != fold])
        table = {t.name: values.get(t.name, t.se) for t in TABLE}
        for k in range(fold, len(rows), FOLDS):
            estimates[k] = se_estimate(rows[k].summary, table.__getitem__, consts)
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
            print(f"Spearman with SE, {label:5}: {half} lines {spearman(ours, truth):.3f}")
            continue
        print(f"Spearman with SE, {label:5}: all {spearman(ours, truth):.3f}; fit half (even) "
              f"{spearman(ours[0::2], truth[0::2]):.3f}; held out (odd) "
              f"{spearman(ours[1::2], truth[1::2]):.3f}")
    by_se: dict[float, list[float]] = {}
    for r in rows:
        by_se.setdefault(r.se, []).append(r.rating.se)
    print("median SE estimate per SE rating:", ", ".join(
        f"{k}: {sorted(v)[len(v) // 2]}" for k, v in sorted(by_se.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="rate only the first N puzzles")
    parser.add_argument("--fit", action="store_true",
                        help="refit the SE estimate on the even lines (see the docstring)")
    parser.add_argument("--half", choices=("even", "odd", "both"), default="both",
                        help="which lines to measure (the odd ones are the held-out test)")
    args = parser.parse_args()
    sample = load_sample(args.limit)
    start = time.perf_counter()
    if args.fit:
        rows = solve_sample(sample[0::2])
        spear, error = cross_validated(rows)
        print(f"{FOLDS}-fold cross-validation inside the even lines: Spearman {spear:.3f}, "
              f"mean error {error:.3f}")
        print_edits(*fit(rows))
        return
    rows = solve_sample(sample if args.half == "both" else sample[args.half == "odd"::2])
    elapsed = time.perf_counter() - start
    print(f"{len(rows)} puzzles rated in {elapsed:.1f} s ({elapsed / len(rows) * 1000:.0f} ms "
          "each)")
    report(rows, args.half)


if __name__ == "__main__":
    main()
