"""Forcing chains and nets: a contradiction removes the assumed candidate, a verity keeps
what every branch forces, and nothing is claimed on a board with no such net."""

from solver.logic.forcing import (
    Branch,
    Proof,
    common_fact,
    contradiction,
    find_within,
    forcing_step,
    net_of,
    shortest,
    telling,
)

from .positions import blank, cell, find, name, named, pattern

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
    proof = Proof(branches, fact, "whichever candidate row 1, column 1 holds",
                  "starting from row 1, column 1")
    assert proof.explanation(state.geometry).startswith(
        "Whichever candidate row 1, column 1 holds, row 5, column 5 is not 3: if row 1, column 1"
        " is 1, then row 1, column 5 is not 1, so it is 3 (its last candidate)")
    # a dynamic verity found is told by the removed candidate's own contradiction when that
    # names fewer facts (one trail of 4 against two of 4); its size and kind stay the verity's
    step = forcing_step(state, proof, 8)
    assert named(step.eliminations) == {("r5c5", 3)}
    assert (step.net, step.dynamic) == proof.size() and proof.told() == 8
    assert step.explanation == contradiction(
        state.geometry, Branch(state, (cell("r5c5"), 3), 8)).explanation(state.geometry)
    assert step.explanation.startswith("If row 5, column 5 is 3")
    assert step.area == "starting from row 5, column 5"


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


def test_a_static_net_is_recorded_but_the_shorter_dynamic_one_is_told():
    state = pattern(blank(), cands=THREE)
    step = forcing(state)
    # found and rated: r1c1's static cell verity, three branches of 4, 4 and 6 facts, each
    # fact following from the one before
    assert not step.dynamic and named(step.eliminations) == {("r5c5", 4)} and step.net == 14
    static = Proof([Branch(state, (cell("r1c1"), d), 8, static=True) for d in (1, 2, 3)],
                   (cell("r5c5"), 4, False), "whichever candidate row 1, column 1 holds")
    assert static.size() == (14, False) and static.told() == 14
    # told: the dynamic contradiction of r5c5 = 4, seven facts, its two-removal single
    # saying what went
    assert step.explanation == (
        "If row 5, column 5 is 4, then row 5, column 1 is not 4, so it is 2 (its last"
        " candidate), so row 1, column 1 is not 2, so it is 3 (its 1 and 2 are gone), so row 9,"
        " column 1 is not 3; then row 9, column 1 would have no candidate left (the others go"
        " on the way). So row 5, column 5 is not 4.")
    assert len(step.explanation) < len(static.explanation(state.geometry))
    assert step.area == "starting from row 5, column 5"
    assert [name(c) for c in step.cells] == ["r5c5", "r5c1", "r1c1", "r9c1"]
    assert [kind for *_, kind in step.links] == ["weak", "strong", "weak", "strong", "weak"]
    wing = forcing(pattern(blank(), cands=WING))
    # the contradiction uses both removals that empty r1c1 (12): seven facts, static
    assert (wing.net, wing.dynamic) == (7, False)


def test_a_static_net_no_longer_than_the_dynamic_one_is_told_itself():
    state = pattern(blank(), cands=WING)
    found = contradiction(state.geometry, Branch(state, (cell("r5c5"), 3), 8, static=True))
    assert shortest(state, found, 8) is found
    # a dynamic net is told as found: the search already kept the shortest
    dynamic = contradiction(state.geometry, Branch(state, (cell("r5c5"), 3), 8))
    assert shortest(state, dynamic, 8) is dynamic


def test_a_single_that_needed_several_removals_names_what_went():
    # 5 in row 1 only at columns 1, 4 and 5: r2c6 = 5 takes it from both box-2 places at once
    state = pattern(blank(), lines={5: {"row 1": ["r1c1", "r1c4", "r1c5"]}})
    branch = Branch(state, (cell("r2c6"), 5), 4)
    five = (cell("r1c1"), 5, True)
    assert len(branch.parents(five)) == 2
    assert telling(state.geometry, branch, five).endswith(
        "so row 1, column 1 is 5 (row 1's last place: columns 4 and 5 lost it)")
    # the static branch does not take that single (it needs two removals)
    assert five not in Branch(state, (cell("r2c6"), 5), 4, static=True).facts
