"""Killer puzzles for tests: cages grown at random over a random solution, kept only when they
make the solution unique (shared by the model, API, picture and page tests)."""

from __future__ import annotations

import random

from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.model.rules.killer import Cage
from sudokit.engines.search import core, reference


def random_cages(solution: list[int], size: int, rng: random.Random, largest: int = 4):
    """Cages grown at random over a solution (connected, no digit twice), summed from it."""
    n = size
    owner: dict[int, int] = {}
    cages = []
    cells = list(range(n * n))
    rng.shuffle(cells)
    for start in cells:
        if start in owner:
            continue
        group = [start]
        owner[start] = len(cages)
        want = rng.randint(1, largest)
        while len(group) < want:
            near = [x + d for x in group for d in (-n, n, -1, 1)
                    if 0 <= x + d < n * n and (d in (-n, n) or (x + d) // n == x // n)]
            near = [x for x in near if x not in owner and solution[x] not in {solution[y] for y in group}]
            if not near:
                break
            x = rng.choice(near)
            owner[x] = len(cages)
            group.append(x)
        cages.append(Cage(sum(solution[x] for x in group), tuple(sorted(group))))
    return cages


def unique_killer(size: int = 9, seed: int = 0, largest: int = 4) -> tuple[Geometry, list[int]]:
    """A killer with no givens and exactly one solution: its geometry (with the cages) and that
    solution, both made from ``seed``."""
    g = Geometry.of(size)
    solution = core.random_solution(g, seed).values
    rng = random.Random(seed)
    while True:
        kg = g.with_cages(random_cages(solution, size, rng, largest))
        if reference.count_solutions(Grid.empty(kg), 2, node_limit=200_000) == 1:
            return kg, solution
