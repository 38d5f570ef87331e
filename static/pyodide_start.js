// Starts the Pyodide solver worker (the script in index.html's <template id="pyodide-worker">)
// with the page, so it loads while the UI starts; except on a slow line (Save-Data, or a
// connection the browser rates "3g" or slower), where its 5 MB would share the line with what
// the first solution needs: there static/ui/solver_client.py starts it once the MicroPython
// worker answers. Browsers without navigator.connection (Safari, Firefox) start it at once.
// The rule is static/line.js's slowLine(), loaded just before this script.
"use strict";
(() => {
  const template = document.getElementById("pyodide-worker");
  if (template && !globalThis.slowLine()) template.replaceWith(template.content.cloneNode(true));
})();
