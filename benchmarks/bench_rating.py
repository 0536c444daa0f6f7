"""Calibration of :func:`sudokit.engines.rating.rate` against Sudoku Explainer's ratings.

Reads ``../shared/data/se_rated.tsv`` (puzzle, er, ep, ed, source: Sudoku Explainer 1.2.1
ratings), rates every puzzle with sudokit and reports

- the Spearman rank correlation between sudokit's score and SE's ER (target: at least 0.85;
  :func:`sudokit.engines.rating.spearman`, Pearson's correlation of the ranks, ties averaged),
- the share of puzzles whose score is within 0.1, 0.3 and 0.5 of ER, and the mean absolute
  difference; the same for EP and ED (:attr:`Rating.pearl`, :attr:`Rating.diamond`) within 0.2,
- the same per source and per ER band, and how often the level agrees with ER's level,
- with ``--details``, one row per puzzle (ER, score, hardest technique), worst first;
- always, the steps of every rating path checked against the solution (none may place a wrong
  digit or remove the solution's).

``--file`` rates another file of the same kind: a header line, then puzzle and SE's ER, EP and
ED (by name ``er``/``ep``/``ed`` or ``se_rating_er``/``se_ep``/``se_ed``; ``source`` optional);
``--every K`` takes every K-th puzzle (a spread sample of a long file); a file of puzzles only (one
a line, no header) is rated for the time alone; ``--jobs N`` rates N
puzzles at a time in worker processes (each puzzle's seconds are still its own, one core each).

Run: ``python benchmarks/bench_rating.py [--file F] [--count N] [--every K] [--details]
[--time-limit S] [--jobs N] [--save F]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from functools import partial
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
sys.path.insert(0, str(ROOT / "src"))


#: Other names of the columns in rating files.
ALIASES = {"se_rating_er": "er", "se_ep": "ep", "se_ed": "ed"}


def load(path: Path, count: int | None, every: int = 1) -> list[dict]:
    lines = path.read_text().splitlines()
    if "\t" not in lines[0]:  # a puzzle a line, no ratings: only the time is measured
        header, lines = ["puzzle"], ["puzzle"] + lines
    header = [ALIASES.get(h, h) for h in lines[0].split("\t")]
    rows = [dict(zip(header, line.split("\t"))) for line in lines[1:] if line.strip()]
    for row in rows:
        row.setdefault("source", path.stem)
    rows = rows[::max(1, every)]
    return rows[:count] if count else rows


def rate_one(puzzle: str, time_limit: float | None):
    """The rating, with the steps of its path checked against the solution: (rating, steps,
    wrong steps: a placement not the solution's or an elimination of the solution's digit)."""
    from sudokit.engines import search
    from sudokit.model import formats
    from sudokit.engines.rating import rate

    solution = search.solve(formats.parse_one(puzzle)).solution.values
    checked = [0, 0]

    def check(step) -> None:
        checked[0] += 1
        checked[1] += bool(step.errors(solution))

    r = rate(puzzle, time_limit=time_limit, unique=True, on_step=check)
    return r, checked[0], checked[1]


def band(er: float) -> str:
    for lo, hi in ((0, 2), (2, 4), (4, 6), (6, 8), (8, 10)):
        if er < hi:
            return f"{lo}-{hi}"
    return ">=10"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=None, help="rate only the first N puzzles")
    ap.add_argument("--details", action="store_true", help="one row per puzzle, worst first")
    ap.add_argument("--time-limit", type=float, default=None, help="seconds per puzzle")
    ap.add_argument("--file", type=Path, default=DATA / "se_rated.tsv",
                    help="ratings file (default: shared/data/se_rated.tsv)")
    ap.add_argument("--every", type=int, default=1, help="rate every K-th puzzle only")
    ap.add_argument("--jobs", type=int, default=1, help="puzzles rated at a time (processes)")
    ap.add_argument("--save", type=Path, help="also write one JSON line a puzzle (SE's and sudokit's ratings)")
    args = ap.parse_args(argv)
    path = args.file
    if not path.exists():
        print(f"no ratings file at {path}", file=sys.stderr)
        return 1
    from sudokit.engines.rating import level_of, spearman

    rows = load(path, args.count, args.every)
    start = time.perf_counter()
    work = partial(rate_one, time_limit=args.time_limit)
    puzzles = [row["puzzle"] for row in rows]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            rated = pool.map(work, puzzles, chunksize=1)
    else:
        rated = [work(p) for p in puzzles]
    ratings = [r for r, _, _ in rated]
    steps, wrong = sum(x[1] for x in rated), sum(x[2] for x in rated)
    results = list(zip(rows, ratings))
    seconds = time.perf_counter() - start
    if args.save:
        with args.save.open("w") as f:
            for row, r in results:
                f.write(json.dumps({**row, "score": r.score, "pearl": r.pearl, "diamond": r.diamond,
                                    "hardest": r.hardest, "trial": r.trial, "seconds": round(r.seconds, 3)}) + "\n")
    each = sorted(r.seconds for r in ratings)
    print(f"{len(results)} puzzles rated in {seconds:.1f} s with {args.jobs} process(es); per puzzle "
          f"median {statistics.median(each):.2f} s, mean {statistics.mean(each):.2f} s, max {each[-1]:.2f} s\n")
    print(f"scores: median {statistics.median(r.score for r in ratings)}, needed trial "
          f"{sum(r.trial for r in ratings)}, not solved {sum(not r.solved for r in ratings)}")
    print(f"every step of the rating paths checked against the solution: {steps:,} steps, "
          f"{wrong} wrong")
    if "er" not in rows[0]:
        return 0
    er = [float(row["er"]) for row, _ in results]
    score = [r.score for _, r in results]
    near = sum(abs(a - b) <= 0.5 for a, b in zip(er, score))
    mae = sum(abs(a - b) for a, b in zip(er, score)) / len(er)
    levels = sum(level_of(a) == r.level for a, (_, r) in zip(er, results))
    print("| measure | value |")
    print("|---|---:|")
    print(f"| Spearman (score vs ER) | {spearman(score, er):.3f} |")
    print(f"| within 0.5 of ER | {near / len(er):.1%} |")
    print(f"| mean absolute difference | {mae:.2f} |")
    print(f"| same level as ER | {levels / len(er):.1%} |")
    for name, attr, within in (("ER", "score", (0.1, 0.3)), ("EP", "pearl", (0.2,)),
                               ("ED", "diamond", (0.2,))):
        pairs = [(float(row[name.lower()]), getattr(r, attr)) for row, r in results
                 if row.get(name.lower(), "").strip()]  # some files leave EP or ED blank
        for w in within:
            share = sum(abs(a - b) <= w + 1e-9 for a, b in pairs) / max(1, len(pairs))
            print(f"| {name} within {w} ({len(pairs)} rated) | {share:.1%} |")
    print(f"| needed trial | {sum(r.trial for _, r in results)} |")

    def table(title: str, key) -> None:
        groups: dict[str, list[int]] = defaultdict(list)
        for i, (row, _) in enumerate(results):
            groups[key(row)].append(i)
        print(f"\n| {title} | puzzles | Spearman | within 0.5 | mean ER | mean score |")
        print("|---|---:|---:|---:|---:|---:|")
        for name, idx in sorted(groups.items()):
            e, s = [er[i] for i in idx], [score[i] for i in idx]
            rho = spearman(s, e) if len(idx) > 2 else float("nan")
            w = sum(abs(a - b) <= 0.5 for a, b in zip(e, s)) / len(idx)
            print(f"| {name} | {len(idx)} | {rho:.3f} | {w:.0%} | {sum(e) / len(e):.2f} | "
                  f"{sum(s) / len(s):.2f} |")

    table("source", lambda row: row["source"])
    table("ER band", lambda row: band(float(row["er"])))
    if args.details:
        print("\n| ER | score | hardest | trial | puzzle |")
        print("|---:|---:|---|---|---|")
        order = sorted(range(len(results)), key=lambda i: -abs(er[i] - score[i]))
        for i in order:
            row, r = results[i]
            print(f"| {er[i]} | {r.score} | {r.hardest} | {r.trial} | {row['puzzle']} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
