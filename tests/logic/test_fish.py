"""Fish: basic (X-Wing, Swordfish, Jellyfish), finned, Franken and Mutant: exact eliminations,
and misses."""

import pytest

from solver.logic import fish
from solver.logic.techniques import BY_NAME

from .positions import blank, find, named, pattern

x_wing = find("X-Wing")
swordfish = find("Swordfish")
jellyfish = find("Jellyfish")


def rows_only(d, rows: dict[int, list[int]]):
    """Keep digit d in each given row only at the given columns."""
    return pattern(blank(), lines={d: {f"row {r}": [f"r{r}c{c}" for c in cs]
                                       for r, cs in rows.items()}})


def column_eliminations(d, columns, rows):
    return {(f"r{r}c{c}", d) for c in columns for r in range(1, 10) if r not in rows}


def test_x_wing_on_rows_clears_the_columns():
    state = rows_only(1, {1: [2, 6], 5: [2, 6]})
    step = x_wing(state)
    assert step.technique == "X-Wing"
    assert named(step.eliminations) == column_eliminations(1, (2, 6), (1, 5))
    assert step.explanation == (
        "In rows 1 and 5, 1 fits only in columns 2 and 6, so 1 is removed from the rest of"
        " those columns."
    )
    assert step.nudge() == "Look for an X-Wing for 1s in rows 1 and 5."


def test_x_wing_on_columns_clears_the_rows():
    state = pattern(blank(), lines={7: {"column 3": ["r2c3", "r8c3"],
                                        "column 9": ["r2c9", "r8c9"]}})
    step = x_wing(state)
    expected = {(f"r{r}c{c}", 7) for r in (2, 8) for c in range(1, 10) if c not in (3, 9)}
    assert named(step.eliminations) == expected


def test_swordfish():
    state = rows_only(1, {1: [1, 5], 5: [5, 9], 9: [1, 9]})
    assert x_wing(state) is None
    step = swordfish(state)
    assert step.technique == "Swordfish"
    assert named(step.eliminations) == column_eliminations(1, (1, 5, 9), (1, 5, 9))


def test_jellyfish():
    state = rows_only(4, {1: [1, 3], 3: [3, 5], 5: [5, 7], 7: [7, 1]})
    assert swordfish(state) is None
    step = jellyfish(state)
    assert step.technique == "Jellyfish"
    assert named(step.eliminations) == column_eliminations(4, (1, 3, 5, 7), (1, 3, 5, 7))


def test_no_fish_when_the_rows_spread_over_too_many_columns():
    state = rows_only(1, {1: [2, 6], 5: [2, 7]})
    assert x_wing(state) is None


def test_x_wing_on_a_16x16_board():
    state = pattern(blank(16), lines={16: {"row 2": ["r2c4", "r2c13"],
                                           "row 11": ["r11c4", "r11c13"]}})
    step = x_wing(state)
    expected = {(f"r{r}c{c}", 16) for c in (4, 13) for r in range(1, 17) if r not in (2, 11)}
    assert named(step.eliminations, 16) == expected
    assert step.area == "for Gs in rows 2 and 11"


finned_x_wing = find("Finned X-Wing")
finned_swordfish = find("Finned swordfish")
FINNED = {1: {"row 1": ["r1c2", "r1c6", "r1c3"], "row 5": ["r5c2", "r5c6"]}}


def test_finned_x_wing_removes_only_in_the_fins_box():
    step = finned_x_wing(pattern(blank(), lines=FINNED))
    assert step.technique == "Finned X-Wing"
    assert named(step.eliminations) == {("r2c2", 1), ("r3c2", 1)}
    assert "but for the fin row 1, column 3" in step.explanation
    assert "sashimi" not in step.explanation


def test_sashimi_x_wing_has_a_base_line_with_one_cover_cell():
    lines = {1: {"row 1": ["r1c3", "r1c6"], "row 5": ["r5c2", "r5c6"]}}
    step = finned_x_wing(pattern(blank(), lines=lines))
    assert named(step.eliminations) == {("r2c2", 1), ("r3c2", 1)}
    assert "sashimi" in step.explanation


def test_no_finned_fish_when_the_fins_span_two_boxes():
    lines = {1: {"row 1": ["r1c2", "r1c6", "r1c3", "r1c9"], "row 5": ["r5c2", "r5c6"]}}
    assert finned_x_wing(pattern(blank(), lines=lines)) is None


def test_finned_swordfish():
    lines = {1: {"row 1": ["r1c1", "r1c5"], "row 5": ["r5c5", "r5c9"],
                 "row 9": ["r9c1", "r9c9", "r9c8"]}}
    step = finned_swordfish(pattern(blank(), lines=lines))
    assert named(step.eliminations) == {("r7c9", 1), ("r8c9", 1)}


# Franken and Mutant fish, built by hand on an empty board for digit 1, which stays only in
# the base cells, the fin and a few cells to remove (TARGETS). Franken: rows 1 and 2 and
# boxes 7 and 8 as bases, on columns 1, 2 and 5 and box 3; the squirmbag adds row 6 on
# column 4, the whale box 6 on column 9. Mutant: rows 1 and 2 and columns 5 and 9 as bases,
# on boxes 1, 3, 8 and 6; the squirmbag adds box 7 on row 9, the whale box 4 on row 6. A fin
# at r1c3 (r1c2 for the X-Wing) sees only r3c1 and r3c2 of the Franken covers; one at r1c4
# only r7c4-r9c4 of box 8 (and row 9).
FRANKEN_4 = {"row 1": ["r1c1", "r1c7"], "row 2": ["r2c2", "r2c8"], "box 7": ["r7c1", "r8c2"],
             "box 8": ["r7c5", "r9c5"]}
MUTANT_4 = {"row 1": ["r1c1", "r1c7"], "row 2": ["r2c2", "r2c8"], "column 5": ["r7c5", "r8c5"],
            "column 9": ["r4c9", "r5c9"]}
FRANKEN = {
    2: {"row 1": ["r1c1", "r1c7"], "box 7": ["r7c1", "r8c1"]},
    3: {"row 1": ["r1c1", "r1c7"], "row 2": ["r2c2", "r2c8"], "box 7": ["r7c1", "r8c2"]},
    4: FRANKEN_4,
    5: {**FRANKEN_4, "row 6": ["r6c1", "r6c4"]},
    6: {**FRANKEN_4, "row 6": ["r6c1", "r6c4"], "box 6": ["r4c9", "r5c9"]},
}
MUTANT = {
    2: {"row 1": ["r1c1", "r1c2"], "column 5": ["r7c5", "r8c5"]},
    3: {"row 1": ["r1c1", "r1c7"], "row 2": ["r2c2", "r2c8"], "column 5": ["r7c5", "r8c5"]},
    4: MUTANT_4,
    5: {**MUTANT_4, "box 7": ["r9c2", "r9c3"]},
    6: {**MUTANT_4, "box 7": ["r9c2", "r9c3"], "box 4": ["r6c1", "r6c3"]},
}
TARGETS = {"Franken": ("r3c1", "r3c2", "r5c1", "r3c9", "r4c5"),
           "Mutant": ("r3c3", "r3c8", "r7c4", "r8c4", "r9c4", "r6c8")}
COVERS = {"Franken": {2: ("column 1", "box 3"), 3: ("column 1", "column 2", "box 3"),
                      4: ("column 1", "column 2", "column 5", "box 3"),
                      5: ("column 1", "column 2", "column 4", "column 5", "box 3"),
                      6: ("column 1", "column 2", "column 4", "column 5", "column 9", "box 3")},
          "Mutant": {2: ("box 1", "box 8"), 3: ("box 1", "box 3", "box 8"),
                     4: ("box 1", "box 3", "box 8", "box 6"),
                     5: ("box 1", "box 3", "box 8", "box 6", "row 9"),
                     6: ("box 1", "box 3", "box 8", "box 6", "row 9", "row 6")}}
SIZES = {2: "X-Wing", 3: "swordfish", 4: "jellyfish", 5: "squirmbag", 6: "whale"}


@pytest.fixture(autouse=True)
def roomy_fish_search(monkeypatch):
    """These boards hold many small fish of 1 (its few places make many short units), more
    than the table's work budget (fish.FISH_WORK, set for real grids) reaches: the tests are
    about what the search finds, so it gets room to finish."""
    monkeypatch.setattr(fish, "FISH_WORK", 60000)
    fish.complex_fish.cache_clear()


def complex_fish(kind: str, k: int, fin: str = ""):
    """The hand-made fish of this kind and size on an empty board, with `fin` added to row 1."""
    bases = (FRANKEN if kind == "Franken" else MUTANT)[k]
    keep = [c for cs in bases.values() for c in cs] + list(TARGETS[kind]) + ([fin] if fin else [])
    return pattern(blank(), only={1: keep})


def lone_fish(kind: str, k: int, fin: str = ""):
    """complex_fish's board with one target (r3c1, r7c4): the fewer places, the sooner a
    hint's search gets through the smaller sizes to this one."""
    keep = [c for cs in (FRANKEN if kind == "Franken" else MUTANT)[k].values() for c in cs]
    return pattern(blank(), only={1: keep + [TARGETS[kind][0 if kind == "Franken" else 2]]
                                  + ([fin] if fin else [])})


# A hint's search (fish.FISH_WORK, shared by every size in fish.SEARCH_ORDER) gets to sizes 5
# and 6 only with what the smaller ones leave: on real grids nothing, on lone_fish's boards
# up to about a million nodes (the mutant whale; 30,000 the Franken squirmbag).
LARGEST_FISH_WORK = 1_000_000


def fish_name(kind: str, k: int, finned: bool) -> str:
    prefix = ("Finned " + ("mutant" if kind == "Mutant" else kind) + " ") if finned else kind + " "
    return prefix + SIZES[k]


@pytest.mark.parametrize("kind", ("Franken", "Mutant"))
@pytest.mark.parametrize("k", tuple(SIZES))
def test_complex_fish_clears_its_cover_units(kind, k):
    steps = every(fish_name(kind, k, False), complex_fish(kind, k))
    expected = {(c, 1) for c in TARGETS[kind]
                if any(c in unit_cells(u) for u in COVERS[kind][k])}
    bases = {("row", "column", "box").index(u.split()[0]) * 9 + int(u.split()[1]) - 1
             for u in (FRANKEN if kind == "Franken" else MUTANT)[k]}
    # the larger boards hold other fish with the same removals (rows 7 and 8 as bases, say)
    step = next(s for s in steps if named(s.eliminations) == expected and set(s.units[:k]) == bases)
    assert step.digits == (1,)
    assert "each needing a 1 of its own" in step.explanation


def test_a_mutant_fish_is_no_franken_fish():
    for k in SIZES:
        expected = {(c, 1) for c in TARGETS["Mutant"]
                    if any(c in unit_cells(u) for u in COVERS["Mutant"][k])}
        assert all(named(s.eliminations) != expected
                   for s in every(fish_name("Franken", k, False), complex_fish("Mutant", k)))


@pytest.mark.parametrize("kind", ("Franken", "Mutant"))
@pytest.mark.parametrize("k", tuple(SIZES))
def test_finned_complex_fish_removes_only_what_sees_the_fin(kind, k):
    fin = "r1c3" if kind == "Franken" and k > 2 else ("r1c2" if kind == "Franken" else "r1c4")
    state = complex_fish(kind, k, fin)
    steps = every(fish_name(kind, k, True), state)
    expected = ({("r3c1", 1), ("r3c2", 1)} if kind == "Franken" and k > 2
                else {("r3c1", 1)} if kind == "Franken"
                else {("r7c4", 1), ("r8c4", 1), ("r9c4", 1)})
    told = "but for the fin row " + fin[1] + ", column " + fin[3] + "."
    step = next(s for s in steps if named(s.eliminations) == expected and told in s.explanation)
    assert "unless a fin holds 1" in step.explanation


def test_the_work_budget_bounds_the_hints_search_not_the_listing(monkeypatch):
    state = complex_fish("Mutant", 4, "r1c4")
    jellyfish = BY_NAME["Finned mutant jellyfish"]
    assert jellyfish.find(state)
    monkeypatch.setattr(fish, "FISH_WORK", 500)
    fish.complex_fish.cache_clear()
    state = complex_fish("Mutant", 4, "r1c4")
    assert jellyfish.find(state) is None  # a hint's search stops at FISH_WORK
    listed = every("Finned mutant jellyfish", state)  # find_all's goes on to LIST_WORK
    assert listed and all(s.technique == "Finned mutant jellyfish" for s in listed)
    assert len(listed) == len(set(listed))  # each listed once
    monkeypatch.setattr(fish, "LIST_WORK", 500)
    fish.complex_fish.cache_clear()
    assert every("Finned mutant jellyfish", complex_fish("Mutant", 4, "r1c4")) == []


def test_kept_runs_answer_as_a_fresh_search_would(monkeypatch):
    # fish.runs keeps each part of the search: a run cut short is searched again for a
    # larger budget, and a longer one answers a smaller budget as far as that would reach
    budgets = (500, 60000, 500, 3000, 60000, 2000)

    def search(work: int, fresh: bool) -> tuple:
        if fresh:
            monkeypatch.setattr(fish, "runs", {})
        return fish.complex_fish(complex_fish("Mutant", 4, "r1c4"), work)  # a new State each

    alone = [search(work, True) for work in budgets]
    monkeypatch.setattr(fish, "runs", {})
    assert [search(work, False) for work in budgets] == alone
    assert len({len(found) for found in alone}) > 2  # the budget decides what is found here


def test_no_complex_fish_where_every_place_is_still_possible():
    # 1 only in rows 1 and 5 (columns 1, 5 and 2, 6) and at r9c1 and r9c5: each of these
    # cells holds 1 in some filling of those units, so no fish may remove one
    state = pattern(blank(), only={1: ["r1c1", "r1c5", "r5c2", "r5c6", "r9c1", "r9c5"]})
    for kind in ("Franken", "Mutant"):
        for k in SIZES:
            assert every(fish_name(kind, k, False), state) == []
            assert every(fish_name(kind, k, True), state) == []


def every(technique: str, state) -> list:
    """Every step the technique's row finds in `state`."""
    return list(BY_NAME[technique].find_all(state))


def unit_cells(unit: str) -> list[str]:
    kind, number = unit.split()
    i = int(number)
    if kind == "row":
        return [f"r{i}c{c}" for c in range(1, 10)]
    if kind == "column":
        return [f"r{r}c{i}" for r in range(1, 10)]
    r0, c0 = 3 * ((i - 1) // 3), 3 * ((i - 1) % 3)
    return [f"r{r0 + r}c{c0 + c}" for r in range(1, 4) for c in range(1, 4)]


@pytest.mark.parametrize("kind", ("Franken", "Mutant"))
@pytest.mark.parametrize("k", (5, 6))
def test_no_squirmbag_or_whale_with_nothing_to_remove(kind, k):
    # the boards above with no target: the fish holds, but every 1 left is one of its own
    # (a finned fish on other covers may still take a base cell here: not asked)
    bases = (FRANKEN if kind == "Franken" else MUTANT)[k]
    state = pattern(blank(), only={1: [c for cs in bases.values() for c in cs]})
    assert every(fish_name(kind, k, False), state) == []
    assert every(fish_name(kind, k, False), complex_fish(kind, k))  # the same with targets
