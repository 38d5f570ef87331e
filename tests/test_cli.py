"""The command line as a shell user runs it: `python -m solver ...` in a subprocess, on a puzzle
given as the argument, a file or standard input, in each form read_puzzles reads; the answers
are the library's own, and the exit status and messages are what a shell expects."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from solver import count_solutions, read, read_puzzles
from solver.generator import generate
from solver.logic import next_step, solve_path
from solver.rating import rate
from tests.checks import EASY, NO_SOLUTION, easy_solution, load_lines, solution_problems

ROOT = Path(__file__).resolve().parents[1]
HARD = load_lines("top95.txt")[:4]  # four puzzles of the shared set, rated in ~2 s


def cli(*args: str, stdin: str | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "solver", *args], input=stdin, cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def rating_line(text: str) -> str:
    rating = rate(read(text))
    return f"{read(text).to_string()} {rating.se:.1f} {rating.level} {rating.score}"


def test_version_and_help():
    import solver

    assert cli("--version").stdout == f"python -m solver {solver.__version__}\n"
    helped = cli("--help")
    assert helped.returncode == 0
    for command in ("solve", "count", "hint", "explain", "rate", "generate"):
        assert command in helped.stdout
    bare = cli()
    assert bare.returncode == 2 and "COMMAND" in bare.stderr


def test_solve_prints_the_solution_of_a_puzzle_given_as_the_argument():
    done = cli("solve", EASY)
    assert done.returncode == 0, done.stderr
    assert done.stdout == easy_solution().to_string() + "\n"
    assert done.stderr == ""


@pytest.mark.parametrize("form", ["sdk", "grid", "ss", "hodoku", "labelled lines"])
def test_every_form_read_puzzles_reads_comes_in_as_a_file_or_standard_input(form, tmp_path):
    puzzle = read(EASY)
    board = puzzle.to_board()
    text = {
        "sdk": "#D a newspaper's puzzle\n" + "\n".join(puzzle.to_string()[r * 9:r * 9 + 9]
                                                       for r in range(9)),
        "grid": board,
        "ss": "\n".join(line.replace(" ", "").replace("-", "-") for line in board.split("\n")),
        "hodoku": f":0000:x:{puzzle.to_string()}:::\n:0000:x:{read(HARD[0]).to_string()}:::",
        "labelled lines": f"{EASY} easy one\n# a comment line\n{HARD[0]} top95 #1\n",
    }[form]
    assert read_puzzles(text)[0].puzzle == puzzle  # the form is one read_puzzles reads
    file = tmp_path / "puzzles.txt"
    file.write_text(text)
    expected = [analysed(entry.puzzle) for entry in read_puzzles(text)]
    for done in (cli("solve", str(file)), cli("solve", "-", stdin=text),
                 cli("solve", stdin=text)):
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == expected


def analysed(puzzle) -> str:
    from solver import analyse

    return analyse(puzzle).solution.to_string()


def test_the_formats_board_and_json():
    board = cli("solve", EASY, "--format", "board")
    assert board.stdout.strip() == easy_solution().to_board()
    data = json.loads(cli("solve", EASY, "-f", "json").stdout)
    assert data == {"puzzle": read(EASY).to_string(), "solution": easy_solution().to_string(),
                    "unique": True}
    assert solution_problems(read(EASY), read(data["solution"])) == []


def test_json_is_one_object_a_line_for_a_collection_with_its_labels():
    text = "\n".join(f"{line} no.{k}" for k, line in enumerate(HARD[:3], 1))
    done = cli("count", "-f", "json", stdin=text)
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [row["label"] for row in rows] == ["no.1", "no.2", "no.3"]
    assert [row["count"] for row in rows] == [count_solutions(line) for line in HARD[:3]]


def test_count_stops_at_the_limit_and_says_so():
    several = EASY[:-2] + ".."  # two givens fewer
    limit = count_solutions(several, 50)
    assert 1 < limit < 50
    assert cli("count", several, "--limit", "50").stdout == f"{limit}\n"
    assert cli("count", several, "--limit", str(limit)).stdout == f"{limit}+\n"
    assert cli("count", EASY).stdout == "1\n"


def test_hint_is_the_next_steps_nudge_and_reveal_its_whole_step():
    step = next_step(read(HARD[1]))
    assert cli("hint", HARD[1]).stdout == step.nudge() + "\n"
    assert cli("hint", HARD[1], "--reveal").stdout == step.explanation + "\n"
    assert json.loads(cli("hint", HARD[1], "-f", "json").stdout)["step"] == step.to_dict()
    assert cli("hint", easy_solution().to_string()).stdout == "already solved\n"


def test_explain_gives_every_step_of_the_path():
    path = solve_path(read(HARD[1]))
    lines = cli("explain", HARD[1]).stdout.splitlines()
    assert len(lines) == len(path.steps) > 10
    assert lines[0] == f"1. {path.steps[0].technique}: {path.steps[0].explanation}"
    data = json.loads(cli("explain", HARD[1], "-f", "json").stdout)
    assert data["solution"] == path.solution.to_string()
    assert [s["technique"] for s in data["steps"]] == [s.technique for s in path.steps]


def test_rate_gives_the_se_estimate_level_and_score_per_line_on_one_or_two_processes():
    text = "\n".join(HARD)
    expected = [rating_line(line) for line in HARD]
    one = cli("rate", stdin=text)
    two = cli("rate", "--jobs", "2", "-", stdin=text)
    assert one.returncode == two.returncode == 0, two.stderr
    assert one.stdout.splitlines() == two.stdout.splitlines() == expected
    assert "rated 4 puzzles in" in one.stderr and "on 1 process\n" in one.stderr
    assert "on 2 processes" in two.stderr


def test_broken_givens_exit_2_naming_the_problem_and_the_line(tmp_path):
    broken = "1" + EASY[1:9] + "1" + EASY[10:]  # two 1s in column 1 (and row 1 has a 1)
    file = tmp_path / "set.txt"
    file.write_text(f"{EASY}\n\n{broken}\n{HARD[1]}\n")
    done = cli("solve", str(file))
    assert done.returncode == 2
    assert done.stdout.split() == [easy_solution().to_string(), analysed(read(HARD[1]))]
    assert done.stderr.startswith(f"python -m solver: {file}:3: ")
    assert "two 1s in column 1" in done.stderr


@pytest.mark.parametrize("args, words", [
    (("solve", "no-such-file.txt"), "neither a file nor a puzzle"),
    (("solve", "12345"), "neither a file nor a puzzle"),
    (("rate", "-"), "<stdin>: the puzzle text is empty"),
    (("solve", EASY, "--format", "xml"), "invalid choice: 'xml'"),
    (("frobnicate",), "invalid choice: 'frobnicate'"),
    (("rate", EASY, "--jobs", "0"), "expected 1 or more"),
    (("generate", "--size", "7"), "size"),
])
def test_bad_input_and_usage_exit_2_with_a_message(args, words):
    done = cli(*args, stdin="")
    assert done.returncode == 2, done
    assert words in done.stderr
    assert done.stdout == ""


def test_no_solution_exits_1():
    for command in ("solve", "count", "hint", "explain", "rate"):
        done = cli(command, NO_SOLUTION)
        assert done.returncode == 1, (command, done.stderr)
        assert done.stderr == "python -m solver: the argument: no solution\n"
    several = cli("rate", EASY[:-2] + "..")
    assert several.returncode == 1 and "more than one solution" in several.stderr


def test_generate_is_the_generators_puzzle_for_a_seed():
    done = cli("generate", "--seed", "5", "-n", "2", "-f", "json")
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [row["puzzle"] for row in rows] == [generate(seed=s).puzzle.to_string()
                                               for s in (5, 6)]
    assert all(count_solutions(row["puzzle"]) == 1 for row in rows)
    hard = cli("generate", "--seed", "2", "--difficulty", "Hard")
    made = generate(difficulty="Hard", seed=2)
    assert hard.stdout.split()[:3] == [made.puzzle.to_string(), f"{made.rating.se:.1f}",
                                       made.rating.level]
    assert hard.returncode == (0 if made.matched else 1)


def test_a_nested_steps_shorter_chains_follow_its_sentence_a_line_each():
    # the page shows them on demand; the command line has only text, so it tells them all
    from solver.cli import told
    from tests.logic.test_nested import HARDEST, NESTED_ROW, stalled

    step = NESTED_ROW.find(stalled(HARDEST[0])[0])
    lines = told(step).splitlines()
    assert lines[0] == step.explanation and len(lines) == 1 + len(step.inner) > 1
    assert lines[2] == "   shorter chain 2: " + step.inner[1].proof
    plain = next_step(read(HARD[1]))
    assert told(plain) == plain.explanation


@pytest.mark.parametrize("rules, names", [("x", ["x"]), ("killer,X", ["killer", "x"]),
                                           ("jigsaw,anti-king", ["jigsaw", "anti-king"])])
def test_generate_makes_the_generators_variant_for_a_seed_rules_and_all(rules, names):
    done = cli("generate", "--rules", rules, "--seed", "3", "-f", "json")
    assert done.returncode == 0, done.stderr
    row = json.loads(done.stdout)
    made = generate(seed=3, rules=rules.split(","))
    assert row["puzzle"] == made.puzzle.to_text() and row["rules"] == names
    assert read(row["puzzle"]).geometry.rules.names == tuple(names)
    assert row["solution"] == made.solution.to_string()


def test_a_generated_variant_in_each_format_reads_back_as_itself_its_rating_a_note():
    made = [generate(difficulty="Easy", seed=s, rules="windoku") for s in (4, 5)]
    lines = cli("generate", "--rules", "windoku", "--difficulty", "Easy", "--seed", "4",
                "-n", "2")
    assert lines.returncode == (0 if all(m.matched for m in made) else 1), lines.stderr
    assert [entry.puzzle for entry in read_puzzles(lines.stdout)] == [m.puzzle for m in made]
    assert f"# {made[0].rating.se:.1f} {made[0].rating.level} {made[0].rating.score}\n" \
        in lines.stdout
    solved = cli("solve", "-", stdin=lines.stdout)
    assert solved.stdout.split() == [m.solution.to_string() for m in made]
    board = cli("generate", "--rules", "jigsaw", "--seed", "4", "-f", "board")
    assert read_puzzles(board.stdout)[0].puzzle == generate(seed=4, rules="jigsaw").puzzle


def test_generate_names_the_rules_it_knows_when_given_one_it_does_not():
    from solver.model.geometry import RULE_NAMES

    done = cli("generate", "--rules", "x,thermo")
    assert done.returncode == 2 and done.stdout == ""
    assert "unsupported rule 'thermo'" in done.stderr
    assert ", ".join(RULE_NAMES) in done.stderr
    assert ", ".join(RULE_NAMES) in " ".join(cli("generate", "--help").stdout.split())
    small = cli("generate", "--rules", "windoku", "--size", "6")
    assert small.returncode == 2 and "9x9" in small.stderr


def quick_variants() -> dict[str, str]:
    """A Jigsaw and a Killer with no givens (tests/killer.py's maker), each rated in a
    fraction of a second."""
    from tests.checks import search_solutions
    from tests.killer import unique_killer
    from tests.test_variants import PUZZLES

    return {"jigsaw": PUZZLES["jigsaw"],
            "killer": unique_killer(9, 7, solutions=search_solutions)[0]}


@pytest.mark.parametrize("command", ["solve", "count", "hint", "explain", "rate"])
@pytest.mark.parametrize("name", ["jigsaw", "killer"])
def test_every_commands_json_carries_a_variants_rules_in_the_text_read_takes_back(
        command, name):
    # (generate's did; the others wrote the grid's digits alone: a classic puzzle read back)
    text = quick_variants()[name]
    done = cli(command, "-", "-f", "json", stdin=text)
    assert done.returncode == 0, done.stderr
    row = json.loads(done.stdout)
    assert read(row["puzzle"]) == read(text)  # the rules too (Puzzle.__eq__)
    assert row["rules"] == [name]


@pytest.mark.parametrize("name", ["jigsaw", "killer"])
def test_rates_line_and_board_of_a_variant_read_back_as_itself(name):
    text = quick_variants()[name]
    rating = rate(read(text))
    line = cli("rate", "-", stdin=text)
    assert line.returncode == 0, line.stderr
    assert [entry.puzzle for entry in read_puzzles(line.stdout)] == [read(text)]
    assert f"# {rating.se:.1f} {rating.level} {rating.score}\n" in line.stdout
    board = cli("rate", "-", "-f", "board", stdin=text).stdout
    rules, _, rest = board.partition("\nSE ")  # the board, then the rating's line
    assert read_puzzles(rules)[0].puzzle == read(text)
    assert rest.startswith(f"{rating.se:.1f} ({rating.se_hardest}), {rating.level}")
