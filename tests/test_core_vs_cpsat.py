"""The compiled core against an independent solver (OR-Tools CP-SAT, :mod:`oracle_cpsat`) on
random small puzzles of every rule kind and combination: the same number of solutions (up to
two) and, when there is one, the same solution. Puzzles are unique, have several solutions or
none (a given or a cage sum changed at random)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("ortools", reason="the CP-SAT oracle is in the test extra (ortools)")

import oracle_cpsat  # noqa: E402

from sudokit import Geometry, Grid  # noqa: E402
from sudokit.engines.search import core  # noqa: E402
from sudokit.model.rules.jigsaw import random_regions  # noqa: E402
from killer_cases import random_cages  # noqa: E402

SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)]
NAMED = ["x", "anti-knight", "anti-king", "windoku"]
PER_CASE = 12
#: The board a kind that adds no rule of its own is cut on.
BOARD_OF = {"sukaku": "classic", "killer": "classic", "killer-variant": "mixed"}


def random_geometry(rng: random.Random, kind: str) -> Geometry:
    rows, cols = rng.choice([s for s in SHAPES if kind != "windoku" or s[0] == s[1]])
    g = Geometry.of(rows * cols, (rows, cols))
    if kind == "classic":
        return g
    if kind == "jigsaw":
        return g.with_variants((), random_regions(g.size, rows, cols, rng))
    if kind in NAMED:
        return g.with_variants([kind])
    options = [v for v in NAMED if v != "windoku" or rows == cols]
    names = rng.sample(options, rng.randint(2, min(3, len(options))))  # "mixed"
    regions = random_regions(g.size, rows, cols, rng) if rng.random() < 0.4 else None
    return g.with_variants(names, regions)


def random_puzzle(rng: random.Random, kind: str) -> Grid:
    """A puzzle of ``kind`` cut from a random solution: some givens kept, sometimes one of
    them changed (often no solution then); killers get cages, sometimes one sum changed;
    ``sukaku`` gets candidates in its empty cells, sometimes without the solution's digit."""
    while True:
        g = random_geometry(rng, BOARD_OF.get(kind, kind))
        result = core.solve(Grid.empty(g), 1, node_limit=200_000, seed=rng.randrange(2**31))
        if result.solution is not None:
            break
        if result.complete:  # some rule sets leave no full grid at all (4x4 anti-king)
            assert oracle_cpsat.solutions(Grid.empty(g), limit=1) == [], g
    n = g.size
    solution = result.solution.values
    if kind.startswith("killer"):
        cages = random_cages(solution, n, rng, largest=rng.randint(2, 5))
        if rng.random() < 0.3:
            i = rng.randrange(len(cages))
            cage = cages[i]
            if len(cage.cells) > 1:  # a changed sum that some digits still make
                cages[i] = type(cage)(cage.total + (1 if cage.total < sum(range(n - len(cage.cells) + 1, n + 1)) else -1), cage.cells)
        g = g.with_cages(cages)
    keep = rng.uniform(0.0, 0.25) if kind.startswith("killer") else rng.uniform(0.25, 0.7)
    values = [v if rng.random() < keep else 0 for v in solution]
    if rng.random() < 0.3:
        values[rng.randrange(len(values))] = rng.randint(1, n)
    candidates = None
    if kind == "sukaku":
        candidates = []
        for i, v in enumerate(solution):
            mask = sum(1 << d for d in range(n) if rng.random() < 0.45)
            if rng.random() < 0.97:
                mask |= 1 << (v - 1)
            candidates.append(mask or 1 << (v - 1))
    return Grid(g, values, candidates=candidates)


KINDS = ["classic", "sukaku", "jigsaw", *NAMED, "mixed", "killer", "killer-variant"]


@pytest.mark.parametrize("kind", KINDS)
def test_core_agrees_with_cpsat(kind):
    rng = random.Random(f"cpsat-{kind}")
    seen = set()
    for _ in range(PER_CASE):
        grid = random_puzzle(rng, kind)
        expected = oracle_cpsat.solutions(grid, limit=2)
        got = core.solve(grid, limit=2)
        where = (kind, grid.geometry.box_shape, grid.geometry.variant_name, grid.values)
        assert not got.limit_reached, where
        assert got.count == len(expected), where
        if len(expected) == 1:
            assert tuple(got.solutions[0].values) == expected[0], where
        seen.add(min(len(expected), 2))
    assert len(seen) >= 2, f"{kind}: every puzzle had the same count {seen}; the cases test little"
