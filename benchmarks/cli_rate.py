"""Rating a collection from the command line: puzzles per second of `python -m solver rate FILE
--jobs N` on 1 and 2 processes (or --jobs ...), runs interleaved, each run's output checked
equal to the first (the same ratings whatever the number of processes).

Run from the repository root: python -m benchmarks.cli_rate [--file top95.txt] [--runs 2]
Wall time of the whole command (start-up and process pool included), and the CPU seconds
of all its processes: on a shared machine the wall time follows the load (printed), so read
the ratio between job counts within one run, and the CPU time for the work itself.
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

from tests.checks import PUZZLES


def timed(path: str, jobs: int) -> tuple[float, float, str]:
    """Wall seconds the command took, CPU seconds of its processes, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "solver", "rate", path, "--jobs", str(jobs)],
                          capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", default="top95.txt", help="a set in ../shared/puzzles/")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    path = str(PUZZLES / args.file)
    times: dict[int, list[tuple[float, float]]] = {jobs: [] for jobs in args.jobs}
    first = None
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for _ in range(args.runs):
        for jobs in args.jobs:
            wall, cpu, output = timed(path, jobs)
            first = first or output
            assert output == first, f"--jobs {jobs} rated differently"
            times[jobs].append((wall, cpu))
    count = len(first.splitlines())
    base = statistics.median(wall for wall, _ in times[args.jobs[0]])
    for jobs, runs in times.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        print(f"{args.file}: {count} puzzles, --jobs {jobs}: {count / wall:.2f} puzzles/s "
              f"(median of {len(runs)} runs, {wall:.1f} s wall, {wall / base:.2f}x --jobs "
              f"{args.jobs[0]}'s; {cpu:.1f} CPU s, {count / cpu:.2f} puzzles per CPU s)")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
