"""How long a booklet takes: 100 9x9 puzzles of top1465 (4 a page) with their answers, as
``sudokit print FILE -o book.pdf --solutions`` makes it; and one SVG/PNG/PDF picture.

    .venv/bin/python benchmarks/bench_render.py [--puzzles N] [--repeat R]

The issue's target: the 100-puzzle booklet with solutions in under 5 s.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from sudokit.engines import render

from sudokit.engines import search
from sudokit.model.grid import Grid
from sudokit.model import formats
from sudokit.engines.logic import LogicalSolver, Position

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "top1465.txt"
FALLBACK = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def puzzles(n: int) -> list[Grid]:
    for path in (DATA, Path("/work/shared/data/top1465.txt")):
        if path.is_file():
            lines = [ln.strip() for ln in path.read_text().split() if ln.strip()]
            return [formats.parse_one(ln) for ln in lines[:n]]
    return [formats.parse_one(FALLBACK)] * n


def timed(fn, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    grids = puzzles(args.puzzles)

    def solve_all():
        return [search.solve(g, limit=2).solutions[0] for g in grids]

    def book(sols):
        return render.booklet(grids, per_page=4, solutions=sols, title="Benchmark")

    t_solve, sols = timed(solve_all, args.repeat)
    t_book, data = timed(lambda: book(sols), args.repeat)
    t_all, _ = timed(lambda: book(solve_all()), args.repeat)
    print(f"{len(grids)} puzzles, 4 a page, with answers: {len(data) // 1024} KB PDF")
    print(f"  solving {t_solve:.3f} s, drawing + PDF {t_book:.3f} s, total {t_all:.3f} s "
          f"(median of {args.repeat})")

    position = Position.parse(FALLBACK)
    step = LogicalSolver().next_step(position)
    for fmt in ("svg", "png", "pdf"):
        t, _ = timed(lambda: render.render_bytes(fmt, position, candidates=True, step=step), args.repeat)
        print(f"  one 9x9 picture with candidates and a step, {fmt}: {t * 1000:.1f} ms")


if __name__ == "__main__":
    main()
