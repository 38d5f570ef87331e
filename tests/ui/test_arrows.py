"""The arrows of a chain (static/ui/arrows.py) under CPython: one arrow per link, solid or
dashed by its kind, from inside the cell and at the place of the candidate it starts from,
to the one it ends on, for real chain steps of the logical solver at 9x9 and 16x16."""

import re

import pytest

from solver.logic import solve_path
from solver.model.geometry import geometry
from tests.checks import load_lines, puzzle_of
from ui.arrows import arrow_shapes, mark_spot


def chain_step(line: str) -> dict:
    """The first step with links on the logical path of a shared puzzle, as the page gets it."""
    puzzle = puzzle_of(line)
    step = next(s for s in solve_path(puzzle).steps if s.links)
    return step.to_dict()


def numbers(path: str) -> list:
    return [float(x) for x in re.findall(r"-?\d+\.\d+", path)]


@pytest.mark.parametrize("size", [4, 6, 9, 12, 16, 25])
def test_each_candidate_has_its_own_spot_in_its_cell_in_reading_order(size):
    g = geometry(size)
    for cell in (0, g.cell_count - 1, g.size + 1):
        spots = [mark_spot(g, cell, d) for d in range(1, size + 1)]
        r, c = divmod(cell, size)
        assert all(c < x < c + 1 and r < y < r + 1 for x, y in spots)
        assert len(set(spots)) == size
        assert sorted(spots, key=lambda p: (p[1], p[0])) == spots  # rows of digits, like the marks


def test_an_arrow_per_link_from_candidate_to_candidate():
    g = geometry(9)
    step = chain_step(load_lines("top95.txt")[7])  # an alternating inference chain
    links = step["links"]
    arrows, rings = arrow_shapes(g, links)
    assert len(arrows) == len(links) >= 3
    assert [kind for _, _, kind in arrows] == [link["kind"] for link in links]
    assert {kind for _, _, kind in arrows} == {"strong", "weak"}
    named = {(cell, link[end + "_digit"]) for link in links for end in ("from", "to")
             for cell in link[end]}
    assert len(rings) == len(named)
    assert {(x, y) for x, y, _, _ in rings} == {mark_spot(g, c, d) for c, d in named}
    for (line, head, _), link in zip(arrows, links, strict=True):
        start, end = numbers(line)[:2], numbers(head)[:2]
        a = mark_spot(g, link["from"][0], link["from_digit"])
        b = mark_spot(g, link["to"][0], link["to_digit"])
        # the arrow leaves near its first candidate and its head points at the second
        assert dist(start, a) < dist(start, b) and dist(end, b) < dist(end, a)
        assert dist(end, b) < 0.2 and dist(start, a) < 0.2


def test_a_grouped_node_points_at_the_middle_of_its_cells():
    g = geometry(9)
    link = {"from": [0], "from_digit": 5, "to": [7, 8], "to_digit": 5, "kind": "strong"}
    (line, head, kind), = arrow_shapes(g, [link])[0]
    middle = [(a + b) / 2 for a, b in zip(mark_spot(g, 7, 5), mark_spot(g, 8, 5), strict=True)]
    assert kind == "strong" and dist(numbers(head)[:2], middle) < 0.2


def test_a_set_spread_over_a_unit_is_met_at_its_nearest_candidate():
    g = geometry(9)  # r3c5 and r7c5 (column 5) to r8c5: not from r5c5 between them
    link = {"from": [22, 58], "from_digit": 3, "to": [67], "to_digit": 3, "kind": "weak"}
    (line, head, _), = arrow_shapes(g, [link])[0]
    start = numbers(line)[:2]
    assert dist(start, mark_spot(g, 58, 3)) < 0.2 and dist(numbers(head)[:2],
                                                           mark_spot(g, 67, 3)) < 0.2
    # r1c4 and r1c6 (a gap between them, r1c5 another cell) from r1c1: met at r1c4
    link = {"from": [0], "from_digit": 9, "to": [3, 5], "to_digit": 9, "kind": "weak"}
    (_, head, _), = arrow_shapes(g, [link])[0]
    assert dist(numbers(head)[:2], mark_spot(g, 3, 9)) < 0.2


def test_16x16_arrows_stay_on_the_grid():
    g = geometry(16)
    links = [{"from": [0], "from_digit": 16, "to": [255], "to_digit": 1, "kind": "weak"},
             {"from": [17], "from_digit": 3, "to": [17], "to_digit": 14, "kind": "strong"}]
    arrows, rings = arrow_shapes(g, links)
    assert len(arrows) == 2 and len(rings) == 4
    for line, head, _ in arrows:
        assert all(0 <= v <= 16 for v in numbers(line) + numbers(head))


def test_no_links_no_arrows():
    assert arrow_shapes(geometry(9), []) == ([], [])


def dist(p, q) -> float:
    return ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5
