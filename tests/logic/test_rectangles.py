"""Unique rectangle types 3, 5 and 6 and the hidden rectangle: exact eliminations on
hand-made positions, and the near misses where they must not fire."""

from solver.logic import State

from .positions import blank, cell, find, named, pattern

unique_rectangle_3 = find("Unique rectangle (type 3)")
unique_rectangle_5 = find("Unique rectangle (type 5)")
unique_rectangle_6 = find("Unique rectangle (type 6)")
hidden_rectangle = find("Hidden rectangle")

# Floor r1c1 r1c2 holds 1 and 2 alone; the roof's extras 3 and 4 and r5c5 make a naked pair.
UR3 = {"r1c1": "12", "r1c2": "12", "r5c1": "123", "r5c2": "124", "r5c5": "34"}
UR5 = {"r1c1": "123", "r1c2": "12", "r5c1": "12", "r5c2": "123"}  # 3 on one diagonal
UR6 = {"cands": {"r1c1": "12", "r5c2": "12", "r1c2": "123", "r5c1": "124"},
       "lines": {1: {"row 1": ["r1c1", "r1c2"], "row 5": ["r5c1", "r5c2"]}}}
HIDDEN = {"cands": {"r1c1": "12"},
          "lines": {2: {"row 5": ["r5c1", "r5c2"], "column 2": ["r1c2", "r5c2"]}}}


def test_unique_rectangle_type_3_makes_a_naked_subset_with_the_roof():
    step = unique_rectangle_3(pattern(blank(), cands=UR3))
    assert named(step.eliminations) == {(f"r5c{c}", d) for c in (3, 4, 6, 7, 8, 9)
                                        for d in (3, 4)}
    assert "with row 5, column 5 they hold 3 and 4 in row 5" in step.explanation


def test_no_unique_rectangle_type_3_without_the_subset_or_the_floor():
    assert unique_rectangle_3(pattern(blank(), cands=dict(UR3, r5c5="345"))) is None
    assert unique_rectangle_3(pattern(blank(), cands=dict(UR3, r1c2="125"))) is None


def test_unique_rectangle_type_5_removes_the_diagonal_extra():
    step = unique_rectangle_5(pattern(blank(), cands=UR5))
    assert named(step.eliminations) == {(c, 3) for c in ("r2c2", "r3c2", "r4c1", "r6c1")}
    assert "one of row 1, column 1 and row 5, column 2 must be 3" in step.explanation


def test_no_unique_rectangle_type_5_when_the_extras_differ():
    assert unique_rectangle_5(pattern(blank(), cands=dict(UR5, r5c2="124"))) is None


def test_unique_rectangle_type_6_on_an_x_wing_of_a_pair_digit():
    step = unique_rectangle_6(pattern(blank(), **UR6))
    assert named(step.eliminations) == {("r1c2", 1), ("r5c1", 1)}
    assert "1 in rows 1 and 5 lies only in the rectangle" in step.explanation


def test_no_unique_rectangle_type_6_without_the_x_wing():
    assert unique_rectangle_6(pattern(blank(), cands=UR6["cands"])) is None
    lines = {1: {"row 1": ["r1c1", "r1c2", "r1c7"], "row 5": ["r5c1", "r5c2"]}}
    assert unique_rectangle_6(pattern(blank(), cands=UR6["cands"], lines=lines)) is None


def test_hidden_rectangle_removes_the_other_digit_from_the_far_corner():
    step = hidden_rectangle(pattern(blank(), **HIDDEN))
    assert named(step.eliminations) == {("r5c2", 1)}
    assert "2 in row 5 and column 2 lies only in the rectangle" in step.explanation


def test_no_hidden_rectangle_with_a_strong_link_missing_or_no_pair_corner():
    lines = {2: {"row 5": ["r5c1", "r5c2"]}}
    assert hidden_rectangle(pattern(blank(), cands=HIDDEN["cands"], lines=lines)) is None
    assert hidden_rectangle(pattern(blank(), lines=HIDDEN["lines"])) is None


def test_hidden_rectangle_with_a_corner_missing_the_locked_digit():
    # r1c2 lost its 2 (HoDoKu's "missing candidates"): 2 in column 2 can only be r5c2, so
    # r5c2 is not 1 all the same
    state = pattern(blank(), cands=dict(HIDDEN["cands"], r1c2="1345"), lines=HIDDEN["lines"])
    assert named(hidden_rectangle(state).eliminations) == {("r5c2", 1)}


def test_no_hidden_rectangle_when_the_digit_is_already_placed_in_a_line():
    # 2 is given in column 2 (r9c2): no place of 2 in that column is left to lock, so
    # nothing says the far corner is not 1 (HoDoKu's hidden rectangle fail case)
    state = pattern(blank(), **HIDDEN)
    masks, values = list(state.cands), list(state.values)
    g = state.geometry
    given = cell("r9c2")
    values[given], masks[given] = 2, 0
    for p in g.peers[given]:
        masks[p] &= ~(1 << 1)
    assert hidden_rectangle(State(g, values, masks)) is None


avoidable_rectangle_1 = find("Avoidable rectangle (type 1)")
avoidable_rectangle_2 = find("Avoidable rectangle (type 2)")


def placed(state: State, given: dict | None = None, **digits: int) -> State:
    """`state` with digits placed in named cells (by earlier steps: not givens), and those
    of `given` given; both cleared from the cells' candidates."""
    g = state.geometry
    values, masks, givens = list(state.values), list(state.cands), list(state.givens)
    for name, d in {**digits, **(given or {})}.items():
        values[cell(name)], masks[cell(name)] = d, 0
    for name, d in (given or {}).items():
        givens[cell(name)] = d
    return State(g, values, masks, givens)


# Rows 1 and 5, columns 1 and 2 (boxes 1 and 4): 3 and 7 placed on the top row.
AR1 = {"r1c1": 3, "r1c2": 7, "r5c1": 7}
AR2 = {"cands": {"r5c1": "79", "r5c2": "39"}}


def test_avoidable_rectangle_type_1_keeps_the_placed_digits_from_swapping():
    step = avoidable_rectangle_1(placed(blank(), **AR1))
    assert named(step.eliminations) == {("r5c2", 3)}
    assert step.explanation.startswith("In the rectangle rows 1 and 5, columns 1 and 2, no cell"
                                       " is a given and row 1, column 1 was placed as 3")
    assert "if row 5, column 2 were 3, the 3s and 7s of the four cells could swap" \
        in step.explanation


def test_no_avoidable_rectangle_over_a_given_or_unlike_diagonals():
    # a given corner cannot swap: the pattern is not deadly (that is a unique rectangle's job)
    assert avoidable_rectangle_1(placed(blank(), given={"r5c1": 7}, r1c1=3, r1c2=7)) is None
    # 3 and 7 placed on one diagonal's two ends: no two-digit pattern to complete
    assert avoidable_rectangle_1(placed(blank(), r1c1=3, r1c2=7, r5c2=7)) is None
    # the fourth corner already without 3: nothing to remove
    state = pattern(placed(blank(), **AR1), cands={"r5c2": "12"})
    assert avoidable_rectangle_1(state) is None


def test_avoidable_rectangle_type_2_removes_the_shared_extra_digit():
    state = pattern(placed(blank(), r1c1=3, r1c2=7), **AR2)
    step = avoidable_rectangle_2(state)
    expected = {(f"r5c{c}", 9) for c in range(3, 10)} | {
        (f"r{r}c{c}", 9) for r in (4, 6) for c in (1, 2, 3)}
    assert named(step.eliminations) == expected
    assert "unless one of row 5, columns 1 and 2 holds 9, they are 7 and 3, and the 3s and" \
        " 7s of the four cells could swap" in step.explanation


def test_no_avoidable_rectangle_type_2_when_the_extras_differ_or_a_corner_is_given():
    state = pattern(placed(blank(), r1c1=3, r1c2=7), cands={"r5c1": "79", "r5c2": "38"})
    assert avoidable_rectangle_2(state) is None
    state = pattern(placed(blank(), given={"r1c1": 3}, r1c2=7), **AR2)
    assert avoidable_rectangle_2(state) is None
