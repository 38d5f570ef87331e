"""The generated settle and choose source (solver/search/codegen.py): what the command line
prints is what the engine runs, and a traceback through it shows its lines."""

import linecache
import re
import subprocess
import sys
import traceback
from pathlib import Path

import pytest

from solver.model.geometry import BOX_SHAPES, geometry
from solver.search.codegen import main
from solver.search.engine import prepared

ROOT = Path(__file__).resolve().parent.parent
HEADER = re.compile(r"^# <(\w+ \d+x\d+)>: .*\n", re.M)


def printed(capsys, n: int) -> dict[str, str]:
    """The sources `python -m solver.search.codegen n` prints, by the name in each header."""
    main([str(n)])
    parts = HEADER.split(capsys.readouterr().out)
    assert parts[0] == ""
    return dict(zip(parts[1::2], parts[2::2], strict=True))


@pytest.mark.parametrize("n", sorted(BOX_SHAPES))
def test_the_printed_source_compiles_and_is_what_the_engine_runs(capsys, n):
    sources = printed(capsys, n)
    assert list(sources) == [f"settle {n}x{n}", f"choose {n}x{n}"]
    prepared(geometry(n))
    linecache.checkcache()  # as traceback does: entries without a file must survive it
    for name, source in sources.items():
        namespace: dict = {}
        exec(compile(source, name, "exec"), namespace)
        kind = name.split()[0]
        assert namespace[kind].__name__ == kind
        # print() added one newline after the source
        assert "".join(linecache.getlines(f"<{name}>")) + "\n" == source


@pytest.mark.parametrize("kind", ["settle", "choose"])
def test_a_traceback_through_generated_code_shows_its_line(kind):
    c, settle, choose = prepared(geometry(9))
    with pytest.raises(TypeError) as raised:
        settle(c.full, 0, "not an int") if kind == "settle" else choose("not an int")
    text = "".join(traceback.format_exception(raised.value))
    found = re.search(rf'File "<{kind} 9x9>", line (\d+), in {kind}\n +(\S.*)\n', text)
    assert found, text
    lines = linecache.getlines(f"<{kind} 9x9>")
    assert lines[int(found[1]) - 1].strip() == found[2]


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "solver.search.codegen", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_the_command_line_prints_both_sources_and_nothing_else():
    done = run_cli("16")
    assert done.returncode == 0 and done.stderr == ""
    assert HEADER.findall(done.stdout) == ["settle 16x16", "choose 16x16"]


@pytest.mark.parametrize("size", ["7", "10", "nine"])
def test_the_command_line_refuses_an_unsupported_size(size):
    done = run_cli(size)
    assert done.returncode != 0 and done.stdout == ""
    assert "invalid" in done.stderr and "25" in done.stderr  # names what is supported
