"""A 9x9 Solve or Hint asked before either worker can answer it is worked out on the page's
thread (ui/requests.py's answer_here), the same reply a worker gives: a Solve within
HERE_SECONDS, a hint with the Easy and Medium techniques on a classic grid."""

import json

import protocol
import worker
from solver import Rules
from solver.logic.techniques import BEFORE_HARD
from solver.model.puzzle import read
from tests.checks import EASY, easy_solution, load_lines
from tests.test_worker_commands import stalled
from ui import requests

# Arto Inkala's "hardest" 9x9: the search branches, so a zero time limit stops it.
HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
BIG = "." * 256


def analyse_request(text: str, size: int = 9, **more) -> dict:
    return dict(protocol.puzzle_request(read(text, size)), **more)


def test_a_9x9_is_answered_here_as_a_worker_would():
    reply = requests.answer_here(protocol.ANALYSE, analyse_request(EASY))
    assert reply["status"] == protocol.UNIQUE
    assert reply["solution"] == easy_solution().to_string()


def test_a_grid_above_9x9_is_left_to_the_workers():
    assert requests.answer_here(protocol.ANALYSE, analyse_request(BIG, 16)) is None


def test_a_search_past_the_time_here_is_left_to_the_workers(monkeypatch):
    monkeypatch.setattr(requests, "HERE_SECONDS", 0.0)
    assert requests.answer_here(protocol.ANALYSE, analyse_request(HARD)) is None


def test_a_callers_own_shorter_limit_is_its_answer():
    reply = requests.answer_here(protocol.ANALYSE, analyse_request(HARD, timeout=0.0))
    assert reply["status"] == protocol.STOPPED


def test_invalid_input_is_answered_here_with_its_cells():
    reply = requests.answer_here(protocol.ANALYSE, {"puzzle": "55" + "." * 79, "size": 9})
    assert reply["status"] == protocol.INVALID and reply["cells"]


def hint_request(puzzle) -> dict:
    return protocol.puzzle_request(puzzle, [])


def test_a_9x9_hint_is_answered_here_as_a_worker_would():
    request = hint_request(read(EASY))
    reply = requests.answer_here(protocol.HINT, request)
    assert reply["status"] == protocol.STEP
    assert reply == json.loads(worker.call(protocol.HINT, json.dumps(request)))


def test_a_hint_past_the_easy_and_medium_techniques_is_left_to_the_workers():
    """forum_hardest_1106's first puzzle once the Easy and Medium techniques are spent: the
    page's thread stops there (a worker goes on with the harder rows)."""
    request = stalled(read(load_lines("forum_hardest_1106.txt")[0]), BEFORE_HARD)
    assert json.loads(worker.call(protocol.HINT, json.dumps(request)))["status"] == protocol.STEP
    assert requests.answer_here(protocol.HINT, request) is None


def test_hints_of_big_or_variant_grids_are_left_to_the_workers():
    assert requests.answer_here(protocol.HINT, hint_request(read(BIG, 16))) is None
    x = read(EASY, rules=Rules(9, x=True))
    assert not protocol.classic_request(hint_request(x))
    assert requests.answer_here(protocol.HINT, hint_request(x)) is None
    assert protocol.classic_request(hint_request(read(EASY)))
    assert not requests.for_here(protocol.RATE, analyse_request(EASY))
