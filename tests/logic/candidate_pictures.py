"""Positions drawn as pictures of one digit's candidates, for the intersection, subset and fish
tests; and the names of what a finder found."""

from __future__ import annotations

import random

import pytest
from helpers import DATA, blank_position

from sudokit.grid import Grid
from sudokit.logic import LogicalSolver
from sudokit.logic.position import Position, bit
from sudokit.logic.techniques import REGISTRY
from sudokit.search import solve


def digit_picture(picture: str, digit: int, box=None) -> Position:
    """Every cell holds every candidate but ``digit``, which stays only in the cells drawn
    ``x`` (``.`` elsewhere). One grid row a line; spaces, ``|`` and ruler lines are ignored."""
    rows = ["".join(ch for ch in line if ch in "x.") for line in picture.strip().splitlines()]
    rows = [r for r in rows if r]
    size = len(rows)
    assert all(len(r) == size for r in rows), "a picture is square"
    pos = blank_position(size, box)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == ".":
                pos.cands[r * size + c] &= ~bit(digit)
    return pos


def steps(technique: str, pos: Position):
    return list(REGISTRY[technique].find(pos))


def names(pos: Position, pairs) -> set[str]:
    """``{"r3c5-4", ...}`` for (cell, digit) pairs."""
    return {f"{pos.geometry.name(c)}-{d}" for c, d in pairs}


def eliminations(technique: str, pos: Position) -> list[set[str]]:
    """The eliminations of every step the technique finds, in order."""
    return [names(pos, s.eliminations) for s in steps(technique, pos)]


def cells(prefix: str, numbers, suffix: str = "", digit: int | None = None) -> set[str]:
    """``cells("r2c", [4, 5], "", 7)`` -> ``{"r2c4-7", "r2c5-7"}``: a row or column of names."""
    out = {f"{prefix}{i}{suffix}" for i in numbers}
    return {f"{n}-{digit}" for n in out} if digit is not None else out


# --- positions with a known solution, for cross-checks and soundness ------------------------

def pattern_solution(geometry, rng: random.Random) -> list[int]:
    """A valid full grid: the pattern ``(C*(r%R) + r//R + c) % N`` with the digits relabelled
    and the bands and stacks shuffled."""
    br, bc, n = geometry.box_rows, geometry.box_cols, geometry.size
    digits = rng.sample(range(1, n + 1), n)
    rows = [b * br + i for b in rng.sample(range(n // br), n // br)
            for i in rng.sample(range(br), br)]
    cols = [s * bc + j for s in rng.sample(range(n // bc), n // bc)
            for j in rng.sample(range(bc), bc)]
    return [digits[(bc * (r % br) + r // br + c) % n] for r in rows for c in cols]


def thinned_position(geometry, rng: random.Random, blank: float = 0.7,
                     thin: float = 0.4) -> tuple[Position, list[int]]:
    """``(position, solution)``: a random solution with about ``blank`` of its cells emptied,
    candidates from the filled cells, then about ``thin`` of the wrong candidates removed (as a
    solver further along would have). The solution's digits all stay."""
    solution = pattern_solution(geometry, rng)
    values = [0 if rng.random() < blank else v for v in solution]
    pos = Position.from_grid(Grid(geometry, values))
    for cell, m in enumerate(pos.cands):
        for d in range(1, geometry.size + 1):
            if m & bit(d) and d != solution[cell] and rng.random() < thin:
                pos.cands[cell] &= ~bit(d)
    return pos, solution


def top1465_positions(count: int, seed: int = 11):
    """``(position, solution)`` from ``count`` top1465 puzzles: singles applied until stuck,
    then as :func:`thinned_position` at two strengths."""
    path = DATA / "top1465.txt"
    if not path.exists():
        pytest.skip(f"{path} is not there (the shared data sets sit beside the repository)")
    lines = [line.strip() for line in path.read_text().splitlines() if line.strip()]
    lines = lines[:: max(1, len(lines) // count)][:count]
    rng = random.Random(seed)
    singles = LogicalSolver(["full-house", "hidden-single", "naked-single"], unique=False)
    for line in lines:
        grid = Grid.parse(line)
        solution = solve(grid).solution.values
        stuck = singles.solve_path(grid).position
        for share in (0.0, 0.5):
            pos = stuck.copy()
            for cell, m in enumerate(pos.cands):
                for d in range(1, pos.size + 1):
                    if m & bit(d) and d != solution[cell] and rng.random() < share:
                        pos.cands[cell] &= ~bit(d)
            yield pos, solution
