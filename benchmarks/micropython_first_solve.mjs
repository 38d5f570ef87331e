// Run by benchmarks/micropython_first_solve.py: under the vendored MicroPython (the page's
// UI interpreter) through Node, put a built ui.tar.gz's files (unpacked into FOLDER by the
// caller) where static/ui_files.mjs does (first on sys.path), then time `import worker` and
// its first analyse of one puzzle, as a page's Solve asked before either worker is ready
// runs them (ui/requests.py's answer_here). Timed apart before them, what the UI's start
// has done by then (UI_START): the model imported, the 9x9 geometry made.
//
//     node benchmarks/micropython_first_solve.mjs FOLDER PUZZLE
//
// Prints {"ui_ms", "import_ms", "analyse_ms", "reply"} as one JSON line.
import path from "node:path";
import { fileURLToPath } from "node:url";

import { lightErrors } from "../static/fs_errors.mjs";
import { copyTree } from "../scripts/copy_tree.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { loadMicroPython } = await import(
  path.join(ROOT, "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs")
);
const UI = "/ui_modules"; // as static/ui_files.mjs
// The UI's controller imports these and reads a 9x9 (a link's, the grid typed early) at its
// start, so the page's first Solve finds them done.
const UI_START = [
  "import protocol, solver.model.puzzle, solver.model.candidates, solver.model.files",
  "from solver.model.geometry import geometry",
  "geometry(9)",
].join("\n");

const [folder, puzzle] = process.argv.slice(2);
const out = [];
const mp = await loadMicroPython({ stdout: (line) => out.push(line), stderr: () => {} });
lightErrors(mp.FS);
copyTree(mp.FS, folder, UI);
mp.runPython(`import sys, json\nsys.modules["json"] = json\nsys.path.insert(0, "${UI}")`);
let started = performance.now();
mp.runPython(UI_START);
const uiMs = performance.now() - started;
started = performance.now();
mp.runPython("import worker");
const importMs = performance.now() - started;
started = performance.now();
mp.runPython(`print(worker.call("analyse", json.dumps({"puzzle": "${puzzle}", "size": 9})))`);
const analyseMs = performance.now() - started;
console.log(JSON.stringify({ ui_ms: uiMs, import_ms: importMs, analyse_ms: analyseMs,
  reply: out.at(-1) }));
