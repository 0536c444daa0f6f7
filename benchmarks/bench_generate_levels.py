"""Benchmark of the generator's level targets on large grids (issue 14, item 5).

For each size and level: the seconds :func:`sudokit.engines.generate.generate` takes for one puzzle at
that level (median and max over the seeds), how many candidates it tried, the givens and the
score of what it returned, and whether a fresh :func:`sudokit.engines.rating.rate` of the puzzle gives
the same level. Targets: easy, medium, hard and expert at 12x12 (3x4 boxes) and 16x16 within
20 s each (median); easy to hard at 25x25 within 60 s.

``--any N`` adds the levels ``level="any"`` gave over N seeds per size; ``--distribution N``
the levels of N random minimal puzzles per size (what removing givens at random gives: rated
with ceiling 6.9, so an extreme one is known as such without its slow full rating).

Run: ``python benchmarks/bench_generate_levels.py [--seeds 5] [--big-seeds 3] [--sizes 12,16,25]
[--levels easy,medium,hard,expert] [--any 10] [--distribution 30] [--time-limit 120]``.
Each puzzle is generated in this process, one after another (one core).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_solve import machine  # noqa: E402

from sudokit.model.errors import SearchLimitError  # noqa: E402
from sudokit.engines.generate import generate  # noqa: E402
from sudokit.engines.levels import any_levels  # noqa: E402
from sudokit.engines.rating import LEVELS, rate  # noqa: E402

SHAPES = {12: (12, "3x4"), 16: (16, None), 25: (25, None)}
BIG_LEVELS = ("easy", "medium", "hard")  # what 25x25 is measured at


def shape_name(size: int) -> str:
    n, box = SHAPES[size]
    return f"{n}x{n}" + (f" ({box})" if box else "")


def run_level(size: int, level: str, seeds: list[int], time_limit: float, check: bool) -> dict:
    n, box = SHAPES[size]
    times, tries, givens, scores, failed, agree = [], [], [], [], 0, 0
    for seed in seeds:
        start = time.perf_counter()
        try:
            g = generate(n, box=box, level=level, seed=seed, time_limit=time_limit)
        except SearchLimitError as e:
            failed += 1
            times.append(time.perf_counter() - start)
            print(f"  {shape_name(size)} {level} seed {seed}: {e}", file=sys.stderr, flush=True)
            continue
        seconds = time.perf_counter() - start
        times.append(seconds)
        tries.append(g.candidates)
        givens.append(g.givens)
        scores.append(g.rating.score)
        if check:
            agree += rate(g.puzzle, unique=True).level == level
        print(f"  {shape_name(size)} {level} seed {seed}: {seconds:.2f} s, {g.candidates} "
              f"candidates, {g.givens} givens, {g.rating.label}", file=sys.stderr, flush=True)
    return {"size": size, "level": level, "n": len(seeds), "failed": failed,
            "median": statistics.median(times), "max": max(times),
            "tries": statistics.median(tries) if tries else None,
            "givens": statistics.mean(givens) if givens else None,
            "score": statistics.median(scores) if scores else None,
            "agree": f"{agree}/{len(scores)}" if check else "-"}


def any_spread(size: int, count: int, time_limit: float) -> Counter:
    n, box = SHAPES[size]
    out: Counter = Counter()
    for seed in range(count):
        try:
            out[generate(n, box=box, level="any", seed=seed, time_limit=time_limit).rating.level] += 1
        except SearchLimitError:
            out["(time limit)"] += 1
    return out


def minimal_distribution(size: int, count: int) -> Counter:
    n, box = SHAPES[size]
    out: Counter = Counter()
    for seed in range(count):
        g = generate(n, box=box, seed=seed, rate=False)
        r = rate(g.puzzle, unique=True, ceiling=6.9)
        out[r.level] += 1
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=5, help="seeds per level at 12x12 and 16x16")
    ap.add_argument("--big-seeds", type=int, default=3, help="seeds per level at 25x25")
    ap.add_argument("--sizes", default="12,16,25")
    ap.add_argument("--levels", default="easy,medium,hard,expert",
                    help="levels at 12x12 and 16x16 (25x25: those of them up to hard)")
    ap.add_argument("--any", type=int, default=0, help="seeds of level 'any' per size")
    ap.add_argument("--distribution", type=int, default=0,
                    help="random minimal puzzles per size to classify")
    ap.add_argument("--time-limit", type=float, default=120.0)
    ap.add_argument("--no-check", action="store_true", help="skip the fresh rating of each puzzle")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s]
    levels = [lv for lv in args.levels.split(",") if lv]

    print(f"Machine: {machine()}\n")
    rows = []
    for size in sizes:
        wanted = [lv for lv in levels if size < 25 or lv in BIG_LEVELS]
        if size >= 25 and not wanted:
            wanted = list(BIG_LEVELS)
        seeds = list(range(1, 1 + (args.big_seeds if size >= 25 else args.seeds)))
        for level in wanted:
            rows.append(run_level(size, level, seeds, args.time_limit, not args.no_check))

    print("| grid | level | seeds | median s | max s | failed | candidates (median) | givens (mean) "
          "| score (median) | same level rated afresh |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        cand = "-" if r["tries"] is None else f"{r['tries']:g}"
        giv = "-" if r["givens"] is None else f"{r['givens']:.1f}"
        sc = "-" if r["score"] is None else f"{r['score']:.1f}"
        print(f"| {shape_name(r['size'])} | {r['level']} | {r['n']} | {r['median']:.2f} | "
              f"{r['max']:.2f} | {r['failed']} | {cand} | {giv} | {sc} | {r['agree']} |")

    if args.any:
        print(f"\nlevel 'any' over {args.any} seeds:\n")
        print("| grid | picks from | levels given |")
        print("|---|---|---|")
        for size in sizes:
            spread = any_spread(size, args.any, args.time_limit)
            given = ", ".join(f"{lv} {spread[lv]}" for lv in (*LEVELS, "(time limit)") if spread[lv])
            print(f"| {shape_name(size)} | {', '.join(any_levels(size))} | {given} |")

    if args.distribution:
        print(f"\nlevels of {args.distribution} random minimal puzzles (no target):\n")
        print("| grid | " + " | ".join(LEVELS) + " |")
        print("|---|" + "---:|" * len(LEVELS))
        for size in sizes:
            count = minimal_distribution(size, args.distribution)
            print(f"| {shape_name(size)} | " + " | ".join(str(count[lv]) for lv in LEVELS) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
