"""X-Chains and XY-Chains: exact eliminations, and where they must not fire."""

from .positions import blank, cell, find, named, pattern

x_chain = find("X-Chain")
xy_chain = find("XY-Chain")
turbot_fish = find("Turbot Fish")
remote_pair = find("Remote Pair")

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
    assert [k for *_, k in step.links] == ["strong", "weak"] * 2 + ["strong"]
    assert step.links[0] == ((cell("r1c1"),), 1, (cell("r5c1"),), 1, "strong")


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
    assert step.links[:3] == (((0,), 1, (0,), 2, "strong"), ((0,), 2, (4,), 2, "weak"),
                              ((4,), 2, (4,), 3, "strong"))
    assert step.links[-1] == ((35,), 4, (35,), 1, "strong")


def test_no_xy_chain_when_the_ends_do_not_match():
    assert xy_chain(pattern(blank(), cands=dict(XY_CELLS, r4c9="45"))) is None


# 1s: box 1 only at r1c1 and r3c2, column 7 only at r3c7 and r8c7; r3c2 sees r3c7
TURBOT = {"box 1": ["r1c1", "r3c2"], "column 7": ["r3c7", "r8c7"]}
# 4 and 7 alone in r1c1, r1c5, r5c5, r5c8, each seeing the next
REMOTE = {c: "47" for c in ("r1c1", "r1c5", "r5c5", "r5c8")}


def test_turbot_fish_is_a_three_link_x_chain():
    step = turbot_fish(pattern(blank(), lines={1: TURBOT}))
    assert step.technique == "Turbot Fish"
    assert named(step.eliminations) == {("r8c1", 1)}  # column 7 has no other 1
    assert [(a, b, k) for a, _, b, _, k in step.links] == [
        ((cell("r1c1"),), (cell("r3c2"),), "strong"), ((cell("r3c2"),), (cell("r3c7"),), "weak"),
        ((cell("r3c7"),), (cell("r8c7"),), "strong")]
    assert step.explanation.startswith(
        "If row 1, column 1 is not 1, then row 3, column 2 is (the other 1 of box 1), so row 3,"
        " column 7 is not, so row 8, column 7 is (the other 1 of column 7).")


def test_no_turbot_fish_for_a_longer_chain_or_a_missing_strong_link():
    assert turbot_fish(pattern(blank(), lines={1: X_LINKS})) is None
    assert turbot_fish(pattern(blank(), lines={1: {"box 1": TURBOT["box 1"]}})) is None


def test_remote_pair_removes_both_digits_from_cells_seeing_both_ends():
    step = remote_pair(pattern(blank(), cands=REMOTE))
    assert step.technique == "Remote Pair"
    assert named(step.eliminations) == {(c, d) for c in ("r1c8", "r5c1") for d in (4, 7)}
    assert step.links[:2] == (((0,), 4, (0,), 7, "strong"), ((0,), 7, (4,), 7, "weak"))
    assert len(step.links) == 7
    assert step.explanation == (
        "Row 1, column 1; row 1, column 5; row 5, column 5 and row 5, column 8 all hold only"
        " 4 and 7, each seeing the next, so the two digits alternate along them: row 1,"
        " column 1 and row 5, column 8 hold one each. So 4 and 7 from row 1, column 8 and"
        " row 5, column 1 can go.")


def test_no_remote_pair_when_the_chain_breaks_or_has_an_odd_number_of_cells():
    broken = {c: "47" for c in ("r1c1", "r1c5", "r5c5", "r6c9")}
    assert remote_pair(pattern(blank(), cands=broken)) is None
    three = {c: "47" for c in ("r1c1", "r1c5", "r5c5")}
    assert remote_pair(pattern(blank(), cands=three)) is None
