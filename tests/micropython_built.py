"""Run by tests/test_micropython.py under the vendored MicroPython (through Node), not by
pytest: answers every puzzle of /input.txt's "puzzles" with the generated 9x9 search
functions, then again with the built modules ("modules": name -> text, as the site's build
writes them) in the package, and prints one JSON line: {"generated", "built" (a list of
answers each), "used" (the built modules imported), "sources" (kind -> the 9x9 source
MicroPython generates itself), "tables" (what the built settle reads, made here, as hex: its
BIT, its KEEP as the searches left it (0 where never placed), every entry its KEEP_OF makes,
the cube's peers; and bits.HIGHEST_IN_BYTE)}."""

import json
import sys

from solver import PuzzleError, analyse, count_solutions, solve
from solver.model.geometry import geometry
from solver.search import engine
from solver.search.bits import HIGHEST_IN_BYTE
from solver.search.branching import choose_source
from solver.search.cube import cube_of
from solver.search.propagate import settle_source

data = json.load(open("/input.txt"))


def answers() -> list:
    """{count, solution, second, counted, solved} per puzzle, or {error} for an invalid one."""
    found = []
    for text in data["puzzles"]:
        try:
            result = analyse(text)
        except PuzzleError as error:
            found.append({"error": str(error)})
            continue
        found.append({
            "count": result.count,
            "solution": result.solution and result.solution.to_string(),
            "second": result.second and result.second.to_string(),
            "counted": count_solutions(text, limit=50),
            "solved": solve(text),
        })
    return found


generated = answers()
for name, text in data["modules"].items():
    with open("/lib/solver/search/" + name + ".py", "w") as module:
        module.write(text)
engine._PREPARED.clear()  # built again at the next search, now from the modules
built = answers()
used = sorted(name for name in sys.modules if name.startswith("solver.search.built_"))
c = cube_of(geometry(9))
sources = {"settle": settle_source(c), "choose": choose_source(c)}
settle = sys.modules["solver.search.built_settle_9"]
tables = {"bit": [hex(b) for b in settle.BIT], "keep": [hex(k) for k in settle.KEEP],
          "keep_of": [hex(settle.KEEP_OF(i)) for i in range(len(settle.KEEP))],
          "peers": [hex(p) for p in c.peers], "highest_in_byte": list(HIGHEST_IN_BYTE)}
print(json.dumps({"generated": generated, "built": built, "used": used, "sources": sources,
                  "tables": tables}))
