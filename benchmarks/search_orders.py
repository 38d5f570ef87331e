"""What Watch the search shows, measured: the two backtracking orders of
solver.search.trace side by side on the same puzzles, in one run.

    .venv/bin/python -m benchmarks.search_orders [--count 40] [--cap 200000] [--micropython]

Per set and order: how many puzzles the search finishes within the page's cap
(trace.MAX_EVENTS events) and within --cap, the median and worst guesses and backtracks of
those finished within --cap, and the CPython time of a trace at the page's cap (what the
worker spends before the page animates; --micropython adds the same under the vendored
MicroPython through Node, the page's first solver). The reply's JSON size at the cap is
printed too. Each puzzle runs both orders one after the other, so the ratios hold on a busy
machine.
"""

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from solver.search.trace import FEWEST, FIRST_EMPTY, MAX_EVENTS, ORDERS, SOLVED, trace
from tests.checks import EASY, load_lines, puzzle_of

ROOT = Path(__file__).resolve().parents[1]
SETS = (("EASY (Wikipedia)", None), ("17clue_5000", "17clue_5000.txt"),
        ("top95", "top95.txt"), ("forum_hardest_1106", "forum_hardest_1106.txt"),
        ("16x16_gecode", "16x16_gecode.txt"))
MICROPYTHON_SCRIPT = """
import json, time
from solver.search.trace import trace
for line in open("/input.txt"):
    text, order = line.split()
    start = time.ticks_ms()
    got = trace(text, order)
    print(json.dumps([order, time.ticks_diff(time.ticks_ms(), start), len(got.events)]))
"""


def puzzles(name, count: int) -> list:
    return [EASY] if name is None else [puzzle_of(line).to_string()
                                        for line in load_lines(name)[:count]]


def measure(texts: list, cap: int) -> dict:
    """order -> per puzzle (finished within the page's cap, within cap, guesses,
    backtracks, seconds at the page's cap)."""
    rows = {order: [] for order in ORDERS}
    for text in texts:
        for order in ORDERS:
            start = time.process_time()
            page = trace(text, order)
            seconds = time.process_time() - start
            long = page if page.outcome == SOLVED else trace(text, order, cap)
            rows[order].append((page.outcome == SOLVED, long.outcome == SOLVED,
                                long.guesses, long.backtracks, seconds))
    return rows


def summary(label: str, order: str, rows: list, cap: int) -> str:
    done = [r for r in rows if r[1]]
    guesses = [r[2] for r in done] or [0]
    backs = [r[3] for r in done] or [0]
    ms = [1000 * r[4] for r in rows]
    return (f"| {label} | {order} | {sum(r[0] for r in rows)}/{len(rows)} | "
            f"{len(done)}/{len(rows)} | {statistics.median(guesses):.0f} | {max(guesses)} | "
            f"{statistics.median(backs):.0f} | {statistics.median(ms):.1f} | {max(ms):.1f} |")


def micropython_times(texts: list) -> dict:
    """order -> milliseconds per trace at the page's cap under MicroPython (Node)."""
    with tempfile.TemporaryDirectory() as folder:
        script, source = Path(folder) / "trace.py", Path(folder) / "input.txt"
        script.write_text(MICROPYTHON_SCRIPT)
        source.write_text("".join(f"{t} {o}\n" for t in texts for o in ORDERS))
        run = subprocess.run(["node", str(ROOT / "scripts" / "micropython.mjs"), str(script),
                              str(source)], capture_output=True, text=True, check=True)
    times = {order: [] for order in ORDERS}
    for line in run.stdout.splitlines():
        order, ms, _ = json.loads(line)
        times[order].append(ms)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=40, help="puzzles per set")
    parser.add_argument("--cap", type=int, default=200_000, help="events for the long run")
    parser.add_argument("--micropython", action="store_true")
    args = parser.parse_args()
    print(f"page cap {MAX_EVENTS} events; long cap {args.cap}; CPython {sys.version.split()[0]}")
    print("| set | order | finished at the page's cap | within the long cap | median guesses "
          "| most guesses | median backtracks | median ms at page cap | worst ms |")
    print("|---|---|---|---|---|---|---|---|---|")
    for label, name in SETS:
        texts = puzzles(name, args.count)
        rows = measure(texts, args.cap)
        for order in ORDERS:
            print(summary(label, order, rows[order], args.cap))
        if args.micropython:
            times = micropython_times(texts[:10])
            print("  MicroPython ms at the page's cap (first 10): " + ", ".join(
                f"{o} median {statistics.median(t):.0f} worst {max(t)}" for o, t in times.items()))
    capped = trace(load_lines("top95.txt")[0], FIRST_EMPTY)
    flat = [n for _, cell, digit in capped.events[:-1] for n in (cell, digit)]
    print(f"a capped trace's events as the worker sends them: {len(json.dumps(flat))} bytes "
          f"of JSON ({FEWEST} on EASY: {len(trace(EASY, FEWEST).events) - 1} events)")


if __name__ == "__main__":
    main()
