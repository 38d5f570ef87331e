"""The solver workers, seen from the main thread: the Pyodide one, which answers everything,
started once the UI has; and a MicroPython one, which answers analyse (Solve), watch and
hint (Hint, Step: the techniques before the forcing chains, Pyodide going on past them)
before Pyodide is ready, started only when a person waits for one of those (hurry), or
when Pyodide cannot start (in another site's frame). A 9x9 Solve asked before either can
answer is worked out on the page's thread, for a second at most (ui/requests.py's
answer_here), so the usual first solution needs no worker; so is a 9x9 hint's, with the
Easy and Medium techniques.

A phone's few slow cores are shared by the UI and the workers, so only Pyodide starts after
the UI unless a person waits for what MicroPython answers sooner: the MicroPython worker's
start, when it always came first, held Pyodide's back ~3 s on a quarter core
(benchmarks/page_load.py), hence hints too.

Both run static/worker.py; calls cross as JSON text. A running Python loop in a worker
cannot be interrupted without SharedArrayBuffer (which needs cross-origin isolation that
GitHub Pages cannot give), so cancel terminates the busy worker and starts a fresh one.

A Pyodide worker that dies (a crash, out of memory) sends nothing more, so its calls would
wait forever: it holds a Web Lock named for it from its first reply until it stops, and the
UI waits for that lock, which the browser grants once the worker is gone. Its pending calls
then answer FAILED (WORKER_DIED) and a new worker starts.
"""

import asyncio
import json

from pyscript import PyWorker, window

import protocol
from ui.requests import HERE_COMMANDS, answer_here

WORKER_SCRIPT = "./static/worker.py"
# The workers' files (the solver package unpacked from solver.tar.gz or solver_pyc.zip, which
# scripts/build_vendor.py builds from every module under solver/) and interpreters.
WORKER_CONFIG = "./static/worker.toml"
FIRST_CONFIG = "./static/first_worker.toml"
# PyWorker takes the interpreter only from `version`, as an absolute URL (a bare version
# number would mean a CDN); this one is vendored, so the app needs no network.
PYODIDE = "./static/pyodide_snapshot.mjs"
MICROPYTHON = "./static/vendor/micropython/micropython.mjs"
# From this size up, a search on the MicroPython worker that runs longer than this many
# seconds stops there and goes on in Pyodide (its big-int work is several times faster).
HANDOVER_SIZE = 16
HANDOVER_SECONDS = 2
WORKER_DIED = ("the solver stopped unexpectedly (it may have run out of memory); a new one is "
               "starting and your grid is kept")
PAINT_SECONDS = 0.05  # a frame or two for the browser to paint before work on its thread
LOCK_WAIT = 50  # tenths of a second for the worker's life lock to show up in the lock list


def js_object(value) -> bool:
    """Whether a value from JS is an object: not None, nor JS undefined or null (MicroPython
    can hand those over as truthy proxies)."""
    if value is None:
        return False
    kind = str(window.Object.prototype.toString.call(value))
    return kind not in ("[object Undefined]", "[object Null]")


def absolute(url: str) -> str:
    """A URL relative to the page, made absolute (a worker runs from a blob: URL)."""
    return str(window.URL.new(url, window.location.href).href)


async def answer_text(worker, name: str, args: tuple) -> str:
    """The JSON text a worker's export `name` answers, or a FAILED reply's if it raised."""
    try:
        return await getattr(worker.sync, name)(*args)
    except Exception as error:  # noqa: BLE001 - a crashed worker must not lose the grid
        return json.dumps(protocol.failed(str(error)))


def build_current() -> bool:
    """Whether this page's build is still the one the service worker serves (False once
    another tab took a new version: static/updates.js's current())."""
    updates = window.appUpdates
    return not js_object(updates) or bool(updates.current())


def handed_over(request: dict) -> bool:
    """Whether an analyse goes on in Pyodide after HANDOVER_SECONDS on the MicroPython
    worker: a big grid, unless the caller's own time limit is no longer than that (a
    background question's few seconds stay its few seconds, never a search of minutes)."""
    own = request.get("timeout")
    return request.get("size", 9) >= HANDOVER_SIZE and (own is None or own > HANDOVER_SECONDS)


def handing_over(command: str, request: dict, failed: bool) -> dict:
    """The request as the MicroPython worker gets it: a big grid's analyse cut at
    HANDOVER_SECONDS, a hint to the techniques before the forcing chains (QUICK_ROWS: a
    forcing net takes tens of seconds there), each then going on in Pyodide; else
    `request` itself, as when Pyodide has failed (the work then stays there, uncut)."""
    if failed:
        return request
    if command == protocol.ANALYSE and handed_over(request):
        return dict(request, timeout=HANDOVER_SECONDS)
    if command == protocol.HINT:
        return dict(request, rows=protocol.QUICK_ROWS)
    return request


def life_lock(generation: int) -> str:
    """The Web Lock a worker holds while it lives (unique to this page and worker)."""
    return "sudoku-worker-" + str(window.performance.timeOrigin) + "-" + str(generation)


class SolverClient:
    """The two solver workers; `on_state(state, detail)` hears the Pyodide worker's
    'loading', 'started', 'ready', 'failed', 'died' (a new one is then starting), and
    'solve-ready' when the MicroPython one can solve before it; 'outdated' instead of
    starting a worker once this page's build is no longer the one served (the page then
    reloads: a worker started now would be built from another build's files)."""

    def __init__(self, on_state):
        self.on_state = on_state
        self.worker = None
        self.ready = False  # the Pyodide worker answers every command
        self.error = ""  # why the last Pyodide worker could not start, if it could not
        self.generation = 0  # bumped per Pyodide worker: a cancelled one's state is ignored
        self.pending = []  # {"event", "text"} of each call the Pyodide worker owes
        self.first = None  # the MicroPython worker: protocol.FIRST_SOLVER's commands
        self.first_ready = False
        self.first_generation = 0
        self.busy = None  # the worker the last call went to: the one cancel replaces
        self.answers_here = True  # a person's 9x9 Solve or Hint, before either worker can
        self.cancels = 0  # bumped by cancel, so the replies of calls made before are dropped

    @property
    def can_solve(self) -> bool:
        """Whether analyse can be asked now (of either worker)."""
        return self.ready or self.first_ready

    def start(self) -> None:
        """Start the Pyodide worker; on_state('ready') once it has imported the solver."""
        self.start_main()

    def hurry(self, command: str) -> None:
        """A person waits for `command`: start the MicroPython worker if it answers that
        sooner than Pyodide will (once; Pyodide not ready yet)."""
        if command in protocol.FIRST_SOLVER and not self.ready and self.first is None:
            self.start_first()

    def start_held_back(self) -> None:
        """Start the Pyodide worker if it has not started yet (a page outdated at start)."""
        if self.worker is None:
            self.start_main()

    def outdated(self) -> bool:
        """Whether a worker must not start, because the page's build is gone (then said)."""
        if build_current():
            return False
        self.on_state("outdated", "")
        return True

    def start_main(self) -> None:
        if self.outdated():
            return
        self.generation += 1  # counts Pyodide workers: above 1, a restart
        self.ready = False
        self.error = ""
        self.worker = PyWorker(
            WORKER_SCRIPT, type="pyodide", version=absolute(PYODIDE), config=absolute(WORKER_CONFIG)
        )
        self.on_state("loading", "")
        asyncio.create_task(self._wait_ready(self.generation, self.worker))

    def start_first(self) -> None:
        if self.outdated():
            return
        self.first_generation += 1
        self.first_ready = False
        self.first = PyWorker(
            WORKER_SCRIPT, type="micropython", version=absolute(MICROPYTHON),
            config=absolute(FIRST_CONFIG),
        )
        asyncio.create_task(self._wait_first(self.first_generation, self.first))

    async def _wait_first(self, generation: int, worker) -> None:
        try:
            await worker.ready
            await worker.sync.call(protocol.PING, "{}")
        except Exception:  # noqa: BLE001 - Pyodide still comes; its state is what is shown
            return
        if generation == self.first_generation:
            self.first_ready = True
            if not self.ready:
                self.on_state("solve-ready", "")

    async def _wait_ready(self, generation: int, worker) -> None:
        try:
            await worker.ready
            if generation == self.generation:
                self.on_state("started", "")
            await worker.sync.call(protocol.PING, json.dumps({"alive": life_lock(generation)}))
        except Exception as error:  # noqa: BLE001 - any failure to start is shown to the user
            if generation == self.generation:
                self.error = str(error)
                self.on_state("failed", self.error)
                self.hurry(protocol.ANALYSE)  # Solve still works, on MicroPython
            return
        if generation == self.generation:
            self.ready = True
            self.on_state("ready", "")
            asyncio.create_task(self._watch(generation))

    async def _watch(self, generation: int) -> None:
        """Wait for the worker's life lock; granted means the worker is gone."""
        locks = window.navigator.locks
        if not js_object(locks):
            return  # no Web Locks (old browser): a dead worker goes unnoticed, as before
        name = life_lock(generation)
        for _ in range(LOCK_WAIT):
            if name in str(window.JSON.stringify(await locks.query())):
                break
            await asyncio.sleep(0.1)
        else:
            return  # the worker never took it
        await locks.request(name, lambda lock: None)
        if generation == self.generation:
            self.release(json.dumps(protocol.failed(WORKER_DIED)))
            self.on_state("died", WORKER_DIED)
            self.start_main()

    async def call(self, command: str, request: dict):
        """The reply (a dict) to a command (a protocol.FAILED reply if the call raised or
        the worker died), or None if cancelled meanwhile. An analyse or hint asked before
        either worker can answer it is tried here first (answer_here). Analyse, watch and hint go
        to the MicroPython worker until Pyodide is ready; a big grid's long search there,
        and a hint that needs a forcing chain, move on to Pyodide once it is."""
        asked = self.cancels
        if command in HERE_COMMANDS and not self.can_solve:
            await asyncio.sleep(PAINT_SECONDS)  # "Solving" on screen before the thread is busy
            if self.cancels != asked:
                return None
            reply = answer_here(command, request)
            if reply is not None:
                return reply
            self.hurry(command)
            while not self.can_solve and not self.error:  # too long to do here: wait
                await asyncio.sleep(0.1)
                if self.cancels != asked:
                    return None
            if not self.can_solve:
                return protocol.failed(self.error)
        if command in protocol.FIRST_SOLVER and not self.ready and self.first_ready:
            first = handing_over(command, request, bool(self.error))
            handing = first is not request
            self.busy = self.first
            reply = await self._ask_first(command, first)
            if self.cancels != asked:
                return None
            if not handing or reply.get("status") != protocol.STOPPED:
                return reply  # (a watch's STOPPED is its cap; a timed call's, its own)
            while not self.ready and not self.error:  # hand over: wait for Pyodide
                await asyncio.sleep(0.1)
                if self.cancels != asked:
                    return None
        return await self.call_export("call", command, json.dumps(request))

    async def _ask_first(self, command: str, request: dict) -> dict:
        return json.loads(await answer_text(self.first, "call", (command, json.dumps(request))))

    async def call_export(self, name: str, *args):
        """The reply (a dict) of a function the Pyodide worker exports that answers JSON
        text (a protocol.FAILED reply if the call raised or the worker died), or None if
        cancelled meanwhile."""
        self.start_held_back()  # a command only Pyodide answers, asked before the first solve
        self.busy = self.worker
        owed = {"event": asyncio.Event(), "text": None}
        self.pending.append(owed)
        asyncio.create_task(self._send(self.worker, name, args, owed))
        await owed["event"].wait()
        return None if owed["text"] is None else json.loads(owed["text"])

    async def _send(self, worker, name: str, args: tuple, owed: dict) -> None:
        text = await answer_text(worker, name, args)
        if owed in self.pending:  # not already answered by cancel() or the worker's death
            self.pending.remove(owed)
            owed["text"] = text
            owed["event"].set()

    def release(self, text) -> None:
        """Answer every call the Pyodide worker owes with `text` (None: cancelled)."""
        for owed in self.pending:
            owed["text"] = text
            owed["event"].set()
        self.pending = []

    def cancel(self) -> None:
        """Stop the running call by replacing the worker doing it with a fresh one."""
        self.cancels += 1
        if self.busy is self.first and self.first is not None:
            self.first.terminate()
            self.start_first()
        else:
            self.release(None)
            self.worker.terminate()
            self.start_main()
