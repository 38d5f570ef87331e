// The Pyodide memory snapshot is stored as its difference from the memory a fresh instance
// of the same wasm starts with: about 3.8 MB of that memory is the wasm's static data
// (Python's built-in types, tables, strings), which the wasm file already carries and which
// the interpreter's start changes little (68 kB), so storing it twice cost ~1.5 MB of the
// gzipped snapshot. XOR with the fresh memory makes that part nearly all zeros; XOR again
// with the same fresh memory gives the snapshot back.
//
// One module for both ends: scripts/pyodide_bytecode.mjs (Node, at vendoring time) takes
// the difference, static/pyodide_snapshot.mjs (the worker) undoes it. Pyodide keeps no hook
// between instantiating its wasm and restoring the snapshot, so onFreshMemory watches the
// next WebAssembly instantiation for it (an instance exporting `memory` and `__heap_base`:
// Pyodide's main module) and hands the caller its memory before Pyodide touches it.

// Calls use(memory below __heap_base, as a byte view) once, as the next Pyodide-like wasm
// is instantiated; its instantiation resolves once `use` (or the promise it returns) has
// finished (an error is logged, not thrown); returns a function that stops watching (it
// also stops once it has called use).
export function onFreshMemory(use) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  const stop = () => Object.assign(WebAssembly, { instantiate, instantiateStreaming });
  const seen = async (result) => {
    const instance = result instanceof WebAssembly.Instance ? result : result.instance;
    const { memory, __heap_base: heapBase } = instance.exports;
    if (memory && heapBase) {
      stop();
      try {
        await use(new Uint8Array(memory.buffer, 0, heapBase.value));
      } catch (error) {
        // Thrown on, it would fail Pyodide's instantiation, which then waits forever; the
        // caller learns it from `use` not having finished.
        console.warn("fresh memory: " + error);
      }
    }
    return result;
  };
  WebAssembly.instantiate = (...args) => instantiate.apply(WebAssembly, args).then(seen);
  WebAssembly.instantiateStreaming = (...args) =>
    instantiateStreaming.apply(WebAssembly, args).then(seen);
  return stop;
}

// XOR `fresh` into the memory part of `snapshot` (a snapshot as Pyodide's makeMemorySnapshot
// makes it: a header whose second 32-bit word is where the memory starts), in place.
// Throws a RangeError if the two are not 4-byte aligned (they are: the header is a
// multiple of 16 bytes and both views start a buffer).
export function xorFresh(snapshot, fresh) {
  const start = new DataView(snapshot.buffer, snapshot.byteOffset).getUint32(4, true);
  const words = Math.floor(Math.min(fresh.length, snapshot.length - start) / 4);
  const into = new Uint32Array(snapshot.buffer, snapshot.byteOffset + start, words);
  const from = new Uint32Array(fresh.buffer, fresh.byteOffset, words);
  for (let i = 0; i < words; i++) {
    if (from[i]) into[i] ^= from[i]; // most of it is zero above the static data
  }
}
