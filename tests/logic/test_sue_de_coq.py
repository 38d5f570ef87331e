"""Sue de Coq: where a line crosses a box, with one group on each side."""

from .positions import blank, find, links_named, named, pattern

sue_de_coq = find("Sue de Coq")
# r1c1, r1c2 (row 1 x box 1) hold 1-4; r1c5 {1,3} in row 1 and r2c3 {2,4} in box 1.
SUE = {"r1c1": "1234", "r1c2": "1234", "r1c5": "13", "r2c3": "24"}
ROW_REST = ("r1c3", "r1c4", "r1c6", "r1c7", "r1c8", "r1c9")
BOX_REST = ("r1c3", "r2c1", "r2c2", "r3c1", "r3c2", "r3c3")


def test_sue_de_coq_clears_the_rest_of_the_line_and_the_box():
    step = sue_de_coq(pattern(blank(), cands=SUE))
    assert step.technique == "Sue de Coq"
    assert named(step.eliminations) == {(c, d) for c in ROW_REST for d in (1, 3)} \
        | {(c, d) for c in BOX_REST for d in (2, 4)}
    assert step.explanation.startswith(
        "Where row 1 crosses box 1, row 1, columns 1 and 2 hold 1, 2, 3 and 4."
        " With row 1, column 5 (1 and 3) elsewhere in row 1 and row 2, column 3 (2 and 4)"
        " elsewhere in box 1, which share no digit, that is 4 cells for 4 digits")


def test_a_group_bringing_its_own_digit_removes_it_from_its_unit():
    # r1c5, r1c6 hold 1, 3 and 5: 5 is the row group's own, so the rest of row 1 loses it
    cands = dict(SUE, r1c5="15", r1c6="35")
    step = sue_de_coq(pattern(blank(), cands=cands))
    removed = named(step.eliminations)
    assert {(c, d) for c in ("r1c3", "r1c4", "r1c7") for d in (1, 3, 5)} <= removed
    assert ("r2c1", 5) not in removed and ("r2c1", 2) in removed


def test_no_sue_de_coq_when_the_groups_share_a_digit_or_the_count_is_off():
    assert sue_de_coq(pattern(blank(), cands=dict(SUE, r2c3="14"))) is None
    assert sue_de_coq(pattern(blank(), cands=dict(SUE, r2c3="25"))) is None


def test_sue_de_coq_draws_what_each_side_takes_from_the_crossing():
    step = sue_de_coq(pattern(blank(), cands=SUE))
    assert links_named(step) == [  # the row group takes 1 and 3, the box group 2 and 4
        (["r1c5"], 1, ["r1c1", "r1c2"], 1, "weak"), (["r1c5"], 3, ["r1c1", "r1c2"], 3, "weak"),
        (["r2c3"], 2, ["r1c1", "r1c2"], 2, "weak"), (["r2c3"], 4, ["r1c1", "r1c2"], 4, "weak")]
