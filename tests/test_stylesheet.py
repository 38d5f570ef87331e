"""static/app.css parses as written: a stray brace or an empty selector makes the browser
drop the rule after it without a word (a stray `}` once cost light mode every hint colour)."""

import re
from pathlib import Path

CSS = Path(__file__).resolve().parent.parent / "static" / "app.css"


def rules_of(text: str) -> list[tuple[int, str]]:
    """(depth, prelude) of every block in the text, comments removed; AssertionError naming
    the line of a brace that closes nothing."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group().count("\n"), text, flags=re.S)
    blocks, depth, start = [], 0, 0
    for at, char in enumerate(text):
        if char == "{":
            blocks.append((depth, text[start:at].strip()))
            depth, start = depth + 1, at + 1
        elif char in "};":
            if char == "}":
                depth -= 1
                assert depth >= 0, f"line {text.count(chr(10), 0, at) + 1}: a brace closes nothing"
            start = at + 1
    assert depth == 0, f"{depth} block(s) never closed"
    return blocks


def test_every_block_closes_what_it_opens_and_has_a_selector():
    blocks = rules_of(CSS.read_text())
    assert len(blocks) > 100  # the whole sheet was read
    assert [prelude for _, prelude in blocks if not prelude] == []


def test_the_checker_finds_a_stray_brace_and_an_empty_selector():
    try:
        rules_of("a { color: red; }\n}\n:root { --x: 1; }")
    except AssertionError as error:
        assert "line 2" in str(error)
    else:
        raise AssertionError("a stray brace was not found")
    assert (0, "") in rules_of("a { color: red; }\n { color: blue; }")
