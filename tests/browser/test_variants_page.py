"""Variants in the page on a phone (issue 28): a Killer pasted onto the grid has its cages
drawn (a dashed outline each, its sum in its first cell's top-left corner), Hint gives the
library's first step (its nudge, then the step with its removals struck), Solve the
library's solution, a reload keeps the Killer and Clear takes it away; a Jigsaw X from the
text box has its region borders and shaded diagonals, a repeat on a diagonal is a
conflict, Hint nudges as the library's first step does, and the address bar's ?p= link
opens the same Jigsaw X in another browser; a SudokuPad link pasted opens its 6x6 Jigsaw X
Anti-king; New game with Killer, then Jigsaw, opens a puzzle of those rules drawn the same
way, and the choice is kept across a reload. Puzzles come from the test makers
(tests/killer.py, tests/test_variants.py, tests/test_fpuzzles.py); every answer is the
library's, asked here."""

import importlib

import pytest

import tests.ui  # noqa: F401 - puts static/ on the path, for `protocol` and the `ui` package
from solver import analyse
from solver.logic import next_step
from solver.model.puzzle import read
from solver.rating import rate
from tests.checks import search_solutions
from tests.killer import Killer, unique_killer
from tests.test_fpuzzles import JIGSAW_PACKED
from tests.test_variants import JIGSAW_MAP, PUZZLES
from ui import messages

from .pages import click, fill, flagged, grid_text, open_app, paste, press, reopen, solve
from .test_coach import hints

pytestmark = pytest.mark.browser
protocol = importlib.import_module("protocol")  # static/protocol.py (tests.ui put it on the path)

JIGSAW_X = PUZZLES["jigsaw x"]
# Every cage: (the sum shown, its box and the box of its first cell), as drawn on screen.
CAGE_LABELS = """() => [...document.querySelectorAll('#grid svg.cages text.cage-sum')].map(t => {
    const box = t.getBoundingClientRect();
    return [t.textContent, box.left, box.top, box.right, box.bottom];
})"""
CELL_BOXES = """() => [...document.querySelectorAll('#grid .cell')].map(c => {
    const box = c.getBoundingClientRect();
    return [box.left, box.top, box.width, box.height];
})"""


def symbols(puzzle) -> str:
    return "".join(str(d) for d in puzzle.cells)


def drawn_cages(page) -> list:
    """(sum, the cell its sum is in) of each drawn cage, the sum's place checked: in the
    top-left corner of that cell (to a pixel), clear of the cell's middle."""
    cells = page.evaluate(CELL_BOXES)
    found = []
    for text, left, top, right, bottom in page.evaluate(CAGE_LABELS):
        middle = ((left + right) / 2, (top + bottom) / 2)
        cell = next(i for i, (x, y, w, h) in enumerate(cells)
                    if x <= middle[0] < x + w and y <= middle[1] < y + h)
        x, y, w, h = cells[cell]
        assert -1 < left - x < 0.15 * w and -1 < top - y < 0.15 * h  # its top-left corner
        assert right <= x + w and bottom <= y + h * 0.45  # clear of the cell's middle
        found.append((int(text), cell))
    return found


@pytest.mark.parametrize("device", ["Pixel 7"])
def test_a_pasted_killer_is_drawn_hinted_solved_and_kept_on_reload(page, base_url, device,
                                                                   tmp_path):
    text = unique_killer(9, 11, solutions=search_solutions)[0]
    cages = Killer(text).cages  # as the independent checker reads the text
    open_app(page, base_url)
    paste(page, text, cell=40)
    page.wait_for_selector("#grid[data-rules='killer'] svg.cages path.cage", state="attached")
    assert "Killer sudoku filled in: 0 givens, ready to play." in page.inner_text("#status")
    page.wait_for_function(  # the badge rates a pasted Killer as it does a generated one
        "t => { const b = document.querySelector('#difficulty'); return !b.hidden && "
        "b.dataset.for === t && b.dataset.stale === 'false' }",
        arg=read(text).to_string("0"), timeout=30_000)
    rating = rate(read(text), nested=False)
    badge = page.inner_text("#difficulty")
    assert badge.startswith(f"Difficulty: {rating.level} \u00b7 hardest step: {rating.hardest}")
    assert page.get_attribute("#difficulty", "data-level") == rating.level
    expected = sorted((total, min(cells)) for total, cells in cages)
    assert sorted(drawn_cages(page)) == expected
    assert page.locator("#grid svg.cages path.cage").count() == len(cages)
    total, cells = min(cages, key=lambda cage: min(cage[1]))  # a screen reader hears it too
    assert f"cage of {total}, {len(cells)} cell" in page.get_attribute("#c0", "aria-label")
    step = next_step(read(text))  # the library's first step: from the cages alone
    assert press(page, "#hint").startswith(step.nudge())
    # the nudge shades its area: a cage is no unit, so its cells (Step.area_cells)
    area = {c for u in step.units for c in read(text).geometry.units[u]} | set(step.area_cells)
    assert step.area_cells and hints(page) == dict.fromkeys(area, "area")
    assert step.explanation in press(page, "#hint")
    lit = page.eval_on_selector_all(
        "#grid .mark-cell .elim", "spans => spans.map(s => s.textContent)")
    assert sorted(int(d) for d in lit) == sorted(d for _, d in step.eliminations)
    page.screenshot(path=str(tmp_path / "killer-hint.png"))  # to look at: --basetemp
    assert "Solved" in solve(page)
    assert grid_text(page) == symbols(analyse(read(text)).solution)
    reopen(page)
    page.wait_for_selector("#grid[data-rules='killer'] svg.cages path.cage", state="attached")
    assert sorted(drawn_cages(page)) == expected
    assert grid_text(page) == symbols(analyse(read(text)).solution)
    click(page, "#clear")  # an empty classic grid: the cages go
    page.wait_for_selector("#grid[data-rules=''] svg.cages[data-cages='0']", state="attached")
    assert not page.is_visible("#grid svg.cages")


@pytest.mark.parametrize("device", ["Pixel 7"])
def test_a_jigsaw_x_has_its_borders_its_conflicts_its_words_and_its_link(
        page, base_url, device, make_context):
    open_app(page, base_url)
    fill(page, JIGSAW_X)
    page.wait_for_selector("#grid[data-rules='jigsaw x']", state="attached")
    givens = read(JIGSAW_X)
    assert grid_text(page) == givens.to_string()
    letters = "".join(JIGSAW_MAP.split())
    widths = page.eval_on_selector_all(
        "#grid .cell", "cells => cells.map(c => getComputedStyle(c).borderRightWidth)")
    for cell in range(81):
        across = cell % 9 < 8 and letters[cell] != letters[cell + 1]
        assert (widths[cell] == "2px") == across, cell  # drawn, not hidden by a cell's style
    shaded = page.eval_on_selector_all(
        "#grid .cell", "cells => cells.flatMap((c, i) => c.classList.contains('shade') ? [i] : [])")
    assert shaded == sorted({r * 9 + r for r in range(9)} | {r * 9 + 8 - r for r in range(9)})
    assert press(page, "#hint").startswith(next_step(givens).nudge())
    link = page.evaluate("location.search")
    assert link.startswith("?p=rules")
    # a repeat on the diagonal, in cells no row, column or region shares, is a conflict
    g = givens.geometry
    diagonal = [r * 9 + r for r in range(9)]
    a, b = next((a, b) for a in diagonal for b in diagonal if a < b and not givens.cells[a]
                and not givens.cells[b] and g.rules.regions[a] != g.rules.regions[b])
    digit = next(d for d in range(1, 10) if all(givens.cells[p] != d
                                                 for p in g.peers[a] + g.peers[b]))
    for cell in (a, b):
        page.click("#c" + str(cell))
        page.keyboard.press(str(digit))
    page.wait_for_function("document.querySelectorAll('#grid .cell[data-conflict=true]')"
                           ".length === 2")
    assert flagged(page, "conflict") == [a, b]
    assert "diagonal" in page.inner_text("#status")
    # the link opens the Jigsaw X elsewhere, and Solve gives the library's solution
    other = make_context().new_page()
    open_app(other, base_url, link)
    other.wait_for_selector("#grid[data-rules='jigsaw x']", state="attached")
    assert grid_text(other) == givens.to_string()
    assert "Solved" in solve(other)
    assert grid_text(other) == symbols(analyse(givens).solution)


@pytest.mark.parametrize("device", ["Pixel 7"])
def test_a_pasted_sudokupad_link_opens_its_6x6_jigsaw_x_anti_king(page, base_url, device):
    link = "https://sudokupad.app/fpuzzles" + JIGSAW_PACKED
    puzzle = read(link)
    open_app(page, base_url)
    paste(page, link, cell=0)
    page.wait_for_selector("#grid[data-size='6'][data-rules='jigsaw x anti-king']",
                           state="attached")
    assert grid_text(page) == puzzle.to_string()
    regions = puzzle.geometry.rules.regions
    edges = page.eval_on_selector_all(
        "#grid .cell", "cells => cells.map(c => c.classList.contains('edge-b'))")
    assert edges == [cell < 30 and regions[cell] != regions[cell + 6] for cell in range(36)]
    # (a rules fixture: under all three rules no grid fits; Solve says what the library says)
    result = analyse(puzzle)
    said = messages.outcome({"status": protocol.count_status(result.count)})[0]
    assert solve(page).startswith(said[:40])
    shown = puzzle if result.solution is None else result.solution
    assert grid_text(page) == shown.to_string()


@pytest.mark.parametrize("device", ["Pixel 7"])
def test_new_game_makes_a_killer_and_a_jigsaw_drawn_as_entered_ones_and_keeps_the_choice(
        page, base_url, device):
    """New game with Killer, then Jigsaw: the puzzle on screen (read back from the address
    bar's ?p=, so whichever puzzle the random seed made) has the chosen rules, its cages or
    region borders drawn as a pasted one's, the givens shown, one solution by the library
    (and by tests/killer.py's own counter for the Killer); a reload keeps Jigsaw chosen.
    A Killer asked at Hard is met (from the generator's bank); at Unfair, above its top
    level, it says which level it was made at."""
    from ui.links import link_from_query

    open_app(page, base_url, home=True, solver=True)
    page.select_option("#new-level", "Hard")
    page.select_option("#new-rules", "killer")
    said = press(page, "#new-game")
    assert said.startswith("New Killer sudoku: ") and said.endswith(" givens."), said
    page.wait_for_selector("#level[data-level=Hard]", state="attached")
    page.click("#go-home")
    page.select_option("#new-level", "Unfair")
    said = press(page, "#new-game")
    assert "This one is Hard, not the Unfair you asked for: Killer puzzles come up to Hard" \
        in said, said
    for rules in ("killer", "jigsaw"):
        if page.get_attribute("body", "data-screen") != "home":
            page.click("#go-home")
        page.select_option("#new-level", "Easy")
        page.select_option("#new-rules", rules)
        said = press(page, "#new-game")
        assert said.startswith("New " + messages.rule_title(rules) + " sudoku: "), said
        page.wait_for_selector(f"#grid[data-rules='{rules}']", state="attached")
        page.wait_for_function("location.search.startsWith('?p=rules')")
        givens, _ = link_from_query(page.evaluate("location.search"))
        assert givens.geometry.rule_names() == (rules,)
        assert grid_text(page) == givens.to_string()
        assert analyse(givens).unique
        if rules == "killer":
            assert Killer(givens.to_text()).count(2) == 1
            expected = sorted((total, cells[0]) for total, cells in givens.geometry.cages)
            assert sorted(drawn_cages(page)) == expected
        else:
            regions = givens.rules.regions
            for cell in (40, 80):  # a screen reader hears the region its borders show
                label = page.get_attribute(f"#c{cell}", "aria-label")
                assert f", region {regions[cell] + 1}," in label, label
            widths = page.eval_on_selector_all(
                "#grid .cell", "cells => cells.map(c => getComputedStyle(c).borderRightWidth)")
            for cell in range(81):
                across = cell % 9 < 8 and regions[cell] != regions[cell + 1]
                assert (widths[cell] == "2px") == across, cell
    reopen(page)
    page.click("#go-home")
    assert page.input_value("#new-rules") == "jigsaw"
    assert page.input_value("#new-level") == "Easy"  # the level too (Medium at first)
