"""XY-Wing, XYZ-Wing and W-Wing: exact eliminations, and where they must not fire."""

from .positions import blank, find, links_named, named, pattern

xy_wing = find("XY-Wing")
xyz_wing = find("XYZ-Wing")
w_wing = find("W-Wing")


def test_xy_wing_along_a_row_and_a_column():
    state = pattern(blank(), cands={"r1c1": "12", "r1c5": "13", "r5c1": "23"})
    step = xy_wing(state)
    assert step.technique == "XY-Wing"
    assert named(step.eliminations) == {("r5c5", 3)}
    assert set(step.cells) == {0, 4, 36}
    assert step.explanation.startswith(  # the pivot's digits, and where each sends 3
        "Row 1, column 1 holds 1 or 2: if 1, row 1, column 5 is 3; if 2, row 5, column 1 is 3.")


def test_xy_wing_with_a_pincer_in_the_pivots_box():
    state = pattern(blank(), cands={"r1c1": "12", "r2c3": "13", "r1c7": "23"})
    step = xy_wing(state)
    assert named(step.eliminations) == {("r1c2", 3), ("r1c3", 3), ("r2c7", 3), ("r2c8", 3),
                                        ("r2c9", 3)}
    assert step.nudge() == "Look for an XY-Wing around row 1, column 1."


def test_no_xy_wing_when_the_pincers_share_no_digit():
    state = pattern(blank(), cands={"r1c1": "12", "r1c5": "13", "r5c1": "24"})
    assert xy_wing(state) is None


def test_xyz_wing_removes_only_where_all_three_see():
    state = pattern(blank(), cands={"r1c1": "123", "r1c7": "13", "r2c2": "23"})
    assert xy_wing(state) is None
    step = xyz_wing(state)
    assert step.technique == "XYZ-Wing"
    assert named(step.eliminations) == {("r1c2", 3), ("r1c3", 3)}


def test_no_xyz_wing_when_a_pincer_strays_from_the_pivot():
    state = pattern(blank(), cands={"r1c1": "123", "r1c7": "13", "r2c2": "24"})
    assert xyz_wing(state) is None


W_CELLS = {"r1c1": "12", "r5c9": "12"}


def test_w_wing_through_a_strong_link():
    state = pattern(blank(), cands=W_CELLS, lines={1: {"column 5": ["r1c5", "r5c5"]}})
    step = w_wing(state)
    assert step.technique == "W-Wing"
    assert named(step.eliminations) == {("r1c9", 2), ("r5c1", 2)}
    assert set(step.cells) == {0, 44, 4, 40}
    assert "1 in column 5 goes only in row 1, column 5 (which sees row 1, column 1) or row 5," \
        " column 5 (which sees row 5, column 9)" in step.explanation


def test_no_w_wing_without_the_strong_link():
    assert w_wing(pattern(blank(), cands=W_CELLS)) is None


def test_an_xy_wing_and_a_w_wing_are_drawn_as_the_chains_they_are():
    step = xy_wing(pattern(blank(), cands={"r1c1": "12", "r1c5": "13", "r5c1": "23"}))
    assert links_named(step) == [  # r1c5: 3 = 1 - r1c1: 1 = 2 - r5c1: 2 = 3
        (["r1c5"], 3, ["r1c5"], 1, "strong"), (["r1c5"], 1, ["r1c1"], 1, "weak"),
        (["r1c1"], 1, ["r1c1"], 2, "strong"), (["r1c1"], 2, ["r5c1"], 2, "weak"),
        (["r5c1"], 2, ["r5c1"], 3, "strong")]
    step = w_wing(pattern(blank(), cands=W_CELLS, lines={1: {"column 5": ["r1c5", "r5c5"]}}))
    assert links_named(step) == [  # r1c1: 2 = 1 - r1c5 = r5c5 - r5c9: 1 = 2
        (["r1c1"], 2, ["r1c1"], 1, "strong"), (["r1c1"], 1, ["r1c5"], 1, "weak"),
        (["r1c5"], 1, ["r5c5"], 1, "strong"), (["r5c5"], 1, ["r5c9"], 1, "weak"),
        (["r5c9"], 1, ["r5c9"], 2, "strong")]


def test_an_xyz_wing_is_no_chain_and_draws_no_arrows():
    state = pattern(blank(), cands={"r1c1": "123", "r1c7": "13", "r2c2": "23"})
    assert xyz_wing(state).links == ()
