// Run a Python file under the vendored Pyodide (the page's worker interpreter), with the
// `solver` and `benchmarks` packages on its path, as the benchmarks do through Node:
//
//     node scripts/pyodide.mjs SCRIPT.py [INPUT]
//
// INPUT, if given, is readable there as /input.txt; the script's stdout is Node's stdout.
// Exits 1 on an uncaught Python error.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { copyTree } from "./copy_tree.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(path.join(ROOT, "node_modules/pyodide/pyodide.mjs"));

const [script, input] = process.argv.slice(2);
const py = await loadPyodide({
  indexURL: path.join(ROOT, "node_modules/pyodide/"),
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
copyTree(py.FS, path.join(ROOT, "solver"), "/app/solver");
copyTree(py.FS, path.join(ROOT, "benchmarks"), "/app/benchmarks");
if (input) py.FS.writeFile("/input.txt", fs.readFileSync(input));
try {
  const prelude = `import sys\nsys.path.insert(0, '/app')\n__file__ = ${JSON.stringify(path.resolve(script))}\n`;
  py.runPython(prelude + fs.readFileSync(script, "utf8"));
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
