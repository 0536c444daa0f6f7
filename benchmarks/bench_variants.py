"""Variant puzzles: core solves per second and generation speed (issue 17's targets: 100,000
X and Windoku solves a second, 50 generated 9x9 puzzles a second, a 16x16 jigsaw in 2 s).

    python benchmarks/bench_variants.py [--count 200] [--jigsaw-seeds 5]

Puzzles are generated here (seeded), then each is solved by the core's variant solver; the
peers have no variant solver, so the table has sudokit's figures only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from sudokit.generate import generate, generate_many
from sudokit.search import core


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--jigsaw-seeds", type=int, default=5)
    args = ap.parse_args()
    print(f"{os.cpu_count()} cores, one used; {time.strftime('%Y-%m-%d')}\n")
    print("| variant | generated/s | givens (mean) | solves/s | µs per solve |")
    print("|---|---:|---:|---:|---:|")
    for variant in ("x", "windoku", "anti-knight", "anti-king", "jigsaw", "x,windoku"):
        t = time.perf_counter()
        made = list(generate_many(args.count, 9, variant=variant, seed=1, rate=False))
        gen = args.count / (time.perf_counter() - t)
        puzzles = [g.puzzle for g in made]
        rounds = max(1, 20_000 // len(puzzles))
        t = time.perf_counter()
        for _ in range(rounds):
            for p in puzzles:
                core.solve(p, limit=2)
        per = (time.perf_counter() - t) / (rounds * len(puzzles))
        givens = statistics.mean(g.givens for g in made)
        print(f"| {variant} | {gen:,.0f} | {givens:.1f} | {1 / per:,.0f} | {per * 1e6:.1f} |")
    print("\n| 16x16 jigsaw (not minimal) | seconds (median) | max | givens (mean) |")
    print("|---|---:|---:|---:|")
    times, givens = [], []
    for seed in range(args.jigsaw_seeds):
        t = time.perf_counter()
        g = generate(16, variant="jigsaw", seed=seed, time_limit=300)
        times.append(time.perf_counter() - t)
        givens.append(g.givens)
    print(f"| {args.jigsaw_seeds} seeds | {statistics.median(times):.2f} | {max(times):.2f} | "
          f"{statistics.mean(givens):.1f} |")

if __name__ == "__main__":
    main()
