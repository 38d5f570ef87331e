"""Helpers the browser tests share: open the app, wait for its ready flags, read the grid."""

import json
import tomllib
from pathlib import Path

SOLVER_TIMEOUT_MS = 90_000  # Pyodide boot; a 2-core machine busy with other tests is slow
UI_TIMEOUT_MS = 20_000
# The module the page's Pyodide worker loads Pyodide through (static/worker.toml's
# `interpreter`, relative to static/): tests starting their own worker use it too.
PYODIDE_LOADER = tomllib.loads(
    (Path(__file__).resolve().parents[2] / "static" / "worker.toml").read_text())["interpreter"]
# Python answers from Pyodide workers started as the page starts one (PyScript, its loader):
# each runs `source` and answers what its `answer()` returns; then it is stopped.
PYODIDE_ANSWERS = """async ([loader, source, count]) => {
    const base = new URL('static/', location.href).href;
    const {PyWorker} = await import(base + 'vendor/pyscript/core.js');
    const script = URL.createObjectURL(new Blob([source], {type: 'text/x-python'}));
    const version = new URL(loader, base).href;
    const answers = [];
    for (let i = 0; i < count; i++) {
        const worker = await PyWorker(script, {type: 'pyodide', version});
        await worker.ready;
        answers.push(await worker.sync.answer());
        worker.terminate();
    }
    return answers;
}"""
# A source for PYODIDE_ANSWERS: whether the solver was imported before the script ran (only
# the memory snapshot, static/pyodide_snapshot.mjs, holds it so) and a draw from `random`.
SNAPSHOT_PROBE = """import random
import sys

restored = "solver.api" in sys.modules


def answer():
    return [restored, random.random()]


__export__ = ["answer"]
"""


def pyodide_answers(page, source: str, count: int = 1) -> list:
    """What `count` Pyodide workers running `source` answer (see PYODIDE_ANSWERS)."""
    return page.evaluate(PYODIDE_ANSWERS, [PYODIDE_LOADER, source, count])


def slow_line(page) -> None:
    """Emulate a line Chromium rates "3g" (static/line.js's slow line) for the page and its
    workers: 600 ms a request, the bandwidth kept high so that a test stays quick."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 600, "downloadThroughput": 10_000_000,
        "uploadThroughput": 10_000_000})


SAVE_DATA = {"dataSaverEnabled": True}


def save_data(page) -> None:
    """Emulate Save-Data (navigator.connection.saveData) for the page and every worker it
    starts, its service worker included: CDP emulates it per target, so the page's session
    attaches to each new worker, paused at its start, and sets it there too. (One of the
    page's three workers, not the Pyodide one, has been seen to miss it: the override is
    sent without waiting for its answer, so tests check the workers that matter.)"""
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setDataSaverOverride", SAVE_DATA)

    def attached(event):
        for number, (method, params) in enumerate(
                (("Emulation.setDataSaverOverride", SAVE_DATA),
                 ("Runtime.runIfWaitingForDebugger", {})), 1):
            session.send("Target.sendMessageToTarget", {
                "sessionId": event["sessionId"],
                "message": json.dumps({"id": number, "method": method, "params": params})})

    session.on("Target.attachedToTarget", attached)
    session.send("Target.setAutoAttach",
                 {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})


def open_app(page, base_url: str, query: str = "", solver: bool = False) -> None:
    """Load the app and wait for the UI (and the solver) to say they are ready."""
    page.goto(base_url + query)
    page.wait_for_selector("body[data-ui-ready=true]", state="attached", timeout=UI_TIMEOUT_MS)
    if solver:
        wait_solver(page)


def wait_solver(page) -> None:
    page.wait_for_selector(
        "body[data-solver-ready=true]", state="attached", timeout=SOLVER_TIMEOUT_MS
    )


def reset(page) -> None:
    """Back to an empty 9x9 grid without reloading (keeps the worker)."""
    screen = page.get_attribute("body", "data-screen")
    if screen in ("lesson", "scan"):
        page.click("#lesson-close" if screen == "lesson" else "#scan-close")
    if page.input_value("#size") != "9":
        page.select_option("#size", "9")
    page.click("#clear")
    page.wait_for_function("document.querySelectorAll('#grid .cell').length === 81")


def grid_text(page) -> str:
    """The grid as shown: one symbol per cell, '.' for empty."""
    return page.eval_on_selector_all(
        "#grid .cell", "cells => cells.map(c => c.value || '.').join('')"
    )


def cell_kinds(page) -> list:
    return page.eval_on_selector_all(
        "#grid .cell", "cells => cells.map(c => c.dataset.kind || 'empty')"
    )


def flagged(page, name: str) -> list:
    """The cells whose data-<name> is "true" (e.g. 'wrong', 'conflict')."""
    return page.eval_on_selector_all(
        "#grid .cell",
        "(cells, name) => cells.flatMap((c, i) => c.dataset[name] === 'true' ? [i] : [])", name,
    )


def fill(page, text: str) -> None:
    """Fill the grid through the 'Type or paste a puzzle' box."""
    page.fill("#puzzle-text", text)
    page.click("#load")


def solve(page, timeout_ms: int = 60_000) -> str:
    """Press Solve and wait for the answer; returns the status message."""
    before = int(page.get_attribute("body", "data-solved") or 0)
    page.click("#solve")
    page.wait_for_function(
        "n => Number(document.body.dataset.solved || 0) > n", arg=before, timeout=timeout_ms
    )
    return page.inner_text("#status")


def press(page, button: str) -> str:
    """Click a coach button and wait for its answer; returns the status message."""
    before = int(page.get_attribute("body", "data-coach") or 0)
    page.click(button)
    page.wait_for_function(
        "n => Number(document.body.dataset.coach || 0) > n", arg=before, timeout=60_000
    )
    return page.inner_text("#status")


# Firefox builds a ClipboardEvent's data from its own `dataType`/`data` fields and drops a
# given `clipboardData`; Chromium and WebKit take `clipboardData`.
PASTE = """([cell, text]) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    document.getElementById('c' + cell).dispatchEvent(new ClipboardEvent('paste', {
        clipboardData: data, dataType: 'text/plain', data: text, bubbles: true, cancelable: true}));
}"""


def paste(page, text: str, cell: int = 0) -> None:
    """Paste text onto a cell of the grid, as the clipboard would."""
    page.evaluate(PASTE, [cell, text])
