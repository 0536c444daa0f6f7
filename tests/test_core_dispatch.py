"""The 9x9 search exists in two copies, chosen when the core loads: one built for BMI2 (used
when the processor has it) and a portable one (used elsewhere, or when SUDOKIT_PORTABLE_CORE
is set). Both must give the same answers, the same search statistics and the same seeded
random grids; forcing the portable copy must work."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sudokit.engines.search import _core

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
