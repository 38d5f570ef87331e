"""Measure the web app's load in headless Chromium with Playwright, on the published site.

    .venv/bin/python benchmarks/page_load.py [--runs 3] [--throttle 4]

Serves the site exactly as the GitHub Pages workflow builds it (scripts/build_vendor.py
--site) under a sub-path on localhost, and reports for a cold load (new browser context:
empty cache, no service worker) and a warm one (reload after the first visit, service
worker installed), each without and with CPU throttling (CDP Emulation.setCPUThrottlingRate,
which Chromium applies to the page's main thread only: it refuses it for workers, so the
Pyodide worker itself runs at full speed in the throttled rows):
  - first grid paint: first-contentful-paint (the grid is the page's static HTML);
  - UI ready: the MicroPython UI took over (performance mark 'ui-ready');
  - Solve works: the Pyodide worker imported the solver (performance mark 'solver-ready');
  - bytes the server sent (file bodies, uncompressed: GitHub Pages also gzips text) until
    Solve works, and until the service worker has cached the app for offline use.
Times are medians in milliseconds from navigation start. The machine's load average is
printed too: other work on a 2-core machine slows Pyodide's start a lot.
"""

import argparse
import functools
import http.server
import os
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import build_vendor  # noqa: E402 - a script module, found through the path above

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
SUB_PATH = "sudoku"
MARKS = """() => {
    const at = name => performance.getEntriesByName(name)[0]?.startTime ?? null;
    return {paint: at('first-contentful-paint'), ui: at('ui-ready'), solver: at('solver-ready')};
}"""


class CountingHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, counting the body bytes sent."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm"}
    sent = [0]

    def copyfile(self, source, outputfile):
        data = source.read()
        outputfile.write(data)
        self.sent[0] += len(data)

    def log_message(self, format, *args):  # noqa: A002 - the base class's signature
        pass


def serve(folder: Path):
    handler = functools.partial(CountingHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:" + str(server.server_port) + "/" + SUB_PATH + "/"


def load(page, url: str, throttle: float) -> dict:
    """Load the page until Solve works; the marks in ms."""
    if throttle > 1:
        page.context.new_cdp_session(page).send(
            "Emulation.setCPUThrottlingRate", {"rate": throttle}
        )
    page.goto(url)
    page.wait_for_selector("body[data-solver-ready=true]", state="attached", timeout=300_000)
    return page.evaluate(MARKS)


def new_profile(playwright, folder: str, **options):
    """A browser with its own new profile: a disk cache like a real browser's (a private
    context's memory cache keeps no multi-megabyte files, so it would re-download them)."""
    return playwright.chromium.launch_persistent_context(
        folder, executable_path=CHROMIUM, args=ARGS, viewport={"width": 1280, "height": 800},
        **options,
    )


def measure(playwright, url: str, throttle: float) -> dict:
    """A cold and a warm load in a new profile, and the bytes a cold load needs."""
    # The app registers its service worker once Solve works; blocking it here keeps the
    # worker's caching out of the count of what a cold load needs before Solve works.
    with tempfile.TemporaryDirectory() as folder:
        context = new_profile(playwright, folder, service_workers="block")
        CountingHandler.sent[0] = 0
        load(context.new_page(), url, 1.0)
        needed = CountingHandler.sent[0]
        context.close()
    with tempfile.TemporaryDirectory() as folder:
        context = new_profile(playwright, folder)
        result = measure_visits(context, url, throttle)
        context.close()
    result["cold"]["bytes"] = needed
    return result


def measure_visits(context, url: str, throttle: float) -> dict:
    """The first visit, then a reload once the service worker has cached the app."""
    page = context.new_page()
    CountingHandler.sent[0] = 0
    cold = load(page, url, throttle)
    page.wait_for_selector("body[data-offline-ready=true]", state="attached", timeout=300_000)
    cold["bytes_offline"] = CountingHandler.sent[0]
    page.close()
    CountingHandler.sent[0] = 0
    warm = load(context.new_page(), url, throttle)
    warm["bytes"] = CountingHandler.sent[0]
    return {"cold": cold, "warm": warm}


def median(runs: list, visit: str, key: str):
    values = [r[visit][key] for r in runs if r[visit].get(key) is not None]
    return statistics.median(values) if values else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--throttle", type=float, default=4.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        build_vendor.build(site=Path(folder) / SUB_PATH)
        server, url = serve(Path(folder))
        print("load average before:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
        with sync_playwright() as p:
            rows = []
            for throttle in (1.0, args.throttle):
                runs = [measure(p, url, throttle) for _ in range(args.runs)]
                for visit in ("cold", "warm"):
                    rows.append((throttle, visit, runs))
        server.shutdown()
        print("load average after: ", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print(f"\nmedians of {args.runs} runs, ms from navigation start; bytes = file bodies sent")
    print(f"{'CPU':>5} {'visit':>5} {'grid paint':>11} {'UI ready':>9} {'Solve works':>12}"
          f" {'bytes to Solve':>15} {'bytes to offline':>17}")
    for throttle, visit, runs in rows:
        offline = median(runs, visit, "bytes_offline")
        print(f"{throttle:>4.0f}x {visit:>5} {median(runs, visit, 'paint'):>11.0f}"
              f" {median(runs, visit, 'ui'):>9.0f} {median(runs, visit, 'solver'):>12.0f}"
              f" {median(runs, visit, 'bytes'):>15,.0f}"
              f" {'' if offline is None else format(offline, ',.0f'):>17}")


if __name__ == "__main__":
    main()
