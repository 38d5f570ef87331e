"""Nested forcing chains, after every other technique (Sudoku Explainer's nested forcing
chains): assume a candidate true and follow the singles it forces, as a forcing chain does
(forcing.Branch); where they stall, ask shorter forcing chains in the position reached
which of its candidates lead to a contradiction there, remove those and follow on. A branch
that breaks proves its assumption false; a fact every candidate of a cell (or every place
of a digit in a unit) forces holds (forcing.groups, as for forcing chains).

The inner chains are forcing.Branch's own dynamic ones (singles only, no nesting of their
own), so each removal they give is told as a fact, "(shorter chain 2 shows it)", its one
shorter chain's sentence kept beside the step's (Step.inner: the page shows it on demand).
The search is bounded by the facts forced over every outer and inner branch and by their
number (BUDGET): a hint that finds nothing within it says so rather than keep a phone busy.
"""

from ..search.bits import bit_count
from .forcing import (
    DEPTHS,
    LAST,
    NESTED,
    Branch,
    Proof,
    broken_ends,
    common_fact,
    contradiction,
    forcing_step,
    groups,
    net_facts,
    places_count,
)
from .state import State, digits_of, masks_split
from .step import Step

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from .forcing import Fact

ROUNDS = 3  # inner searches a branch may make, one after another as each stalls
BUDGET = 3_000_000  # work of one search: facts forced over all branches, outer and inner,
BRANCH = 50  # and this much more per branch: a branch costs its setup too, which facts
# alone leave uncounted where each forces few (a nearly empty board)
DENSE = 5  # candidates per cell of the board past which a position is too open to nest in
WHOLE = 10**9  # an outer branch's depth: followed to the end (it must stall to nest)
INNER_DEPTH = DEPTHS[-1]  # an inner chain's depth: the longest a forcing chain looks


class NestedBranch(Branch):
    """A dynamic Branch followed to the end; `deepen` adds one round of shorter chains.

    `spent` (shared by one search) counts the facts forced by this branch and its inner
    chains; `rounds`, how many inner searches it has made; `stalled`, that the last found
    nothing (so another would find nothing either)."""

    def __init__(self, state: State, start: tuple[int, int], counts: list[int] | None,
                 spent: list[int]) -> None:
        super().__init__(state, start, WHOLE, counts)
        self.spent, self.rounds, self.stalled = spent, 0, False
        spent[0] += len(self.facts) + BRANCH

    def deepen(self, budget: int) -> bool:
        """One inner search in the position this branch reached: every candidate there whose
        own forcing chain breaks is removed (recorded as a NESTED fact) and the singles that
        follow are followed. False, changing nothing, when the branch is broken, the search
        `budget` is spent, the position holds over DENSE candidates a cell, or no inner chain
        breaks."""
        if self.broken or self.stalled:
            return False
        g = self.state.geometry
        if too_open(self.masks):
            self.stalled = True
            return False
        reached = State.made(g, *masks_split(self.masks), self.state.givens)
        counts = places_count(reached)
        found: list[Branch] = []
        for cell in reached.empty:
            for d in digits_of(reached.cands[cell]):
                if self.spent[0] > budget:
                    return False
                inner = Branch(reached, (cell, d), INNER_DEPTH, counts)
                self.spent[0] += len(inner.facts) + BRANCH
                if inner.broken:
                    found.append(inner)
        self.rounds += 1
        self.stalled = not found
        before = len(self.facts)
        for inner in found:
            if self.broken:
                break
            self.remove(inner)
        self.grow(WHOLE)
        self.spent[0] += len(self.facts) - before
        return bool(found)

    def remove(self, inner: Branch) -> None:
        """Remove the candidate `inner` (a chain in the reached position) broke on, as a
        NESTED fact resting on the facts of this branch that chain needed (uses), then
        follow the singles the removal leaves."""
        cell, d = inner.start
        fact = (cell, d, False)
        if fact in self.facts:  # gone already, by a removal made earlier in this round
            return
        needs = self.uses(inner)
        start = (self.start[0], self.start[1], True)
        parent = max(needs, key=lambda f: self.facts[f][0], default=start)
        self.facts[fact] = (self.facts[parent][0] + 1, parent, NESTED)
        self.inner[fact] = (inner, needs)
        self.new = [fact]
        self.off(self.state.geometry, cell, d, parent)  # its add() finds the fact recorded
        self.queue += self.new

    def uses(self, inner: Branch) -> "list[Fact]":
        """The facts of this branch that the chain `inner` rests on: each single of its net,
        and its contradiction, counted only the candidates the reached position had; the
        others the state had there went in this branch, by the removals returned."""
        ends = broken_ends(inner)
        wanted: set[Fact] = set()
        for fact in net_facts(inner, ends):
            unit = inner.facts[fact][2]
            if unit is not None:
                wanted.update(self.emptied(fact[0], fact[1], unit))
        cell, d, _ = ends[0]
        if inner.why == "cell":
            wanted.update(self.emptied(cell, d, LAST))
        elif isinstance(inner.why, int):
            wanted.update(self.emptied(cell, d, inner.why))
        return sorted(f for f in wanted if f not in inner.facts and f in self.facts)


def nested_forcing(state: State, budget: int = BUDGET) -> "Iterator[Step]":
    """Nested forcing chains: every candidate's NestedBranch; the plain contradictions
    first (round 0, which the "Forcing chain" row before this one has usually found), then
    each branch in turn deepened up to ROUNDS inner searches, its contradiction yielded as
    soon as found, then the verities of the deepened branches (forcing.groups); each
    conclusion once, and nothing more once `budget` is spent. Nothing on a board too
    open to nest in (too_open).

    A branch is deepened all its rounds before the next is begun: a second or third round
    breaks a branch far more often than a first (on forum_hardest, 56 and 94 of 235 against
    5), so a step is found after a few branches, where first rounds all round would cost
    the budget several times over."""
    if too_open(state.as_masks()[0]):
        return
    g, counts, spent = state.geometry, places_count(state), [0]
    branches = {(cell, d): NestedBranch(state, (cell, d), counts, spent)
                for cell in state.empty for d in digits_of(state.cands[cell])}
    concluded: set[Fact] = set()
    for branch in branches.values():
        if branch.broken:
            concluded.add((branch.start[0], branch.start[1], False))
            yield forcing_step(state, contradiction(g, branch), INNER_DEPTH)
    for branch in branches.values():
        while branch.rounds < ROUNDS and branch.deepen(budget):
            pass
        if branch.broken and (branch.start[0], branch.start[1], False) not in concluded:
            concluded.add((branch.start[0], branch.start[1], False))
            yield forcing_step(state, contradiction(g, branch), INNER_DEPTH)
        if spent[0] > budget:
            return
    for group, how, area in groups(state):
        common = common_fact(state, [branches[s] for s in group])
        if common and common[1] not in concluded:
            concluded.add(common[1])
            proof = Proof([branches[s] for s in group], common[1], how, area)
            yield forcing_step(state, proof, INNER_DEPTH)


def too_open(masks: list[int]) -> bool:
    """Does a position hold over DENSE candidates a cell (a placed digit counting one)? An
    inner search costs a branch per candidate, and an open board gives it nothing: the empty
    9x9 board spent the whole budget, 17 s of CPython, the empty 25x25 one 9 s on its outer
    branches alone, to find no step (the hardest positions hold 3 or 4 a cell)."""
    return sum(bit_count(m) for m in masks) > DENSE * len(masks)
