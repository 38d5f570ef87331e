"""Puzzle files in the page: a file picked (or dropped on the grid) is read by the same
solver.model.files the library has, under MicroPython; several puzzles are listed to choose."""

import pytest

from solver.model.candidates import candidates, digits_of
from solver.model.puzzle import read
from tests.checks import EASY, PUZZLES, load_lines

from .pages import grid_text, open_app
from .test_player import own_notes

pytestmark = pytest.mark.browser

SDK = "#DA puzzle from a file\n[Puzzle]\n" + "\n".join(
    load_lines("top95.txt")[9][r * 9:r * 9 + 9] for r in range(9)) + "\n"


def pick(page, name: str, text: str) -> None:
    page.set_input_files("#puzzle-file", files=[
        {"name": name, "mimeType": "text/plain", "buffer": text.encode()}])


def test_an_sdk_file_fills_the_grid(page, base_url, device):
    open_app(page, base_url)
    pick(page, "newspaper.sdk", SDK)
    page.wait_for_function("document.getElementById('status').textContent.includes('givens')")
    assert grid_text(page) == load_lines("top95.txt")[9]
    assert page.is_hidden("#puzzle-list")


def test_a_collection_is_listed_and_a_chosen_puzzle_loads(page, base_url):
    lines = load_lines("top95.txt")
    open_app(page, base_url)
    pick(page, "top95.txt", (PUZZLES / "top95.txt").read_text())
    page.wait_for_function("document.getElementById('status').textContent.includes('95 puzzles')")
    assert grid_text(page) == lines[0]
    assert page.eval_on_selector("#puzzle-list", "s => s.options.length") == 95
    page.select_option("#puzzle-list", "41")
    page.wait_for_function("document.getElementById('status').textContent.includes('puzzle 42')")
    assert grid_text(page) == read(lines[41]).to_string()


def test_a_dropped_file_fills_the_grid_and_a_bad_one_keeps_it(page, base_url):
    open_app(page, base_url)
    drop = """([name, text]) => {
        const data = new DataTransfer();
        data.items.add(new File([text], name, {type: 'text/plain'}));
        document.getElementById('c40').dispatchEvent(
            new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));
    }"""
    page.evaluate(drop, ["p.sdk", SDK])
    page.wait_for_function("document.getElementById('status').textContent.includes('givens')")
    assert grid_text(page) == load_lines("top95.txt")[9]
    page.evaluate(drop, ["notes.txt", "what now\nyes"])
    page.wait_for_function("document.getElementById('status').textContent.includes('notes.txt')")
    assert "Could not read notes.txt: unexpected character 'w'" in page.inner_text("#status")
    assert grid_text(page) == load_lines("top95.txt")[9]


def test_a_pencil_mark_file_puts_its_marks_in_as_the_players_notes(page, base_url):
    puzzle = read(EASY)
    masks = list(candidates(puzzle))
    cell = next(i for i, m in enumerate(masks) if len(digits_of(m)) >= 3)
    dropped = digits_of(masks[cell])[0]
    masks[cell] &= ~(1 << (dropped - 1))  # a mark the player crossed out on paper
    text = "".join("".join(str(d) if d in (digits_of(m) if not puzzle.cells[i]
                                           else [puzzle.cells[i]]) else "."
                           for d in range(1, 10)) for i, m in enumerate(masks))
    open_app(page, base_url)
    pick(page, "marks.txt", text + "\n")
    page.wait_for_function("document.getElementById('status').textContent.includes('notes')")
    assert own_notes(page, cell) == list(digits_of(masks[cell]))
    assert dropped not in own_notes(page, cell)
    assert all(own_notes(page, i) == [] for i, d in enumerate(puzzle.cells) if d)
