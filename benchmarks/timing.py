"""What the benchmarks share, CPython and Pyodide alike: the puzzle sets, timing our solver
on them, and the summary and table. Standard library and solver/ only (Pyodide loads it)."""

import time

# (label, file under ../shared/puzzles, size); every set is used whole for our solver.
SETS = (
    ("top1465", "top1465.txt", 9),
    ("forum_hardest_1106", "forum_hardest_1106.txt", 9),
    ("17clue_5000", "17clue_5000.txt", 9),
    ("16x16_gecode", "16x16_gecode.txt", 16),
    ("25x25_frisch", "25x25_gecode_frisch.txt", 25),
)

# Norvig's constraint-propagation solver, puzzles/s on this kind of machine (CPython 3.11,
# whole set), from ../shared/README.md: quoted for the ratio, not measured in our run.
NORVIG_REFERENCE = {"top1465": 148.0, "forum_hardest_1106": 28.0}


def puzzles_of(text: str) -> list[str]:
    """The puzzle strings of a shared file's text: first word of each line, no comments."""
    lines = (line.strip() for line in text.splitlines())
    return [line.split()[0] for line in lines if line and not line.startswith("#")]


def solve_ours(text: str, limit: int) -> tuple:
    """Read a puzzle string and search it; the solutions (digits row by row)."""
    from solver.model.puzzle import read
    from solver.search.engine import search

    puzzle = read(text)
    return tuple(search(puzzle.geometry, puzzle.cells, limit))


def time_each(solve, puzzles: list, clock=time.perf_counter) -> tuple[list[float], list]:
    """Seconds taken by `solve` on each puzzle in turn, and what it returned."""
    seconds, results = [], []
    for puzzle in puzzles:
        start = clock()
        result = solve(puzzle)
        seconds.append(clock() - start)
        results.append(result)
    return seconds, results


def interpreter_baseline(rounds: int = 3, steps: int = 200_000) -> float:
    """Seconds per step of a loop of small-int operations (no big ints, no solver), best of
    `rounds`: how fast a runtime runs plain bytecode, to set the solver's ratio against."""
    best = float("inf")
    for _ in range(rounds):
        a, b = 12345, 678
        start = time.perf_counter()
        for i in range(steps):
            a = (a ^ b) & 0xFFFFF
            b = (b + i) | 3
        best = min(best, time.perf_counter() - start)
    return best / steps


def summary(seconds: list[float]) -> dict:
    """Puzzles, puzzles/s over the summed time, median and worst single puzzle in ms."""
    ordered = sorted(seconds)
    count = len(ordered)
    if not count:
        return {"puzzles": 0, "per_second": 0.0, "median_ms": 0.0, "worst_ms": 0.0}
    middle = count // 2
    median = ordered[middle] if count % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    total = sum(ordered)
    return {
        "puzzles": count,
        "per_second": count / total if total else float("inf"),
        "median_ms": median * 1000,
        "worst_ms": ordered[-1] * 1000,
    }


def table(rows: list[list[str]], header: list[str]) -> str:
    """A plain-text table with aligned columns (markdown-compatible)."""
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]

    def line(cells):
        return "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"

    rule = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    return "\n".join([line(header), rule] + [line(r) for r in rows])
