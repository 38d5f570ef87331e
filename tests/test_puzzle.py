"""Reading every input form, writing it back, and naming every kind of bad input."""

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from solver.model.errors import PuzzleError
from solver.model.geometry import BOX_SHAPES, SYMBOLS
from solver.model.puzzle import Puzzle, conflicts, parse, read, read_compact, read_text
from tests.checks import EASY, full_grid, load_lines

SIZES = sorted(BOX_SHAPES)


def blanked(size: int, keep: float = 0.4, seed: int = 1) -> Puzzle:
    """A rule-abiding puzzle of any size: a full grid with cells emptied at random."""
    rng = random.Random(seed * 100 + size)
    full = full_grid(size)
    cells = [d if rng.random() < keep else 0 for d in full.cells]
    return Puzzle(full.geometry, cells)


@pytest.mark.parametrize("size", SIZES)
def test_every_form_round_trips(size):
    puzzle = blanked(size)
    assert read(puzzle.rows()) == puzzle
    assert read(puzzle.to_string()) == puzzle
    assert read(puzzle.to_string(empty="0")) == puzzle
    assert read(puzzle.to_board()) == puzzle
    assert read(puzzle.to_string().lower()) == puzzle
    assert parse(puzzle.rows()).rows() == puzzle.rows()


@pytest.mark.parametrize("size", SIZES)
def test_rows_are_a_new_list_of_lists(size):
    puzzle = blanked(size)
    rows = puzzle.rows()
    assert len(rows) == size and all(len(row) == size for row in rows)
    rows[0][0] = 99
    assert puzzle.rows()[0][0] != 99


def test_board_text_has_box_separators():
    board = read(load_lines("top95.txt")[0]).to_board().splitlines()
    assert board[0] == "4 . . | . . . | 8 . 5"
    assert board[3] == "------+-------+------"
    assert len(board) == 11


def test_six_by_six_boxes_are_two_rows_by_three_columns():
    board = full_grid(6).to_board().splitlines()
    assert board[0].count("|") == 1 and board[2].startswith("------")


def test_pasted_grids_with_grid_lines_are_read():
    line = load_lines("top95.txt")[1]
    expected = read(line)
    rows = ["|".join(line[r * 9 + c:r * 9 + c + 3] for c in (0, 3, 6)) for r in range(9)]
    ss_style = "\n".join(rows[:3] + ["---+---+---"] + rows[3:6] + ["---+---+---"] + rows[6:])
    box_drawing = "\n".join("│ " + " ".join(line[r * 9:r * 9 + 9]) + " │" for r in range(9))
    assert read(ss_style) == expected
    assert read("┌───┐\n" + box_drawing + "\n└───┘") == expected
    assert read("  " + line + "\n") == expected


def test_sixteen_by_sixteen_file_line_reads_with_letters():
    text = load_lines("16x16_gecode.txt")[0].split()[0]
    puzzle = parse(text)
    assert puzzle.size == 16
    assert puzzle.to_string() == text.replace("0", ".")


def test_twenty_five_by_twenty_five_reads():
    text = load_lines("25x25_gecode_frisch.txt")[0].split()[0]
    assert parse(text).size == 25


def with_value(row: int, column: int, value) -> list[list]:
    """An empty 9x9 grid with one value placed (1-based row and column)."""
    rows = [[0] * 9 for _ in range(9)]
    rows[row - 1][column - 1] = value
    return rows


BAD_ROWS = [
    ([], "the grid is empty"),
    ([[0] * 9] * 7, "the grid has 7 rows; a puzzle is 4x4, 6x6, 8x8, 9x9, 12x12, 16x16 or 25x25"),
    ([[0] * 9] * 8, "the grid has 8 rows of 9 values; a puzzle is square"),
    ([[0] * 9] * 8 + [[0] * 8], "row 9 has 8 values; expected 9"),
    ([[0] * 9] * 2 + ["123456789"] + [[0] * 9] * 6, "row 3 is not a list of numbers (it is a str)"),
    (with_value(3, 7, 12), "row 3, column 7: 12 is outside 1-9"),
    (with_value(3, 7, -1), "row 3, column 7: -1 is outside 1-9"),
    (with_value(5, 2, "5"), "row 5, column 2: '5' is not a whole number"),
    (with_value(5, 2, 5.0), "row 5, column 2: 5.0 is not a whole number"),
    (with_value(5, 2, True), "row 5, column 2: True is not a whole number"),
    (with_value(5, 2, None), "row 5, column 2: None is not a whole number"),
    (42, "expected a list of rows or a puzzle string, got int"),
]


@pytest.mark.parametrize("rows, message", BAD_ROWS)
def test_bad_rows_name_the_problem(rows, message):
    with pytest.raises(PuzzleError) as caught:
        parse(rows)
    assert message in str(caught.value)


BAD_TEXT = [
    ("", "the puzzle text is empty"),
    ("1" * 80, "found 80 cells; a puzzle has 81 (9x9)"),
    ("." * 40 + "x" + "." * 40, "unexpected character 'x' (line 1, position 41)"),
    ("." * 20 + "\n..!" + "." * 58, "unexpected character '!' (line 2, position 3)"),
    ("." * 30 + "A" + "." * 50, "row 4, column 4: 'A' is outside 1-9"),
    ("." * 15 + "H", "row 4, column 4: 'H' is outside 1-4"),
]


@pytest.mark.parametrize("text, message", BAD_TEXT)
def test_bad_text_names_the_problem(text, message):
    with pytest.raises(PuzzleError) as caught:
        parse(text)
    assert message in caught.value.message


def test_bad_value_names_its_cell():
    rows = [[0] * 9 for _ in range(9)]
    rows[2][6] = 12
    with pytest.raises(PuzzleError) as caught:
        parse(rows)
    assert caught.value.cells == (2 * 9 + 6,)


@pytest.mark.parametrize(("cell", "digit", "message", "cells"), [
    (-1, 1, "a cell index must be a whole number from 0 to 80, not -1", []),
    (81, 1, "a cell index must be a whole number from 0 to 80, not 81", []),
    ("3", 1, "a cell index must be a whole number from 0 to 80, not '3'", []),
    (True, 1, "a cell index must be a whole number from 0 to 80, not True", []),
    (None, 1, "a cell index must be a whole number from 0 to 80, not None", []),
    (10, 10, "row 2, column 2: 10 is outside 0-9", [10]),
    (10, -1, "row 2, column 2: -1 is outside 0-9", [10]),
    (80, "5", "row 9, column 9: '5' is not a whole number", [80]),
    (0, 1.0, "row 1, column 1: 1.0 is not a whole number", [0]),
])
def test_with_cell_names_a_bad_index_or_digit(cell, digit, message, cells):
    """Puzzle.with_cell checks what it is handed (issue 26): a negative index no longer sets
    a cell counted from the end, a digit out of range names its cell."""
    puzzle = read(EASY)
    with pytest.raises(PuzzleError) as caught:
        puzzle.with_cell(cell, digit)
    assert caught.value.message == message and list(caught.value.cells) == cells
    assert puzzle == read(EASY)


def test_with_cell_sets_one_cell_and_clears_with_zero():
    puzzle = read(EASY)
    changed = puzzle.with_cell(80, 4).with_cell(0, 0)
    assert changed.cells[80] == 4 and changed.cells[0] == 0
    assert changed.cells[1:80] == puzzle.cells[1:80]


def test_conflicting_givens_name_digit_unit_and_cells():
    rows = [[0] * 9 for _ in range(9)]
    rows[3][0] = 5
    rows[4][2] = 5
    with pytest.raises(PuzzleError) as caught:
        parse(rows)
    error = caught.value
    assert "two 5s in box 4 (row 4, column 1 and row 5, column 3)" == error.message
    assert error.cells == (27, 38)


def test_conflicts_are_listed_once_per_pair_of_cells():
    text = "55" + "." * 79  # same row and same box: one problem, not two
    problems = conflicts(read(text))
    assert problems == [(0, 5, (0, 1))]
    with pytest.raises(PuzzleError, match="two 5s in row 1"):
        parse(text)


def test_many_conflicts_are_counted_not_all_listed():
    with pytest.raises(PuzzleError) as caught:
        parse("5" * 81)
    assert caught.value.message.endswith("and 24 more")
    assert len(caught.value.cells) == 81


def test_size_can_be_required():
    with pytest.raises(PuzzleError, match="a 4x4 puzzle has 16"):
        read("." * 81, size=4)
    assert read("." * 16, size=4).size == 4


def test_read_keeps_conflicts_for_the_ui_and_parse_rejects_them():
    text = "11" + "." * 14
    assert read(text).cells[:2] == (1, 1)
    with pytest.raises(PuzzleError):
        parse(text)


def test_with_cell_returns_a_changed_copy():
    puzzle = read("." * 81)
    changed = puzzle.with_cell(10, 7)
    assert changed.cells[10] == 7 and puzzle.cells[10] == 0
    assert changed.filled_count() == 1


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_parses_or_raises_the_clear_error(text):
    try:
        puzzle = parse(text)
    except PuzzleError as error:
        assert error.message and isinstance(error.cells, tuple)
    else:
        assert isinstance(puzzle, Puzzle)


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=st.sampled_from("0123456789.ABCDEFGP|-+ \n\tx│"), min_size=0, max_size=700)
)
def test_any_near_puzzle_text_parses_or_raises_the_clear_error(text):
    try:
        puzzle = parse(text)
    except PuzzleError as error:
        assert error.message
    else:
        assert puzzle.to_string() == read(puzzle.to_board()).to_string()


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(BOX_SHAPES)), st.data())
def test_compact_text_reads_as_the_general_reader_does(n, data):
    # Compact text takes a one-pass shortcut; the general reader is the reference for it.
    alphabet = "0.123456789ABCDEFGHIJKLMNOPabcdefghijklmnopQ#"[: 2 + n] + "aBpQ# "
    text = data.draw(st.text(alphabet=st.sampled_from(alphabet), min_size=n * n,
                             max_size=n * n))
    compact = read_compact(text)
    try:
        general = read_text(text)
    except PuzzleError:
        assert compact is None
    else:
        assert compact is None or compact == general
    if compact is not None:
        assert read(text) == compact


values = st.one_of(st.integers(-3, 30), st.text(max_size=2), st.none(), st.floats(), st.booleans())


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.lists(values, max_size=10), values), max_size=10))
def test_any_rows_parse_or_raise_the_clear_error(rows):
    try:
        puzzle = parse(rows)
    except PuzzleError as error:
        assert error.message
    else:
        assert puzzle.rows() == rows


# --- the forms people and tutorial programs write: blanks as empty cells, labels ----------


def spaced_rows(puzzle: Puzzle, cut: bool = True) -> list[str]:
    """The grid as one line per row with ' ' for empty (the `EMPTY = ' '` convention), trailing
    blanks cut when `cut` (as copy and paste does)."""
    text, n = puzzle.to_string(" "), puzzle.size
    rows = [text[r * n:(r + 1) * n] for r in range(n)]
    return [row.rstrip() for row in rows] if cut else rows


def drawn(puzzle: Puzzle) -> str:
    """The grid drawn with `|` between boxes and `---+---` between bands, blanks for empty
    cells and trailing blanks cut (` 83| 2 | 9`)."""
    g = puzzle.geometry
    lines = []
    for r, row in enumerate(spaced_rows(puzzle, cut=False)):
        if r and r % g.box_rows == 0:
            lines.append("+".join("-" * g.box_cols for _ in range(g.size // g.box_cols)))
        boxes = [row[c:c + g.box_cols] for c in range(0, g.size, g.box_cols)]
        lines.append("|".join(boxes).rstrip())
    return "\n".join(lines)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SIZES), st.integers(0, 10**6), st.floats(0.0, 1.0))
def test_blanks_as_empty_cells_read_back_for_every_size(size, seed, keep):
    puzzle = blanked(size, keep, seed)
    # Blank lines are spacing or empty rows: a grid with several empty rows can read as a
    # smaller one (test_an_empty_row_cut_to_nothing_is_still_a_row covers one empty row).
    assume(sum(1 for row in puzzle.rows() if not any(row)) <= 1)
    assert read("\n".join(spaced_rows(puzzle))) == puzzle
    assert read("\n".join(spaced_rows(puzzle, cut=False))) == puzzle
    assert read(drawn(puzzle)) == puzzle
    assert read(puzzle.to_board()) == puzzle
    assert read(puzzle.to_string()) == puzzle
    if puzzle.to_string(" ")[-1] != " ":  # one line: its trailing blanks are cells
        assert read(puzzle.to_string(" ")) == puzzle


def test_the_tutorial_forms_of_the_issue_read():
    line = load_lines("top95.txt")[0]
    expected = read(line)
    assert read(line.replace(".", " ")) == expected  # one 81-character line, ' ' for empty
    drawn_grid = drawn(expected)
    assert "4  |   |8 5" in drawn_grid and " 3 |   |\n" in drawn_grid  # as the issue quotes
    assert read(drawn_grid) == expected
    assert read("\n" + drawn_grid + "\n\n") == expected


def test_an_empty_row_cut_to_nothing_is_still_a_row():
    rows = [list(r) for r in full_grid(9).rows()]
    rows[4] = [0] * 9
    puzzle = read(rows)
    assert "\n\n" in "\n".join(spaced_rows(puzzle))
    assert read("\n".join(spaced_rows(puzzle))) == puzzle


@pytest.mark.parametrize("label_first", [True, False])
def test_a_label_beside_a_one_line_grid_is_ignored(label_first):
    line = load_lines("top95.txt")[3]
    text = ("Puzzle 1: " + line) if label_first else (line + " gecode#34")
    assert read(text) == read(line)
    sixteen = load_lines("16x16_gecode.txt")[0]  # '<256 symbols> name', as the file has it
    assert read(sixteen) == read(sixteen.split()[0])


def test_a_label_with_no_whole_grid_beside_it_names_the_bad_character():
    with pytest.raises(PuzzleError) as caught:
        read("Puzzle 1: " + load_lines("top95.txt")[3][:-1])
    assert "unexpected character 'u'" in caught.value.message


LINED_ERRORS = [
    (lambda d: d.replace(" 2 |   | 6", " 2 |   | 6 1"), "row 4 has 10 cells; expected 9"),
    (lambda d: d.replace(" 2 |   | 6", " 2 | x | 6"), "row 4, column 5: unexpected character 'x'"),
    (lambda d: d.replace(" 2 |   | 6", " 2 | B | 6"), "row 4, column 5: 'B' is outside 1-9"),
]


@pytest.mark.parametrize("spoil, message", LINED_ERRORS)
def test_a_bad_row_of_a_drawn_grid_is_named(spoil, message):
    good = drawn(read(load_lines("top95.txt")[0]))
    with pytest.raises(PuzzleError) as caught:
        read(spoil(good))
    assert message in caught.value.message


def test_a_text_that_reads_two_ways_prefers_even_rows_or_says_why():
    # 9 rows of 9 with 17 blanks: blanks as cells give a 9x9 (rows all 9 long); blanks as
    # separators give 64 symbols, an 8x8 whose rows are ragged. The even reading wins.
    rows = [list(r) for r in full_grid(9).rows()]
    for cell in range(0, 81, 5)[:17]:
        rows[cell // 9][cell % 9] = 0
    puzzle = read(rows)
    assert puzzle.to_string(" ").count(" ") == 17
    assert read("\n".join(spaced_rows(puzzle, cut=False))) == puzzle
    # 16 rows of 9 symbols and 7 blanks: a 16x16 one way, a 12x12 the other, both even.
    with pytest.raises(PuzzleError) as caught:
        read("\n".join(["123456789" + " " * 7] * 16))
    assert "reads two ways: as a 12x12 grid" in caught.value.message
    assert "or as a 16x16 grid if each blank is an empty cell" in caught.value.message


@pytest.mark.parametrize("blank", ["\u00a0", "\u2007", "\u202f", "\u3000"])
def test_unicode_blanks_read_as_spaces_as_the_page_reads_them(blank):
    spaced = " ".join(EASY)
    assert read(spaced.replace(" ", blank)) == read(EASY)
    lined = "\n".join(EASY[r * 9:r * 9 + 9].replace(".", " ") for r in range(9))
    assert read(lined.replace(" ", blank)) == read(lined)


def test_only_ascii_letters_are_symbols():
    grid = "." * 624 + "I"
    assert read(grid).cells[-1] == SYMBOLS.index("I") + 1
    with pytest.raises(PuzzleError, match="unexpected character"):
        read(" ".join(grid[:-1] + "\u0131"))  # Turkish dotless i: CPython's upper() gives I


def test_sizes_are_listed_smallest_first_whatever_the_table_order(monkeypatch):
    from solver.model import puzzle as module

    monkeypatch.setattr(module, "BOX_SHAPES", dict(reversed(list(module.BOX_SHAPES.items()))))
    with pytest.raises(PuzzleError) as refused:
        parse(EASY, size=5)
    assert "4, 6, 8, 9, 12, 16, 25" in refused.value.message
    assert module.sizes_text().startswith("4x4, 6x6")
