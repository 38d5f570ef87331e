"""f-puzzles import: the JSON reader and lz-string decompression written out in the model
(checked against CPython's json and against links compressed by another implementation,
PyPI's lzstring 1.0.4, kept here as text), and f-puzzles' JSON, links and compressed text
read by parse/read/read_puzzles as the same Puzzle our own text form gives, with a
PuzzleError naming any constraint we do not support."""

import json
import random
import re

import pytest

from solver import PuzzleError, Rules, analyse, read, read_puzzles
from solver.model.fpuzzles import decompress_base64, read_json
from tests.test_killer import SMALL, SMALL_SOLUTION
from tests.test_variants import JIGSAW6_MAP

# SMALL as f-puzzles writes it, with a player's digit (not a given) in r1c1, a given 1 in
# r4c1, a cosmetic cage, an empty thermometer list and antiknight false (both unused).
SMALL_JSON = (
    '{"size":4,"author":"tests","title":"Small Killer","grid":[[{"value":3},{},{},{}],[{},{},'
    '{},{}],[{},{},{},{}],[{"value":1,"given":true},{},{},{}]],"killercage":[{"cells":["R1C1",'
    '"R2C1","R2C2"],"value":"9","outlineC":"#000000"},{"cells":["R1C2","R1C3"],"value":"5",'
    '"outlineC":"#000000"},{"cells":["R1C4","R2C4"],"value":"5","outlineC":"#000000"},'
    '{"cells":["R2C3","R3C3"],"value":"3","outlineC":"#000000"},{"cells":["R3C1"],"value":"3",'
    '"outlineC":"#000000"},{"cells":["R3C2","R4C2","R4C3"],"value":"9","outlineC":"#000000"},'
    '{"cells":["R3C4","R4C4"],"value":"5","outlineC":"#000000"},{"cells":["R4C1"],"value":"1",'
    '"outlineC":"#000000"}],"cage":[{"cells":["R1C1"],"value":"note"}],"thermometer":[],'
    '"antiknight":false}')
# SMALL_JSON and a 6x6 jigsaw X anti-king (JIGSAW6_MAP's regions, a given 2 in r1c3) as
# PyPI's lzstring.compressToBase64 wrote them.
SMALL_PACKED = (
    "N4IgzglgXgpiBcAWANCAhgVwC4AsD2ATgiFjGFmCKlhFgDZzwgDKAtmnXQAQDSEnMIqgDmBCABMEAbSmgAbhwyM"
    "AzAF9kwdZo2qAusllajO/YZ3nNp+YsYBGERDkwAdgiwElx7Zf0gA1vwMBADGaMKMsiDBMJyU8FIgAEq2AMK2VEkA"
    "TGkZidmZIL4KdErEAJwZeNh0EM4wKcQAxAAMrW0gWlExdHEJySkFqP3KhajFpUwArJXVtfVNbe2d0bHSSamIudmb"
    "RTbE06hV9HMNTC2LzR0aXavxWSkjQ8oPoyDjjCCPIEc1dacg50WV1AKx6a0Sz3SuxKHy+PxOCwuwJuYLuEIGuUQG"
    "KGWJG0ImIAqh1mf0RQOW3V6SWemxxKR2Yz2Uxmx1JZwulwptz6WKhjJhxHSxNZ83ZSL0qFC4WkIMp4NSfLeTJAzj"
    "wpA6vlwglYeFYMFIRHivjQzhofmcEGEOCwCAAZhwwDBVEA===")
JIGSAW_PACKED = (
    "N4IgzglgXgpiBcA2ANCA5gJwgEwQbT1AxjQgHsA7BABgF9kiTyr4BGex0yhV1ANwCGAGwCuceACZUpPjBYAXDGI"
    "4hiXFuwaqm3NirXMetALrJC29TX06WdLQd13OhvfZsIJ1y5JNnnjrxcAZkDdELdvcP8WTwiXT1NzB1tQliiLYNSE"
    "dOSPLJ9E6IQAFnzSuN1yovgAVny6ipY6wozKsvbGhAbq7tamk1MQbAgBNEphAGoERTFUYdHxoQBaaaUYVAEKeQgA"
    "awgKNFXlIA===")
LINK = "https://www.f-puzzles.com/?load="


def small_with_a_given() -> str:
    """SMALL in our text form with the given 1 of r4c1 that SMALL_JSON has."""
    return SMALL.replace("grid:\n....\n....\n....\n....", "grid:\n....\n....\n....\n1...")


def test_decompression_gives_what_the_other_implementation_compressed():
    assert decompress_base64(SMALL_PACKED) == SMALL_JSON
    assert json.loads(decompress_base64(JIGSAW_PACKED))["size"] == 6
    assert decompress_base64("") is None and decompress_base64("N4Ig*") is None
    assert decompress_base64(SMALL_PACKED[:40]) is None  # cut short: no end code


def test_json_reader_reads_what_json_writes():
    rng = random.Random(28)
    for _ in range(200):
        value = random_json(rng, 4)
        for text in (json.dumps(value), json.dumps(value, indent=1, ensure_ascii=False)):
            assert read_json(text) == json.loads(text)


def random_json(rng: random.Random, depth: int) -> object:
    """A random JSON value nested at most `depth` deep."""
    kind = rng.randrange(7 if depth else 5)
    if kind == 0:
        return rng.randint(-10**6, 10**6)
    if kind == 1:
        return rng.choice([0.5, -2.25, 1e21, 3.0e-5])
    if kind == 2:
        letters = 'ab"\\/\n\t\u00e9\u4e2d\x01 R1C1'
        return "".join(rng.choice(letters) for _ in range(rng.randrange(8)))
    if kind == 3:
        return rng.choice([True, False, None])
    if kind == 4:
        return ""
    if kind == 5:
        return [random_json(rng, depth - 1) for _ in range(rng.randrange(4))]
    return {f"k{i}": random_json(rng, depth - 1) for i in range(rng.randrange(4))}


@pytest.mark.parametrize("text, words", [
    ('{"size":4', "expected , or } at character 10"),
    ('{"size":4}}', "text after the end"),
    ('{"a":"x\\q"}', "a bad escape"),
    ('{"a":tru}', "expected a value"),
    ('[' * 30 + ']' * 30, "nesting deeper than 20"),
    ('{"a":"open', "a string not closed"),
])
def test_bad_json_is_named(text, words):
    with pytest.raises(PuzzleError, match=re.escape("no JSON: " + words)):
        read_json(text)


@pytest.mark.parametrize("source", [
    SMALL_JSON, json.dumps(json.loads(SMALL_JSON), indent=2), SMALL_PACKED, LINK + SMALL_PACKED,
    LINK + SMALL_PACKED.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"),
    "  " + LINK + SMALL_PACKED + "&other=1\n",
    "https://sudokupad.app/fpuzzles" + SMALL_PACKED,
    "https://sudokupad.app/?puzzleid=fpuzzles" + SMALL_PACKED + "&setting-nogrid=1",
])
def test_every_form_of_an_fpuzzle_reads_as_our_text_does(source):
    puzzle = read(source)
    assert puzzle == read(small_with_a_given())  # the player's 3 is no given
    assert analyse(puzzle).solution.cells == tuple(SMALL_SOLUTION)


def test_regions_diagonals_and_anti_king_come_through():
    puzzle = read(JIGSAW_PACKED)
    assert puzzle.rules == Rules(6, regions=JIGSAW6_MAP, x=True, anti_king=True)
    assert puzzle.cells[2] == 2 and puzzle.filled_count() == 1


def test_read_puzzles_reads_json_over_lines_and_links_one_a_line():
    pretty = json.dumps(json.loads(SMALL_JSON), indent=2)
    assert [e.puzzle for e in read_puzzles(pretty)] == [read(SMALL_JSON)]
    links = LINK + SMALL_PACKED + "\n" + LINK + JIGSAW_PACKED + "\n"
    assert [e.puzzle for e in read_puzzles(links)] == [read(SMALL_PACKED), read(JIGSAW_PACKED)]


def changed(**fields: object) -> str:
    """SMALL_JSON with some keys set (None: removed)."""
    data = json.loads(SMALL_JSON)
    for key, value in fields.items():
        key = key.replace("_plus", "+").replace("_minus", "-")
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return json.dumps(data)


@pytest.mark.parametrize("source, words", [
    (changed(thermometer=[{"lines": [["R1C1", "R1C2"]]}]),
     "unsupported f-puzzles constraint 'thermometer': the constraints supported are "
     "killercage, diagonal+, diagonal-, antiknight, antiking"),
    (changed(nonconsecutive=True), "unsupported f-puzzles constraint 'nonconsecutive'"),
    (changed(diagonal_plus=True), "'diagonal+' alone: we support both diagonals"),
    (changed(killercage=[{"cells": ["R1C1", "R1C2"]}]), "killer cage 1 has no sum"),
    (changed(killercage=[{"cells": ["R1C1", "R9C9"], "value": "5"}]),
     "killer cage 1: 'R9C9' is no cell of a 4x4 grid"),
    (changed(size=5), "size must be one of 4, 6, 8, 9, 12, 16, 25, not 5"),
    (changed(grid=[[{}] * 4] * 3), "grid must be 4 rows of 4 cells"),
    (changed(grid=[[{"value": 7, "given": True}] + [{}] * 3] + [[{}] * 4] * 3),
     "row 1, column 1 holds 7, no digit 1-4"),
    ('{"grid": []}', "size must be one of"),
    (LINK + SMALL_PACKED[:60], "does not unpack to a puzzle"),
])
def test_what_we_cannot_read_is_named(source, words):
    with pytest.raises(PuzzleError, match=re.escape(words)):
        read(source)
