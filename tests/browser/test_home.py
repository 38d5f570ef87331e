"""The home screen (static/ui/home.py): what a first visit sees, Continue with the kept
game's level and time, New game with its level in the top bar on a phone, the daily
puzzle (the same from the date alone, as CPython's generator makes it), statistics after a
win (and damaged ones kept aside), and a size change that asks before dropping a game."""

import json
import re

import pytest

from solver.generator import generate
from solver.model.puzzle import read
from solver.rating import rate
from tests.browser.pages import (
    choose_size,
    click,
    fill,
    grid_text,
    new_game,
    open_app,
    press,
    wait_solver,
)
from tests.checks import EASY, easy_solution

pytestmark = pytest.mark.browser

STATS = "sudoku-solver.stats"


def one_left() -> tuple:
    """(EASY solved but for its first empty cell, that cell, its digit)."""
    solution = easy_solution().to_string()
    cell = EASY.index(".")
    return solution[:cell] + "." + solution[cell + 1:], cell, solution[cell]


def stored(page, key: str):
    return page.evaluate("k => localStorage.getItem(k)", key)


def test_a_first_visit_opens_home_and_continue_takes_the_game_back(page, base_url):
    open_app(page, base_url, home=True)
    assert page.is_visible("#home") and not page.is_visible("#grid")
    assert page.is_visible("#first-visit") and "offline" in page.inner_text("#first-visit").lower()
    assert not page.is_visible("#continue")  # no game kept
    for control in ("#new-game", "#daily", "#scan", "#enter", "#open-file", "#stats"):
        assert page.is_visible(control), control
    fill(page, EASY)  # Type or paste, then the box under the grid
    page.click("#c2")
    page.keyboard.press("4")
    page.click("#go-home")
    assert page.is_visible("#continue") and not page.is_visible("#first-visit")
    # the time kept: a few seconds (under a minute: a loaded machine is slow, not minutes)
    assert re.search(r"\b0:[0-5]\d$", page.inner_text("#continue-detail"))
    page.click("#continue")
    assert page.get_attribute("body", "data-screen") == "game"
    assert grid_text(page) == EASY[:2] + "4" + EASY[3:]
    page.reload()  # a game kept: the game, not home, on the next visit
    page.wait_for_selector("body[data-ui-ready=true]", state="attached")
    assert page.get_attribute("body", "data-screen") == "game"


def test_new_game_shows_its_level_in_the_top_bar_on_a_phone(browser, playwright, base_url):
    context = browser.new_context(**playwright.devices["iPhone 13"])
    page = context.new_page()
    open_app(page, base_url, home=True, solver=True)
    message = new_game(page, "Easy")
    made = read(grid_text(page))
    level = rate(made).level
    assert message.startswith("New puzzle") and (level == "Easy" or level in message)
    page.wait_for_selector("#level[data-level=" + level + "]", state="attached")
    shown = page.evaluate("(() => { const b = document.getElementById('level')"
                          ".getBoundingClientRect(); return [b.top, b.bottom, innerHeight]; })()")
    assert page.inner_text("#level") == level and 0 <= shown[0] and shown[1] <= shown[2]
    page.click("#go-home")
    assert page.inner_text("#continue-detail").startswith(level + " \u00b7 ")
    context.close()


def test_the_daily_puzzle_is_the_dates_own_everywhere(page, base_url):
    open_app(page, base_url, home=True)
    wait_solver(page)
    title = page.inner_text("#daily-detail")
    level = title.split(" \u00b7 ")[-1]
    message = press(page, "#daily")
    assert message.startswith("Daily puzzle, " + title.split(" \u00b7 ")[0])
    first = grid_text(page)
    today = page.evaluate("appToday()")
    seed = int(today.replace("-", ""))
    assert read(first) == generate(9, level, True, seed).puzzle  # CPython makes the same
    page.click("#go-home")
    press(page, "#daily")
    assert grid_text(page) == first


def test_a_win_counts_in_the_statistics_and_a_streak_starts(page, base_url):
    almost, cell, digit = one_left()
    open_app(page, base_url, "?p=" + almost)
    page.wait_for_selector("#level[data-level=Easy]", state="attached", timeout=60_000)
    page.wait_for_function("document.body.dataset.solverReady === 'true'", timeout=90_000)
    page.click("#c" + str(cell))
    page.keyboard.press(digit)
    page.wait_for_selector("body[data-won=true]", state="attached", timeout=30_000)
    stats = json.loads(stored(page, STATS))
    assert stats["levels"]["Easy"]["solved"] == 1 and stats["streak"]["current"] == 1
    page.click("#go-home")
    assert not page.is_visible("#continue")  # a solved game is not continued
    page.click("#stats")
    # (innerText separates the cells only once the panel shows: before, it reads textContent)
    page.wait_for_selector("#stats-panel", state="visible")
    rows = page.eval_on_selector_all("#stats-rows tr", "rows => rows.map(r => r.innerText)")
    assert rows[0].split()[:2] == ["Easy", "1"]
    assert page.inner_text("#stats-streak").startswith("Streak: 1 day")
    page.reload()  # counted once: the solved moment again on reload adds nothing
    page.wait_for_selector("body[data-won=true]", state="attached", timeout=30_000)
    assert json.loads(stored(page, STATS))["levels"]["Easy"]["solved"] == 1


def test_damaged_statistics_are_kept_aside_with_a_message(make_context, base_url):
    context = make_context()
    context.add_init_script("if (!sessionStorage.getItem('seeded')) {"
                            " localStorage.setItem('" + STATS + "', '{\"v\": 1, broken');"
                            " sessionStorage.setItem('seeded', '1'); }")
    page = context.new_page()
    open_app(page, base_url, home=True)
    page.click("#stats")
    assert "could not be read" in page.inner_text("#stats-note")
    assert stored(page, STATS + ".damaged") == '{"v": 1, broken'


def test_changing_the_size_asks_before_dropping_a_game(page, base_url):
    open_app(page, base_url)
    fill(page, EASY)
    choose_size(page, 4, accept=False)
    assert page.input_value("#size") == "9" and grid_text(page) == EASY
    choose_size(page, 6)
    assert page.get_attribute("#grid", "data-size") == "6"
    click(page, "#undo")
    assert grid_text(page) == EASY
