"""The text forms tutorials print and collections carry, read by the page (MicroPython runs
the same reader as the library): blanks as empty cells, drawn grids, labels beside a grid."""

import pytest

from solver.model.puzzle import read
from tests.checks import load_lines

from .pages import fill, grid_text, open_app, paste

pytestmark = pytest.mark.browser

def drawn(line: str) -> str:
    """The grid drawn as ' 83| 2 | 9' rows: blanks for empty cells, trailing blanks cut."""
    rows = []
    for r in range(9):
        row = line[r * 9:r * 9 + 9].replace(".", " ")
        rows.append("|".join((row[0:3], row[3:6], row[6:9])).rstrip())
        if r in (2, 5):
            rows.append("---+---+---")
    return "\n".join(rows)


def test_a_drawn_grid_with_blanks_pastes_into_the_grid(page, base_url, device):
    line = load_lines("top95.txt")[5]
    open_app(page, base_url)
    paste(page, drawn(line), cell=40)
    assert grid_text(page) == line
    assert f"{read(line).filled_count()} givens" in page.inner_text("#status")


def test_the_text_box_reads_a_block_with_spaces_and_a_labelled_line(page, base_url):
    first, second = load_lines("top95.txt")[6:8]
    open_app(page, base_url)
    fill(page, "\n".join(first[r * 9:r * 9 + 9].replace(".", " ") for r in range(9)))
    assert grid_text(page) == first
    fill(page, "Puzzle 2: " + second)
    assert grid_text(page) == second
    fill(page, "Puzzle 3: " + second[:-1])  # no whole grid beside the label: grid kept
    assert "unexpected character 'u'" in page.inner_text("#status")
    assert grid_text(page) == second
