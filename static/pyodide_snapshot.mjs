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
import SNAPSHOT_BYTES from "./vendor/pyodide/pyodide_snapshot_size.mjs";
import { loadPyodide as loadStock, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const SNAPSHOT = INDEX_URL + "pyodide_snapshot.bin.gz";
// What a restored interpreter still imports from the stdlib: the modules the snapshot does
// not hold imported (scripts/pyodide_bytecode.mjs), not the whole python_stdlib.zip.
const SNAPSHOT_STDLIB = INDEX_URL + "pyodide_snapshot_stdlib.zip";

async function worthFetching() {
  if (!globalThis.slowLine()) return true;
  try {
    return Boolean(await caches.match(SNAPSHOT));
  } catch {
    return false; // no CacheStorage here (an opaque origin, a private mode)
  }
}

// Fetch the snapshot and unpack it into `held` (its size known from the build); throws if
// it does not fill `held` exactly.
async function fill(held) {
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(SNAPSHOT + ": HTTP " + response.status);
  const packed = new Uint8Array(await response.arrayBuffer());
  let filled = packed.length;
  // A .gz is usually sent as it is (http.server: application/gzip); a server that adds
  // Content-Encoding: gzip has the browser unpack it already (a snapshot starts with its own
  // header, "\0snp", never with gzip's magic bytes).
  if (packed[0] === 0x1f && packed[1] === 0x8b) {
    const unpacked = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
    const reader = unpacked.getReader();
    filled = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      held.set(part.value, filled); // a RangeError if the snapshot is longer than held
      filled += part.value.length;
    }
  } else {
    held.set(packed);
  }
  if (filled !== held.length) throw new Error(`snapshot of ${filled} bytes, ${held.length} expected`);
  performance.mark("snapshot-unpacked"); // for benchmarks/page_load.py --trace
}

export async function loadPyodide(options = {}) {
  const stock = { ...options, indexURL: INDEX_URL };
  if (!(await worthFetching())) return loadStock(stock);
  // Pyodide needs the snapshot's size before it instantiates its wasm and its bytes only
  // after: it gets an array of that size at once, so the wasm compiles while the snapshot
  // downloads and unpacks, and its instantiation is held until the array is filled. The
  // file holds the snapshot's difference from a fresh instance's memory
  // (static/fresh_memory.mjs), undone there too, before Pyodide restores the array.
  const held = new Uint8Array(SNAPSHOT_BYTES);
  const filled = fill(held);
  filled.catch(() => {}); // handled where it is awaited: not an unhandled rejection
  let whole = false;
  const stop = onFreshMemory(async (fresh) => {
    await filled;
    xorFresh(held, fresh);
    whole = true;
  });
  let pyodide;
  try {
    pyodide = await loadStock({ ...stock, stdLibURL: SNAPSHOT_STDLIB, _loadSnapshot: held });
    // (A snapshot not filled or not undone fails the restore on its own; this is the guard.)
    if (!whole) throw new Error("the snapshot was restored before it was filled and undone");
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
