"""Benchmark of the compiled search core against the other solvers, single thread.

    python benchmarks/bench_solve.py                 # every table, a few minutes
    python benchmarks/bench_solve.py --quick         # small samples, under a minute
    python benchmarks/bench_solve.py --write docs/benchmarks.md

Prints one table per data set of ../shared/data/ (puzzles/s and guesses/puzzle for the core in
batch and one puzzle a call, the ``digits`` method, the reference solver, Norvig's algorithm,
tdoku built from ../shared/peers/tdoku and timed in a C loop (with the ratio sudokit/tdoku;
skipped with a note when there is no C++ compiler) and the PyPI peers of the ``bench`` extra), a counting table for Serg's multi-solution puzzles, how
the ``digits`` method's time follows the puzzles' difficulty ratings, and rows for generated
unique 16x16 and 25x25 puzzles. Slow solvers run on an evenly spread sample of each set for at
most ``--budget`` seconds; the speed-up column compares the core batch with each solver on the
same puzzles. Timings are wall-clock (best of ``--repeat`` for the core), on whatever else the
machine is running: the load average is printed with the results.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generated import puzzle_set  # noqa: E402
from peers import norvig  # noqa: E402
from peers.pypi import PEERS  # noqa: E402
from peers.tdoku import FLAGS as TDOKU_FLAGS, build as build_tdoku  # noqa: E402

from sudokit.model import formats  # noqa: E402
from sudokit.engines.search import core, reference  # noqa: E402

DATA = HERE.parents[1] / "shared" / "data"
SETS = ["kaggle", "17clue", "top1465", "forum_hardest_1905_11plus", "forum_hardest_1106"]
DIGITS_NODE_LIMIT = 20_000_000  # about a quarter of a second of the digits method


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


@dataclass
class Row:
    solver: str
    puzzles: int
    seconds: float
    guesses: float | None = None
    speedup: float | None = None
    note: str = ""
    pure_python: bool = False

    @property
    def rate(self) -> float:
        return self.puzzles / self.seconds if self.seconds > 0 else float("inf")


@dataclass
class Table:
    title: str
    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def markdown(self) -> str:
        out = [f"### {self.title}", "",
               "| solver | puzzles | puzzles/s | µs/puzzle | guesses/puzzle | core batch is | notes |",
               "|---|---:|---:|---:|---:|---:|---|"]
        for r in self.rows:
            g = "" if r.guesses is None else f"{r.guesses:,.1f}"
            s = "" if r.speedup is None else f"{r.speedup:,.0f}x faster"
            us = 1e6 / r.rate if r.puzzles else 0
            rate = f"{r.rate:,.0f}" if r.puzzles else "-"
            out.append(f"| {r.solver} | {r.puzzles:,} | {rate} | {us:,.1f} | {g} | {s} | {r.note} |")
        out += [""] + [f"- {n}" for n in self.notes] + ([""] if self.notes else [])
        return "\n".join(out)


def best_of(repeat: int, fn: Callable[[], object]) -> tuple[float, object]:
    """Best time of ``repeat`` runs after one warm-up run (imports, caches)."""
    best, result = float("inf"), fn()
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t)
    return best, result


def sample_of(lines: list[str], n: int) -> list[str]:
    step = max(1, len(lines) // n)
    return lines[::step][:n]


def timed_loop(items, fn: Callable, budget: float) -> tuple[int, float, list]:
    """Call fn on items until they run out or ``budget`` seconds pass; (count, seconds, results)."""
    results, start = [], time.perf_counter()
    for item in items:
        results.append(fn(item))
        if time.perf_counter() - start > budget:
            break
    return len(results), time.perf_counter() - start, results


def _peer_worker(factory, puzzles, conn) -> None:
    try:
        solve = factory()
    except Exception as e:  # not installed, or does not import
        conn.send(("error", f"not run: {type(e).__name__}: {e} (`pip install -e .[bench]`)"))
        return
    for puzzle in puzzles:
        t = time.perf_counter()
        try:
            out = solve(puzzle)
        except Exception as e:
            conn.send(("error", f"failed: {type(e).__name__}: {e}"))
            return
        conn.send(("ok", out, time.perf_counter() - t))
    conn.send(("done",))


def run_peer(factory, puzzles: list[str], budget: float) -> tuple[int, float, list, str]:
    """Run a peer in a child process (a call cannot be interrupted otherwise) until its puzzles
    run out or ``budget`` seconds of solving pass; a call still running at twice the budget is
    abandoned. Returns (count, seconds, solutions, error message or "")."""
    import multiprocessing as mp

    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_peer_worker, args=(factory, puzzles, child), daemon=True)
    proc.start()
    child.close()
    results, seconds, error, start = [], 0.0, "", time.perf_counter()
    while seconds <= budget:
        if not parent.poll(max(0.0, 2 * budget - (time.perf_counter() - start))):
            break
        try:
            msg = parent.recv()
        except EOFError:
            error = "failed: the solver process died"
            break
        if msg[0] == "ok":
            results.append(msg[1])
            seconds += msg[2]
        elif msg[0] == "error":
            error = msg[1]
            break
        else:
            break
    proc.kill()
    proc.join()
    return len(results), seconds, results, error


def core_batch_seconds(lines: list[str], repeat: int, **kw) -> float:
    text = "\n".join(lines)
    return best_of(repeat, lambda: core.solve_many(text, **kw))[0]


# --- 9x9 data sets ----------------------------------------------------------------------------

def bench_set(name: str, args) -> Table:
    lines = (DATA / f"{name}.txt").read_text().split()
    sample = sample_of(lines, args.sample)
    table = Table(f"{name} ({len(lines):,} puzzles)")
    text = "\n".join(lines)
    log(f"{name}: core")

    secs, batch = best_of(args.repeat, lambda: core.solve_many(text, limit=1))
    assert batch.tally().get("solved", 0) + batch.tally().get("unique", 0) == len(lines), batch.tally()
    solutions = batch.solution_lines()
    table.rows.append(Row("core batch (`solve_many`)", len(lines), secs, batch.total_guesses / len(lines)))
    secs2, batch2 = best_of(args.repeat, lambda: core.solve_many(text, limit=2))
    table.rows.append(Row("core batch, uniqueness check (limit 2)", len(lines), secs2,
                          batch2.total_guesses / len(lines), note=f"{batch2.tally()}"))
    grids = [formats.parse_one(line) for line in lines]
    secs3, results = best_of(args.repeat, lambda: [core.solve(g) for g in grids])
    table.rows.append(Row("core one call (`core.solve(grid)`)", len(lines), secs3,
                          sum(r.guesses for r in results) / len(lines)))
    secs4, batch4 = best_of(args.repeat, lambda: core.solve_many(text, limit=1, method="generic"))
    table.rows.append(Row("core batch, generic solver (no 9x9 path)", len(lines), secs4,
                          batch4.total_guesses / len(lines)))
    if args.tdoku is not None:
        log(f"{name}: tdoku")
        table.rows += tdoku_rows(args.tdoku, lines, args.repeat, {1: secs, 2: secs2}, table.notes)
    expected = dict(zip(lines, solutions))

    def core_on(k: int) -> float:
        return core_batch_seconds(sample[:k], max(3, args.repeat), limit=1)

    # digits: one call per puzzle, with a node limit
    log(f"{name}: digits")
    n, secs, res = timed_loop([formats.parse_one(x) for x in sample],
                              lambda g: core.solve(g, method="digits", node_limit=DIGITS_NODE_LIMIT),
                              args.budget)
    done = [r for r in res if not r.limit_reached]
    times = sorted(r.seconds for r in res)
    note = (f"median {1e3 * statistics.median(times):.2f} ms, max {1e3 * times[-1]:.0f} ms; "
            f"{len(res) - len(done)} of {n} stopped at {DIGITS_NODE_LIMIT // 10**6}M nodes")
    table.rows.append(Row("core `digits` method (C# article)", n, secs, sum(r.guesses for r in res) / n,
                          secs / core_on(n), note))

    log(f"{name}: reference")
    n, secs, res = timed_loop(sample, lambda x: reference.solve(formats.parse_one(x)), args.budget)
    wrong = sum(r.solution.to_line() != expected[x] for x, r in zip(sample, res))
    table.rows.append(Row("sudokit reference solver (pure Python)", n, secs, sum(r.guesses for r in res) / n,
                          secs / core_on(n), f"{wrong} wrong" if wrong else ""))

    log(f"{name}: norvig")
    n, secs, res = timed_loop(sample, norvig.solve, args.budget)
    wrong = sum(s != expected[x] for x, (s, _) in zip(sample, res))
    table.rows.append(Row("Norvig's algorithm (pure Python, from the essay)", n, secs,
                          sum(g for _, g in res) / n, secs / core_on(n), f"{wrong} wrong" if wrong else "",
                          pure_python=True))

    if not args.no_peers:
        for label, (package, factory, pure) in PEERS.items():
            log(f"{name}: {label}")
            n, secs, res, error = run_peer(factory, sample, args.budget)
            if error:
                table.rows.append(Row(label, 0, 0, note=error))
                continue
            if n == 0:
                table.rows.append(Row(label, 0, 0, note=f"its first puzzle took over {2 * args.budget:g} s; stopped"))
                continue
            wrong = sum(s != expected[x] for x, s in zip(sample, res))
            table.rows.append(Row(label, n, secs, None, secs / core_on(n),
                                  f"{wrong} of {n} unsolved (gave up) or wrong" if wrong else "", pure_python=pure))
    pure = [r for r in table.rows if r.pure_python and r.puzzles and not r.note.startswith(tuple("0123456789"))]
    if pure:
        fastest = min(pure, key=lambda r: r.seconds / r.puzzles)
        table.notes.append(f"fastest pure-Python peer that solved every puzzle it was given: {fastest.solver}, "
                           f"{fastest.rate:,.0f} puzzles/s; the core batch is {fastest.speedup:,.0f}x faster "
                           f"on the same puzzles")
    gave_up = [r for r in table.rows if r.pure_python and r.puzzles and r not in pure]
    for r in gave_up:
        table.notes.append(f"{r.solver} gave up on or got wrong {r.note.split(' ')[0]} of its {r.puzzles} puzzles; "
                           f"counting its attempts as if solved, the core batch is still {r.speedup:,.0f}x faster")
    return table


def tdoku_rows(tdoku, lines: list[str], repeat: int, core_seconds: dict[int, float],
               notes: list[str]) -> list[Row]:
    """tdoku's rows for the first solution and limit 2 on ``lines``, each noting the ratio
    sudokit/tdoku (core batch puzzles/s over tdoku's), and the ratios in ``notes``."""
    rows, ratios = [], []
    for limit, what in [(1, "first solution"), (2, "uniqueness check (limit 2)")]:
        t = tdoku.time(lines, limit, repeat)
        ratio = t.seconds / core_seconds[limit]
        counted = f"{t.one} one, {t.more} more" if limit == 2 else f"{t.one + t.more} solved"
        rows.append(Row(f"{tdoku.label}, {what}", t.puzzles, t.seconds,
                        note=f"sudokit/tdoku {ratio:.2f}x; {counted}"))
        ratios.append(f"{ratio:.2f}x {what}")
    notes.append(f"sudokit/tdoku (core batch puzzles/s over tdoku's, same lines, same run): {', '.join(ratios)}")
    return rows


# --- counting -----------------------------------------------------------------------------------

def bench_counting(args) -> Table:
    lines = (DATA / "serg.txt").read_text().split()
    sample = sample_of(lines, args.sample)
    text = "\n".join(lines)
    table = Table(f"serg: counting every solution ({len(lines):,} puzzles with 2 or more solutions)")
    log("serg: core")
    secs, batch = best_of(args.repeat, lambda: core.solve_many(text, limit=None))
    counts = list(batch.counts)
    table.rows.append(Row("core batch, every solution (`limit=None`)", len(lines), secs,
                          batch.total_guesses / len(lines),
                          note=f"{sum(counts) / len(counts):.1f} solutions/puzzle on average, at most {max(counts):,}"))
    secs2, batch2 = best_of(args.repeat, lambda: core.solve_many(text, limit=2))
    table.rows.append(Row("core batch, uniqueness check (limit 2)", len(lines), secs2,
                          batch2.total_guesses / len(lines), note=f"{batch2.tally()}"))
    secs3, batch3 = best_of(args.repeat, lambda: core.solve_many(text, limit=1))
    table.rows.append(Row("core batch, first solution", len(lines), secs3, batch3.total_guesses / len(lines)))
    expected = dict(zip(lines, counts))

    def core_on(k: int) -> float:
        return core_batch_seconds(sample[:k], max(3, args.repeat), limit=None)

    log("serg: digits")
    n, secs, res = timed_loop([formats.parse_one(x) for x in sample],
                              lambda g: core.solve(g, limit=None, keep=0, method="digits",
                                                   node_limit=DIGITS_NODE_LIMIT), args.budget)
    wrong = sum(r.extra.get("count", r.count) != expected[x] for x, r in zip(sample, res))
    table.rows.append(Row("core `digits` method, every solution", n, secs, sum(r.guesses for r in res) / n,
                          secs / core_on(n), f"{wrong} wrong counts" if wrong else "counts agree"))
    log("serg: reference")
    n, secs, res = timed_loop(sample, lambda x: reference.solve(formats.parse_one(x), limit=None), args.budget)
    wrong = sum(r.count != expected[x] for x, r in zip(sample, res))
    table.rows.append(Row("reference solver, every solution", n, secs, sum(r.guesses for r in res) / n,
                          secs / core_on(n), f"{wrong} wrong counts" if wrong else "counts agree",
                          pure_python=True))
    return table


# --- digits vs difficulty --------------------------------------------------------------------

# Spearman's rank correlation: the one the rating calibration uses.
from sudokit.engines.rating import spearman  # noqa: E402


def bench_difficulty(args) -> str:
    path = DATA / "se_rated.tsv"
    rows = [line.split("\t") for line in path.read_text().splitlines()[1:]]
    puzzles = [(formats.parse_one(r[0]), float(r[1])) for r in rows]
    bands = [(0, 2), (2, 4), (4, 6), (6, 8), (8, 10), (10, 99)]
    log("difficulty: digits, fast, reference over se_rated.tsv")
    per = {}
    for label, fn in [("digits", lambda g: core.solve(g, method="digits", node_limit=DIGITS_NODE_LIMIT)),
                      ("fast", lambda g: min((core.solve(g) for _ in range(3)), key=lambda r: r.seconds)),
                      ("reference", lambda g: reference.solve(g))]:
        per[label] = [fn(g) for g, _ in puzzles]
    ratings = [er for _, er in puzzles]
    out = ["### Does the `digits` method's time depend on difficulty?", "",
           f"Median time per puzzle (one call) by Sudoku Explainer rating (ER), over the {len(puzzles)} "
           "rated puzzles of `se_rated.tsv`; the last row is Spearman's rank correlation between ER and "
           f"time. `digits` stops at {DIGITS_NODE_LIMIT // 10**6}M nodes (counted in the stopped column).", "",
           "| ER band | puzzles | `digits` median | `digits` max | `digits` stopped | `fast` median | reference median |",
           "|---|---:|---:|---:|---:|---:|---:|"]
    for lo, hi in bands:
        idx = [i for i, er in enumerate(ratings) if lo <= er < hi]
        if not idx:
            continue
        d = [per["digits"][i].seconds for i in idx]
        f = [per["fast"][i].seconds for i in idx]
        r = [per["reference"][i].seconds for i in idx]
        stopped = sum(per["digits"][i].limit_reached for i in idx)
        out.append(f"| {lo}-{hi if hi < 99 else ''} | {len(idx)} | {1e3 * statistics.median(d):.2f} ms | "
                   f"{1e3 * max(d):.0f} ms | {stopped} | {1e6 * statistics.median(f):.1f} µs | "
                   f"{1e3 * statistics.median(r):.2f} ms |")
    corr = {k: spearman(ratings, [r.seconds for r in v]) for k, v in per.items()}
    givens = [g.filled for g, _ in puzzles]
    corr_g = spearman([float(x) for x in givens], [r.seconds for r in per["digits"]])
    out.append(f"| rank correlation with ER | | {corr['digits']:+.2f} | | | {corr['fast']:+.2f} | "
               f"{corr['reference']:+.2f} |")
    out += ["", f"- rank correlation of the `digits` time with the number of givens: {corr_g:+.2f}", ""]
    return "\n".join(out)


# --- large grids -------------------------------------------------------------------------------

def bench_large(size: int, kind: str, count: int, node_limit: int, args) -> Table:
    grids = puzzle_set(size, kind, count, node_limit, progress=log)
    lines = [g.to_line() for g in grids]
    givens = statistics.fmean(g.filled for g in grids)
    table = Table(f"{size}x{size}, {count} generated unique puzzles, {kind} "
                  f"({givens:.0f} givens on average)")
    log(f"{size}x{size} {kind}: core")
    text = "\n".join(lines)
    for limit, label in [(1, "core batch"), (2, "core batch, uniqueness check (limit 2)")]:
        secs, batch = best_of(args.repeat, lambda: core.solve_many(text, limit=limit))
        one = [core.solve(g, limit=limit) for g in grids]
        table.rows.append(Row(label, len(lines), secs, batch.total_guesses / len(lines),
                              note=f"{batch.tally()}; slowest puzzle {1e3 * max(r.seconds for r in one):.1f} ms "
                                   f"(one call), average {1e3 * statistics.fmean(r.seconds for r in one):.2f} ms"))
    secs, res = best_of(args.repeat, lambda: [core.solve(g) for g in grids])
    table.rows.append(Row("core one call", len(lines), secs, sum(r.guesses for r in res) / len(lines)))
    base = table.rows[0].seconds / len(lines)
    log(f"{size}x{size} {kind}: digits")
    n, secs, res = timed_loop(grids, lambda g: core.solve(g, method="digits", node_limit=DIGITS_NODE_LIMIT),
                              args.budget)
    stopped = sum(r.limit_reached for r in res)
    table.rows.append(Row("core `digits` method", n, secs, sum(r.guesses for r in res) / n, secs / (base * n),
                          f"{stopped} of {n} stopped at {DIGITS_NODE_LIMIT // 10**6}M nodes"))
    log(f"{size}x{size} {kind}: reference")
    n, secs, res = timed_loop(grids, lambda g: reference.solve(g, time_limit=args.budget), args.budget)
    stopped = sum(r.limit_reached for r in res)
    table.rows.append(Row("reference solver", n, secs, sum(r.guesses for r in res) / n, secs / (base * n),
                          f"{stopped} of {n} stopped at the {args.budget:g} s time limit" if stopped else "",
                          pure_python=True))
    return table


# --- report ------------------------------------------------------------------------------------

def machine() -> str:
    model, cpus = platform.processor() or "unknown", os.cpu_count()
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        for line in lscpu.splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "Model name":
                model = value.strip()
    except OSError:
        pass
    gcc = ""
    try:
        gcc = subprocess.run(["gcc", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        pass
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (f"- machine: {model}, {cpus} cores (`lscpu`), load average at start {load}\n"
            f"- {platform.python_implementation()} {platform.python_version()} on {platform.system()}; "
            f"extension built by `pip install` with `-O3 -march=x86-64-v2` ({gcc})\n"
            f"- run: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sets", default=",".join(SETS), help="comma-separated data sets (default: all)")
    p.add_argument("--sample", type=int, default=200, help="puzzles per set for the slow solvers")
    p.add_argument("--budget", type=float, default=4.0, help="seconds per slow solver and set")
    p.add_argument("--repeat", type=int, default=3, help="runs of each core measurement (best is kept)")
    p.add_argument("--no-peers", action="store_true", help="skip the PyPI peers")
    p.add_argument("--no-tdoku", action="store_true", help="skip tdoku (built from ../shared/peers/tdoku)")
    p.add_argument("--no-large", action="store_true", help="skip the 16x16 and 25x25 rows")
    p.add_argument("--no-extra", action="store_true", help="skip counting and difficulty sections")
    p.add_argument("--quick", action="store_true", help="small samples and budgets")
    p.add_argument("--write", metavar="FILE", help="also write the report (markdown) to FILE")
    args = p.parse_args(argv)
    if args.quick:
        args.sample, args.budget, args.repeat = 40, 1.0, 1
    if not DATA.exists():
        print(f"no data sets at {DATA}", file=sys.stderr)
        return 1
    parts = [machine(), ""]
    started = time.perf_counter()
    args.tdoku = None
    if not args.no_tdoku:
        args.tdoku, why = build_tdoku()
        if why:
            log(why)
            parts.append(f"- {why}: skipped\n")
        else:
            parts.append(f"- tdoku built with `{args.tdoku.compiler}` `{' '.join(TDOKU_FLAGS)}`; timed "
                         "in a C loop (file read before the clock), best of the repeats after a warm-up\n")
    try:
        for name in args.sets.split(","):
            parts.append(bench_set(name.strip(), args).markdown())
    finally:
        if args.tdoku is not None:
            args.tdoku.close()
    if not args.no_extra:
        parts.append(bench_counting(args).markdown())
        parts.append(bench_difficulty(args))
    if not args.no_large:
        small = args.quick
        for size, kind, count, limit in [(16, "first-failure", 20 if small else 100, 100_000),
                                         (16, "minimal", 10 if small else 30, 100_000),
                                         (25, "first-failure", 5 if small else 30, 20_000),
                                         (25, "minimal", 2 if small else 6, 20_000)]:
            parts.append(bench_large(size, kind, count, limit, args).markdown())
    parts.append(f"_run time {time.perf_counter() - started:.0f} s; command: "
                 f"`python benchmarks/bench_solve.py {' '.join(argv if argv is not None else sys.argv[1:])}`_")
    report = "\n\n".join(parts)
    print(report)
    if args.write:
        write_report(Path(args.write), report)
    return 0


START, END = "<!-- results:start -->", "<!-- results:end -->"


def write_report(path: Path, report: str) -> None:
    """Put the report between the result markers of ``path`` (the rest of the file is kept),
    or write a new file holding just the report."""
    block = f"{START}\n{report}\n{END}"
    text = path.read_text() if path.exists() else ""
    if START in text and END in text:
        head, _, rest = text.partition(START)
        _, _, tail = rest.partition(END)
        path.write_text(head + block + tail)
    else:
        path.write_text(text + block + "\n")


if __name__ == "__main__":
    sys.exit(main())
