"""Run inside Pyodide by scripts/pyodide_bytecode.mjs: import what the worker imports, then
write /out/python_stdlib.zip (those stdlib modules as .pyc), /out/solver_pyc.zip and
/out/snapshot_imports.json (the modules the memory snapshot holds imported)."""

import importlib
import importlib.util
import json
import os
import shutil
import sys
import zipfile

sys.path.insert(0, "/app")
# What PyScript's Python package (written into the worker at start) and its bootstrap may
# import from the stdlib; the rest is found by running the worker's commands below.
PYSCRIPT_NEEDS = (
    "asyncio", "base64", "collections", "contextlib", "functools", "html", "inspect", "io",
    "json", "pathlib", "re", "textwrap", "traceback", "types", "typing", "weakref", "warnings",
    "dataclasses", "enum", "datetime", "linecache", "tokenize", "codeop", "ast", "copy",
    "pyodide", "pyodide.ffi", "pyodide.code", "pyodide.webloop", "pyodide.http",
    "pyodide.console", "pyodide._package_loader", "_pyodide", "zipfile", "shutil",
    "tempfile", "string", "random",
    "encodings.cp437", "encodings.utf_8", "encodings.latin_1", "encodings.ascii",
)
for name in PYSCRIPT_NEEDS:
    importlib.import_module(name)

before_worker = set(sys.modules)
import protocol  # noqa: E402
import worker  # noqa: E402 - /app is on the path only now

# What the worker's start needs imported: PyScript's needs and what worker.py imports at its
# top (the solver's search path, the protocol). The memory snapshot holds them imported.
WORKER_START = sorted(set(sys.modules) - before_worker - {"worker"})

SAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
BLANK = 200  # a blank photo read inside given corners: every step of the reader runs
REQUESTS = {
    protocol.GENERATE: protocol.generate_request(4, "Easy", True),
    protocol.SCAN: protocol.scan_request(bytes(BLANK * BLANK), BLANK, BLANK,
                                         [[0, 0], [BLANK - 1, 0], [BLANK - 1, BLANK - 1],
                                          [0, BLANK - 1]]),
}
for command in protocol.COMMANDS:
    request = REQUESTS.get(command, {"puzzle": SAMPLE, "size": 9, "eliminated": []})
    json.loads(worker.call(command, json.dumps(request)))
for name in ("solver.search.codegen", "solver.search.sat"):
    importlib.import_module(name)

STDLIB = next(p for p in sys.path if p.endswith(".zip"))


def pyc(source: bytes, name: str) -> bytes:
    """Unchecked-hash bytecode: no source or timestamp is looked at when it is imported."""
    code = compile(source, name, "exec", dont_inherit=True)
    return importlib._bootstrap_external._code_to_hash_pyc(
        code, importlib.util.source_hash(source), checked=False)


def entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))  # stable bytes
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


os.makedirs("/out", exist_ok=True)
with zipfile.ZipFile("/out/solver_pyc.zip", "w") as out:
    for folder, _, files in sorted(os.walk("/app/solver")):
        for file in sorted(files):
            full = folder + "/" + file
            with open(full, "rb") as f:
                data = f.read()
            if file.endswith(".py"):
                out.writestr(entry(full[len("/app/"):] + "c"), pyc(data, full[5:]))
            elif not file.endswith(".pyc"):  # data the package reads (the photo's digit model)
                out.writestr(entry(full[len("/app/"):]), data)
# PyScript unpacks it into the worker as below: zipfile then reads names as cp437.
shutil.unpack_archive("/out/solver_pyc.zip", "/tmp/unpacked", "zip")

used = sorted({m.__spec__.origin[len(STDLIB) + 1:] for m in list(sys.modules.values())
               if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(STDLIB)})
with zipfile.ZipFile(STDLIB) as stdlib, zipfile.ZipFile("/out/python_stdlib.zip", "w") as out:
    for name in used:
        out.writestr(entry(name + "c"), pyc(stdlib.read(name), name))
with open("/out/snapshot_imports.json", "w") as f:
    json.dump(list(PYSCRIPT_NEEDS) + WORKER_START, f)
print(len(used), "stdlib modules compiled")
