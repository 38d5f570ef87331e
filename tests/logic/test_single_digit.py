"""Skyscraper and 2-String Kite: exact eliminations, and where they must not fire."""

from .positions import blank, find, links_named, named, pattern

skyscraper = find("Skyscraper")
two_string_kite = find("2-String Kite")


def test_skyscraper():
    state = pattern(blank(), lines={1: {"row 1": ["r1c1", "r1c5"], "row 4": ["r4c1", "r4c6"]}})
    step = skyscraper(state)
    assert step.technique == "Skyscraper"
    assert named(step.eliminations) == {("r2c6", 1), ("r3c6", 1), ("r5c5", 1), ("r6c5", 1)}
    assert step.nudge() == "Look for a skyscraper for 1s in rows 1 and 4."


def test_no_skyscraper_when_it_is_an_x_wing():
    state = pattern(blank(), lines={1: {"row 1": ["r1c1", "r1c5"], "row 4": ["r4c1", "r4c5"]}})
    assert skyscraper(state) is None


def test_two_string_kite():
    state = pattern(blank(), lines={1: {"row 1": ["r1c2", "r1c7"],
                                        "column 1": ["r2c1", "r7c1"]}})
    assert skyscraper(state) is None
    step = two_string_kite(state)
    assert step.technique == "2-String Kite"
    assert named(step.eliminations) == {("r7c7", 1)}
    assert step.nudge() == "Look for a 2-String Kite for 1s in row 1 and column 1."


def test_no_kite_when_both_column_ends_are_in_the_box():
    state = pattern(blank(), lines={1: {"row 1": ["r1c2", "r1c7"],
                                        "column 1": ["r2c1", "r3c1"]}})
    assert two_string_kite(state) is None


def test_two_string_kite_on_a_16x16_board():
    state = pattern(blank(16), lines={1: {"row 1": ["r1c2", "r1c9"],
                                          "column 1": ["r3c1", "r12c1"]}})
    step = two_string_kite(state)
    assert named(step.eliminations, 16) == {("r12c9", 1)}


empty_rectangle = find("Empty rectangle")
# box 1 holds 5 only on row 1 and column 1; column 5 holds it only at r1c5 and r7c5
EMPTY_RECTANGLE = {5: {"box 1": ["r1c1", "r1c2", "r2c1", "r3c1"],
                       "column 5": ["r1c5", "r7c5"]}}


def test_empty_rectangle_with_a_strong_link_in_a_column():
    step = empty_rectangle(pattern(blank(), lines=EMPTY_RECTANGLE))
    assert step.technique == "Empty rectangle"
    assert named(step.eliminations) == {("r7c1", 5)}
    assert step.explanation == (
        "In box 1, 5 lies only on row 1 and column 1. If row 7, column 1 were 5, row 7, column"
        " 5 would not be, so row 1, column 5 would (the other 5 of column 5); then box 1 would"
        " have no 5 left. So row 7, column 1 is not 5.")


def test_no_empty_rectangle_when_the_links_far_end_shares_the_boxs_band():
    lines = {5: {"box 1": ["r1c1", "r1c2", "r2c1", "r3c1"], "column 5": ["r1c5", "r2c5"]}}
    assert empty_rectangle(pattern(blank(), lines=lines)) is None


def test_no_empty_rectangle_when_the_box_is_one_line():
    lines = {5: {"box 1": ["r1c1", "r1c2"], "column 5": ["r1c5", "r7c5"]}}
    assert empty_rectangle(pattern(blank(), lines=lines)) is None


def test_a_skyscraper_and_a_kite_are_drawn_as_their_three_links():
    state = pattern(blank(), lines={1: {"row 1": ["r1c1", "r1c5"], "row 4": ["r4c1", "r4c6"]}})
    assert links_named(skyscraper(state)) == [  # r1c5 = r1c1 - r4c1 = r4c6
        (["r1c5"], 1, ["r1c1"], 1, "strong"), (["r1c1"], 1, ["r4c1"], 1, "weak"),
        (["r4c1"], 1, ["r4c6"], 1, "strong")]
    state = pattern(blank(), lines={1: {"row 1": ["r1c2", "r1c7"],
                                        "column 1": ["r2c1", "r7c1"]}})
    assert links_named(two_string_kite(state)) == [  # r1c7 = r1c2 - r2c1 = r7c1
        (["r1c7"], 1, ["r1c2"], 1, "strong"), (["r1c2"], 1, ["r2c1"], 1, "weak"),
        (["r2c1"], 1, ["r7c1"], 1, "strong")]


def test_an_empty_rectangle_is_drawn_as_the_loop_its_sentence_follows():
    step = empty_rectangle(pattern(blank(), lines=EMPTY_RECTANGLE))
    # r7c1 - r7c5 = r1c5 - (box 1 on row 1) = (box 1 on column 1, below row 1) - r7c1
    assert links_named(step) == [
        (["r7c1"], 5, ["r7c5"], 5, "weak"), (["r7c5"], 5, ["r1c5"], 5, "strong"),
        (["r1c5"], 5, ["r1c1", "r1c2"], 5, "weak"),
        (["r1c1", "r1c2"], 5, ["r2c1", "r3c1"], 5, "strong"),
        (["r2c1", "r3c1"], 5, ["r7c1"], 5, "weak")]
