"""Running batch jobs on every core: a pool of worker processes, results in input order.

Jobs are submitted as the reader makes them, but never more than a few per worker at once, so
memory stays flat however long the input is; results come back in submission order (like
``Pool.imap``). With one job everything runs in the calling process. A worker that dies
(killed, out of memory) ends the run with :class:`BatchWorkerError`; ``stop()`` returning
true (Ctrl-C) ends it after the batches already finished, without waiting for the others.
The workers end with the process that started them, even a killed one (:mod:`.parent_death`).

The batch size adapts: each batch should take about :data:`TARGET_SECONDS` of a worker's
time, between :data:`MIN_LINES` and :data:`MAX_LINES` lines.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from sudokit.i18n import N_, tr
from sudokit.engines.search.parallel import default_jobs, stop_pool
from sudokit.adapters.batch.job import Job, JobOutput, run_job
from sudokit.adapters.batch.parent_death import exit_with_parent
from sudokit.adapters.batch.reader import BatchError

TARGET_SECONDS = 0.2
MIN_LINES = 64
MAX_LINES = 16384
FIRST_LINES = 512
#: Jobs in flight per worker: one running, one or two waiting, so no worker idles.
IN_FLIGHT_PER_WORKER = 2
_POLL = 0.1


WORKER_DIED = N_("a worker process died (killed, or out of memory)")


class BatchWorkerError(BatchError):
    """A worker process died or failed; the run stops (whole lines written so far stay)."""


class Sizer:
    """Lines for the next batch, from how fast the last batches went."""

    def __init__(self, first: int | None = None, target: float | None = None, least: int | None = None) -> None:
        self.lines = first or FIRST_LINES
        self.target = target or TARGET_SECONDS
        self.least = least or MIN_LINES

    def __call__(self) -> int:
        return self.lines

    def observe(self, out: JobOutput) -> None:
        if out.lines <= 0:
            return
        per_line = max(out.seconds, 1e-6) / out.lines
        want = int(self.target / per_line)
        self.lines = max(self.least, min(MAX_LINES, want, self.lines * 4))

    @classmethod
    def for_options(cls, options) -> Sizer:
        """Rating takes a good fraction of a second a puzzle: start with small batches."""
        return cls(first=4, least=1) if options.rate else cls()


def _start_worker(parent_pid: int, kernel: bool) -> None:
    # Ctrl-C reaches the whole process group: the parent decides, the workers carry on.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with_parent(parent_pid, kernel)


def new_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes (forked where the platform can) that ignore Ctrl-C and
    end when this process does, even killed."""
    methods = mp.get_all_start_methods()
    context = mp.get_context("fork" if "fork" in methods else "spawn")
    # The kernel's parent-death signal follows the thread that starts the workers (the one that
    # submits first): trust it only from the main thread, which lives as long as the process.
    kernel = threading.current_thread() is threading.main_thread()
    return ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker,
                               initargs=(os.getpid(), kernel))


def run_jobs(jobs: Iterable[Job], workers: int, sizer: Sizer | None = None,
             stop: Callable[[], bool] | None = None) -> Iterator[tuple[Job, JobOutput]]:
    """(job, output) for every job, in order, solved by ``workers`` processes."""
    stop = stop or (lambda: False)
    if workers <= 1:
        for job in jobs:
            if stop():
                return
            out = run_job(job)
            if sizer is not None:
                sizer.observe(out)
            yield job, out
        return
    yield from _run_pool(iter(jobs), workers, sizer, stop)


def _run_pool(jobs: Iterator[Job], workers: int, sizer: Sizer | None,
              stop: Callable[[], bool]) -> Iterator[tuple[Job, JobOutput]]:
    pool = new_pool(workers)
    inflight: deque[tuple[Job, Future]] = deque()
    limit = workers * IN_FLIGHT_PER_WORKER + 1
    exhausted = False
    finished = False
    read_error: BatchError | None = None  # raised once the batches read before it are out
    try:
        while True:
            while not exhausted and len(inflight) < limit and not stop():
                try:
                    job = next(jobs, None)
                except BatchError as e:
                    read_error, job = e, None
                if job is None:
                    exhausted = True
                else:
                    try:
                        inflight.append((job, pool.submit(run_job, job)))
                    except BrokenProcessPool:  # a worker died while the earlier jobs ran
                        raise BatchWorkerError(tr(WORKER_DIED)) from None
            if not inflight or stop():
                finished = not inflight
                if read_error is not None:
                    raise read_error
                return
            job, future = inflight[0]
            if not _wait(future, stop):
                return
            inflight.popleft()
            out = _result(future)
            if sizer is not None:
                sizer.observe(out)
            yield job, out
    finally:
        stop_pool(pool, finished)


def _wait(future: Future, stop: Callable[[], bool]) -> bool:
    """Wait for ``future``; False if ``stop()`` turned true first."""
    while not future.done():
        if stop():
            return False
        wait([future], timeout=_POLL, return_when=FIRST_COMPLETED)
    return True


def _result(future: Future) -> JobOutput:
    try:
        return future.result()
    except BrokenProcessPool:
        raise BatchWorkerError(tr(WORKER_DIED)) from None
    except BatchError:
        raise
    except Exception as e:
        raise BatchWorkerError(tr("a worker failed: {kind}: {reason}", kind=type(e).__name__,
                                  reason=e)) from e


__all__ = ["run_jobs", "Sizer", "BatchWorkerError", "default_jobs"]
