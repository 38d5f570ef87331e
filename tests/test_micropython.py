"""The search path (model, engine, analyse/solve) runs unchanged under the vendored
MicroPython, the page's first solver: a sample of every size is searched there through
Node, and every solution it prints is checked here from scratch (tests.checks); the counts
must match CPython's. Skipped where Node or the npm packages are missing."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from solver import analyse, count_solutions
from solver.model.geometry import BOX_SHAPES, geometry
from solver.model.puzzle import Puzzle, read
from solver.search.codegen import BUILT_HEADER, built_name, built_sources
from solver.search.cube import cube_of
from tests import checks
from tests.checks import EASY, NO_SOLUTION, full_grid, load_lines, puzzle_of, solution_problems

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "scripts" / "micropython.mjs"
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not MICROPYTHON.is_dir(),
    reason="needs Node.js and the npm packages (scripts/setup.sh installs both)",
)


def blanked(size: int, keep_every: int) -> str:
    """A full grid of `size` with all but every `keep_every`-th cell emptied, as text."""
    full = full_grid(size)
    cells = [d if i % keep_every == 0 else 0 for i, d in enumerate(full.cells)]
    return Puzzle(full.geometry, cells).to_string()


def sample() -> list[tuple[str, int]]:
    """(puzzle text, solution limit): every size, unique, several and no solutions, and
    hard 9x9 and 16x16 puzzles from the shared sets."""
    cases = [(blanked(n, 2), 3) for n in BOX_SHAPES]  # several solutions at most sizes
    # Not 25x25 here: its search for a second solution hands over to clause learning, which
    # under MicroPython outgrows the wasm memory (the page's MicroPython worker hands such
    # a search to Pyodide instead).
    cases += [(blanked(n, 1 + n // 8), 2) for n in BOX_SHAPES if n < 25]
    cases += [(EASY, 2), (NO_SOLUTION, 2), ("." * 16, 5)]
    cases += [(puzzle_of(line).to_string(), 2) for line in load_lines("top95.txt")[:6]]
    cases += [(puzzle_of(line).to_string(), 2) for line in load_lines("forum_hardest_1106.txt")[:2]]
    cases += [(puzzle_of(line).to_string(), 2) for line in load_lines("16x16_gecode.txt")[:2]]
    return cases


def test_engine_under_micropython(tmp_path):
    cases = sample()
    source = tmp_path / "input.txt"
    source.write_text("".join(f"{text} {limit}\n" for text, limit in cases))
    run = subprocess.run(
        ["node", str(RUNNER), str(ROOT / "tests" / "micropython_engine.py"), str(source)],
        capture_output=True, text=True, timeout=600, check=False,
    )
    assert run.returncode == 0, run.stderr
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(lines) == len(cases) + 1, run.stdout + run.stderr
    for (text, limit), got in zip(cases, lines, strict=False):
        givens = read(text)
        expected = analyse(givens).count  # CPython's answer to compare the count with
        assert got["size"] == givens.size
        assert got["count"] == expected, text
        assert len({tuple(s) for s in got["solutions"]}) == len(got["solutions"])
        assert min(expected, 1) <= len(got["solutions"]) <= limit, text
        for solution in got["solutions"]:
            assert solution_problems(givens, Puzzle(givens.geometry, solution)) == [], text
        if expected:
            assert solution_problems(givens, read(got["solved"])) == [], text
        else:
            assert got["solved"] is False
    assert list(lines[-1]) == ["timeout"]  # stopped, with the solutions found by then
    assert {read(text).size for text, _ in cases} == set(BOX_SHAPES)


TRACE_SCRIPT = """
import json
from solver.search.trace import ORDERS, trace
for text in json.loads(open("/input.txt").read()):
    for order in ORDERS:
        got = trace(text, order, 3000)
        print(json.dumps([got.outcome, got.guesses, got.backtracks, got.events, got.cells]))
"""


def test_search_trace_under_micropython(tmp_path):
    """The trace the page's Watch animates runs there too, event for event as in CPython."""
    from solver.search.trace import ORDERS, trace
    from tests.test_variants import PUZZLES
    from tests.ui.test_variants import killer

    texts = [EASY, NO_SOLUTION, load_lines("top95.txt")[0], blanked(16, 2),
             PUZZLES["jigsaw anti-king"], killer()]  # a variant's rules read there too
    (tmp_path / "trace.py").write_text(TRACE_SCRIPT)
    (tmp_path / "input.txt").write_text(json.dumps(texts))
    run = subprocess.run(
        ["node", str(RUNNER), str(tmp_path / "trace.py"), str(tmp_path / "input.txt")],
        capture_output=True, text=True, timeout=600, check=False,
    )
    assert run.returncode == 0, run.stderr
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    expected = [trace(text, order, 3000) for text in texts for order in ORDERS]
    assert len(lines) == len(expected)
    for got, want in zip(lines, expected, strict=True):
        assert got[:3] == [want.outcome, want.guesses, want.backtracks]
        assert [tuple(e) for e in got[3]] == want.events and got[4] == want.cells


def test_argument_checks_and_messages_match_cpython():
    """solver.model's checks (whole, plain_text, board_size, Puzzle's cells) and its bounded
    messages (errors.shown) run under MicroPython and say what CPython says."""
    script = ROOT / "tests" / "micropython_messages.py"
    micro = subprocess.run(["node", str(RUNNER), str(script)], capture_output=True, text=True,
                           timeout=300, check=False)
    assert micro.returncode == 0, micro.stderr
    cpython = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                             timeout=300, check=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT)})
    assert micro.stdout == cpython.stdout
    assert "PuzzleError" in micro.stdout


VARIANT_SCRIPT = """
import json
from solver import analyse, count_solutions, read
for text in json.loads(open("/input.txt").read()):
    puzzle = read(text)
    result = analyse(puzzle)
    print(json.dumps([puzzle.to_text(), result.count, list(result.solution.cells),
                      count_solutions(text, 3)]))
"""


def test_variants_under_micropython(tmp_path):
    """Variant rules (a jigsaw, an X, a Killer with no givens, one from an f-puzzles link)
    are read and searched there too, through the variant settle and its cage step: the
    counts CPython finds (test_variants and test_killer check those by brute force), and
    solutions the independent checkers accept."""
    from tests.checks import search_solutions
    from tests.killer import Killer, unique_killer
    from tests.test_fpuzzles import LINK, SMALL_PACKED
    from tests.test_killer import SMALL
    from tests.test_variants import PUZZLES, Checker

    nine = unique_killer(9, 7, solutions=search_solutions)[0]
    texts = [PUZZLES["jigsaw"], PUZZLES["x"], PUZZLES["jigsaw x"], SMALL, nine,
             LINK + SMALL_PACKED]
    (tmp_path / "variants.py").write_text(VARIANT_SCRIPT)
    (tmp_path / "input.txt").write_text(json.dumps(texts))
    run = subprocess.run(
        ["node", str(RUNNER), str(tmp_path / "variants.py"), str(tmp_path / "input.txt")],
        capture_output=True, text=True, timeout=600, check=False,
    )
    assert run.returncode == 0, run.stderr
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(lines) == len(texts)
    for text, (written, count, cells, counted) in zip(texts, lines, strict=True):
        checker = Killer(written) if "killer" in written else Checker(written)
        assert read(written) == read(text)  # the rules survived MicroPython's round trip
        assert count == counted == analyse(text).count == 1
        assert checker.problems(cells) == []


def hint_positions() -> list[list]:
    """[grid text, candidate masks, unique] of positions where each technique a hint tries
    on the MicroPython worker (those before the forcing chains) gives the hint: the first
    such position along each puzzle's path of those techniques, over classic puzzles from
    easy to hard and variants (a jigsaw, X, windoku, anti-knight and anti-king)."""
    from solver.logic import State, next_step
    from solver.logic.techniques import BEFORE_FORCING
    from tests.test_variants import PUZZLES

    rated = [line.split()[0] for line in load_lines("rated_se_sample.txt")[::40]
             if line[0] in "0123456789."]
    texts = [EASY] + rated + [puzzle_of(line).to_string() for line in load_lines("top95.txt")[:3]]
    seen, cases = set(), []
    for text in texts + list(PUZZLES.values()):
        puzzle = read(text)
        state = State.from_puzzle(puzzle)
        while (step := next_step(state, True, BEFORE_FORCING)) is not None:
            if step.technique not in seen:
                seen.add(step.technique)
                now = state.puzzle()
                cases.append([now.to_text() if now.geometry.rules else now.to_string(),
                              list(state.cands), True])
            state = state.apply(step)
    return cases


def test_hints_under_micropython_are_cpythons(tmp_path):
    """Issue 24: the logic room runs under MicroPython (the page's first worker answers Hint
    and Step): on a position for each technique before the forcing chains, next_step there
    gives the step CPython gives, placements, eliminations, sentence and all."""
    from solver.logic import State, next_step

    cases = hint_positions()
    (tmp_path / "input.txt").write_text(json.dumps(cases))
    run = subprocess.run(
        ["node", str(RUNNER), str(ROOT / "tests" / "micropython_hints.py"),
         str(tmp_path / "input.txt")],
        capture_output=True, text=True, timeout=1200, check=False,
    )
    assert run.returncode == 0, run.stderr
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(lines) == len(cases)
    names = set()
    for (text, masks, unique), (got, _) in zip(cases, lines, strict=True):
        puzzle = read(text)
        want = next_step(State(puzzle.geometry, puzzle.cells, masks), unique)
        assert want is not None and got == want.to_dict(), text
        names.add(want.technique)
    assert {"Hidden single", "Locked candidates (pointing)", "Naked triple", "X-Wing",
            "XY-Wing", "Alternating inference chain", "ALS-XZ", "Sue de Coq",
            "Unique rectangle (type 1)"} <= names


def test_a_forcing_chain_with_locked_candidates_under_micropython_is_cpythons(tmp_path):
    """The row after the forcing chains (solver/logic/locked_forcing.py) is MicroPython-safe
    like the rest of the logic room, which the first worker imports whole: where every row
    before it stalls on a minimal anti-knight puzzle, the whole table's hint there (every
    row before it tried and failed first: ~40 s on Node) is CPython's, field for field."""
    from solver.logic import State, next_step
    from tests.logic.test_locked_forcing import ROW, stalled_anti_knight

    state, _ = stalled_anti_knight()
    (tmp_path / "input.txt").write_text(json.dumps(
        [[state.puzzle().to_text(), list(state.cands), True]]))
    run = subprocess.run(
        ["node", str(RUNNER), str(ROOT / "tests" / "micropython_hints.py"),
         str(tmp_path / "input.txt")],
        capture_output=True, text=True, timeout=1200, check=False,
    )
    assert run.returncode == 0, run.stderr
    (got, _), = [json.loads(line) for line in run.stdout.splitlines()]
    want = next_step(State(state.geometry, state.values, list(state.cands)), True)
    assert want is not None and want.technique == ROW.name and got == want.to_dict()


def two_solution_puzzle() -> str:
    """EASY's solution with the four cells of a rectangle emptied whose digits swap (two
    rows of one band, two columns of different boxes): exactly two solutions."""
    grid = analyse(EASY).solution
    assert grid is not None
    rows = grid.rows()
    for r in range(9):
        for s in range(r + 1, r // 3 * 3 + 3):
            for c in range(9):
                for d in range(c // 3 * 3 + 3, 9):
                    if rows[r][c] == rows[s][d] and rows[r][d] == rows[s][c]:
                        cells = [digit for row in rows for digit in row]
                        for i in (r * 9 + c, r * 9 + d, s * 9 + c, s * 9 + d):
                            cells[i] = 0
                        return Puzzle(grid.geometry, cells).to_string()
    raise AssertionError("no such rectangle in EASY's solution")


def test_the_built_9x9_modules_answer_as_the_generated_functions(tmp_path):
    # The modules the site's build writes (codegen.built_sources: MicroPython's text), put
    # in the package mid-run: every answer the same as the generated functions' before.
    two = two_solution_puzzle()
    assert count_solutions(two, limit=5) == 2  # what the case is for
    invalid = "11" + "." * 79  # two 1s in a row: refused before any search
    puzzles = [EASY, NO_SOLUTION, two, invalid, blanked(9, 2)]
    puzzles += [puzzle_of(line).to_string() for line in load_lines("top95.txt")[:3]]
    source = tmp_path / "input.txt"
    source.write_text(json.dumps({"modules": built_sources(9), "puzzles": puzzles}))
    run = subprocess.run(
        ["node", str(RUNNER), str(ROOT / "tests" / "micropython_built.py"), str(source)],
        capture_output=True, text=True, timeout=600, check=False,
    )
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout)
    assert got["used"] == ["solver.search.built_choose_9", "solver.search.built_settle_9"]
    # the text the build writes is the one MicroPython generates (no bit_length there)
    assert {built_name(kind, 9): BUILT_HEADER + text for kind, text in
            got["sources"].items()} == built_sources(9)
    assert "HIGHEST(" in got["sources"]["settle"] and "COUNT(" in got["sources"]["choose"]
    # the tables MicroPython makes at run time for them (fast there: keep_of, made entry by
    # entry as the search first places each; cube.peer_bits) are as their definitions
    # spell them: every KEEP entry it made, and the whole table made there at the end
    g = geometry(9)
    c = cube_of(g)
    keep = [hex(k) for k in checks.spelled_out_keep(c, g)]
    assert got["tables"]["bit"] == [hex(1 << i) for i in range(9 * c.cells)]
    made = [i for i, kept in enumerate(got["tables"]["keep"]) if kept != "0x0"]
    assert 81 <= len(made) < len(keep)
    assert all(got["tables"]["keep"][i] == keep[i] for i in made)
    assert got["tables"]["keep_of"] == keep
    assert got["tables"]["peers"] == [hex(sum(1 << p for p in peers)) for peers in g.peers]
    assert got["tables"]["highest_in_byte"] == [len(bin(b)) - 2 if b else 0 for b in range(256)]
    assert got["built"] == got["generated"]
    assert "error" in got["built"][3]
    # and CPython's: the counts, two solutions where there are, and each one right
    assert [answer.get("count") for answer in got["built"]][:4] == [1, 0, 2, None]
    for text, answer in zip(puzzles, got["built"], strict=True):
        if "error" not in answer:
            assert answer["count"] == analyse(text).count, text
            assert answer["counted"] == count_solutions(text, limit=50), text
            for solution in (answer["solution"], answer["second"], answer["solved"]):
                if solution:
                    assert solution_problems(read(text), read(solution)) == [], text
