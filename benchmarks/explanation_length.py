"""How long the logical solver's sentences are: median, p95 and longest explanation in
characters over every step of `solve_path`, per technique family (the finder's module) and
per technique, on every 10th puzzle of rated_se_sample.txt (a phone shows a long sentence
as a wall of text; issue 12).

Run from the repository root: python -m benchmarks.explanation_length [--every N] [--show]
"""

import argparse
from collections import defaultdict

from benchmarks.logic_techniques import load
from solver.logic import solve_path
from solver.model.puzzle import read


def percentile(values: list[int], fraction: float) -> int:
    """The value at `fraction` of the sorted values (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def family(step) -> str:
    """A step's technique family: its finder's module ('als', 'fish'), 'search' for search."""
    finder = step.entry.finder
    return "search" if finder is None else finder.__module__.rsplit(".", 1)[-1]


def table(lengths: dict[str, list[int]]) -> None:
    """One line per key: steps, median, p95 and longest length, longest median first."""
    rows = sorted(lengths.items(), key=lambda kv: -percentile(kv[1], 0.5))
    print(f"  {'':44s} {'steps':>6s} {'median':>7s} {'p95':>6s} {'max':>6s}")
    for key, values in rows:
        print(f"  {key:44s} {len(values):6d} {percentile(values, 0.5):7d} "
              f"{percentile(values, 0.95):6d} {max(values):6d}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=10, help="every Nth puzzle (default 10)")
    parser.add_argument("--show", action="store_true", help="print each family's longest")
    args = parser.parse_args()
    puzzles = load("rated_se_sample.txt", None)[:: args.every]
    by_family, by_technique, longest = defaultdict(list), defaultdict(list), {}
    for text in puzzles:
        for step in solve_path(read(text)).steps:
            size, name = len(step.explanation), family(step)
            by_family[name].append(size)
            by_technique[step.technique].append(size)
            if size > len(longest.get(name, "")):
                longest[name] = step.explanation
    every = sum(by_family.values(), [])
    print(f"rated_se_sample.txt, every {args.every}th puzzle: {len(puzzles)} puzzles, "
          f"{len(every)} steps, median {percentile(every, 0.5)}, p95 {percentile(every, 0.95)}")
    print("per family:")
    table(by_family)
    print("per technique:")
    table(by_technique)
    if args.show:
        for name, sentence in longest.items():
            print(f"\n[{name}] ({len(sentence)})\n{sentence}")


if __name__ == "__main__":
    main()
