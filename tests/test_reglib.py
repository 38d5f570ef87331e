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

LOOP = "HoDoKu's continuous grouped nice loop through ALS nodes is not among ours: no loop" \
    " of ours removes its candidates (none of up to 10 links, ALS of up to 4 cells)"
TEMPLATES = "our paired templates remove more than HoDoKu's (sound: three more 3s)"
# Lines (numbers in the file) whose technique we have, whose result is not among ours yet.
KNOWN_GAPS: dict[int, str] = {
    1253: LOOP,
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
