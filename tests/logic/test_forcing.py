"""Forcing chains and nets: a contradiction removes the assumed candidate, a verity keeps
what every branch forces, and nothing is claimed on a board with no such net."""

from solver.logic.forcing import Branch, common_fact, find_within, net_of, verity_step

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


# r5c5 = 4 removes 1 and 2 from r1c1 by two routes (r1c5 and r5c1, each bivalue), so r1c1 is 3
# only by a dynamic step (two removals); the static way round is r1c1's cell verity.
THREE = {"r1c1": "123", "r1c5": "14", "r5c1": "24", "r9c5": "45", "r9c1": "35"}


def test_a_single_that_needs_two_removals_makes_the_net_dynamic():
    state = pattern(blank(), cands=THREE)
    start, three = (cell("r5c5"), 4), (cell("r1c1"), 3, True)
    branch = Branch(state, start, 8)
    assert set(branch.parents(three)) == {(cell("r1c1"), 1, False), (cell("r1c1"), 2, False)}
    # r5c5=4, then r1c5 not 4, r1c5=1, r1c1 not 1, and r5c1 not 4, r5c1=2, r1c1 not 2
    assert net_of(branch, [three]) == (8, True)
    # one route alone is static: r5c5=4, r5c1 not 4, r5c1=2 (its other candidate)
    assert net_of(branch, [(cell("r5c1"), 2, True)]) == (3, False)
    # a static branch does not follow a single that needs two removals
    assert three not in Branch(state, start, 8, static=True).facts
    dynamic = find_within(state, 8, [0], {})
    assert dynamic.dynamic and named(dynamic.eliminations) == {("r5c5", 4)}
    # r1c1 = 3 empties r9c1 (35) with r9c5 = 5: four facts more than the single's eight
    assert dynamic.net == 12


def test_a_static_net_is_preferred_and_recorded_static():
    step = forcing(pattern(blank(), cands=THREE))
    assert not step.dynamic and named(step.eliminations) == {("r5c5", 4)}
    assert step.explanation.startswith("Whichever candidate row 1, column 1 holds")
    # three branches of 4, 4 and 6 facts, each fact following from the one before
    assert step.net == 14
    wing = forcing(pattern(blank(), cands=WING))
    # the contradiction uses both removals that empty r1c1 (12): seven facts, static
    assert (wing.net, wing.dynamic) == (7, False)
