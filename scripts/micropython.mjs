// Run a Python file under the vendored MicroPython (the page's interpreter), with the
// `solver` package on its path, as the tests and benchmarks do through Node:
//
//     node scripts/micropython.mjs SCRIPT.py [INPUT]
//
// INPUT, if given, is readable there as /input.txt. The heap starts at PyScript's default
// (loadMicroPython's 1 MB) and grows as in the page. Exits 1 on an uncaught Python error.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { lightErrors } from "../static/fs_errors.mjs";
import { copyTree } from "./copy_tree.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { loadMicroPython } = await import(
  path.join(ROOT, "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs")
);

const [script, input] = process.argv.slice(2);
const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
lightErrors(mp.FS); // as the page's UI has it (static/ui_files.mjs)
copyTree(mp.FS, path.join(ROOT, "solver"), "/lib/solver");
if (input) mp.FS.writeFile("/input.txt", fs.readFileSync(input));
try {
  mp.runPython("import sys\nsys.path.append('/lib')\n" + fs.readFileSync(script, "utf8"));
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
