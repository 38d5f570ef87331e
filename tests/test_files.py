"""Puzzle files and pasted collections: .sdk, .ss, .sdm and labelled collections, HoDoKu
library lines, and pencil-mark grids (.sdx rows of candidate sets, 729-character strings)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.logic import State, next_step
from solver.model.errors import PuzzleError
from solver.model.files import Entry, read_puzzles
from solver.model.puzzle import read
from tests.checks import PUZZLES, load_lines

SDK = """#ARuud
#DA random puzzle created by SudoCue
#LEasy
[Puzzle]
2..1.5..3
.54...71.
.1.2.3.8.
6.28.73.4
.........
1.53.98.6
.2.7.1.6.
.81...24.
7..4.2..1
[State]
2431.5..3
"""
SDK_GRID = "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1"


def masks_of(puzzle) -> list[int]:
    """Candidates from the givens alone, worked out here (bit d-1 = digit d; a given: its bit)."""
    n, g = puzzle.size, puzzle.geometry
    masks = []
    for cell, digit in enumerate(puzzle.cells):
        if digit:
            masks.append(1 << (digit - 1))
            continue
        seen = {puzzle.cells[p] for p in g.peers[cell]}
        masks.append(sum(1 << (d - 1) for d in range(1, n + 1) if d not in seen))
    return masks


def test_an_sdk_file_reads_its_grid_and_description_not_its_saved_state():
    [entry] = read_puzzles(SDK)
    assert entry.puzzle == read(SDK_GRID)
    assert entry.label == "A random puzzle created by SudoCue"
    assert entry.candidates is None


def test_a_simple_sudoku_ss_file_reads():
    rows = [SDK_GRID[r * 9:r * 9 + 9] for r in range(9)]
    drawn = ["|" + "|".join((row[:3], row[3:6], row[6:])) + "|" for row in rows]
    rule = "|---+---+---|"
    text = "\n".join(["*-----------*"] + drawn[:3] + [rule] + drawn[3:6] + [rule] + drawn[6:]
                     + ["*-----------*"])
    assert [e.puzzle for e in read_puzzles(text)] == [read(SDK_GRID)]


@pytest.mark.parametrize("name", ["top95.txt", "forum_hardest_1106.txt", "16x16_gecode.txt"])
def test_a_collection_reads_every_line_with_its_label(name):
    lines = load_lines(name)
    entries = read_puzzles((PUZZLES / name).read_text())
    assert [e.puzzle for e in entries] == [read(line.split()[0]) for line in lines]
    assert [e.label for e in entries] == [" ".join(line.split()[1:]) for line in lines]


def test_a_grid_between_words_keeps_the_words_on_both_sides_as_its_label():
    first, second = load_lines("top95.txt")[:2]
    entries = read_puzzles("Puzzle 1: " + first + " (hard)\nPuzzle 2: " + second + " easy")
    assert [e.puzzle for e in entries] == [read(first), read(second)]
    assert [e.label for e in entries] == ["Puzzle 1: (hard)", "Puzzle 2: easy"]


def test_a_rated_collection_skips_its_licence_text():
    entries = read_puzzles((PUZZLES / "rated_se_sample.txt").read_text())
    assert len(entries) == 831
    assert entries[0].label == "7.0" and entries[-1].label.replace(".", "").isdigit()


def test_a_hodoku_library_line_reads_its_grid():
    first, second = load_lines("top95.txt")[:2]
    text = ":0901:1:" + first + ":::\n:0100:4:" + second + ":::"
    entries = read_puzzles(text)
    assert [e.puzzle for e in entries] == [read(first), read(second)]
    assert entries[0].label == "HoDoKu 0901"
    assert entries[0].candidates is None and entries[0].placed is None  # digits only


def hodoku_line(puzzle, plus: set, deleted: str) -> str:
    """A HoDoKu library line of `puzzle`'s digits, `+` before the cells of `plus`."""
    grid = "".join(("+" if i in plus else "") + (str(v) if v else ".")
                   for i, v in enumerate(puzzle.cells))
    return ":0100:4:" + grid + ":" + deleted + "::"


def test_a_hodoku_line_keeps_placed_digits_and_deleted_candidates():
    puzzle = read(load_lines("top95.txt")[1])
    filled = [i for i, v in enumerate(puzzle.cells) if v]
    plus = {filled[0], filled[3]}  # two of its digits marked as the player's
    masks = masks_of(puzzle)
    empty = [i for i, v in enumerate(puzzle.cells) if not v]
    # delete every candidate but the highest of the first empty cell, and one of the next
    a, b = empty[0], empty[1]
    gone = [(d + 1, a) for d in range(9) if masks[a] >> d & 1][:-1]
    gone.append((masks[b].bit_length(), b))
    words = " ".join(f"{d}{c // 9 + 1}{c % 9 + 1}" for d, c in gone)
    [entry] = read_puzzles(hodoku_line(puzzle, plus, words))
    assert entry.puzzle.cells == tuple(0 if i in plus else v for i, v in enumerate(puzzle.cells))
    assert entry.placed == tuple(v if i in plus else 0 for i, v in enumerate(puzzle.cells))
    for d, c in gone:
        masks[c] &= ~(1 << (d - 1))
    expected = [1 << (v - 1) if v else m for v, m in zip(puzzle.cells, masks, strict=True)]
    assert entry.candidates == tuple(expected)
    state = State.from_entry(entry)
    assert state.values == puzzle.cells  # givens and placed digits alike fill their cells
    assert state.cands[a] == 1 << (masks[a].bit_length() - 1) and not state.values[a]
    assert [state.is_given(c) for c in filled[:4]] == [False, True, True, False]
    assert state.apply(next_step(state)).givens == state.givens  # a step places, not gives


def test_a_hodoku_line_is_never_read_as_one_bigger_grid():
    # its fields hold 144 digits and dots, a 12x12 grid's worth
    puzzle = read(load_lines("top95.txt")[1])
    masks = masks_of(puzzle)
    words = [f"{d}{c // 9 + 1}{c % 9 + 1}" for c in range(81) if masks[c].bit_count() > 1
             for d in [masks[c].bit_length()]][:19]
    line = hodoku_line(puzzle, set(), " ".join(words)).replace(":0100:4:", ":0101:56:")
    [entry] = read_puzzles(line)
    assert entry.puzzle.size == 9 and entry.label == "HoDoKu 0101"


def test_a_hodoku_line_names_a_deleted_candidate_it_cannot_read():
    puzzle = read(load_lines("top95.txt")[1])
    with pytest.raises(PuzzleError, match="'10x' is not a candidate"):
        read_puzzles(hodoku_line(puzzle, set(), "123 10x"))


def sdx(puzzle, masks, placed=()) -> str:
    """A SudoCue .sdx-style text: a row a line, candidate sets apart, `u` before placed digits."""
    g = puzzle.geometry
    words = ["u" * (cell in placed) + "".join(g.symbols[d] for d in range(g.size) if m >> d & 1)
             for cell, m in enumerate(masks)]
    return "\n".join(" ".join(words[r * g.size:(r + 1) * g.size]) for r in range(g.size))


def test_an_sdx_grid_sets_candidates_and_keeps_placed_digits_apart():
    puzzle = read(load_lines("top95.txt")[0])
    masks = masks_of(puzzle)
    assert masks[1].bit_count() > 2
    masks[1] &= masks[1] - 1  # the player crossed out its lowest candidate
    placed_cell = next(c for c, d in enumerate(puzzle.cells) if not d and c != 1)
    masks[placed_cell] &= -masks[placed_cell]  # the player placed its lowest candidate
    [entry] = read_puzzles(sdx(puzzle, masks, placed=(placed_cell,)))
    assert entry.candidates == tuple(masks)
    assert entry.puzzle == puzzle  # givens only: the placed digit is not a given
    assert entry.placed == tuple(masks[c].bit_length() if c == placed_cell else 0
                                 for c in range(81))


def test_a_729_character_candidate_string_reads_with_its_label():
    puzzle = read(load_lines("top95.txt")[2])
    masks = masks_of(puzzle)
    text = "".join("".join(str(d + 1) if m >> d & 1 else "." for d in range(9)) for m in masks)
    [entry] = read_puzzles(text + " from a forum post")
    assert entry.candidates == tuple(masks)
    assert entry.puzzle == puzzle
    assert entry.label == "from a forum post"


BAD_FILES = [
    ("", "the puzzle text is empty"),
    ("what now\nyes", "unexpected character 'w'"),
    ("12 3 4 5\n" * 3, "found 15 cells"),
    ("\n".join(["123 4 5 6 7 8 9 1 2"] + ["1 2 3 4 5 6 7 8 9"] * 8).replace("123", "1x3"),
     "row 1, column 1: 'x' is not a candidate"),
    ("." * 729, "row 1, column 1 has no candidate left"),
]


def test_an_entry_needs_one_candidate_mask_and_one_placed_digit_per_cell():
    """State.from_entry reads them cell by cell: a list of another length would be cut
    short or run out unseen (zip), so the Entry refuses it, naming what and how many."""
    puzzle = read(load_lines("top95.txt")[0])
    whole = Entry(puzzle, "", [511] * 81, [0] * 81)
    assert len(whole.candidates) == len(whole.placed) == 81
    assert list(State.from_entry(whole).values) == list(puzzle.cells)
    with pytest.raises(PuzzleError, match="candidates for each of the 81 cells, got 80"):
        Entry(puzzle, "", [511] * 80)
    with pytest.raises(PuzzleError, match="placed digits for each of the 81 cells, got 82"):
        Entry(puzzle, "", None, [0] * 82)

@pytest.mark.parametrize("text, message", BAD_FILES)
def test_a_file_with_no_puzzle_says_why(text, message):
    with pytest.raises(PuzzleError) as caught:
        read_puzzles(text)
    assert message in caught.value.message


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("0123456789.#:|-+* \nuABCx[]"), max_size=800))
def test_any_text_reads_or_raises_the_clear_error(text):
    try:
        entries = read_puzzles(text)
    except PuzzleError as error:
        assert error.message
    else:
        assert entries and all(e.puzzle.size * e.puzzle.size == len(e.puzzle.cells)
                               for e in entries)
