"""Which solver searches a puzzle: the core's solver table (csrc/sk_dispatch.c, read through
core.SOLVERS and core.solver_for) sends each combination of rules, method and job to the row the
table says, and that row gives the reference solver's answers.

The 9x9 search exists in two copies, chosen when the core loads: one built for BMI2 (used
when the processor has it) and a portable one (used elsewhere, or when SUDOKIT_PORTABLE_CORE
is set). Both must give the same answers, the same search statistics and the same seeded
random grids; forcing the portable copy must work."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from killer_cases import unique_killer
from sudokit import Geometry, Grid
from sudokit.engines.search import _core, core, reference
from sudokit.model.rules.jigsaw import random_regions

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

PROBE = r"""
import json, sys
from sudokit.engines.search import _core, core
from sudokit import Geometry
lines = sys.stdin.read().split()
out = {"path": _core.BB9_PATH}
for limit in (1, 2):
    batch = core.solve_many("\n".join(lines), limit=limit)
    out[f"limit{limit}"] = [batch.status(i) for i in range(len(lines))]
    out[f"solutions{limit}"] = batch.solution_lines()
    out[f"guesses{limit}"] = batch.total_guesses
out["random"] = [core.random_solution(Geometry(3, 3), seed).to_line() for seed in range(20)]
print(json.dumps(out))
"""


def probe(lines: list[str], portable: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "SUDOKIT_PORTABLE_CORE"}
    if portable:
        env["SUDOKIT_PORTABLE_CORE"] = "1"
    done = subprocess.run([sys.executable, "-c", PROBE], input="\n".join(lines), env=env,
                          capture_output=True, text=True, timeout=300, check=True)
    return json.loads(done.stdout)


def puzzles() -> list[str]:
    lines = []
    for name, step in (("top1465.txt", 7), ("forum_hardest_1106.txt", 3), ("serg.txt", 97), ("17clue.txt", 499)):
        path = DATA / name
        if not path.exists():
            pytest.skip(f"{path} is not there (the shared data sets sit beside the repository)")
        lines += path.read_text().split()[::step][:200]
    # an unsolvable one (two 5s in the first row) and an empty grid
    return lines + ["55" + "." * 79, "." * 81]


def test_the_path_in_use_is_named():
    assert _core.BB9_PATH in ("bmi2", "portable")


def test_both_copies_give_the_same_answers():
    lines = puzzles()
    fast, portable = probe(lines, False), probe(lines, True)
    assert portable["path"] == "portable"
    assert fast["path"] == _core.BB9_PATH
    assert "no-solution" in fast["limit1"] and "multiple" in fast["limit2"] and "unique" in fast["limit2"]
    for key in ("limit1", "limit2", "solutions1", "solutions2", "guesses1", "guesses2", "random"):
        assert fast[key] == portable[key], key


# --- the solver table -------------------------------------------------------------------------

def jigsaw(n: int, box: tuple[int, int], seed: int = 1) -> Geometry:
    return Geometry.of(n, box).with_variants([], random_regions(n, *box, random.Random(seed)))


def killer(n: int, names=()) -> Geometry:
    g, _ = unique_killer(n, seed=3)
    return g.with_variants(list(names)) if names else g


# (what, geometry, method, seed, a candidate grid, the row the table gives)
CASES = [
    ("classic 9x9", lambda: Geometry.of(9), "fast", None, False, "bb9"),
    ("classic 9x9 seeded", lambda: Geometry.of(9), "fast", 5, False, "bb9"),
    ("classic 9x9, generic method", lambda: Geometry.of(9), "generic", None, False, "generic"),
    ("classic 9x9, digits method", lambda: Geometry.of(9), "digits", None, False, "digits"),
    ("classic 6x6, digits method", lambda: Geometry.of(6, (2, 3)), "digits", None, False, "digits"),
    ("sukaku 9x9", lambda: Geometry.of(9), "fast", None, True, "generic"),
    ("sukaku 9x9, digits method", lambda: Geometry.of(9), "digits", None, True, "generic"),
    ("classic 6x6", lambda: Geometry.of(6, (2, 3)), "fast", None, False, "generic"),
    ("classic 12x12", lambda: Geometry.of(12, (3, 4)), "fast", None, False, "generic"),
    ("classic 16x16", lambda: Geometry.of(16), "fast", None, False, "generic"),
    ("X 9x9", lambda: Geometry.of(9).with_variants("x"), "fast", None, False, "xw9"),
    ("X 9x9, digits method", lambda: Geometry.of(9).with_variants("x"), "digits", None, False, "xw9"),
    ("X 9x9 seeded", lambda: Geometry.of(9).with_variants("x"), "fast", 5, False, "vbb9"),
    ("X 9x9 sukaku", lambda: Geometry.of(9).with_variants("x"), "fast", None, True, "vbb9"),
    ("Windoku 9x9", lambda: Geometry.of(9).with_variants("windoku"), "fast", None, False, "xw9"),
    ("X + Windoku 9x9", lambda: Geometry.of(9).with_variants("x,windoku"), "fast", None, False, "xw9"),
    ("anti-knight 9x9", lambda: Geometry.of(9).with_variants("anti-knight"), "fast", None, False, "vbb9"),
    ("X + anti-king 9x9", lambda: Geometry.of(9).with_variants("x,anti-king"), "fast", None, False, "vbb9"),
    ("jigsaw 9x9", lambda: jigsaw(9, (3, 3)), "fast", None, False, "vbb9"),
    ("X 8x8", lambda: Geometry.of(8, (2, 4)).with_variants("x"), "fast", None, False, "vbb9"),
    ("anti-king 12x12", lambda: Geometry.of(12, (3, 4)).with_variants("anti-king"), "fast", None, False, "vbb16"),
    ("X 16x16", lambda: Geometry.of(16).with_variants("x"), "generic", None, False, "vbb16"),
    ("jigsaw 16x16", lambda: jigsaw(16, (4, 4)), "fast", None, False, "vbb16"),
    ("X 25x25", lambda: Geometry.of(25).with_variants("x"), "fast", None, False, "variant"),
    ("killer 9x9", lambda: killer(9), "fast", None, False, "vbbk9"),
    ("killer 9x9 seeded", lambda: killer(9), "fast", 5, False, "vbbk9"),
    ("killer + X 9x9", lambda: killer(9, ["x"]), "fast", None, False, "vbbk9"),
    ("killer 6x6", lambda: killer(6), "fast", None, False, "vbbk9"),
    ("killer 12x12", lambda: killer(12), "fast", None, False, "vbbk16"),
]


def test_the_table_has_one_row_per_solver_and_a_last_resort_for_each_form():
    names = [row["name"] for row in core.SOLVERS]
    assert len(set(names)) == len(names)
    for form in ("box", "tables"):
        last = [row for row in core.SOLVERS if row["form"] == form][-1]
        assert set(last["takes"]) == {"seed", "masks", "prefer"}
        assert set(last["methods"]) == {"fast", "generic", "digits"}
        assert {"houses", "candidates"} <= set(last["enforces"])


def test_every_rule_kind_is_enforced_by_a_row_of_the_table():
    """Each way a rule kind says it is enforced maps to a kind the core's rows enforce, and the
    row that searches a grid with that rule enforces it."""
    from sudokit.model.rules import NAMED
    from sudokit.model.rules.base import ENFORCEMENTS
    from sudokit.model.rules.jigsaw import Jigsaw
    from sudokit.model.rules.killer import Killer

    assert set(core.RULE_ENFORCEMENT) == set(ENFORCEMENTS)
    rows = {row["name"]: row for row in core.SOLVERS}
    examples = {Jigsaw: jigsaw(9, (3, 3)), Killer: killer(9)}
    for cls in (*NAMED.values(), Jigsaw, Killer):
        g = examples.get(cls) or Geometry.of(9).with_variants([cls.kind])
        row = rows[core.solver_for(Grid.empty(g))]
        assert core.RULE_ENFORCEMENT[cls.enforced_by] in row["enforces"], cls.kind


def first_row(rules: set[str], form: str, method: str, takes: set[str], fits) -> str:
    """The table's rule, read from core.SOLVERS: the first row that enforces the rules, serves
    the method, takes the job and fits."""
    for row in core.SOLVERS:
        if (row["form"] == form and rules <= set(row["enforces"]) and method in row["methods"]
                and takes <= set(row["takes"]) and fits(row["name"])):
            return row["name"]
    raise AssertionError("no row")


def puzzle_of(g: Geometry, candidates: bool, seed: int = 7) -> Grid:
    """A puzzle of g with a few solutions: a random solution's cells kept with probability
    0.55 (a candidate grid: a blank keeps its answer and about half the other digits)."""
    if g.cages:
        return Grid.empty(g)
    full = core.solve(Grid.empty(g), limit=1, seed=seed, time_limit=10).solution
    rng = random.Random(seed)
    keep = [rng.random() < 0.55 for _ in range(g.ncells)]
    values = [v if k else 0 for v, k in zip(full.values, keep)]
    if not candidates:
        return Grid(g, values)
    masks = [1 << (v - 1) | sum(1 << d for d in range(g.size) if rng.random() < 0.5)
             for v in full.values]
    return Grid(g, [0] * g.ncells, candidates=masks)


@pytest.mark.parametrize("what,make,method,seed,candidates,row", CASES, ids=[c[0] for c in CASES])
def test_each_combination_goes_to_its_row_and_gives_the_reference_answer(what, make, method, seed,
                                                                         candidates, row):
    g = make()
    grid = puzzle_of(g, candidates)
    assert core.solver_for(grid, method, seed) == row
    # the same row from the table's rule over core.SOLVERS (fits: what each row's size allows)
    rules = {"houses"} | ({"sums"} if g.cages else set()) | ({"candidates"} if candidates else set())
    if any(name in ("anti-knight", "anti-king") for name in g.variants):
        rules.add("peers")
    form = "box" if g.is_classic else "tables"
    xw = g.size == 9 and g.regions is None and not rules - {"houses"}
    sizes = {"bb9": g.size == 9 and g.box_rows == 3, "xw9": xw, "vbb9": g.size <= 9, "vbbk9": g.size <= 9,
             "vbb16": 9 < g.size <= 16, "vbbk16": 9 < g.size <= 16}
    assert first_row(rules, form, method, {"seed"} if seed is not None else set(),
                     lambda name: sizes.get(name, True)) == row
    found = core.solve(grid, limit=3, seed=seed, method=method, node_limit=5_000_000)
    expected = reference.solve(grid, limit=None if g.size <= 9 or g.cages else 3, time_limit=60)
    assert not found.limit_reached
    if expected.complete:
        assert found.count == min(3, expected.count)
        assert {tuple(s.values) for s in found.solutions} <= {tuple(s.values) for s in expected.solutions}
    else:
        assert found.count == expected.count == 3
    for s in found.solutions:
        assert s.is_solved


def test_the_carving_loops_proofs_and_prepared_tables_go_to_their_rows():
    """The carve's proofs (a digit ruled out, the known one tried first) stay on the 9x9
    bitboards; on X they leave the band words for vbb9; a variant prepared without bitboards
    has the generic variant search."""
    assert _core.solver(3, 3, masks=True, prefer=True) == "bb9"
    assert _core.solver(4, 4, prefer=True) == "generic"
    x = core.prepared_variant(Geometry.of(9).with_variants("x"))
    assert _core.solver(3, 3, variant=x) == "xw9"
    assert _core.solver(3, 3, variant=x, masks=True, prefer=True) == "vbb9"
    assert _core.solver(3, 3, variant=x, prefer=True) == "vbb9"
    plain = core.prepared_variant(Geometry.of(9).with_variants("x"), bitboards=False)
    assert _core.solver(3, 3, variant=plain) == "variant"
