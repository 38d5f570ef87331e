"""f-puzzles import: a puzzle as f-puzzles.com shares it, its plain JSON or the compressed
text of its links (`?load=...`: the JSON compressed by lz-string's compressToBase64),
read as a grid and its Rules: `size`, `grid` (cells with `value`, `given`, `region`),
`killercage` (cells and `value`), `diagonal+` with `diagonal-`, `antiknight`, `antiking`.
Anything else that carries a rule is refused by name; what only draws (a title, text,
lines, cosmetic cages) is left out.

Written in the subset of Python that MicroPython also runs, and importing nothing but the
model (the page's UI reads pasted links with it): the JSON reader and the decompression
are written out here, bounded against hostile input.
"""

from .errors import PuzzleError, shown
from .geometry import BOX_SHAPES, Rules, cell_of_name, geometry, plain_text, whole, whole_text

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NoReturn, TypeAlias

    # A grid's digits (0 = empty) row by row, and the Rules they are under.
    Parts: TypeAlias = "tuple[list[int], Rules]"

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
BASE64_VALUES = {char: i for i, char in enumerate(BASE64)}
# The longest JSON a link may unpack to (a 16x16 f-puzzle with every cell given is about
# 10,000 characters): past it the text is refused, as lz-string can expand without bound.
MAX_JSON_CHARS = 200_000
MAX_DEPTH = 20  # JSON nesting: f-puzzles needs 4 (object, grid, row, cell)
# Keys that only draw or describe, never a rule: left out. `cage` is f-puzzles' cosmetic
# cage (its Killer cages are `killercage`).
COSMETIC = ("title", "author", "ruleset", "solution", "text", "line", "rectangle", "circle",
            "cage", "highlightConflicts", "disabledlogic", "truecandidatesoptions")
SUPPORTED = ("size", "grid", "killercage", "diagonal+", "diagonal-", "antiknight", "antiking")
LINK_MARK = "load="  # f-puzzles.com/?load=<compressed text>
# sudokupad.app/fpuzzles<compressed text> (or ?puzzleid=fpuzzles<...>): f-puzzles' text in a
# SudokuPad link; the compressed text always starts so (lz-string of '{"')
PAD_MARK, PACKED_START = "fpuzzles", "N4Ig"
ESCAPES = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}  # JSON's; others as written


def is_fpuzzles(text: str) -> bool:
    """Does `text` (stripped) look like an f-puzzle: JSON, a link, or compressed text?"""
    return text[:1] == "{" or LINK_MARK in text or PAD_MARK + PACKED_START in text or (
        len(text) > 16 and text[:4] == PACKED_START and all(ch in BASE64_VALUES for ch in text))


def fpuzzles_parts(text: str) -> "Parts":
    """The givens and Rules of an f-puzzle's JSON, link or compressed text; PuzzleError
    naming what cannot be read, or a constraint we do not support."""
    text = text.strip()
    if text[:1] != "{":
        at, mark = text.find(LINK_MARK), LINK_MARK
        if at < 0:
            at, mark = text.find(PAD_MARK + PACKED_START), PAD_MARK
        packed = unquoted(text[at + len(mark):].split("&")[0] if at >= 0 else text)
        unpacked = decompress_base64(packed)
        if unpacked is None or unpacked[:1] != "{":
            raise PuzzleError("this f-puzzles link does not unpack to a puzzle: its text may "
                              "be cut short")
        text = unpacked
    return parts_of(read_json(text))


def unquoted(text: str) -> str:
    """`text` with a link's %XX escapes undone (%2B is +, %2F is /, %3D is =)."""
    out, i = [], 0
    while i < len(text):
        if text[i] == "%" and is_hex(text[i + 1:i + 3], 2):
            out.append(chr(int(text[i + 1:i + 3], 16)))
            i += 3
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def is_hex(text: str, length: int) -> bool:
    """Is `text` `length` hexadecimal digits?"""
    return len(text) == length and all(ch in "0123456789abcdefABCDEF" for ch in text)


def decompress_base64(text: str) -> str | None:
    """lz-string's decompressFromBase64: the text compressToBase64 made `text` of; None
    when `text` is not such text (a character outside its alphabet, a cut-off end);
    PuzzleError past MAX_JSON_CHARS."""
    if not text or any(char not in BASE64_VALUES for char in text):
        return None
    reader = Bits([BASE64_VALUES[char] for char in text])
    # Codes 0 and 1: a new character of 8 or 16 bits follows; 2: the end; then the phrases.
    dictionary: list[str] = ["", "", ""]
    enlarge_in, bits = 4, 3
    w = new_char(reader, reader.read(2))
    if w is None:
        return None
    dictionary.append(w)
    out, size = [w], len(w)
    while True:
        code = reader.read(bits)
        if code == 2:
            return "".join(out)
        if code is not None and code < 2:
            char = new_char(reader, code)
            if char is None:
                return None
            dictionary.append(char)
            code = len(dictionary) - 1
            enlarge_in -= 1
            if not enlarge_in:
                enlarge_in, bits = 1 << bits, bits + 1
        if code is None or code > len(dictionary):
            return None
        entry = dictionary[code] if code < len(dictionary) else w + w[0]
        out.append(entry)
        size += len(entry)
        if size > MAX_JSON_CHARS:
            raise PuzzleError("this f-puzzles link unpacks to more than "
                              + str(MAX_JSON_CHARS) + " characters: no puzzle is that long")
        dictionary.append(w + entry[0])
        enlarge_in -= 1
        if not enlarge_in:
            enlarge_in, bits = 1 << bits, bits + 1
        w = entry


def new_char(reader: "Bits", code: int | None) -> str | None:
    """The character a code of 0 (8 bits follow) or 1 (16 bits) brings; None for another
    code or bits run out."""
    if code is None or code > 1:
        return None
    value = reader.read(8 if code == 0 else 16)
    return None if value is None else character(value)


def character(code: int) -> str | None:
    """chr(code), or None where the interpreter has no such character (MicroPython and
    the UTF-16 surrogates)."""
    try:
        return chr(code)
    except ValueError:
        return None


class Bits:
    """The bits of base64 values, each value's 6 bits highest first, read `count` at a time
    lowest first (lz-string's order); None once they run out."""

    def __init__(self, values: list[int]) -> None:
        self.values = values
        self.at = 0  # the bit next read, counted from the first value's highest
        self.total = 6 * len(values)

    def read(self, count: int) -> int | None:
        """The next `count` bits as a number, the first read the lowest; None past the end."""
        if self.at + count > self.total:
            return None
        found = 0
        for power in range(count):
            value = self.values[self.at // 6]
            if value >> (5 - self.at % 6) & 1:
                found |= 1 << power
            self.at += 1
        return found


def read_json(text: str) -> object:
    """The value JSON `text` writes (dict, list, str, int, float, True, False, None);
    PuzzleError naming where it is no JSON."""
    if len(text) > MAX_JSON_CHARS:
        raise PuzzleError("the f-puzzles text is over " + str(MAX_JSON_CHARS) + " characters")
    reader = Json(text)
    value = reader.value(0)
    if reader.skip() < len(text):
        reader.fail("text after the end")
    return value


class Json:
    """A JSON reader over one text, position by position."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def fail(self, what: str) -> "NoReturn":
        """PuzzleError: `what` at the current place."""
        raise PuzzleError("the f-puzzles text is no JSON: " + what + " at character "
                          + str(self.at + 1))

    def skip(self) -> int:
        """The place of the next character that is not a blank (moved to)."""
        while self.at < len(self.text) and self.text[self.at] in " \t\r\n":
            self.at += 1
        return self.at

    def peek(self) -> str:
        """The next character that is not a blank ('' at the end), moved to."""
        at = self.skip()
        return self.text[at:at + 1]

    def value(self, depth: int) -> object:
        """The value starting here (after blanks)."""
        if depth > MAX_DEPTH:
            self.fail("nesting deeper than " + str(MAX_DEPTH))
        char = self.peek()
        if char == "{":
            return self.members(depth)
        if char == "[":
            return self.items(depth)
        if char == '"':
            return self.string()
        for word, meaning in (("true", True), ("false", False), ("null", None)):
            if self.text[self.at:self.at + len(word)] == word:
                self.at += len(word)
                return meaning
        return self.number()

    def members(self, depth: int) -> dict[str, object]:
        """An object's members, from its `{`."""
        found: dict[str, object] = {}
        self.at += 1
        if self.peek() == "}":
            self.at += 1
            return found
        while True:
            if self.peek() != '"':
                self.fail("expected a name")
            key = self.string()
            if self.peek() != ":":
                self.fail("expected :")
            self.at += 1
            found[key] = self.value(depth + 1)
            char = self.peek()
            if char not in ("}", ","):
                self.fail("expected , or }")
            self.at += 1
            if char == "}":
                return found

    def items(self, depth: int) -> list[object]:
        """An array's items, from its `[`."""
        found: list[object] = []
        self.at += 1
        if self.peek() == "]":
            self.at += 1
            return found
        while True:
            found.append(self.value(depth + 1))
            char = self.peek()
            if char not in ("]", ","):
                self.fail("expected , or ]")
            self.at += 1
            if char == "]":
                return found

    def string(self) -> str:
        """A string, from its opening quote."""
        out = []
        self.at += 1
        text = self.text
        while True:
            end = self.at
            while end < len(text) and text[end] not in '"\\':
                end += 1
            out.append(text[self.at:end])
            self.at = end
            if end >= len(text):
                self.fail("a string not closed")
            self.at += 1
            if text[end] == '"':
                return "".join(out)
            escape = text[self.at:self.at + 1]
            char = character(int(text[self.at + 1:self.at + 5], 16)) if escape == "u" and (
                is_hex(text[self.at + 1:self.at + 5], 4)) else None
            if char is not None:
                out.append(char)
                self.at += 5
            elif escape and escape in '"\\/bfnrt':
                out.append(ESCAPES.get(escape, escape))
                self.at += 1
            else:
                self.fail("a bad escape")

    def number(self) -> int | float:
        """A number (whole, or with a fraction or exponent)."""
        end = self.at
        while end < len(self.text) and self.text[end] in "+-0123456789.eE":
            end += 1
        word = self.text[self.at:end]
        if not word:
            self.fail("expected a value")
        try:
            value: int | float = int(word) if all(ch in "-0123456789" for ch in word) \
                else float(word)
        except ValueError:
            self.fail("expected a value")
        self.at = end
        return value


def parts_of(data: object) -> "Parts":
    """The givens and Rules of an f-puzzle read from its JSON; PuzzleError naming the key
    of a constraint we do not support, or what is wrong with the supported ones."""
    if not isinstance(data, dict):
        raise PuzzleError("an f-puzzle is a JSON object with size and grid, not "
                          + shown(data))
    for key in data:
        value = data[key]
        if key not in SUPPORTED and key not in COSMETIC and value:  # false or empty: unused
            raise PuzzleError("unsupported f-puzzles constraint " + shown(key)
                              + ": the constraints supported are " + ", ".join(SUPPORTED[2:])
                              + " (and a jigsaw's regions)")
    n = whole(data.get("size"))
    if n is None or n not in BOX_SHAPES:
        raise PuzzleError("the f-puzzle's size must be one of "
                          + ", ".join(str(k) for k in sorted(BOX_SHAPES)) + ", not "
                          + shown(data.get("size")))
    rows = data.get("grid")
    if not isinstance(rows, list) or len(rows) != n or not all(
            isinstance(row, list) and len(row) == n for row in rows):
        raise PuzzleError("the f-puzzle's grid must be " + str(n) + " rows of " + str(n)
                          + " cells")
    g = geometry(n)
    givens, regions = [], []
    for r in range(n):
        for c in range(n):
            cell = rows[r][c]
            if not isinstance(cell, dict):
                raise PuzzleError("the f-puzzle's cell " + g.cell_name(r * n + c)
                                  + " must be an object, not " + shown(cell), [r * n + c])
            value = whole(cell.get("value")) if cell.get("given") is True else 0
            if value is None or not 0 <= value <= n:
                raise PuzzleError("the f-puzzle's " + g.cell_name(r * n + c) + " holds "
                                  + shown(cell.get("value")) + ", no digit 1-" + str(n),
                                  [r * n + c])
            givens.append(value)
            region = cell.get("region")
            regions.append(g.box_of(r * n + c) if region is None else region)
    jigsaw = regions != [g.box_of(i) for i in range(n * n)]
    plus, minus = data.get("diagonal+") is True, data.get("diagonal-") is True
    if plus != minus:
        raise PuzzleError("unsupported f-puzzles constraint " + shown(
            "diagonal+" if plus else "diagonal-") + " alone: we support both diagonals (X)")
    return givens, Rules(n, regions if jigsaw else None, x=plus,
                         anti_knight=data.get("antiknight") is True,
                         anti_king=data.get("antiking") is True,
                         cages=killer_cages(n, data.get("killercage")))


def killer_cages(n: int, cages: object) -> "list[tuple[int, list[int]]] | None":
    """The (sum, cells) of f-puzzles' `killercage` list (cells named R1C1, the sum as text);
    None for none; PuzzleError naming a cage without a sum or a cell that is no cell."""
    if cages in (None, []):
        return None
    if not isinstance(cages, list):
        raise PuzzleError("the f-puzzle's killercage must be a list, not " + shown(cages))
    found = []
    for k, cage in enumerate(cages):
        where = "killer cage " + str(k + 1)
        if not isinstance(cage, dict) or not isinstance(cage.get("cells"), list):
            raise PuzzleError(where + " has no list of cells: " + shown(cage))
        total = whole(cage.get("value"))
        text = plain_text(cage.get("value"))
        if total is None and text is not None:
            total = whole_text(text.strip())
        if total is None:
            raise PuzzleError(where + " has no sum (" + shown(cage.get("value")) + "): we "
                              "support Killer cages with sums only")
        cells = []
        for name in cage["cells"]:
            text = plain_text(name)
            if text is None:
                raise PuzzleError(where + ": " + shown(name) + " is no cell name like R1C1")
            cells.append(cell_of_name(n, text, where))
        found.append((total, cells))
    return found
