"""Load test of ``sudokit serve``: how long quick requests take while many slow ones are in flight.

    python benchmarks/bench_web_load.py                    # 30 slow 25x25 steps from 3 clients
    python benchmarks/bench_web_load.py --slow 40 --kind rate --clients 4
    python benchmarks/bench_web_load.py --kind all --slow 30 --window 10

It starts the server (uvicorn on 127.0.0.1, a free port, ``sudokit.adapters.web.app:app_from_env``) in a
child process, sends ``--slow`` slow requests at once from ``--clients`` clients (each from its
own loopback address, 127.0.0.2, 127.0.0.3, ..., so the server sees different clients), and
meanwhile sends quick requests one after the other from another address (127.0.0.200): a 9x9
count, step, check and parse, and ``/api/info``. For each kind of slow load it prints the
quick requests' latency (median, p95, max) and how many slow requests were still in flight while
they were measured.

Bounded: the measuring window ends after ``--window`` seconds or when every slow request has
been answered; then the slow clients hang up (their work is dropped) and the server is stopped.
Nothing leaves the machine. Slow kinds: ``step`` (the next step of an empty 25x25), ``rate``
(rating the forum's hardest 9x9 puzzles, from ../shared/data when present) and ``generate``
(new 25x25 puzzles).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[1] / "shared" / "data"

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
#: Used when ../shared/data is absent: a 9x9 whose rating needs long chains.
HARD_FALLBACK = ["........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"]

QUICK = [
    ("count", "POST", "/api/count", {"puzzle": EASY}),
    ("step", "POST", "/api/step", {"puzzle": EASY}),
    ("check", "POST", "/api/check", {"puzzle": EASY}),
    ("parse", "POST", "/api/parse", {"text": EASY}),
    ("info", "GET", "/api/info", None),
]


def hard_puzzles() -> list[str]:
    path = DATA / "forum_hardest_1106.txt"
    if path.exists():
        return [x for x in path.read_text().split() if len(x) == 81][:100]
    return HARD_FALLBACK


def slow_request(kind: str, i: int, time_limit: float) -> tuple[str, dict]:
    if kind == "step":
        return "/api/step", {"puzzle": "." * 625, "time_limit": time_limit}
    if kind == "rate":
        hard = hard_puzzles()
        return "/api/rate", {"puzzle": hard[i % len(hard)], "time_limit": time_limit}
    if kind == "generate":
        return "/api/generate", {"size": 25, "seed": i, "time_limit": time_limit}
    raise SystemExit(f"unknown slow kind {kind!r}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, workers: int | None) -> subprocess.Popen:
    env = dict(os.environ)
    if workers:
        env["SUDOKIT_WEB_WORKERS"] = str(workers)
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "--factory", "sudokit.adapters.web.app:app_from_env",
         "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("the server did not start:\n" + proc.stderr.read().decode())
        try:
            # a parse waits until a worker is ready, so the clock starts with a warm server
            if httpx.post(url + "/api/parse", json={"text": EASY}, timeout=30).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not answer within 60 s")


def client(address: str, timeout: float) -> httpx.Client:
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=timeout)


def run_load(url: str, kind: str, slow: int, clients: int, window: float,
             time_limit: float) -> dict:
    """Send the slow requests, measure quick ones until the window closes; a row of the table."""
    slow_clients = [client(f"127.0.0.{2 + c}", time_limit + 30) for c in range(clients)]
    outcomes: Counter = Counter()
    pending = [slow]
    closing = threading.Event()
    lock = threading.Lock()

    def send_slow(i: int) -> None:
        path, body = slow_request(kind, i, time_limit)
        try:
            status = str(slow_clients[i % clients].post(url + path, json=body).status_code)
        except httpx.HTTPError as e:
            status = "hung up" if closing.is_set() else type(e).__name__
        with lock:
            outcomes[status] += 1
            pending[0] -= 1

    threads = [threading.Thread(target=send_slow, args=(i,), daemon=True) for i in range(slow)]
    for t in threads:
        t.start()
    time.sleep(0.5)  # let them arrive
    quick = client("127.0.0.200", 60)
    latencies: list[float] = []
    in_flight: list[int] = []
    failures: Counter = Counter()
    end = time.monotonic() + window
    i = 0
    while time.monotonic() < end and pending[0] > 0:
        name, method, path, body = QUICK[i % len(QUICK)]
        i += 1
        with lock:
            in_flight.append(pending[0])
        t0 = time.perf_counter()
        try:
            r = quick.request(method, url + path, json=body)
            if r.status_code != 200:
                failures[f"{name} {r.status_code}"] += 1
        except httpx.HTTPError as e:
            failures[f"{name} {type(e).__name__}"] += 1
        latencies.append(time.perf_counter() - t0)
        time.sleep(0.05)
    quick.close()
    closing.set()
    for c in slow_clients:  # hang up: the server drops what is left
        c.close()
    for t in threads:
        t.join(1.0)
    latencies.sort()
    p95 = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))] if latencies else 0.0
    return {"kind": kind, "slow": slow, "clients": clients, "quick": len(latencies),
            "median": statistics.median(latencies) if latencies else 0.0, "p95": p95,
            "max": latencies[-1] if latencies else 0.0,
            "in_flight": f"{min(in_flight, default=0)}-{max(in_flight, default=0)}",
            "failed": sum(failures.values()), "slow_outcomes": dict(outcomes)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--slow", type=int, default=30, help="slow requests sent at once (max 200)")
    p.add_argument("--clients", type=int, default=3, help="clients sending them (max 50)")
    p.add_argument("--kind", default="step", help="step, rate, generate or all")
    p.add_argument("--window", type=float, default=8.0, help="seconds of measuring (max 120)")
    p.add_argument("--time-limit", type=float, default=20.0,
                   help="time limit each slow request asks for")
    p.add_argument("--workers", type=int, default=None,
                   help="SUDOKIT_WEB_WORKERS for the server (default: the server's own)")
    args = p.parse_args(argv)
    slow, clients = min(max(args.slow, 1), 200), min(max(args.clients, 1), 50)
    window = min(max(args.window, 1.0), 120.0)
    kinds = ["step", "rate", "generate"] if args.kind == "all" else args.kind.split(",")
    port = free_port()
    server = start_server(port, args.workers)
    url = f"http://127.0.0.1:{port}"
    rows = []
    try:
        for kind in kinds:
            rows.append(run_load(url, kind, slow, clients, window, args.time_limit))
            time.sleep(1.0)  # the hung-up work is dropped before the next kind starts
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
    print(f"load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{os.cpu_count()} cores; quick requests: {', '.join(q[0] for q in QUICK)} (9x9)")
    print()
    print("| slow load | clients | quick requests | median | p95 | max | slow in flight | "
          "quick failed | slow answers |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        answers = ", ".join(f"{k}: {v}" for k, v in sorted(r["slow_outcomes"].items())) or "none yet"
        print(f"| {r['slow']} x {r['kind']} | {r['clients']} | {r['quick']} | "
              f"{r['median'] * 1000:.0f} ms | {r['p95'] * 1000:.0f} ms | {r['max'] * 1000:.0f} ms | "
              f"{r['in_flight']} | {r['failed']} | {answers} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
