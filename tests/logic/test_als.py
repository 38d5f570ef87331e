"""ALS-XZ: two almost locked sets with a restricted common digit."""

from .positions import blank, find, named, pattern

als_xz = find("ALS-XZ")
# A = r1c1 {1,2}; B = r5c1, r5c2 {1,2,3}; their 1s see each other (column 1)
ALS = {"r1c1": "12", "r5c1": "13", "r5c2": "23"}


def test_als_xz_removes_the_other_shared_digit():
    step = als_xz(pattern(blank(), cands=ALS))
    assert step.technique == "ALS-XZ"
    assert named(step.eliminations) == {("r1c2", 2), ("r2c2", 2), ("r3c2", 2), ("r4c1", 2),
                                        ("r6c1", 2)}
    assert step.explanation.startswith(
        "Row 1, column 1 hold 1 and 2 and row 5, column 1 and row 5, column 2 hold 1, 2 and 3")
    assert "Their 1s all see each other" in step.explanation


def test_no_als_xz_without_a_restricted_common_digit():
    cands = {"r1c1": "12", "r5c2": "13", "r5c3": "23"}  # no 1 or 2 of B sees A's
    assert als_xz(pattern(blank(), cands=cands)) is None
