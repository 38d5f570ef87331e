"""Storage that throws (cookies blocked, the app framed by another site) or is full (GitHub
Pages gives every project of a user one origin and one quota): the page still starts, shows
every edit, says that work will not be kept, and never solves a grid other than the one shown
(issue 14, defects 1 and 2)."""

import pytest

from tests.checks import EASY

from .pages import UI_TIMEOUT_MS, click, fill, grid_text, solve, wait_solver

pytestmark = pytest.mark.browser

BLOCKED = """Object.defineProperty(window, 'localStorage', {
    configurable: true,
    get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }});"""
FULL = """Storage.prototype.setItem = function () {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };"""


@pytest.mark.parametrize("fault", [BLOCKED, FULL], ids=["blocked", "full"])
def test_the_page_works_and_says_so_when_storage_fails(make_context, base_url, fault):
    page = make_context().new_page()
    page.add_init_script(fault)
    page.goto(base_url)
    page.wait_for_selector("body[data-ui-ready=true]", state="attached", timeout=UI_TIMEOUT_MS)
    fill(page, EASY)
    assert grid_text(page) == EASY
    assert "will not be kept" in page.inner_text("#storage-note")
    page.click("#c2")
    page.keyboard.press("4")
    assert grid_text(page)[2] == "4"
    click(page, "#clear")
    assert grid_text(page) == "." * 81
    fill(page, EASY)
    wait_solver(page)
    assert solve(page).startswith("Solved")
    assert "." not in grid_text(page)
