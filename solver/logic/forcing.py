"""Forcing chains and nets, the last resort before search: assume a candidate true and follow
what singles force from it, breadth-first. Static nets (every single forced by one removal:
a cell's other candidate, a digit's other place in a unit where it had two) are tried
before dynamic ones (a single may need several removals).

- contradiction: the assumption empties a cell or leaves a digit no place in a unit, so the
  candidate is false;
- verity: every candidate of a cell (cell forcing) or every place of a digit in a unit (unit
  forcing) forces the same fact, so it holds.
The step kept is the one whose longest branch is shortest. Propagation stops at a depth
budget, tried small first, so an easy net is found fast and a hint stays quick. The step
records the net found (its size and kind, which the rating reads) but is told by the
shortest net proving the same conclusion, often a dynamic one (`shortest`).
"""

from ..model.geometry import Geometry
from ..search.bits import bit_length
from . import words
from .compat import ordered, unique
from .state import State, digits_of
from .step import Shorter, Step

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from .step import Link

DEPTHS = (4, 8, 16, 40)  # the budgets tried in turn: longest branch, in forced facts
BUDGET = 400_000  # forced facts over all branches of one search: past it, a hint gives up
LAST = -1  # the "unit" of a fact forced as a cell's last candidate (a naked single)
NESTED = -2  # the "unit" of a removal a shorter forcing chain inside the branch proved (nested.py)
LOCKED = -3  # the "unit" of a removal locked candidates made inside the branch (locked_forcing.py)

if TYPE_CHECKING:
    Fact = tuple[int, int, bool]  # (cell, digit, on): the digit is in the cell, or not
    # The shorter chains a nested step's sentence names by number, in the order it names
    # them. Told in full inside the sentence they made it run to 1,848 characters (median):
    # the page shows each on demand (Step.inner).
    Named = list[Shorter]


class Branch:
    """What assuming `start` (cell, digit) true forces, up to a depth (`grow` goes deeper).

    `facts[(cell, digit, on)] = (depth, parent fact, why)`, why being the unit of a hidden
    single, LAST for a naked single, or None for a removal; `broken` is the fact
    that left no room and `why` says which, when there is one: "both" (a fact and its
    opposite), "cell" (the cell's last candidate went) or the unit the digit has no place in.
    A `static` branch follows only the singles one removal makes (forcing.net_of).
    `inner[fact]`, for a removal whose why is NESTED, holds the shorter branch (in the
    position this branch had reached) whose contradiction proved it, and the facts of this
    branch that contradiction used: its parents; `locks[fact]`, for one whose why is
    LOCKED (locked_forcing.LockedBranch, the only kind that has any), the removals it rests
    on and why, in words.
    """

    locks: "dict[Fact, tuple[list[Fact], str]]"  # set by LockedBranch alone (a plain branch,
    # made by the hundred in a forcing chain's search, is spared an empty dict)

    def __init__(self, state: State, start: tuple[int, int], limit: int,
                 counts: list[int] | None = None, static: bool = False) -> None:
        self.state, self.start, self.static = state, start, static
        masks, _ = state.as_masks()
        self.masks = masks
        # places[u * n + d - 1]: how many cells of unit u still hold d, kept as digits go,
        # so a hidden single or an empty unit is seen without scanning the unit.
        self.places = list(counts or places_count(state))
        self.facts: dict[Fact, tuple[int, Fact | None, int | None]] = {
            (start[0], start[1], True): (0, None, None)}
        self.broken: Fact | None = None
        self.why: str | int = ""  # "both", "cell" or a unit (see the class)
        self.new: list[Fact] = []
        self.inner: dict[Fact, tuple[Branch, list[Fact]]] = ordered()
        self.queue: list[Fact] = [(start[0], start[1], True)]
        self.done = 0
        self.grow(limit)

    def grow(self, limit: int) -> int:
        """Follow the facts on, breadth-first, to depth `limit` (deeper than before: the
        same facts as a fresh branch of that depth); the number of new facts."""
        g, before = self.state.geometry, len(self.facts)
        queue = self.queue
        while self.done < len(queue) and not self.broken:
            fact = queue[self.done]
            if self.facts[fact][0] >= limit:
                break  # breadth-first, so every fact left is this deep: resume here
            self.done += 1
            self.new = []
            self.spread(g, fact)
            queue += self.new
        return len(self.facts) - before

    def add(self, fact: "Fact", parent: "Fact", unit: int | None = None) -> None:
        """Record a forced fact once, one deeper than its parent."""
        if fact not in self.facts:
            self.facts[fact] = (self.facts[parent][0] + 1, parent, unit)
            self.new.append(fact)

    def spread(self, g: Geometry, fact: "Fact") -> None:
        """The facts one step on from `fact`."""
        cell, d, on = fact
        bit = 1 << (d - 1)
        if on:
            if (cell, d, False) in self.facts:
                self.broken, self.why = fact, "both"
                return
            for e in digits_of(self.masks[cell] & ~bit):
                self.off(g, cell, e, fact)
            for p in g.peers[cell]:
                if self.masks[p] & bit:
                    self.off(g, p, d, fact)
        elif (cell, d, True) in self.facts:
            self.broken, self.why = fact, "both"

    def off(self, g: Geometry, cell: int, d: int, parent: "Fact") -> None:
        """Remove d from cell; follow naked and hidden singles it leaves."""
        bit = 1 << (d - 1)
        if not self.masks[cell] & bit:
            return
        self.masks[cell] &= ~bit
        n, places = g.size, self.places
        for u in g.cell_units[cell]:
            places[u * n + d - 1] -= 1
        self.add((cell, d, False), parent)
        left = self.masks[cell]
        if not left:
            if self.follows(cell, d, LAST):
                self.broken, self.why = (cell, d, False), "cell"
                return
        elif (not left & (left - 1) and not self.state.values[cell]
              and self.follows(cell, bit_length(left), LAST)):
            self.add((cell, bit_length(left), True), (cell, d, False), LAST)
        for u in g.cell_units[cell]:
            count = places[u * n + d - 1]
            if count == 0 and self.follows(cell, d, u):
                self.broken, self.why = (cell, d, False), u
                return
            if count == 1 and self.follows(cell, d, u):
                last = next(c for c in g.units[u] if self.masks[c] & bit)
                if not self.state.values[last]:
                    self.add((last, d, True), (cell, d, False), u)

    def follows(self, cell: int, d: int, unit: int) -> bool:
        """Does the branch follow a single (or see a contradiction) at `cell` and `d` in
        `unit` (LAST: the cell itself)? Always, but a static branch only where the state left
        two candidates there, so that one removal is all it needs."""
        return not self.static or len(self.emptied(cell, d, unit)) <= 1

    def parents(self, fact: "Fact") -> "list[Fact]":
        """The facts that forced `fact`: none for the assumption, one for a removal, and for
        a single every removal it needed (all of them, not only the last, as `trail` keeps)."""
        _, parent, unit = self.facts[fact]
        if unit == NESTED:
            return self.inner[fact][1]
        if unit == LOCKED:
            return self.locks[fact][0]
        if unit is None:
            return [] if parent is None else [parent]
        return self.emptied(fact[0], fact[1], unit)

    def emptied(self, cell: int, d: int, unit: int) -> "list[Fact]":
        """The removals of every other candidate the state gave `cell` (unit LAST), or of
        every other place it gave `d` in `unit`: what a single there needs."""
        if unit == LAST:
            return [(cell, e, False) for e in digits_of(self.state.cands[cell]) if e != d]
        return [(c, d, False) for c in self.state.cells_with(unit, d) if c != cell]

    def trail(self, fact: "Fact | None") -> "list[Fact]":
        """The facts from the assumption to `fact`, in order (none for None)."""
        found = []
        while fact is not None:
            found.append(fact)
            fact = self.facts[fact][1]
        found.reverse()  # (MicroPython slices no backwards)
        return found


def net_of(branch: Branch, ends: "list[Fact]") -> tuple[int, bool]:
    """Sudoku Explainer's size and kind of the net by which `branch` reaches `ends` (the
    facts a conclusion uses): (how many facts it holds, ends and every parent of every
    single counted; whether it is dynamic: some single needed two or more removals, or the
    ends are three or more, a cell or unit emptied of three or more candidates). A static
    net follows one earlier fact at each step: a bivalue cell's other digit, a digit's
    other place in a unit where it had two."""
    seen = net_facts(branch, ends)
    # a nested removal (nested.py) counts the facts of the shorter net it rests on too
    nested = [branch.inner[f][0] for f in seen if f in branch.inner]
    dynamic = (len(ends) > 2 or bool(nested)
               or any(len(branch.parents(f)) > 1 for f in seen))
    return len(seen) + sum(net_of(b, broken_ends(b))[0] for b in nested), dynamic


def net_facts(branch: Branch, ends: "list[Fact]") -> "set[Fact]":
    """The facts of `branch` that `ends` rest on: they and, in turn, each one's parents."""
    seen: set[Fact] = set()
    todo = list(ends)
    while todo:
        fact = todo.pop()
        if fact not in seen:
            seen.add(fact)
            todo += branch.parents(fact)
    return seen


def broken_ends(branch: Branch) -> "list[Fact]":
    """The facts a broken branch's contradiction uses: the fact and its opposite, or every
    removal that emptied the cell or left the digit no place in the unit."""
    cell, d, on = end = broken_fact(branch)
    if branch.why == "both":
        return [end, (cell, d, not on)]
    unit = branch.why
    return [end] + branch.emptied(cell, d, unit if isinstance(unit, int) else LAST)


def broken_fact(branch: Branch) -> "Fact":
    """The fact that broke `branch`; ValueError for a branch that holds."""
    if branch.broken is None:
        raise ValueError("the branch reaches no contradiction")
    return branch.broken


def places_count(state: State) -> list[int]:
    """[u * n + d - 1]: how many cells of unit u can hold d, a placed digit's cell included."""
    g, n = state.geometry, state.geometry.size
    counts = [len(where) for unit in state.places for where in unit]
    for cell, v in enumerate(state.values):
        if v:
            for u in g.cell_units[cell]:
                counts[u * n + v - 1] += 1
    return counts


def forcing_net(state: State) -> "Iterator[Step]":
    """The shortest static forcing chain or net (contradiction, cell or unit verity), else
    the shortest dynamic one; then the other nets of the same pass, shortest first. A static
    net is easier to follow (each fact comes from the one before it alone, as its sentence
    tells) and Sudoku Explainer rates it lower (7-8.4 against 8.5 and up), so it is
    preferred even when longer."""
    for static in (True, False):
        found = False
        for step in nets(state, static):
            found = True
            yield step
        if found:
            return


def nets(state: State, static: bool, kind: "type[Branch] | None" = None) -> "Iterator[Step]":
    """The nets of the first depth (DEPTHS) that has any, shortest first, its branches made
    as `kind` (Branch, else a subclass that follows more: locked_forcing.py); none past
    BUDGET."""
    spent = [0]
    branches: dict[tuple[int, int], Branch] = ordered()
    for limit in DEPTHS:
        found = nets_within(state, limit, spent, branches, static, kind or Branch)
        if found:
            for _, build in sorted(found, key=lambda f: f[0]):  # stable: ties in order
                yield build()
            return
        if spent[0] > BUDGET:
            return


def find_within(state: State, limit: int, spent: list[int],
                branches: dict[tuple[int, int], Branch], static: bool = False) -> Step | None:
    """The best step whose branches all stay within `limit` forced facts; `spent` counts the
    facts forced so far, and past BUDGET the search stops (None). `branches` holds the
    branches of shallower passes, grown here to `limit` rather than followed again."""
    found = nets_within(state, limit, spent, branches, static)
    return min(found, key=lambda f: f[0])[1]() if found else None


def nets_within(state: State, limit: int, spent: list[int],
                branches: dict[tuple[int, int], Branch], static: bool = False,
                kind: "type[Branch] | None" = None) -> "list[tuple[int, Callable[[], Step]]]":
    """(cost, builder of its step) for every net within `limit` (find_within's contract;
    none past BUDGET), in the order found; new branches made as `kind` (Branch if None)."""
    kind = kind or Branch
    found: list[tuple[int, Callable[[], Step]]] = []
    g, counts = state.geometry, places_count(state)
    for cell in state.empty:
        for d in digits_of(state.cands[cell]):
            if spent[0] > BUDGET:
                return []
            branch = branches.get((cell, d))
            if branch is None:
                branch = branches[(cell, d)] = kind(state, (cell, d), limit, counts, static)
            else:
                branch.grow(limit)
            spent[0] += len(branch.facts)
            if branch.broken:
                def broken(b: Branch = branch) -> Step:
                    return forcing_step(state, contradiction(g, b), limit)

                found.append((branch.facts[branch.broken][0], broken))
    for group, how, area in groups(state):
        common = common_fact(state, [branches[s] for s in group])
        if common:
            def verity(f: "Fact" = common[1], gr: list[tuple[int, int]] = group, h: str = how,
                       a: str = area) -> Step:
                return forcing_step(state, Proof([branches[s] for s in gr], f, h, a), limit)

            found.append((common[0], verity))
    return found


def groups(state: State) -> "Iterator[tuple[list[tuple[int, int]], str, str]]":
    """(the starts of one verity test, its wording): each cell's candidates, and each digit's
    places in a unit, when there are two to four of them."""
    g = state.geometry
    for cell in state.empty:
        ds = digits_of(state.cands[cell])
        if 2 <= len(ds) <= 4:
            yield ([(cell, d) for d in ds], "whichever candidate " + g.cell_name(cell) + " holds",
                   "starting from " + g.cell_name(cell))
    for u in range(len(g.units)):
        for d in range(1, g.size + 1):
            where = state.cells_with(u, d)
            if 2 <= len(where) <= 4:
                yield ([(c, d) for c in where], "wherever " + words.digit(g, d) + " goes in "
                       + g.unit_name(u), "for " + words.digit(g, d) + "s in " + g.unit_name(u))


def common_fact(state: State, branches: list[Branch]) -> "tuple[int, Fact] | None":
    """(cost, fact) for the new fact every branch forces with the smallest longest branch."""
    if any(b.broken for b in branches):
        return None
    shared = set(branches[0].facts)
    for b in branches[1:]:
        shared.intersection_update(b.facts)  # (MicroPython: no & with a keys view)
    best: tuple[int, Fact] | None = None
    for fact in shared:
        cell, d, on = fact
        if state.values[cell] or not state.has(cell, d):
            continue
        cost = max(b.facts[fact][0] for b in branches)
        if best is None or (cost, fact) < best:
            best = (cost, fact)
    return best


def telling(g: Geometry, branch: Branch, fact: "Fact", named: "Named | None" = None) -> str:
    """'If r1c1 is 5, then r1c4 is not 5, so r2c5 is 5 (the only place for 5 in box 2), so
    it is not 3': a cell just named is 'it'. A removal a shorter chain proved (nested.py)
    is named as a fact, '(shorter chain 2 shows it)', the chain added to `named` (numbered
    on from those already there: one list for a whole sentence)."""
    named = [] if named is None else named
    trail = branch.trail(fact)
    text = "if " + said(g, trail[0])
    for i, f in enumerate(trail[1:]):
        text += ((", then " if i == 0 else ", so ") + said(g, f, trail[i])
                 + why(g, branch, f, named))
    return text


def why(g: Geometry, branch: Branch, fact: "Fact", named: "Named") -> str:
    """Why a single on a trail holds, in brackets: ' (its last candidate)', ' (the only place
    for 5 in box 2)'; one that needed several removals (a dynamic net) says what went: ' (its
    3 and 9 are gone)', ' (row 2's last place: columns 4 and 6 lost it)'; a removal a
    shorter chain proved, its number among the chains `named` (where it is added, told).
    Nothing for another removal, which the fact before it says."""
    unit = branch.facts[fact][2]
    if unit is None:
        return ""
    if unit == NESTED:
        inner = contradiction(g, branch.inner[fact][0])
        named.append(Shorter(said(g, fact), contradiction_words(g, inner.branches[0]),
                             inner.cells(), inner.links(), fact[:2]))
        return " (shorter chain " + str(len(named)) + " shows it)"
    if unit == LOCKED:
        return " (" + branch.locks[fact][1] + ")"
    gone = branch.parents(fact)
    if unit == LAST:
        if len(gone) == 1:
            return " (its last candidate)"
        return " (its " + words.digits(g, [e for _, e, _ in gone]) + " are gone)"
    if len(gone) == 1:
        return " (the only place for " + words.digit(g, fact[1]) + " in " + g.unit_name(unit) + ")"
    return " (" + g.unit_name(unit) + "'s last place: " \
        + words.cells_in(g, unit, [c for c, _, _ in gone]) + " lost it)"


def said(g: Geometry, fact: "Fact", before: "Fact | None" = None) -> str:
    """'row 1, column 4 is 5' or '... is not 5'; 'it is 5' when `before` is on the same cell."""
    cell, d, on = fact
    name = "it" if before is not None and before[0] == cell else g.cell_name(cell)
    return name + " is " + ("" if on else "not ") + words.digit(g, d)


def links_of(branch: Branch, fact: "Fact | None") -> "tuple[Link, ...]":
    """The branch's trail as links: on to off is weak, off to on is strong."""
    trail = branch.trail(fact)
    return tuple(((a[0],), a[1], (b[0],), b[1], "strong" if b[2] else "weak")
                 for a, b in zip(trail, trail[1:]))


class Proof:
    """A net proving one conclusion: one branch that breaks (a contradiction: its assumption
    is false; `fact` None) or branches that all force `fact` (a verity: it holds, `how` says
    over what), with the step's `area`; told as one sentence, a trail per branch."""

    def __init__(self, branches: list[Branch], fact: "Fact | None" = None, how: str = "",
                 area: str = "") -> None:
        self.branches, self.fact, self.how, self.area = branches, fact, how, area

    def conclusion(self) -> tuple[int, int, bool]:
        """(cell, digit, on): what holds, on, or what is removed, off."""
        start = self.branches[0].start
        return (start[0], start[1], False) if self.fact is None else self.fact

    def ends(self) -> "list[tuple[Branch, Fact | None]]":
        """(branch, where its trail ends: the broken fact, or the verity's fact), per branch."""
        return [(b, b.broken if self.fact is None else self.fact) for b in self.branches]

    def size(self) -> tuple[int, bool]:
        """Sudoku Explainer's size and kind of the net (net_of), over every branch."""
        if self.fact is None:
            return net_of(self.branches[0], broken_ends(self.branches[0]))
        nets = [net_of(b, [self.fact]) for b in self.branches]
        return sum(size for size, _ in nets), any(dyn for _, dyn in nets)

    def told(self) -> int:
        """How many facts the sentence names: every fact of each trail, a single that says
        which removals it needed (why) counting one per removal."""
        return sum(told(b, f) for b, end in self.ends() for f in b.trail(end))

    def cells(self) -> tuple[int, ...]:
        """The cells of every trail, each once, in the order told."""
        return unique(f[0] for b, end in self.ends() for f in b.trail(end))

    def links(self) -> "tuple[Link, ...]":
        """Every trail's links, branch after branch."""
        return tuple(link for b, end in self.ends() for link in links_of(b, end))

    def explanation(self, g: Geometry, named: "Named | None" = None) -> str:
        """The sentence: each trail told, then what the contradiction or verity concludes;
        the shorter chains it names by number go into `named` (telling)."""
        named = [] if named is None else named
        if self.fact is None:
            return contradiction_words(g, self.branches[0], named)
        return (self.how[0].upper() + self.how[1:] + ", " + said(g, self.fact) + ": "
                + "; ".join(telling(g, b, self.fact, named) for b in self.branches) + ".")


def told(branch: Branch, fact: "Fact") -> int:
    """How many facts telling `fact` on its trail names: one, a single's every removal, a
    nested removal one and its shorter chain's (every fact of that trail, told alike)."""
    unit = branch.facts[fact][2]
    if unit == NESTED:
        inner = branch.inner[fact][0]
        return 1 + sum(told(inner, f) for f in inner.trail(broken_fact(inner)))
    return 1 if unit is None else len(branch.parents(fact))


def contradiction(g: Geometry, branch: Branch) -> Proof:
    """The proof that a broken branch's assumption is false."""
    return Proof([branch], area="starting from " + g.cell_name(branch.start[0]))


def contradiction_words(g: Geometry, branch: Branch, named: "Named | None" = None) -> str:
    """'If r5c5 is 3, then ...; then r1c1 would have no candidate left (...). So r5c5 is not
    3.' (`named` as for telling)"""
    cell, d = branch.start
    story = telling(g, branch, broken_fact(branch), named)
    return (story[0].upper() + story[1:] + "; then " + broken_words(g, branch) + ". So "
            + g.cell_name(cell) + " is not " + words.digit(g, d) + ".")


def broken_words(g: Geometry, branch: Branch) -> str:
    """What a broken branch cannot have: 'r1c1 would have no candidate left (...)', '5 would
    have no place in box 2', 'r1c1 would have to be and not be 5'."""
    end = broken_fact(branch)
    unit = branch.why
    if unit == "both":
        return g.cell_name(end[0]) + " would have to be and not be " + words.digit(g, end[1])
    if isinstance(unit, int):
        return words.digit(g, end[1]) + " would have no place in " + g.unit_name(unit)
    return g.cell_name(end[0]) + " would have no candidate left (the others go on the way)"


def shortest(state: State, found: Proof, limit: int) -> Proof:
    """The proof of `found`'s conclusion whose sentence names fewest facts (told): `found`
    or one of its alternatives; a tie keeps `found`."""
    return min([found] + alternatives(state, found, limit), key=Proof.told)


def alternatives(state: State, found: Proof, limit: int) -> list[Proof]:
    """Dynamic proofs of `found`'s conclusion within `limit`: for a static net, the dynamic
    net from the same starts (it holds every fact of the static one at no greater depth, so
    its trails are never longer, though its singles may need more removals); for a removal
    proved by a verity, the contradiction of the removed candidate (one trail, not two to
    four: the search ranks nets by their longest branch, not by what their sentence tells)."""
    g, counts = state.geometry, places_count(state)
    others: list[Proof] = []
    if found.branches[0].static:
        grown = [Branch(state, b.start, limit, counts) for b in found.branches]
        if found.fact is None:
            if grown[0].broken:
                others.append(contradiction(g, grown[0]))
        elif not any(b.broken or found.fact not in b.facts for b in grown):
            others.append(Proof(grown, found.fact, found.how, found.area))
    if found.fact is not None and not found.fact[2]:
        removed = Branch(state, found.fact[:2], limit, counts)
        if removed.broken:
            others.append(contradiction(g, removed))
    return others


def forcing_step(state: State, found: Proof, limit: int) -> Step:
    """The step `found` proves: its net's size and kind as found (what the rating reads),
    its sentence, cells and links from the shortest proof of the same conclusion."""
    net, dynamic = found.size()
    told = shortest(state, found, limit)
    cell, d, on = found.conclusion()
    named: Named = []
    sentence = told.explanation(state.geometry, named)
    return Step(placements=((cell, d),) if on else (), eliminations=() if on else ((cell, d),),
                cells=told.cells(), digits=(d,), area=told.area, links=told.links(),
                net=net, dynamic=dynamic, explanation=sentence, inner=tuple(named))
