"""words: cells named compactly (a shared row or column once) and unambiguously, every size."""

import random
import re

from solver.logic import words
from solver.model.geometry import geometry

from .positions import cell

NINE, SIXTEEN = geometry(9), geometry(16)
NUMBERS = r"(\d+(?:(?:, | and )\d+)*)"
GROUP = re.compile(r"rows? " + NUMBERS + r", columns? " + NUMBERS)


def cells(*names: str, n: int = 9) -> list[int]:
    return [cell(name, n) for name in names]


def read_back(text: str, n: int) -> set[int]:
    """The cells a phrase names: every crossing of each group's rows and columns."""
    found = set()
    for rows, cols in GROUP.findall(text):
        for r in re.findall(r"\d+", rows):
            found |= {(int(r) - 1) * n + int(c) - 1 for c in re.findall(r"\d+", cols)}
    return found


def test_one_cell_is_named_in_full():
    assert words.cells(NINE, cells("r3c7")) == "row 3, column 7"


def test_cells_sharing_a_row_name_it_once():
    assert words.cells(NINE, cells("r1c7", "r1c2")) == "row 1, columns 2 and 7"


def test_cells_sharing_a_column_name_it_once():
    assert words.cells(NINE, cells("r7c5", "r2c5", "r3c5")) == "rows 2, 3 and 7, column 5"


def test_mixed_cells_go_by_row_in_order():
    assert words.cells(NINE, cells("r3c4", "r1c6", "r1c4")) == \
        "row 1, columns 4 and 6; row 3, column 4"


def test_a_rectangle_names_its_two_rows_and_two_columns():
    assert words.cells(NINE, cells("r9c8", "r3c7", "r3c8", "r9c7")) == \
        "rows 3 and 9, columns 7 and 8"


def test_columns_group_when_that_takes_fewer_phrases():
    assert words.cells(NINE, cells("r1c2", "r4c2", "r6c2", "r5c8")) == \
        "rows 1, 4 and 6, column 2; row 5, column 8"


def test_lone_cells_read_as_a_list():
    assert words.cells(NINE, cells("r1c1", "r2c2")) == "row 1, column 1 and row 2, column 2"
    assert words.cells(NINE, cells("r1c1", "r2c2", "r3c3")) == \
        "row 1, column 1; row 2, column 2 and row 3, column 3"


def test_cells_in_a_named_row_or_column_name_only_the_crossing_lines():
    row_1, column_5, box_1 = 0, 9 + 4, 18
    assert words.cells_in(NINE, row_1, cells("r1c7", "r1c2")) == "columns 2 and 7"
    assert words.cells_in(NINE, column_5, cells("r7c5", "r2c5")) == "rows 2 and 7"
    assert words.cells_in(NINE, box_1, cells("r1c1", "r2c1", "r2c3")) == \
        "row 1, column 1; row 2, columns 1 and 3"
    assert words.cells_in(SIXTEEN, 16 + 11, cells("r12c12", "r14c12", n=16)) == "rows 12 and 14"


def test_sixteen_by_sixteen_names_rows_past_nine_and_digits_as_letters():
    removed = [(c, 11) for c in cells("r12c3", "r12c14", "r16c14", n=16)] \
        + [(cell("r10c10", 16), 16)]
    assert words.removals(SIXTEEN, removed) == \
        "B from row 12, columns 3 and 14; B from row 16, column 14; G from row 10, column 10"


def test_removals_group_by_digits_then_by_place():
    removed = [(c, d) for c in cells("r1c5", "r1c6") for d in (8,)] \
        + [(cell("r2c5"), 4), (cell("r2c5"), 8)]
    assert words.removals(NINE, removed) == "8 from row 1, columns 5 and 6; 4 and 8 from" \
        " row 2, column 5"
    assert words.removals(NINE, [(cell("r1c8"), 4), (cell("r5c1"), 4)]) == \
        "4 from row 1, column 8 and row 5, column 1"


def test_every_phrase_names_exactly_its_cells():
    chooser = random.Random(12)
    for g in (NINE, SIXTEEN):
        for _ in range(300):
            chosen = set(chooser.sample(range(g.cell_count), chooser.randint(1, 8)))
            assert read_back(words.cells(g, chosen), g.size) == chosen
