"""Locked candidates, pointing and claiming: exact eliminations, and where they must not fire."""

from .positions import blank, find, named, pattern

pointing = find("Locked candidates (pointing)")
claiming = find("Locked candidates (claiming)")

ROW1_OUTSIDE_BOX1 = {(f"r1c{c}", 5) for c in range(4, 10)}
BOX1_OUTSIDE_ROW1 = {(f"r{r}c{c}", 5) for r in (2, 3) for c in (1, 2, 3)}


def test_pointing_clears_the_rest_of_the_line():
    state = pattern(blank(), lines={5: {"box 1": ["r1c1", "r1c2"]}})
    step = pointing(state)
    assert step.technique == "Locked candidates (pointing)"
    assert named(step.eliminations) == ROW1_OUTSIDE_BOX1
    assert step.explanation == (
        "In box 1, 5 can only go in row 1, so it is removed from the rest of row 1."
    )
    assert step.nudge() == "Look for locked candidates (pointing) in box 1."


def test_pointing_works_down_a_column_of_a_6x6_box():
    state = pattern(blank(6), lines={2: {"box 1": ["r1c2", "r2c2"]}})
    step = pointing(state)
    assert named(step.eliminations, 6) == {(f"r{r}c2", 2) for r in range(3, 7)}


def test_pointing_does_not_fire_when_the_digit_spans_two_lines():
    state = pattern(blank(), lines={5: {"box 1": ["r1c1", "r2c2"]}})
    assert pointing(state) is None


def test_pointing_does_not_fire_when_the_line_has_nothing_to_lose():
    state = pattern(blank(), lines={5: {"box 1": ["r1c1", "r1c2"], "row 1": ["r1c1", "r1c2"]}})
    assert pointing(state) is None


def test_claiming_clears_the_rest_of_the_box():
    state = pattern(blank(), lines={5: {"row 1": ["r1c1", "r1c2"]}})
    assert pointing(state) is None
    step = claiming(state)
    assert step.technique == "Locked candidates (claiming)"
    assert named(step.eliminations) == BOX1_OUTSIDE_ROW1
    assert step.units == (0, 18)


def test_claiming_does_not_fire_when_the_line_crosses_two_boxes():
    state = pattern(blank(), lines={5: {"row 1": ["r1c1", "r1c4"]}})
    assert claiming(state) is None
