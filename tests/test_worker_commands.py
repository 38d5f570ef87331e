"""The worker's commands (static/worker.py) under CPython: JSON in, JSON out, each reply
checked against the solver's own API and against the protocol the UI shares with it
(static/protocol.py); the page's tests cover the same through the browser."""

import ast
import json
import sys
from pathlib import Path

import pytest

from solver import count_solutions, suggest_repairs
from solver.logic import TECHNIQUES, State, candidates, next_step, solve_path
from solver.logic.techniques import BEFORE_FORCING, BEFORE_HARD, SEARCH
from solver.model.puzzle import read
from solver.photo import read_photo
from solver.rating import rate
from tests.checks import EASY, NO_SOLUTION, load_lines

STATIC = Path(__file__).resolve().parents[1] / "static"
sys.path.insert(0, str(STATIC))
import worker  # noqa: E402 - the worker module lives under static/

sys.path.insert(0, str(STATIC.parent / "scripts"))
from render_grid import render_photo  # noqa: E402 - the synthetic photos of scripts/

import protocol  # noqa: E402 - and the protocol under static/

CONFLICT = "55" + "." * 79


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


def stalled(puzzle, rows=BEFORE_FORCING) -> dict:
    """The hint request of the position where the techniques `rows` (default: those before
    the forcing chains) stall on `puzzle` (its steps applied: their digits as givens, their
    removals sent)."""
    state = State.from_puzzle(puzzle)
    while (step := next_step(state, True, rows)) is not None:
        state = state.apply(step)
    now = state.puzzle()
    start = candidates(now)
    eliminated = [(c, d) for c, mask in enumerate(start) for d in range(1, now.size + 1)
                  if mask >> (d - 1) & 1 and not state.cands[c] >> (d - 1) & 1]
    return protocol.puzzle_request(now, eliminated)


def test_a_quick_hint_stops_where_only_forcing_chains_are_left():
    """Issue 24: the MicroPython worker asks for a "quick" hint (the techniques before the
    forcing chains, which take it tens of seconds): the same step where one of those
    applies; STOPPED where only a forcing chain would, which Pyodide then gives."""
    easy = protocol.puzzle_request(read(EASY))
    assert call(protocol.HINT, rows=protocol.QUICK_ROWS, **easy) == call(protocol.HINT, **easy)
    request = stalled(read(load_lines("forum_hardest_1106.txt")[0]))
    assert call(protocol.HINT, rows=protocol.QUICK_ROWS, **request)["status"] == protocol.STOPPED
    full = call(protocol.HINT, **request)
    assert full["status"] == protocol.STEP
    assert full["step"]["technique"] not in {t.name for t in BEFORE_FORCING}


def test_a_hint_here_tries_the_easy_and_medium_techniques_only():
    """Issue 24: a 9x9 hint asked on the page's thread before either worker is ready ("here")
    gives the same step as the whole table where an Easy or Medium technique applies, and
    STOPPED where a harder one would (a worker then goes on)."""
    easy = protocol.puzzle_request(read(EASY))
    assert call(protocol.HINT, rows=protocol.HERE_ROWS, **easy) == call(protocol.HINT, **easy)
    request = stalled(read(load_lines("forum_hardest_1106.txt")[0]), BEFORE_HARD)
    assert call(protocol.HINT, rows=protocol.HERE_ROWS, **request)["status"] == protocol.STOPPED
    full = call(protocol.HINT, **request)
    assert full["status"] == protocol.STEP
    assert full["step"]["technique"] not in {t.name for t in BEFORE_HARD}


def test_the_rows_a_hint_tries_here_are_the_easy_and_medium_prefix_of_the_table():
    assert BEFORE_HARD == TECHNIQUES[:len(BEFORE_HARD)]
    assert {t.level for t in BEFORE_HARD} == {"Easy", "Medium"}
    assert TECHNIQUES[len(BEFORE_HARD)].level not in ("Easy", "Medium")
    assert not any(t.level in ("Easy", "Medium") for t in TECHNIQUES[len(BEFORE_HARD):])


def test_grids_without_one_way_on_get_a_status_not_a_step():
    conflict = call(protocol.HINT, puzzle=CONFLICT)
    assert conflict["status"] == protocol.INVALID and conflict["cells"] == [0, 1]
    assert call(protocol.HINT, puzzle=NO_SOLUTION)["status"] == protocol.NONE
    empty = call(protocol.HINT, puzzle="." * 81)
    assert empty["status"] == protocol.STUCK and not empty["unique"]
    solved = call(protocol.ANALYSE, puzzle=EASY)
    assert solved["status"] == protocol.UNIQUE and solved["count"] == 1
    # a full grid is not "unique" (one solution) but "full" (nothing left to do)
    assert call(protocol.HINT, puzzle=solved["solution"])["status"] == protocol.FULL
    assert call(protocol.EXPLAIN, puzzle=solved["solution"])["status"] == protocol.FULL
    assert call(protocol.RATE, puzzle="." * 81)["status"] == protocol.MULTIPLE


def test_every_command_and_status_the_worker_uses_is_declared_in_the_protocol():
    assert set(worker.COMMANDS) == set(protocol.COMMANDS)
    solved = call(protocol.ANALYSE, puzzle=EASY)["solution"]
    puzzles = {  # every kind of grid each puzzle command can be asked about
        protocol.ANALYSE: (EASY, "." * 81, NO_SOLUTION, CONFLICT),
        protocol.HINT: (EASY, "." * 81, solved, NO_SOLUTION, CONFLICT),
        protocol.CANDIDATES: (EASY, CONFLICT),
        protocol.RATE: (EASY, "." * 81, NO_SOLUTION, CONFLICT),
        protocol.EXPLAIN: (EASY, solved, NO_SOLUTION, CONFLICT),
    }
    requests = {command: [protocol.puzzle_request(read(text), [(2, 1)]) for text in texts]
                for command, texts in puzzles.items()}
    hardest = read(load_lines("forum_hardest_1106.txt")[0])
    requests[protocol.ANALYSE].append(dict(protocol.puzzle_request(hardest), timeout=0))
    requests[protocol.HINT].append(dict(stalled(hardest), rows=protocol.QUICK_ROWS))
    requests[protocol.WATCH] = [protocol.watch_request(read(text), order) for text, order in (
        (EASY, "fewest"), (NO_SOLUTION, "fewest"), (hardest.to_string(), "first"),
        (CONFLICT, "first"))]
    requests[protocol.PING] = [{}]
    requests[protocol.GENERATE] = [protocol.generate_request(4, "Easy", False)]
    gray, width, height, _ = render_photo(list(read(EASY).cells), seed=5)
    requests[protocol.SCAN] = [protocol.scan_request(gray, width, height),
                               protocol.scan_request(bytes([255]) * 200 * 150, 200, 150)]
    for command, asked in requests.items():
        seen = {call(command, **request)["status"] for request in asked}
        assert seen == set(protocol.statuses(command)) - {protocol.FAILED}, command
    # and no reply is made outside the protocol: no "status" written into worker.py itself
    tree = ast.parse((STATIC / "worker.py").read_text())
    texts = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)}
    assert "status" not in texts


def test_requests_built_by_the_protocol_are_what_the_worker_reads():
    puzzle = read(EASY)
    eliminated = [(2, 1), (3, 2)]
    request = json.loads(json.dumps(protocol.puzzle_request(puzzle, eliminated)))
    reply = json.loads(worker.call(protocol.CANDIDATES, json.dumps(request)))
    expected = candidates(puzzle)
    expected[2] &= ~1
    expected[3] &= ~2
    assert reply == {"status": protocol.OK, "candidates": expected}
    assert protocol.puzzle_request(read("1" + "." * 15)) == {"puzzle": "1" + "0" * 15, "size": 4}


def test_rate_explain_and_generate_agree_with_the_api():
    text = load_lines("top95.txt")[0]
    rating = rate(read(text))
    reply = call("rate", puzzle=text)
    assert (reply["level"], reply["score"], reply["hardest"], reply["se"],
            reply["se_hardest"]) == (rating.level, rating.score, rating.hardest, rating.se,
                                     rating.se_hardest)
    explained = call("explain", puzzle=text)
    assert len(explained["steps"]) == rating.steps and explained["rating"] == {
        "level": rating.level, "score": rating.score, "hardest": rating.hardest,
        "se": rating.se, "se_hardest": rating.se_hardest, "bound": False}
    made = call("generate", size=6, difficulty="Easy", symmetric=True)
    puzzle = read(made["puzzle"], 6)
    assert count_solutions(puzzle) == 1 and made["rating"]["level"] == rate(puzzle).level
    cells = puzzle.cells
    assert all(bool(cells[i]) == bool(cells[len(cells) - 1 - i]) for i in range(len(cells)))
    assert candidates(puzzle) == call("candidates", puzzle=made["puzzle"])["candidates"]


def test_explain_reuses_the_badges_rating_and_the_memory_is_bounded(monkeypatch):
    import solver.rating

    rated = []
    real = solver.rating.rate
    monkeypatch.setattr(solver.rating, "rate",
                        lambda *a, **k: rated.append(a[0]) or real(*a, **k))
    monkeypatch.setattr(worker, "RATED", {})
    text = load_lines("top95.txt")[1]
    early = call("explain", puzzle=text)  # before the badge: level and score, no estimate
    badge = call("rate", puzzle=text)
    explained = call("explain", puzzle=text)
    assert explained["rating"] == {k: v for k, v in badge.items() if k != "status"}
    assert early["rating"] == {**explained["rating"], "se": 0.0, "se_hardest": ""}
    assert len(rated) == 2 and worker.RATED[read(text).to_text()] == explained["rating"]
    for line in load_lines("17clue_5000.txt")[:worker.RATED_KEEP]:
        call("rate", puzzle=line)
    assert len(worker.RATED) == worker.RATED_KEEP and read(text).to_text() not in worker.RATED
    call("rate", puzzle=text)  # forgotten: rated again
    assert len(rated) == 3 + worker.RATED_KEEP


def test_the_badge_follows_a_path_for_its_time_at_most(monkeypatch):
    # a hard variant's path below the nested row costs up to ~26 s of CPython, the worker
    # deaf to Hint meanwhile: the badge stops at BADGE_SECONDS and says floors (here a
    # nanosecond: the first step alone)
    from tests.test_variants import PUZZLES

    monkeypatch.setattr(worker, "RATED", {})
    monkeypatch.setattr(worker, "BADGE_SECONDS", 1e-9)
    text = PUZZLES["x"]
    badge = call("rate", puzzle=text)
    floor = rate(read(text), nested=False, seconds=1e-9)
    assert badge["bound"] and badge["level"] == floor.level and badge["se"] == 0.0
    assert badge["hardest"] == floor.hardest and badge["score"] == floor.score


def test_generate_makes_a_variant_sent_as_its_text_and_rated_apart_from_its_digits(
        monkeypatch):
    monkeypatch.setattr(worker, "RATED", {})
    answer = call("generate", size=9, difficulty="Medium", symmetric=True, seed=3,
                  rules=["killer"])
    puzzle = read(answer["puzzle"])
    assert puzzle.geometry.rule_names() == ("killer",) and answer["matched"]
    assert answer["rating"]["level"] == "Medium"
    assert list(worker.RATED) == [puzzle.to_text()]  # not its digits: a classic grid's key
    classic = call("generate", size=9, difficulty="Easy", symmetric=True, seed=3)
    assert read(classic["puzzle"]).geometry.rules is None and "\n" not in classic["puzzle"]


@pytest.mark.parametrize("rules", [["killer"], ["jigsaw", "x"], ["anti-knight"]])
def test_a_pasted_variant_is_rated_as_the_same_one_generated(monkeypatch, rules):
    # the page's badge sends a pasted variant's text; it gets the rating New game gave
    made = call("generate", size=9, difficulty="Easy", symmetric=True, seed=5, rules=rules)
    monkeypatch.setattr(worker, "RATED", {})  # not the generator's rating kept: rated anew
    pasted = call("rate", puzzle=read(made["puzzle"]).to_text())
    assert pasted["status"] == protocol.RATED and len(worker.RATED) == 1
    assert {k: v for k, v in pasted.items() if k != "status"} == made["rating"]


def test_the_badge_never_runs_the_nested_row_and_explain_redoes_a_bound(monkeypatch):
    # A forum_hardest puzzle needs nested forcing chains: 7-11 s of CPython to rate with
    # them, the worker deaf to Hint meanwhile. The badge makes not one nested branch (the
    # nested row's unit of work) and says floors; Explain, which follows the path through
    # them, does not pass those floors off as its rating.
    from tests.test_rating import HARDEST, counting_nested_branches

    made = counting_nested_branches(monkeypatch)
    monkeypatch.setattr(worker, "RATED", {})
    badge = call("rate", puzzle=HARDEST[0])
    assert made == [] and badge["bound"] and badge["level"] == "Extreme"
    assert badge["hardest"] == "Nested forcing chain" and badge["se"] == 9.5
    text = load_lines("top95.txt")[0]
    exact = call("explain", puzzle=text)["rating"]
    worker.RATED[read(text).to_text()] = {**exact, "score": 1, "bound": True}
    assert call("explain", puzzle=text)["rating"] == exact


def test_generate_passes_logical_only_through():
    # Unrated puzzles come back without a rating; asking for logical_only rates the puzzle
    # and keeps only one solved without trial and error, as generator.generate does.
    made = call(protocol.GENERATE, **protocol.generate_request(9, None, False, logical_only=True))
    puzzle = read(made["puzzle"])
    assert made["matched"] and made["rating"]["hardest"] != SEARCH
    assert count_solutions(puzzle) == 1 and solve_path(puzzle).logical
    assert "rating" not in call(protocol.GENERATE, **protocol.generate_request(9, None, False))


def test_a_seeded_generate_is_the_same_puzzle_every_time():
    # The daily puzzle (static/ui/daily.py): the date's seed gives everyone one puzzle.
    from solver.generator import generate

    request = protocol.generate_request(9, "Easy", True, seed=20261126)
    first, again = call(protocol.GENERATE, **request), call(protocol.GENERATE, **request)
    made = generate(9, "Easy", True, 20261126).puzzle.to_string("0")
    assert first["puzzle"] == again["puzzle"] == made
    other = call(protocol.GENERATE, **protocol.generate_request(9, "Easy", True, seed=20261127))
    assert other["puzzle"] != first["puzzle"]


def test_scan_reads_a_photo_as_read_photo_does_and_names_a_missing_grid():
    # A photo the reader finds the grid in (which seed draws which font depends on the
    # font list, scripts/render_grid.py FONT_PACKAGES; seed 1 reads whole with today's).
    gray, width, height, _ = render_photo(list(read(EASY).cells), seed=1)
    reply = call(protocol.SCAN, **protocol.scan_request(gray, width, height))
    reading = read_photo(gray, width, height)
    assert reply["status"] == protocol.READ
    assert reply["puzzle"] == reading.puzzle.to_string("0")
    assert reply["confidence"] == [round(c, 3) for c in reading.confidence]
    assert reply["repairs"] == [fixed.to_string("0") for fixed in
                                suggest_repairs(reading.puzzle, reading.alternatives)]
    blank = call(protocol.SCAN, **protocol.scan_request(bytes(300 * 200), 300, 200))
    assert blank["status"] == protocol.INVALID and "closer" in blank["message"]


def test_watch_sends_the_trace_of_the_library_as_cell_digit_pairs():
    from solver.search.trace import FEWEST, FIRST_EMPTY, ORDERS, trace

    for order in ORDERS:
        reply = call(protocol.WATCH, **protocol.watch_request(read(EASY), order))
        traced = trace(EASY, order)
        assert (reply["guesses"], reply["backtracks"]) == (traced.guesses, traced.backtracks)
        events = reply["events"]
        assert len(events) == 2 * (len(traced.events) - 1)
        # replayed on the grid as the page does, the pairs leave the trace's grid
        cells = list(read(EASY).cells)
        for cell, digit in zip(events[::2], events[1::2], strict=True):
            if digit != protocol.DEAD_END:
                cells[cell] = digit
        assert cells == traced.cells
        assert sum(1 for d in events[1::2] if d == protocol.DEAD_END) == reply["backtracks"]
    assert call(protocol.WATCH, **protocol.watch_request(read(EASY), FEWEST))["status"] == \
        protocol.SOLVED
    hard = read(load_lines("top95.txt")[0])  # millions of guesses in reading order
    capped = call(protocol.WATCH, **protocol.watch_request(hard, FIRST_EMPTY))
    assert capped["status"] == protocol.STOPPED and len(capped["events"]) == 2 * capped["cap"]
    odd = call(protocol.WATCH, **protocol.watch_request(read(EASY), "sideways"))
    assert odd["status"] == protocol.INVALID and "order" in odd["message"]
