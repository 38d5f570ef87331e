"""The page's first 9x9 Solve under its MicroPython (issue 24), through Node: `import worker`
and the first `worker.call("analyse", ...)` from a built ui.tar.gz's bytecode, in a fresh
interpreter each run, after what the UI's start has done by then (the model imported, the
9x9 geometry made: timed apart, as "UI's part"); archives compared interleaved, medians of
the runs.

    .venv/bin/python -m benchmarks.micropython_first_solve [--runs 5] ARCHIVE [ARCHIVE...]

Build each archive with scripts/build_vendor.py (static/vendor/ui.tar.gz) in the tree to
compare. Every reply must be the same."""

import argparse
import json
import statistics
import subprocess
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "benchmarks" / "micropython_first_solve.mjs"
PUZZLES = {  # a newspaper's 9x9 and top95's first
    "easy": "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "top95 #1": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
}


def timed(folder: Path, puzzle: str) -> dict:
    """One fresh run's {"ui_ms", "import_ms", "analyse_ms", "reply"}, the archive unpacked
    in `folder`."""
    run = subprocess.run(["node", str(RUNNER), str(folder), puzzle], capture_output=True,
                         text=True, check=True)
    return json.loads(run.stdout)


def main() -> None:
    """Print each archive's median UI's part, import and first-analyse times per puzzle."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("archives", nargs="+")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folders = {}
        for i, archive in enumerate(args.archives):
            folders[archive] = Path(temporary) / str(i)
            with tarfile.open(archive) as opened:
                opened.extractall(folders[archive], filter="data")
        report(args.archives, folders, args.runs)


def report(archives: list[str], folders: dict[str, Path], count: int) -> None:
    """Time every archive `count` times per puzzle, interleaved, and print the medians."""
    for name, puzzle in PUZZLES.items():
        runs: dict[str, list[dict]] = {archive: [] for archive in archives}
        for _ in range(count):  # interleaved: load drifts alike for every archive
            for archive in archives:
                runs[archive].append(timed(folders[archive], puzzle))
        replies = {r["reply"] for found in runs.values() for r in found}
        assert len(replies) == 1, replies  # the same answer from every build
        for archive, found in runs.items():
            ui = statistics.median(r["ui_ms"] for r in found)
            imported = statistics.median(r["import_ms"] for r in found)
            analysed = statistics.median(r["analyse_ms"] for r in found)
            both = statistics.median(r["import_ms"] + r["analyse_ms"] for r in found)
            print(f"{name:9} {archive}: UI's part {ui:6.1f} ms; import worker {imported:6.1f} "
                  f"ms, first analyse {analysed:6.1f} ms, both {both:6.1f} ms "
                  f"(median of {count}); {Path(archive).stat().st_size} bytes")


if __name__ == "__main__":
    main()
