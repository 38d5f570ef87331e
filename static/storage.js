// localStorage that never throws into Python. Reading `localStorage` itself throws where
// cookies are blocked or the app is framed by another site, and setItem throws when the
// quota is full; under MicroPython such a JS exception escapes Python's try/except, and
// the page never started. Every failure is remembered in `failed` for the page to say so.
// A value longer than `most` is not handed to Python at all (a huge text would exhaust
// MicroPython's memory); `keepAside` copies a save the page cannot read to "<key>.damaged"
// so the next save does not destroy it.
"use strict";
window.appStorage = {
  failed: false,
  get(key, most) {
    try {
      const value = window.localStorage.getItem(key);
      return most && value && value.length > most ? "" : value;
    } catch (error) {
      this.failed = true;
      return null;
    }
  },
  // Whether a value is saved under `key` (whatever it holds).
  has(key) {
    try {
      return window.localStorage.getItem(key) !== null;
    } catch (error) {
      return false;
    }
  },
  keepAside(key) {
    try {
      return this.set(key + ".damaged", window.localStorage.getItem(key));
    } catch (error) {
      return false;
    }
  },
  // Whether the page is inside another site's frame, where the browser denies it storage
  // (localStorage, CacheStorage, IndexedDB): PyScript cannot start its Pyodide worker there
  // (it always opens an IndexedDB store first), while the MicroPython worker starts.
  deniedInFrame() {
    if (window.self === window.top) return false;
    try {
      return !window.localStorage;
    } catch (error) {
      return true;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, value);
      return true;
    } catch (error) {
      this.failed = true;
      return false;
    }
  },
};

// Lengths measured in JS: under MicroPython a JS string becomes a Python string as soon as
// Python touches it, so a huge link or paste is refused before that (see MAX_*_CHARS).
window.appText = {
  linkLength() {
    return window.location.search.length;
  },
  pastedLength(event) {
    return (event.clipboardData.getData("text") || "").length;
  },
  valueLength(id) {
    return document.getElementById(id).value.length;
  },
  nameLength(file) {
    return String(file.name).length;  // a dropped file's name can be millions of characters
  },
};
