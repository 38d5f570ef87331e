"""Fixtures for the browser tests: the published site served under a sub-path on a free
localhost port, Debian's Chromium via Playwright, and pages in desktop and phone emulation.

The site is built the way the GitHub Pages workflow builds it (scripts/build_vendor.py
--site), into a temporary folder served as http://127.0.0.1:<port>/sudoku/, so every test
also checks that the published file set is complete and that paths are relative.
"""

import contextlib
import functools
import http.server
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.pages import open_app, reset

playwright_api = pytest.importorskip("playwright.sync_api")

ROOT = Path(__file__).resolve().parents[2]
SUB_PATH = "sudoku"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]
DEVICES = ["desktop", "Pixel 7"]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right type for .mjs/.wasm/.webmanifest, and no request log."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json", ".toml": "text/plain",
        ".py": "text/plain",
    }

    def log_message(self, format, *args):  # noqa: A002 - the base class's signature
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """Ignores clients that hang up mid-file (a test closing its page while it loads)."""

    def handle_error(self, request, client_address):
        if not issubclass(sys.exc_info()[0], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    """The published site, built exactly as the Pages workflow builds it."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build_vendor
    finally:
        sys.path.pop(0)
    served = tmp_path_factory.mktemp("pages")
    build_vendor.build(site=served / SUB_PATH)
    return served


@contextlib.contextmanager
def serve_site(site_dir: Path) -> Iterator[str]:
    """http://127.0.0.1:<free port>/sudoku/ serving the site from a background thread,
    stopped when the block ends."""
    handler = functools.partial(QuietHandler, directory=str(site_dir))
    server = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield "http://127.0.0.1:" + str(server.server_port) + "/" + SUB_PATH + "/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def base_url(site_dir) -> str:
    with serve_site(site_dir) as url:
        yield url


@pytest.fixture(scope="session")
def playwright():
    with playwright_api.sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright):
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (scripts/setup.sh --browser installs it)")
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


def context_options(playwright, device: str) -> dict:
    """Playwright context options for a device name ('desktop' or an emulated phone)."""
    if device == "desktop":
        return {"viewport": {"width": 1280, "height": 800}}
    if device == "360x640":  # the smallest phone screen in use: no device profile has it
        return {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2,
                "is_mobile": True, "has_touch": True}
    return dict(playwright.devices[device])


class PageErrors:
    """Uncaught errors and console errors (CSP violations included) seen by a page."""

    def __init__(self, page):
        self.messages = []
        page.on("pageerror", lambda error: self.messages.append("pageerror: " + str(error)))
        page.on("console", self._console)

    def _console(self, message) -> None:
        if message.type == "error":
            self.messages.append("console: " + message.text)


@pytest.fixture(params=DEVICES)
def device(request) -> str:
    return request.param


@pytest.fixture
def make_context(browser, playwright, device):
    """A factory of fresh browser contexts (own storage, no service worker yet)."""
    contexts = []

    def make(**extra):
        context = browser.new_context(**context_options(playwright, device), **extra)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(make_context):
    """A fresh page; the test fails if the page logs an error or throws."""
    context = make_context()
    page = context.new_page()
    errors = PageErrors(page)
    yield page
    assert errors.messages == []


@pytest.fixture(scope="module", params=DEVICES)
def solver_page(request, browser, playwright, base_url):
    """One page per device with the solver loaded, shared by a module's solving tests
    (Pyodide takes seconds to boot); each test starts from an empty 9x9 grid."""
    context = browser.new_context(**context_options(playwright, request.param))
    page = context.new_page()
    errors = PageErrors(page)
    open_app(page, base_url, solver=True)
    yield page
    context.close()
    assert errors.messages == []


@pytest.fixture
def fresh_solver_page(solver_page):
    """The shared solver page reset to an empty 9x9 grid."""
    reset(solver_page)
    return solver_page
