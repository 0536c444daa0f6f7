"""Technique fidelity against HoDoKu: does sudokit list every instance HoDoKu lists?

HoDoKu's "find all steps" (here the hodoku-py port, a ``bench`` extra, with its find-all
settings: ALS nodes in chains, ALS overlap allowed, every instance per elimination) is asked for
every instance of each technique in a set of pencil-mark positions; an instance counts as found
when ``sudokit steps`` lists a step of the same technique with exactly the same placements and
eliminations. The positions are those a solve meets: for a spread sample of each puzzle file,
the position before each step of sudokit's default solve path that is not a single.

    python benchmarks/fidelity_hodoku.py [--puzzles 40] [--files top1465,forum_hardest_1106]
        [--types UNIQUENESS_1,GROUPED_AIC,...] [--misses misses.jsonl] [--cache lists.json] [--jobs 2]

Prints, per HoDoKu technique, the instances HoDoKu lists, the share sudokit lists under the
same technique, and the share found only under another technique; ``--misses`` writes each
missed instance (the position JSON, the technique, the expected change) as a JSON line;
``--cache FILE`` keeps HoDoKu's lists per position (run with the same ``--types``), so two
versions of sudokit are compared on the same lists without asking HoDoKu again. Every
step sudokit lists is also checked against the solution (``unsound`` counts steps that remove
a solution digit or place a wrong one).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
sys.path.insert(0, str(ROOT / "src"))

from sudokit.model import formats  # noqa: E402
from sudokit.engines.logic import LogicalSolver, Position  # noqa: E402
from sudokit.engines.logic.techniques import REGISTRY  # noqa: E402
from sudokit.engines.search import solve  # noqa: E402

#: HoDoKu solution type -> sudokit technique id, where the names differ beyond case and dashes.
RENAMED = {
    "LOCKED_CANDIDATES_1": "locked-candidates-pointing",
    "LOCKED_CANDIDATES_2": "locked-candidates-claiming",
    "NAKED_QUADRUPLE": "naked-quad", "HIDDEN_QUADRUPLE": "hidden-quad",
    "BUG_PLUS_1": "bug-plus-1", "MULTI_COLORS_1": "multi-colors", "MULTI_COLORS_2": "multi-colors",
    "TEMPLATE_DEL": "template-delete", "TWO_STRING_KITE": "two-string-kite",
    **{f"UNIQUENESS_{n}": f"unique-rectangle-{n}" for n in range(1, 7)},
}
#: Not compared: singles (trivial), duals (two instances at once), and HoDoKu's last resorts.
SKIPPED = {"FULL_HOUSE", "HIDDEN_SINGLE", "NAKED_SINGLE", "DUAL_TWO_STRING_KITE",
           "DUAL_EMPTY_RECTANGLE", "KRAKEN_FISH_TYPE_1", "KRAKEN_FISH_TYPE_2",
           "FORCING_CHAIN_CONTRADICTION", "FORCING_CHAIN_VERITY", "FORCING_NET_CONTRADICTION",
           "FORCING_NET_VERITY", "BRUTE_FORCE", "INCOMPLETE", "GIVE_UP"}


def sudokit_id(type_name: str) -> str | None:
    tid = RENAMED.get(type_name, type_name.lower().replace("_", "-"))
    return tid if tid in REGISTRY else None


def hodoku_types(wanted: list[str] | None):
    from hodoku import SolutionType

    out = []
    for t in SolutionType:
        if t.name in SKIPPED or (wanted and t.name not in wanted):
            continue
        out.append(t)
    return out


def positions(files: list[str], count: int) -> list[tuple[str, str]]:
    """(position JSON, solution) before each non-single step of the default solve path."""
    out = []
    solver = LogicalSolver()
    for name in files:
        lines = [s.strip() for s in (DATA / f"{name}.txt").read_text().splitlines() if s.strip()]
        stride = max(1, len(lines) // count)
        for line in lines[::stride][:count]:
            grid = formats.parse_one(line.split()[0])
            solution = "".join(map(str, solve(grid).solutions[0].values))
            pos = Position.from_grid(grid)
            while not pos.is_solved:
                step = solver.next_step(pos)
                if step is None or step.technique.startswith("candidate-test"):
                    break
                if step.technique not in ("full-house", "hidden-single", "naked-single"):
                    out.append((pos.to_json(), solution))
                pos.apply(step)
    return out


def hodoku_grid(pos: Position):
    from hodoku.core.grid import Grid as HGrid

    text = "".join(("" if pos.givens[c] else "+") + str(v) if v else "." for c, v in enumerate(pos.values))
    grid = HGrid()
    grid.set_sudoku(text)
    for cell in range(81):
        if not pos.values[cell]:
            for d in grid.get_candidates(cell):
                if not pos.cands[cell] >> (d - 1) & 1:
                    grid.del_candidate(cell, d)
    return grid


def change(step) -> tuple:
    """A HoDoKu step's change as (placements, eliminations): its candidates to delete, else
    its cells and values (HoDoKu keeps a pattern's cells there too, so only when nothing is
    deleted are they placements)."""
    removed = tuple(sorted({(c.index, c.value) for c in step.candidates_to_delete}))
    if removed:
        return ((), removed)
    return (tuple(sorted(zip(step.indices, step.values))), ())


def hodoku_lists(pos: Position, wanted) -> dict[str, list[tuple]]:
    """Per HoDoKu type, the change of every instance its find-all lists."""
    from hodoku.config import DEFAULT_CONFIG
    from hodoku.solver.step_finder import SudokuStepFinder

    finder = SudokuStepFinder(hodoku_grid(pos), DEFAULT_CONFIG.find_all_search)
    out = {}
    for t in hodoku_types(wanted):
        try:
            found = finder.find_all(t)
        except Exception:  # a peer's crash is not ours to count
            continue
        out[t.name] = [change(s) for s in found if s.type == t]
    return out


def compare(job) -> dict:
    """Counts for one position: per HoDoKu type, listed / same technique / other technique."""
    text, solution, wanted, cached = job
    pos = Position.from_json(text)
    ours: dict[tuple, set[str]] = defaultdict(set)
    unsound = Counter()
    for step in LogicalSolver(unique=True).all_steps(pos):
        key = (tuple(sorted(step.placements)), () if step.placements else tuple(sorted(step.eliminations)))
        ours[key].add(step.technique)
        if any(int(solution[c]) == d for c, d in step.eliminations) or \
                any(int(solution[c]) != d for c, d in step.placements):
            unsound[step.technique] += 1
    lists = cached if cached is not None else hodoku_lists(pos, wanted)
    counts: dict[str, list[int]] = {}
    misses = []
    for name, changes in lists.items():
        tid = sudokit_id(name)
        for key in changes:
            key = (tuple(map(tuple, key[0])), tuple(map(tuple, key[1])))
            if not key[0] and not key[1]:
                continue
            c = counts.setdefault(name, [0, 0, 0])
            c[0] += 1
            techs = ours.get(key, set())
            if tid in techs:
                c[1] += 1
            else:
                if techs:
                    c[2] += 1
                misses.append({"type": name, "technique": tid, "position": text,
                               "placements": key[0], "eliminations": key[1],
                               "listed_as": sorted(techs)})
    return {"counts": counts, "misses": misses, "unsound": dict(unsound), "position": text,
            "lists": lists}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--puzzles", type=int, default=40, help="puzzles taken from each file")
    ap.add_argument("--files", default="top1465,forum_hardest_1106")
    ap.add_argument("--types", help="HoDoKu solution types, comma separated (default: all)")
    ap.add_argument("--misses", help="write the missed instances to this JSON-lines file")
    ap.add_argument("--max-positions", type=int, default=0, help="at most this many positions")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cache", help="JSON file of HoDoKu's lists per position, read and extended "
                                    "(to compare two versions of sudokit on the same lists)")
    args = ap.parse_args()
    wanted = args.types.split(",") if args.types else None
    cache = json.loads(Path(args.cache).read_text()) if args.cache and Path(args.cache).exists() else {}
    start = time.perf_counter()
    jobs = [(t, s, wanted, cache.get(t)) for t, s in positions(args.files.split(","), args.puzzles)]
    if args.max_positions:
        jobs = jobs[:: max(1, len(jobs) // args.max_positions)][: args.max_positions]
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    unsound = Counter()
    misses = []
    with Pool(args.jobs) as pool:
        for res in pool.imap_unordered(compare, jobs):
            for name, c in res["counts"].items():
                totals[name] = [a + b for a, b in zip(totals[name], c)]
            misses += res["misses"]
            unsound.update(res["unsound"])
            cache[res["position"]] = res["lists"]
    if args.cache:
        Path(args.cache).write_text(json.dumps(cache))
    print(f"{len(jobs)} positions from {args.files} ({args.puzzles} puzzles each), "
          f"{time.perf_counter() - start:.0f} s\n")
    print("| HoDoKu technique | sudokit id | instances | found | found as another technique |")
    print("|---|---|---:|---:|---:|")
    listed = same = 0
    for name in sorted(totals):
        n, s, o = totals[name]
        listed, same = listed + n, same + s
        print(f"| {name} | {sudokit_id(name) or '-'} | {n} | {s / n:.1%} | {o / n:.1%} |")
    if listed:
        print(f"| all | | {listed} | {same / listed:.1%} | |")
    print(f"\nunsound sudokit steps: {sum(unsound.values())} {dict(unsound) if unsound else ''}")
    if args.misses:
        with open(args.misses, "w") as f:
            for m in misses:
                f.write(json.dumps(m) + "\n")


if __name__ == "__main__":
    main()
