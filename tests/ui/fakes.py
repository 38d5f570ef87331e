"""What the controller's flows run against under CPython: a solver client that answers
through static/worker.py itself (the real solver, no browser), held or loading on demand,
and a storage that is a dict."""

import asyncio
import json
import sys
from concurrent.futures import ThreadPoolExecutor

from tests.ui import STATIC

if str(STATIC) not in sys.path:
    sys.path.insert(0, str(STATIC))

import worker  # noqa: E402 - static/worker.py
from ui.controller import Controller  # noqa: E402
from ui.requests import Runner  # noqa: E402


def run(flow) -> None:
    """Run an async flow (a function of no arguments) to its end, on a thread of its own:
    the browser tests, in the same pytest process, leave Playwright's event loop running on
    this one, where asyncio.run() refuses to start."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, flow()).result()


class FakeClient:
    """ui/solver_client.py's interface: `ready`, `can_solve`, `answers_here`, `hurry`, `error`,
    `call`, `call_export`, `cancel`. Replies come from static/worker.py; `hold()` keeps them until
    `release()`."""

    def __init__(self, ready: bool = True, can_solve=None):
        self.ready = ready
        self.can_solve = ready if can_solve is None else can_solve
        self.error = ""
        self.answers_here = False  # True: a person's analyse or hint is asked before can_solve
        self.calls = []  # (command, payload) in the order asked
        self.hurried = []  # the commands a person waited for, in the order asked
        self.cancels = 0
        self.gate = None

    def hold(self) -> None:
        self.gate = asyncio.Event()

    def release(self) -> None:
        self.gate.set()

    def load(self) -> None:
        """The Pyodide worker becomes ready."""
        self.ready = self.can_solve = True

    async def call(self, command: str, payload: dict):
        asked = self.cancels
        self.calls.append((command, payload))
        if self.gate is not None:
            await self.gate.wait()
        if self.cancels != asked:
            return None
        return json.loads(worker.call(command, json.dumps(payload)))

    async def call_export(self, name: str, *args):
        self.calls.append((name, args))
        return {"status": "invalid", "message": "no photo here"}

    def hurry(self, command: str) -> None:
        self.hurried.append(command)

    def cancel(self) -> None:
        self.cancels += 1


class DictStore:
    """The controller's storage port over a dict (what window.appStorage does)."""

    def __init__(self, items=None):
        self.items = dict(items or {})
        self.failed = False

    def get(self, key: str, most: int):
        text = self.items.get(key)
        return text if isinstance(text, str) and len(text) <= most else None

    def set(self, key: str, text: str) -> None:
        self.items[key] = text

    def has(self, key: str) -> bool:
        return key in self.items

    def keep_aside(self, key: str) -> bool:
        self.items[key + ".damaged"] = self.items.get(key)
        return True


class Page:
    """A controller, its runner on a fake client, and the renders they asked for."""

    def __init__(self, client=None, store=None):
        self.client = client or FakeClient()
        self.store = store or DictStore()
        self.ctl = Controller(self.store)
        self.views = []
        self.runner = Runner(self.client, self.ctl, self.render)

    def render(self) -> None:
        self.views.append(self.ctl.view())

    def act(self, request) -> None:
        self.runner.take(request)
        self.render()

    async def settle(self) -> None:
        """Let every request under way run to its end."""
        for _ in range(1000):  # ten seconds at most
            await asyncio.sleep(0.01)
            if self.runner.current is None and not self.runner.quiet and not self.pending():
                return
        raise AssertionError("requests never settled")

    def pending(self) -> bool:
        return any(not task.done() for task in asyncio.all_tasks()
                   if task is not asyncio.current_task())
