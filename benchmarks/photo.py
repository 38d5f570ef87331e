"""Photo import measured on the real phone photos of ../shared/photos (never trained on).

    .venv/bin/python benchmarks/photo.py [--limit N] [--half dev|held] [--show-misses] [--page N]

Per photo: `solver.photo.read_photo` on its grey pixels (decoded by Pillow, outside the
timing), CPU time of the read; then the cells right against the ground truth, whether the
grid is perfect, and whether the grid, after `solver.suggest_repairs`'s first suggestion
when it has no or several solutions, solves to the ground truth's unique solution.
With --page N, the first N photos are also read in the page (headless Chromium, the
built site): wall seconds from setting the file on #photo to the grid shown, the browser's
decoding and scaling included, each next to read_photo's wall seconds in CPython just
before it (the ratio, unlike wall seconds, holds on a loaded machine).
The peers' figures are the published ones on the same data (Wicht and Hennebert, SoCPaR
2014: 12.5% and 17.5% of grids wrong), quoted, not measured here.
"""

import argparse
import contextlib
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PHOTOS = ROOT.parent / "shared" / "photos"
sys.path.insert(0, str(ROOT))

from solver import PuzzleError, analyse, suggest_repairs  # noqa: E402
from solver.photo import read_photo  # noqa: E402

PUBLISHED = "published on this data: 82.5-87.5% of grids right (Wicht and Hennebert 2014)"


HALVES = {"dev": 0, "held": 1}  # photos with an even number / an odd one


def photo_paths(limit: int | None = None, half: str | None = None) -> list[Path]:
    """The photos of ../shared/photos in a stable order (by number), the first `limit`;
    `half`: only the development half (even numbers, whose misses were looked at while
    tuning the reader) or the held-out half (odd numbers, only ever measured)."""
    paths = sorted(PHOTOS.glob("image*.jpg"), key=lambda p: int(p.stem[5:]))
    if half:
        paths = [p for p in paths if int(p.stem[5:]) % 2 == HALVES[half]]
    return paths[:limit]


def grey_pixels(path: Path) -> tuple[bytes, int, int]:
    """A photo's 8-bit grey pixels row by row, its width and height (needs Pillow)."""
    from PIL import Image

    with Image.open(path) as image:
        grey = image.convert("L")
        return grey.tobytes(), grey.width, grey.height


def truth_of(path: Path) -> list[int]:
    """The 81 digits of a photo's ground truth (its .dat file: two header lines, 9 rows)."""
    lines = path.with_suffix(".dat").read_text().splitlines()[2:11]
    return [int(token) for line in lines for token in line.split()]


def score(path: Path) -> dict:
    """How the reader does on one photo: seconds, cells right, perfect, solved right."""
    gray, width, height = grey_pixels(path)
    truth = truth_of(path)
    start = time.process_time()
    try:
        reading = read_photo(gray, width, height)
    except PuzzleError as error:
        return {"photo": path.name, "seconds": time.process_time() - start, "cells": 0,
                "perfect": False, "solved": False, "error": error.message}
    seconds = time.process_time() - start
    read = list(reading.puzzle.cells)
    right = sum(a == b for a, b in zip(read, truth, strict=True))
    fixes = suggest_repairs(reading.puzzle, reading.alternatives, limit=1)
    final = fixes[0] if fixes else reading.puzzle
    return {"photo": path.name, "seconds": seconds, "cells": right, "perfect": right == 81,
            "solved": solves_to_truth(final, truth), "error": None,
            "wrong": [(i, truth[i], read[i]) for i in range(81) if read[i] != truth[i]]}


def solves_to_truth(puzzle, truth: list[int]) -> bool:
    """Whether the grid has one solution and it is the ground truth's unique solution."""
    try:
        ours, theirs = analyse(puzzle), analyse([truth[r * 9:r * 9 + 9] for r in range(9)])
    except PuzzleError:
        return False
    return ours.unique and theirs.unique and ours.solution == theirs.solution


def report(results: list[dict]) -> str:
    n = len(results)
    seconds = sorted(r["seconds"] for r in results)
    lines = [
        f"photos: {n} (../shared/photos, CPython {sys.version.split()[0]}, CPU time per read)",
        f"cells right:        {sum(r['cells'] for r in results) / (81 * n):.2%}",
        f"grids perfect:      {sum(r['perfect'] for r in results) / n:.2%}",
        f"solved right after the suggested repair: {sum(r['solved'] for r in results) / n:.2%}",
        f"no grid found:      {sum(bool(r['error']) for r in results)}",
        f"seconds per photo:  mean {sum(seconds) / n:.3f}, median {seconds[n // 2]:.3f}, "
        f"max {seconds[-1]:.3f}",
        f"peers: {PUBLISHED}",
    ]
    return "\n".join(lines)


def page_seconds(paths: list[Path]) -> list[tuple]:
    """Per photo, wall seconds in the page, from the file set on #photo to its answer, and
    wall seconds of read_photo in this CPython just before it (their ratio holds on a
    shared machine where wall seconds alone depend on the load); then, as the worker
    measured them, its seconds decoding and scaling the photo and reading its pixels."""
    from playwright.sync_api import sync_playwright

    from benchmarks import page_load

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        page_load.build_vendor.build(site=Path(folder) / page_load.SUB_PATH)
        server, url = page_load.serve(Path(folder))
        browser = playwright.chromium.launch(executable_path=page_load.CHROMIUM,
                                             args=page_load.ARGS)
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("body[data-solver-ready=true]", state="attached",
                               timeout=300_000)
        seconds = []
        for done, path in enumerate(paths):
            gray, width, height = grey_pixels(path)
            start = time.perf_counter()
            with contextlib.suppress(PuzzleError):
                read_photo(gray, width, height)
            here = time.perf_counter() - start
            start = time.perf_counter()
            page.set_input_files("#photo", files=[str(path)])
            page.wait_for_function("n => Number(document.body.dataset.scanned || 0) > n",
                                   arg=done, timeout=120_000)
            wall = time.perf_counter() - start
            stages = page.evaluate("() => document.body.dataset.scanMs || ''").split()
            seconds.append((wall, here, *(int(ms) / 1000 for ms in stages)))
        browser.close()
        server.shutdown()
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, help="only the first N photos")
    parser.add_argument("--half", choices=sorted(HALVES),
                        help="only the dev (even) or held-out (odd) half of the photos")
    parser.add_argument("--show-misses", action="store_true",
                        help="list each photo not read perfectly")
    parser.add_argument("--page", type=int, default=0, metavar="N",
                        help="also time the first N photos in the page (Chromium)")
    args = parser.parse_args()
    results = [score(path) for path in photo_paths(args.limit, args.half)]
    if args.show_misses:
        for r in results:
            if not r["perfect"]:
                print(r["photo"], "solved" if r["solved"] else "NOT solved",
                      r["error"] or f"{81 - r['cells']} wrong (cell, truth, read): {r['wrong']}")
    print(report(results))
    if args.page:
        pairs = page_seconds(photo_paths(args.page, args.half))
        seconds = sorted(times[0] for times in pairs)
        ratios = sorted(times[0] / max(times[1], 1e-6) for times in pairs)
        cpu = sorted(r["seconds"] for r in results)[len(results) // 2]
        print(f"in the page ({len(seconds)} photos, wall, first one included): mean "
              f"{sum(seconds) / len(seconds):.2f} s, median {seconds[len(seconds) // 2]:.2f}, "
              f"max {seconds[-1]:.2f}; page / CPython wall, interleaved: median "
              f"{ratios[len(ratios) // 2]:.2f}, max {ratios[-1]:.2f} (x the CPU median above: "
              f"~{ratios[len(ratios) // 2] * cpu:.2f} s on a quiet machine)")
        print_stages(pairs, photo_paths(args.page, args.half))


def print_stages(pairs: list[tuple], paths: list[Path]) -> None:
    """Where the page's time went: the worker's decoding and reading, medians and the
    slowest photos (the rest of the wall time: messages, the grid drawn, the load)."""
    timed = [(times, path) for times, path in zip(pairs, paths, strict=True) if len(times) == 4]
    if not timed:
        return
    middle = len(timed) // 2
    decode = sorted(times[2] for times, _ in timed)[middle]
    reading = sorted(times[3] for times, _ in timed)[middle]
    print(f"in the worker: decode and scale median {decode:.2f} s, read median {reading:.2f} s")
    for times, path in sorted(timed, key=lambda pair: -pair[0][0])[:5]:
        print(f"  {path.name}: wall {times[0]:.2f} s = decode {times[2]:.2f} + read "
              f"{times[3]:.2f} + the rest {times[0] - times[2] - times[3]:.2f} "
              f"(CPython read {times[1]:.2f})")


if __name__ == "__main__":
    main()
