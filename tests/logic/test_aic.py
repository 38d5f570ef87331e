"""Alternating inference chains: exact eliminations, the links in order, grouped nodes,
and positions where no chain exists."""

from solver.logic.aic import deduction, find_chain, node_is
from solver.logic.techniques import BY_NAME
from solver.model.geometry import geometry

from .positions import blank, cell, find, links_named, named, pattern

aic = find("Alternating inference chain")
grouped_aic = find("Grouped alternating inference chain")
als_aic = find("AIC with ALS nodes")

# r1c1 =5= r1c5 -57- r1c5 =7= r6c5 -7- r6c2 =75= r6c2: the ends are both 5
MIXED = {"lines": {5: {"row 1": ["r1c1", "r1c5"]}, 7: {"column 5": ["r1c5", "r6c5"]}},
         "cands": {"r1c5": "57", "r6c2": "57"}}

GROUPED = {5: {"row 1": ["r1c1", "r1c8", "r1c9"], "box 3": ["r1c8", "r1c9", "r3c7"],
               "column 7": ["r3c7", "r9c7"]}}


def test_aic_through_cells_and_units():
    step = aic(pattern(blank(), **MIXED))
    assert step.technique == "Alternating inference chain"
    assert named(step.eliminations) == {("r2c2", 5), ("r3c2", 5), ("r4c1", 5), ("r5c1", 5),
                                        ("r6c1", 5)}
    assert step.placements == ()
    assert [(a, x, b, y, k) for a, x, b, y, k in step.links] == [
        ((cell("r1c1"),), 5, (cell("r1c5"),), 5, "strong"),
        ((cell("r1c5"),), 5, (cell("r1c5"),), 7, "weak"),
        ((cell("r1c5"),), 7, (cell("r6c5"),), 7, "strong"),
        ((cell("r6c5"),), 7, (cell("r6c2"),), 7, "weak"),
        ((cell("r6c2"),), 7, (cell("r6c2"),), 5, "strong"),
    ]
    assert step.explanation.startswith(
        "If row 1, column 1 is not 5, then row 1, column 5 is 5 (the only other place for 5 in"
        " row 1), so it is not 7, so row 6, column 5 is 7 (the only other place for 7 in column"
        " 5), so row 6, column 2 is not 7, so it is 5 (its only other candidate). So row 1,"
        " column 1 is 5 or row 6, column 2 is 5")
    assert step.to_dict()["links"][0] == {"from": [0], "from_digit": 5, "to": [4],
                                          "to_digit": 5, "kind": "strong"}


def test_no_aic_when_a_strong_link_is_missing():
    broken = {"lines": MIXED["lines"], "cands": {"r1c5": "57", "r6c2": "578"}}
    assert aic(pattern(blank(), **broken)) is None


def test_grouped_node_carries_a_strong_link():
    # 5 in row 1 only at r1c1 and the group r1c8-9; in box 3 only there and at r3c7;
    # so r1c1 off -> group on -> r3c7 off -> column 7's other 5 (r9c7) on.
    state = pattern(blank(), lines=GROUPED)
    assert aic(state) is None  # needs the group
    step = grouped_aic(state)
    assert named(step.eliminations) == {("r9c1", 5)}
    assert step.links[0] == ((cell("r1c1"),), 5, (cell("r1c8"), cell("r1c9")), 5, "strong")
    assert "one of row 1, columns 8 and 9 is 5" in step.explanation


def test_a_group_off_holds_the_digit_in_none_of_its_cells():
    g = geometry(9)
    pair, three = (cell("r1c8"), cell("r1c9")), (cell("r1c7"), cell("r1c8"), cell("r1c9"))
    assert node_is(g, (pair, 5), False) == "neither of row 1, columns 8 and 9 is 5"
    assert node_is(g, (three, 5), False) == "none of row 1, columns 7, 8 and 9 is 5"
    assert node_is(g, (pair, 5), True) == "one of row 1, columns 8 and 9 is 5"
    assert node_is(g, ((cell("r1c8"),), 7), False, ((cell("r1c8"),), 5)) == "it is not 7"


def test_a_chain_back_to_its_start_places_it():
    state = pattern(blank(), cands={"r1c1": "57"})
    start = ((cell("r1c1"),), 5)
    assert deduction(state, start, start) == (((cell("r1c1"), 5),), ())
    assert deduction(state, ((cell("r1c1"), cell("r1c2")), 5), ((cell("r1c1"), cell("r1c2")), 5)) \
        is None


def test_two_digits_in_cells_that_see_each_other():
    state = pattern(blank(), cands={"r1c1": "57", "r1c4": "579"})
    # r1c1 is 5 or r1c4 is 7: r1c1 cannot be 7, r1c4 cannot be 5
    assert named(deduction(state, ((cell("r1c1"),), 5), ((cell("r1c4"),), 7))[1]) == \
        {("r1c1", 7), ("r1c4", 5)}
    assert deduction(state, ((cell("r1c1"),), 5), ((cell("r5c5"),), 7)) is None


# r1c1 =5= r1c5 -5|7- r1c5 =7= r6c5 -7- r6c1 =7|5= r6c1 -5- back to r1c1 (column 1)
LOOP = {"lines": {5: {"row 1": ["r1c1", "r1c5"]}, 7: {"column 5": ["r1c5", "r6c5"]}},
        "cands": {"r1c5": "579", "r6c1": "57"}}


def test_a_continuous_loop_removes_around_every_weak_link():
    step = aic(pattern(blank(), **LOOP))
    assert named(step.eliminations) == {("r1c5", 9)} \
        | {(f"r{r}c1", 5) for r in (2, 3, 4, 5, 7, 8, 9)} \
        | {(f"r6c{c}", 7) for c in (2, 3, 4, 6, 7, 8, 9)}
    assert step.links[-1] == ((cell("r6c1"),), 5, (cell("r1c1"),), 5, "weak")
    assert [k for *_, k in step.links] == ["strong", "weak"] * 3
    assert "so row 1, column 1 is not 5. The loop closes on itself" in step.explanation


def test_no_continuous_loop_when_a_link_of_it_is_weak_only():
    broken = {"lines": LOOP["lines"], "cands": dict(LOOP["cands"], r6c1="578")}
    assert aic(pattern(blank(), **broken)) is None


# r5c1-3 hold 1, 2, 3 and 4: an ALS. r5c1 is not 1 -> the set lacks 1, so it holds 2, in
# r5c2 alone -> r9c2 {1,2} is not 2, so it is 1: r5c1 or r9c2 is 1. No cell of the set is a
# two-candidate cell linking 1 to 2, so only the set carries the chain.
ALS_NODE = {"r5c1": "134", "r5c2": "234", "r5c3": "34", "r9c2": "12"}


def test_an_als_carries_a_strong_link_between_two_of_its_digits():
    state = pattern(blank(), cands=ALS_NODE)
    assert grouped_aic(state) is None  # needs the set
    step = als_aic(state)
    assert step.technique == "AIC with ALS nodes"
    assert named(step.eliminations) == {("r4c2", 1), ("r6c2", 1), ("r7c1", 1), ("r8c1", 1),
                                        ("r9c1", 1)}
    assert links_named(step) == [(["r5c1"], 1, ["r5c2"], 2, "strong"),
                                 (["r5c2"], 2, ["r9c2"], 2, "weak"),
                                 (["r9c2"], 2, ["r9c2"], 1, "strong")]
    assert {cell("r5c3")} <= set(step.cells)  # the whole set is shown
    assert step.explanation.startswith(
        "If row 5, column 1 is not 1, then row 5, column 2 is 2 (row 5, columns 1, 2 and 3"
        " hold only 1, 2, 3 and 4, one digit more than cells: without 1 they hold each other"
        " one), so row 9, column 2 is not 2, so it is 1 (its only other candidate).")


def test_no_als_node_when_the_cells_hold_two_digits_more_than_cells():
    cands = dict(ALS_NODE, r5c2="2345")
    assert als_aic(pattern(blank(), cands=cands)) is None


def test_a_loop_through_an_als_locks_its_other_digits():
    # r1c1 {1,2}, r1c5 {2,3}, and the set r5c1, r5c5 {1,3,4}: r1c1 is 1 or 2; around the
    # loop r1c1=2 -> r1c5 not 2 -> r1c5 3 -> r5c5 not 3 -> the set lacks 3 -> it holds 1 in
    # r5c1 -> r1c1 not 1 -> r1c1 2: closed. Each weak link has one true end, and the set
    # lacks exactly one of 1 and 3, so its 4s are locked: 4 goes from row 5 outside it.
    cands = {"r1c1": "12", "r1c5": "23", "r5c1": "14", "r5c5": "34"}
    steps = list(BY_NAME["AIC with ALS nodes"].find_all(pattern(blank(), cands=cands)))
    loops = [s for s in steps if "closes on itself" in s.explanation]
    assert loops
    assert all({(f"r5c{c}", 4) for c in (2, 3, 4, 6, 7, 8, 9)} <= named(s.eliminations)
               for s in loops)
    assert "; row 5, columns 1 and 5 lack exactly one of " in loops[0].explanation


def test_a_hints_search_through_sets_gives_up_past_its_work():
    state = pattern(blank(), cands=ALS_NODE)
    sets = [(cell("r5c1"), cell("r5c2"), cell("r5c3"))]
    assert next(find_chain(state, True, sets), None) is not None
    assert next(find_chain(state, True, sets, work=5), None) is None
