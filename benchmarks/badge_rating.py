"""The page's difficulty badge: CPU time of `rate(puzzle, nested=False)` (the worker's badge
rating, without the nested forcing chain's row) on every Nth puzzle of shared sets: median,
p90 and max per set, and how many ratings are `bound` (the path stalled where only that
row or search was left). `--full` also rates each puzzle with the whole table (`rate`) and
checks what a bound promises: the same level, a score and SE estimate at least the bound's;
and that every rating not bound is the full one, field for field.

`--variants` rates variants instead, as the badge now rates a pasted one: the 9x9 puzzles
of tests/test_variants.py (hand-picked, mostly Extreme), and per rule `--seeds` minimal
ones made from seeds (tests/variant_sets.py; Killers with no givens). `--seconds S`
rates as the worker's badge does, its path followed for S seconds at most (static/worker.py
BADGE_SECONDS; the steps so far, `bound`, past that).

Run from the repository root:
    python -m benchmarks.badge_rating [--every 5] [--full] [--variants [--seeds 4]]
        [--seconds 2]
"""

import argparse
import time

from benchmarks.logic_techniques import load
from benchmarks.nested_forcing import percentile
from solver.model.puzzle import read
from solver.rating import Rating, rate

# (shared file, every Nth puzzle of it at --every 1; the hardest set is the one that needs
# the nested row, the others are there to show the badge costs them no more than before)
SETS = (("forum_hardest_1106.txt", 1), ("rated_se_sample.txt", 2), ("top95.txt", 1),
        ("17clue_5000.txt", 50))


def timed(text: str, nested: bool, seconds: float | None = None) -> tuple[Rating, float]:
    """A puzzle's rating and its CPU time (process time: other load does not count);
    `seconds`, the badge's time budget (nested=False only)."""
    start = time.process_time()
    rating = rate(read(text), nested=nested, seconds=seconds)
    return rating, time.process_time() - start


def keeps_promise(badge: Rating, full: Rating) -> bool:
    """Is the full rating what the badge's says: equal when not bound; else a level, score,
    step count and SE estimate at least the bound's (the level the same where the bound is
    the nested row's: its level is the top one)."""
    if not badge.bound:
        return badge == full
    return (badge.rank <= full.rank and full.score >= badge.score
            and full.steps >= badge.steps and full.se >= badge.se)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=5, help="every Nth puzzle (default 5)")
    parser.add_argument("--full", action="store_true",
                        help="also rate with the whole table and check the badge against it")
    parser.add_argument("--variants", action="store_true",
                        help="rate variant puzzles instead of the shared classic sets")
    parser.add_argument("--seeds", type=int, default=4,
                        help="with --variants: seeded puzzles per rule (default 4)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="the badge's time budget (the worker's BADGE_SECONDS)")
    args = parser.parse_args()
    sets = variant_sets(args.seeds) if args.variants else [
        (name, load(name, None)[:: every * args.every]) for name, every in SETS]
    for name, puzzles in sets:
        runs = [timed(text, nested=False, seconds=args.seconds) for text in puzzles]
        times = [took for _, took in runs]
        line = (f"{name} ({len(runs)}): badge CPU median {percentile(times, 0.5):.2f} s, "
                f"p90 {percentile(times, 0.9):.2f} s, max {max(times):.2f} s; "
                f"{sum(r.bound for r, _ in runs)} bound")
        if args.full:
            fulls = [timed(text, nested=True) for text in puzzles]
            broken = sum(not keeps_promise(r, f) for (r, _), (f, _) in zip(runs, fulls,
                                                                          strict=True))
            full_times = [took for _, took in fulls]
            full_se = [f.se for (r, _), (f, _) in zip(runs, fulls, strict=True) if r.bound]
            line += (f"; full rate CPU median {percentile(full_times, 0.5):.2f} s, max "
                     f"{max(full_times):.2f} s; promises broken {broken}")
            if full_se:
                line += f"; full SE of the bound ones {min(full_se)}-{max(full_se)}"
        print(line, flush=True)


def variant_sets(seeds: int) -> list[tuple[str, list[str]]]:
    """(name, puzzle texts) of the variant sets --variants rates: tests/test_variants.py's
    9x9 puzzles, then per rule `seeds` made from seeds 0, 1, ... (tests/variant_sets.py)."""
    from tests.test_variants import PUZZLES
    from tests.variant_sets import SETS as RULES
    from tests.variant_sets import killer_puzzle, made_puzzle

    sets = [("tests/test_variants.py 9x9", [text for text in PUZZLES.values()
                                           if read(text).size == 9])]
    sets += [(f"{rule}, minimal", [made_puzzle(rules, seed)[0].to_text()
                                   for seed in range(seeds)]) for rule, rules in RULES.items()]
    sets.append(("killer, no givens", [killer_puzzle(seed, most=6)[0].to_text()
                                       for seed in range(seeds)]))
    return sets


if __name__ == "__main__":
    main()
