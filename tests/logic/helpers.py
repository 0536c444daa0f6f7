"""Helpers of the technique tests: hand-made positions, readable names of what a finder found,
and positions with a known solution (real puzzles, or random solutions) for soundness checks."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.model import formats
from sudokit.engines.logic import LogicalSolver
from sudokit.model.position import Position, bit
from sudokit.engines.logic.techniques import REGISTRY
from sudokit.engines.search import solve

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"

SINGLES = ["full-house", "hidden-single", "naked-single"]


# --- names ------------------------------------------------------------------------------------

def cell_of(geometry: Geometry, name: str) -> int:
    """Cell index of ``"r3c5"`` (1-based)."""
    r, c = name.lower().lstrip("r").split("c")
    return geometry.cell(int(r) - 1, int(c) - 1)


def house_cells(pos: Position, house: str) -> list[int]:
    """Cells of ``"r2"``, ``"c5"`` or ``"b3"`` (1-based)."""
    g = pos.geometry
    kind, i = house[0], int(house[1:]) - 1
    return list({"r": g.rows, "c": g.cols, "b": g.boxes}[kind][i])


def mask_of(digits: str | Iterable[int]) -> int:
    m = 0
    for d in digits:
        m |= bit(int(d, 36) if isinstance(d, str) else d)
    return m


def names(pos: Position, pairs: Iterable[tuple[int, int]]) -> set[str]:
    """``{"r3c5-4", ...}``: readable names of (cell, digit) pairs."""
    return {f"{pos.geometry.name(c)}-{d}" for c, d in pairs}


def cells(prefix: str, numbers, suffix: str = "", digit: int | None = None) -> set[str]:
    """``cells("r2c", [4, 5], "", 7)`` -> ``{"r2c4-7", "r2c5-7"}``: a row or column of names."""
    out = {f"{prefix}{i}{suffix}" for i in numbers}
    return {f"{n}-{digit}" for n in out} if digit is not None else out


# --- hand-made positions ----------------------------------------------------------------------

def position_from_rows(rows: str | Iterable[str], box=None, cands: Mapping[str, str] | None = None,
                       placed: Iterable[str] = ()) -> Position:
    """A position from a puzzle (one line, or one string per row; ``.`` for empty cells).

    Candidates are computed from the values, then every cell named in ``cands`` gets exactly the
    digits given (``{"r3c5": "47"}``). Cells named in ``placed`` are filled but not givens.
    """
    text = rows if isinstance(rows, str) else "".join(r.replace(" ", "") for r in rows)
    grid = formats.parse_one(text.replace(" ", ""), box=box)
    g = grid.geometry
    givens = list(grid.givens)
    for name in placed:
        givens[cell_of(g, name)] = False
    pos = Position.from_grid(Grid(g, grid.values, givens))
    for name, digits in (cands or {}).items():
        pos.cands[cell_of(g, name)] = mask_of(digits)
    return pos


def blank_position(size: int = 9, box=None, fill: str | None = None,
                   cands: Mapping[str, str] | None = None) -> Position:
    """An empty grid whose cells all hold ``fill`` (default: every digit), then ``cands``."""
    g = Geometry.of(size, box)
    full = mask_of(fill) if fill else (1 << size) - 1
    pos = Position(g, [0] * g.ncells, [False] * g.ncells, [full] * g.ncells)
    for name, digits in (cands or {}).items():
        pos.cands[cell_of(g, name)] = mask_of(digits)
    return pos


def only(pos: Position, digit: int, house: str, keep: Iterable[str]) -> None:
    """Leave ``digit`` in ``house`` only in the cells named in ``keep`` (they get it if missing)."""
    g = pos.geometry
    kept = {cell_of(g, n) for n in keep}
    for c in house_cells(pos, house):
        if c in kept:
            pos.cands[c] |= bit(digit)
        else:
            pos.cands[c] &= ~bit(digit)


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


# --- what a finder found ----------------------------------------------------------------------

def steps(technique: str, pos: Position):
    return list(REGISTRY[technique].find(pos))


def eliminations(technique: str, pos: Position) -> list[set[str]]:
    """The eliminations of every step the technique finds, in order, as readable names."""
    return [names(pos, s.eliminations) for s in steps(technique, pos)]


def found(finder, pos: Position) -> list[tuple[set[str], set[str]]]:
    """(placements, eliminations) of every step a finder yields, as readable names."""
    return [(names(pos, s.placements), names(pos, s.eliminations)) for s in finder.find(pos)]


# --- positions with a known solution ----------------------------------------------------------

def data_sample(name: str, count: int | None = None) -> list[str]:
    """``count`` puzzles spread evenly over the data set ``name`` (all of them for None);
    skips the test when the shared data sets are not there."""
    path = DATA / f"{name}.txt"
    if not path.exists():
        pytest.skip(f"{path} is not there (the shared data sets sit beside the repository)")
    lines = [line.strip() for line in path.read_text().splitlines() if line.strip()]
    if count is None:
        return lines
    return lines[:: max(1, len(lines) // count)][:count]


def remove_wrong_candidates(pos: Position, solution: list[int], rng: random.Random,
                            share: float) -> None:
    """Remove about ``share`` of the candidates that are not the solution's digit (as a solver
    further along would have); the solution's digits all stay."""
    for cell, m in enumerate(pos.cands):
        for d in range(1, pos.size + 1):
            if m & bit(d) and d != solution[cell] and rng.random() < share:
                pos.cands[cell] &= ~bit(d)


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
    candidates from the filled cells, then about ``thin`` of the wrong candidates removed."""
    solution = pattern_solution(geometry, rng)
    values = [0 if rng.random() < blank else v for v in solution]
    pos = Position.from_grid(Grid(geometry, values))
    remove_wrong_candidates(pos, solution, rng, thin)
    return pos, solution


def top1465_positions(count: int, seed: int = 11, shares: tuple[float, ...] = (0.0, 0.5)):
    """``(position, solution)`` from ``count`` top1465 puzzles: singles applied until stuck,
    then, once for each of ``shares``, that share of the wrong candidates removed."""
    rng = random.Random(seed)
    singles = LogicalSolver(SINGLES, unique=False)
    for line in data_sample("top1465", count):
        grid = formats.parse_one(line)
        solution = solve(grid).solution.values
        stuck = singles.solve_path(grid).position
        for share in shares:
            pos = stuck.copy()
            remove_wrong_candidates(pos, solution, rng, share)
            yield pos, solution


def check_sound(tech_ids: list[str], count: int = 200) -> dict[str, int]:
    """Run the finders over :func:`top1465_positions` (more thinned than by default); fail on
    any wrong change. Returns how many steps each technique yielded."""
    counts = dict.fromkeys(tech_ids, 0)
    for pos, solution in top1465_positions(count, seed=7, shares=(0.3, 0.6)):
        for t in tech_ids:
            for s in REGISTRY[t].find(pos):
                counts[t] += 1
                assert s.placements or s.eliminations, s.explanation
                for c, d in s.eliminations:
                    assert pos.has(c, d), f"{s.explanation}: {d} is not a candidate there"
                    assert solution[c] != d, f"{s.explanation}: removes the solution's {d}"
                for c, d in s.placements:
                    assert solution[c] == d, f"{s.explanation}: places a wrong {d}"
    return counts


def stuck_positions(name: str, puzzles: int, per_puzzle: int, solver: LogicalSolver):
    """(position, solution): where ``solver`` gets stuck on solve paths of puzzles of the data
    set ``name``; to go on, the solution's digit is placed in a cell with fewest candidates
    (at most ``per_puzzle`` positions a puzzle)."""
    for line in data_sample(name, puzzles):
        grid = formats.parse_one(line)
        solution = solve(grid).solution.values
        pos = Position.from_grid(grid)
        taken = 0
        while not pos.is_solved and taken < per_puzzle:
            step = solver.next_step(pos)
            if step is not None:
                pos.apply(step)
                continue
            yield pos.copy(), solution
            taken += 1
            cell = min((c for c in range(pos.geometry.ncells) if not pos.values[c]),
                       key=lambda c: (pos.cands[c].bit_count(), c))
            pos.place(cell, solution[cell])
