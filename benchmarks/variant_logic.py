"""Where the logical solver stalls on minimal variant puzzles (tests/variant_sets.py, made
from seeds), and what a forcing chain lacks there. Per puzzle:

- below: the path with the table's rows before the forcing chain (what a hint tries on the
  page's MicroPython worker): how many digits it places before it stalls ("solved" if it
  does not);
- full: the whole table's path (what Explain shows): solved by logic or not, and how many
  forcing chains, forcing chains with locked candidates (branches that follow pointing,
  claiming and seen by all too) and nested forcing chains it takes (the badge's rating,
  `rate(nested=False)`, explains only those with no nested one), and how many of its
  steps the solution contradicts (0 expected);
- probe, at each of the full path's nested forcing chains and its search step: of the
  position's false candidates (by the solution), how many a branch that follows singles
  alone breaks (what a forcing chain follows, at any depth), and how many one that also
  follows locked candidates (pointing, claiming, seen by all: a knight's or king's move)
  breaks;
- `--plus`: instead, the table without the nested row, and where it stalls every candidate
  whose branch with locked candidates breaks removed at once (the stand-in measured before
  the row "Forcing chain with locked candidates" existed; that row now comes first, so
  this measures what is left past it): whether that finishes the puzzle.

Run from the repository root:
    python -m benchmarks.variant_logic [--rules anti-knight] [--seeds 10] [--probe 3]
        [--plus]
"""

import argparse
import time
from collections import Counter

from solver.logic import SEARCH, State, Step
from solver.logic.locked_forcing import locked_forcing
from solver.logic.solve import first_step, is_broken, path_steps
from solver.logic.techniques import BEFORE_FORCING, BY_NAME, NESTED_TECHNIQUE, TECHNIQUES
from solver.model.puzzle import Puzzle
from tests.variant_sets import SETS, made_puzzle

LOCKED_FORCING = next(t for t in TECHNIQUES if t.finder is locked_forcing).name
SINGLES = tuple(BY_NAME[name] for name in ("Full house", "Naked single", "Hidden single"))
LOCKED = SINGLES + tuple(BY_NAME["Locked candidates (" + kind + ")"]
                         for kind in ("pointing", "claiming", "seen by all"))


def breaks(state: State, cell: int, digit: int, rows: tuple) -> bool:
    """Does assuming `digit` in `cell` and applying `rows`' steps until none applies (to
    any depth) empty a cell or leave a digit no place?"""
    state = state.apply(Step(placements=((cell, digit),)))
    while not is_broken(state) and not state.is_solved():
        step = next((s for s in (row.find(state) for row in rows) if s is not None), None)
        if step is None:
            return False
        state = state.apply(step)
    return is_broken(state)


def probe(state: State, solution: tuple[int, ...]) -> tuple[int, int, int]:
    """(false candidates, broken by singles alone, broken with locked candidates too)."""
    false = [(c, d) for c in state.empty for d in range(1, state.geometry.size + 1)
             if state.cands[c] >> (d - 1) & 1 and solution[c] != d]
    return (len(false), sum(breaks(state, c, d, SINGLES) for c, d in false),
            sum(breaks(state, c, d, LOCKED) for c, d in false))


def plus(puzzle: Puzzle, solution: tuple[int, ...]) -> str:
    """The table less the nested row, broken-branch removals (LOCKED) where it stalls: how
    it ends, how many such removals it took, and whether each was sound."""
    rows = tuple(t for t in TECHNIQUES if t is not NESTED_TECHNIQUE)
    state, stand_ins, sound = State.from_puzzle(puzzle), 0, True
    while not state.is_solved():
        step = first_step(state, True, rows)
        if step is None:
            gone = tuple((c, d) for c in state.empty for d in range(1, state.geometry.size + 1)
                         if state.cands[c] >> (d - 1) & 1 and breaks(state, c, d, LOCKED))
            if not gone:
                break
            sound = sound and all(solution[c] != d for c, d in gone)
            stand_ins += 1
            step = Step(eliminations=gone)
        state = state.apply(step)
    return (("solved" if state.is_solved() else "stalls") + f" after {stand_ins} removal"
            f" steps of branches with locked candidates{'' if sound else ' (UNSOUND)'}")


def below(puzzle: Puzzle) -> str:
    """How many digits the rows before the forcing chain place before they stall."""
    placed = 0
    for step, _ in path_steps(State.from_puzzle(puzzle), True, BEFORE_FORCING):
        if step.technique == SEARCH:
            return f"stalls after {placed} placed"
        placed += len(step.placements)
    return "solved"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="anti-knight", choices=sorted(SETS))
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--probe", type=int, default=3,
                        help="nested forcing chains probed per puzzle (0: none)")
    parser.add_argument("--plus", action="store_true",
                        help="the table less the nested row, with branches that follow "
                             "locked candidates where it stalls")
    args = parser.parse_args()
    explained = badge = 0
    for seed in range(args.seeds):
        puzzle, solution = made_puzzle(SETS[args.rules], seed)
        start = time.process_time()
        if args.plus:
            print(f"seed {seed}: {plus(puzzle, solution)}, "
                  f"{time.process_time() - start:.1f} s CPU", flush=True)
            continue
        used: Counter[str] = Counter()
        probes = []
        wrong = 0  # steps that place a digit the solution lacks or remove one it holds
        state = State.from_puzzle(puzzle)
        for step, after in path_steps(state, True, TECHNIQUES):
            used[step.technique] += 1
            wrong += (any(solution[c] != d for c, d in step.placements)
                      or any(solution[c] == d for c, d in step.eliminations))
            if step.technique in (NESTED_TECHNIQUE.name, SEARCH) and len(probes) < args.probe:
                probes.append(probe(state, solution))
            state = after
        logical = not used[SEARCH]
        explained += logical
        badge += logical and not used[NESTED_TECHNIQUE.name]
        print(f"seed {seed}: {puzzle.filled_count()} givens; below: {below(puzzle)}; full: "
              f"{'logic' if logical else 'SEARCH'}, {used['Forcing chain']} forcing chains, "
              f"{used[LOCKED_FORCING]} with locked candidates, "
              f"{used[NESTED_TECHNIQUE.name]} nested, {wrong} wrong steps, "
              f"{time.process_time() - start:.1f} s CPU",
              flush=True)
        for false, plain, locked in probes:
            print(f"    probe: {false} false candidates, {plain} broken by singles alone, "
                  f"{locked} with locked candidates too")
    if not args.plus:
        print(f"{args.rules}: {explained} of {args.seeds} explained without trial and error,"
              f" {badge} without a nested forcing chain")


if __name__ == "__main__":
    main()
