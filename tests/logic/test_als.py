"""ALS-XZ, ALS-XY-Wing and ALS chains: almost locked sets with restricted common digits."""

from solver.logic.techniques import BY_NAME

from .positions import blank, cell, find, links_named, named, pattern

als_xz = find("ALS-XZ")
als_xy_wing = find("ALS-XY-Wing")
als_chain = find("ALS chain")
# A = r1c1 {1,2}; B = r5c1, r5c2 {1,2,3}; their 1s see each other (column 1)
ALS = {"r1c1": "12", "r5c1": "13", "r5c2": "23"}
# A = r1c1 {1,3} and B = r2c5, r5c5 {2,3,4} around the pivot C = r1c5 {1,4}: C and A
# share 1 (row 1), C and B share 4 (column 5); z = 3 goes from cells seeing r1c1 and r5c5.
XY_WING = {"r1c1": "13", "r1c5": "14", "r2c5": "24", "r5c5": "23"}


def test_als_xz_removes_the_other_shared_digit():
    step = als_xz(pattern(blank(), cands=ALS))
    assert step.technique == "ALS-XZ"
    assert named(step.eliminations) == {("r1c2", 2), ("r2c2", 2), ("r3c2", 2), ("r4c1", 2),
                                        ("r6c1", 2)}
    assert step.explanation.startswith(
        "If group 1 (1 and 2 in row 1, column 1) lacks 2, it holds 1, so group 2 (1, 2 and 3 in"
        " row 5, columns 1 and 2) lacks 1 and holds 2. So group 1 or group 2 holds 2,"
        " and 2 from rows 1, 2 and 3, column 2; 2 from rows 4 and 6, column 1 can go.")
    assert step.links == (((cell("r1c1"),), 1, (cell("r5c1"),), 1, "weak"),)


def test_no_als_xz_without_a_restricted_common_digit():
    cands = {"r1c1": "12", "r5c2": "13", "r5c3": "23"}  # no 1 or 2 of B sees A's
    assert als_xz(pattern(blank(), cands=cands)) is None


# A = r1c1, r1c2 {1,2,4} (row 1, box 1) and B = r5c1, r5c2 {1,2,3} (row 5, box 4): their 1s
# see each other (column 1) and so do their 2s (column 2): doubly linked.
DOUBLY = {"r1c1": "14", "r1c2": "24", "r5c1": "13", "r5c2": "23"}


def test_doubly_linked_als_xz_locks_each_set_without_its_link_digits():
    step = als_xz(pattern(blank(), cands=DOUBLY))
    column_1 = {(f"r{r}c1", 1) for r in (2, 3, 4, 6, 7, 8, 9)}
    column_2 = {(f"r{r}c2", 2) for r in (2, 3, 4, 6, 7, 8, 9)}
    fours = {(f"r1c{c}", 4) for c in range(3, 10)} | {(f"r{r}c{c}", 4) for r in (2, 3)
                                                      for c in (1, 2, 3)}
    threes = {(f"r5c{c}", 3) for c in range(3, 10)} | {(f"r{r}c{c}", 3) for r in (4, 6)
                                                       for c in (1, 2, 3)}
    assert named(step.eliminations) == column_1 | column_2 | fours | threes
    assert step.explanation.startswith(
        "Group 1 (1, 2 and 4 in row 1, columns 1 and 2) and group 2 (1, 2 and 3 in row 5,"
        " columns 1 and 2) cannot both hold 1, nor both 2 (their cells with each see each"
        " other), and each lacks one digit at most (it has one digit more than cells). If both"
        " lacked 1, both would hold 2, so one lacks 1 and the other 2: each holds every other"
        " digit it has, and 1 and 2 are each in one group. So ")
    assert links_named(step) == [(["r1c1"], 1, ["r5c1"], 1, "weak"),
                                 (["r1c2"], 2, ["r5c2"], 2, "weak")]


def test_no_doubly_linked_als_xz_when_one_digit_links_them():
    # B's 2 moves to r5c3, which sees no 2 of A: only 1 links them, so neither set is locked
    cands = {"r1c1": "14", "r1c2": "24", "r5c1": "13", "r5c3": "23"}
    steps = list(BY_NAME["ALS-XZ"].find_all(pattern(blank(), cands=cands)))
    assert steps and all(d not in (3, 4) for s in steps for _, d in s.eliminations)
    assert not any("nor both" in s.explanation for s in steps)


# A = r1c1 {1,2}; B = r5c1 to r5c4 {1,2,3,4,5}, four cells: 1 links them (column 1), and
# r1c4 sees both sets' 2s. No part of B of three cells or fewer makes an ALS-XZ (nor does
# r1c1 with r5c1: four digits in two cells).
LARGE = {"r1c1": "12", "r5c1": "134", "r5c2": "35", "r5c3": "45", "r5c4": "25"}


def test_an_als_larger_than_a_hints_is_listed_not_hinted():
    state = pattern(blank(), cands=LARGE)
    assert als_xz(state) is None  # a hint's ALS have up to als.MAX_CELLS (3) cells
    steps = list(BY_NAME["ALS-XZ"].find_all(state))  # listing: up to als.LIST_CELLS
    assert [named(s.eliminations) for s in steps] == [{("r1c4", 2)}]
    assert steps[0].technique == "ALS-XZ"


def test_als_xy_wing_removes_the_wings_shared_digit():
    state = pattern(blank(), cands=XY_WING)
    step = als_xy_wing(state)
    assert step.technique == "ALS-XY-Wing"
    assert named(step.eliminations) == {("r5c1", 3)}
    assert step.links == (
        ((cell("r1c1"),), 1, (cell("r1c5"),), 1, "weak"),
        ((cell("r1c5"),), 4, (cell("r2c5"),), 4, "weak"),
    )
    assert step.explanation.startswith(
        "If group 1 (1 and 3 in row 1, column 1) lacks 3, it holds 1, so group 2 (1 and 4 in"
        " row 1, column 5) lacks 1 and holds 4, so group 3 (2, 3 and 4 in rows 2 and 5, column"
        " 5) lacks 4 and holds 3. So group 1 or group 3 holds 3, and 3 from"
        " row 5, column 1 can go.")


def test_no_als_xy_wing_when_the_pivot_restricts_both_by_one_digit():
    # C = r1c5, r2c5 {1,4,5} meets A and B on 1 alone: the same digit restricts both
    cands = dict(XY_WING, r1c5="15", r2c5="45", r5c5="13")
    assert als_xy_wing(pattern(blank(), cands=cands)) is None


def test_no_als_xy_wing_when_the_wings_share_no_digit():
    assert als_xy_wing(pattern(blank(), cands=dict(XY_WING, r5c5="25"))) is None


# Four ALS: r7c2 {2,6} -6- r2c5, r3c5, r7c5 {3,4,6,9} (column 5) -3- r1c5, r1c6 {1,3,8}
# (box 2) -1- r1c1, r1c2 {1,2,7} (row 1); the ends share 2, linked by neither end's digit.
CHAIN = {"r1c1": "127", "r1c2": "127", "r1c5": "138", "r1c6": "138", "r2c5": "349",
         "r3c5": "349", "r7c2": "26", "r7c5": "46"}


def test_als_chain_of_four_sets_removes_the_ends_shared_digit():
    state = pattern(blank(), cands=CHAIN)
    assert als_xz(state) is None and als_xy_wing(state) is None
    step = als_chain(state)
    assert step.technique == "ALS chain"
    assert named(step.eliminations) == {("r2c2", 2), ("r3c2", 2)}
    assert links_named(step) == [
        (["r7c2"], 6, ["r7c5"], 6, "weak"), (["r2c5", "r3c5"], 3, ["r1c5", "r1c6"], 3, "weak"),
        (["r1c5", "r1c6"], 1, ["r1c1", "r1c2"], 1, "weak")]
    assert step.explanation.startswith(
        "If group 1 (2 and 6 in row 7, column 2) lacks 2, it holds 6, so group 2 (3, 4, 6 and 9"
        " in rows 2, 3 and 7, column 5) lacks 6 and holds 3, so group 3 (1, 3 and 8 in row 1,"
        " columns 5 and 6) lacks 3 and holds 1, so group 4 (1, 2 and 7 in row 1, columns 1 and"
        " 2) lacks 1 and holds 2. So group 1 or group 4 holds 2, and 2 from rows"
        " 2 and 3, column 2 can go.")


def test_no_als_chain_when_the_ends_share_no_digit():
    assert als_chain(pattern(blank(), cands=dict(CHAIN, r7c2="36"))) is None


def test_no_als_chain_when_one_digit_links_twice_in_a_row():
    # the column 5 set now meets the box 2 set on 1, which also links box 2 to row 1
    cands = dict(CHAIN, r2c5="149", r3c5="149")
    assert als_chain(pattern(blank(), cands=cands)) is None


death_blossom = find("Death Blossom")
# The stem r5c5 {1,2}: its 1 sees the petal r5c1 {1,3} (row 5), its 2 the petal r1c5, r2c5
# {2,3,4} (column 5). Either way a petal is locked and holds 3: r2c1 sees both petals' 3s.
BLOSSOM = {"r5c5": "12", "r5c1": "13", "r1c5": "24", "r2c5": "34"}


def test_death_blossom_removes_what_sees_every_petals_digit():
    steps = list(BY_NAME["Death Blossom"].find_all(pattern(blank(), cands=BLOSSOM)))
    assert {frozenset(named(s.eliminations)) for s in steps} == {frozenset({("r2c1", 3)})}
    step = next(s for s in steps if s.explanation.startswith(
        "The stem row 5, column 5 holds 1 or 2"))
    assert step.technique == "Death Blossom"
    assert "group 1 (1 and 3 in row 5, column 1) if it is 1" in step.explanation
    assert links_named(step) == [(["r5c5"], 1, ["r5c1"], 1, "weak"),
                                 (["r5c5"], 2, ["r1c5"], 2, "weak")]


def test_death_blossom_with_the_digit_in_the_stem_too():
    # the stem r5c5 {1,2,3}: 1 locks r4c4 {1,3}, 2 locks r6c6 {2,3}, or it is 3 itself;
    # the rest of box 5 sees all three 3s
    state = pattern(blank(), cands={"r5c5": "123", "r4c4": "13", "r6c6": "23"})
    steps = list(BY_NAME["Death Blossom"].find_all(state))
    box = {("r4c5", 3), ("r4c6", 3), ("r5c4", 3), ("r5c6", 3), ("r6c4", 3), ("r6c5", 3)}
    step = next(s for s in steps if named(s.eliminations) == box)
    assert "or the stem holds 3 itself" in step.explanation


def test_no_death_blossom_when_the_petals_share_no_digit():
    assert death_blossom(pattern(blank(), cands=dict(BLOSSOM, r2c5="45"))) is None


# The stem r5c5 {1,2}; its petals share r6c4 (box 5): r4c4, r6c4 {1,3,6} for 1 and r6c4,
# r6c6 {2,3,6} for 2. Either way r6c4 is 3: only petals sharing a cell show it.
SHARED = {"r5c5": "12", "r4c4": "16", "r6c4": "36", "r6c6": "26"}


def test_death_blossom_with_petals_sharing_a_cell_is_listed_not_hinted():
    from solver.logic import als

    state = pattern(blank(), cands=SHARED)
    assert all(d != 3 for s in als.death_blossom(state) for _, d in s.eliminations)
    steps = list(BY_NAME["Death Blossom"].find_all(state))
    threes = {(f"r6c{c}", 3) for c in (1, 2, 3, 5, 7, 8, 9)} | {
        (f"r{r}c4", 3) for r in (1, 2, 3, 5, 7, 8, 9)} | {
        ("r4c5", 3), ("r4c6", 3), ("r5c4", 3), ("r5c6", 3), ("r6c5", 3)}
    step = next(s for s in steps if any(d == 3 for _, d in s.eliminations)
                and s.explanation.startswith("The stem row 5, column 5"))
    assert {e for e in named(step.eliminations) if e[1] == 3} == threes
    assert "group 1 (1, 3 and 6 in rows 4 and 6, column 4) if it is 1" in step.explanation


def test_the_hints_als_rows_share_one_pairs_search_per_state():
    # the pairs are the ALS rows' cost: ALS-XZ, ALS-XY-Wing and ALS chain, as a hint tries
    # them in turn, must hit the same cached entry
    from solver.logic import als

    state = pattern(blank(), cands=XY_WING)
    als.restricted_pairs.cache_clear()
    for name in ("ALS-XZ", "ALS-XY-Wing", "ALS chain"):
        BY_NAME[name].find(state)
    assert als.restricted_pairs.cache_info().misses == 1
