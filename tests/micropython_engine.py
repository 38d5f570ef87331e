"""Run by tests/test_micropython.py under the vendored MicroPython (through Node), not by
pytest: searches every puzzle of /input.txt with the engine and the public API, and prints
one JSON line per puzzle for the CPython side to check from scratch.

Input lines: `<puzzle text> <limit>`. Output: {"size", "solutions" (up to limit, digit
lists), "count" (analyse), "solved" (solve's text, or False)}, or {"error": message}."""

import json

from solver import SearchTimeout, analyse, count_solutions, read, solve
from solver.search.engine import search

for line in open("/input.txt"):
    text, limit = line.split()
    puzzle = read(text)
    found = search(puzzle.geometry, puzzle.cells, int(limit))
    result = analyse(puzzle)
    print(json.dumps({
        "size": puzzle.size,
        "solutions": [list(s) for s in found],
        "count": result.count,
        "solved": solve(text),
    }))

# A deadline already passed stops the search with SearchTimeout (the worker's Cancel
# relies on the page, but the library's timeout= must work here too).
try:
    count_solutions("." * 81, limit=10**6, timeout=0)
    print(json.dumps({"error": "no SearchTimeout"}))
except SearchTimeout as stopped:
    print(json.dumps({"timeout": len(stopped.solutions)}))
