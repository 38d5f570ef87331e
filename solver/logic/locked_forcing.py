"""Forcing chains whose branches also follow locked candidates (Sudoku Explainer's forcing
chains with its "+" techniques), after the plain forcing chains, templates too, have failed
and before the nested forcing chain: assume a candidate true and follow the singles it
forces, as a forcing chain does (forcing.Branch); where they stall, a digit that the branch
has left in a unit only in cells some other cell sees every one of (pointing, claiming, or
seen by all: a knight's or king's move, a cage) goes from that cell, and the singles go on.

On a minimal anti-knight puzzle a forcing chain's branch of singles breaks nothing where
one that follows locked candidates does (docs/benchmarks.md, "Variants: where logic
stalls"); the search is forcing.forcing_net's own (its dynamic nets, its depths and budget),
with this module's branch.
"""

from ..model.geometry import Geometry
from . import words
from .forcing import LOCKED, Branch, nets
from .state import State, seeing_every

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from .forcing import Fact
    from .step import Step


class LockedBranch(Branch):
    """A dynamic Branch that, where its singles stall within its depth, also removes what
    locked candidates in the position it reached remove, and follows on.

    Each such removal is a LOCKED fact: `locks[fact]` holds the removals of this branch that
    left the digit so few places in the unit (its parents) and why, in words."""

    def __init__(self, state: State, start: tuple[int, int], limit: int,
                 counts: list[int] | None = None, static: bool = False) -> None:
        # set before Branch.__init__, whose last act, grow(), is this class's
        self.locks = {}
        self.looked = 1  # the queue's facts before this index have had their units looked at
        super().__init__(state, start, limit, counts, False)

    def grow(self, limit: int) -> int:
        """Branch.grow, and each time the singles stall within `limit`, one round of
        locked candidates, until a round finds none or the branch breaks."""
        before = len(self.facts)
        while True:
            Branch.grow(self, limit)
            if self.broken or self.done < len(self.queue) or not self.lock():
                return len(self.facts) - before

    def lock(self) -> bool:
        """One round: for each unit and digit whose places the facts since the last round
        took away, remove the digit from every cell that sees all its places left there;
        whether anything went."""
        g, state, masks = self.state.geometry, self.state, self.masks
        pairs = set()
        for cell, d, on in self.queue[self.looked:]:
            if not on:
                for u in g.cell_units[cell]:
                    pairs.add((u, d))
        self.looked = len(self.queue)
        found = False
        for u, d in sorted(pairs):
            bit = 1 << (d - 1)
            where = [c for c in g.units[u] if masks[c] & bit]
            if len(where) < 2 or any(state.values[c] == d for c in g.units[u]):
                continue
            gone = [c for c in sorted(seeing_every(g, where))
                    if masks[c] & bit and not state.values[c]]
            if not gone:
                continue
            needs = [(c, d, False) for c in state.cells_with(u, d) if c not in where]
            reason = locked_words(g, u, d, where)
            for c in gone:
                if self.broken:
                    return True
                if masks[c] & bit:  # (an earlier removal's singles may have taken it)
                    self.remove((c, d, False), needs, reason)
                    found = True
        return found

    def remove(self, fact: "Fact", needs: "list[Fact]", reason: str) -> None:
        """Record `fact`, a removal locked candidates make, resting on the removals `needs`,
        then follow the singles it leaves (as nested.NestedBranch.remove does)."""
        start = (self.start[0], self.start[1], True)
        parent = max(needs, key=lambda f: self.facts[f][0], default=start)
        self.facts[fact] = (self.facts[parent][0] + 1, parent, LOCKED)
        self.locks[fact] = (needs, reason)
        self.new = [fact]
        self.off(self.state.geometry, fact[0], fact[1], parent)  # add() finds it recorded
        self.queue += self.new


def locked_words(g: Geometry, unit: int, d: int, where: "list[int]") -> str:
    """Why a cell seeing `where` loses `d`: 'locked candidates: in box 2, 5 is left only in
    row 1' when one unit holds them all (pointing or claiming), else '...only in columns 4
    and 6, which it sees'."""
    shared = [v for v in g.cell_units[where[0]]
              if v != unit and all(v in g.cell_units[c] for c in where[1:])]
    said = g.unit_name(shared[0]) if shared else words.cells_in(g, unit, where) + ", which it sees"
    return ("locked candidates: in " + g.unit_name(unit) + ", " + words.digit(g, d)
            + " is left only in " + said)


def locked_forcing(state: State) -> "Iterator[Step]":
    """forcing.forcing_net's dynamic search with branches that follow locked candidates
    (LockedBranch): the shortest net, then the others of the same pass."""
    yield from nets(state, False, LockedBranch)
