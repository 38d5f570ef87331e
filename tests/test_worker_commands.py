"""The worker's coach commands (static/worker.py) under CPython: JSON in, JSON out, each reply
checked against the solver's own API; the page's tests cover the same through the browser."""

import json
import sys
from pathlib import Path

from solver import count_solutions
from solver.logic import State, candidates, next_step
from solver.model.puzzle import read
from solver.rating import rate
from tests.checks import EASY, NO_SOLUTION, load_lines

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "static"))
import worker  # noqa: E402 - the worker module lives under static/


def call(command: str, **request) -> dict:
    return json.loads(worker.call(command, json.dumps(request)))


def test_hint_starts_from_the_eliminations_already_made():
    text = next(line for line in load_lines("top95.txt")
                if not next_step(read(line)).placements)
    puzzle = read(text)
    first = next_step(puzzle)
    reply = call("hint", puzzle=text, size=9, eliminated=[])
    assert reply["status"] == "step" and reply["unique"]
    assert reply["step"] == json.loads(json.dumps(first.to_dict()))
    done = [list(e) for e in first.eliminations]
    again = call("hint", puzzle=text, size=9, eliminated=done)
    after = State.from_puzzle(puzzle).apply(first)
    assert again["step"]["technique"] == next_step(after).technique
    assert again["candidates"] == list(after.cands)
    assert call("candidates", puzzle=text, eliminated=done)["candidates"] == list(after.cands)


def test_grids_without_one_way_on_get_a_status_not_a_step():
    conflict = call("hint", puzzle="55" + "." * 79)
    assert conflict["status"] == "invalid" and conflict["cells"] == [0, 1]
    assert call("hint", puzzle=NO_SOLUTION)["status"] == "none"
    empty = call("hint", puzzle="." * 81)
    assert empty["status"] == "stuck" and not empty["unique"]
    solved = call("analyse", puzzle=EASY)["solution"]
    assert call("hint", puzzle=solved)["status"] == "solved"
    assert call("rate", puzzle="." * 81)["status"] == "multiple"


def test_rate_explain_and_generate_agree_with_the_api():
    text = load_lines("top95.txt")[0]
    rating = rate(read(text))
    reply = call("rate", puzzle=text)
    assert (reply["level"], reply["score"], reply["hardest"]) == (
        rating.level, rating.score, rating.hardest)
    explained = call("explain", puzzle=text)
    assert len(explained["steps"]) == rating.steps and explained["rating"] == {
        "level": rating.level, "score": rating.score, "hardest": rating.hardest}
    made = call("generate", size=6, difficulty="Easy", symmetric=True)
    puzzle = read(made["puzzle"], 6)
    assert count_solutions(puzzle) == 1 and made["rating"]["level"] == rate(puzzle).level
    cells = puzzle.cells
    assert all(bool(cells[i]) == bool(cells[len(cells) - 1 - i]) for i in range(len(cells)))
    assert candidates(puzzle) == call("candidates", puzzle=made["puzzle"])["candidates"]
