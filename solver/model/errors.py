"""The one error type for bad puzzles: a message naming the problem and the cells it is in."""

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any


class PuzzleError(ValueError):
    """A puzzle that cannot be read or breaks the rules.

    `message` names the exact problem and place; `cells` holds the 0-based indices of the
    cells involved (empty when the problem is not about particular cells).
    """

    def __init__(self, message: str, cells: "Iterable[int]" = ()) -> None:
        super().__init__(message)  # MicroPython has no ValueError.__init__ to call directly
        self.message = message
        self.cells = tuple(cells)

    def __str__(self) -> str:
        """The message alone, as the user is shown it."""
        return self.message


MOST_SHOWN = 60  # characters of a value that an error message quotes at most
MOST_ITEMS = 4  # items of a list, tuple or dict that it shows
LONG_REPR = (str, bytes, bytearray)  # shown from their start only


def shown(value: object, most: int = MOST_SHOWN) -> str:
    """`value` as an error message quotes it: at most `most` characters, and never an
    exception (every message that quotes a caller's value goes through here).

    Plain values show as repr does, cut short; lists, tuples and dicts by their first
    items, a few levels deep (so a 10,000-deep or self-referential list costs nothing);
    anything else, subclasses included, by its type's name alone: their own repr may
    raise, recurse or run long.
    """
    try:
        text = brief(value, 2, most)
    except Exception:  # a huge int past str's digit limit, MemoryError ...
        text = named(value)
    return text if len(text) <= most else text[:most - 3] + "..."


# Any: `value` is read by its exact type (`kind is list`), which mypy does not narrow through.
def brief(value: "Any", depth: int, most: int) -> str:
    """shown's text before it is cut: the first items of containers, `depth` levels down."""
    kind = type(value)
    if value is None or kind is bool or kind is float or kind is complex:
        return repr(value)
    if kind is int:
        try:
            text = repr(value)
        except ValueError:  # CPython writes at most 4,300 digits
            return "a whole number too long to show"
        return text if len(text) <= most else "a whole number of " + str(len(text)) + " digits"
    if kind in LONG_REPR:
        return repr(value[:most]) + ("..." if len(value) > most else "")
    if kind is list or kind is tuple or kind is dict:
        ends = "[]" if kind is list else "()" if kind is tuple else "{}"
        if depth == 0:
            return ends[0] + "..." + ends[1]
        parts: list[str] = []
        for item in value:
            if len(parts) == MOST_ITEMS:
                parts.append("... " + str(len(value)) + " in all")
                break
            part = brief(item, depth - 1, most)
            parts.append(part + ": " + brief(value[item], depth - 1, most)
                         if kind is dict else part)
        comma = "," if kind is tuple and len(value) == 1 else ""
        return ends[0] + ", ".join(parts) + comma + ends[1]
    return named(value)


def named(value: object) -> str:
    """'a <type name>', for a value shown without its contents."""
    try:
        name = type(value).__name__
    except Exception:  # a metaclass can make even this raise
        name = "value"
    if not isinstance(name, str):
        name = "value"
    return ("an " if name[:1] in "aeiouAEIOU" and name else "a ") + name
