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


def open_app(page, base_url: str, query: str = "", solver: bool = False,
             home: bool = False, ui_timeout_ms: int = UI_TIMEOUT_MS) -> None:
    """Load the app and wait for the UI (and the solver) to say they are ready. Opened on
    the home screen (no game kept), it goes on to an empty grid as a person would (Type or
    paste), unless `home`. (`ui_timeout_ms`: longer where a load may reload itself.)"""
    page.goto(base_url + query)
    page.wait_for_selector("body[data-ui-ready=true]", state="attached", timeout=ui_timeout_ms)
    if not home and page.get_attribute("body", "data-screen") == "home":
        page.click("#enter")
        page.wait_for_selector("#grid", state="visible")
    if solver:
        wait_solver(page)


def reopen(page) -> None:
    """Reload the page and go back to the game, as a person does (Continue on home)."""
    page.reload()
    page.wait_for_selector("body[data-ui-ready=true]", state="attached", timeout=UI_TIMEOUT_MS)
    if page.get_attribute("body", "data-screen") == "home":
        page.click("#continue")


def two_tabs(make_context, base_url: str, query: str = "") -> tuple:
    """(first, second, errors): two tabs of one browser context (one storage, as a person's
    two tabs share) opened on the app (`query` appended), first then second; `errors` the
    PageErrors of each, watching from before it loaded."""
    from tests.browser.conftest import PageErrors  # (conftest is pytest's: imported late)

    context = make_context()
    tabs = (context.new_page(), context.new_page())
    errors = tuple(PageErrors(tab) for tab in tabs)
    for tab in tabs:
        open_app(tab, base_url, query)
    return tabs[0], tabs[1], errors


def menu(page, selector: str) -> None:
    """Open the game's menu (#more) when `selector` is a control inside it not on show
    (a phone: the menu is a sheet; a desktop shows it open beside the grid)."""
    if not page.is_visible(selector) and page.is_visible("#more"):
        page.click("#more")
        page.wait_for_selector(selector, state="visible")


def click(page, selector: str) -> None:
    """Click a control, in the menu if that is where it is."""
    menu(page, selector)
    page.click(selector)


def choose_size(page, size: int, accept: bool = True) -> None:
    """Pick a grid size in the menu; the question asked when a game would be replaced is
    answered `accept` (and waited for: the grid has that size, or the choice is undone)."""
    menu(page, "#size")

    def answer(dialog):
        dialog.accept() if accept else dialog.dismiss()

    page.on("dialog", answer)
    before = page.get_attribute("#grid", "data-size")
    page.select_option("#size", str(size))
    page.wait_for_function(
        "([size, before]) => document.getElementById('grid').dataset.size === size"
        " || document.getElementById('size').value === before", arg=[str(size), before])
    page.remove_listener("dialog", answer)
    close_menu(page)


def close_menu(page) -> None:
    """Close the menu's sheet (a setting leaves it open), as Escape does for a person."""
    if page.get_attribute("#menu", "data-open") == "true":
        page.keyboard.press("Escape")
    page.keyboard.press("Escape")  # a setting keeps the menu open: closed as a person would


def wait_solver(page) -> None:
    page.wait_for_selector(
        "body[data-solver-ready=true]", state="attached", timeout=SOLVER_TIMEOUT_MS
    )


def reset(page) -> None:
    """Back to an empty 9x9 grid without reloading (keeps the worker)."""
    screen = page.get_attribute("body", "data-screen")
    if screen in ("lesson", "scan"):
        page.click("#lesson-close" if screen == "lesson" else "#scan-close")
    if page.get_attribute("body", "data-watching") == "true":  # (Watch hides the tools)
        page.click("#watch-cancel")
        page.wait_for_selector("body[data-watching=false]", state="attached")
    click(page, "#clear")
    if page.input_value("#size") != "9":
        choose_size(page, 9)
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
    """Fill the grid through the 'Type or paste a puzzle' box (under the grid; from the
    home screen, Type or paste leads there)."""
    if page.get_attribute("body", "data-screen") == "home":
        page.click("#enter")
    page.fill("#puzzle-text", text)
    page.click("#load")


def solve(page, timeout_ms: int = 60_000) -> str:
    """Press Solve and wait for the answer; returns the status message."""
    before = int(page.get_attribute("body", "data-solved") or 0)
    click(page, "#solve")
    page.wait_for_function(
        "n => Number(document.body.dataset.solved || 0) > n", arg=before, timeout=timeout_ms
    )
    return page.inner_text("#status")


def press(page, button: str) -> str:
    """Click a coach button and wait for its answer; returns the status message."""
    before = int(page.get_attribute("body", "data-coach") or 0)
    click(page, button)
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


def tick(page, selector: str, on: bool = True) -> None:
    """Check (or uncheck) a setting's box, in the menu if that is where it is."""
    menu(page, selector)
    page.set_checked(selector, on)
    close_menu(page)


def new_game(page, level: str, logical=None, symmetric=None) -> str:
    """Home, then New game of `level` (Logic only and Symmetric ticked as given, else left
    as they are); waits for the puzzle and returns the status message."""
    if page.get_attribute("body", "data-screen") != "home":
        page.click("#go-home")
    page.select_option("#new-level", level)
    if logical is not None:
        page.set_checked("#new-logical", logical)
    if symmetric is not None:
        page.set_checked("#new-symmetric", symmetric)
    return press(page, "#new-game")
