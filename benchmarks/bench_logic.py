"""Benchmark of the logical solver against the Python peers, in one run.

For each data set (top1465, the kaggle sample): puzzles per second to solve by logic (parse,
uniqueness check and the whole step-by-step solve path, one puzzle a call, single thread) and
the share of puzzles solved without guessing, for

- ``sudokit``: :class:`sudokit.engines.logic.LogicalSolver` with every technique; solved without
  guessing = solved with no step of the trial family (candidate tests); the share of puzzles
  that used each technique family is printed after the table;
- ``hodoku-py``: ``hodoku.Solver().solve`` with its default configuration (the HoDoKu set:
  adds ALS, Sue de Coq, nice loops, Franken fish and forcing chains/nets before brute force);
  solved without guessing = no ``BRUTE_FORCE`` step;
- ``hodoku-py (same set)``: HoDoKu restricted to the techniques sudokit has (its techniques
  beyond them switched off, brute force kept as the fallback), the like-for-like comparison;
- ``pencilmark``: ``pencilmark.rate(puzzle)`` (its human-mode grader: it checks uniqueness, then
  solves by its own technique set); solved without guessing = no Trial and error / Guess.

Run: ``python benchmarks/bench_logic.py [--count N] [--hardest N] [--elevenplus N]
[--peer-count N] [--solvers sudokit,hodoku,...]``. Peers
that are not installed (``pip install '.[bench]'``) are skipped with a note.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_solve import machine  # noqa: E402  (one description of the machine for every benchmark)

#: sudokit ids -> the HoDoKu solution types of the same techniques (for "same set").
SAME_SET_HODOKU = {
    "FULL_HOUSE", "NAKED_SINGLE", "HIDDEN_SINGLE", "LOCKED_PAIR", "LOCKED_TRIPLE",
    "LOCKED_CANDIDATES_1", "LOCKED_CANDIDATES_2", "NAKED_PAIR", "NAKED_TRIPLE", "HIDDEN_PAIR",
    "HIDDEN_TRIPLE", "NAKED_QUADRUPLE", "HIDDEN_QUADRUPLE", "X_WING", "SWORDFISH", "JELLYFISH",
    "REMOTE_PAIR", "BUG_PLUS_1", "SKYSCRAPER", "TWO_STRING_KITE", "TURBOT_FISH",
    "EMPTY_RECTANGLE", "W_WING", "XY_WING", "XYZ_WING", "UNIQUENESS_1", "UNIQUENESS_2",
    "UNIQUENESS_3", "UNIQUENESS_4", "UNIQUENESS_5", "UNIQUENESS_6", "HIDDEN_RECTANGLE",
    "AVOIDABLE_RECTANGLE_1", "AVOIDABLE_RECTANGLE_2", "FINNED_X_WING", "SASHIMI_X_WING",
    "FINNED_SWORDFISH", "SASHIMI_SWORDFISH", "FINNED_JELLYFISH", "SASHIMI_JELLYFISH",
    "SIMPLE_COLORS_TRAP", "MULTI_COLORS_1", "X_CHAIN", "XY_CHAIN", "BRUTE_FORCE", "GIVE_UP",
}


def load(name: str, count: int) -> list[str]:
    if count <= 0:
        return []
    lines = [line.strip() for line in (DATA / f"{name}.txt").read_text().splitlines() if line.strip()]
    stride = max(1, len(lines) // count)
    return [line.replace("0", ".") for line in lines[::stride][:count]]


# --- solvers: each returns a function puzzle -> solved without guessing --------------------------

#: Steps of sudokit's solve paths checked against the solution, and the wrong ones found.
CHECKED = Counter()


def check_steps(puzzle: str, steps, solution: list[int]) -> None:
    """Count the steps and report any that places a wrong digit or removes the solution's."""
    for step in steps:
        CHECKED["steps"] += 1
        if step.errors(solution):
            CHECKED["wrong"] += 1
            print(f"WRONG STEP in {puzzle}: {step.explanation}", file=sys.stderr)


#: set name -> Counter of technique families over the puzzles (a puzzle counts once per family),
#: filled by the sudokit runs; "trial" counts the puzzles that needed trial.
FAMILIES: dict[str, Counter] = {}


def sudokit_solver(set_name: str = "") -> Callable[[str], bool]:
    from sudokit.model import formats
    from sudokit.engines.logic import LogicalSolver
    from sudokit.engines import search
    from sudokit.engines.difficulty import TECHNIQUES

    solver = LogicalSolver()
    families = FAMILIES.setdefault(set_name, Counter())

    def run(p: str) -> bool:
        grid = formats.parse_one(p)
        path = solver.solve_path(grid)
        check_steps(p, path.steps, search.solve(grid).solution.values)
        families.update({TECHNIQUES[s.technique].family for s in path.steps})
        families["puzzles"] += 1
        return path.solved and not any(TECHNIQUES[s.technique].trial for s in path.steps)

    return run


def hodoku_solver(same_set: bool = False) -> Callable[[str], bool]:
    import hodoku
    from hodoku.core.scoring import DEFAULT_STEPS

    config = None
    if same_set:
        overrides = {s.solution_type: {"enabled": s.solution_type.name in SAME_SET_HODOKU}
                     for s in DEFAULT_STEPS if s.enabled}
        config = hodoku.SolverConfig(step_overrides=overrides)
    solver = hodoku.Solver(config)

    def run(p: str) -> bool:
        result = solver.solve(p)
        return result.solved and not any(s.type.name == "BRUTE_FORCE" for s in result.steps)

    return run


def pencilmark_solver() -> Callable[[str], bool]:
    import pencilmark

    guessing = {"TRL", "GSS"}

    def run(p: str) -> bool:
        card = pencilmark.rate(p, fields=["contains"])
        return not any(c.get("code") in guessing for c in card.get("contains", ()))

    return run


SOLVERS: dict[str, Callable[[], Callable[[str], bool]]] = {
    "sudokit": sudokit_solver,
    "hodoku-py": hodoku_solver,
    "hodoku-py (same set)": lambda: hodoku_solver(same_set=True),
    "pencilmark": pencilmark_solver,
}
ALIASES = {"sudokit": "sudokit", "hodoku": "hodoku-py", "hodoku-same": "hodoku-py (same set)",
           "pencilmark": "pencilmark"}


def measure(run: Callable[[str], bool], puzzles: list[str]) -> tuple[float, int, float]:
    """(puzzles per second, solved without guessing, slowest puzzle in seconds)."""
    solved, slowest = 0, 0.0
    start = time.perf_counter()
    for p in puzzles:
        t = time.perf_counter()
        solved += bool(run(p))
        slowest = max(slowest, time.perf_counter() - t)
    total = time.perf_counter() - start
    return len(puzzles) / total, solved, slowest


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=100,
                    help="puzzles of top1465 to run, spread over the file (default 100)")
    ap.add_argument("--kaggle", type=int, default=100, help="puzzles of kaggle (default all 100)")
    ap.add_argument("--solvers", default="sudokit,hodoku,hodoku-same,pencilmark",
                    help="comma-separated: " + ", ".join(ALIASES))
    ap.add_argument("--hardest", type=int, default=0,
                    help="puzzles of forum_hardest_1106 to run (default none; 375 = all)")
    ap.add_argument("--elevenplus", type=int, default=0,
                    help="puzzles of forum_hardest_1905_11plus to run, spread over the file")
    ap.add_argument("--peer-count", type=int, default=0,
                    help="run the peers on only this many puzzles of each set (spread out), "
                         "for slow peers on the hard sets")
    ap.add_argument("--profile", action="store_true",
                    help="also print where sudokit spends its time (per technique) on top1465")
    args = ap.parse_args(argv)
    if not DATA.exists():
        print(f"no data sets at {DATA}", file=sys.stderr)
        return 1
    sets = {"top1465": load("top1465", args.count), "kaggle": load("kaggle", args.kaggle)}
    warm_up = (sets["kaggle"] or sets["top1465"])[0]
    sets = {name: puzzles for name, puzzles in sets.items() if puzzles}
    if args.hardest:
        sets["forum_hardest_1106"] = load("forum_hardest_1106", args.hardest)
    if args.elevenplus:
        sets["forum_hardest_1905_11plus"] = load("forum_hardest_1905_11plus", args.elevenplus)
    rows = []
    for alias in args.solvers.split(","):
        name = ALIASES[alias.strip()]
        try:
            SOLVERS[name]()(warm_up)  # warm up (imports, tables)
        except ImportError as e:
            print(f"skipping {name}: {e} (pip install '.[bench]')", file=sys.stderr)
            continue
        for set_name, puzzles in sets.items():
            run = sudokit_solver(set_name) if name == "sudokit" else SOLVERS[name]()
            peer_count = args.peer_count if name != "sudokit" and args.peer_count else len(puzzles)
            if peer_count < len(puzzles):
                puzzles = puzzles[::max(1, len(puzzles) // peer_count)][:peer_count]
            rate, solved, slowest = measure(run, puzzles)
            rows.append((set_name, name, len(puzzles), rate, solved, slowest))
            print(f"{set_name:8} {name:22} {rate:9.2f}/s  {solved}/{len(puzzles)} solved "
                  f"without guessing", file=sys.stderr, flush=True)
    print(f"\n{machine()}\n")
    print("| set | solver | puzzles | puzzles/s | solved without guessing | slowest puzzle |")
    print("|---|---|---:|---:|---:|---:|")
    for set_name, name, n, rate, solved, slowest in sorted(rows, key=lambda r: (r[0] != "top1465", r[0])):
        print(f"| {set_name} | {name} | {n} | {rate:,.2f} | {solved}/{n} ({solved / n:.0%}) | {slowest:.2f} s |")
    if CHECKED:
        print(f"\nEvery sudokit step checked against the solution: {CHECKED['steps']:,} steps, "
              f"{CHECKED['wrong']} wrong.")
    if FAMILIES:
        print_families()
    if args.profile:
        profile(sets["top1465"])
    return 0


def print_families() -> None:
    """The share of puzzles of each set whose sudokit solve path used each technique family."""
    names = sorted({f for s, c in FAMILIES.items() if s for f in c if f != "puzzles"})
    sets = [s for s, c in FAMILIES.items() if s and c["puzzles"]]
    print("\nShare of puzzles whose sudokit solve path used each technique family "
          "(\"trial\": candidate tests):\n")
    print("| family | " + " | ".join(sets) + " |")
    print("|---|" + "---:|" * len(sets))
    for fam in names:
        cells = [f"{FAMILIES[s][fam] / FAMILIES[s]['puzzles']:.0%} ({FAMILIES[s][fam]})" for s in sets]
        print(f"| {fam} | " + " | ".join(cells) + " |")


def profile(puzzles: list[str]) -> None:
    """Seconds spent in each technique's finder over the solve paths of ``puzzles``."""
    from sudokit.model import formats
    from sudokit.engines.logic import LogicalSolver, Position

    solver = LogicalSolver(unique=True)
    spent: Counter = Counter()
    for p in puzzles:
        position = Position.from_grid(formats.parse_one(p))
        while not position.is_solved:
            step = None
            for tech in solver.order:
                t = time.perf_counter()
                step = next(iter(tech.find(position)), None)
                spent[tech.id] += time.perf_counter() - t
                if step is not None:
                    break
            if step is None:
                break
            position.apply(step)
    total = sum(spent.values())
    print(f"\nsudokit time per technique on {len(puzzles)} top1465 puzzles ({total:.1f} s):\n")
    print("| technique | seconds | share |")
    print("|---|---:|---:|")
    for tid, s in spent.most_common(15):
        print(f"| {tid} | {s:.2f} | {s / total:.0%} |")


if __name__ == "__main__":
    raise SystemExit(main())
