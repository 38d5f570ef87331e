"""The command line: `python -m solver COMMAND [PUZZLE | FILE | -]` (also `sudoku-coach`).

Each command reads one puzzle or a collection, in every form `read_puzzles` reads: a puzzle
given as the argument, a file named by it, or standard input (`-`, or no argument). Output
is one result per puzzle, `--format line` (default), `board` or `json` (one JSON object a
line). `generate --rules` makes a variant. A variant's puzzle is printed in its `rules:`
text form (several lines: Puzzle.to_text, which `read` takes back), in every command's
`json` (and `rules`, their names) and in `rate`'s and `generate`'s line and board formats.

Exit status: 0 done; 1 a puzzle has no solution (for `rate`, not exactly one; for
`generate`, no puzzle of the level asked for); 2 bad input or usage, with a message on stderr
naming the problem and its place (file, line).
"""

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TextIO

from . import __version__
from .api import SearchTimeout, analyse, count_solutions
from .generator import Generated, generate
from .logic import Step, next_step, solve_path
from .model.errors import PuzzleError
from .model.files import Entry, line_entry, read_puzzles
from .model.geometry import RULE_NAMES, rule_set
from .model.puzzle import GRID_LABEL, Puzzle, parse, plain, rules_text
from .rating import LEVELS, rate

PROG = "python -m solver"
ARGUMENT = "the argument"  # the place named for a puzzle given on the command line
OK, NO_SOLUTION, BAD_INPUT = 0, 1, 2
FORMATS = ("line", "board", "json")


class Failure(Exception):
    """A puzzle the command cannot answer: `status` is the exit status it calls for."""

    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.message, self.status = message, status


# -- reading ------------------------------------------------------------------------------


def source_text(source: str | None, stdin: TextIO) -> tuple[str, str]:
    """(text, name) of the argument: standard input for None or '-', the file it names, or
    the argument itself as a puzzle."""
    if source in (None, "-"):
        if stdin.isatty():  # a user who typed only the command would wait on nothing said
            sys.stderr.write("reading puzzles from standard input (end with Ctrl-D)\n")
        return stdin.read(), "<stdin>"
    path = Path(source)
    if path.is_file():
        try:
            return path.read_text(encoding="utf-8-sig"), source
        except (OSError, UnicodeDecodeError) as error:
            raise Failure(f"{source}: cannot read the file: {error}", BAD_INPUT) from error
    return source, ARGUMENT


def entries_of(text: str, name: str) -> list[tuple[str, Entry]]:
    """(place, entry) for every puzzle of the text; place is `name:line` for a collection
    (the line the puzzle is on), `name` for a single grid."""
    try:
        entries = read_puzzles(text)
    except PuzzleError as error:
        if name == ARGUMENT and "\n" not in text:
            raise Failure(f"{text!r} is neither a file nor a puzzle: {error.message}",
                          BAD_INPUT) from error
        raise Failure(f"{name}: {error.message}", BAD_INPUT) from error
    lines = entry_lines(text)
    if len(entries) > 1 and len(lines) == len(entries):
        return [(f"{name}:{line}", entry) for line, entry in zip(lines, entries, strict=True)]
    if len(entries) == 1:
        return [(name, entries[0])]
    return [(f"{name}: puzzle {k}", entry) for k, entry in enumerate(entries, 1)]


def entry_lines(text: str) -> list[int]:
    """The 1-based numbers of the lines that hold a whole puzzle, as read_puzzles reads a
    collection (so a message can name the line)."""
    lines = text.replace("\ufeff", "").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return [number for number, line in enumerate(lines, 1)
            if line.strip() and line_entry(plain(line).strip()) is not None]


def checked(entry: Entry) -> Puzzle:
    """The entry's puzzle, its givens checked against the rules (PuzzleError if broken)."""
    return parse(entry.puzzle)


# -- the commands: each takes a puzzle and returns (text for line/board, dict for json) ----

Reply = tuple[str, str, dict[str, object]]


def puzzle_data(puzzle: Puzzle) -> dict[str, object]:
    """A puzzle's part of a JSON answer: `puzzle`, its text as `read` takes it back, rules and
    all (Puzzle.to_text: a classic grid's one line), and for a variant `rules`, their names."""
    data: dict[str, object] = {"puzzle": puzzle.to_text()}
    rules = puzzle.geometry.rules
    if rules is not None:
        data["rules"] = list(rules.names)
    return data


def puzzle_board(puzzle: Puzzle) -> str:
    """A puzzle's board (`--format board`), a variant's rules before it as the text form
    writes them (rules_text, then `grid:`), so that read_puzzles reads it back."""
    rules = puzzle.geometry.rules
    board = puzzle.to_board()
    return board if rules is None else f"{rules_text(rules)}\n{GRID_LABEL}\n{board}"


def noted(puzzle: Puzzle, note: str) -> str:
    """A puzzle and a note on it (a rating) as one `--format line` answer: a classic grid's
    line, the note after it; a variant's text (several lines, its rules and all), the note
    on a `#` line after it, which read_puzzles skips."""
    if puzzle.geometry.rules is None:
        return f"{puzzle.to_string()} {note}".rstrip()
    return puzzle.to_text() + (f"\n# {note}" if note else "") + "\n"


def solve_one(puzzle: Puzzle, args: argparse.Namespace) -> Reply:
    """The solution (one of them when there are several: `unique` says)."""
    solution, unique = solved(puzzle, args.timeout)
    return (solution.to_string(), solution.to_board(),
            {**puzzle_data(puzzle), "solution": solution.to_string(), "unique": unique})


def count_one(puzzle: Puzzle, args: argparse.Namespace) -> Reply:
    """How many solutions, up to --limit (`N+` when the limit was reached)."""
    try:
        count = count_solutions(puzzle, args.limit, args.timeout)
    except SearchTimeout as error:
        raise Failure(f"gave up after {args.timeout} s", NO_SOLUTION) from error
    text = f"{count}+" if count == args.limit else str(count)  # + : the limit was reached
    if count == 0:
        raise Failure("no solution", NO_SOLUTION)
    return text, text, {**puzzle_data(puzzle), "count": count,
                        "at_least": count == args.limit}


def hint_one(puzzle: Puzzle, args: argparse.Namespace) -> Reply:
    """The next step's nudge, or with --reveal its whole sentence."""
    _, unique = solved(puzzle, None)
    if puzzle.filled_count() == len(puzzle.cells):
        return "already solved", "already solved", {**puzzle_data(puzzle), "step": None}
    step = next_step(puzzle, unique=unique)
    if step is None:
        text = "no technique this solver knows applies; the rest needs trial and error"
        return text, text, {**puzzle_data(puzzle), "step": None}
    text = told(step) if args.reveal else step.nudge()
    return text, text, {**puzzle_data(puzzle), "step": step.to_dict()}


def told(step: Step) -> str:
    """A step's sentence, then each shorter chain it names by number (a nested forcing
    chain's Step.inner), a line each, so the text alone says everything."""
    return "\n".join([step.explanation, *(f"   shorter chain {k}: {chain.proof}"
                                          for k, chain in enumerate(step.inner, 1))])


def explain_one(puzzle: Puzzle, args: argparse.Namespace) -> Reply:
    """Every step of the logical solve, numbered, one a line."""
    _, unique = solved(puzzle, None)
    path = solve_path(puzzle, unique=unique)
    lines = [f"{k}. {step.technique}: {told(step)}" for k, step in enumerate(path.steps, 1)]
    return ("\n".join(lines), "\n".join([puzzle_board(puzzle), "", *lines, "",
                                         path.solution.to_board()]),
            {**puzzle_data(puzzle), "solution": path.solution.to_string(),
             "logical": path.logical, "steps": [step.to_dict() for step in path.steps]})


def rate_one(puzzle: Puzzle, args: argparse.Namespace) -> Reply:
    """The puzzle, its SE estimate, level and score (a unique solution is required)."""
    _, unique = solved(puzzle, None)
    if not unique:
        raise Failure("more than one solution: a rating assumes exactly one", NO_SOLUTION)
    rating = rate(puzzle)
    line = noted(puzzle, f"{rating.se:.1f} {rating.level} {rating.score}")
    board = (f"{puzzle_board(puzzle)}\nSE {rating.se:.1f} ({rating.se_hardest}), "
             f"{rating.level} (hardest: {rating.hardest}), score {rating.score}")
    return line, board, {**puzzle_data(puzzle), "se": rating.se,
                         "se_hardest": rating.se_hardest, "level": rating.level,
                         "score": rating.score, "hardest": rating.hardest,
                         "steps": rating.steps}


def solved(puzzle: Puzzle, timeout: float | None) -> tuple[Puzzle, bool]:
    """A solution of the puzzle and whether it is the only one; Failure when it has none or
    the search gave up."""
    try:
        found = analyse(puzzle, timeout)
    except SearchTimeout as error:
        raise Failure(f"gave up after {timeout} s", NO_SOLUTION) from error
    if found.solution is None:
        raise Failure("no solution", NO_SOLUTION)
    return found.solution, found.unique


COMMANDS: dict[str, Callable[[Puzzle, argparse.Namespace], Reply]] = {
    "solve": solve_one, "count": count_one, "hint": hint_one, "explain": explain_one,
    "rate": rate_one,
}


# -- running over a collection ---------------------------------------------------------------


Task = tuple[str, Entry, argparse.Namespace]  # (its place in the input, the puzzle, args)


def answer(task: Task) -> tuple[str, str, int]:
    """(place, output in the asked format or the error message, exit status) for one puzzle; a
    top-level function so that a process pool can run it."""
    place, entry, args = task
    try:
        puzzle = checked(entry)
        line, board, data = COMMANDS[args.command](puzzle, args)
    except PuzzleError as error:
        return place, f"{place}: {error.message}", BAD_INPUT
    except Failure as failure:
        return place, f"{place}: {failure.message}", failure.status
    if entry.label:
        data["label"] = entry.label
    return place, {"line": line, "board": board, "json": json.dumps(data)}[args.format], OK


def answers(tasks: list[Task], jobs: int) -> Iterator[tuple[str, str, int]]:
    """answer() for every task, in order, on `jobs` processes (1: in this one)."""
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(answer, tasks)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(answer, tasks, chunksize=1)


class Progress:
    """`rated 12/95 (3.4/s)` on stderr: redrawn in place on a terminal, else a line about
    every 5 seconds; and a last line with the total."""

    def __init__(self, total: int, jobs: int, err: TextIO, verb: str):
        self.total, self.jobs, self.err, self.verb = total, jobs, err, verb
        self.start = self.shown = time.monotonic()
        self.tty = err.isatty()

    def step(self, done: int) -> None:
        """Show the count after `done` puzzles (on a terminal always, else every 5 s)."""
        now = time.monotonic()
        if self.tty or now - self.shown >= 5:
            self.shown = now
            end = "\r" if self.tty else "\n"
            self.err.write(f"{self.verb} {done}/{self.total} ({self.rate(done, now):.1f}/s){end}")
            self.err.flush()

    def done(self, done: int) -> None:
        """The last line: how many, how long, how fast, on how many processes."""
        now = time.monotonic()
        self.err.write(f"{self.verb} {done} puzzles in {now - self.start:.1f} s "
                       f"({self.rate(done, now):.2f}/s) on {self.jobs} "
                       f"process{'es' if self.jobs > 1 else ''}\n")

    def rate(self, done: int, now: float) -> float:
        """Puzzles a second so far."""
        return done / max(now - self.start, 1e-9)


def run_puzzles(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """A puzzle command over every puzzle of the input; the worst exit status met."""
    text, name = source_text(args.source, stdin)
    tasks = [(place, entry, args) for place, entry in entries_of(text, name)]
    jobs = getattr(args, "jobs", 1)
    progress = Progress(len(tasks), jobs, err, "rated") if args.command == "rate" \
        and len(tasks) > 1 else None
    status = OK
    for done, (_, output, code) in enumerate(answers(tasks, jobs), 1):
        if code == OK:
            out.write(output + "\n")
            out.flush()
        else:
            err.write(f"{PROG}: {output}\n")
            status = max(status, code)
        if progress:
            progress.step(done)
    if progress:
        progress.done(len(tasks))
    return status


def run_generate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """`generate`: --number puzzles, seeds counted up from --seed, under --rules."""
    status = OK
    for k in range(args.number):
        seed = None if args.seed is None else args.seed + k
        made = generate(args.size, args.difficulty, not args.asymmetric, seed,
                        logical_only=args.logical_only, rules=args.rules)
        out.write(made_text(made, seed, args.format) + "\n")
        if not made.matched:
            level = made.rating.level if made.rating else "?"
            err.write(f"{PROG}: generate: no {args.difficulty or 'logical'} puzzle in "
                      f"{made.attempts} attempts; printed the closest ({level})\n")
            status = NO_SOLUTION
    return status


def made_text(made: Generated, seed: int | None, form: str) -> str:
    """A generated puzzle in the format asked for, its rating after it (if rated). A
    variant's takes several lines, its rules and all (Puzzle.to_text), so that `solve`
    and read_puzzles read it back; its rating follows as a `#` note line they skip."""
    puzzle, rating = made.puzzle, made.rating
    rated = "" if rating is None else f"{rating.se:.1f} {rating.level} {rating.score}"
    if form == "json":
        data = {**puzzle_data(puzzle), "solution": made.solution.to_string(),
                "seed": seed, "matched": made.matched, "attempts": made.attempts}
        if rating:
            data.update(level=rating.level, se=rating.se, score=rating.score)
        return json.dumps(data)
    if form == "board":
        return puzzle_board(puzzle) + "\n"
    return noted(puzzle, rated)


# -- arguments -------------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    """The command line's arguments, one subcommand per command."""
    main = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    main.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = main.add_subparsers(dest="command", required=True, metavar="COMMAND")
    helps = {"solve": "print the solution", "count": "count the solutions (up to --limit)",
             "hint": "the next step, as a nudge (technique and where to look)",
             "explain": "every step of the logical solve, in words",
             "rate": "difficulty: SE estimate, level, score"}
    for name, text in helps.items():
        sub = commands.add_parser(name, help=text, description=text)
        sub.add_argument("source", nargs="?", metavar="PUZZLE|FILE|-",
                         help="a puzzle, a file of puzzles, or - for standard input (default)")
        output_format(sub)
        if name in ("solve", "count"):
            sub.add_argument("--timeout", type=seconds, help="give up after SECONDS")
        if name == "count":
            sub.add_argument("--limit", type=positive, default=2, help="count at most N (2)")
        if name == "hint":
            sub.add_argument("--reveal", action="store_true",
                             help="the whole step (what it places or removes), not a nudge")
        if name == "rate":
            sub.add_argument("--jobs", "-j", type=positive, default=1,
                             help="processes to rate a collection on (1)")
    sub = commands.add_parser("generate", help="make new puzzles with one solution",
                              description="make new puzzles with one solution")
    sub.add_argument("--size", type=int, default=9, help="4, 6, 8, 9, 12, 16 or 25 (9)")
    sub.add_argument("--difficulty", choices=LEVELS, help="a level (any when not given)")
    sub.add_argument("--rules", type=rule_names, default=(), metavar="RULE[,RULE]",
                     help="a variant's rules, commas between: " + ", ".join(RULE_NAMES)
                     + " (classic when not given)")
    sub.add_argument("--seed", type=int, help="the same seed gives the same puzzles")
    sub.add_argument("--number", "-n", type=positive, default=1, help="puzzles to make (1)")
    sub.add_argument("--asymmetric", action="store_true", help="clues in no symmetry")
    sub.add_argument("--logical-only", action="store_true",
                     help="only puzzles solved without trial and error")
    output_format(sub)
    return main


def output_format(sub: argparse.ArgumentParser) -> None:
    """The --format option every command takes."""
    sub.add_argument("--format", "-f", choices=FORMATS, default="line",
                     help="line (default), board or json (one object a line)")


def positive(text: str) -> int:
    """An argument that is a whole number, 1 or more."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, got {text}")
    return value


def rule_names(text: str) -> list[str]:
    """An argument naming rules, commas between, as the library reads them (Rules.named's
    names and aliases); the library's message, naming the rules supported, for any other."""
    names = [name for name in text.split(",") if name.strip()]
    try:
        rule_set(names)
    except PuzzleError as error:
        raise argparse.ArgumentTypeError(error.message) from error
    return names


def seconds(text: str) -> float:
    """An argument that is seconds, 0 or more."""
    value = float(text)
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"expected seconds (0 or more), got {text}")
    return value


def main(argv: Iterable[str] | None = None, out: TextIO | None = None,
         err: TextIO | None = None, stdin: TextIO | None = None) -> int:
    """Run the command line `argv` (default: sys.argv[1:]); returns the exit status."""
    out, err, stdin = out or sys.stdout, err or sys.stderr, stdin or sys.stdin
    args = parser().parse_args(None if argv is None else list(argv))  # exits 2 on bad usage
    try:
        if args.command == "generate":
            return run_generate(args, out, err)
        return run_puzzles(args, out, err, stdin)
    except Failure as failure:
        err.write(f"{PROG}: {failure.message}\n")
        return failure.status
    except PuzzleError as error:  # generate: an unknown size
        err.write(f"{PROG}: {error.message}\n")
        return BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `... | head`: the reader has gone, which is not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no flush error at exit
        return OK


def entry_point() -> None:
    """The console script."""
    sys.exit(main())
