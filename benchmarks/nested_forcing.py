"""Nested forcing chains on the hardest puzzles: how many of forum_hardest_1106.txt's puzzles
(every Nth) the logical solver explains without trial and error with the technique table as
it is and without its "Nested forcing chain" row (before), CPU time per path (median, p90),
coverage against a CPU budget per path, where the forcing nets stop in the positions the
path before leaves to search (their work budget hit, or nothing found within it), and wrong
steps against the solution found by search (must be 0). `--same N` also checks that the
first N puzzles of rated_se_sample.txt get step-for-step the same path with the row as
without it (the row is tried only when every other fails). `--lengths N` measures only the
nested steps' sentences on the paths of the first N puzzles of the sample: their length
in characters (median, longest) and the shorter chains each names (Step.inner: how many a
step, their own sentences' median length), which the page shows on demand.

Run from the repository root:
    python -m benchmarks.nested_forcing [--every 5] [--limit N] [--same 40]
    python -m benchmarks.nested_forcing --lengths 3
"""

import argparse
import time

from benchmarks.logic_techniques import load, wrong_steps
from solver.logic import TECHNIQUES, State, forcing, solve_path
from solver.logic.solve import Path
from solver.model.puzzle import read
from solver.search.engine import search

NESTED = "Nested forcing chain"
WITHOUT = tuple(t for t in TECHNIQUES if t.name != NESTED)
BUDGETS = (1.0, 5.0, 20.0, 60.0)  # CPU seconds per path, for the coverage line


def timed(text: str, techniques=TECHNIQUES) -> tuple[Path, float]:
    """The path of one puzzle and its CPU time (process time: other load does not count)."""
    start = time.process_time()
    path = solve_path(read(text), techniques=techniques)
    return path, time.process_time() - start


def forcing_end(text: str, path: Path) -> str:
    """Where the forcing nets stop in the position a path left to search: 'budget' when
    their work budget (forcing.BUDGET) was spent, else 'nothing' (no net within the
    deepest depth)."""
    state = State.from_puzzle(read(text))
    for step in path.steps[:-1]:
        state = state.apply(step)
    for static in (True, False):
        spent: list[int] = [0]
        branches: dict[tuple[int, int], forcing.Branch] = {}
        for limit in forcing.DEPTHS:
            forcing.nets_within(state, limit, spent, branches, static)
            if spent[0] > forcing.BUDGET:
                return "budget"
    return "nothing"


def percentile(values: list[float], q: float) -> float:
    """The q-th quantile (nearest rank) of a non-empty list."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(label: str, runs: list[tuple[Path, float]]) -> None:
    """One line: coverage, time per path, coverage within each CPU budget."""
    times = [took for _, took in runs]
    logical = sum(path.logical for path, _ in runs)
    within = ", ".join(f"{b:g} s {sum(p.logical and t <= b for p, t in runs)}" for b in BUDGETS)
    print(f"{label}: {logical}/{len(runs)} without trial and error; path CPU median "
          f"{percentile(times, 0.5):.2f} s, p90 {percentile(times, 0.9):.2f} s, max "
          f"{max(times):.2f} s; explained within {within}")


def sentence_lengths(puzzles: list[str]) -> None:
    """One line: the nested steps' sentence lengths on these puzzles' paths, and their
    shorter chains' (named by number in the sentence, told in Step.inner)."""
    steps = [step for text in puzzles for step in solve_path(read(text)).steps
             if step.technique == NESTED]
    lengths = [len(step.explanation) for step in steps]
    inner = [len(chain.proof) for step in steps for chain in step.inner]
    named = [len(step.inner) for step in steps]
    print(f"{len(puzzles)} puzzles, {len(steps)} nested steps: sentence median "
          f"{percentile(lengths, 0.5):.0f} characters, longest {max(lengths)}; shorter chains "
          f"named a step median {percentile(named, 0.5):.0f}, most {max(named)}; their "
          f"sentences median {percentile(inner, 0.5):.0f}, longest {max(inner)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=5, help="every Nth puzzle (default 5)")
    parser.add_argument("--limit", type=int, default=None, help="only the first N of those")
    parser.add_argument("--same", type=int, default=0,
                        help="check the first N rated_se_sample paths are unchanged")
    parser.add_argument("--lengths", type=int, default=0,
                        help="only the nested steps' sentence lengths on the first N")
    args = parser.parse_args()
    puzzles = load("forum_hardest_1106.txt", None)[:: args.every][: args.limit]
    if args.lengths:
        sentence_lengths(puzzles[: args.lengths])
        return
    before, after, ends, wrong, nested = [], [], {"budget": 0, "nothing": 0}, 0, 0
    for i, text in enumerate(puzzles):
        truth = search(read(text).geometry, list(read(text).cells), 1)[0]
        old, new = timed(text, WITHOUT), timed(text)
        before.append(old)
        after.append(new)
        if not old[0].logical:
            ends[forcing_end(text, old[0])] += 1
        wrong += wrong_steps(old[0], truth) + wrong_steps(new[0], truth)
        count = sum(s.technique == NESTED for s in new[0].steps)
        nested += count
        print(f"{i:3d} before {old[1]:6.2f} s {'logic' if old[0].logical else 'search'}"
              f" | after {new[1]:6.2f} s {'logic' if new[0].logical else 'search'},"
              f" {count} nested steps", flush=True)
    print(f"forum_hardest_1106.txt, every {args.every}th: {len(puzzles)} puzzles; the forcing"
          f" nets before stop at their budget in {ends['budget']}, find nothing within it in"
          f" {ends['nothing']}; {nested} nested steps after; {wrong} wrong steps")
    summary("before", before)
    summary("after", after)
    if args.same:
        rated = load("rated_se_sample.txt", args.same)
        changed = [i for i, text in enumerate(rated)
                   if timed(text)[0].steps != timed(text, WITHOUT)[0].steps]
        print(f"rated_se_sample.txt, first {len(rated)}: {len(rated) - len(changed)} paths "
              f"step-for-step the same with the row as without it; changed: {changed}")


if __name__ == "__main__":
    main()
