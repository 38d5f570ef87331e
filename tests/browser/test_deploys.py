"""Deploys (issue 14, defect 3 and the first half of 8): the service worker precaches each
file checked against its content revision, past stale HTTP caches, never mixes two builds,
says when a new version is ready, and says when offline use could not be set up.

The site is served as GitHub Pages serves it: every file `Cache-Control: max-age=600`, so the
browser's HTTP cache keeps the old bytes of a file whose name did not change."""

import functools
import re
import shutil
import sys
import tarfile
import threading

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser.conftest import ROOT, SUB_PATH, PageErrors, QuietHandler, QuietServer
from tests.checks import EASY, load_lines

from .pages import fill, grid_text, open_app, solve, wait_solver

pytestmark = pytest.mark.browser

MARKER = "--deploy-build"  # a CSS custom property naming the build the page shows


class PagesHandler(QuietHandler):
    """Static files with the HTTP cache lifetime GitHub Pages sends."""

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()


@pytest.fixture
def deploy(site_dir, tmp_path):
    """(url, folder) of a copy of the site (build A) served with Pages' cache headers."""
    served = tmp_path / "pages"
    shutil.copytree(site_dir, served)
    stamp(served / SUB_PATH, "A")
    server = QuietServer(("127.0.0.1", 0), functools.partial(PagesHandler, directory=str(served)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield "http://127.0.0.1:" + str(server.server_port) + "/" + SUB_PATH + "/", served / SUB_PATH
    server.shutdown()
    server.server_close()


def build_vendor():
    """scripts/build_vendor.py as a module."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build_vendor as module
    finally:
        sys.path.pop(0)
    return module


def stamp(site, build: str) -> None:
    """Name the build in app.css and rewrite the precache list (the build script's)."""
    css = site / "static" / "app.css"
    text = re.sub(r"\n:root \{ " + MARKER + r": \"\w\"; \}\n", "", css.read_text())
    css.write_text(text + "\n:root { " + MARKER + ': "' + build + '"; }\n')
    build_vendor().write_precache(site)


def rename_chunk(site) -> tuple:
    """Deploy a new PyScript: its core chunk gets a new name (the old file is gone)."""
    folder = site / "static" / "vendor" / "pyscript"
    old = next(p.name for p in folder.glob("core-*.js"))
    new = old.replace("core-", "core-B")
    for path in [*folder.glob("*.js"), site / "index.html"]:  # (its preload links name it)
        path.write_text(path.read_text().replace(old, new))
    (folder / old).rename(folder / new)
    return old, new


def shown_build(page) -> str:
    return page.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('" + MARKER + "')"
    ).strip().strip('"')


def load(page, url: str) -> None:
    """A load that must come up whole: the UI and the solver ready (if not, the failure says
    where the page and its service workers stood). A load while a new version waits may go
    through sw.js's one-line refresh page and the page's own reload into the new build (an
    old page whose service worker was replaced), so the UI gets as long as the other waits
    here, not a single load's time."""
    try:
        open_app(page, url, solver=True, ui_timeout_ms=60_000)
    except PlaywrightError as error:
        raise AssertionError("the page did not come up whole: " + where(page)) from error


WHERE = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  const state = (worker) => worker ? worker.state : "none";
  const note = document.getElementById("update-note");
  const status = document.getElementById("status");
  return JSON.stringify({
    url: location.href, flags: {...document.body.dataset},
    controlled: Boolean(navigator.serviceWorker.controller),
    active: state(registration && registration.active),
    waiting: state(registration && registration.waiting),
    installing: state(registration && registration.installing),
    navigations: performance.getEntriesByType("navigation").map((n) => n.type),
    caches: await caches.keys(),
    note: note && !note.hidden ? note.innerText : "",
    status: status ? status.innerText : "",
  });
}"""


def where(page) -> str:
    """The page's state for a failure message (or why it could not be read)."""
    try:
        return page.evaluate(WHERE)
    except PlaywrightError as error:
        return "unreadable (" + str(error).splitlines()[0] + ")"


@pytest.mark.parametrize("device", ["Pixel 7"])
@pytest.mark.parametrize("take", ["button", "reload"])
def test_a_new_build_is_taken_whole_and_never_breaks_the_page(make_context, deploy, take):
    url, site = deploy
    context = make_context()
    failed, requested = [], []
    context.on("response", lambda r: r.status >= 400 and failed.append(r.url))
    context.on("request", lambda r: requested.append(r.url))
    page = context.new_page()
    errors = PageErrors(page)
    load(page, url)
    page.wait_for_selector("body[data-offline-ready=true]", state="attached", timeout=60_000)
    fill(page, EASY)
    assert shown_build(page) == "A"

    old_chunk, new_chunk = rename_chunk(site)
    stamp(site, "B")
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_selector("#update-note:not([hidden])", timeout=60_000)
    assert "new version" in page.inner_text("#update-note")
    assert shown_build(page) == "A"  # nothing changes under the player's feet
    page.screenshot(path=str(site.parent.parent / "update-note.png"))
    requested.clear()
    if take == "button":
        with page.expect_navigation():
            page.click("#update-reload")
        page.wait_for_selector("body[data-solver-ready=true]", state="attached",
                               timeout=90_000)
    else:
        load(page, url)
    for _ in range(2):  # this load and the next are all B
        assert shown_build(page) == "B"
        assert grid_text(page) == EASY
        assert not any(old_chunk in u for u in requested)
        load(page, url)
    assert any(new_chunk in u for u in requested) or page.evaluate(
        "caches.keys().then((names) => names.length)") == 1
    context.set_offline(True)
    load(page, url)
    assert shown_build(page) == "B" and grid_text(page) == EASY
    assert failed == [] and errors.messages == []


@pytest.mark.parametrize("device", ["Pixel 7"])
def test_losing_offline_use_is_said(make_context, base_url):
    context = make_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    origin = base_url.split("/" + SUB_PATH)[0]
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin, "quotaSize": 2_000_000})
    load(page, base_url)
    page.wait_for_selector("body[data-offline-ready=false]", state="attached", timeout=60_000)
    note = page.inner_text("#update-note")
    assert "Offline use is not available" in note and "too little storage" in note
    assert page.evaluate("caches.keys()") == []  # no half-filled cache left behind
    fill(page, EASY)
    assert grid_text(page) == EASY  # the app itself works on


def change_protocol(site) -> None:
    """Deploy a worker protocol change: a reply status renamed in build B, so a page of one
    build answered by a worker of the other misreads every solve. B's Pyodide starts in full
    (its snapshot, which holds A's protocol imported, is cut short: pyodide_snapshot.mjs then
    starts Pyodide the usual way), so B's page and both its workers all speak B's protocol
    (the page's from its bytecode, compiled as scripts/build_vendor.py does)."""
    protocol = site / "static" / "protocol.py"
    text = protocol.read_text()
    assert 'UNIQUE = "unique"' in text
    protocol.write_text(text.replace('UNIQUE = "unique"', 'UNIQUE = "unique-b"'))
    module = build_vendor()  # the page's MicroPython imports it as bytecode: built anew
    code = module.compile_mpy(module.mpy_compiler(), protocol, "protocol.py")
    if code is not None:  # into the UI's archive, as the build puts it there
        archive = site / "static" / "vendor" / "ui.tar.gz"
        with tarfile.open(archive) as built:
            entries = {member.name: built.extractfile(member).read()
                       for member in built.getmembers() if member.isfile()}
        assert "protocol.mpy" in entries
        module.write_archive(archive, dict(entries, **{"protocol.mpy": code}))
    snapshot = site / "static" / "vendor" / "pyodide" / "pyodide_snapshot.bin.gz"
    snapshot.write_bytes(snapshot.read_bytes()[:1000])


def solves(page) -> str:
    """Clear the grid, type EASY, press Solve: the status said ("Solved ..." when solved)."""
    page.click("#clear")
    fill(page, EASY)
    return solve(page)


BIG = load_lines("25x25_gecode_frisch.txt")[0].split()[0]  # a search of minutes


def restart_worker(page) -> None:
    """Start a search that takes minutes and Cancel it: the page replaces the busy worker
    with a fresh one (static/ui/solver_client.py)."""
    fill(page, BIG)
    page.click("#solve")
    page.wait_for_selector("body[data-solving=true]", state="attached")
    page.click("#cancel")


@pytest.mark.parametrize("device", ["desktop"])
def test_open_tabs_keep_their_build_until_reloaded(make_context, deploy):
    """Tabs on build A; B is deployed (changed CSS, a renamed chunk, a changed worker
    protocol). The tabs work on A and are offered the update; one takes it, the others work
    on A until reloaded; then they are B, whole, with the game kept."""
    url, site = deploy
    context = make_context()
    failed = []
    context.on("response", lambda r: r.status >= 400 and failed.append(r.url))
    tabs = [context.new_page() for _ in range(3)]  # the third stays on A to the end
    errors = [PageErrors(tab) for tab in tabs[:2]]
    load(tabs[0], url)
    tabs[0].wait_for_selector("body[data-offline-ready=true]", state="attached", timeout=60_000)
    for tab in tabs[1:]:
        load(tab, url)

    rename_chunk(site)
    change_protocol(site)
    stamp(site, "B")
    tabs[0].evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    for tab in tabs:
        tab.wait_for_selector("#update-note:not([hidden])", timeout=60_000)
        assert "new version" in tab.inner_text("#update-note")
    for tab in tabs[:2]:  # still A, and working
        assert shown_build(tab) == "A" and solves(tab).startswith("Solved")

    with tabs[0].expect_navigation():
        tabs[0].click("#update-reload")
    wait_solver(tabs[0])
    assert shown_build(tabs[0]) == "B" and solves(tabs[0]).startswith("Solved")
    tabs[1].wait_for_selector("#update-note:not([hidden])")
    assert "another tab" in tabs[1].inner_text("#update-note")
    assert shown_build(tabs[1]) == "A"
    assert solves(tabs[1]).startswith("Solved")  # A's page, A's running workers

    saved = grid_text(tabs[1])
    load(tabs[1], url)
    assert shown_build(tabs[1]) == "B" and grid_text(tabs[1]) == saved
    assert solves(tabs[1]).startswith("Solved")  # B's page and workers: B's status read
    assert failed == [] and [e.messages for e in errors] == [[], []]

    # Tab 3 is still on A while B is active: a worker started now (Cancel replaces the busy
    # one) would be built from B's files (B's service worker serves B; A's cache is gone),
    # a mix that misreads every answer. The tab reloads into B instead, saying so, with the
    # game it had kept, and solves on B.
    errors.append(PageErrors(tabs[2]))
    with tabs[2].expect_navigation(timeout=60_000):
        restart_worker(tabs[2])
    wait_solver(tabs[2])
    assert shown_build(tabs[2]) == "B"
    assert "reloaded to the app's new version" in tabs[2].inner_text("#status")
    assert grid_text(tabs[2]) == BIG
    assert solves(tabs[2]).startswith("Solved")
    assert failed == [] and errors[2].messages == []
