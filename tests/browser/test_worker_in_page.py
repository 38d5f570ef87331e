"""Every worker command answered by the Pyodide worker as the page runs it: the trimmed,
precompiled stdlib (scripts/pyodide_bytecode.mjs) and solver_pyc.zip, so a module missing
from them fails here. The worker is started with the page's own worker.toml and Pyodide
loader (restored from the memory snapshot, whose modules are imported already)."""

import json

import pytest

import protocol
import tests.ui  # noqa: F401 - puts static/ on the path, for the `ui` package
from solver.model.puzzle import read
from tests.browser.pages import PYODIDE_LOADER, open_app
from tests.checks import EASY

pytestmark = pytest.mark.browser
BLANK = 200  # pixels a side of the blank photo scanned

CALL_EVERY_COMMAND = """async ([requests, loader]) => {
    const base = new URL('static/', location.href).href;
    const {PyWorker} = await import(base + 'vendor/pyscript/core.js');
    const worker = await PyWorker(base + 'worker.py', {type: 'pyodide',
        version: new URL(loader, base).href, config: base + 'worker.toml'});
    await worker.ready;
    const replies = {};
    for (const [command, request] of Object.entries(requests)) {
        try { replies[command] = JSON.parse(await worker.sync.call(command, request)); }
        catch (error) { replies[command] = {status: 'failed', message: String(error)}; }
    }
    return replies;
}"""


def test_every_command_answers_in_the_pages_pyodide_worker(page, base_url):
    open_app(page, base_url, solver=True)
    puzzle = protocol.puzzle_request(read(EASY), [])
    requests = {command: json.dumps(puzzle) for command in protocol.COMMANDS}
    requests[protocol.PING] = "{}"
    requests[protocol.GENERATE] = json.dumps(protocol.generate_request(9, "Hard", True))
    # a blank photo read inside given corners: every step of the reader runs (an empty grid)
    corners = [[0, 0], [BLANK - 1, 0], [BLANK - 1, BLANK - 1], [0, BLANK - 1]]
    requests[protocol.SCAN] = json.dumps(
        protocol.scan_request(bytes(BLANK * BLANK), BLANK, BLANK, corners))
    requests[protocol.WATCH] = json.dumps(protocol.watch_request(read(EASY), "fewest"))
    replies = page.evaluate(CALL_EVERY_COMMAND, [requests, PYODIDE_LOADER])
    expected = {protocol.PING: protocol.READY, protocol.ANALYSE: protocol.UNIQUE,
                protocol.HINT: protocol.STEP, protocol.CANDIDATES: protocol.OK,
                protocol.RATE: protocol.RATED, protocol.EXPLAIN: protocol.EXPLAINED,
                protocol.GENERATE: protocol.GENERATED, protocol.SCAN: protocol.READ,
                protocol.WATCH: protocol.SOLVED}
    assert set(expected) == set(protocol.COMMANDS)
    assert {c: r["status"] for c, r in replies.items()} == expected, replies
