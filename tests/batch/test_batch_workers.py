"""The worker pool: order kept with two jobs, a stop request (Ctrl-C) that keeps every whole
line finished, and a worker killed in the middle of a run."""

from __future__ import annotations

import os
import signal
import sys

import pytest
from batch_helpers import data_lines

from sudokit.model import formats
from sudokit.adapters.batch import BatchWorkerError, solve_file
from sudokit.adapters.batch import pool
from sudokit.adapters.batch.job import run_job

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="forked workers")


@pytest.fixture
def many(tmp_path):
    path = tmp_path / "in.txt"
    lines = data_lines("forum_hardest_1905_11plus.txt", 1000) + data_lines("17clue.txt", 2000)
    path.write_text("\n".join(lines) + "\n")
    return path


def test_two_jobs_write_the_same_bytes_as_one(many, tmp_path, monkeypatch):
    monkeypatch.setattr(pool, "FIRST_LINES", 128)  # many small batches, finishing out of order
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    s1 = solve_file([many], one, jobs=1)
    s2 = solve_file([many], two, jobs=2)
    assert one.read_bytes() == two.read_bytes()
    assert s1.lines == s2.lines == 3000
    assert s2.tally == s1.tally


def test_stop_keeps_every_finished_line_and_resume_completes(many, tmp_path, monkeypatch):
    monkeypatch.setattr(pool, "FIRST_LINES", 128)
    full, part = tmp_path / "full.txt", tmp_path / "part.txt"
    solve_file([many], full, jobs=1)
    seen = []

    def progress(summary, done, total):
        seen.append(summary.lines)

    summary = solve_file([many], part, jobs=2, progress=progress, stop=lambda: len(seen) >= 2)
    assert summary.interrupted
    text = part.read_bytes()
    assert text.endswith(b"\n")
    assert text.count(b"\n") == summary.lines == seen[-1] < 3000
    assert full.read_bytes().startswith(text)
    again = solve_file([many], part, jobs=2, resume=True)
    assert again.resumed == summary.lines and not again.interrupted
    assert part.read_bytes() == full.read_bytes()


def die_after_first(job):
    """run_job, but the worker that gets any batch after the first one is killed."""
    if job.first_line > 1:
        os.kill(os.getpid(), signal.SIGKILL)
    return run_job(job)


def test_a_killed_worker_ends_the_run_with_whole_lines(many, tmp_path, monkeypatch):
    monkeypatch.setattr(pool, "run_job", die_after_first)  # the forked workers inherit it
    monkeypatch.setattr(pool, "FIRST_LINES", 128)
    out = tmp_path / "out.txt"
    with pytest.raises(BatchWorkerError, match="worker process died") as info:
        solve_file([many], out, jobs=2)
    text = out.read_text()
    written = info.value.summary.lines
    assert written < 3000 and text.count("\n") == written
    assert text == "" or text.endswith("\n")
    for puzzle, solution in zip(many.read_text().splitlines(), text.splitlines()):
        grid = formats.parse_one(solution)
        assert grid.is_solved
        assert all(p in ".0" or p == s for p, s in zip(puzzle, solution))


def test_ctrl_c_on_the_command_line_keeps_whole_lines(tmp_path):
    import subprocess
    import time

    src = tmp_path / "hard.txt"
    src.write_text("\n".join(data_lines("forum_hardest_1905_11plus.txt") * 4) + "\n")
    out = tmp_path / "out.txt"
    proc = subprocess.Popen([sys.executable, "-m", "sudokit", "batch", str(src), "-o", str(out), "-j", "2"],
                            stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None and (not out.exists() or out.stat().st_size == 0):
            time.sleep(0.02)
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=60)
        took = time.monotonic() - sent
    finally:
        proc.kill()
    text = out.read_text()
    if proc.returncode == 0:
        pytest.skip("the run finished before Ctrl-C")
    assert proc.returncode == 130, stderr
    assert took < 1.0, f"the batch took {took:.2f} s to stop"  # the bound
    assert "interrupted" in stderr and "--resume" in stderr
    assert text.endswith("\n") and 0 < text.count("\n") < 40000
    assert all(formats.parse_one(line).is_solved for line in text.splitlines()[::500])


HALF_SENT = """
import os, struct, sys, time
from sudokit.adapters.batch.pool import new_pool
from sudokit.engines.search.parallel import stop_pool

def half_sent():
    # the start of a result and no more, as a worker ended while sending one leaves it
    os.write(POOL._result_queue._writer.fileno(), struct.pack("!i", 1 << 20) + b"x" * 100)
    time.sleep(60)

POOL = new_pool(1)
POOL.submit(half_sent)
time.sleep(1.0)
start = time.monotonic()
stop_pool(POOL, False)
print(f"{time.monotonic() - start:.2f}")
"""


def test_a_worker_stopped_while_sending_its_result_lets_the_run_exit(tmp_path):
    # Ctrl-C once left a batch run hanging at exit: the pool's thread kept reading a result
    # whose worker had been stopped halfway through sending it
    import subprocess

    script = tmp_path / "half_sent.py"
    script.write_text(HALF_SENT)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert float(done.stdout) < 6.0  # stop_pool waits at most 5 s for the workers
