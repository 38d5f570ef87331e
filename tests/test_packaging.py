"""The library as a user gets it: pip installs the repository into a fresh virtual environment
outside it, and from a folder outside it `import solver` solves a puzzle. Only the `solver`
package (with its py.typed) is installed, none of the repository's other folders.

Two sources: the working tree as a folder (`pip install .`), and
the repository by git URL (`pip install git+file://...`, which installs the last commit).
Each builds in pip's isolated build environment, so setuptools comes from the package index.
"""

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import solver
from solver.model.puzzle import read
from solver.rating import rate
from tests.checks import EASY, easy_solution, load_lines, solution_problems

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parents[1]
DISTRIBUTION = "sudoku-coach"  # pyproject.toml's name; the import name stays `solver`
NOT_FOR_INSTALLING = ("tests", "benchmarks", "static", "scripts")

# Run by the installed interpreter: what the distribution put where.
INSTALLED = """
import importlib.metadata, json, sysconfig, solver
dist = importlib.metadata.distribution("sudoku-coach")
print(json.dumps({"files": [str(f) for f in dist.files], "site": sysconfig.get_paths()["purelib"],
                  "module": solver.__file__, "version": dist.version,
                  "urls": dist.metadata.get_all("Project-URL"),
                  "scripts": [e.name for e in dist.entry_points if e.group == "console_scripts"],
                  "dev": [r for r in dist.requires or [] if "extra == " in r]}))
"""


def clean_env() -> dict:
    """This process's environment without what would let the repository leak in."""
    env = dict(os.environ)
    for name in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV"):
        env.pop(name, None)
    return env


def run(args: list, cwd: Path, timeout: float = 300) -> str:
    done = subprocess.run(args, cwd=cwd, env=clean_env(), capture_output=True, text=True,
                          timeout=timeout)
    assert done.returncode == 0, f"{args[:4]} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def working_tree_copy(target: Path) -> Path:
    """The repository's files as they stand (tracked, and untracked ones git does not ignore)
    copied to `target`: building in the checkout itself would leave build/ and *.egg-info
    there, and a stale build/lib could slip deleted modules into the wheel."""
    listed = run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], ROOT)
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():  # a tracked file deleted in the working tree is still listed
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


@pytest.fixture(scope="module", params=["folder", "git"])
def installed(request, tmp_path_factory) -> dict:
    """A fresh venv outside the repository with the repository pip-installed into it."""
    base = tmp_path_factory.mktemp(f"install-{request.param}")
    assert ROOT not in base.parents, "the install must happen outside the repository"
    if request.param == "folder":
        copy = working_tree_copy(base / "source")
        source = str(copy)
        modules = [p.relative_to(copy).as_posix() for p in (copy / "solver").rglob("*.py")]
    else:
        source = "git+" + ROOT.as_uri()
        modules = run(["git", "ls-tree", "-r", "--name-only", "HEAD", "solver"], ROOT).split()
    # A bare venv, with this environment's pip installing into it (pip --python): seconds
    # sooner than seeding the venv with a pip of its own.
    run([sys.executable, "-m", "venv", "--without-pip", str(base / "venv")], base)
    python = base / "venv" / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
         "--disable-pip-version-check", source], base)
    outside = base / "elsewhere"  # the cwd for every import: no solver/ folder in sight
    outside.mkdir()
    return {"python": str(python), "cwd": outside,
            "modules": {name for name in modules if name.endswith(".py")},
            **json.loads(run([str(python), "-c", INSTALLED], outside))}


def test_the_installed_package_solves_a_puzzle(installed):
    printed = run([installed["python"], "-c", f"import solver; print(solver.solve({EASY!r}))"],
                  installed["cwd"]).strip()
    assert solution_problems(read(EASY), read(printed)) == []
    assert printed == easy_solution().to_string()  # the one solution, as the repo finds it
    assert Path(installed["module"]).is_relative_to(installed["site"]), installed["module"]


def test_only_the_solver_package_is_installed(installed):
    tops = {Path(name).parts[0] for name in installed["files"]}
    tops = {top for top in tops if not top.endswith(".dist-info") and top != ".."}  # .. = bin/
    assert tops == {"solver"}
    site = Path(installed["site"])
    for name in NOT_FOR_INSTALLING:
        assert not (site / name).exists(), f"{name}/ was installed"
    assert "solver/py.typed" in installed["files"]
    # package data the library reads: the digit model, the Killer bank generate draws from
    assert {"solver/photo/digits.bin", "solver/data/killer_hard.txt"} <= set(installed["files"])
    assert (site / "solver" / "py.typed").is_file()
    modules = {name for name in installed["files"] if name.endswith(".py")}
    assert modules == installed["modules"]  # every module of the package, and nothing else


def test_the_distribution_is_named_versioned_and_linked(installed):
    assert installed["version"] == solver.__version__  # the one place the version is written
    assert {url.split(",")[0] for url in installed["urls"]} >= {
        "Homepage", "Documentation", "Source", "Issues", "Changelog"}
    assert installed["scripts"] == ["sudoku-coach"]
    assert len(installed["dev"]) == len(dev_pins())  # the dev extra, not installed by default


def test_the_command_line_rates_a_file_outside_the_repository(installed, tmp_path):
    puzzles = load_lines("top95.txt")[:6]
    source = tmp_path / "six.txt"
    source.write_text("\n".join(puzzles) + "\n")
    python = Path(installed["python"])
    for command in ([str(python), "-m", "solver"], [str(python.parent / "sudoku-coach")]):
        done = subprocess.run([*command, "rate", str(source), "--jobs", "2"],
                              cwd=installed["cwd"], env=clean_env(), capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        assert "rated 6 puzzles" in done.stderr and "on 2 processes" in done.stderr
        lines = done.stdout.splitlines()
        assert [line.split()[0] for line in lines] == [read(p).to_string() for p in puzzles]
        first = rate(read(puzzles[0]))
        assert lines[0].split()[1:] == [f"{first.se:.1f}", first.level, str(first.score)]


def dev_pins() -> list[str]:
    """The `dev` extra of pyproject.toml."""
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]["dev"]


def test_the_dev_extra_pins_what_requirements_dev_pins():
    # Two lists of the same pins (setup.sh installs the file; `pip install ".[dev]"` the
    # extra): equal, so neither drifts.
    listed = [line.strip() for line in (ROOT / "requirements-dev.txt").read_text().splitlines()
              if line.strip() and not line.startswith("#")]
    assert sorted(dev_pins()) == sorted(listed)
    assert all("==" in pin for pin in listed)
