"""Killer speed: 9x9 Killer puzzles with no givens, generated from seeds (a random solved
grid, random cages of 1 to `--most` cells; while the library finds a second solution, the
cage where it first differs split in two), each verified unique by a second, independent
method (tests/killer.py's plain backtracking, which reads the rules from the text) and its
solution checked, then timed through the public API: `analyse` (solution and uniqueness
in one search) and `solve`.

    python -m benchmarks.variants [--puzzles 100] [--first-seed 0] [--most 6] [--no-verify]

Prints the median, 90th percentile and slowest CPU time per puzzle, and the cages per
puzzle. Deterministic: the same seeds make the same puzzles.
"""

import argparse
import statistics
import time

from solver import analyse, solve
from tests.checks import search_solutions
from tests.killer import Killer, unique_killer


def made(count: int, first: int, most: int) -> list[tuple[str, list[int]]]:
    """(text, solution) of `count` unique Killers from seeds `first`, `first` + 1, ..."""
    return [unique_killer(9, seed, most, solutions=search_solutions)
            for seed in range(first, first + count)]


def verify(puzzles: list[tuple[str, list[int]]]) -> None:
    """Assert each puzzle has one solution by the independent counter, the one it was made
    from."""
    for k, (text, solution) in enumerate(puzzles):
        checker = Killer(text)
        assert checker.count(2) == 1, f"puzzle {k} is not unique by the second method"
        assert checker.problems(solution) == [], f"puzzle {k}: its solution breaks a rule"


def timed(call, puzzles: list[tuple[str, list[int]]]) -> list[float]:
    """CPU seconds of `call(text)` per puzzle, each answer checked against the solution."""
    seconds = []
    for text, solution in puzzles:
        began = time.process_time()
        answer = call(text)
        seconds.append(time.process_time() - began)
        assert answer == solution, text
    return seconds


def summary(name: str, seconds: list[float]) -> str:
    """One line: median, 90th percentile and slowest, in milliseconds."""
    ordered = sorted(seconds)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (f"{name:8} median {statistics.median(ordered) * 1000:6.1f} ms  p90 "
            f"{p90 * 1000:6.1f} ms  max {ordered[-1] * 1000:6.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--most", type=int, default=6, help="cells in a cage at most")
    parser.add_argument("--no-verify", action="store_true",
                        help="skip the independent uniqueness check (minutes for 100)")
    options = parser.parse_args()
    puzzles = made(options.puzzles, options.first_seed, options.most)
    cages = [text.count("=") for text, _ in puzzles]
    print(f"{len(puzzles)} Killers, no givens, {min(cages)}-{max(cages)} cages "
          f"(median {statistics.median(cages)})")
    if not options.no_verify:
        began = time.process_time()
        verify(puzzles)
        print(f"all unique by the independent counter ({time.process_time() - began:.0f} s)")
    print(summary("analyse", timed(lambda text: list(analyse(text).solution.cells), puzzles)))
    print(summary("solve", timed(lambda text: [int(d) for d in solve(text)], puzzles)))


if __name__ == "__main__":
    main()
