"""X-Chains and XY-Chains: exact eliminations, and where they must not fire."""

from .positions import blank, find, named, pattern

x_chain = find("X-Chain")
xy_chain = find("XY-Chain")

# 1s: r1c1 = r5c1 - r5c4 = r8c4 - r8c8 = r2c8 (strong links down columns 1, 4 and 8)
X_LINKS = {"column 1": ["r1c1", "r5c1"], "column 4": ["r5c4", "r8c4"],
           "column 8": ["r8c8", "r2c8"]}


def test_x_chain_of_five_links():
    step = x_chain(pattern(blank(), lines={1: X_LINKS}))
    assert step.technique == "X-Chain"
    assert named(step.eliminations) == {("r1c7", 1), ("r1c9", 1), ("r2c2", 1), ("r2c3", 1)}
    assert len(step.cells) == 6
    assert {step.cells[0], step.cells[-1]} == {0, 16}
    assert step.explanation == (
        "If row 1, column 1 is not 1, then row 5, column 1 is (the other 1 of column 1), so"
        " row 5, column 4 is not, so row 8, column 4 is (the other 1 of column 4), so row 8,"
        " column 8 is not, so row 2, column 8 is (the other 1 of column 8). So row 1, column 1"
        " or row 2, column 8 is 1, and 1 is removed from cells seeing both."
    )


def test_no_x_chain_when_the_last_strong_link_is_missing():
    links = {k: v for k, v in X_LINKS.items() if k != "column 8"}
    assert x_chain(pattern(blank(), lines={1: links})) is None


XY_CELLS = {"r1c1": "12", "r1c5": "23", "r4c5": "34", "r4c9": "41"}


def test_xy_chain_of_four_cells():
    step = xy_chain(pattern(blank(), cands=XY_CELLS))
    assert step.technique == "XY-Chain"
    assert named(step.eliminations) == {("r1c9", 1), ("r4c1", 1)}
    assert set(step.cells) == {0, 4, 31, 35}
    assert step.digits == (1, 2, 3, 4)
    assert step.explanation.startswith(
        "If row 1, column 1 is not 1 it is 2, so row 1, column 5 is 3, so row 4, column 5 is 4,"
        " so row 4, column 9 is 1."
    )


def test_no_xy_chain_when_the_ends_do_not_match():
    assert xy_chain(pattern(blank(), cands=dict(XY_CELLS, r4c9="45"))) is None
