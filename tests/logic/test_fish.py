"""X-Wing, Swordfish and Jellyfish (one generic fish): exact eliminations, and misses."""

from .positions import blank, find, named, pattern

x_wing = find("X-Wing")
swordfish = find("Swordfish")
jellyfish = find("Jellyfish")


def rows_only(d, rows: dict[int, list[int]]):
    """Keep digit d in each given row only at the given columns."""
    return pattern(blank(), lines={d: {f"row {r}": [f"r{r}c{c}" for c in cs]
                                       for r, cs in rows.items()}})


def column_eliminations(d, columns, rows):
    return {(f"r{r}c{c}", d) for c in columns for r in range(1, 10) if r not in rows}


def test_x_wing_on_rows_clears_the_columns():
    state = rows_only(1, {1: [2, 6], 5: [2, 6]})
    step = x_wing(state)
    assert step.technique == "X-Wing"
    assert named(step.eliminations) == column_eliminations(1, (2, 6), (1, 5))
    assert step.explanation == (
        "In rows 1 and 5, 1 fits only in columns 2 and 6, so 1 is removed from the rest of"
        " those columns."
    )
    assert step.nudge() == "Look for an X-Wing for 1s in rows 1 and 5."


def test_x_wing_on_columns_clears_the_rows():
    state = pattern(blank(), lines={7: {"column 3": ["r2c3", "r8c3"],
                                        "column 9": ["r2c9", "r8c9"]}})
    step = x_wing(state)
    expected = {(f"r{r}c{c}", 7) for r in (2, 8) for c in range(1, 10) if c not in (3, 9)}
    assert named(step.eliminations) == expected


def test_swordfish():
    state = rows_only(1, {1: [1, 5], 5: [5, 9], 9: [1, 9]})
    assert x_wing(state) is None
    step = swordfish(state)
    assert step.technique == "Swordfish"
    assert named(step.eliminations) == column_eliminations(1, (1, 5, 9), (1, 5, 9))


def test_jellyfish():
    state = rows_only(4, {1: [1, 3], 3: [3, 5], 5: [5, 7], 7: [7, 1]})
    assert swordfish(state) is None
    step = jellyfish(state)
    assert step.technique == "Jellyfish"
    assert named(step.eliminations) == column_eliminations(4, (1, 3, 5, 7), (1, 3, 5, 7))


def test_no_fish_when_the_rows_spread_over_too_many_columns():
    state = rows_only(1, {1: [2, 6], 5: [2, 7]})
    assert x_wing(state) is None


def test_x_wing_on_a_16x16_board():
    state = pattern(blank(16), lines={16: {"row 2": ["r2c4", "r2c13"],
                                           "row 11": ["r11c4", "r11c13"]}})
    step = x_wing(state)
    expected = {(f"r{r}c{c}", 16) for c in (4, 13) for r in range(1, 17) if r not in (2, 11)}
    assert named(step.eliminations, 16) == expected
    assert step.area == "for Gs in rows 2 and 11"


finned_x_wing = find("Finned X-Wing")
finned_swordfish = find("Finned swordfish")
FINNED = {1: {"row 1": ["r1c2", "r1c6", "r1c3"], "row 5": ["r5c2", "r5c6"]}}


def test_finned_x_wing_removes_only_in_the_fins_box():
    step = finned_x_wing(pattern(blank(), lines=FINNED))
    assert step.technique == "Finned X-Wing"
    assert named(step.eliminations) == {("r2c2", 1), ("r3c2", 1)}
    assert "but for the fin row 1, column 3" in step.explanation
    assert "sashimi" not in step.explanation


def test_sashimi_x_wing_has_a_base_line_with_one_cover_cell():
    lines = {1: {"row 1": ["r1c3", "r1c6"], "row 5": ["r5c2", "r5c6"]}}
    step = finned_x_wing(pattern(blank(), lines=lines))
    assert named(step.eliminations) == {("r2c2", 1), ("r3c2", 1)}
    assert "sashimi" in step.explanation


def test_no_finned_fish_when_the_fins_span_two_boxes():
    lines = {1: {"row 1": ["r1c2", "r1c6", "r1c3", "r1c9"], "row 5": ["r5c2", "r5c6"]}}
    assert finned_x_wing(pattern(blank(), lines=lines)) is None


def test_finned_swordfish():
    lines = {1: {"row 1": ["r1c1", "r1c5"], "row 5": ["r5c5", "r5c9"],
                 "row 9": ["r9c1", "r9c9", "r9c8"]}}
    step = finned_swordfish(pattern(blank(), lines=lines))
    assert named(step.eliminations) == {("r7c9", 1), ("r8c9", 1)}
