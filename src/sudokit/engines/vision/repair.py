"""Repair: the reading nearest to what was seen that has exactly one solution.

A reading's cost is the sum over cells of ``-log p(value)``. When the values read clash, or
the puzzle has no or several solutions, the cheapest changes among the least confident cells
(another symbol, or empty for a doubtful symbol, or a symbol for doubtful ink) are tried in
order of added cost, up to :data:`MAX_CHANGES` at once, until one gives a puzzle with exactly
one solution. The search is bounded by :data:`MAX_TRIES` solution counts and a time budget;
when it finds nothing, the reading is returned as read and its doubtful cells are named.
"""

from __future__ import annotations

import heapq
import math
import time
from dataclasses import dataclass

from sudokit.model.errors import SudokitError
from sudokit.model.grid import Grid
from sudokit.engines.search.core import count_solutions

MAX_CHANGES = 3
MAX_TRIES = 400
#: The single changes considered, cheapest first.
MAX_OPTIONS = 28
#: An alternative less likely than this is not considered.
MIN_PROBABILITY = 1e-4


@dataclass
class Repair:
    """What :func:`repair` found: the grid, the cells changed ``(cell, was, now)``, the number
    of solutions of the grid returned (0, 1 or 2 meaning "several"; None when unknown) and
    whether the search gave up."""

    grid: Grid
    changes: list
    solutions: int | None


def count(grid: Grid, time_limit: float) -> int | None:
    """Solutions of ``grid`` up to 2 (0 for a clash), None when the time limit stops it."""
    if grid.clashes():
        return 0
    try:
        return count_solutions(grid, 2, time_limit=time_limit)
    except SudokitError:
        return None


def options(values, alternatives):
    """Single changes ``(added cost, cell, value)`` cheapest first: ``alternatives[i]`` is a
    list of ``(value, probability)`` with the value read first."""
    out = []
    for cell, alts in enumerate(alternatives):
        if not alts:
            continue
        p_read = max(alts[0][1], 1e-9)
        for v, p in alts[1:]:
            if p >= MIN_PROBABILITY and v != values[cell]:
                out.append((math.log(p_read) - math.log(p), cell, v))
    out.sort()
    return out[:MAX_OPTIONS]


def repair(grid: Grid, alternatives, *, budget: float = 2.0, step_limit: float = 0.25) -> Repair:
    """The nearest reading with exactly one solution (see the module's doc)."""
    start = time.monotonic()
    first = count(grid, step_limit)
    if first == 1:
        return Repair(grid, [], 1)
    opts = options(grid.values, alternatives)
    clash_cells = {c for cl in grid.clashes() for c in (cl.first, cl.second)}
    heap = [(opts[0][0], (0,))] if opts else []
    tries = 0
    while heap and tries < MAX_TRIES and time.monotonic() - start < budget:
        cost, combo = heapq.heappop(heap)
        last = combo[-1]
        if last + 1 < len(opts):  # successors: extend, or move the last choice on
            if len(combo) < MAX_CHANGES:
                heapq.heappush(heap, (cost + opts[last + 1][0], combo + (last + 1,)))
            heapq.heappush(heap, (cost - opts[last][0] + opts[last + 1][0],
                                  combo[:-1] + (last + 1,)))
        cells = [opts[i][1] for i in combo]
        if len(set(cells)) < len(cells):
            continue
        if clash_cells and not clash_cells & set(cells):
            continue
        values = list(grid.values)
        for i in combo:
            values[opts[i][1]] = opts[i][2]
        candidate = grid.with_values(values)
        candidate.givens = [bool(v) for v in values]
        tries += 1
        if count(candidate, step_limit) == 1:
            changes = [(opts[i][1], grid.values[opts[i][1]], opts[i][2]) for i in combo]
            return Repair(candidate, sorted(changes), 1)
    return Repair(grid, [], None if first is None else min(first, 2))
