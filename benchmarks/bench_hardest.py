"""The forum's hardest puzzles by logic alone: how many the default logical solver finishes
without a trial step, how long each takes, and their SE-scale ratings.

For each list (``shared/data/forum_hardest_1106.txt``; a spread sample of
``forum_hardest_1905_11plus.txt``: every K-th line) it solves every puzzle with
:class:`sudokit.engines.logic.LogicalSolver` on one core, checks every step against the solution (no
solution digit removed, no wrong placement) and prints

- how many were finished with no trial step (and how many needed trial, stopped at the time
  limit, or had an unsound step),
- the median and largest seconds per puzzle,
- the distribution of the path's hardest SE-scale step (``--rate``: of
  :func:`sudokit.engines.rating.rate`'s ER instead, a slower second solve that compares every hint).

Run: ``python benchmarks/bench_hardest.py [--every-1106 K] [--every-11plus K] [--count N]
[--time-limit S] [--rate]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
sys.path.insert(0, str(ROOT / "src"))


def sound(path, solution: list[int]) -> bool:
    """True if no step of ``path`` removes a solution digit or places a wrong one."""
    return not any(s.errors(solution) for s in path.steps)


def run_list(name: str, puzzles: list[str], time_limit: float, with_rating: bool) -> None:
    from sudokit.engines import limits
    from sudokit.engines import search
    from sudokit.model.errors import SearchLimitError
    from sudokit.model.grid import Grid
    from sudokit.model.position import Position
    from sudokit.engines.logic.solver import LogicalSolver
    from sudokit.engines.difficulty import TECHNIQUES
    from sudokit.engines.rating import rate, step_score

    seconds, scores, outcome = [], [], Counter()
    for i, text in enumerate(puzzles):
        pos = Position.coerce(text)
        solution = search.solve(Grid(pos.geometry, pos.values), limit=1).solution.values
        start = time.perf_counter()
        try:
            with limits.limited(time_limit, what="the solve"):
                path = LogicalSolver(unique=True).solve_path(pos)
        except SearchLimitError:
            seconds.append(time.perf_counter() - start)
            outcome["time limit"] += 1
            print(f"  {i}: stopped at {time_limit:.0f} s", flush=True)
            continue
        seconds.append(time.perf_counter() - start)
        trial = sum(TECHNIQUES[s.technique].trial for s in path.steps)
        ok = sound(path, solution)
        outcome["unsound" if not ok else "needed trial" if trial or not path.solved
                else "no trial"] += 1
        score = max((step_score(s, pos.geometry) for s in path.steps), default=0.0)
        if with_rating:
            score = rate(text, unique=True).score
        scores.append(score)
        print(f"  {i}: {seconds[-1]:.1f} s, {'trial' if trial else 'no trial'}, "
              f"{'ER' if with_rating else 'hardest'} {score:.1f}", flush=True)
    n = len(puzzles)
    print(f"\n## {name}: {n} puzzles")
    print(f"- finished without trial: {outcome['no trial']} of {n}"
          + "".join(f"; {k}: {v}" for k, v in outcome.items() if k != "no trial"))
    if seconds:
        print(f"- seconds per puzzle: median {statistics.median(seconds):.1f}, "
              f"max {max(seconds):.1f}")
    bands = Counter(f"{int(s * 2) / 2:.1f}" for s in scores)
    label = "ER" if with_rating else "hardest step (SE scale)"
    print(f"- {label}: " + ", ".join(f"{b}+: {bands[b]}" for b in sorted(bands)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--every-1106", type=int, default=1, help="every K-th puzzle of the 1106 list")
    ap.add_argument("--every-11plus", type=int, default=20,
                    help="every K-th puzzle of the 11+ list (default 20: 500 of 10,000)")
    ap.add_argument("--count", type=int, default=None, help="at most N puzzles per list")
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds per puzzle")
    ap.add_argument("--rate", action="store_true", help="the ER of sudokit.engines.rating.rate too")
    ap.add_argument("--only", choices=("1106", "11plus"), default=None, help="one list only")
    args = ap.parse_args(argv)
    lists = [("forum_hardest_1106", "forum_hardest_1106.txt", args.every_1106),
             ("forum_hardest_1905_11plus (sample)", "forum_hardest_1905_11plus.txt",
              args.every_11plus)]
    for name, file, every in lists:
        if args.only and args.only not in file:
            continue
        path = DATA / file
        if not path.exists():
            print(f"no puzzle file at {path}", file=sys.stderr)
            return 1
        puzzles = path.read_text().split()[::max(1, every)]
        if args.count:
            puzzles = puzzles[:args.count]
        run_list(name, puzzles, args.time_limit, args.rate)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
