// Whether the connection is slow: Save-Data, or one the browser rates "3g" or slower
// (navigator.connection; browsers without it, Safari and Firefox, count as fast). The
// Pyodide worker's loader (static/pyodide_snapshot.mjs) imports this file for its effect.
"use strict";
globalThis.slowLine = () => {
  const line = navigator.connection;
  return Boolean(line && (line.saveData || /^(slow-2g|2g|3g)$/.test(line.effectiveType)));
};
