"""Simple colouring, colour trap and colour wrap: exact eliminations, and misses."""

from .positions import blank, find, links_named, named, pattern

colour_trap = find("Simple colouring (colour trap)")
colour_wrap = find("Simple colouring (colour wrap)")

# 1s: r2c1 = r7c1 (column 1), r7c1 = r7c5 (row 7), r7c5 = r3c5 (column 5)
TRAP = {1: {"column 1": ["r2c1", "r7c1"], "row 7": ["r7c1", "r7c5"],
            "column 5": ["r7c5", "r3c5"]}}
# 1s: r1c1 = r1c5 = r6c5 = r6c2 = r2c2, and r1c1, r2c2 (same colour) share box 1
WRAP = {1: {"row 1": ["r1c1", "r1c5"], "column 5": ["r1c5", "r6c5"],
            "row 6": ["r6c5", "r6c2"], "column 2": ["r6c2", "r2c2"]}}


def test_colour_trap_removes_the_digit_where_both_colours_see():
    step = colour_trap(pattern(blank(), lines=TRAP))
    assert step.technique == "Simple colouring (colour trap)"
    assert named(step.eliminations) == {("r2c4", 1), ("r2c6", 1), ("r3c2", 1), ("r3c3", 1)}


def test_colour_trap_position_has_no_wrap():
    assert colour_wrap(pattern(blank(), lines=TRAP)) is None


def test_colour_wrap_removes_the_whole_colour():
    step = colour_wrap(pattern(blank(), lines=WRAP))
    assert step.technique == "Simple colouring (colour wrap)"
    assert named(step.eliminations) == {("r1c1", 1), ("r6c5", 1), ("r2c2", 1)}
    assert step.explanation.endswith("row 1, column 1 and row 2, column 2 have the same colour"
                                     " and see each other, so that colour cannot hold 1.")
    assert step.nudge() == "Look for a simple colouring (colour wrap) for 1s."


def test_no_colouring_without_strong_links():
    assert colour_trap(blank()) is None
    assert colour_wrap(blank()) is None


def test_colouring_draws_the_clusters_strong_links_and_a_wraps_clash():
    step = colour_trap(pattern(blank(), lines=TRAP))
    assert sorted(links_named(step)) == sorted([
        (["r2c1"], 1, ["r7c1"], 1, "strong"), (["r7c1"], 1, ["r7c5"], 1, "strong"),
        (["r3c5"], 1, ["r7c5"], 1, "strong")])
    step = colour_wrap(pattern(blank(), lines=WRAP))
    assert len([k for *_, k in step.links if k == "strong"]) == 4
    assert links_named(step)[-1] == (["r1c1"], 1, ["r2c2"], 1, "weak")


multi_1 = find("Multi-colouring (type 1)")
multi_2 = find("Multi-colouring (type 2)")
# 1s: r1c1 = r1c4 (row 1), r3c2 = r7c2 (column 2): two clusters; r1c1 sees r3c2 (box 1)
MULTI_1 = {1: {"row 1": ["r1c1", "r1c4"], "column 2": ["r3c2", "r7c2"]}}
# 1s: r1c1 = r1c7 = r5c7 (row 1, column 7), r2c2 = r5c2 (column 2): r1c1 and r5c7, one
# colour, see r2c2 (box 1) and r5c2 (row 5), both colours of the other cluster
MULTI_2 = {1: {"row 1": ["r1c1", "r1c7"], "column 7": ["r1c7", "r5c7"],
               "column 2": ["r2c2", "r5c2"]}}


def test_multi_colouring_1_removes_what_sees_both_other_colours():
    state = pattern(blank(), lines=MULTI_1)
    assert colour_trap(state) is None and colour_wrap(state) is None
    step = multi_1(state)
    assert step.technique == "Multi-colouring (type 1)"
    # r1c1 and r3c2 not both 1: r1c4 or r7c2 is, and r7c4 sees both
    assert named(step.eliminations) == {("r7c4", 1)}
    assert "row 1, column 1 sees row 3, column 2, so row 1, column 4 or row 7, column 2" \
        " holds 1" in step.explanation
    assert (["r1c1"], 1, ["r3c2"], 1, "weak") in links_named(step)
    assert multi_2(state) is None  # no colour sees both colours of the other cluster


def test_multi_colouring_2_removes_a_colour_seeing_both_of_another():
    step = multi_2(pattern(blank(), lines=MULTI_2))
    assert step.technique == "Multi-colouring (type 2)"
    assert named(step.eliminations) == {("r1c1", 1), ("r5c7", 1)}
    assert step.explanation.endswith("one of which holds 1: so row 1, column 1 and row 5,"
                                     " column 7 cannot.")


def test_no_multi_colouring_with_a_single_cluster():
    assert multi_1(pattern(blank(), lines=TRAP)) is None
    assert multi_2(pattern(blank(), lines=TRAP)) is None
    assert multi_1(pattern(blank(), lines=WRAP)) is None
