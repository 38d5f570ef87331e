"""Run by tests/test_micropython.py under the vendored MicroPython and under CPython: the
model's argument checks and bounded messages (issue 26) print the same on both."""

from solver.model.errors import shown
from solver.model.geometry import geometry, plain_text, whole
from solver.model.puzzle import Puzzle, parse, read

print(shown(None), shown(5), shown(1.5), shown("ab"), shown([1, [2, [3, [4]]]]), shown((1,)))
print(shown({"a": 1}), shown(10**400), shown(b"x"), shown(object()), shown("x" * 100))
print(whole(3), whole(True), whole(2.0), plain_text("x"), plain_text(3))
try:
    geometry([])
except Exception as e:
    print(type(e).__name__, e)
try:
    Puzzle(geometry(4), [9] * 16)
except Exception as e:
    print(type(e).__name__, e)
try:
    read([[1, 2, 3, 4.5]] * 4)
except Exception as e:
    print(type(e).__name__, e)
print(Puzzle(geometry(4), [0] * 16).to_string())
try:
    parse("1234" * 4, size="x")
except Exception as e:
    print(type(e).__name__, e)
for cell, digit in ((-1, 1), (16, 1), (True, 1), ("0", 1), (0, 5), (0, -1), (3, 2.0)):
    try:
        Puzzle(geometry(4), [0] * 16).with_cell(cell, digit)
    except Exception as e:
        print(type(e).__name__, e)
print(Puzzle(geometry(4), [0] * 16).with_cell(15, 4).to_string())
# The API's time limits: a float is seconds on both (the page's own 9x9 Solve passes 1.0).
from solver.api import analyse  # noqa: E402 - after the model's checks above

for timeout in (1.5, 2, 0.0, -1.0, float("nan"), "1", 10**400):
    try:
        print(timeout if isinstance(timeout, str) else shown(timeout),
              analyse("1..." "..3." ".4.." "...2", timeout).count)
    except Exception as e:
        print(type(e).__name__, e)
