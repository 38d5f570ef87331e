"""Run the benchmark sets through Pyodide in headless Chromium and under CPython, same run.

    .venv/bin/python benchmarks/browser_bench.py [--sets top1465 ...] [--count N]

Serves the repository on a free localhost port, opens it in Debian's Chromium (Playwright),
loads the vendored Pyodide (static/vendor/, built by scripts/build_vendor.py), writes the
solver package and benchmarks/timing.py into its file system and times our solver on each
set there: first solution, wall-clock per puzzle, after solving the first 20 untimed (and,
once, 150 hard puzzles so V8 has optimised the WebAssembly). The
same code then runs under this CPython on the same puzzles, and the table gives the
Pyodide/CPython time ratio. Each set runs --repeat times in each runtime, alternating, and
the fastest run of each is kept (the machine may be shared).
"""

import argparse
import functools
import http.server
import json
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT.parent / "shared" / "puzzles"
sys.path.insert(0, str(ROOT))
from benchmarks.timing import (  # noqa: E402
    SETS,
    interpreter_baseline,
    puzzles_of,
    solve_ours,
    summary,
    table,
    time_each,
)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
DEFAULT_SETS = ("top1465", "forum_hardest_1106", "17clue_5000", "16x16_gecode")

# The glue that must be JavaScript: load Pyodide, copy files in, call the Python below.
LOAD_PYODIDE = """async (files) => {
  const { loadPyodide } = await import("/static/vendor/pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: "/static/vendor/pyodide/" });
  for (const path of files) {
    const text = await (await fetch("/" + path)).text();
    py.FS.mkdirTree("/bench/" + path.split("/").slice(0, -1).join("/"));
    py.FS.writeFile("/bench/" + path, text);
  }
  py.runPython("import sys; sys.path.insert(0, '/bench')");
  window.bench = py;
  return py.version;
}"""
WARM_UP = 20  # puzzles solved untimed first in each runtime, so code paths are warm
WARM_UP_PUZZLES = 150  # forum_hardest puzzles solved once in Pyodide before any timing
RUN_SET = """async ([puzzles, limit]) => {
  const py = window.bench;
  py.globals.set("bench_puzzles", py.toPy(puzzles));
  return py.runPython(`
import json
from benchmarks.timing import solve_ours, time_each
from solver.search.engine import prepared
from solver.model.puzzle import read
prepared(read(bench_puzzles[0]).geometry)
time_each(lambda text: solve_ours(text, ${limit}), list(bench_puzzles)[:${WARM_UP}])
seconds, results = time_each(lambda text: solve_ours(text, ${limit}), list(bench_puzzles))
json.dumps({"seconds": seconds, "solved": sum(1 for r in results if r)})
`);
}""".replace("${WARM_UP}", str(WARM_UP))


BASELINE = """() => window.bench.runPython(`
from benchmarks.timing import interpreter_baseline
interpreter_baseline()
`)"""


def serve(root: Path) -> http.server.ThreadingHTTPServer:
    """A quiet static server for `root` on a free localhost port, in a daemon thread."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def files_to_load() -> list[str]:
    """Repository-relative paths of the Python files the benchmark needs in Pyodide."""
    paths = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "solver").rglob("*.py"))
    return paths + ["benchmarks/__init__.py", "benchmarks/timing.py"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sets", nargs="*", default=list(DEFAULT_SETS))
    parser.add_argument("--count", type=int, default=0, help="first N puzzles (0: all)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs per set in each runtime, alternating; the fastest is kept")
    args = parser.parse_args()
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs").exists():
        sys.exit("static/vendor/pyodide is missing: run scripts/setup.sh first")
    from playwright.sync_api import sync_playwright

    server = serve(ROOT)
    port = server.server_address[1]
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{port}/benchmarks/")
        start = time.perf_counter()
        version = page.evaluate(LOAD_PYODIDE, files_to_load())
        print(f"Pyodide {version} ready in {time.perf_counter() - start:.1f} s; "
              f"CPython {sys.version.split()[0]}; wall-clock per puzzle, reading included.")
        # V8 first runs WebAssembly unoptimised and recompiles hot code in the background:
        # a few seconds of solving first, untimed, so the first set is not measured cold.
        warm = puzzles_of((PUZZLES / "forum_hardest_1106.txt").read_text())[:WARM_UP_PUZZLES]
        page.evaluate(RUN_SET, [warm, 1])
        for label, file, _size in SETS:
            if label not in args.sets:
                continue
            puzzles = puzzles_of((PUZZLES / file).read_text())
            if args.count:
                puzzles = puzzles[: args.count]
            result, seconds, found = None, None, []
            for _ in range(args.repeat):  # alternating, so a busy spell hits both alike
                trial = json.loads(page.evaluate(RUN_SET, [puzzles, 1]))
                if result is None or sum(trial["seconds"]) < sum(result["seconds"]):
                    result = trial
                time_each(lambda text: solve_ours(text, 1), puzzles[:WARM_UP])  # as in Pyodide
                times, found = time_each(lambda text: solve_ours(text, 1), puzzles)
                if seconds is None or sum(times) < sum(seconds):
                    seconds = times
            browser_stats = summary(result["seconds"])
            native = summary(seconds)
            ratio = sum(result["seconds"]) / sum(seconds)
            for name, stats, solved, note in (
                ("CPython", native, sum(1 for f in found if f), ""),
                ("Pyodide (Chromium)", browser_stats, result["solved"],
                 f"{ratio:.2f}x CPython time"),
            ):
                rows.append([label, name, str(stats["puzzles"]), str(solved),
                             f"{stats['per_second']:.1f}", f"{stats['median_ms']:.2f}",
                             f"{stats['worst_ms']:.1f}", note])
            print(f"  {label}: done", flush=True)
        # How much slower Pyodide runs any bytecode: the floor under the solver's ratio.
        in_browser, native = page.evaluate(BASELINE), interpreter_baseline()
        browser.close()
    server.shutdown()
    print()
    print(table(rows, ["set", "runtime", "puzzles", "solved", "puzzles/s", "median ms",
                       "worst ms", "ratio"]))
    print(f"\nPlain bytecode (a small-int loop, no solver): CPython {native * 1e9:.0f} ns, "
          f"Pyodide {in_browser * 1e9:.0f} ns a step, {in_browser / native:.2f}x CPython time.")


if __name__ == "__main__":
    main()
