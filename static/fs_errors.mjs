// Cheap failed lookups in an Emscripten file system (MicroPython's, on the page and under
// Node in the tests: scripts/micropython.mjs).
//
// MicroPython's import tries each module's folder and `.py` before its `.mpy`, and every
// miss throws an FS.ErrnoError: an Error subclass whose constructor captures a stack trace,
// asks the wasm's strerror for a message and scans every errno name. The UI's start made
// some 500 misses, ~50 ms at desktop speed in a V8 profile and four times that on a phone's
// quarter core. Emscripten's syscalls catch these errors by `name` and read only `errno`:
// this error keeps both, a short message, and the prototype, so `instanceof FS.ErrnoError`
// and `instanceof Error` hold as before. Only the stack trace is gone.
export function lightErrors(FS) {
  const Full = FS.ErrnoError;
  if (Full.light) return; // applied once
  function ErrnoError(errno) {
    const error = Object.create(Full.prototype);
    error.name = "ErrnoError";
    error.errno = errno;
    error.message = "file system error " + errno;
    return error;
  }
  ErrnoError.prototype = Full.prototype;
  ErrnoError.light = true;
  FS.ErrnoError = ErrnoError;
}
