"""The coach in the page: Hint (nudge, then the full step), Step and Undo, Explain, pencil
marks, the difficulty badge and New puzzle, each checked against the solver's Python API
run here on the same grid (no answers written into the test)."""

import pytest

from solver import analyse, count_solutions
from solver.logic import State, candidates, next_step, solve_path
from solver.logic.state import digits_of
from solver.model.puzzle import read
from solver.rating import rate
from tests.browser.pages import cell_kinds, click, fill, grid_text, new_game, press, solve
from tests.checks import EASY, NO_SOLUTION, easy_solution, load_lines

pytestmark = pytest.mark.browser


def eliminating_puzzle() -> str:
    """The first top95 puzzle whose first logical step removes candidates, placing nothing."""
    for line in load_lines("top95.txt"):
        step = next_step(read(line))
        if step is not None and step.eliminations and not step.placements:
            return line
    raise AssertionError("no top95 puzzle starts with an elimination")


def hints(page) -> dict:
    """cell -> data-hint of every highlighted cell."""
    pairs = page.eval_on_selector_all(
        "#grid .cell", "cells => cells.map((c, i) => [i, c.dataset.hint || ''])"
    )
    return {cell: kind for cell, kind in pairs if kind}


def marks(page, text: str) -> list:
    """The digits the pencil marks show per cell, once drawn for this grid."""
    page.wait_for_function(
        "t => (document.querySelector('#grid .marks')?.dataset.key || '').startsWith(t)",
        arg=read(text).to_string("0") + "|", timeout=30_000,
    )
    texts = page.eval_on_selector_all("#grid .mark-cell", "cells => cells.map(c => c.textContent)")
    return [sorted(int(s) for s in text.split()) for text in texts]


def set_marks(page, on: bool) -> None:
    if (page.get_attribute("#marks", "aria-pressed") == "true") != on:
        click(page, "#marks")


def test_hint_nudges_then_shows_the_step_and_the_badge_rates(fresh_solver_page):
    page = fresh_solver_page
    text = eliminating_puzzle()
    puzzle = read(text)
    step = next_step(puzzle)
    fill(page, text)
    nudge = press(page, "#hint")
    assert nudge.startswith(step.nudge())  # the technique and the area, not the answer
    area = {c for u in step.units for c in puzzle.geometry.units[u]}
    assert hints(page) == dict.fromkeys(area, "area")
    full = press(page, "#hint")
    assert step.explanation in full
    lit = hints(page)
    assert {c for c, _ in step.eliminations} == {c for c, k in lit.items() if k == "elim"}
    # each highlight is painted (a stray brace in app.css once dropped the light colours)
    shades = page.eval_on_selector_all(
        "#grid .cell", "cells => cells.map(c => getComputedStyle(c).backgroundColor)"
    )
    plain = {shade for cell, shade in enumerate(shades) if cell not in lit}
    assert not {shades[cell] for cell in lit} & (plain | {"rgba(0, 0, 0, 0)"})
    assert set(step.cells) <= set(lit)
    struck = page.eval_on_selector_all(
        "#grid .mark-cell .elim", "spans => spans.map(s => s.textContent)"
    )
    assert sorted(int(s) for s in struck) == sorted(d for _, d in step.eliminations)
    assert grid_text(page) == text  # a hint changes nothing
    page.wait_for_function("t => document.querySelector('#difficulty').dataset.for === t",
                           arg=puzzle.to_string("0"), timeout=30_000)
    rating = rate(puzzle)
    badge = page.inner_text("#difficulty")
    assert rating.level in badge and str(rating.score) in badge
    assert "hardest step: " + rating.hardest in badge
    assert "about SE " + str(rating.se) in badge
    applied = press(page, "#hint")  # a third press applies the step, as Step does
    assert applied.startswith(step.technique + ": ")
    set_marks(page, True)
    shown = marks(page, text)
    assert all(digit not in shown[cell] for cell, digit in step.eliminations)
    set_marks(page, False)


def test_step_places_the_solution_digit_and_undo_takes_it_back(fresh_solver_page):
    page = fresh_solver_page
    fill(page, EASY)
    step = next_step(read(EASY))
    assert step.placements
    message = press(page, "#step")
    assert message.startswith(step.technique)
    solution = easy_solution()
    shown, kinds = read(grid_text(page)), cell_kinds(page)
    for cell, _ in step.placements:
        assert shown.cells[cell] == solution.cells[cell]
        assert kinds[cell] == "placed"
    assert sum(k == "placed" for k in kinds) == len(step.placements)
    page.click("#undo")
    assert grid_text(page) == EASY
    assert "placed" not in cell_kinds(page)


def test_step_eliminations_update_the_pencil_marks_and_undo(fresh_solver_page):
    page = fresh_solver_page
    text = eliminating_puzzle()
    puzzle = read(text)
    fill(page, text)
    set_marks(page, True)
    before = marks(page, text)
    assert before == [list(digits_of(m)) for m in candidates(puzzle)]
    step = next_step(puzzle)
    press(page, "#step")
    after_state = State.from_puzzle(puzzle).apply(step)
    after = marks(page, text)
    assert after == [list(digits_of(m)) for m in after_state.cands]
    assert after != before
    second = next_step(after_state)  # the next hint starts from the eliminations made
    assert press(page, "#hint").startswith(second.nudge())
    page.click("#undo")
    assert marks(page, text) == before
    assert grid_text(page) == text
    set_marks(page, False)


def test_explain_opens_a_lesson_of_every_step_of_the_path(fresh_solver_page):
    page = fresh_solver_page
    text = load_lines("top95.txt")[0]
    fill(page, text)
    message = press(page, "#explain")
    path = solve_path(read(text))
    assert page.inner_text("#lesson-count") == "Step 1 of " + str(len(path.steps))
    assert page.inner_text("#lesson-technique") == path.steps[0].technique
    assert page.inner_text("#lesson-sentence") == path.steps[0].explanation
    assert rate(read(text)).level in message
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")  # no sideways scroll
    page.click("#lesson-close")
    assert grid_text(page) == text


def test_new_puzzle_has_one_solution_and_is_symmetric(fresh_solver_page):
    page = fresh_solver_page
    fill(page, EASY)
    message = new_game(page, "Medium", symmetric=True)
    assert message.startswith("New puzzle")
    made = read(grid_text(page))
    assert count_solutions(made) == 1
    last = made.geometry.cell_count - 1
    assert all(bool(made.cells[i]) == bool(made.cells[last - i]) for i in range(last + 1))
    level = rate(made).level
    assert level in page.inner_text("#difficulty")
    if "closest" not in message:
        assert level == "Medium"
    page.click("#undo")
    assert grid_text(page) == EASY  # the grid that was there comes back


def test_new_puzzle_with_logic_only_is_solved_by_the_logic_engine_without_search(
        fresh_solver_page):
    page = fresh_solver_page
    message = new_game(page, "Extreme", logical=True)  # where search is likeliest
    made = read(grid_text(page))
    assert count_solutions(made) == 1
    path = solve_path(made)
    assert path.logical and path.steps and path.solution.cells.count(0) == 0
    if "closest" not in message:
        assert "Logic alone solves it" in message
    page.click("#go-home")  # the setting is remembered: leave it as other tests expect
    page.uncheck("#new-logical")
    page.select_option("#new-level", "Medium")
    page.click("#continue")


def test_no_solution_and_conflicts_are_explained_and_the_grid_kept(fresh_solver_page):
    page = fresh_solver_page
    fill(page, NO_SOLUTION)
    assert "No solution" in press(page, "#hint")
    assert "No solution" in press(page, "#step")
    assert grid_text(page) == NO_SOLUTION
    conflict = "5" + "." * 9 + "5" + "." * 70
    fill(page, conflict)
    assert "two 5s in box 1" in press(page, "#explain")  # the conflict is named
    assert grid_text(page) == conflict


def test_solve_after_a_hint_clears_the_hint_from_the_solved_grid(fresh_solver_page):
    page = fresh_solver_page
    text = eliminating_puzzle()
    fill(page, text)
    press(page, "#hint")
    press(page, "#hint")
    assert hints(page), "the full hint highlights cells before Solve"
    solve(page)
    assert hints(page) == {}
    shown = page.eval_on_selector_all("#grid .mark-cell", "cells => cells.map(c => c.textContent)")
    assert not any(t.strip() for t in shown), "no pencil marks over the solved digits"
    assert read(grid_text(page)) == analyse(text).solution
