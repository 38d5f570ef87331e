"""A hint's time under the page's MicroPython (the first worker's, issue 24), through Node:
next_step from the givens of an easy and two hard 9x9s, and the "quick" hint (the rows
before the forcing chains, techniques.BEFORE_FORCING) where those stall on the hard ones,
the slowest a quick hint gets on them; CPython's time beside each.

    .venv/bin/python -m benchmarks.micropython_hints

Node runs tests/micropython_hints.py (which times next_step there) on the positions.
"""

import json
import subprocess
import tempfile
import time
from pathlib import Path

from solver.logic import TECHNIQUES, State, next_step
from solver.logic.techniques import BEFORE_FORCING
from solver.model.puzzle import read

ROOT = Path(__file__).resolve().parents[1]
PUZZLES = ROOT.parent / "shared" / "puzzles"
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def first_line(name: str) -> str:
    """The first puzzle of a shared set."""
    return next(line.split()[0] for line in (PUZZLES / name).read_text().splitlines()
                if line.strip() and not line.startswith("#"))


def stalled(state: State) -> State:
    """`state` with the rows before the forcing chains applied until none applies."""
    while (step := next_step(state, True, BEFORE_FORCING)) is not None:
        state = state.apply(step)
    return state


def main() -> None:
    """Print each position's hint, its MicroPython and its CPython time."""
    cases = [("easy, givens", State.from_puzzle(read(EASY)))]
    for name in ("top95.txt", "forum_hardest_1106.txt"):
        start = State.from_puzzle(read(first_line(name)))
        cases += [(name + ", givens", start), (name + ", stalled", stalled(start))]
    positions = [[s.puzzle().to_string(), list(s.cands), True, "stalled" in name]
                 for name, s in cases]
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "input.txt"
        source.write_text(json.dumps(positions))
        run = subprocess.run(["node", str(ROOT / "scripts" / "micropython.mjs"),
                              str(ROOT / "tests" / "micropython_hints.py"), str(source)],
                             capture_output=True, text=True, check=True)
    for (name, state), line in zip(cases, run.stdout.splitlines(), strict=True):
        step, micro_ms = json.loads(line)
        started = time.perf_counter()
        found = next_step(state, True, BEFORE_FORCING if "stalled" in name else TECHNIQUES)
        cpython_ms = (time.perf_counter() - started) * 1000
        told = step["technique"] if step else "none: goes on in Pyodide"
        assert (found.to_dict() if found else None) == step, name  # as CPython says
        print(f"{name:32} {told:34} MicroPython {micro_ms:6} ms   CPython {cpython_ms:7.1f} ms")


if __name__ == "__main__":
    main()
