"""Generated Python source, the one home for it: the fold statements that the settle
(propagate.py) and choose (branching.py) functions are written out of per geometry, and
compile_source, which compiles such source so that tracebacks through it show its lines.

    python -m solver.search.codegen 9     # any supported size: 4 6 8 9 12 16 25

prints the settle and choose source generated for that size.

For MicroPython's page, scripts/build_vendor.py writes the 9x9 settle and choose out as
modules of this package (BUILT_SIZES, built_sources; in its archives only, never in the
repository), so that the page's first Solve neither generates nor compiles them.
"""

from .bits import NATIVE

try:
    import linecache
    HAS_LINECACHE = True
except ImportError:  # MicroPython: no linecache, and tracebacks show no source lines anyway
    HAS_LINECACHE = False

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

# The sizes whose settle and choose the site's build writes out as MicroPython's modules:
# the classic 9x9 the page's first screen solves.
BUILT_SIZES = (9,)
# The first line of each built module, before the generated source.
BUILT_HEADER = "# Written by scripts/build_vendor.py from solver.search.codegen.built_sources.\n"


def highest_code(name: str, native: bool = NATIVE) -> str:
    """An expression for the index of the highest set bit of the int variable `name`:
    the int method where the interpreter has it (`native`: this one's, a call the least),
    else the cube's highest_bit (bits.counters), which compile_source's caller puts in the
    namespace."""
    return f"{name}.bit_length() - 1" if native else f"HIGHEST({name})"


def count_code(expr: str, native: bool = NATIVE) -> str:
    """An expression for how many bits of the int expression `expr` are set (see
    highest_code)."""
    return f"({expr}).bit_count()" if native else f"COUNT({expr})"


def fold_code(
    name: str, once: str, twice: str | None, stride: int, count: int, levels: int = 2,
    thrice: str | None = None,
) -> list[str]:
    """Statements setting `{name}o`, `{name}t`, `{name}h` to (any set, two or more set, three
    or more set) of `count` elements `stride` bits apart, at the first element's bit; other
    bits are junk. Only the first `levels` (1 to 3) of the three are set.

    Windows of 1, 2, 4... elements are doubled and the ones matching `count`'s binary digits
    joined, so each element is counted exactly once. `twice` and `thrice` name what is
    already two or more and three or more at each element (None: nothing).
    """
    code: list[str] = []
    wo, wt, wh = once, twice, thrice  # the current window: `size` elements from each bit
    # The result so far: `covered` elements from each bit.
    ro: str | None = None
    rt: str | None = None
    rh: str | None = None
    covered, size, step = 0, 1, 0

    def join(
        xo: str, xt: str | None, xh: str | None, yo: str, yt: str | None, yh: str | None,
        shift: int, out: str,
    ) -> tuple[str, str | None, str | None]:
        """Statements joining window y, shifted by `shift`, onto x as `{out}o/t/h`; their
        names (None for a level not set)."""
        nonlocal step
        step += 1
        a, b, h = f"{name}a{step}", f"{name}b{step}", f"{name}c{step}"
        code.append(f"{a} = {yo} >> {shift}" if shift else f"{a} = {yo}")
        if levels == 1:
            code.append(f"{out}o = {xo} | {a}")
            return f"{out}o", None, None
        if yt:
            code.append(f"{b} = {yt} >> {shift}" if shift else f"{b} = {yt}")
        if levels == 3:
            if yh:
                code.append(f"{h} = {yh} >> {shift}" if shift else f"{h} = {yh}")
            terms = [t for t in (yh and h, xh, xt and f"({xt} & {a})", yt and f"({xo} & {b})")
                     if t]
            if terms:
                code.append(f"{out}h = " + " | ".join(terms))
            xh = f"{out}h" if terms else None
        terms = [t for t in (yt and b, xt) if t] + [f"({xo} & {a})"]
        code.append(f"{out}t = " + " | ".join(terms))
        code.append(f"{out}o = {xo} | {a}")
        return f"{out}o", f"{out}t", xh

    while True:
        if count & 1:
            out = f"{name}r{step + 1}"
            if ro is None:
                ro, rt, rh = wo, wt, wh  # the first window taken needs no shift
            elif (rt, rh).count(None) > (wt, wh).count(None):
                # The result so far moves past the window instead: fewer parts to shift.
                ro, rt, rh = join(wo, wt, wh, ro, rt, rh, size * stride, out)
            else:
                ro, rt, rh = join(ro, rt, rh, wo, wt, wh, covered * stride, out)
            covered += size
        count >>= 1
        if not count:
            code.append(f"{name}o = {ro}")
            if levels >= 2:
                code.append(f"{name}t = {rt or 0}")
            if levels == 3:
                code.append(f"{name}h = {rh or 0}")
            return code
        wo, wt, wh = join(wo, wt, wh, wo, wt, wh, size * stride, f"{name}w{step + 1}")
        size += size


def built_name(kind: str, size: int) -> str:
    """The module of this package the build writes `kind`'s function (settle, choose) of
    `size` to."""
    return f"built_{kind}_{size}"


def built_sources(size: int) -> "dict[str, str]":
    """module name (built_name) -> text, for each of the settle and choose of `size`: the
    source MicroPython would generate (no int.bit_length/bit_count there), as the build
    writes it."""
    # Imported here, not at the top: both modules import this one.
    from ..model.geometry import geometry
    from .branching import choose_source
    from .cube import cube_of
    from .propagate import settle_source

    c = cube_of(geometry(size))
    return {built_name(kind, size): BUILT_HEADER + make(c, native=False)
            for kind, make in (("settle", settle_source), ("choose", choose_source))}


def built_module(kind: str, size: int) -> "Any":
    """The module the build wrote `kind`'s function of `size` to, or None where there is
    none (any interpreter but MicroPython's page and worker)."""
    if NATIVE or size not in BUILT_SIZES:  # its text is MicroPython's: no use elsewhere
        return None
    name = built_name(kind, size)
    package = __name__[:__name__.rindex(".")]  # "solver.search" as imported
    try:
        return __import__(f"{package}.{name}", None, None, [name])
    except ImportError:  # a run from source: generated below instead
        return None


# Any: the namespace holds what the generated code defines, whose types exec cannot tell.
def compile_source(
    kind: str, size: int, make: "Callable[[], str]", namespace: "dict[str, Any]",
) -> "Any":
    """`kind`'s function (settle, choose) of `size`, with the values of `namespace` as its
    globals: the built module's (built_module) when there is one, else the source make()
    generates, run in `namespace` (filename `<kind NxN>`).

    The text goes into linecache under that filename, so a traceback through the generated
    code shows its lines; an mtime of None keeps linecache.checkcache from dropping it."""
    module = built_module(kind, size)
    if module is not None:
        for key, value in namespace.items():  # what exec's namespace would have held
            setattr(module, key, value)
        return getattr(module, kind)
    source = make()
    filename = f"<{kind} {size}x{size}>"
    if HAS_LINECACHE:
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(compile(source, filename, "exec"), namespace)
    return namespace[kind]


def main(argv: "list[str] | None" = None) -> None:
    """Print the settle and choose source generated for one board size; argparse exits 2
    with a message for a size not supported."""
    import argparse  # here, not at the top: MicroPython has none and needs no command line

    # Imported here, not at the top: both modules import this one.
    from ..model.geometry import BOX_SHAPES, geometry
    from .branching import choose_source
    from .cube import cube_of
    from .propagate import settle_source

    parser = argparse.ArgumentParser(
        prog="python -m solver.search.codegen",
        description="Print the settle and choose source generated for one board size.",
    )
    parser.add_argument("size", type=int, choices=sorted(BOX_SHAPES), help="the board size")
    n = parser.parse_args(argv).size
    c = cube_of(geometry(n))
    for kind, make in (("settle", settle_source), ("choose", choose_source)):
        print(f"# <{kind} {n}x{n}>: {make.__module__}.{make.__name__}")
        print(make(c))


if __name__ == "__main__":
    main()
