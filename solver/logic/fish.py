"""Fish: a digit in k base units confined to k cover units. Basic fish (X-Wing, Swordfish,
Jellyfish) on rows and columns, finned or not; Franken and Mutant fish with boxes too."""

from ..model.geometry import Geometry
from ..search.bits import bit_count, bit_length
from . import words
from .compat import combinations, dataclass, lru_cache, named, ordered
from .state import State, bits, peer_masks
from .step import Step

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence

    from .state import Finder
    from .step import Candidate

    BaseLine = tuple[int, tuple[int, ...]]  # (unit, the cells in it that have the digit)


def fish(k: int) -> "Finder":
    """The finder of size-k fish, rows as base lines first, then columns."""

    def find(state: State) -> "Iterator[Step]":
        g = state.geometry
        n = g.size
        for d in range(1, n + 1):
            for base_kind, cover_kind in ((0, 1), (1, 0)):
                lines: list[tuple[int, frozenset[int]]] = []
                for u in range(base_kind * n, base_kind * n + n):
                    where = state.cells_with(u, d)
                    if 2 <= len(where) <= k:
                        lines.append((u, frozenset(g.cell_units[c][cover_kind] for c in where)))
                for group in combinations(lines, k):
                    covers: set[int] = set()
                    for _, cs in group:
                        covers |= cs
                    if len(covers) != k:
                        continue
                    bases = [u for u, _ in group]
                    removed = tuple(sorted(
                        (c, d) for v in covers for c in state.cells_with(v, d)
                        if g.cell_units[c][base_kind] not in bases
                    ))
                    if removed:
                        yield fish_step(state, d, bases, sorted(covers), removed)

    return named(find, "fish_" + str(k))


def fish_step(state: State, d: int, bases: list[int], covers: list[int],
              removed: "tuple[Candidate, ...]") -> Step:
    """A basic fish told: its digit fits only in the covers within the base lines."""
    g = state.geometry
    cells = tuple(sorted(c for u in bases for c in state.cells_with(u, d)))
    digit = words.digit(g, d)
    return Step(
        eliminations=removed, cells=cells, units=tuple(bases) + tuple(covers),
        digits=(d,), area="for " + digit + "s in " + words.units(g, bases),
        explanation="In " + words.units(g, bases) + ", " + digit + " fits only in "
        + words.units(g, covers) + ", so " + digit + " is removed from the rest of those "
        + g.unit_names[covers[0]][0] + "s.",
    )


def finned_fish(k: int) -> "Finder":
    """The finder of finned and sashimi fish of size k: a fish but for extra places (fins)
    in one box, which removes the digit only from cover-line cells in that box."""

    def find(state: State) -> "Iterator[Step]":
        g = state.geometry
        n = g.size
        for d in range(1, n + 1):
            for base_kind, cover_kind in ((0, 1), (1, 0)):
                lines = [(u, state.cells_with(u, d)) for u in range(base_kind * n,
                                                                     base_kind * n + n)]
                lines = [(u, w) for u, w in lines if 1 <= len(w) <= k + 2]
                # Cover lines as bits, per line and per line less one box's cells: a box
                # can hold the fins only if the cells outside it lie in k cover lines.
                spans = {u: lines_mask(g, w, cover_kind) for u, w in lines}
                outside = {u: {b: lines_mask(g, [c for c in w if g.cell_units[c][2] != b],
                                             cover_kind) for b in {g.cell_units[c][2] for c in w}}
                           for u, w in lines}
                for group in combinations(lines, k):
                    boxes = fin_boxes(group, spans, outside, k)
                    if boxes:
                        yield from finned_in(state, d, group, cover_kind, boxes)

    return named(find, "finned_fish_" + str(k))


def lines_mask(g: Geometry, cells: "Iterable[int]", kind: int) -> int:
    """The lines of one kind (0 rows, 1 columns) through `cells`, as bits of unit indices."""
    mask = 0
    for c in cells:
        mask |= 1 << g.cell_units[c][kind]
    return mask


def fin_boxes(group: "Sequence[BaseLine]", spans: dict[int, int],
              outside: dict[int, dict[int, int]], k: int) -> list[int]:
    """The boxes that could hold all the fins of a fish on these base lines: those whose
    cells outside lie in at most k cover lines; none when the lines need k or fewer."""
    covered = 0
    for u, _ in group:
        covered |= spans[u]
    if bit_count(covered) <= k:
        return []  # a basic fish, or less
    boxes: set[int] = set()
    for u, _ in group:
        boxes.update(outside[u])
    found = []
    for b in sorted(boxes):
        needed = 0
        for u, _ in group:
            needed |= outside[u].get(b, spans[u])
        if bit_count(needed) <= k:
            found.append(b)
    return found


def finned_in(state: State, d: int, group: "Sequence[BaseLine]", cover_kind: int,
              boxes: list[int] | None = None) -> "Iterator[Step]":
    """The finned fish on these base lines: each choice of k cover lines that leaves fins in
    exactly one box (one of `boxes`, when given) and removes something, the first choice in
    sorted order first (on a tie, the first box's)."""
    g = state.geometry
    k = len(group)
    cells = [c for _, w in group for c in w]
    line_of = {c: g.cell_units[c][cover_kind] for c in cells}
    crossing = sorted(set(line_of.values()))
    span = g.box_cols if cover_kind else g.box_rows  # cover lines through one box
    if not k < len(crossing) <= k + span:
        return  # a basic fish or less; or fins that no one box can hold
    choices = [found for box in boxes or sorted({g.cell_units[c][2] for c in cells})
               for found in fin_box_covers(state, d, cells, line_of, crossing, box, k)]
    choices.sort(key=lambda found: found[0])  # stable: boxes in order on a tie
    for covers, _, removed in choices:
        fins = [c for c in cells if line_of[c] not in covers]
        yield finned_step(state, d, [u for u, _ in group], covers, fins, removed, cells)


def fin_box_covers(
    state: State, d: int, cells: list[int], line_of: dict[int, int], crossing: list[int],
    box: int, k: int,
) -> "Iterator[tuple[tuple[int, ...], int, tuple[Candidate, ...]]]":
    """(covers, box, removed) for each choice of k cover lines that take in every base cell
    outside `box`, leave at least one fin in it and remove something there (cells of the
    covers in the box)."""
    g = state.geometry
    needed = {line_of[c] for c in cells if g.cell_units[c][2] != box}
    if len(needed) > k:
        return
    spare = [v for v in crossing if v not in needed]
    for extra in combinations(spare, k - len(needed)):
        covers = tuple(sorted(needed.union(extra)))
        if all(line_of[c] in covers for c in cells):
            continue  # no fin (a basic fish)
        removed = tuple(sorted(
            (c, d) for v in covers for c in state.cells_with(v, d)
            if g.cell_units[c][2] == box and c not in line_of))
        if removed:
            yield covers, box, removed


def finned_step(state: State, d: int, bases: list[int], covers: tuple[int, ...],
                fins: list[int], removed: "tuple[Candidate, ...]", cells: list[int]) -> Step:
    """A finned (or sashimi) fish told: a fin or the fish holds the digit, so what sees
    every fin in a cover line loses it."""
    g = state.geometry
    digit = words.digit(g, d)
    sashimi = any(sum(g.cell_units[c][0 if bases[0] >= g.size else 1] in covers
                      for c in state.cells_with(u, d)) < 2 for u in bases)
    return Step(
        eliminations=removed, cells=tuple(sorted(cells)), units=tuple(bases) + tuple(covers),
        digits=(d,), area="for " + digit + "s in " + words.units(g, bases),
        explanation="In " + words.units(g, bases) + ", " + digit + " fits only in "
        + words.units(g, covers) + " but for the fin" + ("s " if len(fins) > 1 else " ")
        + words.cells(g, sorted(fins)) + (" (a sashimi fish: a base line has one cover cell"
                                          " or none)" if sashimi else "")
        + ". Either a fin holds " + digit + " or the fish does, and either way "
        + words.removals(g, removed) + " goes (it sees every fin and lies in a cover line).",
    )


# Franken and Mutant fish (with fins or without): base units (rows, columns or boxes) each
# needing the digit in its own cell, every place they have for it in k cover units but for
# the fins. Basic fish (rows on columns) are the finders above; these take boxes too
# (Franken: rows and boxes on columns and boxes, or the other way), or any mix (Mutant).
# Sizes 2 to 6 (X-Wing to whale; HoDoKu's leviathan, 7, is left out: no library line has
# one); at most MAX_FINS fins, of which at most MAX_ENDO_FINS lie in two base units. The
# search grows fast with the size, so one search per state serves every row of the table
# (complex_fish, cached), and stops after FISH_WORK nodes (base and cover choices): what it
# found by then is what the rows offer.
MAX_FINS = 2
MAX_ENDO_FINS = 2
FISH_WORK = 3000
# The budget when every instance is listed (Technique.more, for find_all), for each kind,
# size, family and digit alone (listed_fish): HoDoKu's library positions (early, full grids)
# need far more than a hint's, and a digit with a vast search must not starve the others.
LIST_WORK = 400_000
# Cheapest first: Franken fish on rows and boxes (or columns and boxes) have two cover
# units to try per cell, Mutant fish three. Sizes 5 and 6 come last: a hint's search gets
# to them only with budget left over from the smaller ones, which it rarely has.
SEARCH_ORDER = (("Franken", 2), ("Franken", 3), ("Mutant", 2), ("Franken", 4),
                ("Mutant", 3), ("Mutant", 4), ("Franken", 5), ("Mutant", 5), ("Franken", 6),
                ("Mutant", 6))


@dataclass("digit kind bases covers cells fins removed", frozen=True)
class Fish:
    """One fish of `digit`: its kind ("Franken" or "Mutant"), base and cover units, base
    cells, fins and the candidates it removes (cell, digit)."""

    digit: int
    kind: str
    bases: tuple[int, ...]
    covers: tuple[int, ...]
    cells: tuple[int, ...]
    fins: tuple[int, ...]
    removed: "tuple[Candidate, ...]"


def complex_fish_finder(kind: str, k: int, finned: bool, listing: bool = False) -> "Finder":
    """The finder (a generator of steps) of `kind` fish of size k, with fins or without:
    the fish the search of every kind and size finds in FISH_WORK nodes, or when
    `listing`, listed_fish's."""

    def find(state: State) -> "Iterator[Step]":
        found = listed_fish(state, kind, k) if listing else complex_fish(state, FISH_WORK)
        for f in found:
            if f.kind == kind and len(f.bases) == k and bool(f.fins) == finned:
                yield complex_fish_step(state, f)

    return named(find, kind.lower() + ("_finned_" if finned else "_") + "fish_" + str(k) + (
        "_listed" if listing else ""))


@lru_cache(maxsize=4)  # every Franken and Mutant row asks in turn about the same state
def complex_fish(state: State, work: int) -> tuple[Fish, ...]:
    """Every Franken and Mutant fish a search of `work` nodes finds, the kinds and sizes in
    SEARCH_ORDER, then by family and digit."""
    g, places = state.geometry, state.digit_masks
    budget = work
    found: list[Fish] = []
    for kind, k in SEARCH_ORDER:
        for family in range(len(FAMILIES[kind])):
            for d in range(1, g.size + 1):
                used, fish = digit_fish(g, kind, family, k, d, places[d - 1], budget)
                found.extend(fish)
                budget -= used
                if budget <= 0:
                    return tuple(found)
    return tuple(found)


def listed_fish(state: State, kind: str, k: int) -> "Iterator[Fish]":
    """Every `kind` fish of size k that a search of LIST_WORK nodes for each family and
    digit alone finds, family by family and digit by digit, lazily: a caller that has
    what it wants stops the rest."""
    g, places = state.geometry, state.digit_masks
    for family in range(len(FAMILIES[kind])):
        for d in range(1, g.size + 1):
            yield from digit_fish(g, kind, family, k, d, places[d - 1], LIST_WORK)[1]


# The unit kinds of each family: (base lines, cover lines), each with the boxes.
FAMILIES = {"Franken": ((0, 1), (1, 0)), "Mutant": ((None, None),)}


# One part of the search (a kind, family, size and digit) depends only on where the digit
# can go and on the work left when it starts. On the way to a forcing chain the states come
# one after another with most digits' places unchanged, and the rating replays states the
# path had (rating.se_steps): so each part's run is kept, by those places, with the node at
# which it found each fish. A run cut short by its budget tells what any smaller budget
# finds; one that ended, what any budget does. At most RUNS_KEPT runs, the oldest dropped.
RUNS_KEPT = 2048
if TYPE_CHECKING:
    RunKey = tuple[Geometry, str, int, int, int, int]  # (g, kind, family, size, digit, places)
    # (budget, nodes used, (node that found it, fish) for each fish, in order)
    Run = tuple[int, int, tuple[tuple[int, "Fish"], ...]]
runs: "dict[RunKey, Run]" = ordered()


def digit_fish(g: Geometry, kind: str, family: int, k: int, d: int, places: int,
               budget: int) -> tuple[int, tuple[Fish, ...]]:
    """The fish of digit d (at `places`) of one kind, family and size that a search of
    `budget` nodes finds: (nodes used, fish found)."""
    key = (g, kind, family, k, d, places)
    run = runs.get(key)
    if run is None or (run[1] == run[0] < budget):  # none, or one cut shorter than asked
        if len(runs) >= RUNS_KEPT:
            del runs[next(iter(runs))]
        run = runs[key] = digit_run(g, kind, family, k, d, places, budget)
    return min(run[1], budget), tuple(f for node, f in run[2] if node <= budget)


def digit_run(g: Geometry, kind: str, family: int, k: int, d: int, places: int,
              budget: int) -> "Run":
    """digit_fish's search itself: (budget, nodes used, (node that found it, fish) for each
    fish, in order)."""
    n = g.size
    lines, crossers = FAMILIES[kind][family]
    every = range(3 * n)
    boxes = list(range(2 * n, 3 * n))
    base_units = every if lines is None else list(range(lines * n, lines * n + n)) + boxes
    cover_units = frozenset(every if crossers is None else
                            list(range(crossers * n, crossers * n + n)) + boxes)
    mask = [places & m for m in unit_masks(g)]
    # one place is a hidden single; more than k + MAX_FINS, too many fins
    units = [u for u in sorted(base_units) if 2 <= bit_count(mask[u]) <= k + MAX_FINS]
    left = [budget]
    found: list[tuple[int, Fish]] = []
    search_bases(g, d, k, mask, units, cover_units, peer_masks(g), left, found, kind)
    return budget, budget - left[0], tuple((budget - rest, f) for rest, f in found)


def search_bases(g: Geometry, d: int, k: int, mask: list[int], units: list[int],
                 cover_units: frozenset[int], seen: tuple[int, ...], budget: list[int],
                 found: list[tuple[int, Fish]], kind: str) -> None:
    """Every k base units (in index order) with at most MAX_ENDO_FINS cells in two of them,
    each with its cover search."""

    def grow(start: int, chosen: list[int], cells: int, endo: int) -> None:
        """Add base units from index `start` on to `chosen` (holding `cells`, `endo` the
        cells in two of them), searching covers for each full choice."""
        if budget[0] <= 0:
            return
        budget[0] -= 1
        if len(chosen) == k:
            search_covers(g, d, k, mask, chosen, cells, endo, cover_units, seen, budget,
                          found, kind)
            return
        for i in range(start, len(units)):
            u = units[i]
            both = endo | (cells & mask[u])
            if bit_count(both) > MAX_ENDO_FINS:
                continue
            chosen.append(u)
            reach = reaches(g, cells | mask[u], cover_units.difference(chosen))
            if apart(cells | mask[u], reach, k + MAX_FINS) <= k + MAX_FINS:
                grow(i + 1, chosen, cells | mask[u], both)
            chosen.pop()

    grow(0, [], 0, 0)


def search_covers(g: Geometry, d: int, k: int, mask: list[int], bases: list[int], cells: int,
                  endo: int, cover_units: frozenset[int], seen: tuple[int, ...],
                  budget: list[int], found: list[tuple[int, Fish]], kind: str) -> None:
    """The cover sets of k units (not bases) taking in every base cell but the fins (endo
    fins first): each lowest cell left is a fin or lies in one more cover unit. Each fish
    joins `found` with the budget left when it was found."""
    results: dict[tuple[int, ...], tuple[int, Fish]] = ordered()
    digit_cells = 0
    for m in mask:
        digit_cells |= m
    reach = reaches(g, cells, cover_units.difference(bases))

    def grow(covers: list[int], covered: int, fins: int, view: int) -> None:
        """Cover or fin the lowest base cell left, every way, within the budget; `view`:
        the digit's cells that see every fin so far."""
        if budget[0] <= 0:
            return
        budget[0] -= 1
        left = cells & ~covered & ~fins
        if not left:
            if len(covers) == k:
                fish = complex_fish_of(g, d, mask, bases, covers, cells, endo, seen)
                if fish is not None and fish.kind == kind:
                    results.setdefault(fish.covers, (budget[0], fish))
            return
        if apart(left, reach, k - len(covers) + MAX_FINS - bit_count(fins)) > (
                k - len(covers) + MAX_FINS - bit_count(fins)):
            return  # more cells seeing no other of them than covers and fins left
        if len(covers) == k:  # the rest are fins, if they may be
            if bit_count(fins | left) <= MAX_FINS and fins_see(left, seen) & view:
                grow(covers, covered, fins | left, view)
            return
        low = left & -left
        cell = bit_length(low) - 1
        if len(covers) < k:
            for u in g.cell_units[cell]:
                if u in cover_units and u not in bases and u not in covers:
                    covers.append(u)
                    grow(covers, covered | mask[u], fins, view)
                    covers.pop()
        if bit_count(fins) < MAX_FINS:
            narrower = view & seen[cell]
            if narrower:  # some candidate could still see every fin
                grow(covers, covered, fins | low, narrower)

    grow([], 0, endo, fins_see(endo, seen) & digit_cells)
    found.extend(results[key] for key in sorted(results))


def complex_fish_of(g: Geometry, d: int, mask: list[int], bases: "Sequence[int]",
                    covers: "Sequence[int]", cells: int, endo: int,
                    seen: tuple[int, ...]) -> Fish | None:
    """The fish on these bases and covers if it is Franken or Mutant and removes something:
    cells of the covers outside the bases, and base cells in two covers (not fins), that see
    every fin (base cells in two bases or in no cover). None for a basic fish (the finders
    above) or one that removes nothing."""
    kinds = {g.unit_names[u][0] for u in bases}, {g.unit_names[u][0] for u in covers}
    if kinds in (({"row"}, {"column"}), ({"column"}, {"row"})):
        return None
    covered = twice = 0
    for u in covers:
        twice |= covered & mask[u]
        covered |= mask[u]
    fins = endo | (cells & ~covered)
    targets = (covered & ~cells) | (twice & cells & ~fins)
    if fins:
        targets &= fins_see(fins, seen)
    if not targets:
        return None
    franken = any(kinds[0] <= {line, "box"} and kinds[1] <= {cross, "box"}
                  for line, cross in (("row", "column"), ("column", "row")))
    return Fish(d, "Franken" if franken else "Mutant", tuple(bases), tuple(sorted(covers)),
                bits(cells), bits(fins), tuple((c, d) for c in bits(targets)))


def reaches(g: Geometry, cells: int, allowed: frozenset[int]) -> dict[int, int]:
    """For each of `cells`, the cells (as bits) sharing one of the `allowed` units with it."""
    whole = unit_masks(g)
    found: dict[int, int] = ordered()
    while cells:
        low = cells & -cells
        cell = bit_length(low) - 1
        found[cell] = 0
        for u in g.cell_units[cell]:
            if u in allowed:
                found[cell] |= whole[u]
        cells ^= low
    return found


@lru_cache(maxsize=4)
def unit_masks(g: Geometry) -> tuple[int, ...]:
    """unit_masks(g)[unit]: the unit's cells as bits."""
    return tuple(sum(1 << c for c in unit) for unit in g.units)


def apart(cells: int, reach: dict[int, int], limit: int) -> int:
    """How many of `cells` a greedy pick finds sharing no allowed cover unit with each other
    (`reach`): a lower bound on the covers and fins it takes to hold them all, counted up to
    limit + 1."""
    count = 0
    while cells and count <= limit:
        low = cells & -cells
        cells &= ~reach[bit_length(low) - 1] & ~low
        count += 1
    return count


def fins_see(fins: int, seen: "Sequence[int]") -> int:
    """The cells (as bits) that see every cell of `fins`; all (-1) for none."""
    common = -1
    while fins:
        low = fins & -fins
        common &= seen[bit_length(low) - 1]
        fins ^= low
    return common


def complex_fish_step(state: State, f: Fish) -> Step:
    """A Franken or Mutant fish told: bases, covers, fins, and why the removals follow."""
    g = state.geometry
    digit = words.digit(g, f.digit)
    k = len(f.bases)
    bases, covers = words.units(g, f.bases), words.units(g, f.covers)
    fins = ""
    if f.fins:
        fins = (" but for the fin" + ("s " if len(f.fins) > 1 else " ")
                + words.cells(g, f.fins))
    either = (" unless a fin holds " + digit if f.fins else "")
    count = ("two", "three", "four", "five", "six")[k - 2]  # fish of 2 to 6 units
    return Step(
        eliminations=f.removed, cells=f.cells, units=f.bases + f.covers, digits=(f.digit,),
        area="for " + digit + "s in " + bases,
        explanation="In " + bases + ", each needing a " + digit + " of its own, every place"
        " for it lies in " + covers + fins + ". Those " + count + " units can hold only "
        + count + " " + digit + "s, and" + either + " the " + count + " of " + bases
        + " fill them: " + words.removals(g, f.removed) + " goes (it lies in " + covers
        + (" and sees every fin" if f.fins else "") + ").",
    )
