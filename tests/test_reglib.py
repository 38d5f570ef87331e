"""HoDoKu's regression library, every active line (fail cases `-x` included), read at test time
from ../shared/reglib/reglib-1.3.txt (GPL-3 data, never copied here; tests/reglib.py builds
each position as HoDoKu does):
- no step of ours contradicts the line's solution: every step looked at of the line's
  technique, and the step a hint would give there (the whole table's first);
- the line's technique (or a named equivalent, tests.reglib.CODES) gives exactly HoDoKu's
  eliminations or placements, by one step or by steps that each give part of them; a fail
  case's technique finds nothing.
Lines whose technique we lack, or whose instance we know we do not list yet, are strict
xfails naming why: they fail loudly once the technique finds them (then drop the mark).
`python -m benchmarks.reglib` prints the per-code table.
"""

from functools import cache

import pytest

from solver.logic import next_step
from tests.reglib import REGLIB, cases, judge, wrong

CHAIN = "HoDoKu's chain is longer than ours may be (aic.MAX_LINKS) or passes a node our " \
    "breadth-first search reaches once by a shorter walk"
ALS = "an ALS of more than als.MAX_CELLS (3) cells, a doubly linked ALS-XZ (HoDoKu's" \
    " variant 2), or an ALS chain longer than ours"
FISH = "Franken and Mutant fish: the one search per state stops after fish.FISH_WORK nodes " \
    "(kept small for hint speed), before reaching this fish (a larger budget finds most)"
BLOSSOM = "a Death Blossom petal of more than als.PETAL_CELLS (3) cells, or past " \
    "als.BLOSSOM_WORK"
BLOSSOM_2 = "HoDoKu's Death Blossom variant 2: not among our blossoms of disjoint petals"
TEMPLATES = "our paired templates remove more than HoDoKu's (sound: three more 3s)"
# Lines (numbers in the file) whose technique we have, whose result is not among ours yet.
KNOWN_GAPS: dict[int, str] = {
    **dict.fromkeys([1146, 1151, 1152, 1155, 1157, 1159, 1178, 1207, 1227, 1228, 1236, 1247,
                     1253, 1255, 1256, 1258, 1259, 1260, 1281, 1283, 1287, 1288, 1289, 1291,
                     1292, 1293, 1294, 1297, 1299, 1300, 1301, 1302, 1303, 1308, 1309, 1311,
                     1323, 1331, 1332, 1334, 1336, 1337, 1339, 1340, 1341, 1343, 1345, 1347,
                     1348, 1349, 1351, 1352], CHAIN),
    **dict.fromkeys([1407, 1409, 1411, 1412, 1413, *range(1415, 1422), 1427, 1428, 1429, 1431,
                     1432, 1433, 1435, *range(1437, 1442), 1445, 1446, 1447, 1448, 1450, 1451,
                     1452, 1453, 1454, 1455, 1457, 1458, 1459], ALS),
    **dict.fromkeys([672, 673, 674, 677, 678, 679, 680, 690, 691, *range(695, 701), 703, 704,
                     *range(708, 715), 716, 717, 719, 722, 723, 724, 749, 750, 751,
                     *range(754, 758)], FISH),
    **dict.fromkeys([1465, 1466, 1467, 1468, 1469, 1470, 1471], BLOSSOM),
    **dict.fromkeys(range(1474, 1483), BLOSSOM_2),
    1546: TEMPLATES,
}


def params(expect: bool) -> list:
    """The cases as parameters, marked: absent library, and (when `expect`) known gaps."""
    if not REGLIB.exists():
        return [pytest.param(None, marks=pytest.mark.skip(
            reason="HoDoKu's reglib is read from ../shared/reglib/reglib-1.3.txt (GPL-3 data,"
            " never copied into the repository), and it is not there"))]
    found = []
    for case in cases():
        marks = []
        if expect and not case.implemented:
            marks.append(pytest.mark.xfail(strict=True, reason="technique not implemented yet: "
                                           + case.names[0] + " (issue 25)"))
        elif expect and case.number in KNOWN_GAPS:
            marks.append(pytest.mark.xfail(strict=True, reason=KNOWN_GAPS[case.number]))
        found.append(pytest.param(case, marks=marks, id=f"{case.number}-{case.line.split(':')[1]}"))
    return found


@cache
def judged(case):
    """The line's technique's verdict: HoDoKu's own only for a fail case."""
    return judge(case, case.names[:1] if case.fails else case.names)


@pytest.mark.parametrize("case", params(expect=False))
def test_no_step_of_ours_contradicts_the_solution(case):
    bad = list(judged(case).wrong)
    first = next_step(case.state)
    if first is not None and wrong(case, first):
        bad.append(first)
    assert not bad, [(s.technique, s.placements, s.eliminations) for s in bad]


@pytest.mark.parametrize("case", params(expect=True))
def test_the_lines_technique_gives_hodokus_result(case):
    verdict = judged(case)
    if case.fails:
        assert not verdict.found, case.names[0] + " must find nothing here"
    else:
        assert verdict.exact, case.names[0] + " does not give HoDoKu's result"


def test_the_library_is_read_whole():
    if not REGLIB.exists():
        pytest.skip("HoDoKu's reglib is not in ../shared/reglib/")
    found = cases()
    assert len(found) == 1112  # the active lines, as the file's README counts them
    assert sum(c.fails for c in found) == 4  # HoDoKu's fail cases: 0606-x and 0610-x
    assert all(c.expected for c in found if not c.fails)
    assert all(c.state.geometry.size == 9 for c in found)
    # every grid has one solution, so the wrong-step test checks every line
    assert all(c.solution is not None for c in found)
