"""The solver worker (Pyodide): a thin adapter from JSON text to `solver`'s public API.

The UI calls `call(command, request_json)` and gets JSON text back. A new command (hint,
step, explain, new puzzle...) is one function taking and returning a dict, listed in
COMMANDS. An invalid puzzle comes back as {"status": "invalid", "message", "cells"}.
"""

import json

import solver
from solver.generator import generate as generate_puzzle
from solver.logic import State, next_step, solve_path
from solver.model.candidates import candidates as candidate_masks
from solver.model.candidates import without
from solver.rating import rate as rate_puzzle


def ping(request: dict) -> dict:
    """Answer once the solver is imported: the UI's signal that solving works."""
    return {"status": "ready"}


def analyse(request: dict) -> dict:
    """Solve {"puzzle": text, "size": n}: status solved / multiple / none, and a solution."""
    puzzle = solver.parse(request["puzzle"], request.get("size"))
    result = solver.analyse(puzzle)
    status = {0: "none", 1: "solved"}.get(result.count, "multiple")
    solution = result.solution.to_string() if result.solution is not None else None
    return {"status": status, "count": result.count, "solution": solution}


def rating_dict(rating) -> dict:
    return {"level": rating.level, "score": rating.score, "hardest": rating.hardest}


def coach_state(request: dict):
    """(State of the grid less the eliminations already applied, solutions counted up to 2).

    Raises PuzzleError for a grid that breaks the rules.
    """
    puzzle = solver.parse(request["puzzle"], request.get("size"))
    masks = remaining(puzzle, request.get("eliminated", ()))
    return State(puzzle.geometry, puzzle.cells, masks), solver.count_solutions(puzzle)


def remaining(puzzle, eliminated) -> list:
    """Candidate bitmasks of the grid (bit d-1 = digit d, 0 if filled) less `eliminated`."""
    return without(candidate_masks(puzzle), eliminated)


def unsolvable(count: int, solved: bool):
    """The reply for a grid without exactly one way on, or None when a step can be sought."""
    if solved:
        return {"status": "solved", "message": "the grid is full"}
    if count == 0:
        return {"status": "none", "message": "the grid has no solution: a digit on it is wrong"}
    return None


def hint(request: dict) -> dict:
    """The next logical step for {"puzzle", "size", "eliminated": [[cell, digit], ...]}.

    status "step" with the step (Step.to_dict()), "stuck" when no technique applies, or
    "solved" / "none"; "unique" False when uniqueness techniques were left out.
    """
    state, count = coach_state(request)
    reply = unsolvable(count, state.is_solved())
    if reply is not None:
        return reply
    step = next_step(state, unique=count == 1)
    reply = {"unique": count == 1, "candidates": list(state.cands)}
    if step is None:
        reply.update(status="stuck", message="no technique this solver knows applies here")
    else:
        reply.update(status="step", step=step.to_dict())
    return reply


def candidates(request: dict) -> dict:
    """Candidate bitmasks per cell (bit d-1 = digit d; 0 if filled) for the grid less the
    eliminations applied so far."""
    puzzle = solver.parse(request["puzzle"], request.get("size"))
    return {"status": "ok", "candidates": remaining(puzzle, request.get("eliminated", ()))}


def rate(request: dict) -> dict:
    """The difficulty of {"puzzle", "size"}: level, score and hardest technique, when it has
    exactly one solution (status "rated"), else status "multiple" or "none"."""
    puzzle = solver.parse(request["puzzle"], request.get("size"))
    count = solver.count_solutions(puzzle)
    if count != 1:
        return {"status": "multiple" if count else "none"}
    return {"status": "rated", **rating_dict(rate_puzzle(puzzle))}


def explain(request: dict) -> dict:
    """Every step from the grid to its solution (Step.to_dict()s) and the rating."""
    puzzle = solver.parse(request["puzzle"], request.get("size"))
    count = solver.count_solutions(puzzle)
    reply = unsolvable(count, all(puzzle.cells))
    if reply is not None:
        return reply
    path = solve_path(puzzle, unique=count == 1)
    reply = {"status": "explained", "unique": count == 1,
             "steps": [step.to_dict() for step in path.steps]}
    if count == 1:
        reply["rating"] = rating_dict(rate_puzzle(puzzle, path))
    return reply


def generate(request: dict) -> dict:
    """A new puzzle with one solution: {"size", "difficulty" (a level), "symmetric"}."""
    made = generate_puzzle(
        int(request.get("size", 9)), request.get("difficulty"), bool(request.get("symmetric"))
    )
    reply = {"status": "generated", "puzzle": made.puzzle.to_string("0"),
             "matched": made.matched, "attempts": made.attempts}
    if made.rating is not None:
        reply["rating"] = rating_dict(made.rating)
    return reply


COMMANDS = {
    "ping": ping, "analyse": analyse, "hint": hint, "candidates": candidates, "rate": rate,
    "explain": explain, "generate": generate,
}


def call(command: str, request_json: str) -> str:
    """Run one command on a JSON request; the reply is JSON text."""
    try:
        reply = COMMANDS[command](json.loads(request_json))
    except solver.PuzzleError as error:
        reply = {"status": "invalid", "message": error.message, "cells": list(error.cells)}
    return json.dumps(reply)


__export__ = ["call"]
