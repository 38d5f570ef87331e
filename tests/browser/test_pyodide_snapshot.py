"""The Pyodide worker starts from the memory snapshot made at vendoring time
(static/pyodide_snapshot.mjs, scripts/pyodide_bytecode.mjs): it is used, each restored
interpreter gets its own random state, and without the snapshot Pyodide still starts."""

import gzip

import pytest

from tests.browser.pages import (
    PYODIDE_LOADER,
    SNAPSHOT_PROBE,
    open_app,
    pyodide_answers,
    wait_solver,
)

pytestmark = pytest.mark.browser
SNAPSHOT = "**/pyodide_snapshot.bin.gz"
RESTORED = "snapshot-restored"  # the loader's performance mark once the snapshot is in use


def restored_workers(page) -> int:
    """How many of the page's workers started Pyodide from the snapshot."""
    count = 0
    for worker in page.workers:
        marks = worker.evaluate(f"performance.getEntriesByName('{RESTORED}').length")
        count += marks > 0
    return count


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
    warnings = []
    page.on("console", lambda message: warnings.append(message.text)
            if message.type == "warning" else None)
    page.route(SNAPSHOT, lambda route: route.abort())
    open_app(page, base_url)
    wait_solver(page)
    assert restored_workers(page) == 0
    assert any("snapshot did not load" in text for text in warnings), warnings


def test_a_snapshot_the_server_sent_content_encoded_is_used_as_well(page, base_url):
    """A server may send the .gz with Content-Encoding: gzip: the browser unpacks it."""

    def unpacked(route):
        body = gzip.decompress(route.fetch().body())
        route.fulfill(status=200, body=body, headers={"Content-Type": "application/gzip"})

    page.route(SNAPSHOT, unpacked)
    open_app(page, base_url, solver=True)
    assert restored_workers(page) == 1
