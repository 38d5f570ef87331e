"""The cells' and the pad's markup (static/ui/cells.py) under CPython: the classes, labels
and attributes the page's grid is built from, for every size."""

import pytest

from solver.model.geometry import geometry
from ui import cells


def test_box_edges_fall_where_boxes_end_inside_the_grid():
    g = geometry(6)  # boxes of 2 rows by 3 columns
    edges_r = [i for i in range(g.cell_count) if "edge-r" in cells.cell_classes(g, i)]
    edges_b = [i for i in range(g.cell_count) if "edge-b" in cells.cell_classes(g, i)]
    assert {i % 6 for i in edges_r} == {2} and len(edges_r) == 6
    assert {i // 6 for i in edges_b} == {1, 3} and len(edges_b) == 12


def test_labels_name_the_cell_its_digit_and_how_it_got_there():
    g = geometry(16)
    assert cells.cell_label(g, 17, 0, "empty") == "row 2, column 2, empty"
    assert cells.cell_label(g, 0, 16, "given") == "row 1, column 1, G, given"
    assert cells.cell_label(g, 0, 3, "solved") == "row 1, column 1, 3, solved"
    assert cells.cell_label(g, 0, 3, "given", conflict=True) == \
        "row 1, column 1, 3, given, conflict"
    assert cells.cell_label(g, 0, 3, "entry") == "row 1, column 1, 3, your entry"
    assert cells.cell_label(g, 0, 3, "entry", wrong=True) == "row 1, column 1, 3, your entry, wrong"
    assert cells.cell_label(g, 0, 3, "placed") == "row 1, column 1, 3, placed by a step"


def test_labels_read_out_notes_and_doubtful_photo_digits():
    g = geometry(16)
    notes = 1 << 3 | 1 << 4 | 1 << 6 | 1 << 15  # 4 5 7 G
    assert cells.cell_label(g, 5, 0, "empty", notes=notes) == \
        "row 1, column 6, empty, notes 4 5 7 G"
    assert cells.cell_label(g, 5, 8, "given", doubt=True) == \
        "row 1, column 6, 8, given, read with doubt: check it against the photo"
    assert cells.cell_label(g, 5, 0, "empty", picked=True) == \
        "row 1, column 6, picked for a new cage, empty"


def test_a_jigsaw_cells_label_names_its_region_as_the_hints_do_and_a_painted_ones_too():
    from solver.model.geometry import Rules
    from tests.test_variants import JIGSAW_MAP

    g = Rules(9, regions=JIGSAW_MAP).geometry()
    for cell in range(g.cell_count):
        region = next(u for u in g.cell_units[cell] if g.unit_names[u][0] == "region")
        assert cells.cell_label(g, cell, 7, "given") == \
            f"{g.cell_name(cell)}, {g.unit_name(region)}, 7, given"
    assert g.rules.regions[80] == 6 and "region 7," in cells.cell_label(g, 80, 0, "empty")  # G
    assert "region" not in cells.cell_label(geometry(9), 80, 0, "empty")
    classic = geometry(9)
    painted = [-1] * 81
    painted[40] = 2
    assert cells.cell_label(classic, 40, 0, "empty", regions=painted) == \
        "row 5, column 5, region 3, empty"
    assert cells.cell_label(classic, 41, 0, "empty", regions=painted) == \
        "row 5, column 6, no region yet, empty"


@pytest.mark.parametrize("size,columns", [(4, 4), (9, 9), (16, 8), (25, 9)])
def test_the_pad_has_a_key_per_symbol_in_even_rows(size, columns):
    g = geometry(size)
    keys = cells.pad_keys(g)
    assert [text for _, text in keys] == list(g.symbols)
    assert [dict(attributes)["data-digit"] for attributes, _ in keys] == [
        str(d) for d in range(1, size + 1)]
    assert cells.pad_columns(g) == columns
    rows = -(-len(keys) // columns)
    assert rows * columns - len(keys) < rows  # no row more than one key short


def test_every_cell_has_its_own_id_and_an_empty_label():
    g = geometry(25)
    ids = [dict(cells.cell_attributes(g, i))["id"] for i in range(g.cell_count)]
    assert len(set(ids)) == g.cell_count
    last = dict(cells.cell_attributes(g, g.cell_count - 1))
    assert last["aria-label"] == "row 25, column 25, empty" and last["inputmode"] == "none"
    assert dict(cells.grid_attributes(g))["aria-label"] == "Sudoku grid, 25 by 25"


def test_pencil_marks_are_laid_out_like_the_box():
    g = geometry(6)
    mask = sum(1 << (d - 1) for d in (1, 3, 5))
    assert cells.mark_text(g, mask) == "1   3\n  5  "
    assert cells.mark_text(geometry(9), 0b111111111) == "1 2 3\n4 5 6\n7 8 9"


def test_a_big_grids_few_notes_are_shown_in_rows_of_three_and_many_like_the_box():
    g = geometry(25)
    few = sum(1 << (d - 1) for d in (2, 11, 17, 25))
    assert cells.mark_layout(g, few) == ("2 B H\nP", cells.COMPACT_SCALE)
    many = (1 << (cells.COMPACT_MOST + 1)) - 1
    assert cells.mark_layout(g, many) == (cells.mark_text(g, many), "")
    assert cells.mark_layout(geometry(9), few & 0b111111111) == (
        cells.mark_text(geometry(9), few & 0b111111111), "")
    assert float(cells.COMPACT_SCALE) < float(cells.mark_scale(g))  # larger than the box's
