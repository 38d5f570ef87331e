"""Forcing chains and nets: a contradiction removes the assumed candidate, a verity keeps
what every branch forces, and nothing is claimed on a board with no such net."""

from solver.logic.forcing import Branch, common_fact, verity_step

from .positions import blank, cell, find, named, pattern

forcing = find("Forcing chain")
WING = {"r1c1": "12", "r1c5": "13", "r5c1": "23"}  # r5c5 sees both 3s of the wing


def test_a_contradiction_removes_the_assumed_candidate():
    step = forcing(pattern(blank(), cands=WING))
    assert step.technique == "Forcing chain"
    assert named(step.eliminations) == {("r5c5", 3)} and step.placements == ()
    assert step.explanation == (
        "If row 5, column 5 is 3, then row 5, column 1 is not 3, so it is 2 (its last"
        " candidate), so row 1, column 1 is not 2; then row 1, column 1 would have no candidate"
        " left (the others go on the way). So row 5, column 5 is not 3.")
    assert [kind for *_, kind in step.links] == ["weak", "strong", "weak"]


def test_a_verity_holds_in_every_branch():
    state = pattern(blank(), cands=WING)
    branches = [Branch(state, (cell("r1c1"), d), 8) for d in (1, 2)]
    cost, fact = common_fact(state, branches)
    assert (cost, fact) == (3, (cell("r5c5"), 3, False))
    step = verity_step(state, branches, fact, "whichever candidate row 1, column 1 holds",
                       "starting from row 1, column 1")
    assert named(step.eliminations) == {("r5c5", 3)}
    assert step.explanation.startswith(
        "Whichever candidate row 1, column 1 holds, row 5, column 5 is not 3: if row 1, column 1"
        " is 1, then row 1, column 5 is not 1, so it is 3 (its last candidate)")


def test_a_branch_stops_at_its_depth():
    state = pattern(blank(), cands=WING)
    assert (cell("r5c5"), 3, False) not in Branch(state, (cell("r1c1"), 1), 2).facts
    assert (cell("r5c5"), 3, False) in Branch(state, (cell("r1c1"), 1), 3).facts


def test_no_forcing_chain_without_a_contradiction_or_agreement():
    assert forcing(pattern(blank(), cands={"r1c1": "12", "r1c5": "13"})) is None
