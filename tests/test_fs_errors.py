"""static/fs_errors.mjs: MicroPython's file system with cheap failed lookups behaves exactly
as without them. The same Python runs in two interpreters under Node, one as the page's UI
has it (lightErrors applied) and one as shipped, and must print the same; the errors JS sees
keep their name, errno and classes. Skipped where Node or the npm packages are missing."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not MICROPYTHON.is_dir(),
    reason="needs Node.js and the npm packages (scripts/setup.sh installs both)",
)

# Every way Python meets a missing or existing path: each line prints what happened.
PYTHON = r"""
import os
def tried(what, action):
    try:
        print(what, "ok", action())
    except Exception as error:
        print(what, type(error).__name__, getattr(error, "errno", None), str(error))
tried("open", lambda: open("/nope/file"))
tried("stat", lambda: os.stat("/nope"))
tried("listdir", lambda: os.listdir("/nope"))
tried("mkdir", lambda: os.mkdir("/lib"))
tried("rmdir", lambda: os.rmdir("/nope"))
tried("import", lambda: __import__("no_such_module"))
tried("import pkg", lambda: __import__("pkg.mod").mod.VALUE)
tried("import pkg missing", lambda: __import__("pkg.nope"))
"""

SCRIPT = """
import { lightErrors } from "%(errors)s";
const { loadMicroPython } = await import("%(micropython)s");
const results = [];
for (const light of [true, false]) {
  const lines = [];
  const mp = await loadMicroPython({ stdout: (line) => lines.push(line), stderr: () => {} });
  if (light) lightErrors(mp.FS);
  mp.FS.mkdirTree("/lib/pkg");
  mp.FS.writeFile("/lib/pkg/__init__.py", "");
  mp.FS.writeFile("/lib/pkg/mod.py", "VALUE = 7\\n");
  mp.runPython("import sys\\nsys.path.append('/lib')\\n" + %(python)s);
  let seen = null;
  try {
    mp.FS.stat("/nope");
  } catch (error) {
    seen = { name: error.name, errno: error.errno, ofClass: error instanceof mp.FS.ErrnoError,
             isError: error instanceof Error, hasStack: typeof error.stack === "string" };
  }
  results.push({ lines, seen });
}
console.log(JSON.stringify(results));
"""


def test_light_errors_change_nothing_python_or_js_can_see(tmp_path):
    script = tmp_path / "fs_errors_check.mjs"
    script.write_text(SCRIPT % {
        "errors": (ROOT / "static" / "fs_errors.mjs").as_uri(),
        "micropython": (MICROPYTHON / "micropython.mjs").as_uri(),
        "python": json.dumps(PYTHON),
    })
    run = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=120,
                         check=False)
    assert run.returncode == 0, run.stderr
    light, full = json.loads(run.stdout)
    assert len(full["lines"]) == 8 and light["lines"] == full["lines"]
    assert "import pkg ok 7" in full["lines"]  # the lines do reach the file system
    assert light["seen"] == {**full["seen"], "hasStack": False}  # only the stack trace goes
    assert full["seen"]["name"] == "ErrnoError" and full["seen"]["ofClass"]
