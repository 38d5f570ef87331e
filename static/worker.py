"""The solver worker (Pyodide): a thin adapter from JSON text to `solver`'s public API.

The UI calls `call(command, request_json)` and gets JSON text back. A new command (hint,
step, explain, new puzzle...) is one function taking and returning a dict, listed in
COMMANDS. An invalid puzzle comes back as {"status": "invalid", "message", "cells"}.
"""

import json

import solver


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


COMMANDS = {"ping": ping, "analyse": analyse}


def call(command: str, request_json: str) -> str:
    """Run one command on a JSON request; the reply is JSON text."""
    try:
        reply = COMMANDS[command](json.loads(request_json))
    except solver.PuzzleError as error:
        reply = {"status": "invalid", "message": error.message, "cells": list(error.cells)}
    return json.dumps(reply)


__export__ = ["call"]
