"""Damaged, huge and hostile input at the page (issue 14, defect 6): a save the page cannot
read is kept aside with a message, and links and pastes over the stated size limits are
refused with a message before any work, the grid kept."""

import pytest

from solver.model.puzzle import MAX_FILE_CHARS, MAX_PUZZLE_CHARS
from tests.checks import EASY

from .pages import UI_TIMEOUT_MS, fill, grid_text, open_app, paste, two_tabs

pytestmark = pytest.mark.browser

KEY = "sudoku-solver.session"


def saved(page, text: str) -> None:
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, text])


@pytest.mark.parametrize("damage", ["{not json", "[" * 50_000 + "]" * 50_000,
                                    '{"size": 9, "cells": "' + "0" * 600_000 + '"}'],
                         ids=["broken", "nested", "huge"])
def test_a_damaged_save_is_kept_aside_and_said(page, base_url, damage):
    open_app(page, base_url)
    saved(page, damage)
    page.reload()
    page.wait_for_selector("body[data-ui-ready=true]", state="attached", timeout=UI_TIMEOUT_MS)
    assert "could not be read" in page.inner_text("#status")
    assert page.evaluate("(k) => localStorage.getItem(k + '.damaged')", KEY) == damage
    fill(page, EASY)  # the page works on, and the new save does not touch the kept one
    assert page.evaluate("(k) => localStorage.getItem(k + '.damaged')", KEY) == damage


def test_a_huge_link_is_refused_with_a_message(page, base_url):
    open_app(page, base_url)
    fill(page, EASY)
    page.goto(base_url + "?p=" + "1" * (MAX_PUZZLE_CHARS + 1))
    page.wait_for_selector("body[data-ui-ready=true]", state="attached", timeout=UI_TIMEOUT_MS)
    status = page.inner_text("#status")
    assert "link" in status and "characters long" in status
    assert grid_text(page) == EASY
    assert "1" * 100 not in page.url  # a reload does not meet it again (the game's own
    # short ?p= may stand there: the restored grid is being played)


def test_a_huge_paste_is_refused_with_a_message(page, base_url):
    open_app(page, base_url)
    fill(page, EASY)
    paste(page, "1" * (MAX_FILE_CHARS + 1))
    assert "pasted text is" in page.inner_text("#status")
    assert grid_text(page) == EASY


def test_a_huge_text_box_is_refused_with_a_message_and_kept(page, base_url):
    open_app(page, base_url)
    fill(page, EASY)
    huge = "1" * (MAX_FILE_CHARS + 1)
    page.evaluate("t => { document.getElementById('puzzle-text').value = t; }", huge)
    page.click("#load")
    status = page.inner_text("#status")
    assert status.startswith("Not read: the text box is " + str(len(huge)) + " characters")
    assert grid_text(page) == EASY
    assert page.evaluate("document.getElementById('puzzle-text').value.length") == len(huge)


def test_two_tabs_stay_in_step_and_neither_loses_its_grid(make_context, base_url):
    first, second, (_, errors) = two_tabs(make_context, base_url)
    fill(second, "1" + "." * 80)
    fill(first, EASY)  # the other tab saves: this one follows
    second.wait_for_function("document.getElementById('c1').value === '3'")
    assert grid_text(second) == EASY
    assert "other tab" in second.inner_text("#status")
    second.click("#undo")  # and its own grid is one Undo away
    assert grid_text(second) == "1" + "." * 80
    assert errors.messages == []
