"""Bit counts on big ints, the one home of the difference between interpreters: CPython
(3.10+) has `int.bit_count`/`bit_length` in C; MicroPython has neither, and its `bin()` of
a big int takes time quadratic in its length, so there they are done with a few whole-int
operations per call (a tree of partial sums; the bytes of the int). The generated code
(codegen.py) writes the method calls where NATIVE is true, else calls these. The logical
solver counts the bits of small masks (a cell's digits, a unit's cells) with bit_count and
bit_length, the int methods in CPython, plain loops in MicroPython."""

NATIVE = hasattr(int, "bit_count")

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable


def looped_bit_count(x: int) -> int:
    """How many bits of `x` (>= 0) are set: one turn per set bit (MicroPython's bit_count)."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


def looped_bit_length(x: int) -> int:
    """The number of bits `x` (>= 0) needs, 0 for 0 (MicroPython's bit_length)."""
    n = 0
    while x >> 16:
        x >>= 16
        n += 16
    while x:
        x >>= 1
        n += 1
    return n


bit_count: "Callable[[int], int]" = int.bit_count if NATIVE else looped_bit_count
bit_length: "Callable[[int], int]" = int.bit_length if NATIVE else looped_bit_length


def native_highest_bit(x: int) -> int:
    """The index of the highest set bit of `x` (> 0)."""
    return x.bit_length() - 1


def counters(width: int) -> "tuple[Callable[[int], int], Callable[[int], int]]":
    """(bit_count, highest_bit) for ints from 0 to 2**width - 1: how many bits are set, and
    the index of the highest set bit (of an int > 0)."""
    if NATIVE:
        return int.bit_count, native_highest_bit
    span = 8
    while span < width:
        span += span
    ones = (1 << span) - 1
    # Field width f -> the mask keeping the low f bits of every 2f-bit field.
    masks = []
    f = 1
    while f < span:
        masks.append((f, ones // ((1 << f) + 1)))
        f += f
    m1, m2, m4 = masks[0][1], masks[1][1], masks[2][1]
    wider = masks[3:]
    size = span // 8

    def bit_count(x: int) -> int:
        """How many bits of `x` are set: summed in 2-, 4-, 8-bit fields, and so on."""
        x -= (x >> 1) & m1
        x = (x & m2) + ((x >> 2) & m2)
        x = (x + (x >> 4)) & m4
        for f, mask in wider:
            x = (x + (x >> f)) & mask
        return x

    def highest_bit(x: int) -> int:
        """The index of the highest set bit of `x` (> 0): its top non-zero byte's."""
        top = x.to_bytes(size, "little").rstrip(b"\0")
        return 8 * len(top) - 9 + HIGHEST_IN_BYTE[top[-1]]

    return bit_count, highest_bit


# byte value -> 1 + the index of its highest set bit (0 for 0): k for the 2**(k-1) values
# from 2**(k-1) up. Eight runs of one byte joined, not bin() of every byte: MicroPython imports
# this module on the page's first Solve.
HIGHEST_IN_BYTE = b"\0" + b"".join(bytes([k]) * (1 << (k - 1)) for k in range(1, 9))
