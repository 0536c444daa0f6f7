"""CPU time of logical solve paths, to compare explanations as messages with plain strings.

    python benchmarks/bench_messages.py [FILE] [N]           # this checkout
    PYTHONPATH=/path/to/other/src python benchmarks/bench_messages.py [FILE] [N]

Prints the best of 3 CPU times (process time: less disturbed by other load than wall time)
of the solve paths of the first N puzzles of FILE, with the load average beside it.
"""

from __future__ import annotations

import os
import sys
import time

import sudokit
from sudokit.engines.logic.solver import solve_path

DEFAULT = "/work/shared/data/top1465.txt"


def main(argv: list[str]) -> None:
    path = argv[0] if argv else DEFAULT
    n = int(argv[1]) if len(argv) > 1 else 20
    with open(path, encoding="utf-8") as f:
        puzzles = [line.split()[0] for line in f if line.strip() and not line.startswith("#")][:n]
    best = None
    for _ in range(3):
        start = time.process_time()
        for p in puzzles:
            solve_path(p)
        took = time.process_time() - start
        best = took if best is None else min(best, took)
    print(f"| {os.path.dirname(sudokit.__file__)} | {len(puzzles)} solve paths | "
          f"CPU {best:.2f} s (best of 3) | load {os.getloadavg()[0]:.1f} |")


if __name__ == "__main__":
    main(sys.argv[1:])
