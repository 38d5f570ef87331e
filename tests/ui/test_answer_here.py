"""A 9x9 Solve asked before either worker can answer it is worked out on the page's thread
(ui/requests.py's answer_here), the same reply a worker gives, within HERE_SECONDS."""

import protocol
from solver.model.puzzle import read
from tests.checks import EASY, easy_solution
from ui import requests

# Arto Inkala's "hardest" 9x9: the search branches, so a zero time limit stops it.
HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
BIG = "." * 256


def analyse_request(text: str, size: int = 9, **more) -> dict:
    return dict(protocol.puzzle_request(read(text, size)), **more)


def test_a_9x9_is_answered_here_as_a_worker_would():
    reply = requests.answer_here(analyse_request(EASY))
    assert reply["status"] == protocol.UNIQUE
    assert reply["solution"] == easy_solution().to_string()


def test_a_grid_above_9x9_is_left_to_the_workers():
    assert requests.answer_here(analyse_request(BIG, 16)) is None


def test_a_search_past_the_time_here_is_left_to_the_workers(monkeypatch):
    monkeypatch.setattr(requests, "HERE_SECONDS", 0.0)
    assert requests.answer_here(analyse_request(HARD)) is None


def test_a_callers_own_shorter_limit_is_its_answer():
    reply = requests.answer_here(analyse_request(HARD, timeout=0.0))
    assert reply["status"] == protocol.STOPPED


def test_invalid_input_is_answered_here_with_its_cells():
    reply = requests.answer_here({"puzzle": "55" + "." * 79, "size": 9})
    assert reply["status"] == protocol.INVALID and reply["cells"]
