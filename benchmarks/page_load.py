"""Measure the web app's load in headless Chromium with Playwright, on the published site,
as phones see it.

    .venv/bin/python benchmarks/page_load.py [--runs 3] [--profiles desktop,pixel7-4g,...]

Serves the site exactly as the GitHub Pages workflow builds it (scripts/build_vendor.py
--site) under a sub-path on localhost, gzipped as GitHub Pages serves it, and loads it in
each profile: a device (desktop, or Playwright's Pixel 7 / iPhone 13 emulation), a CPU
slow-down (CDP Emulation.setCPUThrottlingRate: Chromium applies it to the page's main
thread only, never to workers) and a network (none, or DevTools' "Fast 4G" / "Fast 3G"
presets through CDP Network.emulateNetworkConditions); the "phone" profiles instead hold the
whole browser, workers included, to a share of one core (a cgroup v1 CPU quota: needs root;
--phone-cpu, 0.25 by default, the same 4x), since a real phone runs Pyodide's worker slowly
too and the snapshot trade-off (bytes on the line against CPU saved) depends on it. Cold
(new profile: empty cache, no service worker), warm (visit 2, service worker installed)
and warm3 (visit 3); with --compare-sw also visits 2 and 3 of a profile that blocks service
workers (nosw2, nosw3: the HTTP cache alone, whose wasm entries carry V8's compiled code),
it reports:
  - paint: first-contentful-paint (the grid is the page's static HTML);
  - py: PyScript's MicroPython ready to run the UI's script (its 'mpy:ready' event), so
    UI - py is the UI's own start (its imports, the first render);
  - UI: the MicroPython UI took over (performance mark 'ui-ready');
  - tap: the page opened with a 9x9 in its link, Solve tapped at the first paint (before
    the UI is ready, as an impatient person does; on a phone through the menu, More, which
    static/early.js opens at once; tapped in the page: TAPS), the solution on screen; a tap
    the page threw away counts as "lost" (then Solve is pressed again once the worker can
    answer, and that solution's time is 1st);
  - 1st 9x9: the first solution on screen, however it came (the MicroPython worker
    answers it when Pyodide is not ready yet);
  - hint: then Undo and Hint tapped at once (in the page too: TAPS), the hint's nudge on
    screen (the page or a worker answers it when Pyodide is not ready yet, issue 24);
  - full: the Pyodide worker is ready for every command (mark 'solver-ready');
  - bytes the server sent (gzipped bodies) until then.
  - long: the page's biggest main-thread long task (PerformanceObserver 'longtask') until
    the full solver is ready, and files: the requests the page and its workers made;
and, in the same run and profile, a bare PyScript MicroPython page (one `<script type="mpy">`
line from the same vendored files: the yardstick for UI and tap, printed as ratios to it) and
a bare stock Pyodide worker's boot (`loadPyodide()` with
npm's own stdlib zip, in a module worker of an empty page): the yardstick for 'full'.
Times are medians in ms from navigation start. The load average is printed too: on a
2-core machine other work slows Pyodide's start a lot, so compare rows of one run only.
--stock-boot also loads, interleaved, a copy of the site whose Pyodide worker starts the
stock way (static/worker.toml's interpreter the vendored pyodide.mjs, not
static/pyodide_snapshot.mjs): the memory snapshot's A/B, rows named "<profile>/stock";
the bare boots of both are pooled into one yardstick per profile.
--baseline REF also builds the site as git REF has it (e.g. main) and loads it interleaved
with this one, rows named "<profile>/REF": before and after in one run.
--trace also prints, per cold load, where each worker's start went: when it was created and
its requests and performance marks (static/pyodide_snapshot.mjs marks when its snapshot
is unpacked and restored), in ms from the page's navigation start.
"""

import argparse
import functools
import gzip
import http.server
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))
import build_vendor  # noqa: E402 - a script module, found through the path above

from tests.checks import EASY  # noqa: E402 - the README's 9x9

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
SUB_PATH = "sudoku"
# DevTools' presets (its NetworkManager), bytes/s and ms as it sends them to CDP.
NETWORKS = {
    "none": None,
    "4g": {"latency": 165, "downloadThroughput": 1_012_500, "uploadThroughput": 168_750},
    "3g": {"latency": 562.5, "downloadThroughput": 180_000, "uploadThroughput": 84_375},
}
PHONE_CPU = 0.25  # the share of one core a capped browser gets (--phone-cpu)
# name -> (device, CPU slow-down of the page's main thread, network, whole-browser CPU cap:
# the share of one core, 0.0 for none; PHONE_CPU, which --phone-cpu replaces, for the phones)
PROFILES = {
    "desktop": ("desktop", 1, "none", 0.0),
    "pixel7": ("Pixel 7", 4, "none", 0.0),
    "pixel7-4g": ("Pixel 7", 4, "4g", 0.0),
    "pixel7-3g": ("Pixel 7", 4, "3g", 0.0),
    "iphone13": ("iPhone 13", 4, "none", 0.0),
    "phone": ("Pixel 7", 1, "none", PHONE_CPU),
    "phone-4g": ("Pixel 7", 1, "4g", PHONE_CPU),
}
# The cgroup the capped profiles' browsers run in (cgroup v1's cpu controller).
CGROUP = Path("/sys/fs/cgroup/cpu/sudoku_page_load")
PERIOD_US = 100_000
VISITS = ("cold", "warm", "warm3", "nosw2", "nosw3")
MARKS = """() => {
    const at = name => performance.getEntriesByName(name)[0]?.startTime ?? null;
    const tasks = (window.longTasks || []).filter(([start]) => start < (at('solver-ready') ?? 1e9));
    return {paint: at('first-contentful-paint'), py: at('mpy-ready'), ui: at('ui-ready'),
            full: at('solver-ready'),
            long: Math.max(0, ...tasks.map(([, duration]) => duration)),
            files: performance.getEntriesByType('resource').length};
}"""
# Added to every page before its scripts: the main thread's long tasks, as [start, duration],
# and a mark when PyScript's MicroPython is ready to run the UI's script (its modules written).
LONG_TASKS = """window.longTasks = [];
document.addEventListener('mpy:ready', () => performance.mark('mpy-ready'), {once: true});
try {
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.longTasks.push([e.startTime, e.duration]);
  }).observe({type: 'longtask', buffered: true});
} catch (error) {}"""
# How long after the MicroPython worker is ready a tap made before the UI was counts as lost.
LOST_AFTER_MS = 5000
# Run in a worker: its time origin, and its requests and marks relative to it.
WORKER_ENTRIES = """() => [performance.timeOrigin, performance.getEntries()
    .filter(e => e.entryType === 'resource' || e.entryType === 'mark')
    .map(e => [e.name.split('/').pop(), e.startTime, e.responseEnd ?? e.startTime])]"""
BARE_PAGE = """<!doctype html><title>bare Pyodide</title><script type="module">
const worker = new Worker(URL.createObjectURL(new Blob([
  `import {loadPyodide} from "${new URL("static/vendor/pyodide/pyodide.mjs", location.href)}";
   await loadPyodide({stdLibURL: "${new URL("bare/python_stdlib.zip", location.href)}"});
   postMessage("ready");`], {type: "text/javascript"})), {type: "module"});
worker.onmessage = () => { performance.mark("bare-ready"); document.body.dataset.ready = "true"; };
</script>"""
# The yardstick for the UI: PyScript's MicroPython on the page's thread running one line, from
# the same vendored files (bare_mpy.toml beside it names the interpreter).
BARE_MPY_PAGE = """<!doctype html><title>bare MicroPython</title>
<script type="module" src="static/vendor/pyscript/core.js"></script>
<script type="mpy" config="bare_mpy.toml">from pyscript import document, window
window.performance.mark("bare-ready"); document.body.dataset.ready = "true"</script>"""
BARE_MPY_CONFIG = 'interpreter = "./static/vendor/micropython/micropython.mjs"\n'
# static/worker.toml's interpreter line, and the stock one --stock-boot puts in its place.
SNAPSHOT_LOADER = 'interpreter = "./pyodide_snapshot.mjs"'
STOCK_LOADER = 'interpreter = "./vendor/pyodide/pyodide.mjs"'
COMPRESSED = (".js", ".mjs", ".wasm", ".css", ".html", ".json", ".py", ".toml", ".svg",
              ".webmanifest", ".txt")


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, gzipped like GitHub Pages serves text and wasm, counting bytes sent."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm",
                      ".toml": "text/plain", ".py": "text/plain"}
    sent = [0]
    packed: dict = {}  # path -> gzipped body, made once

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if (not path.is_file() or path.suffix not in COMPRESSED
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        body = self.packed.get(path)
        if body is None:
            body = self.packed[path] = gzip.compress(path.read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.end_headers()
        self.wfile.write(body)
        self.sent[0] += len(body)
        return None

    def copyfile(self, source, outputfile):
        data = source.read()
        outputfile.write(data)
        self.sent[0] += len(data)

    def log_message(self, format, *args):  # noqa: A002 - the base class's signature
        pass


def serve(folder: Path):
    handler = functools.partial(GzipHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:" + str(server.server_port) + "/" + SUB_PATH + "/"


def cap_browser(share: float) -> None:
    """Hold every process this benchmark started (its browsers; their new processes inherit
    the group) to `share` of one core, as a slower phone CPU would, workers included."""
    try:
        CGROUP.mkdir(exist_ok=True)
        (CGROUP / "cpu.cfs_period_us").write_text(str(PERIOD_US))
        (CGROUP / "cpu.cfs_quota_us").write_text(str(int(share * PERIOD_US)))
    except OSError as error:
        sys.exit(f"page_load: the phone profiles need root and cgroup v1's cpu controller "
                 f"({error})")
    for pid in descendants(os.getpid()):
        try:
            if b"chromium" in Path(f"/proc/{pid}/cmdline").read_bytes():
                (CGROUP / "cgroup.procs").write_text(str(pid))
        except OSError:
            continue  # gone meanwhile (a zygote's helper, a closed tab)


def descendants(root: int) -> list[int]:
    """The processes whose ancestry leads to `root` (from /proc)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:  # the parent is the 4th field, after "pid (name)", which may hold spaces
                stat = (entry / "stat").read_text()
                parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue  # gone meanwhile
    found, frontier = [], [root]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent]
        found += children
        frontier += children
    return found


def throttled_page(context, cpu: float, network: str):
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    if cpu > 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    if NETWORKS[network]:
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {"offline": False, **NETWORKS[network]})
    return page


# A person's taps, made from inside the page (Playwright's round trips each wait for the
# page's thread and for a browser held to a quarter core: tapped through the driver, Solve
# landed seconds after the paint, so the figures measured the driver as much as the page).
# - Solve at the first paint: the paint entry's callback (a task of its own, queued as the
#   grid shows) taps More (the menu, on a phone) and Solve, as a finger would at once;
# - once the first solution shows, Undo and Hint, in a task of their own;
# and when each showed (window.seenAt: 'solved', the grid's solution; 'hint', the nudge).
TAPS = """window.seenAt = {};
const seen = (name) => { window.seenAt[name] ??= performance.now(); };
new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    const solve = document.getElementById('solve');
    if (!solve.checkVisibility()) document.getElementById('more').click();
    solve.click();
    window.tappedAt = [performance.now(), document.body.dataset.uiReady === 'true'];
}).observe({type: 'paint', buffered: true});
document.addEventListener('DOMContentLoaded', () => {
    const status = document.getElementById('status');
    new MutationObserver(() => {
        if (window.seenAt.hinted !== undefined && status.textContent.startsWith('Look for')) {
            seen('hint');
        }
        if (Number(document.body.dataset.solved || 0) > 0 && window.seenAt.solved === undefined) {
            seen('solved');
            setTimeout(() => {
                document.getElementById('undo').click();
                document.getElementById('hint').click();
                seen('hinted');
            }, 0);
        }
    }).observe(document.body, {subtree: true, childList: true, characterData: true,
                               attributes: true, attributeFilter: ['data-solved']});
});"""


def tap_solve(page, timeout: int) -> None:
    """Tap Solve as a person would: on a phone it is in the menu (#more), a sheet that
    static/early.js opens at once, before the UI runs. Each tap goes in without Playwright's
    checks that the page is still (`force`): on a quarter core they waited out the UI's
    start, so the tap came after it."""
    page.wait_for_selector("#grid", state="visible", timeout=timeout)  # the first paint
    if not page.is_visible("#solve"):
        page.click("#more", force=True, timeout=timeout)
        page.wait_for_selector("#solve", state="visible", timeout=timeout)
    page.click("#solve", force=True, timeout=timeout)


def load(page, url: str) -> dict:
    """Open the app with a 9x9 in its link, tap Solve as soon as it shows; the times of the
    marks, of that tap's solution (None if the tap was lost) and of the first solution, in
    ms. A lost tap is one not answered LOST_AFTER_MS after the MicroPython worker is ready
    (or the full solver, if that is first): Solve is then pressed again."""
    page.add_init_script(TAPS)
    page.goto(url + "?p=" + EASY, wait_until="commit")
    page.wait_for_function("window.tappedAt", timeout=600_000)
    tapped = page.evaluate("window.tappedAt")
    page.wait_for_function(
        "document.body.dataset.solveReady === 'true' || document.body.dataset.solverReady"
        " === 'true' || Number(document.body.dataset.solved || 0) > 0", timeout=600_000)
    try:
        page.wait_for_function("window.seenAt.solved", timeout=LOST_AFTER_MS)
        lost = False
    except PlaywrightTimeout:
        lost = True
        tap_solve(page, 600_000)
    first = page.wait_for_function("window.seenAt.solved", timeout=600_000).json_value()
    tap = None if lost else first
    hint = page.wait_for_function("window.seenAt.hint", timeout=600_000).json_value()
    page.wait_for_selector("body[data-solver-ready=true]", state="attached", timeout=600_000)
    return dict(page.evaluate(MARKS), first=first, tap=tap, tapped=tapped[0],
                early=not tapped[1], hint=hint)


def worker_files(worker) -> int:
    """How many requests a worker made (0 if it is gone)."""
    try:
        return worker.evaluate("performance.getEntriesByType('resource').length")
    except Exception:  # noqa: BLE001 - a worker replaced meanwhile (Cancel, restart)
        return 0


def worker_trace(page, workers: list) -> list:
    """Lines saying when each worker was created and when each of its requests and marks
    started and ended, in ms from the page's navigation start."""
    origin = page.evaluate("performance.timeOrigin")
    lines = []
    for worker in workers:
        try:
            start, entries = worker.evaluate(WORKER_ENTRIES)
        except Exception:  # noqa: BLE001 - a worker replaced meanwhile (Cancel, restart)
            continue
        lines.append(f"  worker {worker.url.split('/')[-1][:40]} created at {start - origin:.0f}")
        lines += [f"    {name[:40]:<40} {at + start - origin:7.0f} {end + start - origin:7.0f}"
                  for name, at, end in entries]
    return lines


def new_profile(playwright, folder: str, device: str, service_workers: str = "allow",
                cap: float = 0.0):
    """A browser with its own new profile: a disk cache like a real browser's (a private
    context's memory cache keeps no multi-megabyte files, so it would re-download them);
    service_workers "block" keeps the page's service worker out; `cap` (when not 0): its
    CPU held to that share of one core."""
    options = {"viewport": {"width": 1280, "height": 800}}
    if device != "desktop":
        options = dict(playwright.devices[device])
        options.pop("default_browser_type", None)
    context = playwright.chromium.launch_persistent_context(
        folder, executable_path=CHROMIUM, args=ARGS, service_workers=service_workers,
        **options)
    context.add_init_script(LONG_TASKS)
    if cap:
        cap_browser(cap)
    return context


def with_cap(profile: tuple, phone_cpu: float) -> tuple:
    """`profile` with its whole-browser cap, if it has one, set to `phone_cpu`."""
    return profile[:3] + (phone_cpu if profile[3] else 0.0,)


def visits(playwright, url: str, profile: tuple, service_workers: str = "allow",
           trace: bool = False) -> list:
    """Visits 1 (cold), 2 and 3 in a new profile, each in a new tab, with their bytes; the
    service worker (if allowed) has stored the app before visit 2. With `trace`, the cold
    visit's workers are traced (printed)."""
    device, cpu, network, cap = profile
    times = []
    with tempfile.TemporaryDirectory() as folder:
        context = new_profile(playwright, folder, device, service_workers, cap)
        for visit in range(3):
            GzipHandler.sent[0] = 0
            page = throttled_page(context, cpu, network)
            workers = []
            page.on("worker", lambda worker, kept=workers: kept.append(worker))
            times.append(load(page, url))
            times[-1]["files"] += sum(worker_files(worker) for worker in workers)
            times[-1]["workers"] = len(workers)
            print(f"  {url} {VISITS[visit]}: " + ", ".join(
                f"{k} {v:.0f}" for k, v in times[-1].items() if isinstance(v, float | int)),
                file=sys.stderr, flush=True)
            if trace and visit == 0:
                print("\n".join([f"{device} cold: {times[-1]}"] + worker_trace(page, workers)))
            times[-1]["bytes"] = GzipHandler.sent[0]
            if visit == 0 and service_workers == "allow":
                page.wait_for_selector("body[data-offline-ready=true]", state="attached",
                                       timeout=600_000)
            page.close()
        context.close()
    return times


def measure(playwright, url: str, profile: tuple, compare_sw: bool = False,
            trace: bool = False, bare_url: str = "") -> dict:
    """Three visits in a new profile (and, with compare_sw, visits 2 and 3 in another that
    blocks service workers), and the bare pages (from `bare_url`, else `url`) each in
    another."""
    device, cpu, network, cap = profile
    cold, warm, warm3 = visits(playwright, url, profile, trace=trace)
    times = {"cold": cold, "warm": warm, "warm3": warm3}
    if compare_sw:
        times["nosw2"], times["nosw3"] = visits(playwright, url, profile, "block")[1:]
    times["bare"] = bare_boot(playwright, (bare_url or url) + "bare.html", profile)
    times["mpy"] = bare_boot(playwright, (bare_url or url) + "bare_mpy.html", profile)
    return times


def bare_boot(playwright, address: str, profile: tuple) -> float:
    """When a bare page (BARE_PAGE, BARE_MPY_PAGE) marked 'bare-ready', cold, in a new
    profile."""
    device, cpu, network, cap = profile
    with tempfile.TemporaryDirectory() as folder:
        context = new_profile(playwright, folder, device, cap=cap)
        page = throttled_page(context, cpu, network)
        page.goto(address)
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=600_000)
        ready = page.evaluate("performance.getEntriesByName('bare-ready')[0].startTime")
        context.close()
    return ready


def median(runs: list, visit: str, key: str):
    values = [r[visit][key] for r in runs if r[visit].get(key) is not None]
    return statistics.median(values) if values else None


def yardsticks(rows: list, key: str) -> dict:
    """profile -> the median of every bare boot `key` ("bare", "mpy") measured on it
    (variants pooled)."""
    boots: dict = {}
    for name, runs in rows:
        boots.setdefault(name.split("/")[0], []).extend(r[key] for r in runs)
    return {name: statistics.median(values) for name, values in boots.items()}


def report(rows: list, runs_each: int) -> None:
    print(f"\nmedians of {runs_each} runs, ms from navigation start; /mpy: as a ratio to the bare"
          " PyScript MicroPython page, /bare: to the bare Pyodide boot; tap: the solution"
          " after Solve tapped at first paint (lost: taps thrown away); hint: the hint after"
          " Undo and Hint tapped once the first solution shows; long: the biggest"
          " main-thread long task; files: requests; bytes = gzipped bodies sent")
    print(f"{'profile':>14} {'visit':>5} {'paint':>6} {'py':>6} {'UI':>6} {'/mpy':>5} {'tap':>6}"
          f" {'/mpy':>5} {'lost':>4} {'1st':>6} {'hint':>6} {'/mpy':>5} {'full':>6}"
          f" {'/bare':>6} {'long':>5}"
          f" {'files':>5} {'bytes':>11}")
    mpys, bares = yardsticks(rows, "mpy"), yardsticks(rows, "bare")
    for name, runs in rows:
        mpy, bare = mpys[name.split("/")[0]], bares[name.split("/")[0]]
        for visit in [v for v in VISITS if v in runs[0]]:
            py, ui, tap, first, hint, full, long, files, sent = (median(runs, visit, k) for k in (
                "py", "ui", "tap", "first", "hint", "full", "long", "files", "bytes"))
            lost = sum(r[visit]["tap"] is None for r in runs)
            taps = f"{tap:>6.0f} {tap / mpy:>5.2f}" if tap is not None else f"{'-':>6} {'-':>5}"
            pys = f"{py:>6.0f}" if py is not None else f"{'-':>6}"
            print(f"{name:>14} {visit:>5} {median(runs, visit, 'paint'):>6.0f} {pys} {ui:>6.0f}"
                  f" {ui / mpy:>5.2f} {taps} {lost:>4} {first:>6.0f} {hint:>6.0f}"
                  f" {hint / mpy:>5.2f} {full:>6.0f}"
                  f" {full / bare:>6.2f} {long:>5.0f} {files:>5.0f} {sent:>11,.0f}")
        print(f"{name:>14} bare MicroPython page {mpy:.0f}, bare Pyodide boot {bare:.0f}")


def stock_copy(site: Path) -> Path:
    """A copy of the built site beside it whose Pyodide worker boots without the snapshot
    (its precache rewritten, so its service worker installs)."""
    stock = site.with_name(site.name + "-stock")
    shutil.copytree(site, stock)
    config = stock / "static" / "worker.toml"
    text = config.read_text()
    if SNAPSHOT_LOADER not in text:
        sys.exit("page_load: static/worker.toml has no " + SNAPSHOT_LOADER)
    config.write_text(text.replace(SNAPSHOT_LOADER, STOCK_LOADER))
    build_vendor.write_precache(stock)
    return stock


def baseline_site(ref: str, folder: Path, site: Path) -> None:
    """Build the site as git `ref` has it into `site`: its files exported into `folder`,
    with this checkout's npm packages and cached bytecode (keyed by its inputs' hash)."""
    source = folder / "baseline-source"
    source.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(source)], input=archive, check=True)
    (source / "node_modules").symlink_to(ROOT / "node_modules")
    if build_vendor.BYTECODE_CACHE.is_dir():
        shutil.copytree(build_vendor.BYTECODE_CACHE, source / "build" / "bytecode")
    subprocess.run([sys.executable, str(source / "scripts" / "build_vendor.py"), "--site",
                    str(site)], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profiles", default=",".join(PROFILES),
                        help="comma-separated, of: " + ", ".join(PROFILES))
    parser.add_argument("--compare-sw", action="store_true",
                        help="also visits 2 and 3 with service workers blocked")
    parser.add_argument("--stock-boot", action="store_true",
                        help="also a copy of the site whose Pyodide starts without the snapshot")
    parser.add_argument("--phone-cpu", type=float, default=PHONE_CPU,
                        help="the share of one core the phone profiles' browsers get")
    parser.add_argument("--baseline", metavar="REF",
                        help="also load the site as git REF (e.g. main) builds it, interleaved")
    parser.add_argument("--trace", action="store_true",
                        help="print when each cold load's workers started and what they did")
    args = parser.parse_args()
    names = args.profiles.split(",")
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / SUB_PATH
        build_vendor.build(site=site)
        (site / "bare.html").write_text(BARE_PAGE)
        (site / "bare_mpy.html").write_text(BARE_MPY_PAGE)
        (site / "bare_mpy.toml").write_text(BARE_MPY_CONFIG)
        (site / "bare").mkdir()  # the stock stdlib (the app's is trimmed and compiled)
        shutil.copyfile(build_vendor.MODULES / "pyodide" / "python_stdlib.zip",
                        site / "bare" / "python_stdlib.zip")
        server, url = serve(Path(folder))
        sites = [("", url)]
        if args.stock_boot:
            sites.append(("/stock", url[:-1] + "-stock/"))
            stock_copy(site)
        if args.baseline:
            sites.append(("/" + args.baseline, url[:-1] + "-baseline/"))
            baseline_site(args.baseline, Path(folder), site.with_name(site.name + "-baseline"))
        print("load average before:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
        with sync_playwright() as p:
            rows = [(name + suffix, [], where) for name in names for suffix, where in sites]
            for done in range(1, args.runs + 1):  # interleaved: a slow spell hits all
                for name, runs, where in rows:
                    runs.append(measure(p, where, with_cap(PROFILES[name.split("/")[0]],
                                                           args.phone_cpu),
                                        args.compare_sw, args.trace, url))
                if done < args.runs:  # a long run stopped early still has its medians
                    report([(name, runs) for name, runs, _ in rows], done)
                    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()),
                          flush=True)
        server.shutdown()
        print("load average after: ", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    report([(name, runs) for name, runs, _ in rows], args.runs)


if __name__ == "__main__":
    main()
