"""Framing (issue 26, docs/SECURITY.md "Framing"): GitHub Pages cannot send
frame-ancestors, so another site can frame the app. Here a page served from a second
loopback port frames the app, as another site (http://localhost:<port>, while the app is at
http://127.0.0.1:<port>) and as another origin of the same site (127.0.0.1, another port),
and the test shows what the framing page can and cannot do."""

import functools
import threading

import pytest

from solver import read
from solver.logic import next_step
from tests.browser.conftest import PageErrors, QuietHandler, QuietServer
from tests.browser.pages import (
    SOLVER_TIMEOUT_MS,
    UI_TIMEOUT_MS,
    fill,
    grid_text,
    open_app,
    press,
    solve,
)
from tests.checks import EASY

pytestmark = pytest.mark.browser

EASY_OTHER = EASY[27:] + EASY[:27]  # its bands in another order
OTHER = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
FRAMER = ('<!doctype html><meta charset="utf-8"><title>Another site</title>'
          '<link rel="icon" href="data:,">'
          '<iframe id="app" src="{app}" style="width:420px;height:760px"></iframe>')
# What the framing page's own script gets when it reaches into the frame.
REACH_IN = """() => {
    const frame = document.getElementById('app');
    const tries = {
        document: () => frame.contentDocument === null ? 'null' : 'read',
        grid: () => frame.contentWindow.document.querySelector('#grid').textContent,
        storage: () => frame.contentWindow.localStorage.getItem('sudoku-solver.session'),
        script: () => frame.contentWindow.eval('1 + 1'),
    };
    const answers = {};
    for (const [name, attempt] of Object.entries(tries)) {
        try { answers[name] = String(attempt()); }
        catch (error) { answers[name] = error.name; }
    }
    return answers;
}"""
CANNOT = {"document": "null", "grid": "SecurityError", "storage": "SecurityError",
          "script": "SecurityError"}
# Run in the framed app: which kinds of storage it is given.
STORAGE_DENIED = """async () => {
    const answers = {};
    try { localStorage.length; answers.localStorage = 'allowed'; }
    catch (error) { answers.localStorage = error.name; }
    try { await caches.keys(); answers.caches = 'allowed'; }
    catch (error) { answers.caches = error.name; }
    answers.indexedDB = await new Promise((done) => {
        const request = indexedDB.open('framing-probe');
        request.onsuccess = () => done('allowed');
        request.onerror = () => done('denied');
    });
    return answers;
}"""


@pytest.fixture
def framer(tmp_path, base_url):
    """host -> the URL of a page on another loopback port that frames the app."""
    (tmp_path / "frame.html").write_text(FRAMER.format(app=base_url))
    handler = functools.partial(QuietHandler, directory=str(tmp_path))
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield lambda host: "http://" + host + ":" + str(server.server_port) + "/frame.html"
    server.shutdown()
    server.server_close()


def framed_app(page, base_url: str, ready: str = "solver"):
    """The app's frame in the framing page, once its UI and `ready` ("solver": Pyodide's;
    "solve": the first, MicroPython, solver's) are."""
    page.wait_for_selector("#app")
    frame = page.frame(url=lambda url: url.startswith(base_url))
    frame.wait_for_selector("body[data-ui-ready=true]", state="attached", timeout=UI_TIMEOUT_MS)
    frame.wait_for_selector("body[data-" + ready + "-ready=true]", state="attached",
                            timeout=SOLVER_TIMEOUT_MS)
    return frame


def link_into_frame(page, base_url: str, puzzle: str) -> None:
    """The framing page points its frame at a ?p= link of its choosing."""
    page.evaluate("([url, puzzle]) => { document.getElementById('app').src = "
                  "url + '?p=' + encodeURIComponent(puzzle); }", [base_url, puzzle])


def players_game(context, base_url: str):
    """A tab of the app itself (first party) where the player has a game saved."""
    own = context.new_page()
    open_app(own, base_url)
    fill(own, EASY)
    return own


def reloaded_grid(own, base_url: str) -> str:
    own.reload()
    open_app(own, base_url)
    return grid_text(own)


@pytest.mark.parametrize("device", ["desktop"])
def test_a_page_of_the_same_site_framing_the_app(make_context, base_url, framer):
    """Another origin of the same site (another port): the app in the frame is the player's
    own (storage is not partitioned within a site), so clicks tricked out of the player act
    on their game; the framing page still cannot read or script it."""
    context = make_context()
    own = players_game(context, base_url)
    page = context.new_page()
    errors = PageErrors(page)
    page.goto(framer("127.0.0.1"))
    frame = framed_app(page, base_url)
    assert page.evaluate(REACH_IN) == CANNOT
    assert grid_text(frame) == EASY  # the player's saved game, shown in the frame
    assert solve(frame).startswith("Solved")  # can: use it, as a tricked player would
    link_into_frame(page, base_url, OTHER)  # can: put a puzzle in it through a link
    frame = framed_app(page, base_url)
    assert grid_text(frame) == OTHER
    assert reloaded_grid(own, base_url) == OTHER  # ... and that reaches the player's game
    assert errors.messages == []


@pytest.mark.parametrize("device", ["desktop"])
def test_another_site_framing_the_app(make_context, base_url, framer):
    """Another site (localhost framing 127.0.0.1): Chromium denies the framed app storage
    (localStorage, CacheStorage, IndexedDB), so it starts empty, says that work will not be
    kept, and nothing done in it reaches the player's game; the framing page cannot read or
    script it."""
    context = make_context()
    own = players_game(context, base_url)
    page = context.new_page()
    page.goto(framer("localhost"))
    frame = framed_app(page, base_url, ready="solve")
    assert page.evaluate(REACH_IN) == CANNOT
    assert frame.evaluate(STORAGE_DENIED) == {"localStorage": "SecurityError",
                                              "caches": "SecurityError", "indexedDB": "denied"}
    assert grid_text(frame) != EASY
    assert "will not be kept" in frame.inner_text("body")
    link_into_frame(page, base_url, EASY_OTHER)
    frame = framed_app(page, base_url, ready="solve")
    assert grid_text(frame) == EASY_OTHER
    assert reloaded_grid(own, base_url) == EASY  # the player's game is untouched


@pytest.mark.parametrize("device", ["desktop"])
def test_solve_works_in_another_sites_frame_and_the_rest_is_explained(make_context, base_url,
                                                                       framer):
    """In another site's frame the browser denies storage, and PyScript cannot start the
    Pyodide worker without it (it opens an IndexedDB store first; the rejection, an Event,
    cannot even be posted: DataCloneError). Solve runs on the MicroPython worker, even after
    Pyodide failed; what needs Pyodide says so in words, with a link that opens the app in
    its own tab, and the browser's raw error is shown nowhere."""
    page = make_context().new_page()
    page.goto(framer("localhost"))
    framed_app(page, base_url, ready="solve")
    link_into_frame(page, base_url, EASY_OTHER)
    frame = framed_app(page, base_url, ready="solve")
    frame.wait_for_selector("body[data-solver-state=failed]", state="attached",
                            timeout=SOLVER_TIMEOUT_MS)
    assert not frame.is_visible("#progress")  # nothing is loading any more
    assert solve(frame, timeout_ms=SOLVER_TIMEOUT_MS).startswith("Solved")
    frame.wait_for_selector("#framed-note:not([hidden])")
    note = frame.inner_text("#framed-note")
    assert "only Solve, hints and steps work here" in note and "its own tab" in note
    link = frame.locator("#framed-link")
    assert link.get_attribute("target") == "_blank" and "noopener" in link.get_attribute("rel")
    assert link.get_attribute("href").startswith(base_url)  # the app itself, first party
    frame.click("#undo")  # the solution hidden: Hint runs on the MicroPython worker too
    assert press(frame, "#hint").startswith(next_step(read(EASY_OTHER)).nudge())
    assert "Only Solve, Hint and Step work inside another site's page" in press(frame,
                                                                                "#explain")
    body = frame.inner_text("body")
    assert "could not be cloned" not in body and "postMessage" not in body
