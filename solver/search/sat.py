"""Conflict-driven clause learning (CDCL) on the candidate cube: the engine's fallback for
the grids its depth-first search gets stuck on (the hardest 25x25 puzzles), where learning
why a branch failed prunes far more than propagation alone.

Every candidate left in an undecided cell of the settled cube is a boolean variable; the
clauses say each cell and each row/column/box digit has at least one (two watched
literals), while "at most one" is implicit: a variable set true makes its cell's other
candidates and its digit in peer cells false (lists made once per grid). Learning is 1UIP
with local minimisation, branching VSIDS (lazy heap) with phase saving, Luby restarts, and
learned clauses kept by LBD. A literal is an int: 2*v is "v true", 2*v+1 "v false".

cdcl is the main loop, propagation written inline in it; per conflict it calls analyse,
learn_and_backjump and restart_or_reduce, and decide when propagation is done.
"""

from heapq import heapify, heappop, heappush

from ..model.geometry import Geometry
from .cube import Cube, cube_of, digits
from .deadline import SearchTimeout, monotonic

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, TypeAlias

    # Why a literal is true: None (a decision), the literal that implied it through imp (an
    # int) or the clause that did (a list). Any: the conflict loop tells an int from a list
    # by `__class__ is int`, which mypy narrows one way only; isinstance costs 4x as much.
    Reason: TypeAlias = Any

RESTART_UNIT = 64  # conflicts per Luby unit between restarts
DECAY = 0.95  # VSIDS activity decay per conflict
REDUCE_BASE, REDUCE_INC = 2000, 300  # learned clauses are halved every 2000 + 300k conflicts


def sat_search(
    geometry: Geometry, x: int, limit: int, exclude: "Sequence[Sequence[int]]",
    deadline: float | None,
) -> list[tuple[int, ...]]:
    """Up to `limit` solutions (digits row by row) of the settled candidate cube `x` other
    than the grids in `exclude`; each found is excluded in turn (a clause forbidding it).
    Raises SearchTimeout once `time.monotonic()` passes `deadline` (None: no deadline)."""
    c = cube_of(geometry)
    variables, imp, clauses = encode(geometry, x)
    var_of = {key: v for v, key in enumerate(variables)}
    clauses += [forbid(var_of, grid) for grid in exclude]
    solutions: list[tuple[int, ...]] = []
    while len(solutions) < limit:
        try:
            model = cdcl(len(variables), imp, clauses, deadline)
        except SearchTimeout:
            raise SearchTimeout(solutions) from None
        if model is None:
            break
        grid = solution_of(c, x, variables, model)
        solutions.append(grid)
        clauses.append(forbid(var_of, grid))
    return solutions


def forbid(var_of: "dict[tuple[int, int], int]", grid: "Sequence[int]") -> list[int]:
    """The clause ruling out exactly `grid`: one of its undecided cells differs."""
    return [2 * var_of[cell, d - 1] + 1 for cell, d in enumerate(grid) if (cell, d - 1) in var_of]


def solution_of(
    c: Cube, x: int, variables: list[tuple[int, int]], model: list[int]
) -> tuple[int, ...]:
    """The grid of cube `x` with the model's true candidate in each undecided cell."""
    for v in model:
        cell, d = variables[v]
        x &= ~(c.spread_digits << cell) | (1 << (d * c.cells + cell))
    return digits(c, x)


def encode(
    geometry: Geometry, x: int
) -> tuple[list[tuple[int, int]], list[list[int]], list[list[int]]]:
    """The problem of cube `x`: (cell, digit index) of each variable, the literals each
    literal makes true (at most one per cell and per unit digit), and the at-least-one
    clauses of the undecided cells and of the unit digits not yet placed."""
    n, cells = geometry.size, geometry.cell_count
    var_of: dict[tuple[int, int], int] = {}
    variables: list[tuple[int, int]] = []
    for cell in range(cells):
        ds = [d for d in range(n) if x >> (d * cells + cell) & 1]
        if len(ds) > 1:
            for d in ds:
                var_of[cell, d] = len(variables)
                variables.append((cell, d))
    implied: list[set[int]] = [set() for _ in range(2 * len(variables))]
    groups = [[var_of[cell, d] for d in range(n) if (cell, d) in var_of] for cell in range(cells)]
    clauses = [[2 * v for v in group] for group in groups if group]
    for unit in geometry.units:
        for d in range(n):
            group = [var_of[cell, d] for cell in unit if (cell, d) in var_of]
            groups.append(group)
            if not any(x >> (d * cells + cell) & 1 and (cell, d) not in var_of for cell in unit):
                clauses.append([2 * v for v in group])  # the digit is not placed in the unit
    for a, b, _ in geometry.sees:  # a variant's pairs kept apart by no unit (anti-knight ...)
        groups += [[var_of[a, d], var_of[b, d]] for d in range(n)
                   if (a, d) in var_of and (b, d) in var_of]
    for group in groups:
        for a in group:
            implied[2 * a].update(2 * b + 1 for b in group if b != a)
    return variables, [sorted(s) for s in implied], clauses


class State:
    """Everything the search keeps between conflicts. The lists the propagation loop reads
    as locals (val, level, reason, watches, trail, trail_lim) are changed in place, never
    replaced, so those locals stay the state's own lists."""

    __slots__ = (
        "nvars", "val", "level", "reason", "phase", "act", "var_inc", "watches", "trail",
        "trail_lim", "seen", "learnts", "lbd_of", "heap", "queued", "conflicts",
        "restart_count", "next_restart", "next_reduce",
    )

    def __init__(self, nvars: int) -> None:
        self.nvars = nvars
        self.val = [0] * (2 * nvars)  # per literal: 1 true, -1 false, 0 unassigned
        self.level = [0] * nvars
        self.reason: list[Reason] = [None] * nvars  # None (decided), a literal (imp) or a clause
        self.phase = [0] * nvars  # the literal's low bit to try: 'candidate true' first
        self.act = [0.0] * nvars
        self.var_inc = 1.0
        self.watches: list[list[list[int]]] = [[] for _ in range(2 * nvars)]
        self.trail: list[int] = []
        self.trail_lim: list[int] = []  # trail position where each decision level starts
        self.seen = [0] * nvars
        self.learnts: list[list[int]] = []
        self.lbd_of: dict[int, int] = {}  # id of a learned clause -> its LBD
        self.heap = [(0.0, v) for v in range(nvars)]
        heapify(self.heap)
        self.queued = [0.0] * nvars  # activity of each variable's live heap entry, -1.0 if none
        self.conflicts = 0
        self.restart_count = 0
        self.next_restart = RESTART_UNIT * luby(0)
        self.next_reduce = REDUCE_BASE


def cdcl(  # noqa: C901 - the propagation loop stays inline: it is the hot loop (see in it)
    nvars: int,
    imp: "Sequence[Sequence[int]]",
    clauses: "Sequence[Sequence[int]]",
    deadline: float | None = None,
) -> list[int] | None:
    """Satisfy `clauses` (lists of literals) plus binary implications: imp[lit] holds the
    literals made true when literal lit is. The true variables of a model, or None when
    unsatisfiable; SearchTimeout once `time.monotonic()` passes `deadline`."""
    s = State(nvars)
    if not attach(s, clauses):
        return None
    val, level, reason, watches = s.val, s.level, s.reason, s.watches
    trail, trail_lim = s.trail, s.trail_lim
    qhead = 0
    while True:
        # Propagation, inline and on locals only: it is nearly all of the time, and in
        # CPython the per-operation overhead is the cost (as in the generated settle); a
        # call or attribute per literal would double it. Per conflict, calls are cheap.
        confl = None
        dl = len(trail_lim)
        while qhead < len(trail):
            p = trail[qhead]
            qhead += 1
            for nl in imp[p]:
                vl = val[nl]
                if vl == 0:
                    val[nl] = 1
                    val[nl ^ 1] = -1
                    u = nl >> 1
                    level[u] = dl
                    reason[u] = p
                    trail.append(nl)
                elif vl < 0:
                    confl = [p ^ 1, nl]
                    break
            if confl is not None:
                break
            fl = p ^ 1
            ws = watches[fl]
            if ws:
                keep: list[list[int]] = []
                watches[fl] = keep
                for i, c in enumerate(ws, 1):
                    first = c[0]
                    if first == fl:
                        first = c[1]
                        c[0] = first
                        c[1] = fl
                    vf = val[first]
                    if vf > 0:
                        keep.append(c)
                        continue
                    for k in range(2, len(c)):
                        lit = c[k]
                        if val[lit] >= 0:
                            c[1] = lit
                            c[k] = fl
                            watches[lit].append(c)
                            break
                    else:
                        keep.append(c)
                        if vf == 0:
                            val[first] = 1
                            val[first ^ 1] = -1
                            u = first >> 1
                            level[u] = dl
                            reason[u] = c
                            trail.append(first)
                        else:
                            keep.extend(ws[i:])
                            confl = c
                            break
                if confl is not None:
                    break

        if confl is None:
            if not decide(s):
                return [v for v in range(nvars) if val[2 * v] == 1]
            continue
        s.conflicts += 1
        if dl == 0:
            return None
        qhead = learn_and_backjump(s, analyse(s, confl))
        if deadline is not None and not s.conflicts & 63 and monotonic() > deadline:
            raise SearchTimeout([])
        qhead = restart_or_reduce(s, qhead)


def attach(s: State, clauses: "Sequence[Sequence[int]]") -> bool:
    """Watch the first two literals of each clause and assign unit clauses at level 0;
    False when a clause is empty or two units contradict."""
    val, trail = s.val, s.trail
    for c in clauses:
        c = list(c)  # the solver reorders a clause's literals in place
        if len(c) == 1:
            lit = c[0]
            if val[lit] == -1:
                return False
            if val[lit] == 0:
                val[lit], val[lit ^ 1] = 1, -1
                trail.append(lit)
            continue
        if not c:
            return False
        s.watches[c[0]].append(c)
        s.watches[c[1]].append(c)
    return True


def analyse(s: State, confl: "Reason") -> list[int]:
    """The clause learned from conflict `confl` (every literal false): 1UIP, asserting
    literal first, locally minimised. Bumps the activity of every variable met."""
    seen, level, reason, act, trail = s.seen, s.level, s.reason, s.act, s.trail
    dl = len(s.trail_lim)
    var_inc = s.var_inc
    learnt = [0]
    path = 0  # literals of the conflict level still to resolve
    idx = len(trail) - 1
    p = -1
    while True:
        if confl.__class__ is int:  # implied through imp by literal confl
            lits = (confl ^ 1,)
        else:  # a clause; after the first, its literal 0 is the one it implied
            lits = confl if p < 0 else confl[1:]
        for q in lits:
            v = q >> 1
            if not seen[v] and level[v] > 0:
                seen[v] = 1
                act[v] += var_inc
                if level[v] >= dl:
                    path += 1
                else:
                    learnt.append(q)
        while not seen[trail[idx] >> 1]:
            idx -= 1
        p = trail[idx]
        idx -= 1
        v = p >> 1
        confl = reason[v]
        seen[v] = 0
        path -= 1
        if path == 0:
            break
    learnt[0] = p ^ 1
    kept = minimise(s, learnt) if len(learnt) > 2 else learnt
    for q in learnt[1:]:
        seen[q >> 1] = 0
    decay_activity(s)
    return kept


def minimise(s: State, learnt: list[int]) -> list[int]:
    """`learnt` without the literals whose reason's other literals are all in it (marked
    seen) or fixed at level 0: local minimisation."""
    seen, level, reason = s.seen, s.level, s.reason
    kept = [learnt[0]]
    for q in learnt[1:]:
        r = reason[q >> 1]
        if r is None:
            kept.append(q)
            continue
        if r.__class__ is int:
            w = r >> 1
            if seen[w] or level[w] == 0:
                continue
            kept.append(q)
            continue
        for lit in r[1:]:
            w = lit >> 1
            if not seen[w] and level[w] > 0:
                kept.append(q)
                break
    return kept


def decay_activity(s: State) -> None:
    """Make later bumps count more (VSIDS decay), rescaling all before floats overflow."""
    if s.var_inc > 1e100:
        s.act = [a * 1e-100 for a in s.act]
        s.var_inc *= 1e-100
        s.heap, s.queued = rebuild_heap(s.act, s.val)
    # bumped variables are all assigned: backtracking pushes them with the new activity
    s.var_inc /= DECAY


def learn_and_backjump(s: State, learnt: list[int]) -> int:
    """Undo the levels above the second-highest of `learnt`, assert its first literal there
    and keep the clause (with its LBD); the trail position to propagate from."""
    val, level, reason, trail_lim = s.val, s.level, s.reason, s.trail_lim
    if len(learnt) == 1:
        bt = 0
    else:  # the backjump level: the highest among the rest, its literal put at learnt[1]
        best = 1
        for k in range(2, len(learnt)):
            if level[learnt[k] >> 1] > level[learnt[best] >> 1]:
                best = k
        learnt[1], learnt[best] = learnt[best], learnt[1]
        bt = level[learnt[1] >> 1]
    stop = trail_lim[bt]
    unassign(s.trail, stop, val, s.phase, s.act, s.queued, s.heap)
    del trail_lim[bt:]
    lit = learnt[0]
    val[lit] = 1
    val[lit ^ 1] = -1
    v = lit >> 1
    level[v] = bt
    s.trail.append(lit)
    if len(learnt) == 1:
        reason[v] = None
    else:
        reason[v] = learnt
        s.watches[learnt[0]].append(learnt)
        s.watches[learnt[1]].append(learnt)
        s.lbd_of[id(learnt)] = len({level[q >> 1] for q in learnt})
        s.learnts.append(learnt)
    return stop


def restart_or_reduce(s: State, qhead: int) -> int:
    """After a conflict: restart on the Luby schedule, halve the learned clauses on theirs,
    and rebuild a decision heap grown stale; the trail position to propagate from."""
    conflicts = s.conflicts
    if conflicts >= s.next_restart and s.trail_lim:
        s.restart_count += 1
        s.next_restart = conflicts + RESTART_UNIT * luby(s.restart_count)
        qhead = s.trail_lim[0]
        unassign(s.trail, qhead, s.val, s.phase, s.act, s.queued, s.heap)
        s.trail_lim.clear()
    if conflicts >= s.next_reduce:
        s.next_reduce = conflicts + REDUCE_BASE + REDUCE_INC * (conflicts // REDUCE_BASE)
        s.learnts, dead = reduce_db(s.learnts, s.lbd_of, s.reason, s.val)
        if dead:
            watches = s.watches
            for k in range(2 * s.nvars):
                ws = watches[k]
                if ws:
                    watches[k] = [c for c in ws if id(c) not in dead]
            for key in dead:
                del s.lbd_of[key]
    if len(s.heap) > 8 * s.nvars:  # mostly entries left behind by later bumps
        s.heap, s.queued = rebuild_heap(s.act, s.val)
    return qhead


def decide(s: State) -> bool:
    """Assign the unassigned variable of highest activity its saved phase, at a new level;
    False when every variable is assigned."""
    v = next_variable(s)
    if v < 0 and 0 in s.val:  # the heap lost some unassigned variables: rebuild it
        s.heap, s.queued = rebuild_heap(s.act, s.val)
        v = next_variable(s)
    if v < 0:
        return False
    s.trail_lim.append(len(s.trail))
    lit = 2 * v + s.phase[v]
    s.val[lit] = 1
    s.val[lit ^ 1] = -1
    s.level[v] = len(s.trail_lim)
    s.reason[v] = None
    s.trail.append(lit)
    return True


def next_variable(s: State) -> int:
    """The unassigned variable of highest activity, taken off the heap; -1 if none is left."""
    heap, queued, val = s.heap, s.queued, s.val
    while heap:
        a, v = heappop(heap)
        if -a == queued[v]:  # the variable's live entry, not one left behind by a bump
            queued[v] = -1.0
            if val[2 * v] == 0:
                return v
    return -1


def unassign(trail: list[int], stop: int, val: list[int], phase: list[int], act: list[float],
             queued: list[float], heap: list[tuple[float, int]]) -> None:
    """Undo the assignments from trail position `stop` on, keeping each variable's last
    phase and putting it back in the decision heap with its current activity."""
    for k in range(len(trail) - 1, stop - 1, -1):
        lit = trail[k]
        v = lit >> 1
        val[lit] = 0
        val[lit ^ 1] = 0
        phase[v] = lit & 1
        if queued[v] != act[v]:
            queued[v] = act[v]
            heappush(heap, (-act[v], v))
    del trail[stop:]


def rebuild_heap(
    act: list[float], val: list[int]
) -> tuple[list[tuple[float, int]], list[float]]:
    """A fresh decision heap of the unassigned variables and its `queued` activities."""
    nvars = len(act)
    queued = [-1.0] * nvars
    heap = []
    for v in range(nvars):
        if val[2 * v] == 0:
            queued[v] = act[v]
            heap.append((-act[v], v))
    heapify(heap)
    return heap, queued


def reduce_db(
    learnts: list[list[int]], lbd_of: dict[int, int], reason: "list[Reason]", val: list[int]
) -> tuple[list[list[int]], set[int]]:
    """Keep the better half of the learned clauses (low LBD, short), every clause with LBD
    two or less and every clause that is the reason of an assigned literal."""
    order = sorted(learnts, key=lambda c: (lbd_of[id(c)], len(c)))
    half = len(order) // 2
    kept = order[:half]
    dead: set[int] = set()
    for c in order[half:]:
        first = c[0]
        if lbd_of[id(c)] <= 2 or (val[first] == 1 and reason[first >> 1] is c):
            kept.append(c)
        else:
            dead.add(id(c))
    return kept, dead


def luby(i: int) -> int:
    """The i-th term (0-based) of the Luby sequence 1 1 2 1 1 2 4 ..."""
    size, seq = 1, 0
    while size < i + 1:
        seq += 1
        size = 2 * size + 1
    while size - 1 != i:
        size = (size - 1) >> 1
        seq -= 1
        i %= size
    return 1 << seq


