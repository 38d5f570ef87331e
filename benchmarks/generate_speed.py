"""Generator speed: the time per puzzle (median, 90th percentile, max) for each size and level,
how often the level asked for was met, attempts and givens. Seeds 0..count-1, so reproducible.

Run from the repository root: python -m benchmarks.generate_speed [--sizes 9 --levels Easy ...]
Variants: --rules killer jigsaw x (each a run of its own; "classic" the classic rules).
--killer-merges: a Killer pushed toward a level by merging its cages (the Killer bank's way).
Times are CPU seconds of this process (steady on a shared machine); wall time is close to it
on an idle one. Browser target: a 9x9 in under a second in Pyodide, ~0.4 s here.
"""

import argparse
import random
import statistics
import time

from solver.generator import generate, keeper, merged_cages, remove_clues, starting_grid
from solver.model.geometry import KILLER, geometry
from solver.rating import LEVELS, level_rank


def measure(size: int, level: str | None, count: int, symmetric: bool = True,
            rules: str = "classic") -> str:
    """One line of figures for `count` puzzles of one size, level and rules."""
    times, attempts, givens, matched = [], [], [], 0
    for seed in range(count):
        start = time.process_time()
        result = generate(size, level, symmetric, seed=seed,
                          rules=() if rules == "classic" else rules.split("+"))
        times.append(time.process_time() - start)
        attempts.append(result.attempts)
        givens.append(result.puzzle.filled_count())
        matched += result.matched
    times.sort()
    p90 = times[min(count - 1, int(0.9 * count))]
    return (
        f"{size:>2}x{size:<2} {rules:<11} {level or 'any':<8} met {matched:>3}/{count:<3} "
        f"median {times[count // 2]:6.3f} s  p90 {p90:6.3f} s  max {times[-1]:6.3f} s  "
        f"attempts {sum(attempts) / count:4.1f}  givens {sum(givens) / count:5.1f}"
    )


def killer_merges(count: int, level: str) -> str:
    """One line: Killers of seeds 0..count-1 made as `generate` makes one of `level` (cages
    cut, givens taken while the logic finishes it within `level`), then two neighbouring
    cages (no digit shared) merged at a time, in random order, each kept while the logic
    still finishes it within `level`, until it needs `level` or no merge is left
    (generator.merged_cages): how many got there, CPU per seed (median, max). Issue 28's
    way to Killers above Medium, made ahead of time (scripts/make_killer_bank.py)."""
    if not level_rank(level):
        return f"killer {level}: the easiest level, nothing to merge toward"
    seconds, met = [], 0
    for seed in range(count):
        start = time.process_time()
        rng = random.Random(seed)
        g, solution = starting_grid(geometry(9), (KILLER,), rng)
        cells = remove_clues(g, solution, rng, True, keeper(g, level))
        met += merged_cages(g, solution, cells, rng, level) is not None
        seconds.append(time.process_time() - start)
    return (f"killer {level} by merging cages: met {met}/{count}  CPU median "
            f"{statistics.median(seconds):6.3f} s  max {max(seconds):6.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[4, 6, 9])
    parser.add_argument("--levels", nargs="+", default=["any", *LEVELS],
                        help="levels to ask for; 'any' means no difficulty")
    parser.add_argument("--count", type=int, default=30, help="puzzles per size and level")
    parser.add_argument("--asymmetric", action="store_true", help="clues in no symmetry")
    parser.add_argument("--rules", nargs="+", default=["classic"],
                        help="rules to make puzzles of: classic, killer, jigsaw, x, windoku, "
                             "anti-knight, anti-king, or several joined by + (killer+x)")
    parser.add_argument("--killer-merges", action="store_true",
                        help="Killers of each level pushed there by merging cages instead")
    args = parser.parse_args()
    if args.killer_merges:
        for level in args.levels:
            print(killer_merges(args.count, level), flush=True)
        return
    for rules in args.rules:
        for size in args.sizes:
            for level in args.levels:
                wanted = None if level == "any" else level
                print(measure(size, wanted, args.count, not args.asymmetric, rules),
                      flush=True)


if __name__ == "__main__":
    main()
