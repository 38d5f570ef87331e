"""Issue 26, items 1-4, in the page: a crafted save (a wrong-typed phase or notes, a bad undo
step) lets the page start, says what went wrong and keeps the save aside, on a reload and
from another tab; a dropped file with a 3,000,000-character name gets a message, not an
uncaught MemoryError. Each failed before ui/storage.py checked every field and the page
started, followed other tabs and rendered inside a guard."""

import json

import pytest

from tests.browser.conftest import PageErrors
from tests.checks import EASY

from .pages import UI_TIMEOUT_MS, fill, grid_text, open_app, two_tabs

pytestmark = pytest.mark.browser

KEY = "sudoku-solver.session"
CELLS = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
KINDS = "".join("." if d == "0" else "g" for d in CELLS)


def crafted(**fields) -> str:
    return json.dumps(dict({"cells": CELLS, "kinds": KINDS, "phase": "play", "size": 9},
                           **fields))


# A sample of issue 26's crafted saves (tests/ui/test_storage.py has them all).
SAMPLE = {"phase 7": crafted(phase=7), "phase html": crafted(phase="<img src=x>"),
          "notes x": crafted(notes=["x"] * 81), "notes null": crafted(notes=[None] * 81),
          "undo phase x": crafted(undo=[{"phase": "x"}], redo=[])}


@pytest.mark.parametrize("text", list(SAMPLE.values()), ids=list(SAMPLE))
def test_a_crafted_save_lets_the_page_start_says_so_and_is_kept_aside(page, base_url, text):
    errors = PageErrors(page)
    open_app(page, base_url)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, text])
    page.reload()
    page.wait_for_selector("body[data-ui-ready=true]", state="attached", timeout=UI_TIMEOUT_MS)
    # no game to go on with, so the home screen opens, and says what happened there
    assert page.get_attribute("body", "data-screen") == "home"
    assert page.is_visible("#home-note")
    assert "could not be read" in page.inner_text("#home-note")
    assert "could not be read" in page.inner_text("#status")
    assert page.evaluate("(k) => localStorage.getItem(k + '.damaged')", KEY) == text
    # the solver was started (Pyodide's worker starts once the MicroPython one is up)
    page.wait_for_selector("body[data-solver-state]", state="attached", timeout=UI_TIMEOUT_MS)
    page.click("#enter")
    page.click("#c0")
    page.keyboard.press("5")  # and typing works
    assert grid_text(page)[0] == "5"
    assert [m for m in errors.messages if "pageerror" in m] == []


def test_a_crafted_save_from_another_tab_is_refused_and_said(make_context, base_url):
    first, second, (errors, _) = two_tabs(make_context, base_url)
    fill(first, EASY)
    second.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, SAMPLE["phase 7"]])
    first.wait_for_function(
        "document.getElementById('status').textContent.includes('could not be read')")
    assert grid_text(first) == EASY  # this tab's game is kept
    first.click("#undo")  # and it works on
    assert [m for m in errors.messages if "pageerror" in m] == []


def test_a_dropped_file_with_a_huge_name_gets_a_message(page, base_url):
    errors = PageErrors(page)
    open_app(page, base_url)
    page.evaluate("""([name, text]) => {
        const data = new DataTransfer();
        data.items.add(new File([text], name, {type: 'text/plain'}));
        document.getElementById('c40').dispatchEvent(
            new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));
    }""", ["x" * 3_000_000 + ".txt", EASY])
    page.wait_for_function(
        "document.getElementById('status').textContent.includes('3000004 characters')")
    assert grid_text(page) == EASY  # the file itself was read
    assert [m for m in errors.messages if "pageerror" in m] == []
