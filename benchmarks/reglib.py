"""HoDoKu's regression library through our technique table: per technique code, how many
lines the line's technique (or a named equivalent) gives exactly (at once, or by steps
that each give part of it), another technique of ours gives exactly, ours find only other
steps, nothing, or a step of ours contradicts the solution (wrong). A fail case (`-x`)
counts as exact when its technique finds nothing. Each technique's steps are looked at
up to tests.reglib.MAX_INSTANCES. The library is read from ../shared/reglib/ (GPL-3 data,
never copied here); tests/test_reglib.py asserts the same per line.

Run from the repository root: python -m benchmarks.reglib [--codes 0601,0607] [--first-only]
(--first-only: each technique's first step only, as hints see them and as the table was
measured before finders listed every instance)
"""

import argparse
import time
from collections import Counter, defaultdict

from tests import reglib
from tests.reglib import REGLIB, cases, table_judgement

COLUMNS = ("same", "in parts", "another", "other steps", "nothing", "wrong")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--codes", default="", help="only these codes (comma-separated)")
    parser.add_argument("--first-only", action="store_true", help="each technique's first step")
    args = parser.parse_args()
    if args.first_only:
        reglib.MAX_INSTANCES = 1
    if not REGLIB.exists():
        raise SystemExit(f"{REGLIB} is missing (HoDoKu's reglib, read from ../shared/reglib/)")
    wanted = {c for c in args.codes.split(",") if c}
    rows: dict[str, Counter] = defaultdict(Counter)
    names: dict[str, str] = {}
    start = time.process_time()
    for case in cases():
        key = case.code + ("-" + case.variant if case.variant else "")
        if wanted and case.code not in wanted and case.base not in wanted:
            continue
        where, verdict = table_judgement(case)
        if where == "same" and verdict.exact == "in parts":
            where = "in parts"
        rows[key][where] += 1
        names[key] = case.names[0] + ("" if case.implemented else " (not implemented)")
    spent = time.process_time() - start
    print(f"{'code':9s} {'technique':44s} {'lines':>5s} "
          + " ".join(f"{c:>11s}" for c in COLUMNS))
    total = Counter()
    for key in sorted(rows):
        row = rows[key]
        total.update(row)
        print(f"{key:9s} {names[key][:44]:44s} {sum(row.values()):5d} "
              + " ".join(f"{row[c]:11d}" for c in COLUMNS))
    lines = sum(total.values())
    exact = total["same"] + total["in parts"]
    print(f"{'all':9s} {'':44s} {lines:5d} " + " ".join(f"{total[c]:11d}" for c in COLUMNS))
    print(f"exact with the same technique (or a named equivalent): {exact} of {lines} "
          f"({100 * exact / max(lines, 1):.1f}%), {total['same']} at once; with another "
          f"technique {total['another']}; wrong {total['wrong']}; {spent:.0f} s CPU")
    weak = [k for k, row in rows.items()
            if (row["same"] + row["in parts"]) < 0.8 * sum(row.values())]
    print("codes under 80% exact:", ", ".join(sorted(weak)) or "none")


if __name__ == "__main__":
    main()
