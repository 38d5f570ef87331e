// A PyScript plugin: writes the UI's modules (static/vendor/ui.tar.gz, built by
// scripts/build_vendor.py) into MicroPython's files before the UI's script runs.
//
// Why not PyScript's own `"ui.tar.gz" = "./*"` in ui.toml's [files]: PyScript unpacks a
// tar.gz by running MicroPython's gzip and tarfile over it, ~250 ms of the page's thread at
// desktop speed and about a second on a phone's quarter core, cold. Here the browser
// inflates it (DecompressionStream, native) and a few lines read the tar: a few ms. Where
// DecompressionStream is missing, MicroPython's own deflate inflates it instead. The archive
// also holds PyScript's own Python package as bytecode (PyScript writes it as source, which
// MicroPython compiled at every start).
import { hooks } from "./vendor/pyscript/core.js";

const ARCHIVE = new URL("./vendor/ui.tar.gz", import.meta.url);
const BLOCK = 512; // a tar's header and the unit its files are padded to
const FOLDER = "/ui_modules"; // where the archive goes in MicroPython's files

// Whether `element` is the UI's script (index.html marks it), not another PyScript script.
const isUi = (element) => element?.dataset?.files === "ui";

// The archive's bytes inflated, by the browser or else by MicroPython (`interpreter`).
async function inflated(interpreter) {
  const response = await fetch(ARCHIVE);
  if (!response.ok) throw new Error(`${ARCHIVE.pathname}: HTTP ${response.status}`);
  if (typeof DecompressionStream === "function") {
    const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }
  interpreter.FS.writeFile("/_ui.tar.gz", new Uint8Array(await response.arrayBuffer()));
  interpreter.runPython(
    "import deflate\nwith open('/_ui.tar.gz', 'rb') as f, open('/_ui.tar', 'wb') as t:\n" +
      "    t.write(deflate.DeflateIO(f, deflate.GZIP).read())",
  );
  return interpreter.FS.readFile("/_ui.tar");
}

// Each entry of a ustar archive as [name, type flag, bytes].
function* members(tar) {
  const text = new TextDecoder();
  const field = (at, length) =>
    text.decode(tar.subarray(at, at + length)).replace(/\0[^]*$/, "");
  for (let at = 0; at + BLOCK <= tar.length && tar[at] !== 0; ) {
    const prefix = field(at + 345, 155);
    const name = ((prefix ? prefix + "/" : "") + field(at, 100)).replace(/\/$/, "");
    const size = parseInt(field(at + 124, 12).trim() || "0", 8);
    yield [name, field(at + 156, 1), tar.subarray(at + BLOCK, at + BLOCK + size)];
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
}

// Write the archive's folders and files into FOLDER (it lists each folder before what it
// holds), first on MicroPython's sys.path: the UI's modules, and PyScript's own package as
// bytecode, imported instead of the source PyScript writes into the current folder.
async function writeUi(wrap, element) {
  if (!isUi(element)) return;
  const { FS } = wrap.interpreter;
  skipPackageWrites(wrap.interpreter);
  try {
    // Imported here, not at the top: with a static import WebKit ran this module after
    // PyScript had started the UI's interpreter, so this hook never ran (test_engine_smoke).
    const { lightErrors } = await import("./fs_errors.mjs");
    lightErrors(FS); // the imports below miss hundreds of files
    const tar = await inflated(wrap.interpreter);
    FS.mkdir(FOLDER);
    for (const [name, type, data] of members(tar)) {
      if (type === "5") {
        FS.mkdir(FOLDER + "/" + name);
      } else {
        FS.writeFile(FOLDER + "/" + name, data);
      }
    }
    // MicroPython keeps no built-in module in sys.modules, so each `import json` searches
    // every folder on sys.path again before taking the built-in (nine failed lookups each,
    // in a dozen modules): listed there once, it is found at once.
    wrap.interpreter.runPython(
      `import sys, json\nsys.modules["json"] = json\nsys.path.insert(0, "${FOLDER}")`,
    );
  } catch (error) {
    couldNotStart(error);
    throw error; // the UI's script does not run without its modules
  }
  performance.mark("ui-files-written"); // tests check this path ran
}

// PyScript runs Python of its own before the UI's script (codeBeforeRun): it writes its
// package's source into the current folder, line by line (~45 KB of Python that MicroPython
// compiled at every start), then imports the package and replaces input(). The UI imports
// that package as bytecode from FOLDER, first on sys.path, so the writes are dropped and the
// rest runs as PyScript wrote it: ~0.1 s at desktop speed, ~0.4 s on a phone's quarter core.
// Should PyScript's code change shape (its first line), it runs whole, as before.
const PREFIX = "import os as _os\n";
const WRITES = /^(_path = _Path\(|_path\.write_text\(|if not _os\.path\.exists\(|_path\.mkdir\()/;

function skipPackageWrites(interpreter) {
  const run = interpreter.runPythonAsync;
  interpreter.runPythonAsync = function (code, ...rest) {
    interpreter.runPythonAsync = run; // only the first call: PyScript's code before the UI's
    if (typeof code === "string" && code.startsWith(PREFIX)) {
      code = code.split("\n").filter((line) => !WRITES.test(line.trim())).join("\n");
      performance.mark("pyscript-writes-skipped"); // tests check this path ran
    }
    return run.call(this, code, ...rest);
  };
}

// Say on the page, as text, that the app cannot start and why, where static/early.js's
// "Starting up" line would otherwise stay for good; what was typed stays in the grid.
function couldNotStart(error) {
  const words = "The app could not start: its files did not load (" +
    String(error?.message || error) + "). Check the connection and reload the page.";
  globalThis.earlyInput?.fail(words);
  const engine = document.getElementById("engine");
  if (engine) engine.textContent = words;
}

hooks.main.onReady.add(writeUi);
