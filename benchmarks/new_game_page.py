"""New game in the page: seconds from Start to the puzzle on screen (the Pyodide worker
making it), per rules, in desktop Chromium (Debian's, through Playwright).

    scripts/serve.sh 8000 &   # the tree served, its vendored files built
    .venv/bin/python benchmarks/new_game_page.py [--url http://127.0.0.1:8000/]
        [--level Medium] [--runs 5] [--rules classic killer ...]

The page picks its own random seeds, so the figures move between runs: read the medians.
Wall time of a shared machine; the page's worker is not throttled.
"""

import argparse
import statistics
import time

RULES = ("classic", "killer", "jigsaw", "x", "windoku", "anti-king", "anti-knight")
COACHED = "n => Number(document.body.dataset.coach || 0) > n"  # the page said its answer


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000/")
    parser.add_argument("--level", default="Medium")
    parser.add_argument("--runs", type=int, default=5, help="new games per rules")
    parser.add_argument("--rules", nargs="+", default=list(RULES), choices=RULES)
    options = parser.parse_args()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.goto(options.url)
        page.wait_for_selector("body[data-solver-ready=true]", state="attached",
                               timeout=180_000)
        for rules in options.rules:
            seconds = []
            for _ in range(options.runs):
                if page.get_attribute("body", "data-screen") != "home":
                    page.click("#go-home")
                page.select_option("#new-rules", rules)
                page.select_option("#new-level", options.level)
                before = int(page.get_attribute("body", "data-coach") or 0)
                began = time.monotonic()
                page.click("#new-game")
                page.wait_for_function(COACHED, arg=before, timeout=120_000)
                seconds.append(time.monotonic() - began)
            print(f"{rules:12} {options.level:8} median {statistics.median(seconds):5.2f} s  "
                  f"max {max(seconds):5.2f} s", flush=True)
        browser.close()


if __name__ == "__main__":
    main()
