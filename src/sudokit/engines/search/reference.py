"""The reference solver: pure Python, simple enough to trust, the oracle for the compiled core.

State is two lists: ``values`` (0 = empty) and ``cands`` (one bitmask per cell, bit ``d-1`` for
digit ``d``; 0 once the cell is filled). Every node propagates naked and hidden singles to a
fixpoint, then branches on the empty cell with the fewest candidates, depth first, trying its
digits in ascending order. Works for every geometry.

Clashing givens are not an error here: such a puzzle simply has no solution (the givens are
placed like any other digit and the clash is found as a contradiction). Call
:meth:`Grid.validate` first to get a message naming the clash.

Statistics: ``nodes`` counts the states propagated (the root included), ``guesses`` the branch
points (states where singles ran out and the search had to choose a digit for a cell).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache

from sudokit.model.errors import SearchLimitError
from sudokit.model.geometry import CACHED_GEOMETRIES, Geometry
from sudokit.model.grid import Grid
from sudokit.model.rules.killer import combinations
from sudokit.engines.search.result import SearchResult

NAME = "reference"

#: How many nodes pass between two looks at the clock.
_CLOCK_EVERY = 64


@dataclass(frozen=True)
class _Tables:
    """Per-geometry lookup tables, built once."""

    ncells: int
    full: int
    peers: tuple[tuple[int, ...], ...]
    houses: tuple[tuple[int, ...], ...]
    bits: tuple[int, ...]  # bits[v] = mask of value v, bits[0] = 0
    cages: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]  # killer: (cells, digit sets)


@lru_cache(maxsize=CACHED_GEOMETRIES)
def _tables(geometry: Geometry) -> _Tables:
    n = geometry.size
    cages = tuple((c.cells, combinations(c.total, len(c.cells), n)) for c in geometry.cages or ())
    return _Tables(geometry.ncells, (1 << n) - 1, geometry.peers, geometry.houses,
                   (0,) + tuple(1 << (d - 1) for d in range(1, n + 1)), cages)


def _cage_digits(cells, sets, values, cands, bits) -> int | None:
    """The digits the empty cells of a killer cage may still take: those of the digit sets that
    make its sum, hold its placed digits and have an empty cell for each other digit. None when
    no set does (a contradiction)."""
    placed = open_ = 0
    for c in cells:
        if values[c]:
            placed |= bits[values[c]]
        else:
            open_ |= cands[c]
    allowed, found = 0, False
    for s in sets:
        if s & placed == placed and not s & ~placed & ~open_:
            allowed |= s & ~placed
            found = True
    return allowed if found else None


def _propagate(t: _Tables, values: list[int], cands: list[int], queue: list[tuple[int, int]]) -> bool:
    """Place the queued ``(cell, digit)`` pairs, then naked and hidden singles until nothing
    changes. False on a contradiction (a cell or a house left without a digit)."""
    peers, houses, bits, full = t.peers, t.houses, t.bits, t.full
    while True:
        while queue:
            cell, digit = queue.pop()
            if values[cell]:
                if values[cell] != digit:
                    return False
                continue
            b = bits[digit]
            if not cands[cell] & b:
                return False
            values[cell] = digit
            cands[cell] = 0
            for p in peers[cell]:
                m = cands[p]
                if m & b:
                    m ^= b
                    if not m:
                        return False
                    cands[p] = m
                    if not m & (m - 1):
                        queue.append((p, m.bit_length()))
        # Hidden singles: a digit that only one cell of a house can still take.
        for house in houses:
            once = twice = placed = 0
            for c in house:
                m = cands[c]
                if m:
                    twice |= once & m
                    once |= m
                else:
                    placed |= bits[values[c]]
            if once | placed != full:
                return False
            hidden = once & ~twice
            while hidden:
                b = hidden & -hidden
                hidden ^= b
                for c in house:
                    if cands[c] & b:
                        queue.append((c, b.bit_length()))
                        break
        # Killer cages: only digits of the sets that can still make the sum.
        for cells, sets in t.cages:
            allowed = _cage_digits(cells, sets, values, cands, bits)
            if allowed is None:
                return False
            for c in cells:
                m = cands[c]
                if m & ~allowed:
                    m &= allowed
                    if not m:
                        return False
                    cands[c] = m
                    if not m & (m - 1):
                        queue.append((c, m.bit_length()))
        if not queue:
            return True


def _fewest_candidates(cands: list[int]) -> int:
    """The empty cell with the fewest candidates (the first such), or -1 when all are filled."""
    best, best_count = -1, 1 << 30
    for cell, m in enumerate(cands):
        if m:
            k = m.bit_count()
            if k < best_count:
                best, best_count = cell, k
                if k == 2:
                    break
    return best


def solve(grid: Grid, limit: int | None = 1, node_limit: int | None = None,
          time_limit: float | None = None, keep: int | None = None) -> SearchResult:
    """Search for up to ``limit`` solutions (``None``: all of them).

    ``node_limit`` (states propagated) and ``time_limit`` (seconds) stop the search early with
    ``limit_reached`` set; the solutions found so far are kept. ``keep`` bounds the solutions
    returned (default: all that were found); the result's ``count`` counts them all.
    """
    if limit is not None and limit < 1:
        raise ValueError("limit must be at least 1 (or None for every solution)")
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    t = _tables(grid.geometry)

    root_queue = [(cell, v) for cell, v in enumerate(grid.values) if v]
    root_cands = [t.full] * t.ncells  # a candidate grid's masks of its empty cells restrict them
    if grid.candidates is not None:
        root_cands = [t.full if v else m & t.full for m, v in zip(grid.candidates, grid.values)]
    stack: list[tuple[list[int], list[int], list[tuple[int, int]]]] = [
        ([0] * t.ncells, root_cands, root_queue)]
    if any(not m and not v for m, v in zip(root_cands, grid.values)):
        stack = []  # an empty cell of a candidate grid with no candidate: no solution
    solutions: list[list[int]] = []
    found = nodes = guesses = 0
    limit_reached = False

    while stack:
        if node_limit is not None and nodes >= node_limit:
            limit_reached = True
            break
        if deadline is not None and nodes % _CLOCK_EVERY == 0 and time.perf_counter() > deadline:
            limit_reached = True
            break
        parent_values, parent_cands, queue = stack.pop()
        nodes += 1
        # Children share their parent's lists, which are never changed once pushed: copy here.
        values, cands = parent_values[:], parent_cands[:]
        if not _propagate(t, values, cands, queue):
            continue
        cell = _fewest_candidates(cands)
        if cell < 0:
            found += 1
            if keep is None or len(solutions) < keep:
                solutions.append(values)
            if limit is not None and found >= limit:
                break
            continue
        m = cands[cell]
        digits = []
        while m:
            b = m & -m
            m ^= b
            digits.append(b.bit_length())
        for d in reversed(digits):  # popped in ascending order
            stack.append((values, cands, [(cell, d)]))
        guesses += 1

    return SearchResult(
        puzzle=grid,
        solutions=[grid.with_values(v) for v in solutions],
        complete=not stack and not limit_reached,
        limit_reached=limit_reached,
        nodes=nodes,
        guesses=guesses,
        seconds=time.perf_counter() - start,
        method=NAME,
        extra={"count": found} if found != len(solutions) else {},
    )


def count_solutions(grid: Grid, limit: int | None = 2, node_limit: int | None = None,
                    time_limit: float | None = None) -> int:
    """The number of solutions, counting up to ``limit`` (so ``limit`` means "at least").

    Raises :class:`SearchLimitError` when a node or time limit stops the search first.
    """
    result = solve(grid, limit, node_limit, time_limit, keep=0)
    if result.limit_reached and (limit is None or result.count < limit):
        raise SearchLimitError(
            f"the search stopped at its {'time' if time_limit is not None else 'node'} limit "
            f"after {result.nodes:,} nodes with {result.count} solution(s) found")
    return result.count
