// localStorage that never throws into Python. Reading `localStorage` itself throws where
// cookies are blocked or the app is framed by another site, and setItem throws when the
// quota is full; under MicroPython such a JS exception escapes Python's try/except, and
// the page never started. Every failure is remembered in `failed` for the page to say so.
"use strict";
window.appStorage = {
  failed: false,
  get(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (error) {
      this.failed = true;
      return null;
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
