"""Work off the event loop: a few worker processes, each running one task at a time.

The logical solver keeps module-level caches that are not thread-safe, and a 25x25 step may run
for minutes, so every task runs in a process of its own. A task that overruns its time limit has
its process killed and a fresh one started in the background: it never holds up the requests
that other workers are serving, and nothing of it is left running.

A worker is ``python -m sudokit.web.worker R W``: a fresh interpreter (the server has threads,
so never ``fork``; and unlike ``multiprocessing``'s spawn it does not re-run the server's own
``__main__``) that talks over two pipes with pickled messages, and says "ready" once it has
imported the solver, so a request never waits for an import.
"""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from pathlib import Path

log = logging.getLogger("sudokit.web")

#: Seconds a new worker may take to import the solver and say "ready".
START_TIMEOUT = 60.0


class TaskTimeout(Exception):
    """The task ran past its time limit (its worker was killed)."""


class PoolBusy(Exception):
    """No worker became free before the request's time limit."""


class WorkerFailed(Exception):
    """The worker died during the task, or no worker could be started."""


def _serve(requests: Connection, replies: Connection) -> None:
    """A worker's main loop: receive ``(name, request)``, send back the task's outcome."""
    from sudokit.web import tasks  # imports the solver once, before saying ready

    replies.send(("ready", os.getpid()))
    while True:
        try:
            job = requests.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        name, request = job
        replies.send(tasks.run(name, request))


def _child_env() -> dict[str, str]:
    """The server's environment, with this copy of sudokit first on the path."""
    env = dict(os.environ)
    src = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join(p for p in (src, env.get("PYTHONPATH")) if p)
    return env


class _Worker:
    """One worker process and the parent's ends of its two pipes."""

    def __init__(self) -> None:
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "sudokit.web.worker", str(to_child_r), str(from_child_w)],
                pass_fds=(to_child_r, from_child_w), stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, env=_child_env())
        except BaseException:
            for fd in (to_child_w, from_child_r):
                os.close(fd)
            raise
        finally:
            os.close(to_child_r)
            os.close(from_child_w)
        self.requests = Connection(to_child_w, readable=False)
        self.replies = Connection(from_child_r, writable=False)

    def wait_ready(self, timeout: float) -> bool:
        try:
            return self.replies.poll(timeout) and self.replies.recv()[0] == "ready"
        except (EOFError, OSError):
            return False

    def call(self, name: str, request: dict, timeout: float) -> tuple:
        """Send one task and wait up to ``timeout`` seconds for its outcome."""
        try:
            self.requests.send((name, request))
            if not self.replies.poll(max(timeout, 0.0)):
                raise TaskTimeout(name)
            return self.replies.recv()
        except (EOFError, OSError) as e:
            raise WorkerFailed(f"the worker process stopped during {name}") from e

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            log.warning("worker %s did not exit after kill", self.process.pid)
        for conn in (self.requests, self.replies):
            conn.close()

    def stop(self) -> None:
        try:
            self.requests.send(None)
            self.process.wait(1)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.kill()


class WorkerPool:
    """``size`` worker processes; :meth:`run` gives a task to a free one with a time limit."""

    def __init__(self, size: int = 2) -> None:
        if size < 1:
            raise ValueError("a worker pool needs at least one worker")
        self.size = size
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()
        self._starting = 0
        self._failures = 0
        self._cond = threading.Condition()
        self._closed = False
        self._started = False
        # threads that wait on the workers' pipes (a few per worker: queued requests wait here)
        self._threads = ThreadPoolExecutor(max_workers=4 * size + 4,
                                           thread_name_prefix="sudokit-web-wait")

    # --- workers -------------------------------------------------------------------------------
    def start(self) -> None:
        """Start the workers in the background (idempotent)."""
        with self._cond:
            if self._started or self._closed:
                return
            self._started = True
        for _ in range(self.size):
            self._spawn_in_background()

    def _spawn_in_background(self) -> None:
        with self._cond:
            self._starting += 1
        threading.Thread(target=self._spawn, name="sudokit-web-spawn", daemon=True).start()

    def _spawn(self) -> None:
        worker = None
        try:
            worker = _Worker()
            ready = worker.wait_ready(START_TIMEOUT)
        except Exception:  # e.g. out of processes
            log.exception("could not start a worker process")
            ready = False
        with self._cond:
            self._starting -= 1
            if ready and not self._closed:
                self._failures = 0
                self._idle.append(worker)
                self._cond.notify()
                return
            self._failures += 1
            retry = not self._closed and self._failures < 3
            self._cond.notify_all()
        if worker is not None:
            worker.kill()
        if retry:
            self._spawn_in_background()

    def _acquire(self, deadline: float) -> _Worker:
        with self._cond:
            while not self._idle:
                if self._closed:
                    raise WorkerFailed("the server is shutting down")
                if self._failures >= 3 and not self._starting:
                    raise WorkerFailed("no worker process could be started")
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise PoolBusy()
                self._cond.wait(remaining)
            worker = self._idle.pop()
            self._busy.add(worker)
            return worker

    def _release(self, worker: _Worker, healthy: bool) -> None:
        with self._cond:
            self._busy.discard(worker)
            if healthy and not self._closed:
                self._idle.append(worker)
                self._cond.notify()
                return
        worker.kill()
        if not self._closed:
            self._spawn_in_background()

    # --- tasks ---------------------------------------------------------------------------------
    def call(self, name: str, request: dict, time_limit: float) -> tuple:
        """Run a task, blocking: ``("ok", result)`` or ``("error", status, message)``; raises
        :class:`TaskTimeout`, :class:`PoolBusy` or :class:`WorkerFailed`."""
        return self._call_by(name, request, time.monotonic() + time_limit)

    def _call_by(self, name: str, request: dict, deadline: float) -> tuple:
        self.start()
        worker = self._acquire(deadline)
        healthy = False
        try:
            outcome = worker.call(name, request, deadline - time.monotonic())
            healthy = True
            return outcome
        finally:
            self._release(worker, healthy)

    async def run(self, name: str, request: dict, time_limit: float) -> tuple:
        """:meth:`call` without blocking the event loop."""
        loop = asyncio.get_running_loop()
        # the clock starts now, so time spent queued for a thread counts too
        deadline = time.monotonic() + time_limit
        return await loop.run_in_executor(self._threads, self._call_by, name, request, deadline)

    def close(self) -> None:
        """Stop every worker (a running task is killed)."""
        with self._cond:
            self._closed = True
            workers = self._idle + list(self._busy)
            self._idle = []
            self._cond.notify_all()
        for w in workers:
            w.stop()
        self._threads.shutdown(wait=False, cancel_futures=True)

    @property
    def pids(self) -> list[int]:
        """Process ids of the live workers (for tests and diagnostics)."""
        with self._cond:
            return [w.process.pid for w in self._idle + list(self._busy)]


def _exit_with(parent: int) -> None:
    """End this worker when the server is gone, even in the middle of a long task."""
    while True:
        time.sleep(1.0)
        if os.getppid() != parent:
            os._exit(0)


def main(argv: list[str]) -> None:
    """Entry point of a worker process: ``python -m sudokit.web.worker R W`` (pipe fds)."""
    requests = Connection(int(argv[0]), writable=False)
    replies = Connection(int(argv[1]), readable=False)
    threading.Thread(target=_exit_with, args=(os.getppid(),), daemon=True).start()
    try:
        _serve(requests, replies)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main(sys.argv[1:])
