"""The worker processes of the server, shared fairly between quick and slow work and clients.

- **Lanes**: ``workers`` processes may run slow work (default: one per core this process may
  use, :func:`os.sched_getaffinity`) and ``reserved`` more (default one) never do, so a quick
  request only ever waits behind other quick ones. Quick work takes any free process.
- **Per client**: each class of work (quick, slow) is queued per client (its address) and the
  queues are served in turn, one job each, so a client with thirty slow requests does not
  hold up another's one. A client may have at most ``slow_per_client`` slow and
  ``quick_per_client`` quick requests queued or running; one more is refused at once
  (:class:`ClientBusy`, a 429) rather than held: a held request would keep a connection and a
  thread busy and tell the client nothing.
- **Quick that is not**: a quick job still running after :data:`QUICK_SLICE` seconds becomes
  slow work: it keeps its process if a slow lane is free, else it is stopped and queued again
  with its client's slow work.
- **Stopping**: a job past its time limit, a cancelled one (:meth:`WorkerPool.cancel`, by the
  client hanging up or by its job id) or a demoted one gets its cancel token set in the worker
  (work that checks its :mod:`sudokit.engines.limits` budget stops and the process stays); a process
  that has not answered :data:`CANCEL_GRACE` seconds later is killed and replaced.
- **Memory**: a worker whose resident memory passes ``task_memory`` MB while it runs a job is
  killed and replaced (the job fails with :class:`MemoryLimit`, a 503), checked at every tick;
  a worker that has grown past ``recycle_memory`` MB by the end of a job is replaced by a fresh
  process, so what one big request took goes back to the system (Python keeps it otherwise).

One supervisor thread reads the workers' answers and watches the clocks; requests come from any
thread (or event loop) through :meth:`WorkerPool.submit` and wait on the job's future.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import logging
import os
import threading
import time
from collections import Counter, OrderedDict, deque
from dataclasses import dataclass, field
from multiprocessing.connection import wait

from sudokit.i18n import N_, msg
from sudokit.adapters.web.worker import START_TIMEOUT, MemoryLimit, PoolBusy, TaskTimeout, Worker, WorkerFailed

log = logging.getLogger("sudokit.adapters.web")

#: Seconds a quick job may run before it counts as slow work.
QUICK_SLICE = 1.0
#: Seconds a worker has to stop by itself once told to, before it is killed.
CANCEL_GRACE = 0.3
#: The supervisor's clock tick, in seconds.
TICK = 0.05
#: The worker's own budget ends this much before the request's, so that it answers "time
#: limit" itself (and stays) rather than being killed.
STOP_MARGIN = 0.2
SLOW_PER_CLIENT = 16
QUICK_PER_CLIENT = 64
#: MB of resident memory a worker may reach during a job (an empty 36x36 step would take
#: gigabytes; a 25x25 generate takes about 250 MB).
TASK_MEMORY = 1024
#: MB past which a worker is replaced after its job (a fresh one takes about 30 MB, 80 MB once
#: it has read a photo).
RECYCLE_MEMORY = 256


class ClientBusy(Exception):
    """The client already has as many requests of this class as it may (the argument: a
    message, rendered in the request's language)."""


_BUSY_SLOW = N_("this client already has {bound} slow requests queued or running; wait for one to "
                "finish or cancel one")
_BUSY_QUICK = N_("this client already has {bound} quick requests queued or running; wait for one "
                 "to finish or cancel one")


class Cancelled(Exception):
    """The job was cancelled: ``reason`` is ``"cancel"`` (asked for) or ``"gone"`` (hung up)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def default_workers() -> int:
    """Processes for slow work: one per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


@dataclass(eq=False)
class Job:
    """One request's task, from submission to its answer (``future``)."""

    name: str
    request: dict
    client: str
    slow: bool
    deadline: float  # time.monotonic()
    job_id: str | None
    seq: int
    future: concurrent.futures.Future = field(default_factory=concurrent.futures.Future)
    worker: Worker | None = None
    started: float = 0.0
    stop_reason: str | None = None  # "cancel", "gone" or "demote" once told to stop
    stop_sent: float = 0.0
    demoted: bool = False
    finished: bool = False


class FairQueue:
    """Jobs queued per client; :meth:`pop` serves the clients in turn: the one served least
    recently first (a client whose job was taken at once still had its turn)."""

    #: Clients whose last turn is remembered, at most (the rest count as never served).
    REMEMBERED = 4096

    def __init__(self) -> None:
        self._queues: OrderedDict[str, deque[Job]] = OrderedDict()
        self._turns = itertools.count(1)
        self._last: dict[str, int] = {}  # client -> the turn it was last served

    def push(self, job: Job, front: bool = False) -> None:
        q = self._queues.setdefault(job.client, deque())
        q.appendleft(job) if front else q.append(job)

    def pop(self) -> Job | None:
        if not self._queues:
            return None
        client = min(self._queues, key=lambda c: self._last.get(c, 0))  # ties: first queued
        q = self._queues[client]
        job = q.popleft()
        if not q:
            del self._queues[client]
        self._last[client] = next(self._turns)
        if len(self._last) > self.REMEMBERED:
            self._last = {c: t for c, t in self._last.items() if c in self._queues}
        return job

    def remove(self, job: Job) -> bool:
        q = self._queues.get(job.client)
        if q is None or job not in q:
            return False
        q.remove(job)
        if not q:
            del self._queues[job.client]
        return True

    def jobs(self) -> list[Job]:
        return [j for q in self._queues.values() for j in q]

    def __len__(self) -> int:
        return sum(len(q) for q in self._queues.values())


class WorkerPool:
    """Worker processes with quick and slow lanes and per-client queues (see the module)."""

    def __init__(self, workers: int | None = None, *, reserved: int = 1,
                 slow_per_client: int = SLOW_PER_CLIENT, quick_per_client: int = QUICK_PER_CLIENT,
                 quick_slice: float = QUICK_SLICE, task_memory: int | None = TASK_MEMORY,
                 recycle_memory: int | None = RECYCLE_MEMORY) -> None:
        if workers is not None and workers < 1:
            raise ValueError("a worker pool needs at least one worker for slow work")
        if reserved < 1:
            raise ValueError("a worker pool keeps at least one worker for quick work")
        self.slow_lanes = workers or default_workers()
        self.reserved = reserved
        self.size = self.slow_lanes + reserved
        self.slow_per_client = slow_per_client
        self.quick_per_client = quick_per_client
        self.quick_slice = quick_slice
        self.task_memory = task_memory or None  # 0 or None: no limit
        self.recycle_memory = recycle_memory or None
        self._lock = threading.RLock()
        self._idle: list[Worker] = []
        self._running: dict[Worker, Job] = {}
        self._queues = {False: FairQueue(), True: FairQueue()}  # slow? -> queue
        self._load: Counter = Counter()  # (client, slow?) -> jobs queued or running
        self._by_id: dict[tuple[str, str], set[Job]] = {}
        self._slow_running = 0
        self._starting = 0
        self._failures = 0
        self._seq = itertools.count(1)
        self._closed = False
        self._started = False
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_w, False)
        self._supervisor = threading.Thread(target=self._supervise, name="sudokit-web-pool",
                                            daemon=True)

    # --- workers -------------------------------------------------------------------------------
    def start(self) -> None:
        """Start the workers in the background (idempotent)."""
        with self._lock:
            if self._started or self._closed:
                return
            self._started = True
        self._supervisor.start()
        for _ in range(self.size):
            self._spawn_in_background()

    def _spawn_in_background(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._starting += 1
        threading.Thread(target=self._spawn, name="sudokit-web-spawn", daemon=True).start()

    def _spawn(self) -> None:
        worker = None
        try:
            worker = Worker()
            ready = worker.wait_ready(START_TIMEOUT)
        except Exception:  # e.g. out of processes
            log.exception("could not start a worker process")
            ready = False
        with self._lock:
            self._starting -= 1
            if ready and not self._closed:
                self._failures = 0
                self._idle.append(worker)
                self._dispatch()
                return
            self._failures += 1
            retry = not self._closed and self._failures < 3
            if not retry:
                self._fail_if_no_workers()
        if worker is not None:
            worker.kill()
        if retry:
            self._spawn_in_background()

    def _replace(self, worker: Worker) -> None:
        """Kill a worker (not idle, not running a job any more) and start another."""
        worker.kill()
        self._spawn_in_background()

    def _fail_if_no_workers(self) -> None:
        if self._failures >= 3 and not (self._starting or self._idle or self._running):
            for slow in (False, True):
                while (job := self._queues[slow].pop()) is not None:
                    self._finish(job, error=WorkerFailed("no worker process could be started"))

    # --- submitting and cancelling -------------------------------------------------------------
    def submit(self, name: str, request: dict, time_limit: float, *, client: str = "local",
               slow: bool = False, job_id: str | None = None) -> Job:
        """Queue a task; its answer comes on ``job.future``: ``("ok", result)`` or ``("error",
        status, message)``, or one of :class:`TaskTimeout`, :class:`PoolBusy`,
        :class:`Cancelled`, :class:`WorkerFailed`. Raises :class:`ClientBusy` at once when the
        client is at its bound."""
        self.start()
        with self._lock:
            if self._closed:
                raise WorkerFailed("the server is shutting down")
            if self._failures >= 3 and not (self._starting or self._idle or self._running):
                raise WorkerFailed("no worker process could be started")
            bound = self.slow_per_client if slow else self.quick_per_client
            if self._load[client, slow] >= bound:
                raise ClientBusy(msg(_BUSY_SLOW if slow else _BUSY_QUICK, bound=bound))
            job = Job(name, request, client, slow, time.monotonic() + time_limit, job_id,
                      next(self._seq))
            self._load[client, slow] += 1
            if job_id is not None:
                self._by_id.setdefault((client, job_id), set()).add(job)
            self._queues[slow].push(job)
            self._dispatch()
        self._wake()
        return job

    def cancel(self, job: Job, reason: str = "cancel") -> bool:
        """Stop a job: dropped if queued, told to stop (then killed) if running. False if it
        had already finished."""
        with self._lock:
            if job.finished:
                return False
            if job.worker is None:
                self._queues[job.slow].remove(job)
                self._finish(job, error=Cancelled(reason))
                return True
            if job.stop_reason in (None, "demote"):
                first = job.stop_reason is None
                job.stop_reason = reason
                if first:
                    job.stop_sent = time.monotonic()
                    job.worker.send_cancel(job.seq)
        self._wake()
        return True

    def cancel_id(self, client: str, job_id: str) -> int:
        """Cancel the client's unfinished jobs carrying ``job_id``; how many there were."""
        with self._lock:
            jobs = list(self._by_id.get((client, job_id), ()))
        return sum(self.cancel(job, "cancel") for job in jobs)

    def call(self, name: str, request: dict, time_limit: float, **options) -> tuple:
        """Run a task and wait for its answer (see :meth:`submit`)."""
        return self.submit(name, request, time_limit, **options).future.result()

    async def run(self, name: str, request: dict, time_limit: float, **options) -> tuple:
        """:meth:`call` without blocking the event loop; a cancelled caller cancels the job."""
        job = self.submit(name, request, time_limit, **options)
        try:
            return await asyncio.wrap_future(job.future)
        finally:
            if not job.finished:
                self.cancel(job, "gone")

    # --- the supervisor ------------------------------------------------------------------------
    def _wake(self) -> None:
        try:
            os.write(self._wake_w, b"x")
        except (BlockingIOError, OSError):
            pass  # already awake, or closed

    def _supervise(self) -> None:
        while True:
            with self._lock:
                if self._closed:
                    return
                busy = {w.replies: w for w in self._running}
            try:
                ready = wait([*busy, self._wake_r], timeout=TICK)
            except OSError:  # a pipe closed under us: look again
                ready = []
            for conn in ready:
                if conn == self._wake_r:
                    try:
                        os.read(self._wake_r, 4096)
                    except OSError:
                        pass
                    continue
                try:
                    answer = conn.recv()
                except (EOFError, OSError):
                    answer = None
                self._answered(busy[conn], answer)
            self._tick()

    def _answered(self, worker: Worker, answer) -> None:
        """A worker's answer (None: it died)."""
        with self._lock:
            job = self._running.get(worker)
            if job is None:
                return
            if answer is not None and answer[0] != job.seq:
                log.warning("worker %s answered job %s during job %s", worker.pid, answer[0],
                            job.seq)
                return
            self._unassign(job)
            if answer is None:
                healthy = False
                outcome = None
            else:
                healthy = not self._grown(worker)
                outcome = answer[1]
                if healthy and not self._closed:
                    self._idle.append(worker)
            self._settle(job, outcome)
            self._dispatch()
        if not healthy:
            self._replace(worker)

    def _settle(self, job: Job, outcome: tuple | None) -> None:
        """Answer a job whose worker stopped with ``outcome`` (None: killed or died)."""
        stopped = outcome is None or outcome[0] == "cancelled"
        if job.stop_reason in ("cancel", "gone"):
            self._finish(job, error=Cancelled(job.stop_reason))
        elif job.stop_reason == "demote" and stopped:
            self._requeue_slow(job)
        elif outcome is None:
            self._finish(job, error=WorkerFailed(f"the worker process stopped during {job.name}"))
        elif outcome[0] == "cancelled":  # not asked for: the worker's own budget
            self._finish(job, error=TaskTimeout(job.name))
        else:
            self._finish(job, outcome=outcome)

    def _tick(self) -> None:
        now = time.monotonic()
        to_kill: list[Worker] = []
        with self._lock:
            for worker, job in list(self._running.items()):
                if job.stop_reason and now - job.stop_sent > CANCEL_GRACE:
                    to_kill.append(worker)
                    self._unassign(job)
                    self._settle(job, None)
                elif now >= job.deadline and job.stop_reason is None:
                    to_kill.append(worker)
                    self._unassign(job)
                    self._finish(job, error=TaskTimeout(job.name))
                elif self._over_task_memory(worker) and job.stop_reason is None:
                    to_kill.append(worker)
                    self._unassign(job)
                    self._finish(job, error=MemoryLimit(job.name, self.task_memory))
                elif not job.slow and not job.demoted and now - job.started > self.quick_slice:
                    self._demote(job, now)
            for slow in (False, True):
                for job in self._queues[slow].jobs():
                    if now >= job.deadline:
                        self._queues[slow].remove(job)
                        self._finish(job, error=PoolBusy())
            self._fail_if_no_workers()
            self._dispatch()
        for worker in to_kill:
            self._replace(worker)

    def _over_task_memory(self, worker: Worker) -> bool:
        rss = _over(worker, self.task_memory)
        if rss is not None:
            log.warning("worker %s took %d MB, more than a task may (%d MB): stopped", worker.pid,
                        rss, self.task_memory)
        return rss is not None

    def _grown(self, worker: Worker) -> bool:
        """True if a worker that finished a job keeps more memory than it should (replace it)."""
        rss = _over(worker, self.recycle_memory)
        if rss is not None:
            log.info("worker %s keeps %d MB after its job (over %d MB): replaced", worker.pid, rss,
                     self.recycle_memory)
        return rss is not None

    # --- bookkeeping (under the lock) ----------------------------------------------------------
    def _dispatch(self) -> None:
        """Give queued jobs to free workers: quick ones first, slow ones while a slow lane is
        free."""
        now = time.monotonic()
        while self._idle and not self._closed:
            job = self._queues[False].pop()
            if job is None and self._slow_running < self.slow_lanes:
                job = self._queues[True].pop()
            if job is None:
                return
            if now >= job.deadline:
                self._finish(job, error=PoolBusy())
                continue
            worker = self._idle.pop()
            seconds = max(0.01, job.deadline - now - STOP_MARGIN)
            request = {**job.request, "time_limit": seconds}
            try:
                worker.send_job(job.seq, job.name, request, seconds)
            except OSError:  # died while idle
                self._queues[job.slow].push(job, front=True)
                threading.Thread(target=self._replace, args=(worker,), daemon=True).start()
                continue
            job.worker, job.started = worker, now
            self._running[worker] = job
            if job.slow:
                self._slow_running += 1

    def _unassign(self, job: Job) -> None:
        self._running.pop(job.worker, None)
        if job.slow:
            self._slow_running -= 1
        job.worker = None

    def _move(self, job: Job, slow: bool) -> None:
        self._load[job.client, job.slow] -= 1
        job.slow = slow
        self._load[job.client, slow] += 1

    def _demote(self, job: Job, now: float) -> None:
        """A quick job that ran past the slice: slow from now on (stopped and queued again
        when no slow lane is free)."""
        job.demoted = True
        log.info("%s of %s ran past %g s: now slow work", job.name, job.client, self.quick_slice)
        if self._slow_running < self.slow_lanes:
            self._move(job, True)
            self._slow_running += 1
            return
        job.stop_reason, job.stop_sent = "demote", now
        job.worker.send_cancel(job.seq)

    def _requeue_slow(self, job: Job) -> None:
        job.stop_reason = None
        self._move(job, True)
        self._queues[True].push(job)

    def _finish(self, job: Job, outcome: tuple | None = None,
                error: BaseException | None = None) -> None:
        if job.finished:
            return
        job.finished = True
        self._load[job.client, job.slow] -= 1
        if not self._load[job.client, job.slow]:
            del self._load[job.client, job.slow]
        if job.job_id is not None:
            jobs = self._by_id.get((job.client, job.job_id))
            if jobs is not None:
                jobs.discard(job)
                if not jobs:
                    del self._by_id[job.client, job.job_id]
        if job.future.cancelled():
            return
        try:
            if error is not None:
                job.future.set_exception(error)
            else:
                job.future.set_result(outcome)
        except concurrent.futures.InvalidStateError:
            pass

    # --- state ---------------------------------------------------------------------------------
    def close(self) -> None:
        """Stop every worker (a running task is killed); queued jobs fail."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            for slow in (False, True):
                while (job := self._queues[slow].pop()) is not None:
                    self._finish(job, error=WorkerFailed("the server is shutting down"))
            running = list(self._running.items())
            self._running.clear()
            workers = self._idle + [w for w, _ in running]
            self._idle = []
            for _, job in running:
                self._finish(job, error=WorkerFailed("the server is shutting down"))
        self._wake()
        if self._supervisor.is_alive():
            self._supervisor.join(2)
        for w in workers:
            w.stop()
        for fd in (self._wake_r, self._wake_w):
            try:
                os.close(fd)
            except OSError:
                pass

    @property
    def pids(self) -> list[int]:
        """Process ids of the live workers (for tests and diagnostics)."""
        with self._lock:
            return [w.pid for w in self._idle + list(self._running)]

    def stats(self) -> dict:
        """Jobs queued and running, by class, and the workers (for tests and diagnostics)."""
        with self._lock:
            running = list(self._running.values())
            return {"workers": len(self._idle) + len(running), "idle": len(self._idle),
                    "starting": self._starting,
                    "running_quick": sum(not j.slow for j in running),
                    "running_slow": sum(j.slow for j in running),
                    "queued_quick": len(self._queues[False]),
                    "queued_slow": len(self._queues[True])}


def _over(worker: Worker, mb: int | None) -> int | None:
    """The worker's resident memory in MB when a bound ``mb`` is set and it is past it."""
    rss = worker.rss_mb() if mb else None
    return rss if rss is not None and rss > mb else None
