"""Benchmark of the puzzle generator against the Python peers, in one run.

For each generator and setting: puzzles per second (one core, one puzzle a call), the share of
its output that actually has one solution (checked by sudokit's core), the share that is
minimal (9x9), the mean number of givens and the median sudokit score of the unique ones:

- ``sudokit``: :func:`sudokit.engines.generate.generate` -- minimal unique 9x9 puzzles (any level, no
  rating), each level (rated until one fits), 16x16 (minimal), 25x25 minimal and 25x25 (the
  default: givens whose removal needs a long proof are kept);
- ``py-sudoku`` (module ``sudoku``): ``Sudoku(3, seed=s).difficulty(d)``, which empties a share
  ``d`` of the cells of a random grid;
- ``hodoku-py``: ``hodoku.Generator().generate(DifficultyType.X, symmetric=...)`` for each of
  its levels (it rates candidates with its own solver until one fits).

Targets (issue 6): at least 200 minimal unique 9x9 puzzles/s; a unique 16x16 in under 0.5 s
and a unique 25x25 in under 5 s on average. Issue 21 (the removal loop in the core): at least
5,000 minimal 9x9 puzzles/s, a minimal 16x16 in under 0.2 s and a minimal 25x25 in under 5 s
(medians; the 25x25 row stops a puzzle at a time limit and counts it at the limit).

Run: ``python benchmarks/bench_generate.py [--count N] [--quick] [--generators sudokit,...]``.
Peers that are not installed (``pip install '.[bench]'``) are skipped with a note.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_solve import machine  # noqa: E402  (one description of the machine for every benchmark)


@dataclass
class Row:
    generator: str
    setting: str
    puzzles: list[str] = field(default_factory=list)
    box: str | None = None
    seconds: float = 0.0
    unique: int = 0
    minimal: int | None = None
    givens: float = 0.0
    median_score: float | None = None
    note: str = ""

    @property
    def rate(self) -> float:
        return len(self.puzzles) / self.seconds if self.seconds else 0.0


def timed(make: Callable[[int], str], count: int) -> tuple[list[str], float]:
    """``count`` puzzles from ``make(seed)`` (seeds 1..count) and the seconds they took."""
    out = []
    start = time.perf_counter()
    for seed in range(1, count + 1):
        out.append(make(seed))
    return out, time.perf_counter() - start


def timed_each(make: Callable[[int], str], count: int, limit: float) -> tuple[list[str], list[float], float, int]:
    """Like :func:`timed`, with each puzzle's seconds; a puzzle that reaches the time limit
    ``limit`` (SearchLimitError) counts as ``limit`` seconds and is not kept. Returns (puzzles,
    seconds of each, CPU seconds in all, how many reached the limit)."""
    from sudokit.model.errors import SearchLimitError

    out, each, stopped, cpu = [], [], 0, time.process_time()
    for seed in range(1, count + 1):
        start = time.perf_counter()
        try:
            out.append(make(seed))
        except SearchLimitError:
            stopped += 1
        each.append(time.perf_counter() - start)
    return out, each, time.process_time() - cpu, stopped


def median_row(setting: str, box: str, make: Callable[[int], str], count: int, limit: float) -> Row:
    """A row of puzzles timed one by one: the median and CPU time in its note."""
    puzzles, each, cpu, stopped = timed_each(make, count, limit)
    note = (f"median {statistics.median(each):.3f} s, max {max(each):.2f} s, CPU {cpu / count:.3f} s/puzzle"
            + (f"; {stopped} of {count} stopped at the {limit:g} s limit (counted as {limit:g} s)" if stopped else ""))
    return Row("sudokit", setting, puzzles, box=box, seconds=sum(each), note=note)


def check(row: Row, score: bool, minimal: bool) -> Row:
    """Fill in uniqueness, minimality, givens and scores of the row's puzzles (not timed)."""
    from sudokit.model import formats
    from sudokit.engines.generate import is_minimal
    from sudokit.engines.rating import rate
    from sudokit.engines.search import core

    grids = [formats.parse_one(p, box=row.box) for p in row.puzzles]
    unique = [g for g in grids if core.count_solutions(g, 2) == 1]
    row.unique = len(unique)
    row.givens = statistics.mean(sum(1 for v in g.values if v) for g in grids) if grids else 0
    if minimal:
        row.minimal = sum(is_minimal(g) for g in unique)
    if score and unique:
        row.median_score = statistics.median(rate(g, unique=True, time_limit=60).score for g in unique)
    return row


# --- generators ---------------------------------------------------------------------------------

def sudokit_rows(count: int, quick: bool, no_levels: bool = False) -> list[Row]:
    from sudokit.engines.generate import generate
    from sudokit.engines.rating import LEVELS

    rows = []
    n9 = count * 20
    cpu = time.process_time()
    puzzles, secs = timed(lambda s: generate(9, seed=s, rate=False).puzzle.to_line(), n9)
    cpu = time.process_time() - cpu
    rows.append(check(Row("sudokit", "9x9 minimal, any level", puzzles, seconds=secs,
                          note=f"{n9 / cpu:,.0f}/s in CPU time"), False, True))
    puzzles, secs = timed(lambda s: generate(9, seed=s, symmetry="180", rate=False).puzzle.to_line(), n9)
    rows.append(check(Row("sudokit", "9x9 minimal, 180 symmetry", puzzles, seconds=secs), False, False))
    for level in () if no_levels else LEVELS:
        n = max(3, count // 2)
        puzzles, secs = timed(lambda s: generate(9, level=level, seed=s).puzzle.to_line(), n)
        rows.append(check(Row("sudokit", f"9x9 level {level} (rated)", puzzles, seconds=secs), True, False))
    n16 = 3 if quick else max(5, count // 2)
    rows.append(check(median_row("16x16 minimal", "4x4", lambda s: generate(16, seed=s, rate=False).puzzle.to_line(),
                                 n16, 60), False, False))
    n25 = 2 if quick else max(3, count // 4)
    limit25 = 10 if quick else 60
    rows.append(check(median_row("25x25 minimal", "5x5", lambda s: generate(
        25, seed=s, rate=False, minimal=True, time_limit=limit25).puzzle.to_line(), n25, limit25), False, False))
    puzzles, secs = timed(lambda s: generate(25, seed=s, rate=False).puzzle.to_line(), n25)
    rows.append(check(Row("sudokit", "25x25 (default, not minimal)", puzzles, box="5x5", seconds=secs),
                      False, False))
    return rows


def py_sudoku_rows(count: int, quick: bool) -> list[Row]:
    from sudoku import Sudoku

    def make(d: float):
        def one(seed: int) -> str:
            board = Sudoku(3, seed=seed).difficulty(d).board
            return "".join(str(v) if v else "." for row in board for v in row)
        return one

    rows = []
    for d in (0.3, 0.5, 0.7):
        puzzles, secs = timed(make(d), count * 4)
        rows.append(check(Row("py-sudoku", f"difficulty({d})", puzzles, seconds=secs), True, True))
    return rows


def hodoku_rows(count: int, quick: bool) -> list[Row]:
    from hodoku import DifficultyType, Generator

    gen = Generator()
    rows = []
    levels = [DifficultyType.EASY, DifficultyType.MEDIUM, DifficultyType.HARD,
              DifficultyType.UNFAIR, DifficultyType.EXTREME]
    for level in levels:
        n = count if level == DifficultyType.EASY else max(2, count // 4)  # the others are slow
        if quick:
            n = min(n, 3)
        puzzles, secs = timed(lambda s: gen.generate(level, symmetric=True), n)
        rows.append(check(Row("hodoku-py", f"{level.name.lower()} (symmetric)", puzzles, seconds=secs),
                          True, True))
    puzzles, secs = timed(lambda s: gen.generate(DifficultyType.EASY, symmetric=False), count)
    rows.append(check(Row("hodoku-py", "easy (no symmetry)", puzzles, seconds=secs), True, True))
    return rows


GENERATORS: dict[str, Callable[[int, bool], list[Row]]] = {
    "sudokit": sudokit_rows,
    "py-sudoku": py_sudoku_rows,
    "hodoku": hodoku_rows,
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=20,
                    help="base count per row (x20 for the fast 9x9 rows; default 20)")
    ap.add_argument("--quick", action="store_true", help="fewer puzzles in the slow rows")
    ap.add_argument("--no-levels", action="store_true", help="skip sudokit's rated level rows")
    ap.add_argument("--generators", default="sudokit,py-sudoku,hodoku",
                    help="comma-separated: " + ", ".join(GENERATORS))
    args = ap.parse_args(argv)
    rows: list[Row] = []
    for name in args.generators.split(","):
        name = name.strip()
        try:
            produced = (sudokit_rows(args.count, args.quick, args.no_levels) if name == "sudokit"
                        else GENERATORS[name](args.count, args.quick))
        except ImportError as e:
            print(f"skipping {name}: {e} (pip install '.[bench]')", file=sys.stderr)
            continue
        for row in produced:
            print(f"{row.generator:10} {row.setting:32} {row.rate:10.2f}/s  "
                  f"{row.unique}/{len(row.puzzles)} unique", file=sys.stderr, flush=True)
        rows.extend(produced)
    print(f"\n{machine()}\n")
    print("| generator | setting | puzzles | puzzles/s | s/puzzle | unique | minimal | givens | "
          "median score | notes |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        n = len(r.puzzles)
        if not n:
            print(f"| {r.generator} | {r.setting} | 0 | - | - | - | | | | {r.note} |")
            continue
        minimal = "" if r.minimal is None else f"{r.minimal}/{r.unique}"
        score = "" if r.median_score is None else f"{r.median_score:.1f}"
        print(f"| {r.generator} | {r.setting} | {n} | {r.rate:,.2f} | {r.seconds / n:.3f} | "
              f"{r.unique}/{n} ({r.unique / n:.0%}) | {minimal} | {r.givens:.1f} | {score} | {r.note} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
