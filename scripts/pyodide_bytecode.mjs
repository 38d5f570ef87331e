// Compile, inside the pinned Pyodide (so the bytecode matches its interpreter), the stdlib
// modules the app's Pyodide worker imports and the `solver` package, for a faster boot:
//
//     node scripts/pyodide_bytecode.mjs OUT_DIR
//
// Writes OUT_DIR/python_stdlib.zip (only those modules, as .pyc: Pyodide then compiles no
// stdlib source at start-up), OUT_DIR/solver_pyc.zip (solver/**/*.pyc) and
// OUT_DIR/pyodide_snapshot.bin.gz: the wasm memory of this Pyodide once its interpreter has
// started from that stdlib (a memory snapshot, gzipped), which static/pyodide_snapshot.mjs
// restores instead of starting the interpreter again, and OUT_DIR/pyodide_snapshot_stdlib.zip:
// the stdlib a restored interpreter mounts, those modules of python_stdlib.zip the snapshot
// does not hold imported (none today: an empty zip instead of 1.4 MB on a first visit). The module set
// is what Pyodide's own start-up, PyScript's worker and every command of static/worker.py
// import here, run for real (scripts/pyodide_bytecode.py), plus what PyScript's Python
// package may import (listed there).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

import { onFreshMemory, xorFresh } from "../static/fresh_memory.mjs";
import { copyTree } from "./copy_tree.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(path.join(ROOT, "node_modules/pyodide/pyodide.mjs"));
const out = process.argv[2];

const py = await loadPyodide({ indexURL: path.join(ROOT, "node_modules/pyodide/") });
copyTree(py.FS, path.join(ROOT, "solver"), "/app/solver");
py.FS.writeFile("/app/protocol.py", fs.readFileSync(path.join(ROOT, "static/protocol.py")));
py.FS.writeFile("/app/worker.py", fs.readFileSync(path.join(ROOT, "static/worker.py")));
py.runPython(fs.readFileSync(path.join(ROOT, "scripts/pyodide_bytecode.py"), "utf8"));
fs.mkdirSync(out, { recursive: true });
for (const name of ["python_stdlib.zip", "solver_pyc.zip"]) {
  fs.writeFileSync(path.join(out, name), py.FS.readFile(`/out/${name}`));
}

// The snapshot: made by this same wasm (a snapshot only restores into the build that made
// it) and from the stdlib zip just written. It holds Python's memory, not the file
// system (that is JS-side): PyScript writes the worker's files again where they are here
// (its working folder), and the modules the worker's start imports are already imported.
// Only the stdlib and the solver: nothing that holds a JS object (PyScript's own package).
// Stored as its difference from a fresh instance's memory (static/fresh_memory.mjs says why).
let freshMemory = null;
onFreshMemory((memory) => { freshMemory = memory.slice(); });
const fresh = await loadPyodide({
  indexURL: path.join(ROOT, "node_modules/pyodide/"),
  stdLibURL: path.join(out, "python_stdlib.zip"),
  _makeSnapshot: true,
});
const home = fresh.runPython("import os; os.getcwd()");
fresh.unpackArchive(new Uint8Array(py.FS.readFile("/out/solver_pyc.zip")), "zip",
  { extractDir: home });
fresh.FS.writeFile(`${home}/protocol.py`, fs.readFileSync(path.join(ROOT, "static/protocol.py")));
fresh.globals.set("names", py.FS.readFile("/out/snapshot_imports.json", { encoding: "utf8" }));
fresh.runPython("import importlib, json\nfor name in json.loads(names): importlib.import_module(name)");
fresh.globals.delete("names");
// Whatever the snapshot holds imported is never read from the zip again: the restored
// interpreter mounts a zip of the rest instead. Its zip importer re-reads the directory of
// the zip it finds (the cached one would point into the full zip's bytes).
py.globals.set("imported", fresh.runPython(`
import json, sys, zipimport
ZIP = next(p for p in sys.path if p.endswith(".zip"))
json.dumps(sorted({m.__spec__.origin[len(ZIP) + 1:] for m in list(sys.modules.values())
                   if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(ZIP)}))
`));
fresh.runPython("del ZIP; zipimport._zip_directory_cache.clear()");
py.runPython(`
import json, zipfile
imported = set(json.loads(imported))
with zipfile.ZipFile("/out/python_stdlib.zip") as full, \\
        zipfile.ZipFile("/out/pyodide_snapshot_stdlib.zip", "w") as rest:
    for info in full.infolist():
        if info.filename not in imported:
            rest.writestr(info, full.read(info))
`);
fs.writeFileSync(path.join(out, "pyodide_snapshot_stdlib.zip"),
  py.FS.readFile("/out/pyodide_snapshot_stdlib.zip"));
// Emscripten names Node's script as the program; a browser start says "./this.program".
fresh.runPython("import os; os.environ['_'] = './this.program'");
if (!freshMemory) throw new Error("Pyodide's wasm was instantiated unseen: no fresh memory");
const memory = fresh.makeMemorySnapshot();
xorFresh(memory, freshMemory);
const snapshot = zlib.gzipSync(memory, { level: 9 });
fs.writeFileSync(path.join(out, "pyodide_snapshot.bin.gz"), snapshot);
// Its size unpacked, which the worker needs before the download ends (pyodide_snapshot.mjs).
fs.writeFileSync(path.join(out, "pyodide_snapshot_size.mjs"),
  `// Written by scripts/pyodide_bytecode.mjs: pyodide_snapshot.bin.gz's size unpacked.\n` +
  `export default ${memory.length};\n`);
