"""The docs site builds: `mkdocs build --strict` (mkdocs.yml) turns docs/*.md and the API
reference mkdocstrings generates from solver/'s docstrings into HTML, failing on a broken
link, a missing page or a docstring it cannot read. The same command the Pages workflow
runs; here into a temporary folder, so the test command (scripts/test.sh) builds the docs."""

import re
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytest.importorskip("mkdocstrings", reason="the docs tools are in requirements-dev.txt")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
                           str(out)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return out


def text_of(page: Path) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.read_text())))


def test_every_docs_page_is_built(site):
    for page in sorted((ROOT / "docs").glob("*.md")):
        name = "" if page.stem == "index" else page.stem
        assert (site / name / "index.html").is_file(), page.name


def test_the_reference_carries_the_docstrings(site):
    import solver
    from solver.rating import rate

    reference = text_of(site / "reference" / "index.html")
    for function in (solver.solve, solver.count_solutions, solver.read_puzzles, rate):
        first_line = " ".join(function.__doc__.split("\n\n")[0].split())
        assert first_line.replace("`", "") in reference, function.__name__


def test_the_readme_quickstart_runs_as_written(tmp_path, monkeypatch):
    readme = (ROOT / "README.md").read_text()
    code = re.search(r"## Quickstart\n\n```python\n(.*?)```", readme, re.S).group(1)
    assert len(code.splitlines()) <= 20
    (tmp_path / "puzzles.sdm").write_text((ROOT / "tests" / "checks.py").read_text().split(
        'EASY = "')[1].split('"')[0] + "\n")
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "README.md", "exec"), {})  # noqa: S102 - the README's own code
