// The Pyodide the solver worker runs, as PyScript loads it (static/worker.toml's
// `interpreter`, and static/ui/solver_client.py's for a restart): the vendored Pyodide,
// restored from a memory snapshot made at vendoring time (scripts/pyodide_bytecode.mjs)
// instead of starting its interpreter and importing the worker's ~230 modules again.
//
// PyScript (polyscript) imports this module and calls its `loadPyodide(options)` with its
// own options (stdout, stderr, indexURL from this file's folder); we add the snapshot and
// Pyodide's real folder. The snapshot is 3.5 MB gzipped, so a slow line (static/line.js)
// downloads it only when a stored copy is at hand (the service worker's, after a first visit):
// otherwise the CPU it saves costs more time on the line. Should the snapshot fail (a fetch
// error, a browser without DecompressionStream), Pyodide starts the usual way: slower, never
// broken.
import { onFreshMemory, xorFresh } from "./fresh_memory.mjs";
import "./line.js";
import { loadPyodide as loadStock, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const SNAPSHOT = INDEX_URL + "pyodide_snapshot.bin.gz";

async function worthFetching() {
  if (!globalThis.slowLine()) return true;
  try {
    return Boolean(await caches.match(SNAPSHOT));
  } catch {
    return false; // no CacheStorage here (an opaque origin, a private mode)
  }
}

async function snapshot() {
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(SNAPSHOT + ": HTTP " + response.status);
  let memory = new Uint8Array(await response.arrayBuffer());
  // A .gz is usually sent as it is (http.server: application/gzip); a server that adds
  // Content-Encoding: gzip has the browser unpack it already (a snapshot starts with its own
  // header, "\0snp", never with gzip's magic bytes).
  if (memory[0] === 0x1f && memory[1] === 0x8b) {
    const unpacked = new Blob([memory]).stream().pipeThrough(new DecompressionStream("gzip"));
    memory = new Uint8Array(await new Response(unpacked).arrayBuffer());
  }
  performance.mark("snapshot-unpacked"); // for benchmarks/page_load.py --trace
  return memory;
}

export async function loadPyodide(options = {}) {
  const stock = { ...options, indexURL: INDEX_URL };
  if (!(await worthFetching())) return loadStock(stock);
  const memory = snapshot();
  // The file holds the snapshot's difference from a fresh instance's memory
  // (static/fresh_memory.mjs). Pyodide awaits the file before instantiating its wasm and
  // restores it after, so the difference is undone in between, in the array it holds.
  let held = null;
  // (A failed fetch is handled below, once Pyodide awaits it: not an unhandled rejection.)
  memory.then((bytes) => { held = bytes; }, () => {});
  let whole = false;
  const stop = onFreshMemory((fresh) => {
    if (held) {
      xorFresh(held, fresh);
      whole = true;
    }
  });
  let pyodide;
  try {
    pyodide = await loadStock({ ...stock, _loadSnapshot: memory });
    if (!whole) throw new Error("the snapshot was restored before its difference was undone");
  } catch (error) {
    console.warn("Pyodide's snapshot did not load (" + error + "); starting it in full");
    return loadStock(stock);
  } finally {
    stop();
  }
  // Every restored interpreter would otherwise share the snapshot's random state: the
  // module-level random.* would give the same numbers on every visit (the generator seeds
  // its own random.Random from the OS and is not affected).
  pyodide.runPython("import random; random.seed()");
  performance.mark("snapshot-restored"); // the tests check the snapshot was used
  return pyodide;
}
