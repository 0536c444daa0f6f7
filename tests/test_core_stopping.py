"""Stopping the compiled core: a cancel token set by another thread, Ctrl-C in the main thread,
and the GIL released while it searches, for every method and for batches."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from sudokit import Geometry, Grid

from sudokit.engines import limits
from sudokit.model.errors import CancelledError
from sudokit.engines.search import core

EMPTY_9 = Grid.empty(Geometry.of(9))  # about 6.7e21 solutions: counting them never ends
EMPTY_16 = Grid.empty(Geometry.of(16))


def run_in_thread(fn):
    """Start ``fn`` in a thread; returns (thread, outcome dict with 'error' or 'result')."""
    outcome: dict = {}
    started = threading.Event()

    def body():
        started.set()
        try:
            outcome["result"] = fn()
        except BaseException as e:  # noqa: BLE001 - the test looks at what it was
            outcome["error"] = e
        outcome["ended"] = time.perf_counter()

    t = threading.Thread(target=body, daemon=True)
    t.start()
    started.wait()
    return t, outcome


@pytest.mark.parametrize("method", core.CORE_METHODS)
def test_a_cancel_from_another_thread_stops_a_count_that_would_never_end(method):
    token = limits.CancelToken()

    def count():
        with limits.limited(cancel=token):
            return core.count_solutions(EMPTY_9, None, method=method)

    t, outcome = run_in_thread(count)
    time.sleep(0.3)
    assert t.is_alive(), outcome  # still counting
    asked = time.perf_counter()
    token.cancel()
    t.join(5)
    assert not t.is_alive()
    assert isinstance(outcome.get("error"), CancelledError), outcome
    assert "cancelled after" in str(outcome["error"])
    assert outcome["ended"] - asked < 0.5


def variant_empties() -> dict[str, Grid]:
    """Empty variant grids for each search of the variant core: counting never ends."""
    import random

    from sudokit.model.rules.jigsaw import random_regions

    jigsaw = Geometry.of(16).with_variants(regions=random_regions(16, 4, 4, random.Random(1)))
    return {"9x9 x (bitboards)": Grid.empty(Geometry.of(9).with_variants("x")),
            "16x16 jigsaw (bitboards)": Grid.empty(jigsaw),
            "20x20 x (generic)": Grid.empty(Geometry.of(20).with_variants("x"))}


@pytest.mark.parametrize("name", list(variant_empties()))
def test_a_cancel_stops_a_variant_count_and_a_time_limit_caps_it(name):
    grid = variant_empties()[name]
    token = limits.CancelToken()

    def count():
        with limits.limited(cancel=token):
            return core.count_solutions(grid, None)

    t, outcome = run_in_thread(count)
    time.sleep(0.3)
    assert t.is_alive(), outcome
    asked = time.perf_counter()
    token.cancel()
    t.join(5)
    assert isinstance(outcome.get("error"), CancelledError), outcome
    assert outcome["ended"] - asked < 0.5
    start = time.perf_counter()
    with limits.limited(0.3):
        result = core.solve(grid, limit=None, keep=0)
    assert result.limit_reached and not result.complete
    assert time.perf_counter() - start < 1.5


def test_a_cancel_stops_a_batch_of_variant_puzzles():
    grid = variant_empties()["9x9 x (bitboards)"]
    token = limits.CancelToken()

    def batch():
        with limits.limited(cancel=token):
            return core.solve_many([grid] * 50, limit=None)

    t, outcome = run_in_thread(batch)
    time.sleep(0.3)
    token.cancel()
    t.join(5)
    assert isinstance(outcome.get("error"), CancelledError), outcome


def test_a_cancel_stops_a_batch_between_and_inside_puzzles():
    token = limits.CancelToken()
    lines = "\n".join([EMPTY_9.to_line()] * 50) + "\n"

    def batch():
        with limits.limited(cancel=token):
            return core.solve_many(lines, limit=None)

    t, outcome = run_in_thread(batch)
    time.sleep(0.3)
    token.cancel()
    t.join(5)
    assert isinstance(outcome.get("error"), CancelledError), outcome


def test_the_budgets_time_limit_caps_the_search():
    start = time.perf_counter()
    with limits.limited(0.3):
        result = core.solve(EMPTY_16, limit=None, keep=0)
    assert result.limit_reached and not result.complete
    assert time.perf_counter() - start < 1.5


def test_the_search_releases_the_gil_while_it_runs():
    """The main thread keeps running, without a pause longer than a scheduler's slice, for
    the whole second a search in another thread takes."""
    t, outcome = run_in_thread(lambda: core.solve(EMPTY_9, limit=None, keep=0, time_limit=1.0))
    gaps, last = [], time.perf_counter()
    while t.is_alive():
        now = time.perf_counter()
        gaps.append(now - last)
        last = now
    t.join()
    result = outcome["result"]
    assert result.limit_reached and result.seconds >= 0.9  # it did search for the second
    assert result.nodes > 100_000
    assert max(gaps) < 0.25, f"the main thread stood still for {max(gaps):.2f} s"


SIGINT_SCRIPT = """
import sys, time
from sudokit import Geometry, Grid
from sudokit.engines.search import core
print("ready", flush=True)
start = time.perf_counter()
try:
    core.count_solutions(Grid.empty(Geometry.of(9)), None, method=sys.argv[1])
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(130)
"""


def wait_line(proc, expected: str, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        line = proc.stdout.readline()
        if expected in line:
            return
    raise AssertionError(f"no {expected!r} from the child")


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
@pytest.mark.parametrize("method", core.CORE_METHODS)
def test_ctrl_c_interrupts_the_core_at_once(method):
    proc = subprocess.Popen([sys.executable, "-c", SIGINT_SCRIPT, method], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        wait_line(proc, "ready")
        time.sleep(0.5)  # well inside the C search by now
        assert proc.poll() is None
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=5)
        assert proc.returncode == 130, err
        assert "interrupted" in out
        assert time.monotonic() - sent < 1.0
    finally:
        proc.kill()


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
def test_ctrl_c_stops_sudokit_solve_count_with_exit_130():
    proc = subprocess.Popen([sys.executable, "-m", "sudokit", "solve", "." * 81, "--count",
                             "--limit", "1000000000000000"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(2.0)  # imported and counting
        assert proc.poll() is None, proc.communicate()
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=5)
        assert time.monotonic() - sent < 1.0
        assert proc.returncode == 130, err
        assert "interrupted" in err and "Traceback" not in err
    finally:
        proc.kill()
