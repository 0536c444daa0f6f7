"""Quick requests never wait behind slow ones; slow work is queued and bounded per client, and
stops when its client hangs up or cancels it (the pool of :mod:`sudokit.adapters.web.pool`)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import threading
import time

import pytest
from fastapi.testclient import TestClient

from sudokit.adapters.web.app import create_app
from sudokit.adapters.web.costs import is_slow
from sudokit.adapters.web.pool import CANCEL_GRACE, WorkerPool

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EMPTY_25 = "." * 625
#: Generous bounds for "at once": behaviour, not speed.
SETTLE = 10.0


@pytest.fixture(scope="module")
def app(pool):
    return create_app(pool=pool)


def client(app, host: str) -> TestClient:
    return TestClient(app, client=(host, 50000))


def wait_for(condition, timeout: float = SETTLE) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError("the pool did not get there in time")
        time.sleep(0.02)


def send_slow(app, hosts: list[str], per_host: int, answers: dict) -> list[threading.Thread]:
    """Slow 25x25 steps (job ids ``host-i``) in threads; their responses land in ``answers``."""
    threads = []
    for host in hosts:
        c = client(app, host)
        for i in range(per_host):
            job = f"{host}-{i}"

            def post(c=c, job=job):
                answers[job] = c.post("/api/step", json={"puzzle": EMPTY_25, "time_limit": 60,
                                                         "job": job})

            threads.append(threading.Thread(target=post, daemon=True))
    for t in threads:
        t.start()
    return threads


def cancel_all(app, hosts: list[str], per_host: int) -> int:
    n = 0
    for host in hosts:
        c = client(app, host)
        for i in range(per_host):
            n += c.post("/api/cancel", json={"job": f"{host}-{i}"}).json()["cancelled"]
    return n


def in_flight(pool) -> int:
    s = pool.stats()
    return s["running_slow"] + s["queued_slow"]


# --- what is quick -------------------------------------------------------------------------------

@pytest.mark.parametrize("task,request_,slow", [
    ("count", {"puzzle": EASY}, False),
    ("step", {"puzzle": EASY}, False),
    ("step", {"puzzle": {"box": [3, 3], "givens": EASY}}, False),
    ("step", {"puzzle": EMPTY_25}, True),
    ("step", {"puzzle": {"box": [5, 5], "givens": EMPTY_25}}, True),
    ("step", {"puzzle": "." * 256}, True),
    ("hint", {"puzzle": "." * 81, "box": "4x4"}, True),  # the box says 16x16
    ("count", {"puzzle": EMPTY_25}, True),
    ("round", {"puzzle": "." * 256}, False),
    ("rate", {"puzzle": EASY}, True),
    ("generate", {"size": 4}, True),
    ("parse", {"text": EASY}, False),
    ("parse", {"text": (EASY + "\n") * 2000}, True),
    ("export", {"puzzle": EMPTY_25}, False),
])
def test_quick_or_slow_by_task_and_grid_size(task, request_, slow):
    assert is_slow(task, request_) is slow


# --- fairness -------------------------------------------------------------------------------------

def test_quick_requests_answer_while_thirty_slow_ones_are_in_flight(app, pool):
    hosts = ["10.0.0.1", "10.0.0.2", "10.0.0.3"]
    answers: dict = {}
    threads = send_slow(app, hosts, 10, answers)
    try:
        wait_for(lambda: in_flight(pool) == 30)
        me = client(app, "10.0.0.9")
        quick = [
            me.post("/api/count", json={"puzzle": EASY}),
            me.post("/api/step", json={"puzzle": EASY}),
            me.post("/api/check", json={"puzzle": EASY}),
            me.post("/api/parse", json={"text": EASY}),
            me.get("/api/info"),
        ]
        # every quick answer came while all thirty were still queued or running
        assert not answers and in_flight(pool) == 30
        assert [r.status_code for r in quick] == [200] * 5
        assert quick[0].json()["label"] == "unique"
    finally:
        cancelled = cancel_all(app, hosts, 10)
        for t in threads:
            t.join(SETTLE)
    assert cancelled == 30
    assert {r.status_code for r in answers.values()} == {409}
    assert "cancelled" in answers["10.0.0.1-0"].json()["error"]
    assert in_flight(pool) == 0


def test_slow_work_of_several_clients_is_served_in_turn(pool):
    # three jobs of client a queued before one of client b: b's goes second, not fourth
    jobs = [pool.submit("step", {"puzzle": EMPTY_25, "max_size": 36}, 60, client=c, slow=True)
            for c in ("a", "a", "a", "b")]
    try:
        wait_for(lambda: pool.stats()["running_slow"] == 1)
        assert jobs[0].worker is not None
        pool.cancel(jobs[0])
        wait_for(lambda: jobs[3].worker is not None or jobs[1].worker is not None)
        assert jobs[3].worker is not None and jobs[1].worker is None
    finally:
        for j in jobs:
            pool.cancel(j)
    wait_for(lambda: in_flight(pool) == 0)


def test_a_client_over_its_bound_gets_429_and_others_do_not():
    small = WorkerPool(1, slow_per_client=2)
    try:
        app = create_app(pool=small)
        answers: dict = {}
        threads = send_slow(app, ["10.1.0.1"], 2, answers)
        wait_for(lambda: in_flight(small) == 2)
        r = client(app, "10.1.0.1").post("/api/step", json={"puzzle": EMPTY_25})
        assert r.status_code == 429
        assert "2 slow requests" in r.json()["error"] and set(r.json()) == {"error"}
        r = client(app, "10.1.0.1").post("/api/step", json={"puzzle": EMPTY_25, "lang": "sv"})
        assert r.status_code == 429 and "redan 2 långsamma anrop" in r.json()["error"]
        # another client is not refused, and quick work of the same client still runs
        other: dict = {}
        threads += send_slow(app, ["10.1.0.2"], 1, other)
        wait_for(lambda: in_flight(small) == 3)
        assert client(app, "10.1.0.1").post("/api/count", json={"puzzle": EASY}).status_code == 200
        assert cancel_all(app, ["10.1.0.1"], 2) + cancel_all(app, ["10.1.0.2"], 1) == 3
        for t in threads:
            t.join(SETTLE)
    finally:
        small.close()


# --- stopping -----------------------------------------------------------------------------------

def test_cancel_stops_a_running_task_at_once(app, pool):
    answers: dict = {}
    threads = send_slow(app, ["10.2.0.1"], 1, answers)
    wait_for(lambda: pool.stats()["running_slow"] == 1)
    start = time.monotonic()
    r = client(app, "10.2.0.1").post("/api/cancel", json={"job": "10.2.0.1-0"})
    assert r.json()["cancelled"] == 1
    threads[0].join(SETTLE)
    assert answers["10.2.0.1-0"].status_code == 409
    # told to stop, or killed after the grace: well within a second or two either way
    assert time.monotonic() - start < CANCEL_GRACE + 2.0
    assert pool.stats()["running_slow"] == 0
    # nothing to cancel: said so; another client cannot cancel this client's jobs
    assert client(app, "10.2.0.1").post("/api/cancel", json={"job": "nope"}).json()["cancelled"] == 0
    bad = client(app, "10.2.0.1").post("/api/cancel", json={"job": "no spaces"})
    assert bad.status_code == 422 and "job" in bad.json()["error"]


def test_another_client_cannot_cancel_a_job(app, pool):
    answers: dict = {}
    threads = send_slow(app, ["10.3.0.1"], 1, answers)
    try:
        wait_for(lambda: in_flight(pool) == 1)
        r = client(app, "10.3.0.2").post("/api/cancel", json={"job": "10.3.0.1-0"})
        assert r.json()["cancelled"] == 0 and in_flight(pool) == 1
    finally:
        cancel_all(app, ["10.3.0.1"], 1)
        threads[0].join(SETTLE)


def _asgi_post(app, path: str, body: dict, host: str, gone: asyncio.Event):
    """The app called as a server would, with a client that hangs up when ``gone`` is set."""
    raw = json.dumps(body).encode()
    sent = []

    async def receive():
        if not sent:
            sent.append(True)
            return {"type": "http.request", "body": raw, "more_body": False}
        await gone.wait()
        return {"type": "http.disconnect"}

    messages: list = []

    async def send(message):
        messages.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
             "root_path": "", "client": (host, 50000), "server": ("testserver", 80),
             "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"),
                         (b"content-length", str(len(raw)).encode())]}
    return app(scope, receive, send), messages


def test_a_client_that_hangs_up_has_its_running_and_queued_work_dropped(app, pool):
    async def scenario():
        gone = asyncio.Event()
        body = {"puzzle": EMPTY_25, "time_limit": 60}
        calls = [asyncio.ensure_future(_asgi_post(app, "/api/step", body, "10.4.0.1", gone)[0])
                 for _ in range(3)]
        end = time.monotonic() + SETTLE  # the workers may still be starting
        while (in_flight(pool) < 3 or pool.stats()["running_slow"] < 1) and time.monotonic() < end:
            await asyncio.sleep(0.02)
        assert pool.stats()["running_slow"] == 1 and pool.stats()["queued_slow"] == 2
        gone.set()
        await asyncio.wait_for(asyncio.gather(*calls), SETTLE)
        end = time.monotonic() + CANCEL_GRACE + 2.0
        while in_flight(pool) and time.monotonic() < end:
            await asyncio.sleep(0.02)

    run_in_own_loop(scenario(), SETTLE + CANCEL_GRACE + 5)
    assert in_flight(pool) == 0


def run_in_own_loop(coroutine, timeout: float) -> None:
    """``asyncio.run`` in a thread of its own (the browser tests' driver may keep an event
    loop running in this one); what the coroutine raises is raised here."""
    outcome: dict = {}

    def body():
        try:
            asyncio.run(coroutine)
        except BaseException as e:  # noqa: BLE001 - raised again below
            outcome["error"] = e

    t = threading.Thread(target=body, daemon=True)
    t.start()
    t.join(timeout)
    assert not t.is_alive(), "the scenario did not end in time"
    if "error" in outcome:
        raise outcome["error"]


def test_a_quick_request_that_runs_long_becomes_slow_work(monkeypatch):
    # a parse of 57 KB counts as quick; with a slice of 2 ms it is not, and while the one slow
    # lane is taken it waits with the slow work instead of holding the quick lane (the pool
    # looks every 2 ms here: the parse takes about 13 ms, less than the usual 50 ms look)
    from sudokit.adapters.web import pool as pool_module

    monkeypatch.setattr(pool_module, "TICK", 0.002)
    short = WorkerPool(1, quick_slice=0.002)
    try:
        app = create_app(pool=short)
        text = (EASY + "\n") * 700
        assert not is_slow("parse", {"text": text})
        answers: dict = {}
        threads = send_slow(app, ["10.5.0.1"], 1, answers)
        wait_for(lambda: short.stats()["running_slow"] == 1)
        parsed: dict = {}

        def parse():
            parsed["r"] = client(app, "10.5.0.2").post("/api/parse", json={"text": text})

        t = threading.Thread(target=parse, daemon=True)
        t.start()
        wait_for(lambda: short.stats()["queued_slow"] == 1)
        assert short.stats()["running_quick"] == 0  # the quick lane is free again
        cancel_all(app, ["10.5.0.1"], 1)
        t.join(SETTLE)
        assert parsed["r"].status_code == 200 and parsed["r"].json()["total"] == 700
        threads[0].join(SETTLE)
    finally:
        short.close()


def test_a_worker_that_dies_during_a_task_gives_a_500_json(app, pool):
    answers: dict = {}
    threads = send_slow(app, ["10.6.0.1"], 1, answers)
    wait_for(lambda: pool.stats()["running_slow"] == 1)
    job = next(iter(pool._running.values()))
    os.kill(job.worker.pid, signal.SIGKILL)
    threads[0].join(SETTLE)
    r = answers["10.6.0.1-0"]
    assert r.status_code == 500
    assert r.json() == {"error": "the worker process stopped during step"}
    # a new worker takes its place
    wait_for(lambda: pool.stats()["workers"] == pool.size)
    assert client(app, "10.6.0.1").post("/api/count", json={"puzzle": EASY}).status_code == 200
