"""Cold loads of the web app in WebKitGTK (Safari's engine) and Firefox ESR beside Chromium,
interleaved in one run, so their ratios can be read on a busy machine.

    .venv/bin/python benchmarks/page_load_engines.py [--runs 3] [--engines chromium,webkit,firefox]

The site and the gzip server are `benchmarks/page_load.py`'s; the measured visit (`visit`):
the page opened with a 9x9 in its link, Solve pressed once the UI is ready. WebKitGTK and Firefox
are driven by the smoke tests' drivers (tests/browser/engines/drivers.py: Selenium with
WebKitWebDriver under Xvfb, puppeteer-core over WebDriver BiDi). Each load is a new profile
(empty cache, no service worker), no CPU or network throttling (only Chromium can), a
412x915 viewport for the other engines and page_load's desktop one for Chromium. Per
engine, the medians in ms from navigation start: UI ready, first 9x9 solution, full solver
ready, and the gzipped bytes sent; then each engine's times over Chromium's.
"""

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

import page_load  # benchmarks/ is on the path when this runs as a script; it adds the root
from playwright.sync_api import sync_playwright

from tests.browser.engines.drivers import ENGINES, engine_page, missing

KEYS = ("ui", "first", "full", "bytes")


def visit(page, url: str) -> dict:
    """Open the app with a 9x9 in its link and press Solve once the UI is ready, through the
    calls a Playwright page and the engines' pages (tests/browser/engines/drivers.py) share
    (page_load.load taps from inside the page, which those drivers cannot set up): the
    marks, and the first solution's time, in ms from navigation start."""
    page.goto(url + "?p=" + page_load.EASY)
    page.wait_for_function("document.body.dataset.uiReady === 'true'", timeout=600_000)
    if not page.is_visible("#solve"):
        page.click("#more")  # a phone-sized viewport: Solve is in the menu
    page.click("#solve")
    page.wait_for_function("Number(document.body.dataset.solved || 0) > 0", timeout=600_000)
    first = page.evaluate("performance.now()")
    page.wait_for_function("document.body.dataset.solverReady === 'true'", timeout=600_000)
    return dict(page.evaluate("(" + page_load.MARKS + ")()"), first=first)


def cold_load(playwright, url: str, engine: str) -> dict:
    """One cold visit in a new profile of the engine: page_load's marks and bytes."""
    page_load.GzipHandler.sent[0] = 0
    if engine == "chromium":
        with tempfile.TemporaryDirectory() as folder:
            context = page_load.new_profile(playwright, folder, "desktop")
            times = visit(context.new_page(), url)
            context.close()
    else:
        with engine_page(engine) as page:
            times = visit(page, url)
    return dict(times, bytes=page_load.GzipHandler.sent[0])


def report(runs: dict) -> None:
    """Medians per engine, and each engine's over Chromium's when Chromium ran."""
    medians = {engine: {key: statistics.median(r[key] for r in loads) for key in KEYS}
               for engine, loads in runs.items()}
    base = medians.get("chromium")
    print(f"\n{'engine':>9} {'UI':>6} {'1st 9x9':>8} {'full':>6} {'bytes':>11}"
          + ("   x Chromium: UI, 1st, full" if base else ""))
    for engine, m in medians.items():
        line = (f"{engine:>9} {m['ui']:>6.0f} {m['first']:>8.0f} {m['full']:>6.0f}"
                f" {m['bytes']:>11,.0f}")
        if base:
            line += "   " + ", ".join(f"{m[k] / base[k]:.2f}" for k in ("ui", "first", "full"))
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--engines", default="chromium," + ",".join(ENGINES))
    args = parser.parse_args()
    engines = args.engines.split(",")
    for engine in engines:
        if engine != "chromium" and missing(engine):
            sys.exit(engine + ": " + missing(engine))
    runs = {engine: [] for engine in engines}
    with tempfile.TemporaryDirectory() as folder:
        page_load.build_vendor.build(site=Path(folder) / page_load.SUB_PATH)
        server, url = page_load.serve(Path(folder))
        print("load average before:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
        with sync_playwright() as playwright:
            for _ in range(args.runs):  # interleaved, so a busy spell slows every engine
                for engine in engines:
                    runs[engine].append(cold_load(playwright, url, engine))
                    print(engine, runs[engine][-1], flush=True)
        server.shutdown()
        print("load average after: ", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    report(runs)


if __name__ == "__main__":
    main()
