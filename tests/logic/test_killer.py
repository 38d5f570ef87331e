"""The Killer rows: cage combinations, the rule of 45 and cage/unit overlap, on hand-made
cages over an empty grid: exact eliminations, their sentences, and where they must not fire."""

from solver.model.geometry import Rules

from .positions import blank, cell, find, name, named, pattern

combinations = find("Cage combinations")
rule_of_45 = find("Rule of 45")
overlap = find("Cage/unit overlap")


def killer(*cages: tuple[int, list[str]]):
    """An empty 9x9 Killer with these (sum, cells named 'r1c1') cages, every candidate left."""
    return blank(rules=Rules(9, cages=[(total, [cell(c) for c in cs]) for total, cs in cages]))


ROW_1_TRIPLE = ["r1c1", "r1c2", "r1c3"]
# A row its cages cover but for r1c9 (the rule of 45 fires there).
ROW_1_CAGES = ((10, ["r1c1", "r1c2", "r1c3", "r1c4"]), (26, ["r1c5", "r1c6", "r1c7", "r1c8"]))


def test_a_cage_of_23_in_three_cells_can_only_be_6_8_and_9():
    step = combinations(killer((23, ROW_1_TRIPLE)))
    assert step.technique == "Cage combinations"
    assert named(step.eliminations) == {(c, d) for c in ROW_1_TRIPLE for d in (1, 2, 3, 4, 5, 7)}
    assert step.explanation.startswith(
        "The 3-cell cage of 23 at row 1, columns 1, 2 and 3 can only be 6, 8 and 9 (")
    assert step.nudge() == ("Look for the combinations a cage's sum allows in the 3-cell cage"
                            " of 23 at row 1, columns 1, 2 and 3.")
    # the area is the cage, no unit: the nudge lights its cells (Step.area_cells)
    assert step.units == () and {name(c) for c in step.area_cells} == set(ROW_1_TRIPLE)


def test_a_combination_needs_a_digit_for_each_cell_from_its_own_candidates():
    # 10 = 1+9 = 2+8 = 3+7 = 4+6: with r1c1 1 or 2 and r1c2 9 or 3, only 1+9 is left.
    state = pattern(killer((10, ["r1c1", "r1c2"])), cands={"r1c1": "12", "r1c2": "39"})
    step = combinations(state)
    assert named(step.eliminations) == {("r1c1", 2), ("r1c2", 3)}
    assert "can only be 1 and 9" in step.explanation


def test_several_combinations_are_told_as_sums_smallest_digits_first():
    step = combinations(killer((9, ["r1c1", "r2c1"])))
    assert named(step.eliminations) == {("r1c1", 9), ("r2c1", 9)}
    assert step.explanation.startswith("The 2-cell cage of 9 at rows 1 and 2, column 1 can only"
                                       " be 1+8, 2+7, 3+6 or 4+5 (")


def test_a_cage_of_one_cell_places_its_sum_in_the_words_a_person_uses():
    step = combinations(killer((7, ["r5c5"])))
    assert named(step.placements) == {("r5c5", 7)} and not step.eliminations
    assert step.explanation == "A cage of one cell holds its sum, so row 5, column 5 is 7."
    assert combinations(pattern(killer((7, ["r5c5"])), cands={"r5c5": "7"})) is None


def test_cage_combinations_do_not_fire_when_every_digit_has_a_combination():
    assert combinations(killer((15, ROW_1_TRIPLE))) is None  # 1+5+9 ... 4+5+6: all of 1-9
    state = pattern(killer((10, ["r1c1", "r1c2"])), cands={"r1c1": "12", "r1c2": "89"})
    assert combinations(state) is None  # 1+9 and 2+8 both still fit
    assert combinations(blank()) is None  # no cages, nothing to say


def test_the_cell_a_row_s_cages_leave_out_makes_the_rest_of_45():
    step = rule_of_45(killer(*ROW_1_CAGES))
    assert step.technique == "Rule of 45"
    assert named(step.eliminations) == {("r1c9", d) for d in range(1, 9)}
    assert step.explanation == (
        "Row 1, column 9 is 9: row 1 holds every digit once (45 in all) and its whole cages add"
        " up to 36. So 1, 2, 3, 4, 5, 6, 7 and 8 from row 1, column 9 can go.")


def test_the_cells_cages_covering_a_row_reach_outside_make_what_they_add_beyond_it():
    # 30 + 25 over row 1 and r2c1, r2c9: those two make 10, and (both in row 2) not 5 + 5.
    state = killer((30, ["r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r2c1"]),
                   (25, ["r1c6", "r1c7", "r1c8", "r1c9", "r2c9"]))
    step = rule_of_45(state)
    assert named(step.eliminations) == {("r2c1", 5), ("r2c9", 5)}
    assert step.explanation.startswith(
        "Row 2, columns 1 and 9 add up to 10: row 1 holds every digit once (45 in all), the"
        " cages covering it add up to 55 and their cells outside make the difference.")


def test_the_rule_of_45_does_not_fire_on_too_many_cells_or_a_sum_they_all_make():
    assert rule_of_45(killer((10, ["r1c1", "r1c2", "r1c3", "r1c4"]))) is None  # 5 cells left
    # The cell left is 45 - 36 = 9 and has nothing but 9 to lose.
    state = pattern(killer(*ROW_1_CAGES), cands={"r1c9": "9"})
    assert rule_of_45(state) is None


def test_a_digit_every_combination_holds_leaves_the_unit_its_places_lie_in():
    state = killer((23, ["r1c1", "r2c1", "r3c1"]))
    step = overlap(state)
    assert step.technique == "Cage/unit overlap"
    outside = {f"r{r}c1" for r in range(4, 10)} | {f"r{r}c{c}" for r in (1, 2, 3) for c in (2, 3)}
    assert named(step.eliminations) == {(c, 6) for c in outside}
    assert step.explanation.startswith(
        "Every combination of the 3-cell cage of 23 at rows 1, 2 and 3, column 1 holds 6 (6, 8"
        " and 9), and it can only go in rows 1, 2 and 3, column 1")
    assert {name(c) for c in step.area_cells} == {"r1c1", "r2c1", "r3c1"}  # "in the cage": lit


def test_a_digit_a_unit_keeps_to_one_cage_is_the_cage_s():
    # In row 1, 5 fits only in the 2-cell cage of 11 at r1c1, r1c2: so the cage is 5 + 6.
    state = pattern(killer((11, ["r1c1", "r1c2"])), lines={5: {"row 1": ["r1c1", "r1c2"]}})
    step = overlap(state)
    assert step.units == (0,) and step.area_cells == ()  # "in row 1": the unit is the area
    assert named(step.eliminations) == {(c, d) for c in ("r1c1", "r1c2")
                                        for d in (1, 2, 3, 4, 7, 8, 9)}
    assert step.explanation.startswith("In row 1, 5 can only go in row 1, columns 1 and 2, all"
                                       " in the 2-cell cage of 11")


def test_cage_unit_overlap_does_not_fire_without_a_digit_locked_either_way():
    assert overlap(killer((11, ["r1c1", "r1c2"]))) is None  # 2+9 ... 5+6: no digit in all
    # 6, 8 and 9 must be in the cage, but no cell outside it sees all three of its cells.
    assert overlap(killer((23, ["r1c1", "r1c5", "r5c1"]))) is None
