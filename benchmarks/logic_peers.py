"""Our logical solver side by side with HoDoKu (its pure-Python port hodoku-py) on the same
puzzles: coverage without search per Sudoku Explainer band, hint and path CPU time, level
agreement, and a soundness count for ours (steps that contradict the solution; must be 0).

Run from the repository root:
    python -m benchmarks.logic_peers [--limit N] [--every N] [--sets NAME ...] [--no-peer]
        [--pyodide]

`--pyodide` also runs ours in the page's interpreter, the vendored Pyodide under Node
(scripts/pyodide.mjs, which runs this file there: it then reads puzzles from /input.txt and
prints one JSON line each), and prints its hint and path times beside CPython's, both in
CPU time (Node's process CPU time for Pyodide).

hodoku-py is GPL-3, so it lives only in this benchmark's own venv, never in the app or tests:
    python3 -m venv benchmarks/.venv-peers && benchmarks/.venv-peers/bin/pip install hodoku-py
The peer runs in a child process of that venv (`--peer` mode, the only code importing it) and
reports one JSON line per puzzle. Times are CPU seconds (time.process_time) of each process.
"""

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PUZZLES = Path(__file__).resolve().parents[2] / "shared" / "puzzles"
PEER_PYTHON = Path(__file__).resolve().parent / ".venv-peers" / "bin" / "python"
PYODIDE_RUNNER = Path(__file__).resolve().parents[1] / "scripts" / "pyodide.mjs"
SETS = {"rated_se_sample.txt": None, "top95.txt": None, "17clue_5000.txt": 300}
BANDS = ((7.0, 7.5), (7.5, 8.0), (8.0, 8.5), (8.5, 9.0), (9.0, 99.0))


def load(name: str, limit: int | None) -> list[tuple[str, float | None]]:
    """(81-cell puzzle, SE rating or None) pairs of a shared file; other lines skipped."""
    found = []
    for line in (PUZZLES / name).read_text().splitlines():
        parts = line.split()
        if parts and len(parts[0]) == 81 and set(parts[0]) <= set(".0123456789"):
            rating = float(parts[1]) if len(parts) == 2 else None
            found.append((parts[0], rating))
    return found[:limit]


def ours(puzzle_text: str, clock=time.process_time) -> dict:
    """Our solve of one puzzle: logical or not, level, per-hint times (by `clock`, in
    seconds), wrong steps."""
    from solver.logic import State, next_step
    from solver.logic.solve import search_step
    from solver.model.puzzle import read
    from solver.rating import path_context, rate_steps, se_summary
    from solver.search.engine import search

    puzzle = read(puzzle_text)
    truth = search(puzzle.geometry, list(puzzle.cells), 1)[0]
    state, steps, hints = State.from_puzzle(puzzle), [], []
    while not state.is_solved():
        start = clock()
        step = next_step(state)
        hints.append(clock() - start)
        if step is None:
            steps.append(search_step(state))
            break
        steps.append(step)
        state = state.apply(step)
    wrong = sum(1 for s in steps if any(truth[c] != d for c, d in s.placements)
                or any(truth[c] == d for c, d in s.eliminations))
    logical = not steps or steps[-1].technique != "Search (trial and error)"
    start = clock()  # the rating Explain adds to the path (rating.rate with the path given)
    rating = rate_steps(steps, *path_context(puzzle, steps), se_summary(puzzle, steps))
    rated = clock() - start
    return {"logical": logical, "level": rating.level, "score": rating.score, "se": rating.se,
            "hints": hints, "path": sum(hints), "rating": rated, "wrong": wrong}


def peer(puzzle_text: str, solver) -> dict:
    """HoDoKu's solve of one puzzle (only in --peer mode, inside the peers' venv)."""
    start = time.process_time()
    result = solver.solve(puzzle_text)
    took = time.process_time() - start
    kinds = [s.type.name for s in result.steps]
    logical = result.solved and "BRUTE_FORCE" not in kinds
    return {"logical": logical, "level": result.level.name.capitalize(), "path": took,
            "score": result.score, "hints": [took / max(1, len(kinds))]}


def run_peer(puzzles: list[str]) -> list[dict]:
    """Run the peer in its venv's Python on `puzzles`; [] when that venv is missing."""
    if not PEER_PYTHON.exists():
        print("(no peer venv at", PEER_PYTHON, "- see this file's docstring)")
        return []
    out = subprocess.run([str(PEER_PYTHON), __file__, "--peer"], input="\n".join(puzzles),
                         capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def peer_main() -> None:
    """--peer mode: one JSON line per puzzle read from stdin."""
    from hodoku import Solver  # GPL-3: imported only here, in the peers' own venv

    solver = Solver()
    for line in sys.stdin.read().split():
        print(json.dumps(peer(line, solver)), flush=True)


def run_pyodide(puzzles: list[str]) -> list[dict]:
    """Run `ours` on `puzzles` inside the vendored Pyodide under Node (this file, in
    pyodide_main mode), one JSON line back per puzzle."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as listing:
        listing.write("\n".join(puzzles))
        listing.flush()
        out = subprocess.run(["node", str(PYODIDE_RUNNER), __file__, listing.name],
                             capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def pyodide_main() -> None:
    """Inside Pyodide: `ours` on every puzzle of /input.txt, one JSON line each, timed by
    the Node process's CPU time (Pyodide's own clocks are wall time, which a busy machine
    inflates; Node's GC threads count too, so it errs slow)."""
    import js  # Pyodide's bridge to JavaScript: Node's `process` is there

    def node_cpu() -> float:
        used = js.process.cpuUsage()
        return (used.user + used.system) / 1e6

    with open("/input.txt") as listing:
        for line in listing.read().split():
            print(json.dumps(ours(line, node_cpu)), flush=True)


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of `values` by nearest rank; 0.0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def coverage(results: list[dict]) -> str:
    """'97.5% (39/40)' of the results solved without search."""
    if not results:
        return "-"
    done = sum(r["logical"] for r in results)
    return f"{100 * done / len(results):5.1f}% ({done}/{len(results)})"


def report(name: str, ratings: list, mine: list[dict], theirs: list[dict],
           in_pyodide: list[dict]) -> None:
    """Print one set's figures, ours and the peer's side by side (and ours in Pyodide)."""
    print(f"\n{name}: {len(mine)} puzzles   ours | hodoku-py")
    print(f"  without search: {coverage(mine)} | {coverage(theirs)}")
    if ratings[0] is not None:
        for low, high in BANDS:
            idx = [i for i, r in enumerate(ratings) if low <= r < high]
            if idx:
                print(f"    SE {low}-{min(high, 9.9) - 0.1:.1f}: {coverage([mine[i] for i in idx])}"
                      f" | {coverage([theirs[i] for i in idx] if theirs else [])}")
    for label, rows in (("ours", mine), ("ours in Pyodide", in_pyodide), ("hodoku-py", theirs)):
        if rows:
            hints = [h * 1000 for r in rows for h in r["hints"]]
            paths = [r["path"] * 1000 for r in rows]
            print(f"  {label}: hint p50 {percentile(hints, .5):.1f} ms p95 "
                  f"{percentile(hints, .95):.1f} ms; path p50 {percentile(paths, .5):.0f} ms "
                  f"p95 {percentile(paths, .95):.0f} ms")
            if "rating" in rows[0]:  # ours: Explain is the path and its rating
                explains = [(r["path"] + r["rating"]) * 1000 for r in rows]
                print(f"    with the rating (Explain): p50 {percentile(explains, .5):.0f} ms "
                      f"p95 {percentile(explains, .95):.0f} ms")
    print(f"  ours wrong steps: {sum(r['wrong'] for r in mine)}")
    if theirs:
        same = sum(a["level"] == b["level"] for a, b in zip(mine, theirs, strict=True))
        print(f"  level agreement: {same}/{len(mine)}")
    if ratings[0] is not None:
        correlate(ratings, mine, theirs)


def correlate(ratings: list, mine: list[dict], theirs: list[dict]) -> None:
    """Spearman of each solver's score, and of our SE estimate, with the SE rating on
    alternate halves of the sample taken, and of our score with HoDoKu's. Our `se` is fitted
    on the rated set's even lines, so only its odd lines test it: the second half when every
    line is taken, none with an even --every (benchmarks/rating_calibration.py splits them)."""
    from benchmarks.rating_calibration import spearman

    for label, key, rows in (("ours, se", "se", mine), ("ours, score", "score", mine),
                             ("hodoku-py, score", "score", theirs)):
        if rows:
            scores = [r[key] for r in rows]
            halves = [spearman(scores[k::2], ratings[k::2]) for k in (0, 1)]
            print(f"  Spearman with SE, {label}: {halves[0]:.3f} | {halves[1]:.3f} (halves)")
    if theirs:
        print(f"  Spearman ours vs hodoku-py score: "
              f"{spearman([r['score'] for r in mine], [r['score'] for r in theirs]):.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="only the first N of each set")
    parser.add_argument("--every", type=int, default=1, help="only every Nth puzzle (a spread)")
    parser.add_argument("--no-peer", action="store_true", help="ours only")
    parser.add_argument("--pyodide", action="store_true",
                        help="also time ours in Pyodide under Node (the page's interpreter)")
    parser.add_argument("--sets", nargs="+", choices=list(SETS), default=list(SETS),
                        help="only these sets")
    parser.add_argument("--peer", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.peer:
        peer_main()
        return
    for name in args.sets:
        cap = SETS[name]
        rows = load(name, min(x for x in (args.limit, cap, 10**9) if x is not None))[::args.every]
        texts = [t for t, _ in rows]
        mine = [ours(t) for t in texts]
        theirs = [] if args.no_peer else run_peer(texts)
        in_pyodide = run_pyodide(texts) if args.pyodide else []
        report(name, [r for _, r in rows], mine, theirs, in_pyodide)


if __name__ == "__main__":
    if sys.platform == "emscripten":  # run by scripts/pyodide.mjs inside Pyodide
        pyodide_main()
    else:
        main()
