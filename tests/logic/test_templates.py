"""Template Set and Template Delete: the ways of placing all of one digit, on positions made
from a full grid with the 1s and 2s taken out."""

from solver.logic import templates
from tests.checks import full_grid

from .positions import blank, find, name, named, state_from

template_set = find("Template set")
template_delete = find("Template delete")
GRID = full_grid(9).cells
ONES = [name(c) for c in range(81) if GRID[c] == 1]
TWOS = [name(c) for c in range(81) if GRID[c] == 2]


def without(digits: set[int]) -> str:
    """The full grid with every cell of these digits emptied."""
    return "".join("0" if d in digits else str(d) for d in GRID)


def test_template_set_places_a_digit_that_has_one_way():
    # only the 1s are out: each of their cells allows 1 alone, so there is one way
    step = template_set(state_from(without({1})))
    assert step.technique == "Template set"
    assert named(step.placements) == {(c, 1) for c in ONES}
    assert "hold 1 in every way of placing all 9 1s (one in each row" in step.explanation


def test_template_delete_removes_what_no_way_uses():
    # 1s and 2s out, and r1c1 (a 1) told it is no 2: the 1s and 2s then have one way each
    state = state_from(without({1, 2}), **{ONES[0]: "1"})
    removals = {frozenset(named(s.eliminations)) for s in templates.template_delete(state)}
    assert frozenset((c, 2) for c in ONES[1:]) in removals
    assert frozenset((c, 1) for c in TWOS) in removals
    step = template_delete(state)
    assert step.technique == "Template delete"
    assert "goes: no way of placing all 9" in step.explanation


def test_no_template_step_while_two_digits_can_swap():
    # with the 1s and 2s out, each digit has (at least) its own cells and the other's
    state = state_from(without({1, 2}))
    assert template_set(state) is None
    assert template_delete(state) is None


def test_a_digit_with_too_many_ways_tells_nothing():
    # an empty grid has 46,656 ways per digit: past TEMPLATE_WORK, no conclusion
    assert templates.ways(blank(), 1) is None
    assert template_set(blank()) is None and template_delete(blank()) is None
    # a 4x4 grid's digit has 4 x 2 x 2 x 1 ways (each row halves what the next may take)
    found = templates.ways(blank(4), 1)
    assert len(set(found)) == 16
    g = blank(4).geometry
    for way in found:
        cells = [c for c in range(16) if way >> c & 1]
        assert all(len({g.cell_units[c][k] for c in cells}) == 4 for k in range(3))
