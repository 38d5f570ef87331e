"""The Pyodide worker that runs the solver, seen from the main thread.

Calls cross as JSON text. A running Python loop in a worker cannot be interrupted without
SharedArrayBuffer (which needs cross-origin isolation that GitHub Pages cannot give), so
cancel terminates the worker and starts a fresh one.
"""

import asyncio
import json

from pyscript import PyWorker, document, window

from ui import protocol

WORKER_SCRIPT = "./static/worker.py"
# The worker's files (the solver package unpacked from solver.zip, which
# scripts/build_vendor.py builds from every module under solver/) and, for the worker
# index.html starts, its interpreter.
WORKER_CONFIG = "./static/worker.toml"
# PyWorker takes the interpreter only from `version`, as an absolute URL (a bare version
# number would mean a CDN); this one is vendored, so the app needs no network.
PYODIDE = "./static/vendor/pyodide/pyodide.mjs"


def absolute(url: str) -> str:
    """A URL relative to the page, made absolute (a worker runs from a blob: URL)."""
    return str(window.URL.new(url, window.location.href).href)


def adopt_page_worker():
    """The worker index.html starts with the page, so Pyodide loads while this UI starts;
    None once it has been taken (a restart after Cancel makes a new one)."""
    element = document.querySelector("script[worker][name=solver]")
    if element is None:
        return None
    element.remove()
    return window.Reflect.get(element, "xworker")


class SolverClient:
    """One solver worker at a time; `on_state(state, detail)` hears 'loading', 'ready', 'failed'."""

    def __init__(self, on_state):
        self.on_state = on_state
        self.worker = None
        self.ready = False
        self.error = ""  # why the last worker could not start, if it could not
        self.generation = 0  # bumped per worker, so replies from a cancelled one are dropped

    def start(self) -> None:
        """Start a fresh worker; on_state('ready') once it has imported the solver."""
        self.generation += 1
        self.ready = False
        self.error = ""
        self.worker = adopt_page_worker() or PyWorker(
            WORKER_SCRIPT, type="pyodide", version=absolute(PYODIDE), config=absolute(WORKER_CONFIG)
        )
        self.on_state("loading", "")
        asyncio.create_task(self._wait_ready(self.generation, self.worker))

    async def _wait_ready(self, generation: int, worker) -> None:
        try:
            await worker.ready
            if generation == self.generation:
                self.on_state("started", "")
            await worker.sync.call(protocol.PING, "{}")
        except Exception as error:  # noqa: BLE001 - any failure to start is shown to the user
            if generation == self.generation:
                self.error = str(error)
                self.on_state("failed", self.error)
            return
        if generation == self.generation:
            self.ready = True
            self.on_state("ready", "")

    async def call(self, command: str, request: dict):
        """The worker's reply (a dict) to a command (a protocol.FAILED reply if the call
        raised), or None if cancelled meanwhile."""
        return await self.call_export("call", command, json.dumps(request))

    async def call_export(self, name: str, *args):
        """The reply (a dict) of a function the worker exports that answers JSON text (a
        protocol.FAILED reply if the call raised), or None if cancelled meanwhile."""
        generation = self.generation
        try:
            text = await getattr(self.worker.sync, name)(*args)
        except Exception as error:  # noqa: BLE001 - a crashed worker must not lose the grid
            text = json.dumps(protocol.failed(str(error)))
        if generation != self.generation:
            return None
        return json.loads(text)

    def cancel(self) -> None:
        """Stop whatever the worker is doing by replacing it with a fresh one."""
        self.worker.terminate()
        self.start()
