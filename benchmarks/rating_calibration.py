"""How well our rating orders puzzles like Sudoku Explainer does: the Spearman rank correlation
between `rate(p).score` and the SE rating of ../shared/puzzles/rated_se_sample.txt.

Run from the repository root: python -m benchmarks.rating_calibration [--limit N]
Standard library only (the rank correlation is written out below).
"""

import argparse
import time
from collections import Counter
from pathlib import Path

from solver.model.puzzle import read
from solver.rating import rate

SAMPLE = Path(__file__).resolve().parents[2] / "shared" / "puzzles" / "rated_se_sample.txt"


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="rate only the first N puzzles")
    args = parser.parse_args()
    sample = load_sample(args.limit)
    scores, se, levels, hardest = [], [], Counter(), Counter()
    start = time.perf_counter()
    for text, se_rating in sample:
        rating = rate(read(text))
        scores.append(rating.score)
        se.append(se_rating)
        levels[rating.level] += 1
        hardest[rating.hardest] += 1
    elapsed = time.perf_counter() - start
    each = elapsed / len(sample) * 1000
    print(f"{len(sample)} puzzles rated in {elapsed:.1f} s ({each:.0f} ms each)")
    print("levels:", dict(levels.most_common()))
    print("hardest technique:", dict(hardest.most_common()))
    print(f"Spearman rank correlation, score vs SE rating: {spearman(scores, se):.3f}")
    halves = [spearman(scores[k::2], se[k::2]) for k in (0, 1)]
    print(f"  on alternate halves of the sample: {halves[0]:.3f}, {halves[1]:.3f}")
    by_se: dict[float, list[int]] = {}
    for score, rating in zip(scores, se, strict=True):
        by_se.setdefault(rating, []).append(score)
    print("median score per SE rating:", ", ".join(
        f"{r}: {sorted(v)[len(v) // 2]}" for r, v in sorted(by_se.items())))


if __name__ == "__main__":
    main()
