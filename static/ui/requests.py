"""A question for the solver worker and its whole life, in one place: not started, waiting
while the worker loads (pressed early: queued, run as soon as the worker that answers it is
ready), running (the first, MicroPython, worker answers what it can before Pyodide is ready),
answered, failed, cancelled, or stale (the grid changed meanwhile: the reply is dropped).

The Runner talks to a solver client (ui/solver_client.py in the page, a fake in the tests)
and hands every outcome to the controller (ui/controller.py). No DOM here.
"""

import asyncio
import json

import protocol

NEW, WAITING, RUNNING, ANSWERED, FAILED, CANCELLED, STALE = (
    "new", "waiting", "running", "answered", "failed", "cancelled", "stale")
ENDED = (ANSWERED, FAILED, CANCELLED, STALE)
CALL = "call"  # the worker's export that answers a protocol command
WAIT_STEP = 0.1  # seconds between looks at a loading or busy solver
# A Solve or Hint the person asks before either worker can answer it (a link opened and
# Solve tapped at once) is tried on the page's thread: a newspaper's 9x9 takes a moment
# there, where the MicroPython worker's start takes seconds on a phone. A Solve's search for
# this long at most, a hint with the Easy and Medium techniques only (techniques.BEFORE_HARD,
# ~0.1 s at most there at desktop speed) and on a classic grid (a Killer's solutions can take
# seconds to count there); up to this size only, so the page never stops answering taps for
# longer.
HERE_SECONDS = 1.0
HERE_MAX_SIZE = 9
HERE_COMMANDS = (protocol.ANALYSE, protocol.HINT)


def for_here(command: str, request: dict) -> bool:
    """Whether a person's request may be tried on this thread: an analyse or hint of a grid
    small enough (a hint's without variant rules)."""
    if command not in HERE_COMMANDS or request.get("size", HERE_MAX_SIZE) > HERE_MAX_SIZE:
        return False
    return command == protocol.ANALYSE or protocol.classic_request(request)


def answer_here(command: str, request: dict):
    """A reply worked out on this thread by static/worker.py, as a worker would answer it,
    or None when that is not for here (for_here), or when it stops: a search past
    HERE_SECONDS, a hint past the Easy and Medium techniques (a worker then goes on)."""
    if not for_here(command, request):
        return None
    import worker  # on first use: the search path, which the first screen does not need

    own = request.get("timeout")
    if command == protocol.HINT:  # stopped past the rows here: a worker goes on
        asked, here_stopped = dict(request, rows=protocol.HERE_ROWS), True
    else:  # stopped by this thread's limit, not the asker's own: a worker goes on
        asked = dict(request, timeout=HERE_SECONDS if own is None else min(own, HERE_SECONDS))
        here_stopped = own is None or own > HERE_SECONDS
    reply = json.loads(worker.call(command, json.dumps(asked)))
    return None if here_stopped and reply.get("status") == protocol.STOPPED else reply


class Request:
    """One question: a protocol command and its payload (a dict), asked of the worker's
    export `export` ('call', or e.g. 'scan_photo' with `args`).

    key: the state the reply belongs to ('' for any): a reply for another key is stale;
    quiet: a background question (rating, candidates, the givens' solution): it waits for a
    free solver, shows no busy state and its failures are dropped; action: what the person
    pressed ('hint', 'step'...), for the words and for what the reply does.
    """

    def __init__(self, command: str, payload=None, key: str = "", quiet: bool = False,
                 action: str = "", export: str = CALL, args=()):
        self.command = command
        self.payload = payload if payload is not None else {}
        self.key = key
        self.quiet = quiet
        self.action = action or command
        self.export = export
        self.args = tuple(args)
        self.state = NEW

    def ended(self) -> bool:
        return self.state in ENDED

    def __repr__(self) -> str:
        return "Request(" + self.action + ", " + self.state + ")"


class Runner:
    """Runs Requests on a solver client, one the person asked for at a time.

    client: `ready` (every command answered), `can_solve` (the FIRST_SOLVER commands
    answered, by either worker), `answers_here` (a person's analyse or hint is taken before
    that: answer_here), `hurry(command)` (a person waits for it: start what answers it soonest),
    `error` (why the solver could not start), `call(command,
    payload)` and `call_export(name, *args)` (a reply dict, or None once cancelled),
    `cancel()`. controller: `key()`, `queued(request)`, `running(request)`,
    `answered(request, reply)` (may return a follow-up Request), `failed(request, problem,
    started)`,
    `stale(request)`. on_change(): redraw, after every change of state.
    """

    def __init__(self, client, controller, on_change=None):
        self.client = client
        self.controller = controller
        self.on_change = on_change or (lambda: None)
        self.current = None  # the person's request waiting or running, if any
        self.quiet = []  # background requests not ended

    def can_run(self, request: Request) -> bool:
        """Whether the worker that answers `request` is ready now."""
        client = self.client
        if request.export == CALL and request.command in protocol.FIRST_SOLVER:
            # a Solve the person asked goes to the client at once if it can try it here
            here = not request.quiet and for_here(request.command, request.payload)
            return bool(client.can_solve or here and client.answers_here)
        return bool(client.ready)

    def take(self, request) -> None:
        """What a controller action returned: None, nothing to do; a new request starts its
        life in the background; one already under way (what cancel() returns) stops."""
        if request is None:
            return
        if request.state == NEW:
            if request.quiet and self.client.error:
                # no solver to ask: failing at once, it would be asked again at the redraw
                # that failure makes, and again, a loop that starves the page
                request.state = FAILED
                return
            self.hold(request)  # now: a redraw before the task starts must see it pending
            asyncio.create_task(self.run(request))
        else:
            self.cancel(request)

    async def run(self, request: Request) -> None:
        """The whole life of `request`, then of the requests its replies lead to."""
        while request is not None:
            request = await self.one(request)
            self.on_change()

    async def one(self, request: Request):
        if request.ended():
            return None
        self.hold(request)
        try:
            if not await self.wait_ready(request):
                return None
            request.state = RUNNING
            if not request.quiet:
                self.controller.running(request)
                self.on_change()
            reply = await self.ask(request)
        finally:
            self.let_go(request)
        return self.settle(request, reply)

    async def wait_ready(self, request: Request) -> bool:
        """Wait for the worker that answers `request` (and, for a background one, for no
        other request of the person's to run); False if it ended meanwhile."""
        client = self.client
        told = False
        while not client.error and not self.can_run(request) or (
                request.quiet and self.current is not None and not client.error):
            if not request.quiet and not told:
                client.hurry(request.command)
                request.state = WAITING
                self.controller.queued(request)
                self.on_change()
                told = True
            await asyncio.sleep(WAIT_STEP)
            if request.ended():
                return False
        if client.error and not self.can_run(request):  # (Solve still runs on the first)
            request.state = FAILED
            if not request.quiet:
                self.controller.failed(request, client.error, False)
            return False
        return not request.ended()

    async def ask(self, request: Request):
        if request.export == CALL:
            return await self.client.call(request.command, request.payload)
        return await self.client.call_export(request.export, *request.args)

    def settle(self, request: Request, reply):
        """Hand a reply to the controller; the follow-up request, if any."""
        if request.ended() or reply is None:  # cancelled meanwhile: cancel() has said so
            request.state = CANCELLED
            return None
        if reply.get("status") == protocol.FAILED:
            request.state = FAILED
            if not request.quiet:
                self.controller.failed(request, str(reply.get("message", "")))
            return None
        if request.key and request.key != self.controller.key():
            request.state = STALE
            self.controller.stale(request)
            return None
        request.state = ANSWERED
        return self.controller.answered(request, reply)

    def hold(self, request: Request) -> None:
        """Count `request` as under way (the person's, or among the background ones)."""
        if not request.quiet:
            self.current = request
        elif request not in self.quiet:
            self.quiet.append(request)

    def let_go(self, request: Request) -> None:
        if self.current is request:
            self.current = None
        if request in self.quiet:
            self.quiet.remove(request)

    def cancel(self, request) -> None:
        """Stop `request` (already marked CANCELLED by the controller): a running one's
        worker is replaced by a fresh one; a waiting one just never runs."""
        if request is None:
            return
        was = request.state
        request.state = CANCELLED
        if self.current is request:
            self.current = None
            if was == RUNNING:
                self.client.cancel()

    def pending(self, request: Request) -> bool:
        """Whether a background request like this one (command, action, key) is under way."""
        return any(r.command == request.command and r.action == request.action
                   and r.key == request.key for r in self.quiet)
