"""Variant puzzles: core solves per second and generation speed (issue 17's targets: 100,000
X and Windoku solves a second, 50 generated 9x9 puzzles a second for every variant, a 16x16
jigsaw in under 2 s; issue 18's: 20,000 killer solves a second, 5 generated killers a second).

    python benchmarks/bench_variants.py [--count 200] [--jigsaw-seeds 7] [--killers 40]
                                        [--repeat 3] [--only variants|jigsaw|killer]
                                        [--write-killers PATH]

For each variant, ``--count`` minimal puzzles are generated with seed 1 (generated/s is that
whole run: random grids, random regions for jigsaw, carving with a uniqueness proof per removed
given). Then the puzzles are solved by the core, best of ``--repeat`` runs:

- batch: all puzzles in one ``core.solve_many`` call on their lines (text, parsed in C, as
  ``bench_solve.py`` times the classic sets; one geometry: not for jigsaw, whose puzzles each
  have their own regions), ``limit=2`` (uniqueness proved) and ``limit=1``;
- per call: ``core.solve(puzzle, limit=2)`` once per puzzle, Python's overhead included.

Then 16x16 jigsaw puzzles (random regions, not minimal, as ``generate`` makes them by default;
not rated, as ``sudokit generate`` prints them without ``--rate``: the rating's logical solve of
a 16x16 jigsaw takes seconds) for seeds 0..``--jigsaw-seeds``-1. Then ``--killers`` 9x9
killers with no givens generated with seed 1 (generated/s is that whole run: random grids,
cages merged while a core proof keeps them unique), solved per call with ``limit=2`` (each
has its own cages, so no batch): through ``core.solve`` and through the core's own call
(``_core.solve`` with the prepared cages, no Grid or result objects); ``--write-killers PATH`` writes their cages for
``benchmarks/killer_core.c``, which times the solves in C, and ``--killers-from PATH`` solves
such a file instead (the same puzzles for two builds: the generator's node cap makes each
build merge cages a little differently). The last two columns time the first solution as the
default call finds it (``core.solve(puzzle)``: limit 1, restarts allowed) and the core's own
call with ``limit=1``. Single thread, wall clock, on whatever else the machine runs: the load
average is printed. The peers have no variant solver, so the tables are sudokit's only.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

from sudokit.engines.generate import generate, generate_many
from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.model.rules.killer import Cage
from sudokit.engines.search import _core, core

VARIANTS = ("x", "windoku", "anti-knight", "anti-king", "jigsaw", "x,windoku", "jigsaw,x")


def best_of(repeat: int, fn) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--jigsaw-seeds", type=int, default=7)
    ap.add_argument("--killers", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", choices=("variants", "jigsaw", "killer"), help="one section only")
    ap.add_argument("--write-killers", metavar="PATH",
                    help="write the killers' cages to PATH for benchmarks/killer_core.c")
    ap.add_argument("--killers-from", metavar="PATH",
                    help="solve the killers of PATH (as --write-killers writes them) instead of generating")
    args = ap.parse_args()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, one used; "
          f"load average {load}; {time.strftime('%Y-%m-%d')}\n")
    if args.only in (None, "variants"):
        variants(args)
    if args.only in (None, "jigsaw"):
        jigsaw(args)
    if args.only in (None, "killer"):
        killer(args)


def variants(args) -> None:
    print("| variant | generated/s | givens (mean) | nodes/solve (limit 2) | batch solves/s, limit 2 "
          "| batch solves/s, limit 1 | per call solves/s, limit 2 | µs per call |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for variant in VARIANTS:
        start = time.perf_counter()
        made = list(generate_many(args.count, 9, variant=variant, seed=1, rate=False))
        generated = args.count / (time.perf_counter() - start)
        puzzles = [g.puzzle for g in made]
        for p in puzzles:  # prepare each geometry before timing (cached per geometry)
            core.prepared_variant(p.geometry)
        one_geometry = len({p.geometry for p in puzzles}) == 1
        batch2 = batch1 = "n/a (own regions each)"
        if one_geometry:  # the puzzles as a file's lines, parsed in C (as bench_solve.py does)
            text, geo = "\n".join(p.to_line() for p in puzzles), puzzles[0].geometry
            t2 = best_of(args.repeat, lambda: core.solve_many(text, limit=2, geometry=geo))
            t1 = best_of(args.repeat, lambda: core.solve_many(text, limit=1, geometry=geo))
            batch2, batch1 = f"{len(puzzles) / t2:,.0f}", f"{len(puzzles) / t1:,.0f}"
        per = best_of(args.repeat, lambda: [core.solve(p, limit=2) for p in puzzles]) / len(puzzles)
        nodes = statistics.mean(core.solve(p, limit=2).nodes for p in puzzles)
        givens = statistics.mean(g.givens for g in made)
        print(f"| {variant} | {generated:,.0f} | {givens:.1f} | {nodes:.1f} | {batch2} | {batch1} | "
              f"{1 / per:,.0f} | {per * 1e6:.1f} |")


def jigsaw(args) -> None:
    print("\n| 16x16 jigsaw (not minimal) | seconds (median) | max | givens (mean) |")
    print("|---|---:|---:|---:|")
    times, givens = [], []
    for seed in range(args.jigsaw_seeds):
        start = time.perf_counter()
        g = generate(16, variant="jigsaw", seed=seed, time_limit=300, rate=False)  # as the CLI
        times.append(time.perf_counter() - start)
        givens.append(g.givens)
    print(f"| {args.jigsaw_seeds} seeds | {statistics.median(times):.2f} | {max(times):.2f} | "
          f"{statistics.mean(givens):.1f} |")


def read_killers(path: str) -> list[Grid]:
    """9x9 killers with no givens, one a line: its cages as "sum size cell cell ..."."""
    puzzles = []
    with open(path) as f:
        for line in f:
            numbers, cages = [int(x) for x in line.split()], []
            while numbers:
                total, size = numbers[0], numbers[1]
                cages.append(Cage(total, tuple(numbers[2:2 + size])))
                numbers = numbers[2 + size:]
            if cages:
                puzzles.append(Grid.empty(Geometry.of(9).with_cages(cages)))
    return puzzles


def killer(args) -> None:
    if args.killers_from:
        puzzles, generated = read_killers(args.killers_from), "n/a (read)"
    else:
        start = time.perf_counter()
        made = list(generate_many(args.killers, 9, variant="killer", seed=1, rate=False))
        generated = f"{args.killers / (time.perf_counter() - start):,.1f}"
        puzzles = [g.puzzle for g in made]
    if args.write_killers:  # one puzzle a line, its cages as "sum size cells..." (killer_core.c)
        with open(args.write_killers, "w") as f:
            for p in puzzles:
                f.write(" ".join(f"{c.total} {len(c.cells)} {' '.join(map(str, c.cells))}"
                                 for c in p.geometry.cages) + "\n")
    tables = [core.prepared_variant(p.geometry) for p in puzzles]
    per = best_of(args.repeat, lambda: [core.solve(p, limit=2) for p in puzzles]) / len(puzzles)
    # the core's own call, without the Grid and result objects around it
    empty = bytes(81)
    raw = best_of(args.repeat, lambda: [_core.solve(empty, 3, 3, limit=2, keep=0, variant=t)
                                        for t in tables]) / len(puzzles)
    # the first solution, as the default call finds it (limit 1, restarts allowed)
    per1 = best_of(args.repeat, lambda: [core.solve(p) for p in puzzles]) / len(puzzles)
    raw1 = best_of(args.repeat, lambda: [_core.solve(empty, 3, 3, limit=1, keep=0, variant=t)
                                         for t in tables]) / len(puzzles)
    nodes = [core.solve(p, limit=2).nodes for p in puzzles]
    cages = statistics.mean(len(p.geometry.cages) for p in puzzles)
    print("\n| 9x9 killer, no givens | generated/s | cages (mean) | nodes/solve (limit 2): mean, "
          "median, max | per call solves/s, limit 2 | µs per call | core call solves/s | µs per core call "
          "| per call, limit 1 | core call, limit 1 |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    print(f"| {len(puzzles)} puzzles | {generated} | {cages:.1f} | {statistics.mean(nodes):.0f}, "
          f"{statistics.median(nodes):.0f}, {max(nodes)} | {1 / per:,.0f} | {per * 1e6:.0f} | "
          f"{1 / raw:,.0f} | {raw * 1e6:.0f} | {1 / per1:,.0f} | {1 / raw1:,.0f} |")


if __name__ == "__main__":
    main()
