"""Almost locked sets (ALS): n cells of one unit holding n + 1 candidates between them, so
removing any one digit would lock the rest.

Two ALS that share a digit x whose every place in one sees every place in the other have x
as a restricted common (RCC): x is in at most one of them, so the other is locked.
ALS-XZ: for another shared digit z, one of the two holds z, and z goes from cells seeing
all their z cells. ALS-XY-Wing: a pivot ALS C has RCC x with A and RCC y with B; C holds x
or y (it lacks at most one digit), so A or B is locked, and a digit z of both goes likewise.
"""

import sys

from ..search.bits import bit_count
from . import words
from .compat import combinations, lru_cache, ordered
from .state import State, bits, digits_of, peer_masks, peer_sets
from .step import Step

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence

    from .step import Candidate, Link

    Als = tuple[int, ...]  # an ALS's cells, in order
    # (a, a's mask, b, b's mask, the restricted common digits of a and b)
    RestrictedPair = tuple[Als, int, Als, int, tuple[int, ...]]
    # An ALS as almost_locked_sets gives it: (cells, candidate mask, cells as bits, digit ->
    # the cells (as bits) seeing all its cells with the digit)
    FoundAls = tuple[Als, int, int, dict[int, int]]

MAX_CELLS = 3  # the largest ALS tried: 4 finds a third more ALS-XZ at five times the cost
# The largest ALS when every instance is listed (Technique.more, for find_all): the hint's
# 3 keeps hints fast; HoDoKu's library needs up to 6 (its ALS-XZ lines: 17 of 17 at 6).
LIST_CELLS = 6


@lru_cache(maxsize=4)  # ALS-XZ's pairs and Death Blossom's petals, hint's and listing's
def almost_locked_sets(state: State, largest: int) -> "tuple[FoundAls, ...]":
    """Every ALS of up to `largest` cells, each cell set once, smallest first, then in order
    of cells: (cells in order, candidate mask, cells as bits, digit -> the cells (as bits)
    seeing all its cells with the digit)."""
    g, cands = state.geometry, state.cands
    found: dict[tuple[int, ...], int] = ordered()
    for unit in g.units:
        empty = [c for c in unit if cands[c]]
        for size in range(1, min(largest, len(empty) - 1) + 1):
            for cells in combinations(empty, size):
                mask = mask_of(state, cells)
                if bit_count(mask) == size + 1:
                    found.setdefault(cells, mask)
    seen = peer_masks(g)
    table = []
    for cells, mask in sorted(found.items(), key=lambda a: (len(a[0]), a[0])):
        sees = {}
        for d in digits_of(mask):
            sees[d] = -1
            for c in cells:
                if cands[c] >> (d - 1) & 1:
                    sees[d] &= seen[c]
        table.append((cells, mask, cells_mask(cells), sees))
    return tuple(table)


def where(state: State, cells: "Iterable[int]", d: int) -> list[int]:
    """The cells of an ALS that hold d."""
    return [c for c in cells if state.has(c, d)]


@lru_cache(maxsize=4)  # ALS-XZ and ALS-XY-Wing ask in turn for the same state's pairs
def restricted_pairs(state: State, largest: int,
                     overlap: bool) -> "tuple[RestrictedPair, ...]":
    """(a, ma, b, mb, rccs) for every two disjoint ALS of up to `largest` cells (smallest
    sets first) with a restricted common digit; rccs is the tuple of those digits. With
    `overlap`, ALS sharing cells too (HoDoKu's "with ALS overlap"): a restricted common is
    then never in a shared cell (a cell does not see itself), so it is still in at most one
    of the two."""
    found, places = almost_locked_sets(state, largest), state.digit_masks
    pairs = []
    # Hundreds of ALS make tens of thousands of pairs: this loop is the ALS rows' cost, so
    # it works on bits. x is restricted when b's x cells all see all of a's (sees_a[x]).
    for i, (a, ma, inside_a, sees_a) in enumerate(found):
        for b, mb, inside_b, _ in found[i + 1:]:
            common = ma & mb
            if not common or (inside_a & inside_b and not overlap):
                continue
            rccs = tuple(x for x in digits_of(common)
                         if not inside_b & places[x - 1] & ~sees_a[x])
            if rccs:
                pairs.append((a, ma, b, mb, rccs))
    return tuple(pairs)


def als_xz(state: State, listing: bool = False) -> "Iterator[Step]":
    """Each ALS-XZ that removes something (smallest sets first; ALS of up to MAX_CELLS
    cells, LIST_CELLS when `listing`): two sets linked by two digits (doubly linked,
    HoDoKu's variant 2) first as one step removing all that the double link proves, then
    each of their links alone."""
    # ALS-XZ's sets never share cells (HoDoKu's neither); the arguments are always all
    # given, as the wings' are, so that both rows share one cached entry per state
    for a, ma, b, mb, rccs in restricted_pairs(state, LIST_CELLS if listing else MAX_CELLS,
                                               False):
        if len(rccs) >= 2:
            removed = doubly_linked_removals(state, a, ma, b, mb, rccs)
            if removed:
                yield doubly_linked_step(state, a, b, rccs, removed)
        for x in rccs:
            removed = z_removals(state, a, b, ma & mb & ~(1 << (x - 1)))
            if removed:
                yield xz_step(state, a, b, x, removed)


def z_removals(state: State, a: "Als", b: "Als", zs: int) -> "tuple[Candidate, ...]":
    """Each digit z of `zs` goes from cells outside a and b seeing all z cells of both."""
    sets = peer_sets(state.geometry)
    removed: list[Candidate] = []
    for z in digits_of(zs):
        cells = where(state, a, z) + where(state, b, z)
        seen = set(sets[cells[0]])
        for c in cells[1:]:  # (MicroPython's intersection takes one set at a time)
            seen &= sets[c]
        seen -= set(a) | set(b)
        removed += [(c, z) for c in sorted(seen) if state.has(c, z)]
    return tuple(removed)


def doubly_linked_removals(state: State, a: "Als", ma: int, b: "Als", mb: int,
                           rccs: tuple[int, ...]) -> "tuple[Candidate, ...]":
    """What two ALS linked by the digits `rccs` (two; three cannot be) remove: each link
    digit from cells outside both seeing all its cells in both, and each other digit of a
    set from cells outside both seeing all its cells in that set (each set is locked
    without its link digits: it lacks one of them)."""
    links = 0
    for x in rccs:
        links |= 1 << (x - 1)
    seen, outside = peer_masks(state.geometry), ~(cells_mask(a) | cells_mask(b))
    places = state.digit_masks
    removed = set(z_removals(state, a, b, links))
    for cells, mask in ((a, ma), (b, mb)):
        for z in digits_of(mask & ~links):
            sees = outside
            for c in where(state, cells, z):
                sees &= seen[c]
            removed.update((c, z) for c in bits(sees & places[z - 1]))
    return tuple(sorted(removed, key=lambda r: (r[1], r[0])))


def doubly_linked_step(state: State, a: "Als", b: "Als", rccs: tuple[int, ...],
                       removed: "tuple[Candidate, ...]") -> Step:
    """The doubly linked ALS-XZ step: a and b restricted by two digits at once."""
    g = state.geometry
    x, y = (words.digit(g, d) for d in rccs[:2])
    both = x + " and " + y
    return Step(
        eliminations=removed, cells=tuple(a) + tuple(b),
        digits=digits_of(mask_of(state, a) | mask_of(state, b)),
        area="around " + g.cell_name(a[0]),
        links=tuple(rcc_link(state, a, b, d) for d in rccs[:2]),
        explanation="Group 1 (" + described(state, a, True) + ") and group 2 ("
        + described(state, b, True) + ") cannot both hold " + x + ", nor both " + y
        + " (their cells with each see each other), and each lacks one digit at most (it has"
        " one digit more than cells). If both lacked " + x + ", both would hold " + y
        + ", so one lacks " + x + " and the other " + y + ": each holds every other digit it"
        " has, and " + both + " are each in one group. So " + words.removals(g, removed)
        + " can go.",
    )


def described(state: State, cells: "Sequence[int]", digits_first: bool = False) -> str:
    """'row 1, columns 1 and 2 (1, 2 and 3)': an ALS's cells and its digits, or with
    `digits_first` '1, 2 and 3 in row 1, columns 1 and 2' (for inside brackets)."""
    g = state.geometry
    ds = words.digits(g, digits_of(mask_of(state, cells)))
    return ds + " in " + words.cells(g, cells) if digits_first else \
        words.cells(g, cells) + " (" + ds + ")"


def chain_story(state: State, path: "Sequence[Als]", xs: "Sequence[int]",
                removed: "Sequence[Candidate]") -> str:
    """Why ALS-XZ, ALS-XY-Wing and ALS chains remove z, for a chain of groups linked by xs:
    group 1 lacking z holds its link digit, so the next lacks that and holds its own, and so
    on to the last, which holds z. Each group is named once, where the story reaches it; the
    rule that makes it work comes last, in brackets."""
    g = state.geometry
    zs = sorted({z for _, z in removed})
    z = words.digit(g, zs[0]) + ("" if len(zs) == 1 else " (likewise "
                                 + words.digits(g, zs[1:]) + ")")
    held = [words.digit(g, x) for x in xs] + [z]
    named = ["group " + str(i) + " (" + described(state, s, True) + ")"
             for i, s in enumerate(path, 1)]
    story = "".join(", so " + named[i] + " lacks " + held[i - 1] + " and holds " + held[i]
                    for i in range(1, len(path)))
    # the step's own groups first (what a collapsed hint shows), the general rule after
    return ("If " + named[0] + " lacks " + z + ", it holds " + held[0] + story
            + ". So group 1 or group " + str(len(path)) + " holds " + words.digits(g, zs)
            + ", and " + words.removals(g, removed) + " can go. (Each group has one digit"
            " more than cells, so it lacks at most one, and linked groups cannot both hold"
            " their link digit: its cells in both see each other.)")


def rcc_link(state: State, a: "Als", b: "Als", x: int) -> "Link":
    """The weak link of a restricted common: a's x cells and b's cannot both hold x."""
    return (tuple(where(state, a, x)), x, tuple(where(state, b, x)), x, "weak")


def xz_step(state: State, a: "Als", b: "Als", x: int, removed: "tuple[Candidate, ...]") -> Step:
    """The ALS-XZ step: x restricts a and b, so the removed digits go."""
    g = state.geometry
    common = digits_of(mask_of(state, a) & mask_of(state, b))
    return Step(
        eliminations=removed, cells=tuple(a) + tuple(b), digits=common,
        area="around " + g.cell_name(a[0]), links=(rcc_link(state, a, b, x),),
        explanation=chain_story(state, (a, b), (x,), removed),
    )


def als_xy_wing(state: State, listing: bool = False) -> "Iterator[Step]":
    """Each ALS-XY-Wing that removes something: a pivot ALS restricted by x with one
    ALS and by another digit y with a second, which shares a digit z with the first (ALS
    of up to MAX_CELLS cells; when `listing`, LIST_CELLS, and ALS sharing cells too)."""
    partners = chain_links(state, LIST_CELLS if listing else MAX_CELLS, listing)
    for pivot in sorted(partners, key=lambda c: (len(c), c)):
        for (a, x), (b, y) in combinations(partners[pivot], 2):
            if x == y or (set(a) & set(b) and not listing):
                continue
            zs = mask_of(state, a) & mask_of(state, b) & ~(1 << (x - 1)) & ~(1 << (y - 1))
            removed = z_removals(state, a, b, zs) if zs else ()
            if removed:
                yield xy_wing_step(state, (a, pivot, b), (x, y), removed)


def xy_wing_step(state: State, sets: "tuple[Als, Als, Als]", rccs: tuple[int, int],
                 removed: "tuple[Candidate, ...]") -> Step:
    """The ALS-XY-Wing step: a, the pivot c and b, restricted by x (a, c) and y (c, b)."""
    g = state.geometry
    a, c, b = sets
    zs = sorted({z for _, z in removed})
    return Step(
        eliminations=removed, cells=tuple(a) + tuple(c) + tuple(b), digits=tuple(sorted(
            set(rccs) | set(zs))), area="around " + g.cell_name(c[0]),
        links=(rcc_link(state, a, c, rccs[0]), rcc_link(state, c, b, rccs[1])),
        explanation=chain_story(state, sets, rccs, removed),
    )


def mask_of(state: State, cells: "Iterable[int]") -> int:
    """The candidates of some cells together."""
    mask = 0
    for c in cells:
        mask |= state.cands[c]
    return mask



MAX_CHAIN = 6  # ALS in a chain: 4 to 6 (2 and 3 are ALS-XZ and ALS-XY-Wing)
LIST_CHAIN = 9  # the same when listing: HoDoKu's library has ALS-XY-Chains of up to 9
CHAIN_BUDGET = 100_000  # links followed in one search: past it, a hint gives up
LIST_CHAIN_BUDGET = 1_000_000  # the same when every chain is listed (find_all's `more`)


def als_chain(state: State, listing: bool = False) -> "Iterator[Step]":
    """The ALS chains of 4 to MAX_CHAIN disjoint ALS that remove something, shortest first: each
    neighbouring two restricted by a digit other than the one before, so the first or the
    last ALS holds each digit z they share that is neither end's link digit (ALS of up to
    MAX_CELLS cells and CHAIN_BUDGET links followed; when `listing`, chains of up to
    LIST_CHAIN ALS of up to LIST_CELLS cells, LIST_CHAIN_BUDGET, and ALS sharing cells too,
    each once in a chain)."""
    links = chain_links(state, LIST_CELLS if listing else MAX_CELLS, listing)
    budget = LIST_CHAIN_BUDGET if listing else CHAIN_BUDGET
    # a chain so far: (its ALS, the digits linking them, their cells as bits)
    frontier: list[tuple[tuple[Als, ...], tuple[int, ...], int]] = [
        ((a,), (), cells_mask(a)) for a in sorted(links, key=lambda s: (len(s), s))]
    seen: set[tuple[Als, Als, int]] = set()
    spent = 0
    for length in range(2, (LIST_CHAIN if listing else MAX_CHAIN) + 1):
        grown: list[tuple[tuple[Als, ...], tuple[int, ...], int]] = []
        for path, xs, used in frontier:
            spent += len(links[path[-1]])
            if spent > budget:
                return
            for nxt, x in links[path[-1]]:
                if (xs and x == xs[-1]) or (path[0], nxt, x) in seen or (
                        used & cells_mask(nxt) if not listing else nxt in path):
                    continue
                seen.add((path[0], nxt, x))
                grown.append((path + (nxt,), xs + (x,), used | cells_mask(nxt)))
        frontier = grown
        for path, xs, _ in frontier if length >= 4 else ():
            zs = mask_of(state, path[0]) & mask_of(state, path[-1]) & ~(1 << (xs[0] - 1)) \
                & ~(1 << (xs[-1] - 1))
            removed = z_removals(state, path[0], path[-1], zs) if zs else ()
            if removed:
                yield als_chain_step(state, path, xs, removed)


def chain_links(state: State, largest: int,
                overlap: bool) -> "dict[Als, list[tuple[Als, int]]]":
    """ALS -> [(another ALS, a restricted common digit)], from the cached pairs of ALS of
    up to `largest` cells (sharing cells too, with `overlap`)."""
    links: dict[Als, list[tuple[Als, int]]] = ordered()
    for a, _, b, _, rccs in restricted_pairs(state, largest, overlap):
        for x in rccs:
            links.setdefault(a, []).append((b, x))
            links.setdefault(b, []).append((a, x))
    return links


def cells_mask(cells: "Iterable[int]") -> int:
    """The cells of an ALS as bits, to test overlap in one operation."""
    mask = 0
    for c in cells:
        mask |= 1 << c
    return mask


def als_chain_step(state: State, path: "tuple[Als, ...]", xs: tuple[int, ...],
                   removed: "tuple[Candidate, ...]") -> Step:
    """The ALS chain step: each group lacks at most one digit, so one lacking z holds its
    link digit to the next, which then lacks it and holds its own next link digit, and so
    on to the last, which holds z."""
    g = state.geometry
    zs = sorted({z for _, z in removed})
    return Step(
        eliminations=removed, cells=tuple(c for s in path for c in s),
        digits=tuple(sorted(set(xs) | set(zs))), area="around " + g.cell_name(path[0][0]),
        links=tuple(rcc_link(state, a, b, x) for a, b, x in zip(path, path[1:], xs)),
        explanation=chain_story(state, path, xs, removed),
    )


# Death Blossom: a stem cell and, for each of its candidates d, a petal ALS (the stem not in
# it) whose d cells all see the stem. The stem holds one of its digits, which the matching
# petal then lacks: that petal is locked and holds every other digit it has. So a digit z
# that every petal has (and the stem has not) is in one petal: it goes from cells seeing
# every z cell of the petals. The petals are disjoint; the search stops after
# BLOSSOM_WORK petal choices.
BLOSSOM_WORK = 20_000
PETAL_CELLS = 3  # the largest petal: 4 finds 3 more of HoDoKu's 8 at twice the cost
# When every instance is listed (Technique.more, for find_all): petals of up to 8 cells (a
# unit's 9 cells less the stem's), no work limit (HoDoKu's library: 8 of 8 type 1 lines).
LIST_PETAL_CELLS = 8


def death_blossom(state: State, listing: bool = False) -> "Iterator[Step]":
    """Each Death Blossom that removes something, stems in cell order, smaller petals first;
    then those where the stem has z too (a petal for each other digit; what goes must also
    see the stem, which may hold z). Petals of up to PETAL_CELLS cells and BLOSSOM_WORK
    petal choices; when `listing`, up to LIST_PETAL_CELLS, no limit, and petals sharing
    cells too (HoDoKu's "with ALS overlap": the stem's digit still locks one petal)."""
    petals = petals_by_stem(state, LIST_PETAL_CELLS if listing else PETAL_CELLS)
    places, seen = state.digit_masks, peer_masks(state.geometry)
    work = [sys.maxsize if listing else BLOSSOM_WORK]
    for stem in sorted(petals):
        digits = digits_of(state.cands[stem])
        for z in (0,) + digits:
            needed = tuple(d for d in digits if d != z)
            if all(d in petals[stem] for d in needed):
                # what could go: the digits the stem lacks, or z from cells seeing the stem
                targets = {z: places[z - 1] & seen[stem]} if z else {
                    x: places[x - 1] for x in digits_of(state.geometry.all_digits
                                                        & ~state.cands[stem])}
                yield from blossoms(state, stem, needed, z, petals[stem], targets, work,
                                    listing)
            if work[0] < 0:
                return


def blossoms(state: State, stem: int, needed: tuple[int, ...], z: int,
             petals: "dict[int, list[FoundAls]]", targets: dict[int, int],
             work: list[int], overlap: bool = False) -> "Iterator[Step]":
    """The blossoms of one stem with a petal for each of `needed` (z: the stem's digit with
    none, or 0); `targets`, digit -> the cells (as bits) it could go from; petals sharing
    cells too with `overlap`."""
    chosen: list[Als] = []

    def grow(i: int, used: int, targets: dict[int, int]) -> "Iterator[Step]":
        """Choose petals for needed[i:], disjoint from the cells `used` (unless `overlap`)."""
        if i == len(needed):
            removed = tuple((c, x) for x in sorted(targets) for c in bits(targets[x]))
            yield blossom_step(state, stem, needed, z, list(chosen), removed)
            return
        for cells, mask, inside, sees in petals[needed[i]]:
            work[0] -= 1
            if work[0] < 0:
                return
            if used & inside and not overlap:  # a petal never holds the stem
                continue
            # Each petal narrows every digit's targets to the cells outside it that see all
            # its cells with the digit (a digit it lacks drops out): a petal leaving none
            # can end no blossom that removes something, so the search does not go on.
            narrowed: dict[int, int] = ordered()
            for x, cells_left in targets.items():
                if mask >> (x - 1) & 1:
                    cells_left &= sees[x] & ~inside
                    if cells_left:
                        narrowed[x] = cells_left
            if narrowed:
                chosen.append(cells)
                yield from grow(i + 1, used | inside, narrowed)
                chosen.pop()

    yield from grow(0, 1 << stem, targets)


def petals_by_stem(state: State, largest: int) -> "dict[int, dict[int, list[FoundAls]]]":
    """stem cell -> digit -> the ALS of up to `largest` cells (as almost_locked_sets gives
    them) without the stem whose cells with the digit all see it, smallest first."""
    places = state.digit_masks
    found: dict[int, dict[int, list[FoundAls]]] = ordered()
    for petal in almost_locked_sets(state, largest):
        _, _, inside, sees = petal
        for d, seeing in sees.items():
            for stem in bits(seeing & places[d - 1] & ~inside):
                found.setdefault(stem, {}).setdefault(d, []).append(petal)
    return found


def blossom_step(state: State, stem: int, needed: tuple[int, ...], z: int, chosen: "list[Als]",
                 removed: "tuple[Candidate, ...]") -> Step:
    """The Death Blossom step: whichever digit the stem holds locks its petal."""
    g = state.geometry
    zs = sorted({x for _, x in removed})
    told = words.digits(g, zs)
    petals = "; ".join("group " + str(i) + " (" + described(state, cells, True) + ") if it"
                       " is " + words.digit(g, d)
                       for i, (d, cells) in enumerate(zip(needed, chosen), 1))
    itself = (", or the stem holds " + told + " itself" if z else "")
    return Step(
        eliminations=removed, cells=(stem,) + tuple(c for p in chosen for c in p),
        digits=tuple(sorted(set(needed) | set(zs))), area="around " + g.cell_name(stem),
        links=tuple(((stem,), d, tuple(where(state, p, d)), d, "weak")
                    for d, p in zip(needed, chosen)),
        explanation="The stem " + g.cell_name(stem) + " holds " + " or ".join(
            words.digit(g, d) for d in digits_of(state.cands[stem])) + ", and the digit it"
        " holds is missing from one group (whose cells with it all see the stem): " + petals
        + ". That group then holds every other digit it has, " + told + " among them"
        + itself + ", so " + words.removals(g, removed) + " can go (it sees every " + told
        + " of the groups" + (" and the stem" if z else "") + "). (Each group has one digit"
        " more than cells.)",
    )
