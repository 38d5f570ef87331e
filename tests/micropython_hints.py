"""Run by tests/test_micropython.py under the vendored MicroPython (through Node): the logic
room's hint (solver.logic.next_step) on each position of /input.txt, a JSON list of
[puzzle text, candidate masks, unique]; one line out per position: the step as
Step.to_dict() gives it (None when no technique applies) and the milliseconds it took."""

import json
import time

from solver.logic import State, next_step
from solver.model.puzzle import read


def now_ms() -> float:
    """Milliseconds on a clock that counts up (MicroPython has no perf_counter)."""
    return time.time_ns() / 1e6


for text, masks, unique in json.loads(open("/input.txt").read()):
    puzzle = read(text)
    state = State(puzzle.geometry, puzzle.cells, masks)
    started = now_ms()
    step = next_step(state, unique)
    spent = now_ms() - started
    print(json.dumps([None if step is None else step.to_dict(), round(spent)]))
