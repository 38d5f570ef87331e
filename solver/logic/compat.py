"""What the logical solver takes from the standard library, the one home of the difference
between interpreters: CPython's (and Pyodide's) own itertools, functools and dataclasses;
under MicroPython (the page's first worker, which lacks them) small stand-ins that give the
same results: `combinations` in the same order, `pairwise`, memoising `cache`/`lru_cache`
(emptied when full, not least-recently-used: a memo, never a meaning), `cached_property`,
and `dataclass` records; `ordered()`, an
empty dict that keeps its keys' order (MicroPython's own do not), and `unique`.

MicroPython never keeps annotations, so a record names its fields for it:
`@dataclass("a b c", frozen=True)` is `dataclasses.dataclass(frozen=True)` under CPython,
which checks there that the names are the annotated fields in order; under MicroPython the
class gets an __init__ taking them (defaults from the class body), and __eq__, __hash__
and __repr__ over the compared ones (`field(compare=False)` leaves one out), as a
dataclass has. `replace(record, **changes)` is dataclasses.replace, on either.
Type checkers see CPython's side.
"""

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from dataclasses import field as field
    from dataclasses import replace as replace
    from functools import cache as cache
    from functools import cached_property as cached_property
    from functools import lru_cache as lru_cache
    from itertools import combinations as combinations
    from itertools import pairwise as pairwise
    from typing import TypeVar, dataclass_transform

    Value = TypeVar("Value")
    Class = TypeVar("Class")

    @dataclass_transform(field_specifiers=(field,))
    def dataclass(names: str, *, frozen: bool = False,
                  eq: bool = True) -> "Callable[[type[Class]], type[Class]]":
        """dataclasses.dataclass(frozen=, eq=) for a class whose fields are `names`."""
        ...

    def named(function: "Value", name: str) -> "Value":
        """`function` under the name `name`."""
        ...

    ordered = dict
    MICROPYTHON = False

else:
    try:
        import dataclasses
        from dataclasses import field, replace
        from functools import cache, cached_property, lru_cache
        from itertools import combinations, pairwise

        MICROPYTHON = False
        ordered = dict
    except ImportError:  # MicroPython: its frozen functools and itertools are partial
        # its dicts keep no order (exported: the logic room imports it)
        from collections import OrderedDict as ordered  # noqa: F401

        MICROPYTHON = True

    def named(function, name):
        """`function` under the name `name` (what a profile or repr shows of a finder made
        by a factory); MicroPython's closures keep their own."""
        try:
            function.__name__ = name
        except AttributeError:
            pass
        return function

    def dataclass(names, frozen=False, eq=True):
        """dataclasses.dataclass(frozen=, eq=) for a class whose fields are `names`, in
        order (space-separated): see the module's docstring."""
        fields = tuple(names.split())

        def make(cls):
            if MICROPYTHON:
                return record(cls, fields, frozen and eq, eq)
            made = dataclasses.dataclass(frozen=frozen, eq=eq)(cls)
            declared = tuple(f.name for f in dataclasses.fields(made))
            if declared != fields:
                raise TypeError(cls.__name__ + " declares " + str(declared) + ", not "
                                + str(fields))
            return made

        return make

if not TYPE_CHECKING and MICROPYTHON:

    def combinations(items, r):
        """The r-length tuples of `items` in itertools.combinations' order."""
        pool = tuple(items)
        n = len(pool)
        if r > n:
            return
        indices = list(range(r))
        yield tuple(pool[i] for i in indices)
        while True:
            i = r - 1
            while i >= 0 and indices[i] == i + n - r:
                i -= 1
            if i < 0:
                return
            indices[i] += 1
            for j in range(i + 1, r):
                indices[j] = indices[j - 1] + 1
            yield tuple(pool[i] for i in indices)

    def pairwise(items):
        """Each item with the next: (a, b), (b, c), ..."""
        it = iter(items)
        previous = next(it, it)
        if previous is it:
            return
        for item in it:
            yield previous, item
            previous = item

    def lru_cache(maxsize=128):
        """A memo of up to `maxsize` calls (None: no limit), emptied when full."""

        def wrap(function):
            memo = {}

            def cached(*args, **kwargs):
                key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
                try:
                    return memo[key]
                except KeyError:
                    pass
                if maxsize is not None and len(memo) >= maxsize:
                    memo.clear()
                value = memo[key] = function(*args, **kwargs)
                return value

            cached.cache_clear = memo.clear
            return cached

        return wrap

    def cache(function):
        """A memo of every call."""
        return lru_cache(None)(function)

    class cached_property:  # noqa: N801 - functools' name
        """A property computed on first use, then kept as the instance's attribute."""

        def __init__(self, function):
            self.function = function
            self.name = function.__name__

        def __get__(self, instance, owner=None):
            """The value, computed once: the instance's attribute hides this from then on."""
            if instance is None:
                return self
            value = self.function(instance)
            setattr(instance, self.name, value)
            return value

    MISSING = object()  # a field with no default

    class Field:
        """A record field's options: its default, and whether records compare by it."""

        def __init__(self, default, compare):
            self.default = default
            self.compare = compare

    def field(default=None, repr=True, compare=True):  # noqa: A002 - dataclasses' name
        """dataclasses.field with a default (`repr` is not used here)."""
        return Field(default, compare)

    def record(cls, fields, hashed, eq):
        """`cls` given a dataclass's __init__, __eq__, __hash__ and __repr__."""
        defaults, compared = [], []
        for name in fields:
            value = cls.__dict__.get(name, MISSING)
            if isinstance(value, Field):
                if value.compare:
                    compared.append(name)
                value = value.default
                setattr(cls, name, value)
            else:
                compared.append(name)
            defaults.append(value)
        compared = tuple(compared)

        def __init__(self, *args, **kwargs):  # noqa: N807
            if len(args) > len(fields):
                raise TypeError(cls.__name__ + " takes " + str(len(fields)) + " fields")
            for i, name in enumerate(fields):
                if i < len(args):
                    value = args[i]
                elif name in kwargs:
                    value = kwargs.pop(name)
                else:
                    value = defaults[i]
                    if value is MISSING:
                        raise TypeError(cls.__name__ + " lacks " + name)
                setattr(self, name, value)
            if kwargs:
                raise TypeError(cls.__name__ + " has no field " + next(iter(kwargs)))

        def key(self):
            return tuple(getattr(self, name) for name in compared)

        def __repr__(self):  # noqa: N807
            return cls.__name__ + "(" + ", ".join(
                name + "=" + repr(getattr(self, name)) for name in compared) + ")"

        cls.__init__ = __init__
        cls.__repr__ = __repr__
        cls.record_fields = fields
        if eq:
            cls.__eq__ = lambda self, other: type(other) is type(self) and key(self) == key(other)
            cls.__ne__ = lambda self, other: not self == other
            if hashed:
                cls.__hash__ = lambda self: hash(key(self))
        return cls

    def replace(obj, **changes):
        """A copy of a record with some fields changed."""
        values = {name: getattr(obj, name) for name in type(obj).record_fields}
        values.update(changes)
        return type(obj)(**values)


def unique(items: "Iterable[Value]") -> "tuple[Value, ...]":
    """`items` without repeats, in the order each first comes."""
    if not MICROPYTHON:
        return tuple(dict.fromkeys(items))
    seen, kept = set(), []
    for item in items:
        if item not in seen:
            seen.add(item)
            kept.append(item)
    return tuple(kept)
