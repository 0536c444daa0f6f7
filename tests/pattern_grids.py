"""Random valid grids and puzzles of any box shape, for tests.

A full grid comes from the pattern ``(C*(r%R) + r//R + c) % N`` (R x C boxes), then random
relabelling of the digits, of the rows within each band, of the bands, of the columns within
each stack and of the stacks: every one of these keeps the rows, columns and boxes valid.
"""

from __future__ import annotations

import random

from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid


def _shuffled_groups(groups: int, per: int, rng: random.Random) -> list[int]:
    """0..groups*per-1 with the groups shuffled and the members of each group shuffled."""
    order = []
    for g in rng.sample(range(groups), groups):
        order += [g * per + i for i in rng.sample(range(per), per)]
    return order


def full_grid(geometry: Geometry, rng: random.Random) -> Grid:
    """A random complete valid grid of this geometry."""
    br, bc, n = geometry.box_rows, geometry.box_cols, geometry.size
    digits = rng.sample(range(1, n + 1), n)
    rows = _shuffled_groups(n // br, br, rng)  # bands of box_rows rows
    cols = _shuffled_groups(n // bc, bc, rng)  # stacks of box_cols columns
    return Grid(geometry, [digits[(bc * (r % br) + r // br + c) % n] for r in rows for c in cols])


def puzzle(geometry: Geometry, rng: random.Random, blank: float) -> tuple[Grid, Grid]:
    """``(solution, puzzle)``: a full grid and a copy with about ``blank`` of its cells emptied."""
    solution = full_grid(geometry, rng)
    values = [0 if rng.random() < blank else v for v in solution.values]
    return solution, Grid(geometry, values)


def agrees(solution: Grid, puzzle: Grid) -> bool:
    """True if ``solution`` keeps every given of ``puzzle``."""
    return all(s == p for s, p in zip(solution.values, puzzle.values) if p)
