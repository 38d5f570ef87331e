"""How well our ratings order puzzles like Sudoku Explainer does: the Spearman rank correlation
of `rate(p).se` (the SE estimate) and `rate(p).score` (HoDoKu's) with the SE rating of
../shared/puzzles/rated_se_sample.txt, on the fit half (even lines: the 0th, 2nd, ... puzzle)
and the held-out half (odd lines), a split chosen before any fitting.

Run from the repository root: python -m benchmarks.rating_calibration [--limit N] [--fit]

`--fit` redoes the fit of the SE estimate on the even lines only, reproducibly:
  1. Start from the table's `se` column as SE publishes it for its patterns (all below 6);
     every technique rated 6 or more (chains, and patterns SE has no rule for) starts at 6.6,
     SE's easiest chain; SE_PER_LENGTH and SE_PER_REPEAT start at 0.1.
  2. Coordinate descent on the mean absolute error between the estimate and SE's rating on
     the even lines (not on Spearman, which any shift leaves unchanged: the error keeps the
     values on SE's scale, so a row reads "puzzles whose hardest step is this rate about
     that"): each technique rated 6 or more that some even-line path uses, in table order,
     takes the value in 6.0..9.9 (steps of 0.1) with the least error (ties: the one nearest
     its current value); then each constant, in 0.00..0.30 (steps of 0.02); rounds until
     nothing moves (at most 10). Techniques no even-line path uses keep their table value.
  3. Print the values; they are copied by hand into logic/techniques.py and solver/rating.py.
     Spearman on the odd lines is measured after, once.
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
from solver.rating import path_summary, rate_steps, se_estimate, search_left

SAMPLE = Path(__file__).resolve().parents[2] / "shared" / "puzzles" / "rated_se_sample.txt"
FITTED_FROM = 6.0  # `se` values from here up are fitted; below, SE's own values for patterns
START = {"se": 6.6, "per_length": 0.1, "per_repeat": 0.1}


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
        left = search_left(puzzle, steps)
        solved.append(Solved(se_rating, rate_steps(steps, left), path_summary(steps, left)))
    return solved


def fit(rows: list[Solved]) -> tuple[dict[str, float], dict[str, float]]:
    """The coordinate descent of this module's docstring on `rows` (the even lines):
    (fitted `se` by technique name, the two constants)."""
    values = {t.name: (START["se"] if t.se >= FITTED_FROM else t.se) for t in TABLE}
    consts = {"per_length": START["per_length"], "per_repeat": START["per_repeat"]}
    used = {name for row in rows for name in row.summary}
    free = [t.name for t in TABLE if t.se >= FITTED_FROM and t.name in used]
    truth = [row.se for row in rows]

    def fitness(trial_values: dict, trial_consts: dict) -> float:
        estimates = [se_estimate(row.summary, trial_values.__getitem__, **trial_consts)
                     for row in rows]
        return -round(sum(abs(e - t) for e, t in zip(estimates, truth, strict=True)), 6)

    for _ in range(10):
        before = (dict(values), dict(consts))
        for name in free:
            values[name] = best_of([x / 10 for x in range(60, 100)], values[name],
                                   lambda v, n=name: fitness({**values, n: v}, consts))
        for key in consts:
            consts[key] = best_of([x / 100 for x in range(0, 31, 2)], consts[key],
                                  lambda v, k=key: fitness(values, {**consts, k: v}))
        print(f"  round: even-line mean error {-fitness(values, consts) / len(rows):.3f}",
              flush=True)
        if (values, consts) == before:
            break
    return {name: values[name] for name in free}, consts


def best_of(grid: list[float], current: float, score) -> float:
    """The value of `grid` scoring highest, ties going to the one nearest `current`."""
    return max(grid, key=lambda v: (score(v), -abs(v - current)))


def report(rows: list[Solved]) -> None:
    """Levels, hardest techniques, and each rating's Spearman with SE, whole and by half."""
    print("levels:", dict(Counter(r.rating.level for r in rows).most_common()))
    print("hardest technique:", dict(Counter(r.rating.hardest for r in rows).most_common()))
    truth = [r.se for r in rows]
    for label in ("se", "score"):
        ours = [getattr(r.rating, label) for r in rows]
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
    args = parser.parse_args()
    sample = load_sample(args.limit)
    start = time.perf_counter()
    if args.fit:
        values, consts = fit(solve_sample(sample[0::2]))
        for name, value in values.items():
            print(f"  {name}: se {value:.1f} (table: {BY_NAME[name].se})")
        print("  constants:", consts)
        return
    rows = solve_sample(sample)
    elapsed = time.perf_counter() - start
    print(f"{len(rows)} puzzles rated in {elapsed:.1f} s ({elapsed / len(rows) * 1000:.0f} ms "
          "each)")
    report(rows)


if __name__ == "__main__":
    main()
