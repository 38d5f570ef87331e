"""Run by tests/test_micropython.py and benchmarks/micropython_hints.py under the vendored
MicroPython (through Node): the logic room's hint (solver.logic.next_step) on each position
of /input.txt, a JSON list of [puzzle text, candidate masks, unique] or [..., quick]
(quick: the rows before the forcing chains only, as the page's MicroPython worker asks);
one line out per position: the step as Step.to_dict() gives it (None when no technique
applies) and the milliseconds it took."""

import json
import time

from solver.logic import TECHNIQUES, State, next_step
from solver.logic.techniques import BEFORE_FORCING
from solver.model.puzzle import read


def now_ms() -> float:
    """Milliseconds on a clock that counts up (MicroPython has no perf_counter)."""
    return time.time_ns() / 1e6


for text, masks, unique, *quick in json.loads(open("/input.txt").read()):
    puzzle = read(text)
    state = State(puzzle.geometry, puzzle.cells, masks)
    started = now_ms()
    step = next_step(state, unique, BEFORE_FORCING if quick and quick[0] else TECHNIQUES)
    spent = now_ms() - started
    print(json.dumps([None if step is None else step.to_dict(), round(spent)]))
