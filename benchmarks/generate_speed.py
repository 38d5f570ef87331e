"""Generator speed: the time per puzzle (median, 90th percentile, max) for each size and level,
how often the level asked for was met, attempts and givens. Seeds 0..count-1, so reproducible.

Run from the repository root: python -m benchmarks.generate_speed [--sizes 9 --levels Easy ...]
Variants: --rules killer jigsaw x (each a run of its own; "classic" the classic rules).
--killer-merges: a Killer pushed toward a level by merging its cages (tried, not used).
Times are CPU seconds of this process (steady on a shared machine); wall time is close to it
on an idle one. Browser target: a 9x9 in under a second in Pyodide, ~0.4 s here.
"""

import argparse
import random
import statistics
import time

from solver.generator import generate, keeper, remove_clues, starting_grid
from solver.model.geometry import KILLER, Geometry, beside, geometry, remade
from solver.model.puzzle import Puzzle
from solver.rating import LEVELS, level_rank, solves_within


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
    still finishes it within `level`, until it needs `level` or no merge is left: how many
    got there, CPU per seed (median, max). Issue 28's try at Killers above Medium."""
    if not level_rank(level):
        return f"killer {level}: the easiest level, nothing to merge toward"
    easier = LEVELS[level_rank(level) - 1]
    seconds, met = [], 0
    for seed in range(count):
        start = time.process_time()
        rng = random.Random(seed)
        g, solution = starting_grid(geometry(9), (KILLER,), rng)
        cells = remove_clues(g, solution, rng, True, keeper(g, level))
        met += merged_to(g, solution, cells, rng, level, easier)
        seconds.append(time.process_time() - start)
    return (f"killer {level} by merging cages: met {met}/{count}  CPU median "
            f"{statistics.median(seconds):6.3f} s  max {max(seconds):6.3f} s")


def merged_to(g: Geometry, solution: tuple[int, ...], cells: tuple[int, ...],
              rng: random.Random, level: str, easier: str) -> bool:
    """Merge `g`'s cages as killer_merges says; True when the puzzle came to need `level`."""
    assert g.rules is not None
    cages = [list(cells_of) for _, cells_of in g.rules.cages]
    while solves_within(Puzzle.made(g, cells), easier):
        cage_of = {cell: k for k, cage in enumerate(cages) for cell in cage}
        pairs = sorted({tuple(sorted((cage_of[c], cage_of[m]))) for c in cage_of
                        for m in beside(9, c) if cage_of[c] != cage_of[m]})
        rng.shuffle(pairs)
        for a, b in pairs:
            if {solution[c] for c in cages[a]} & {solution[c] for c in cages[b]}:
                continue
            joined = [cage for k, cage in enumerate(cages) if k not in (a, b)]
            joined.append(sorted(cages[a] + cages[b]))
            trial = remade(g, cages=[(sum(solution[c] for c in cage), cage) for cage in joined])
            if solves_within(Puzzle.made(trial, cells), level):
                g, cages = trial, joined
                break
        else:
            return False
    return True


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
