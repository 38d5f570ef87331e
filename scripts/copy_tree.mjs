// Copy the .py files, their bytecode (.mpy) and package data (.bin, .txt) of a folder into an Emscripten file system (MicroPython's or
// Pyodide's `FS`), keeping the layout; used by the scripts that run Python under Node.
import fs from "node:fs";
import path from "node:path";

export function copyTree(FS, from, to) {
  FS.mkdirTree(to);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory() && entry.name !== "__pycache__") copyTree(FS, source, `${to}/${entry.name}`);
    else if (/\.(py|mpy|bin|txt)$/.test(entry.name)) FS.writeFile(`${to}/${entry.name}`, fs.readFileSync(source));
  }
}
