"""Benchmark of ``sudokit batch``: puzzles/s and peak memory for --jobs 1 and --jobs 2 on a big
file, against the compiled core's single-thread batch rate.

    python benchmarks/bench_batch.py                   # 1,000,000 lines a file, a few minutes
    python benchmarks/bench_batch.py --lines 100000    # a quick run
    python benchmarks/bench_batch.py --write docs/batch.md

Two files are built in a temporary directory from ../shared/data/: the 17-clue puzzles
repeated to ``--lines`` lines, and the forum's hardest puzzles (``forum_hardest_1905_11plus``
and ``forum_hardest_1106``) repeated to ``--hard-lines`` lines. Each is solved by the command
(``python -m sudokit batch FILE -o OUT --jobs N --quiet``) in a child process; reported:

- wall: puzzles / wall-clock time of the whole command (interpreter start and imports included);
- run: the rate the command reports itself (reading, solving and writing; start-up excluded);
- peak memory: the largest resident set of any process of the run (``getrusage`` of the
  children: the command and its workers), and the peak of their sum sampled from ``/proc``
  (pages shared by the forked workers are counted in each, so it overstates);
- core: ``core.solve_many`` on the data set the file repeats, one thread, one call, best of 3;
- CPU: seconds of CPU of every process of the run (start-up included), and per puzzle: on a
  busy machine this says more than the wall clock (the core's line: CPU of the call alone).

Targets (issue 8): --jobs 1 at least 80% of the core's rate on 17-clue puzzles; --jobs 2 at
least 1.6x --jobs 1 on the hard puzzles; peak memory under 200 MB. Timings are wall-clock on
whatever else the machine runs: the load average is printed with the results.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_solve import machine, write_report  # noqa: E402

from sudokit.engines.search import core  # noqa: E402

DATA = HERE.parents[1] / "shared" / "data"
EASY = ["17clue.txt"]
HARD = ["forum_hardest_1905_11plus.txt", "forum_hardest_1106.txt"]


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def base_lines(names: list[str]) -> list[bytes]:
    lines: list[bytes] = []
    for name in names:
        lines += [x for x in (DATA / name).read_bytes().split(b"\n") if x.strip()]
    return lines


def build(path: Path, lines: list[bytes], count: int) -> None:
    """``count`` lines: ``lines`` repeated (the last copy cut short)."""
    block = b"\n".join(lines) + b"\n"
    with open(path, "wb") as f:
        left = count
        while left >= len(lines):
            f.write(block)
            left -= len(lines)
        if left:
            f.write(b"\n".join(lines[:left]) + b"\n")


def core_rate(lines: list[bytes], repeat: int = 3) -> tuple[float, float]:
    """(puzzles/s, CPU µs/puzzle) of one ``solve_many`` call over the data set, one thread,
    best of ``repeat``."""
    data = b"\n".join(lines)
    core.solve_many(data[:100_000])  # warm up
    best, best_cpu = float("inf"), float("inf")
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        core.solve_many(data)
        best = min(best, time.perf_counter() - t)
        best_cpu = min(best_cpu, time.process_time() - c)
    return len(lines) / best, 1e6 * best_cpu / len(lines)


class TreeRss:
    """Samples the summed resident set of a process and its descendants from /proc."""

    def __init__(self, pid: int, every: float = 0.05) -> None:
        self.pid, self.every, self.peak = pid, every, 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> TreeRss:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, self._sample())
            self._stop.wait(self.every)

    def _sample(self) -> int:
        parents: dict[int, int] = {}
        rss: dict[int, int] = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/status") as f:
                    text = f.read()
            except OSError:
                continue
            ppid = re.search(r"^PPid:\s+(\d+)", text, re.M)
            vm = re.search(r"^VmRSS:\s+(\d+) kB", text, re.M)
            if ppid:
                parents[int(entry)] = int(ppid.group(1))
            if vm:
                rss[int(entry)] = int(vm.group(1)) * 1024
        tree, grew = {self.pid}, True
        while grew:
            more = {p for p, pp in parents.items() if pp in tree} - tree
            grew = bool(more)
            tree |= more
        return sum(rss.get(p, 0) for p in tree)


@dataclass
class Run:
    jobs: int
    lines: int
    wall: float
    run_rate: float
    peak_one: int      # bytes: the largest process
    peak_tree: int     # bytes: sampled sum of the tree
    cpu: float         # seconds of CPU, every process of the run

    @property
    def wall_rate(self) -> float:
        return self.lines / self.wall


_MEASURE = r"""
import resource, subprocess, sys, time
t = time.perf_counter()
p = subprocess.run(sys.argv[1:], stderr=subprocess.PIPE, text=True)
wall = time.perf_counter() - t
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(wall, u.ru_maxrss, u.ru_utime + u.ru_stime, p.returncode)
print(p.stderr, file=sys.stderr)
"""


def run_batch(path: Path, out: Path, jobs: int, repeat: int = 1) -> Run:
    """The best of ``repeat`` runs (by the command's own rate)."""
    return max((run_once(path, out, jobs) for _ in range(repeat)), key=lambda r: r.run_rate)


def run_once(path: Path, out: Path, jobs: int) -> Run:
    """The command in a fresh child, whose children's peak RSS is this run's alone."""
    cmd = [sys.executable, "-m", "sudokit", "batch", str(path), "-o", str(out), "--jobs", str(jobs)]
    wrapper = subprocess.Popen([sys.executable, "-c", _MEASURE, *cmd], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    with TreeRss(wrapper.pid) as tree:
        stdout, stderr = wrapper.communicate()
    wall, maxrss_kb, cpu, rc = stdout.split()
    if int(rc) != 0:
        raise SystemExit(f"sudokit batch failed ({rc}): {stderr}")
    m = re.search(r"([\d,]+) lines in [\d.]+s \(([\d,]+) puzzles/s", stderr)
    lines, rate = (int(m.group(1).replace(",", "")), float(m.group(2).replace(",", ""))) if m else (0, 0.0)
    return Run(jobs, lines, float(wall), rate, int(maxrss_kb) * 1024, tree.peak, float(cpu))


def mb(n: int) -> str:
    return f"{n / 2**20:,.0f} MB"


def bench_file(label: str, names: list[str], count: int, tmp: Path, jobs_list: list[int],
               repeat: int) -> tuple[str, dict]:
    lines = base_lines(names)
    path = tmp / f"{label}.txt"
    log(f"{label}: building {count:,} lines from {', '.join(names)}")
    build(path, lines, count)
    size = path.stat().st_size
    log(f"{label}: core rate on the {len(lines):,} puzzles of the set")
    rate, core_cpu = core_rate(lines)
    runs = []
    for jobs in jobs_list:
        log(f"{label}: sudokit batch --jobs {jobs}")
        runs.append(run_batch(path, tmp / f"{label}-{jobs}.out", jobs, repeat))
        (tmp / f"{label}-{jobs}.out").unlink()
    path.unlink()
    rows = [f"### {label}: {count:,} lines ({size / 2**20:,.0f} MB), "
            f"from {', '.join(f'`{n}`' for n in names)}", "",
            "| run | puzzles/s (run) | puzzles/s (wall) | vs core | CPU s, all processes | µs CPU/puzzle "
            "| peak RSS, largest process | peak RSS, sum of processes |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
            f"| core `solve_many`, one thread | {rate:,.0f} | | 100% | | {core_cpu:.1f} | | |"]
    for r in runs:
        rows.append(f"| `sudokit batch --jobs {r.jobs}` | {r.run_rate:,.0f} | {r.wall_rate:,.0f} | "
                    f"{100 * r.run_rate / rate:.0f}% | {r.cpu:.1f} | {1e6 * r.cpu / r.lines:.1f} | "
                    f"{mb(r.peak_one)} | {mb(r.peak_tree)} |")
    return "\n".join(rows), {"core": rate, "core_cpu": core_cpu, "runs": {r.jobs: r for r in runs}}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--lines", type=int, default=1_000_000, help="lines of the 17-clue file")
    p.add_argument("--hard-lines", type=int, default=None, help="lines of the hard file (default: --lines)")
    p.add_argument("--jobs", default="1,2", help="comma-separated --jobs values (default 1,2)")
    p.add_argument("--repeat", type=int, default=1, help="runs of each command (the best is kept)")
    p.add_argument("--write", metavar="FILE", help="also write the report (markdown) into FILE")
    args = p.parse_args(argv)
    if not DATA.exists():
        print(f"no data sets at {DATA}", file=sys.stderr)
        return 1
    jobs_list = [int(x) for x in args.jobs.split(",")]
    started = time.perf_counter()
    parts = [machine()]
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as tmp:
        easy, e = bench_file("17-clue", EASY, args.lines, Path(tmp), jobs_list, args.repeat)
        hard, h = bench_file("hardest", HARD, args.hard_lines or args.lines, Path(tmp), jobs_list, args.repeat)
    parts += [easy, hard]
    checks = []
    if 1 in e["runs"]:
        r1 = e["runs"][1]
        checks.append(f"- --jobs 1 on 17-clue: {100 * r1.run_rate / e['core']:.0f}% of the core's rate "
                      f"(run), {100 * r1.wall_rate / e['core']:.0f}% (wall) — target 80%; by CPU time "
                      f"(load-independent): {100 * e['core_cpu'] * r1.lines / 1e6 / r1.cpu:.0f}% "
                      f"(the core's CPU per puzzle over the whole command's, start-up included)")
    if 1 in h["runs"] and 2 in h["runs"]:
        a, b = h["runs"][1], h["runs"][2]
        checks.append(f"- --jobs 2 on the hardest: {b.run_rate / a.run_rate:.2f}x --jobs 1 (run), "
                      f"{b.wall_rate / a.wall_rate:.2f}x (wall) — target 1.6x; CPU time {b.cpu:.1f} s "
                      f"against {a.cpu:.1f} s (the pool's overhead)")
    peak = max(r.peak_one for d in (e, h) for r in d["runs"].values())
    tree = max(r.peak_tree for d in (e, h) for r in d["runs"].values())
    checks.append(f"- peak memory: {mb(peak)} in the largest process, {mb(tree)} summed over the run's "
                  f"processes — target 200 MB")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    checks.append(f"- load average at the end: {load}")
    parts += ["### Targets\n\n" + "\n".join(checks),
              f"_run time {time.perf_counter() - started:.0f} s; command: `python benchmarks/bench_batch.py "
              f"{' '.join(argv if argv is not None else sys.argv[1:])}`_"]
    report = "\n\n".join(parts)
    print(report)
    if args.write:
        write_report(Path(args.write), report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
