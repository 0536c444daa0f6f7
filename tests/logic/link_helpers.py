"""Shaping candidates for the single-digit, colouring, wing and chain tests, and a soundness
check of chosen finders on real puzzles."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from helpers import DATA, cell_of

from sudokit.grid import Grid
from sudokit.logic import LogicalSolver, Position
from sudokit.logic.position import bit
from sudokit.logic.techniques import REGISTRY


def house_cells(pos: Position, house: str) -> list[int]:
    """Cells of ``"r2"``, ``"c5"`` or ``"b3"`` (1-based)."""
    g = pos.geometry
    kind, i = house[0], int(house[1:]) - 1
    return list({"r": g.rows, "c": g.cols, "b": g.boxes}[kind][i])


def only(pos: Position, digit: int, house: str, keep: Iterable[str]) -> None:
    """Leave ``digit`` in ``house`` only in the cells named in ``keep`` (they get it if missing)."""
    g = pos.geometry
    kept = {cell_of(g, n) for n in keep}
    for c in house_cells(pos, house):
        if c in kept:
            pos.cands[c] |= bit(digit)
        else:
            pos.cands[c] &= ~bit(digit)


def steps(tech_id: str, pos: Position):
    return list(REGISTRY[tech_id].find(pos))


def elims(pos: Position, step) -> set[str]:
    """``{"r3c5-4", ...}`` of one step."""
    return {f"{pos.geometry.name(c)}-{d}" for c, d in step.eliminations}


def all_elims(tech_id: str, pos: Position) -> list[set[str]]:
    return [elims(pos, s) for s in steps(tech_id, pos)]


def soundness_positions(count: int, seed: int = 7):
    """(position, solution) pairs from ``count`` top1465 puzzles: singles applied until stuck,
    then a random share of the wrong candidates removed, which a solver further along would
    have removed too; the solution's digits all stay."""
    from sudokit.search import solve

    path = DATA / "top1465.txt"
    if not path.exists():
        pytest.skip(f"{path} is not there (the shared data sets sit beside the repository)")
    lines = [l.strip() for l in path.read_text().splitlines() if l.strip()]
    lines = lines[:: max(1, len(lines) // count)][:count]
    rng = random.Random(seed)
    singles = LogicalSolver(["full-house", "hidden-single", "naked-single"], unique=False)
    for line in lines:
        grid = Grid.parse(line)
        solution = solve(grid).solution.values
        pos = singles.solve_path(grid).position
        for share in (0.3, 0.6):
            p = pos.copy()
            for cell, m in enumerate(p.cands):
                for d in range(1, p.size + 1):
                    if m & bit(d) and solution[cell] != d and rng.random() < share:
                        p.cands[cell] &= ~bit(d)
            yield p, solution


def check_sound(tech_ids: list[str], count: int = 200) -> dict[str, int]:
    """Run the finders over :func:`soundness_positions`; fail on any wrong change. Returns how
    many steps each technique yielded."""
    found = dict.fromkeys(tech_ids, 0)
    for pos, solution in soundness_positions(count):
        for t in tech_ids:
            for s in REGISTRY[t].find(pos):
                found[t] += 1
                assert s.placements or s.eliminations, s.explanation
                for c, d in s.eliminations:
                    assert pos.has(c, d), f"{s.explanation}: {d} is not a candidate there"
                    assert solution[c] != d, f"{s.explanation}: removes the solution's {d}"
                for c, d in s.placements:
                    assert solution[c] == d, f"{s.explanation}: places a wrong {d}"
    return found
