"""A request's memory is bounded and given back (issue 39): a worker that grows past the memory
one task may take is stopped and the request answered 503 in JSON saying so; a worker that
keeps more than the recycling bound after its task is replaced by a fresh process. The bounds
are made small here so that a 16x16 or 25x25 grid passes them in a second or two."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from sudokit.adapters.web.app import create_app
from sudokit.adapters.web.pool import WorkerPool
from sudokit.adapters.web.worker import Worker

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def rss_of(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) // 1024 for line in f if line.startswith("VmRSS:"))


def ready(pool: WorkerPool, timeout: float = 30) -> list[int]:
    deadline = time.monotonic() + timeout
    while pool.stats()["idle"] < pool.size:
        assert time.monotonic() < deadline, pool.stats()
        time.sleep(0.05)
    return pool.pids


def test_a_request_past_the_task_memory_is_a_json_503_and_the_next_is_answered():
    pool = WorkerPool(1, task_memory=60, recycle_memory=0)
    try:
        with TestClient(create_app(pool=pool)) as client:
            before = set(ready(pool))
            assert all(rss_of(pid) < 60 for pid in before)  # the bound is above a fresh worker
            started = time.monotonic()
            r = client.post("/api/steps", json={"puzzle": "." * 625, "time_limit": 20})
            assert r.status_code == 503, r.text
            error = r.json()["error"]
            assert "steps needed more than 60 MB of memory" in error, error
            assert time.monotonic() - started < 15  # stopped for its memory, not its time
            r = client.post("/api/steps", json={"puzzle": "." * 625, "lang": "sv"})
            assert r.status_code == 503 and "60 MB minne" in r.json()["error"], r.text
            after = set(ready(pool))
            assert after - before and len(after) == pool.size  # the big ones were replaced
            r = client.post("/api/count", json={"puzzle": EASY})
            assert r.status_code == 200 and r.json()["count"] == 1
    finally:
        pool.close()


def test_a_worker_that_grew_is_replaced_after_its_task():
    pool = WorkerPool(1, recycle_memory=60)
    try:
        with TestClient(create_app(pool=pool)) as client:
            before = set(ready(pool))
            r = client.post("/api/steps", json={"puzzle": "." * 625, "time_limit": 3})
            assert r.status_code == 200 and "message" in r.json(), r.text  # answered
            after = set(ready(pool))
            assert len(before - after) == 1 and len(after - before) == 1  # one new process
            assert all(rss_of(pid) < 60 for pid in after)  # its memory given back
            r = client.post("/api/count", json={"puzzle": EASY})
            assert r.status_code == 200 and r.json()["count"] == 1
            # a small request leaves its worker in place
            assert set(ready(pool)) == after
    finally:
        pool.close()


def test_a_worker_reports_its_resident_memory():
    worker = Worker()
    try:
        assert worker.wait_ready(30)
        assert worker.rss_mb() == rss_of(worker.pid)
    finally:
        worker.kill()
    assert worker.rss_mb() is None  # gone
