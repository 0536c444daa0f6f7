"""Unique puzzles of any size made with the core, for the large-grid rows of the benchmark.

Both kinds start from :func:`sudokit.engines.search.core.random_solution` and remove givens in a random
order, keeping a removal only while the puzzle stays unique:

- ``first-failure``: stop at the first removal that would break uniqueness (many givens, the
  kind a simple generator makes);
- ``minimal``: try every given once (the puzzle ends up minimal: no given can go). A uniqueness
  check that exceeds ``node_limit`` counts as "not unique", which keeps generation bounded.

Sets are cached in ``benchmarks/results/sets/`` (git-ignored), keyed by their parameters.
"""

from __future__ import annotations

import random
from pathlib import Path

from sudokit import Geometry, Grid, SearchLimitError
from sudokit.model import formats
from sudokit.engines.search import core

CACHE = Path(__file__).resolve().parent / "results" / "sets"


def _unique(grid: Grid, node_limit: int) -> bool:
    try:
        return core.count_solutions(grid, 2, node_limit=node_limit) == 1
    except SearchLimitError:
        return False


def make_puzzle(geometry: Geometry, seed: int, kind: str, node_limit: int) -> Grid:
    rng = random.Random(seed)
    values = list(core.random_solution(geometry, seed).values)
    order = list(range(geometry.ncells))
    rng.shuffle(order)
    for cell in order:
        kept, values[cell] = values[cell], 0
        if not _unique(Grid(geometry, values), node_limit):
            values[cell] = kept
            if kind == "first-failure":
                break
    return Grid(geometry, values)


def puzzle_set(size: int, kind: str, count: int, node_limit: int, progress=None) -> list[Grid]:
    """``count`` unique puzzles of side ``size`` (seeds 1..count), from the cache when there."""
    geometry = Geometry.of(size)
    path = CACHE / f"{size}x{size}-{kind}-n{node_limit}.txt"
    lines = path.read_text().split() if path.exists() else []
    if len(lines) < count:
        for seed in range(len(lines) + 1, count + 1):
            lines.append(make_puzzle(geometry, seed, kind, node_limit).to_line())
            if progress:
                progress(f"  generated {size}x{size} {kind} puzzle {seed}/{count}")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines) + "\n")
    return [formats.parse_one(line, box=geometry.box_shape) for line in lines[:count]]
