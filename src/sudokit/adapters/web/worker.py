"""A worker process: runs one task at a time for the server, and the server's handle on it.

The logical solver keeps module-level caches that are not thread-safe, and a 25x25 step may run
for minutes, so every task runs in a process of its own (the pool of them, with its queues and
lanes, is :mod:`.pool`).

A worker is ``python -m sudokit.adapters.web.worker R W``: a fresh interpreter (the server has threads,
so never ``fork``; and unlike ``multiprocessing``'s spawn it does not re-run the server's own
``__main__``) that talks over two pipes with pickled messages, and says "ready" once it has
imported the solver, so a request never waits for an import. Each task runs under
:func:`sudokit.engines.limits.limited` with the request's remaining time and a cancel token that a
``("cancel", seq)`` message sets: work that checks its budget stops by itself and the worker
stays; the server kills a worker that does not stop in time and starts another.
"""

from __future__ import annotations

import logging
import os
import queue
import subprocess
import sys
import threading
import time
from multiprocessing.connection import Connection
from pathlib import Path

log = logging.getLogger("sudokit.adapters.web")

#: Seconds a new worker may take to import the solver and say "ready".
START_TIMEOUT = 60.0


class TaskTimeout(Exception):
    """The task ran past its time limit (its worker was stopped)."""


class PoolBusy(Exception):
    """No worker became free before the request's time limit."""


class WorkerFailed(Exception):
    """The worker died during the task, or no worker could be started."""


class MemoryLimit(Exception):
    """The task's worker grew past the memory one task may take (it was stopped); ``mb``."""

    def __init__(self, name: str, mb: int) -> None:
        super().__init__(name, mb)
        self.name, self.mb = name, mb


# --- inside the worker process -----------------------------------------------------------------

def _serve(requests: Connection, replies: Connection) -> None:
    """The worker's loop: run each ``("job", seq, name, request, seconds)`` and send back
    ``(seq, outcome)``; a ``("cancel", seq)`` read meanwhile sets that job's cancel token."""
    from sudokit.engines.limits import CancelToken, limited
    from sudokit.adapters.web import tasks  # imports the solver once, before saying ready

    jobs: queue.SimpleQueue = queue.SimpleQueue()
    lock = threading.Lock()
    tokens: dict[int, CancelToken] = {}  # seq -> token of jobs received and not finished

    def listen() -> None:
        while True:
            try:
                message = requests.recv()
            except (EOFError, OSError):
                message = None
            if message is None:
                jobs.put(None)
                return
            if message[0] == "cancel":
                with lock:
                    token = tokens.get(message[1])
                if token is not None:
                    token.cancel()
                continue
            with lock:  # before the main thread sees it: a cancel may follow at once
                tokens[message[1]] = CancelToken()
            jobs.put(message)

    threading.Thread(target=listen, name="sudokit-worker-listen", daemon=True).start()
    replies.send(("ready", os.getpid()))
    while True:
        job = jobs.get()
        if job is None:
            return
        _, seq, name, request, seconds = job
        with lock:
            token = tokens[seq]
        with limited(time_limit=seconds, cancel=token, what=name):
            outcome = tasks.run(name, request)
        with lock:
            del tokens[seq]
        if token.cancelled and outcome[0] != "ok":
            outcome = ("cancelled",)
        try:
            replies.send((seq, outcome))
        except (TypeError, ValueError, AttributeError) as e:  # an answer that cannot be pickled
            log.error("task %s gave an answer that cannot be sent: %r", name, e)
            replies.send((seq, ("error", 500, f"internal error in {name}: {type(e).__name__}")))


def _exit_with(parent: int) -> None:
    """End this worker when the server is gone, even in the middle of a long task."""
    while True:
        time.sleep(1.0)
        if os.getppid() != parent:
            os._exit(0)


def main(argv: list[str]) -> None:
    """Entry point of a worker process: ``python -m sudokit.adapters.web.worker R W`` (pipe fds)."""
    requests = Connection(int(argv[0]), writable=False)
    replies = Connection(int(argv[1]), readable=False)
    threading.Thread(target=_exit_with, args=(os.getppid(),), daemon=True).start()
    try:
        _serve(requests, replies)
    except (KeyboardInterrupt, BrokenPipeError):
        pass


# --- the server's side -------------------------------------------------------------------------

def _child_env() -> dict[str, str]:
    """The server's environment, with this copy of sudokit first on the path."""
    env = dict(os.environ)
    src = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join(p for p in (src, env.get("PYTHONPATH")) if p)
    return env


class Worker:
    """One worker process and the server's ends of its two pipes."""

    def __init__(self) -> None:
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "sudokit.adapters.web.worker", str(to_child_r), str(from_child_w)],
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

    @property
    def pid(self) -> int:
        return self.process.pid

    def rss_mb(self) -> int | None:
        """The process's resident memory in MB (None where /proc cannot tell: gone, not Linux)."""
        try:
            with open(f"/proc/{self.pid}/status", "rb") as f:
                for line in f:
                    if line.startswith(b"VmRSS:"):
                        return int(line.split()[1]) // 1024
        except (OSError, ValueError, IndexError):
            pass
        return None

    def wait_ready(self, timeout: float) -> bool:
        try:
            return self.replies.poll(timeout) and self.replies.recv()[0] == "ready"
        except (EOFError, OSError):
            return False

    def send_job(self, seq: int, name: str, request: dict, seconds: float) -> None:
        """Start a task (raises OSError if the worker is gone)."""
        self.requests.send(("job", seq, name, request, seconds))

    def send_cancel(self, seq: int) -> None:
        try:
            self.requests.send(("cancel", seq))
        except OSError:
            pass  # gone already: the reader sees it

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


if __name__ == "__main__":
    main(sys.argv[1:])
