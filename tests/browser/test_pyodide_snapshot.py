"""The Pyodide worker starts from the memory snapshot made at vendoring time
(static/pyodide_snapshot.mjs, scripts/pyodide_bytecode.mjs): it is used, each restored
interpreter gets its own random state, without the snapshot Pyodide still starts, and a slow
line downloads it only once the service worker holds a copy, which it does not store when the
user asks to save data (until the page asks for it); a restored interpreter mounts only the
stdlib modules the snapshot lacks, so the whole stdlib is neither fetched nor stored then."""

import gzip

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser.conftest import PageErrors
from tests.browser.pages import (
    PYODIDE_LOADER,
    SNAPSHOT_PROBE,
    open_app,
    press,
    pyodide_answers,
    save_data,
    slow_line,
    solve,
    wait_solver,
)
from tests.checks import EASY

pytestmark = pytest.mark.browser
SNAPSHOT_FILE = "pyodide_snapshot.bin.gz"
STDLIB_FILE = "/python_stdlib.zip"  # the whole stdlib: only a start without the snapshot
SNAPSHOT = "**/" + SNAPSHOT_FILE
RESTORED = "snapshot-restored"  # the loader's performance mark once the snapshot is in use


def restored_workers(page) -> int:
    """How many of the page's running workers started Pyodide from the snapshot (a worker
    that ends while being asked, e.g. one replaced meanwhile, is not counted)."""
    count = 0
    for worker in page.workers:
        try:
            marks = worker.evaluate(f"performance.getEntriesByName('{RESTORED}').length")
        except PlaywrightError as error:
            if "closed" not in str(error):
                raise
            continue
        count += marks > 0
    return count


def console_warnings(page) -> list:
    """The texts of the console warnings `page` (and its workers) logs from now on."""
    warnings = []
    page.on("console", lambda message: warnings.append(message.text)
            if message.type == "warning" else None)
    return warnings


def test_the_pages_pyodide_worker_starts_from_the_snapshot(page, base_url):
    open_app(page, base_url, solver=True)
    assert PYODIDE_LOADER == "./pyodide_snapshot.mjs"
    assert restored_workers(page) == 1


def test_each_restored_interpreter_draws_its_own_random_numbers(page, base_url):
    open_app(page, base_url)
    (restored, first), (restored_too, second) = pyodide_answers(page, SNAPSHOT_PROBE, 2)
    assert restored is True and restored_too is True
    assert 0 <= first < 1 and 0 <= second < 1
    assert first != second


def test_without_the_snapshot_pyodide_starts_the_usual_way(page, base_url):
    warnings = console_warnings(page)
    page.route(SNAPSHOT, lambda route: route.abort())
    open_app(page, base_url)
    wait_solver(page)
    assert restored_workers(page) == 0
    assert any("snapshot did not load" in text for text in warnings), warnings


# static/fresh_memory.mjs as if Pyodide instantiated its wasm some way it does not watch
UNWATCHED = "export function onFreshMemory() { return () => {}; }\nexport function xorFresh() {}\n"


def test_a_snapshot_whose_difference_was_not_undone_is_not_used(page, base_url):
    """The file holds the snapshot's difference from a fresh wasm memory: restored as it is,
    the interpreter would start from wrong memory; Pyodide starts in full instead."""
    warnings = console_warnings(page)
    page.route("**/static/fresh_memory.mjs", lambda route: route.fulfill(
        status=200, body=UNWATCHED, headers={"Content-Type": "text/javascript"}))
    open_app(page, base_url, "?p=" + EASY)
    wait_solver(page)
    assert restored_workers(page) == 0
    assert any("snapshot did not load" in text for text in warnings), warnings
    assert solve(page).startswith("Solved")


def test_a_snapshot_the_server_sent_content_encoded_is_used_as_well(page, base_url):
    """A server may send the .gz with Content-Encoding: gzip: the browser unpacks it."""

    def unpacked(route):
        body = gzip.decompress(route.fetch().body())
        route.fulfill(status=200, body=body, headers={"Content-Type": "application/gzip"})

    page.route(SNAPSHOT, unpacked)
    open_app(page, base_url, solver=True)
    assert restored_workers(page) == 1


def visit(page, base_url: str) -> list:
    """Open the app, solve (on a slow line the Pyodide worker starts once MicroPython has
    answered) and wait for Pyodide; the snapshot requests the page and its workers made, as
    (url, served by the service worker). The service worker's own (its precache, once the
    solver is ready) are not theirs."""
    asked = []
    page.on("requestfinished", lambda request: None if request.service_worker
            else asked.append(request))
    page.goto(base_url + "?p=" + EASY)
    page.wait_for_selector("body[data-solve-ready=true]", state="attached", timeout=60_000)
    assert solve(page).startswith("Solved")
    wait_solver(page)
    return [(request.url, request.response().from_service_worker) for request in asked
            if request.url.endswith(SNAPSHOT_FILE)]


def lines(page, question: str) -> set:
    """What the page and each of its workers answer to `question` about their line."""
    return {page.evaluate(question)} | {worker.evaluate(question) for worker in page.workers}


def test_a_slow_line_takes_the_snapshot_only_from_the_service_workers_copy(page, base_url,
                                                                          device):
    if device != "Pixel 7":
        pytest.skip("a slow line is a phone's")
    slow_line(page)
    assert visit(page, base_url) == []  # 3.5 MB the line would carry before hints
    assert lines(page, "navigator.connection.effectiveType") == {"3g"}
    assert restored_workers(page) == 0  # Pyodide started the stock way
    page.wait_for_selector("body[data-offline-ready=true]", state="attached", timeout=60_000)

    again = page.context.new_page()  # the same line, the service worker now holds a copy
    errors = PageErrors(again)
    slow_line(again)
    snapshot = base_url + "static/vendor/pyodide/" + SNAPSHOT_FILE
    assert visit(again, base_url) == [(snapshot, True)]
    assert restored_workers(again) == 1
    assert errors.messages == []


STORED = """async () => {
    const urls = [];
    for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
}"""


def test_saving_data_the_service_worker_stores_all_but_the_snapshot(page, base_url, device):
    if device != "Pixel 7":
        pytest.skip("Save-Data is a phone's setting")
    save_data(page)
    assert visit(page, base_url) == []
    page.wait_for_selector("body[data-offline-ready=true]", state="attached", timeout=60_000)
    service_worker = page.context.service_workers[0]
    assert page.evaluate("navigator.connection.saveData") is True
    assert service_worker.evaluate("navigator.connection.saveData") is True
    listed = service_worker.evaluate(
        "self.PRECACHE.files.map(([url]) => new URL(url, location).href)")
    stored = page.evaluate(STORED)
    assert sorted(stored) == sorted(url for url in listed if not url.endswith(SNAPSHOT_FILE))
    assert restored_workers(page) == 0

    page.context.set_offline(True)  # offline the app still starts Pyodide, in full
    assert visit(page, base_url) == []
    assert restored_workers(page) == 0


def test_save_data_turned_off_the_snapshot_is_stored_when_first_asked_for(page, base_url,
                                                                          device):
    if device != "Pixel 7":
        pytest.skip("Save-Data is a phone's setting")
    save_data(page)
    assert visit(page, base_url) == []
    page.wait_for_selector("body[data-offline-ready=true]", state="attached", timeout=60_000)

    again = page.context.new_page()  # Save-Data off: the page asks for the snapshot
    snapshot = base_url + "static/vendor/pyodide/" + SNAPSHOT_FILE
    assert visit(again, base_url) == [(snapshot, True)]
    assert restored_workers(again) == 1
    assert snapshot in again.evaluate(STORED)  # so the next visit need not download it


def test_a_restored_pyodide_never_fetches_the_whole_stdlib_online_or_offline(page, base_url):
    """The snapshot holds every module of python_stdlib.zip imported: the page and its workers
    never ask for that zip (1.4 MB), the service worker does not store it, and offline the
    restored worker still answers what only Pyodide answers (a hint once it is ready)."""
    asked = []
    page.context.on("request", lambda request: asked.append(request.url))
    open_app(page, base_url, "?p=" + EASY, solver=True)
    page.wait_for_selector("body[data-offline-ready=true]", state="attached", timeout=60_000)
    assert restored_workers(page) == 1
    assert any(url.endswith("/pyodide_snapshot_stdlib.zip") for url in asked)  # workers seen
    assert [url for url in asked if url.endswith(STDLIB_FILE)] == []
    stored = page.evaluate(STORED)
    assert stored and not any(url.endswith(STDLIB_FILE) for url in stored)

    page.context.set_offline(True)
    page.reload()
    open_app(page, base_url, solver=True)
    assert restored_workers(page) == 1
    assert "Press Hint again" in press(page, "#hint")  # a nudge, from Pyodide
