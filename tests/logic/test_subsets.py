"""Naked and hidden pairs, triples and quads: exact eliminations, and where they must not fire."""

from .positions import blank, find, named, pattern

naked_pair = find("Naked pair")
naked_triple = find("Naked triple")
naked_quad = find("Naked quad")
hidden_pair = find("Hidden pair")
hidden_triple = find("Hidden triple")
hidden_quad = find("Hidden quad")


def others_in_row1(columns, digits):
    return {(f"r1c{c}", d) for c in range(1, 10) if c not in columns for d in digits}


def test_naked_pair_in_a_box():
    state = pattern(blank(), cands={"r1c1": "12", "r2c2": "12"})
    step = naked_pair(state)
    assert step.technique == "Naked pair"
    box1 = {f"r{r}c{c}" for r in (1, 2, 3) for c in (1, 2, 3)} - {"r1c1", "r2c2"}
    assert named(step.eliminations) == {(c, d) for c in box1 for d in (1, 2)}
    assert step.nudge() == "Look for a naked pair in box 1."


def test_naked_pair_in_a_row():
    state = pattern(blank(), cands={"r1c1": "12", "r1c5": "12"})
    step = naked_pair(state)
    assert named(step.eliminations) == others_in_row1({1, 5}, (1, 2))
    assert "hold only 1 and 2 between them" in step.explanation


def test_naked_triple_with_no_cell_holding_all_three():
    state = pattern(blank(), cands={"r1c1": "12", "r1c4": "23", "r1c7": "13"})
    step = naked_triple(state)
    assert step.technique == "Naked triple"
    assert named(step.eliminations) == others_in_row1({1, 4, 7}, (1, 2, 3))


def test_no_naked_subset_when_three_cells_hold_four_digits():
    state = pattern(blank(), cands={"r1c1": "12", "r1c4": "23", "r1c7": "14"})
    assert naked_pair(state) is None
    assert naked_triple(state) is None


def test_naked_quad():
    state = pattern(blank(), cands={"r1c1": "12", "r1c3": "23", "r1c5": "34", "r1c7": "14"})
    step = naked_quad(state)
    assert named(step.eliminations) == others_in_row1({1, 3, 5, 7}, (1, 2, 3, 4))


def test_hidden_pair_loses_its_other_candidates():
    state = pattern(blank(), lines={1: {"row 1": ["r1c1", "r1c5"]}, 2: {"row 1": ["r1c1", "r1c5"]}})
    step = hidden_pair(state)
    assert step.technique == "Hidden pair"
    assert named(step.eliminations) == {(c, d) for c in ("r1c1", "r1c5") for d in range(3, 10)}
    assert step.explanation == (
        "In row 1, 1 and 2 fit only in columns 1 and 5, so those cells hold nothing else."
    )


def test_hidden_pair_does_not_fire_once_the_cells_are_bare():
    state = pattern(blank(), lines={1: {"row 1": ["r1c1", "r1c5"]}, 2: {"row 1": ["r1c1", "r1c5"]}},
                    cands={"r1c1": "12", "r1c5": "12"})
    assert hidden_pair(state) is None


def test_hidden_triple_and_quad():
    cells3 = ["r1c1", "r1c5", "r1c9"]
    state = pattern(blank(), lines={d: {"row 1": cells3} for d in (1, 2, 3)})
    assert hidden_pair(state) is None
    step = hidden_triple(state)
    assert named(step.eliminations) == {(c, d) for c in cells3 for d in range(4, 10)}
    cells4 = ["r1c1", "r1c3", "r1c5", "r1c7"]
    state = pattern(blank(), lines={d: {"row 1": cells4} for d in (1, 2, 3, 4)})
    assert hidden_triple(state) is None
    step = hidden_quad(state)
    assert step.technique == "Hidden quad"
    assert named(step.eliminations) == {(c, d) for c in cells4 for d in range(5, 10)}
