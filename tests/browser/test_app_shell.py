"""The page as an app: offline after the first visit, installable, dark mode, keyboard and
focus, the Content-Security-Policy, and relative paths under a sub-path."""

import json
import re

import pytest

from solver.model.puzzle import read
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PageErrors
from tests.browser.pages import fill, grid_text, open_app, solve
from tests.checks import EASY, solution_problems

pytestmark = pytest.mark.browser


def precache_list(site_dir) -> dict:
    text = (site_dir / "sudoku" / "static" / "vendor" / "precache.js").read_text()
    return json.loads(text[text.index("{"):text.rindex("}") + 1])


def test_works_offline_after_the_first_visit(make_context, base_url):
    context = make_context()
    page = context.new_page()
    errors = PageErrors(page)
    open_app(page, base_url, solver=True)
    page.wait_for_selector("body[data-offline-ready=true]", state="attached", timeout=60_000)
    fill(page, EASY)
    context.set_offline(True)
    page.reload()
    open_app(page, base_url, solver=True)  # every file now comes from the service worker
    assert grid_text(page) == EASY  # and the grid from localStorage
    assert solve(page).startswith("Solved")
    assert solution_problems(read(EASY), read(grid_text(page))) == []
    assert errors.messages == []


def test_every_request_stays_under_the_sub_path_and_is_precached(make_context, base_url, site_dir):
    context = make_context()
    urls = []
    context.on("request", lambda request: urls.append(request.url))
    page = context.new_page()
    open_app(page, base_url, solver=True)
    fill(page, EASY)
    solve(page)
    page.wait_for_selector("body[data-offline-ready=true]", state="attached", timeout=60_000)
    fetched = {u.split("?")[0] for u in urls if not u.startswith(("blob:", "data:"))}
    assert fetched and all(u.startswith(base_url) for u in fetched)
    cached = {base_url + url[2:] for url, _ in precache_list(site_dir)["files"]}
    missing = fetched - cached - {base_url + "sw.js", base_url + "static/vendor/precache.js"}
    assert missing == set()


def test_installable_manifest_and_icons(page, base_url):
    """The manifest is linked once the solver is ready (static/updates.js), not while the
    page starts, and names an installable app with its icons."""
    open_app(page, base_url)
    if page.get_attribute("body", "data-solver-ready") != "true":
        assert page.query_selector("link[rel=manifest]") is None
    page.wait_for_selector("body[data-solver-ready=true]", state="attached", timeout=60_000)
    href = page.get_attribute("link[rel=manifest]", "href")
    manifest = page.evaluate("url => fetch(url).then(r => r.json())", href)
    assert manifest["display"] == "standalone" and manifest["name"]
    manifest_url = base_url + href
    scope = page.evaluate("([u, b]) => new URL(u, b).href", [manifest["scope"], manifest_url])
    assert scope == base_url
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        url = page.evaluate("([u, b]) => new URL(u, b).href", [icon["src"], manifest_url])
        status, kind = page.evaluate(
            "u => fetch(u).then(r => [r.status, r.headers.get('content-type')])", url
        )
        assert status == 200 and kind.startswith("image/")


def test_chromium_finds_the_app_installable(playwright, browser, base_url, tmp_path):
    # A real profile: Chromium never offers installation in a private context.
    context = playwright.chromium.launch_persistent_context(
        tmp_path, executable_path=CHROMIUM, args=CHROMIUM_ARGS
    )
    try:
        page = context.new_page()
        open_app(page, base_url, solver=True)
        page.wait_for_selector("body[data-offline-ready=true]", state="attached", timeout=60_000)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getAppManifest").get("errors") == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_colours_follow_the_system_setting(make_context, base_url, scheme):
    page = make_context(color_scheme=scheme).new_page()
    page.goto(base_url)
    rgb = page.evaluate("getComputedStyle(document.body).backgroundColor")
    brightness = sum(int(x) for x in re.findall(r"\d+", rgb)[:3]) / 3
    assert (brightness < 60) if scheme == "dark" else (brightness > 200)


def test_keyboard_only_with_visible_focus(page, base_url, device):
    if device != "desktop":
        pytest.skip("keyboard use is a desktop flow")
    open_app(page, base_url, solver=True)  # Type or paste: the first cell has the focus
    active = "document.activeElement.id"
    assert page.evaluate(active) == "c0"
    # the top bar, backwards: while entering, Play and the rules button after Home
    for stop in ("rules-play", "rules-open", "go-home"):
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(active) == stop
    for _ in range(3):  # on through the top bar to the grid: one Tab stop, its selected cell
        page.keyboard.press("Tab")
    assert page.evaluate(active) == "c0"
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    for digit in "53":  # givens: each moves on to the next empty cell
        page.keyboard.press(digit)
    assert page.evaluate(active) == "c2"
    stops = []  # the rest of the page in Tab order: no more cells, no disabled buttons
    while len(stops) < 60:
        page.keyboard.press("Tab")
        stop = page.evaluate("[document.activeElement.id, document.activeElement.disabled,"
                             " getComputedStyle(document.activeElement).outlineStyle,"
                             " document.activeElement.tagName]")
        if stop[0] == "go-home" or stop[3] == "BODY":
            break  # past the end of the page
        stops.append(stop)
    names = [stop[0] for stop in stops]
    assert not any(name.startswith("c") and name[1:].isdigit() for name in names)
    assert not any(stop[1] for stop in stops)
    assert {"hint", "check", "notes", "solve", "step"} <= set(names)
    assert all(stop[2] != "none" for stop in stops if stop[0] == "solve")
    page.focus("#hint")
    for _ in range(names.index("hint") + 1):
        page.keyboard.press("Shift+Tab")
    assert page.evaluate(active) == "c2"  # back into the grid where it was left
    page.keyboard.press("Enter")  # Enter in the grid solves
    page.wait_for_function("Number(document.body.dataset.solved || 0) > 0", timeout=60_000)
    assert "Solved" in page.inner_text("#status") or "More than one" in page.inner_text("#status")


def test_cells_are_labelled(page, base_url):
    page.goto(base_url)  # labels are in the HTML, before any Python
    assert page.get_attribute("#c22", "aria-label") == "row 3, column 5, empty"
    assert page.get_attribute("#grid", "aria-label") == "Sudoku grid, 9 by 9"
    assert page.get_attribute("#status", "role") == "status"


def test_content_security_policy_allows_only_the_site(page, base_url):
    page.goto(base_url)
    policy = page.get_attribute("meta[http-equiv=Content-Security-Policy]", "content")
    directives = dict(
        (part.split()[0], part.split()[1:]) for part in policy.split(";") if part.strip()
    )
    assert directives["default-src"] == ["'self'"]
    assert "'wasm-unsafe-eval'" in directives["script-src"]
    for sources in directives.values():
        assert not any(s.startswith(("http", "*")) or s == "data:" for s in sources if s != "")
    assert directives["object-src"] == ["'none'"]



def test_the_ui_modules_come_from_one_archive_the_browser_inflates(page, base_url):
    """static/ui_files.mjs writes ui.tar.gz's modules before the UI's script runs (its mark
    comes first), fetched once; PyScript's own unpacking (MicroPython's tarfile) never runs,
    nor its writing of its package's source, which the archive holds as bytecode (a mark
    says the code that writes it was found and dropped: PyScript's shape still matches)."""
    archives = []
    page.on("request", lambda request: archives.append(request.url)
            if request.url.endswith("/ui.tar.gz") else None)
    open_app(page, base_url)
    marks = page.evaluate("performance.getEntriesByType('mark').map(mark => mark.name)")
    assert marks.index("ui-files-written") < marks.index("ui-ready")
    assert marks.index("pyscript-writes-skipped") < marks.index("ui-ready")
    assert len(archives) == 1
    assert page.evaluate("document.body.dataset.uiReady") == "true"


def test_without_decompression_streams_micropython_inflates_the_ui_archive(page, base_url):
    """A browser without DecompressionStream (Safari before 16.4): static/ui_files.mjs has
    MicroPython's own deflate inflate the archive, and the UI starts the same."""
    page.add_init_script("delete globalThis.DecompressionStream")
    open_app(page, base_url)
    assert page.evaluate("typeof DecompressionStream") == "undefined"
    marks = page.evaluate("performance.getEntriesByType('mark').map(mark => mark.name)")
    assert marks.index("ui-files-written") < marks.index("ui-ready")
    fill(page, EASY)
    solve(page)  # a 9x9 before any worker: the page's own MicroPython, from those modules
    assert solution_problems(read(EASY), read(grid_text(page))) == []


def test_a_missing_ui_archive_is_said_in_words(make_context, base_url):
    """Without its modules the UI cannot start: the page says so, in place of "Starting
    up", on the home card and on the game's status line, and a later tap does not hide it.
    (A context of its own: the page logs the failed load, which `page` counts as an error.)"""
    page = make_context().new_page()
    page.route("**/ui.tar.gz", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(base_url)
    note = "#home-note" if page.get_attribute("body", "data-screen") == "home" else "#status"
    page.wait_for_function(
        "document.getElementById('status').textContent.includes('could not start')")
    page.click("#enter" if note == "#home-note" else "#cell-0", force=True)
    for where in (note, "#status"):
        words = page.eval_on_selector(where, "element => element.textContent")
        assert "could not start" in words and "HTTP 404" in words, (where, words)
        assert "reload the page" in words
    assert page.get_attribute("body", "data-ui-ready") == "false"
