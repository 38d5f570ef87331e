// Compile, inside the pinned Pyodide (so the bytecode matches its interpreter), the stdlib
// modules the app's Pyodide worker imports and the `solver` package, for a faster boot:
//
//     node scripts/pyodide_bytecode.mjs OUT_DIR
//
// Writes OUT_DIR/python_stdlib.zip (only those modules, as .pyc: Pyodide then compiles no
// stdlib source at start-up) and OUT_DIR/solver_pyc.zip (solver/**/*.pyc). The module set
// is what Pyodide's own start-up, PyScript's worker and every command of static/worker.py
// import here, run for real (scripts/pyodide_bytecode.py), plus what PyScript's Python
// package may import (listed there).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { copyTree } from "./copy_tree.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(path.join(ROOT, "node_modules/pyodide/pyodide.mjs"));
const out = process.argv[2];

const py = await loadPyodide({ indexURL: path.join(ROOT, "node_modules/pyodide/") });
copyTree(py.FS, path.join(ROOT, "solver"), "/app/solver");
copyTree(py.FS, path.join(ROOT, "static/ui"), "/app/ui");
py.FS.writeFile("/app/worker.py", fs.readFileSync(path.join(ROOT, "static/worker.py")));
py.runPython(fs.readFileSync(path.join(ROOT, "scripts/pyodide_bytecode.py"), "utf8"));
fs.mkdirSync(out, { recursive: true });
for (const name of ["python_stdlib.zip", "solver_pyc.zip"]) {
  fs.writeFileSync(path.join(out, name), py.FS.readFile(`/out/${name}`));
}
