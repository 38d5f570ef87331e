"""Clause-learning speed: CDCL forced from the root (search(..., handover=0), first solution
and uniqueness proof) on hard 9x9, 16x16 and 25x25 puzzles, for one checkout or two compared.
`--handover auto` times the engine as the API runs it instead (depth-first, handing over
only where it does by default): the classic engine's speed, checkout against checkout.

    python -m benchmarks.cdcl_speed [--old ../baseline] [--rounds 5] [--set FILE:START:STOP ...]
                                    [--handover auto|N]

Each checkout is timed in its own worker process (CPU time per puzzle), the two interleaved
round by round so a busy machine slows both alike; the table gives each side's best round
per set and new/old. A first, untimed pass counts the backjumps and restarts (calls of
sat.unassign) and digests the solutions: equal on both sides means the same search.
"""

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT.parent / "shared" / "puzzles"
# The 25x25 ones are those that CDCL finishes in a few seconds from the root.
DEFAULT_SETS = ["forum_hardest_1106.txt:0:40", "16x16_gecode.txt:0:55",
                "25x25_gecode_frisch.txt:16:18"]


def worker(sets: list[str], count: bool, handover: int | None) -> None:
    """In a checkout's own process: one JSON line per set, its seconds or its fingerprint."""
    from solver import read

    try:
        from solver.search import sat
        from solver.search.engine import search
    except ImportError:  # a checkout from before solver/search/ (flat solver/sat.py, ...)
        from solver import engine, sat

        search = engine.search

    calls = 0
    if count:
        unassign = sat.unassign

        def counted(*args):
            nonlocal calls
            calls += 1
            return unassign(*args)

        sat.unassign = counted
    for spec in sets:
        name, start, stop = spec.split(":")
        lines = (PUZZLES / name).read_text().split("\n")[int(start):int(stop)]
        puzzles = [read(line.split()[0].split(":")[0]) for line in lines
                   if line.strip() and not line.startswith("#")]
        calls = 0
        digest = hashlib.sha256()
        began = time.process_time()
        for puzzle in puzzles:
            digest.update(repr(search(puzzle.geometry, puzzle.cells, 2,
                                      handover=handover)).encode())
        seconds = time.process_time() - began
        print(json.dumps({"set": spec, "seconds": seconds, "unassign_calls": calls,
                          "solutions": digest.hexdigest()[:12]}), flush=True)


def run(checkout: Path, sets: list[str], count: bool, handover: str) -> dict[str, dict]:
    """The worker's lines, by set, for the code in `checkout`."""
    args = [sys.executable, str(Path(__file__).resolve()), "--handover", handover,
            "--worker", *sets]
    env = os.environ | {"PYTHONPATH": str(checkout)}  # its `solver` package, not this one's
    done = subprocess.run(args + (["--count"] if count else []), cwd=checkout, check=True,
                          capture_output=True, text=True, env=env)
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    return {row["set"]: row for row in rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, help="a checkout to compare with (the 'old' side)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--set", dest="sets", nargs="+", default=DEFAULT_SETS,
                        help="FILE:START:STOP lines of a file in ../shared/puzzles")
    parser.add_argument("--handover", default="0",
                        help="nodes before clause learning takes over; auto: the engine's own")
    parser.add_argument("--worker", nargs="+", help=argparse.SUPPRESS)
    parser.add_argument("--count", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.worker:
        worker(options.worker, options.count,
               None if options.handover == "auto" else int(options.handover))
        return
    sides = {"new": ROOT} | ({"old": options.old.resolve()} if options.old else {})
    for side, checkout in sides.items():
        for spec, row in run(checkout, options.sets, True, options.handover).items():
            print(f"{side} {spec}: {row['unassign_calls']} backjumps+restarts, "
                  f"solutions {row['solutions']}")
    best: dict = {side: {} for side in sides}
    for round_ in range(options.rounds):
        for side in sorted(sides, reverse=round_ % 2 == 1):  # who goes first alternates
            for spec, row in run(sides[side], options.sets, False, options.handover).items():
                best[side][spec] = min(best[side].get(spec, float("inf")), row["seconds"])
    for spec in options.sets:
        new = best["new"][spec]
        line = f"{spec:32} new {new:7.3f} s"
        if options.old:
            old = best["old"][spec]
            line += f"  old {old:7.3f} s  new/old {new / old:.3f}"
        print(line)


if __name__ == "__main__":
    main()
