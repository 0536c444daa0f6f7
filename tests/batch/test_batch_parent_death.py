"""Worker processes never outlive a ``kill -9`` of the batch that started them: the local
pool (the kernel's parent-death signal, and the watcher thread on its own) and a local Dask
cluster."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from batch_helpers import data_lines

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")

GONE_WITHIN = 5.0  # seconds


def _ppid_and_state(pid: int) -> tuple[int, str] | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2:].split()
    return int(fields[1]), fields[0]


def alive(pid: int) -> bool:
    info = _ppid_and_state(pid)
    return info is not None and info[1] != "Z"  # a zombie has ended; only its parent's wait is due


def descendants(pid: int) -> set[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            info = _ppid_and_state(int(entry.name))
            if info is not None:
                parents[int(entry.name)] = info[0]
    found, todo = set(), [pid]
    while todo:
        p = todo.pop()
        kids = {c for c, pp in parents.items() if pp == p} - found
        found |= kids
        todo.extend(kids)
    return found


def wait_until(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def kill_and_check(proc: subprocess.Popen, workers: set[int]) -> None:
    try:
        assert workers and all(alive(p) for p in workers)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        assert wait_until(lambda: not any(alive(p) for p in workers), GONE_WITHIN), (
            f"still running {GONE_WITHIN}s after kill -9: {sorted(p for p in workers if alive(p))}")
    finally:
        for p in workers:  # never leave them behind, even when the test fails
            if alive(p):
                os.kill(p, signal.SIGKILL)


@pytest.fixture
def hard_file(tmp_path) -> Path:
    path = tmp_path / "hard.txt"
    path.write_text("\n".join(data_lines("forum_hardest_1905_11plus.txt") * 10) + "\n")  # 100,000 lines
    return path


def start_batch(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "sudokit", "batch", *args, "-q"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)



def running_workers(proc, ready, settle: float = 0.0) -> set[int]:
    """The batch's processes once ``ready()`` holds (within 60 s); the test is skipped when the
    batch ended before it could be killed."""
    try:
        started = wait_until(ready, 60)
        time.sleep(settle)
        workers = descendants(proc.pid)
    except BaseException:
        proc.kill()
        raise
    if proc.poll() is not None or not started:
        proc.kill()
        pytest.skip("the batch ended before it could be killed")
    return workers

def test_pool_workers_end_with_a_killed_batch(hard_file, tmp_path):
    out = tmp_path / "out.txt"
    proc = start_batch(str(hard_file), "-o", str(out), "--jobs", "2")
    # both workers started and solving (the first batches written)
    workers = running_workers(proc, lambda: len(descendants(proc.pid)) >= 2 and out.exists()
                              and out.stat().st_size > 0)
    assert len(workers) >= 2
    kill_and_check(proc, workers)
    assert 0 < out.read_text().count("\n") < 100_000


def test_the_watcher_alone_ends_an_orphan(tmp_path):
    """The portable fallback: no kernel help, the thread notices the parent is gone."""
    script = tmp_path / "parent.py"
    script.write_text(textwrap.dedent("""
        import multiprocessing as mp, os, sys, time
        from sudokit.adapters.batch.parent_death import exit_with_parent

        def child(parent):
            exit_with_parent(parent, kernel=False)
            print("watching", flush=True)
            time.sleep(120)

        if __name__ == "__main__":
            p = mp.get_context("spawn").Process(target=child, args=(os.getpid(),))
            p.start()
            print(p.pid, flush=True)
            time.sleep(120)
    """))
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        child = int(proc.stdout.readline())
        assert proc.stdout.readline() == "watching\n"
    except BaseException:
        proc.kill()
        raise
    kill_and_check(proc, {child})


def test_dask_local_workers_end_with_a_killed_batch(hard_file, tmp_path):
    pytest.importorskip("distributed")
    proc = start_batch(str(hard_file), "-o", str(tmp_path / "out.txt"), "--jobs", "2", "--dask", "local")
    # 2 workers (+ a tracker), then a second for the cluster to be up and solving
    workers = running_workers(proc, lambda: len(descendants(proc.pid)) >= 3, settle=1.0)
    kill_and_check(proc, workers)
