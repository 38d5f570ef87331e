"""The logical solver over the shared 9x9 sets: how often each technique fires, how many
puzzles logic finishes without search, CPU time per puzzle (process time, so other load on
the machine does not count), and a soundness count (steps that contradict the solution
found by search; must be 0).

Run from the repository root: python -m benchmarks.logic_techniques [--limit N]
"""

import argparse
import time
from collections import Counter
from pathlib import Path

from solver.logic import SEARCH, solve_path
from solver.model.puzzle import read
from solver.search.engine import search

PUZZLES = Path(__file__).resolve().parents[2] / "shared" / "puzzles"
SETS = ("top95.txt", "rated_se_sample.txt")


def load(name: str, limit: int | None) -> list[str]:
    """The 81-cell puzzles of a shared file (lines of other text are skipped)."""
    found = []
    for line in (PUZZLES / name).read_text().splitlines():
        parts = line.split()
        if parts and len(parts[0]) == 81:
            found.append(parts[0])
    return found[:limit]


def wrong_steps(path, truth) -> int:
    """Steps placing a digit other than the truth's or removing the truth's digit."""
    return sum(
        1 for s in path.steps
        if any(truth[c] != d for c, d in s.placements)
        or any(truth[c] == d for c, d in s.eliminations)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="only the first N of each set")
    args = parser.parse_args()
    for name in SETS:
        puzzles = load(name, args.limit)
        counts, steps, wrong, logical, slowest, spent = Counter(), 0, 0, 0, 0.0, 0.0
        for text in puzzles:
            puzzle = read(text)
            truth = search(puzzle.geometry, puzzle.cells, 1)[0]
            start = time.process_time()
            path = solve_path(puzzle)
            took = time.process_time() - start
            spent, slowest = spent + took, max(slowest, took)
            steps += len(path.steps)
            wrong += wrong_steps(path, truth)
            logical += path.steps[-1].technique != SEARCH if path.steps else 1
            counts.update(s.technique for s in path.steps)
        print(f"{name}: {len(puzzles)} puzzles, {steps} steps, {wrong} wrong, "
              f"{logical} solved by logic alone; {spent:.1f} s "
              f"({spent / len(puzzles) * 1000:.0f} ms each, slowest {slowest * 1000:.0f} ms)")
        for technique, count in counts.most_common():
            print(f"  {count:6d}  {technique}")


if __name__ == "__main__":
    main()
