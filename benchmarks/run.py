"""Benchmark our solver against its peers on the same puzzles in one run, and print a table.

    python3 benchmarks/run.py [--sets top1465 ...] [--peer-count 20] [--peer-budget 60]
                              [--timeout 20] [--wall]

First it makes its own environment, benchmarks/.venv with benchmarks/requirements.txt
(py-sudoku from PyPI), and re-runs itself there. Every set is timed whole for our solver,
first solution and uniqueness check (count up to 2). py-sudoku takes 0.1-1 s or more per
hard puzzle, so it runs on the first --peer-count puzzles of each set within --peer-budget
seconds, next to our solver on exactly those puzzles. Norvig's solver is not on PyPI: its
ratio uses the reference figures of ../shared/README.md, labelled as not measured here.
Each solver runs in a worker process that reports per-puzzle times (CPU time of the
worker unless --wall), so a puzzle over --timeout seconds is stopped and reported as such.
Every solution returned is checked against the rules and the givens, outside the timing.
"""

import argparse
import hashlib
import json
import os
import queue
import subprocess
import sys
import threading
import time
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PUZZLES = ROOT.parent / "shared" / "puzzles"
ENV = HERE / ".venv"
REQUIREMENTS = HERE / "requirements.txt"

sys.path.insert(0, str(ROOT))
from benchmarks.timing import NORVIG_REFERENCE, SETS, puzzles_of, summary, table  # noqa: E402


def ensure_environment() -> None:
    """Create benchmarks/.venv with the pinned peers if needed and re-run this script in it."""
    python = ENV / "bin" / "python"
    if Path(sys.prefix).resolve() == ENV.resolve():
        return
    if not python.exists():
        venv.create(ENV, with_pip=True)
    wanted = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()
    stamp = ENV / ".requirements-hash"
    if not stamp.exists() or stamp.read_text() != wanted:
        subprocess.run(
            [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
             "-r", str(REQUIREMENTS)],
            check=True,
        )
        stamp.write_text(wanted)
    os.execv(str(python), [str(python), __file__, *sys.argv[1:]])


# --- the worker: solves puzzles and prints one JSON line per puzzle -------------------------


def peer_solve(text: str) -> tuple:
    """py-sudoku's first solution of a puzzle string, as digits row by row (or none)."""
    from sudoku import Sudoku

    from solver.model.geometry import geometry
    from solver.model.puzzle import read

    puzzle = read(text)
    g = geometry(puzzle.size)
    solved = Sudoku(g.box_cols, g.box_rows, board=puzzle.rows()).solve()
    cells = tuple(d or 0 for row in solved.board for d in row)
    return (cells,) if all(cells) else ()


def worker(solver: str, file: str, limit: int, start: int, count: int, wall: bool) -> None:
    """Solve puzzles start..start+count-1 of a set, printing {"i", "s", "n", "ok"} per puzzle."""
    from benchmarks.timing import solve_ours
    from solver.model.puzzle import Puzzle, read
    from solver.search.engine import prepared
    from tests.checks import solution_problems

    clock = time.perf_counter if wall else time.process_time
    puzzles = puzzles_of((PUZZLES / file).read_text())[start:start + count]
    if solver == "ours" and puzzles:
        prepared(read(puzzles[0]).geometry)  # the one-time tables, reported separately
    for i, text in enumerate(puzzles, start):
        begin = clock()
        found = solve_ours(text, limit) if solver == "ours" else peer_solve(text)
        seconds = clock() - begin
        givens = read(text)
        ok = bool(found) and all(
            not solution_problems(givens, Puzzle(givens.geometry, cells)) for cells in found
        )
        print(json.dumps({"i": i, "s": seconds, "n": len(found), "ok": ok}), flush=True)


# --- the driver -------------------------------------------------------------------------------


def run(solver: str, file: str, limit: int, count: int, timeout: float, budget: float,
        wall: bool) -> dict:
    """Time a solver on the first `count` puzzles of a set in worker processes.

    A puzzle over `timeout` s is stopped (the worker restarts after it); puzzles left when
    `budget` s of wall time have passed are not run. Returns {"times": {index: seconds},
    "timed_out": [index], "failed": [index]}.
    """
    times, timed_out, failed = {}, [], []
    deadline = time.monotonic() + budget
    next_index = 0
    while next_index < count and time.monotonic() < deadline:
        command = [sys.executable, __file__, "--worker", solver, file, str(limit),
                   str(next_index), str(count - next_index)] + (["--wall"] if wall else [])
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT)
        lines: queue.Queue = queue.Queue()
        threading.Thread(target=forward_lines, args=(proc, lines), daemon=True).start()
        stopped = False
        try:
            while True:
                wait = min(timeout, deadline - time.monotonic())
                try:
                    line = lines.get(timeout=max(wait, 0.001))
                except queue.Empty:
                    stopped = wait >= timeout  # this puzzle ran out of time, not the budget
                    break
                if not line:
                    break
                result = json.loads(line)
                next_index = result["i"] + 1
                times[result["i"]] = result["s"]
                if not result["ok"]:
                    failed.append(result["i"])
        finally:
            proc.kill()
            proc.wait()
        if stopped:
            timed_out.append(next_index)
            next_index += 1
        elif proc.returncode not in (0, -9) and next_index < count:
            failed.append(next_index)  # the worker crashed on this puzzle
            next_index += 1
    return {"times": times, "timed_out": timed_out, "failed": failed}


def forward_lines(proc: subprocess.Popen, lines: queue.Queue) -> None:
    """Put each line the worker prints on the queue, then "" at its end."""
    for line in proc.stdout:
        lines.put(line)
    lines.put("")


def describe(result: dict) -> str:
    """Notes for a row: time-outs and failures, if any."""
    notes = []
    if result["timed_out"]:
        notes.append(f"{len(result['timed_out'])} timed out")
    if result["failed"]:
        notes.append(f"{len(result['failed'])} WRONG")
    return ", ".join(notes)


def preparation_ms() -> list[tuple[int, float]]:
    """Milliseconds our engine takes to build its tables for each size, once per process."""
    from solver.model.geometry import BOX_SHAPES, geometry
    from solver.search.engine import prepared

    found = []
    for n in BOX_SHAPES:
        start = time.perf_counter()
        prepared(geometry(n))
        found.append((n, (time.perf_counter() - start) * 1000))
    return found


def row(label: str, solver: str, stats: dict, ratio: str, note: str = "") -> list[str]:
    """One table row from a summary (benchmarks.timing.summary)."""
    return [label, solver, str(stats["puzzles"]), f"{stats['per_second']:.1f}",
            f"{stats['median_ms']:.2f}", f"{stats['worst_ms']:.1f}", ratio, note]


def set_rows(label: str, file: str, args: argparse.Namespace) -> list[list[str]]:
    """The table rows of one set: ours (first solution, count to 2), then the peer subset."""
    total = len(puzzles_of((PUZZLES / file).read_text()))
    budget = 10 * args.timeout * total
    first = run("ours", file, 1, total, args.timeout, budget, args.wall)
    s1 = summary(list(first["times"].values()))
    reference = NORVIG_REFERENCE.get(label)
    ratio = (f"{s1['per_second'] / reference:.1f}x Norvig ({reference:.0f}/s, reference, "
             "not measured here)") if reference else ""
    rows = [row(label, "ours, first solution", s1, ratio, describe(first))]
    if not first["times"]:
        return rows
    unique = run("ours", file, 2, total, args.timeout, budget, args.wall)
    both = [i for i in unique["times"] if i in first["times"]]
    cost = sum(unique["times"][i] for i in both) / sum(first["times"][i] for i in both)
    rows.append(row(label, "ours, count to 2", summary(list(unique["times"].values())),
                    f"{cost:.2f}x first-solution time", describe(unique)))
    count = min(args.peer_count, total)
    peer = run("py-sudoku", file, 1, count, args.timeout, args.peer_budget, args.wall)
    shared = [i for i in peer["times"] if i in first["times"]]
    if not shared:
        rows.append([label, "py-sudoku 2.0.0", "0", "", "", "", "",
                     f"not one puzzle within {args.peer_budget:.0f} s"])
        return rows
    ours = summary([first["times"][i] for i in shared])
    theirs = summary([peer["times"][i] for i in shared])
    rows.append(row(label, f"ours, py-sudoku's {len(shared)}", ours, ""))
    speed = ours["per_second"] / theirs["per_second"]
    least = min(peer["times"][i] / first["times"][i] for i in shared)
    note = describe(peer)
    if peer["timed_out"]:
        note += f" (over {args.timeout:.0f} s: not counted, so the ratio is a floor)"
    rows.append(row(label, "py-sudoku 2.0.0", theirs,
                    f"ours {speed:.0f}x faster; per puzzle at least {least:.0f}x", note))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--peer-count", type=int, default=20)
    parser.add_argument("--peer-budget", type=float, default=60.0)
    parser.add_argument("--timeout", type=float, default=20.0, help="per puzzle, seconds")
    parser.add_argument("--sets", nargs="*", default=[label for label, _, _ in SETS])
    parser.add_argument("--wall", action="store_true", help="wall-clock instead of CPU time")
    parser.add_argument("--worker", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        solver, file, limit, start, count = args.worker
        worker(solver, file, int(limit), int(start), int(count), args.wall)
        return
    ensure_environment()
    clock = "wall-clock" if args.wall else "CPU"
    print(f"CPython {sys.version.split()[0]}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f}; per-puzzle {clock} time, reading the text included.")
    rows = []
    print("One-time tables per size (first search of a size): " + ", ".join(
        f"{n}x{n} {ms:.0f} ms" for n, ms in preparation_ms()))
    for label, file, _size in SETS:
        if label not in args.sets:
            continue
        rows += set_rows(label, file, args)
        print(f"  {label}: done", flush=True)
    print()
    print(table(rows, ["set", "solver", "puzzles", "puzzles/s", "median ms", "worst ms",
                       "ratio", "notes"]))


if __name__ == "__main__":
    main()
