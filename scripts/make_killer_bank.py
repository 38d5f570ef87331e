"""Make the bank of Hard Killers the generator draws from (solver/data/killer_hard.txt).

A Hard Killer takes ~40 s of CPython to make (a Killer's cages' logic finishes nearly every
one made, so few need Hard): too slow for a phone, cheap to make ahead. Seeds 0, 1, 2 ...
in turn, each a Killer made as `generate` starts one for Hard (cages cut at random, givens
taken while the logic finishes it within Hard), its cages merged toward Hard
(generator.merged_cages); kept only when `rate` says exactly Hard and the search engine
counts one solution (a proof independent of the logic that finished it). Stops at --count
kept. Reproducible: the same --count writes the same file, with any --jobs.

Run from the repository root:
    nice -n 19 .venv/bin/python -m scripts.make_killer_bank [--count 21] [--jobs 2]
"""

import argparse
import multiprocessing
import random
import sys
import time
from collections import Counter
from pathlib import Path

from solver.generator import (
    BANK_LEVEL,
    KILLER_BANK,
    keeper,
    merged_cages,
    remove_clues,
    starting_grid,
)
from solver.model.geometry import KILLER, geometry
from solver.model.puzzle import Puzzle
from solver.rating import rate
from solver.search.engine import count


def banked(seed: int) -> tuple[str, str, float]:
    """Seed `seed`'s outcome ("kept", or why not), its Hard Killer's text when kept ('' if
    not) and the CPU seconds it took."""
    start = time.process_time()
    rng = random.Random(seed)
    g, solution = starting_grid(geometry(9), (KILLER,), rng)
    cells = remove_clues(g, solution, rng, True, keeper(g, BANK_LEVEL))
    merged = merged_cages(g, solution, cells, rng, BANK_LEVEL)
    if merged is None:
        return "no merge left short of " + BANK_LEVEL, "", time.process_time() - start
    puzzle = Puzzle.made(merged, cells)
    level = rate(puzzle, se=False).level
    if level != BANK_LEVEL:
        return "rated " + level, "", time.process_time() - start
    if count(merged, cells, 2) != 1:
        return "not unique by the engine", "", time.process_time() - start
    return "kept", puzzle.to_text(), time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=21,
                        help="Killers to keep (the shipped bank: 21)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes (the seeds and the file are the same for any number)")
    parser.add_argument("--out", type=Path, default=Path(KILLER_BANK), help="the file written")
    args = parser.parse_args()
    kept: list[str] = []
    outcomes: Counter[str] = Counter()
    cpu, seed = 0.0, 0
    with multiprocessing.Pool(args.jobs) as pool:
        while len(kept) < args.count:
            # a batch of seeds at a time, read in seed order up to the last one kept: the
            # file and the figures are the same whatever the number of processes
            batch = range(seed, seed + 4 * args.jobs)
            for seed, (outcome, text, seconds) in zip(batch, pool.map(banked, batch),
                                                      strict=True):
                if len(kept) == args.count:
                    break
                outcomes[outcome] += 1
                cpu += seconds
                if text:
                    kept.append(text)
                    print(f"seed {seed}: kept {len(kept)} of {args.count}, {cpu:.0f} s CPU",
                          file=sys.stderr, flush=True)
            else:
                seed += 1
    args.out.write_text("\n\n".join(kept) + "\n")
    print(f"{len(kept)} Hard Killers from seeds 0-{seed - 1}, {cpu:.0f} s CPU "
          f"({cpu / len(kept):.1f} s a Killer): {dict(outcomes)}; {args.out}", flush=True)


if __name__ == "__main__":
    main()
