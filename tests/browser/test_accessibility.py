"""axe-core (tests/browser/a11y, npm, never shipped) over the home and game screens on a
phone, light and dark: no serious or critical violation (contrast, names, roles, targets).
The game is checked with notes, a wrong digit shown by auto-check, a selection and the
menu open, so every control and state on that screen is in the check."""

from pathlib import Path

import pytest

from tests.browser.pages import open_app, wait_solver
from tests.checks import EASY, easy_solution

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parent / "a11y" / "node_modules" / "axe-core" / "axe.min.js"
SETTINGS = ("localStorage.setItem('sudoku-solver.settings', JSON.stringify("
            "{timer: true, auto_check: true}))")
SERIOUS = ("serious", "critical")


def violations(page) -> list:
    """(rule, impact, first targets) of every serious or critical axe violation."""
    page.add_script_tag(path=str(AXE))  # the context bypasses the page's CSP for it
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']})")["violations"]
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in found if v["impact"] in SERIOUS]


def a_wrong_digit(cell: int) -> str:
    return str(easy_solution().cells[cell] % 9 + 1)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", ["home", "game"])
def test_axe_finds_no_serious_violation(browser, playwright, base_url, screen, scheme):
    if not AXE.exists():
        pytest.skip("axe-core is not installed (scripts/setup.sh --browser installs it)")
    context = browser.new_context(**playwright.devices["iPhone 13"], color_scheme=scheme,
                                  bypass_csp=True)
    context.add_init_script(SETTINGS)
    page = context.new_page()
    if screen == "home":
        open_app(page, base_url, home=True)
        page.click("#stats")  # the statistics table too
    else:
        open_app(page, base_url, "?p=" + EASY)
        wait_solver(page)
        empty = [i for i, c in enumerate(EASY) if c == "."]
        page.click("#c" + str(empty[0]))
        page.keyboard.press(a_wrong_digit(empty[0]))  # shown wrong: auto-check is on
        page.click("#c" + str(empty[1]))
        page.keyboard.press("Shift+Digit4")  # a note
        page.wait_for_selector("#grid .cell[data-wrong=true]", state="attached")
        page.click("#more")
    assert page.get_attribute("body", "data-screen") == screen
    assert violations(page) == []
    context.close()
