"""The page in the two other browser engines, behind the part of Playwright's Page that
tests/browser/pages.py uses, so the smoke flows and the load benchmark reuse its helpers.

- WebKitGTK (Safari's engine): Selenium drives Debian's WebKitWebDriver, which opens
  MiniBrowser; it needs an X display, so a private Xvfb is started for it (without one it
  hangs silently). WebDriver gives no console access.
- Firefox ESR: puppeteer-core over WebDriver BiDi, through `firefox_bridge.mjs` (a Node
  process answering one JSON line per request), since Playwright's BiDi mode and
  geckodriver do not work here.

Each engine has only goto, reload and evaluate; everything else is built on evaluate, and
a wait that times out says what the page's status line and ready flags said.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
ENGINES = ("webkit", "firefox")
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
VIEWPORT = (412, 915)  # a Pixel 7's CSS pixels: the app is used mostly on phones
POLL_S = 0.1

# An expression or a function source, called with the argument as Playwright does.
WRAPPER = ("(async () => {{ const f = ({source});"
           " return typeof f === 'function' ? await f({arg}) : await f; }})()")
STATE = """(() => {
    const flags = Object.entries(document.body ? document.body.dataset : {})
        .map(([k, v]) => k + '=' + v).join(' ');
    const status = document.getElementById('status');
    return 'status: ' + JSON.stringify(status ? status.textContent.trim() : null) + '; ' + flags;
})()"""


class EngineError(AssertionError):
    """A step in another engine failed; the message names the engine and the page's state."""


def missing(engine: str) -> str | None:
    """Why the engine cannot run here (what to install), or None when it can."""
    needs = {
        "webkit": [WEBKIT_DRIVER, "/usr/bin/Xvfb"],
        "firefox": [FIREFOX, str(HERE / "node_modules" / "puppeteer-core")],
    }[engine]
    absent = [path for path in needs if not Path(path).exists()]
    if not absent:
        return None
    return ", ".join(absent) + " missing (scripts/setup.sh --browser installs them)"


# Visible as Playwright means it: present, with a box, and not visibility:hidden.
VISIBLE = ("s => { const el = document.querySelector(s); return el !== null"
           " && el.getClientRects().length > 0"
           " && getComputedStyle(el).visibility !== 'hidden'; }")


class Dialog:
    """What a dialog handler is handed: its answer, recorded."""

    def __init__(self, answer: list) -> None:
        self._answer = answer

    def accept(self) -> None:
        self._answer.append(True)

    def dismiss(self) -> None:
        self._answer.append(False)


class Keyboard:
    """page.keyboard.press(key): a keydown and keyup on the focused element."""

    def __init__(self, page: EnginePage) -> None:
        self._page = page

    def press(self, key: str) -> None:
        self._page.evaluate(
            "k => { const el = document.activeElement || document.body;"
            " for (const type of ['keydown', 'keyup']) el.dispatchEvent("
            "new KeyboardEvent(type, {key: k, bubbles: true, cancelable: true})); }", key)


class EnginePage:
    """The subset of Playwright's sync Page the shared helpers use, over `_evaluate`."""

    engine = ""

    def _evaluate(self, expression: str):
        raise NotImplementedError

    def goto(self, url: str, timeout_s: float = 60) -> None:
        raise NotImplementedError

    def reload(self, timeout_s: float = 60) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def screenshot(self, path: str) -> None:
        """The viewport as a PNG file."""
        raise NotImplementedError

    def errors(self) -> list | None:
        """Uncaught errors and console errors since the last call; None where the engine's
        driver cannot see them (WebKitWebDriver has no console access)."""
        return None

    def evaluate(self, source: str, arg=None):
        """Run a JS expression, or a function source called with `arg` (awaited)."""
        return self._evaluate(WRAPPER.format(source=source, arg=json.dumps(arg)))

    def state(self) -> str:
        """The status line and the body's data- flags, for failure messages."""
        try:
            return self._evaluate(STATE)
        except Exception as error:  # noqa: BLE001 - a message about a failure must not fail
            return "page state unreadable: " + str(error)

    def fail(self, what: str) -> EngineError:
        return EngineError(self.engine + ": " + what + " (" + self.state() + ")")

    def wait_for_function(self, source: str, arg=None, timeout: float = 30_000) -> None:
        """Poll until the expression or function is truthy; timeout in ms, as Playwright."""
        deadline = time.monotonic() + timeout / 1000
        while not self.evaluate(source, arg):
            if time.monotonic() > deadline:
                waited = source if arg is None else source + " with " + json.dumps(arg)[:200]
                raise self.fail("timed out after " + str(timeout / 1000) + " s waiting for "
                                + waited)
            time.sleep(POLL_S)

    def wait_for_selector(
        self, selector: str, state: str = "attached", timeout: float = 30_000
    ) -> None:
        assert state in ("attached", "visible"), "only these are needed by the shared helpers"
        if state == "attached":
            self.wait_for_function("s => document.querySelector(s) !== null", selector, timeout)
            return
        self.wait_for_function(VISIBLE, selector, timeout)

    def is_visible(self, selector: str) -> bool:
        return bool(self.evaluate(VISIBLE, selector))

    def on(self, event: str, handler) -> None:
        """Only "dialog": the page's confirm() answers as `handler` answers a dialog (it is
        asked once, here: the shared helpers answer every question the same way)."""
        assert event == "dialog", "only dialogs are needed by the shared helpers"
        answer = []
        handler(Dialog(answer))
        self.evaluate("a => { window.confirm = () => a; }", bool(answer and answer[0]))

    def remove_listener(self, event: str, handler) -> None:
        self.evaluate("() => { delete window.confirm; }")

    @property
    def keyboard(self) -> Keyboard:
        return Keyboard(self)

    def _on(self, selector: str, body: str, arg=None):
        """Run `body` (JS using `el` and `arg`) on the element, failing clearly when absent."""
        found = self.evaluate(
            "([s, arg]) => { const el = document.querySelector(s); if (!el) return {absent: true};"
            " return {value: (() => { " + body + " })()}; }", [selector, arg],
        )
        if found.get("absent"):
            raise self.fail("no element " + selector)
        return found.get("value")

    def click(self, selector: str) -> None:
        self._on(selector, "el.focus(); el.click();")

    def fill(self, selector: str, text: str) -> None:
        self._on(selector, "el.focus(); el.value = arg;"
                 " el.dispatchEvent(new Event('input', {bubbles: true}));", text)

    def select_option(self, selector: str, value: str) -> None:
        self._on(selector, "el.value = arg; el.dispatchEvent(new Event('input', {bubbles: true}));"
                 " el.dispatchEvent(new Event('change', {bubbles: true}));", value)

    def input_value(self, selector: str) -> str:
        return self._on(selector, "return el.value;")

    def inner_text(self, selector: str) -> str:
        return self._on(selector, "return el.innerText;")

    def get_attribute(self, selector: str, name: str) -> str | None:
        return self._on(selector, "return el.getAttribute(arg);", name)

    def is_enabled(self, selector: str) -> bool:
        return self._on(selector, "return !el.disabled;")

    def eval_on_selector_all(self, selector: str, source: str, arg=None):
        return self.evaluate(
            "([s, arg]) => (" + source + ")([...document.querySelectorAll(s)], arg)",
            [selector, arg],
        )


class WebKitPage(EnginePage):
    """MiniBrowser through WebKitWebDriver and Selenium, on a private X display."""

    engine = "WebKitGTK"

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service

        self._display = subprocess.Popen(
            ["Xvfb", "-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "1280x1024x24"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )
        number = self._display.stdout.readline().strip().decode()
        env = {**os.environ, "DISPLAY": ":" + number}
        options = webdriver.WebKitGTKOptions()
        options.binary_location = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
        options.add_argument("--automation")
        try:
            self._driver = webdriver.WebKitGTK(
                options=options, service=Service(executable_path=WEBKIT_DRIVER, env=env)
            )
        except Exception:
            self._display.terminate()
            raise
        self._driver.set_script_timeout(120)
        self._driver.set_window_size(*VIEWPORT)

    def _evaluate(self, expression: str):
        script = ("const done = arguments[arguments.length - 1]; Promise.resolve(" + expression
                  + ").then(v => done({ok: v === undefined ? null : v}),"
                  " e => done({error: String(e)}));")
        answer = self._driver.execute_async_script(script)
        if "error" in answer:
            raise self.fail("script error: " + answer["error"])
        return answer["ok"]

    def goto(self, url: str, timeout_s: float = 60) -> None:
        self._driver.set_page_load_timeout(timeout_s)
        self._driver.get(url)

    def reload(self, timeout_s: float = 60) -> None:
        self._driver.set_page_load_timeout(timeout_s)
        self._driver.refresh()

    def screenshot(self, path: str) -> None:
        self._driver.save_screenshot(path)

    def close(self) -> None:
        try:
            self._driver.quit()
        finally:
            self._display.terminate()
            self._display.wait(10)


class FirefoxPage(EnginePage):
    """Firefox ESR through puppeteer-core (WebDriver BiDi) in a Node bridge process."""

    engine = "Firefox ESR"

    def __init__(self) -> None:
        self._log = tempfile.TemporaryFile(mode="w+")  # a file, so a chatty bridge never blocks
        self._bridge = subprocess.Popen(
            [shutil.which("node") or "node", str(HERE / "firefox_bridge.mjs"), FIREFOX,
             str(VIEWPORT[0]), str(VIEWPORT[1])],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._log, text=True,
        )
        answer = self._answer()
        if "error" in answer:
            raise EngineError(self.engine + " did not start: " + answer["error"])
        self.version = answer["ok"]

    def _answer(self) -> dict:
        line = self._bridge.stdout.readline()
        if not line:
            self._bridge.wait(10)
            self._log.seek(0)
            raise EngineError(self.engine + ": the bridge stopped: " + self._log.read()[-2000:])
        return json.loads(line)

    def _request(self, **request):
        self._bridge.stdin.write(json.dumps(request) + "\n")
        self._bridge.stdin.flush()
        answer = self._answer()
        if "error" in answer:
            raise self.fail(request["op"] + " failed: " + answer["error"])
        return answer["ok"]

    def _evaluate(self, expression: str):
        return self._request(op="evaluate", expression=expression)

    def goto(self, url: str, timeout_s: float = 60) -> None:
        self._request(op="goto", url=url, timeout=timeout_s * 1000)

    def reload(self, timeout_s: float = 60) -> None:
        self._request(op="reload", timeout=timeout_s * 1000)

    def screenshot(self, path: str) -> None:
        self._request(op="screenshot", path=path)

    def errors(self) -> list | None:
        return self._request(op="errors")

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._bridge.stdin.close()
        try:
            self._bridge.wait(30)
        except subprocess.TimeoutExpired:
            self._bridge.kill()
            self._bridge.wait()
        self._log.close()


@contextlib.contextmanager
def engine_page(engine: str) -> Iterator[EnginePage]:
    """A fresh profile in the named engine ('webkit' or 'firefox'), closed afterwards."""
    page = WebKitPage() if engine == "webkit" else FirefoxPage()
    try:
        yield page
    finally:
        page.close()
