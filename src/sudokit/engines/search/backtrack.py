"""The teaching solver: cell-by-cell backtracking as in the classic PHP article "Att lösa Sudoku".

Cells are visited in row-major order. A given cell is checked by :func:`verify` and the
search moves on; an empty cell tries 1..N in turn, moving on after each digit that passes
:func:`verify`. The whole tree is explored, so every solution is found (up to ``limit``).
``verify`` counts every call (a *check*): the article's figures for the SvD 2016-03-19 puzzle,
116,070 checks to the solution and 156,380 in all, are reproduced exactly.

``verify`` compares the cell with every other cell of its row, column and box, givens
included, so clashing givens make the puzzle unsolvable (no solution, no exception).

Statistics: ``nodes`` is the number of checks (each is a node of the article's search tree:
one digit at one cell), ``guesses`` the digits tried in empty cells; ``extra`` holds
``checks_first`` (checks when the first solution was found, ``None`` if none) and
``checks_total``. A default limit of :data:`DEFAULT_MAX_CHECKS` checks keeps a 16x16 or 25x25
from hanging the caller; pass ``node_limit=None`` to lift it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from sudokit.model.grid import Grid
from sudokit.engines.search.result import SearchResult

NAME = "backtrack"

#: The article prints a progress line every this many checks.
PROGRESS_EVERY = 10_000

#: Checks allowed by default (about half a minute of pure Python).
DEFAULT_MAX_CHECKS = 20_000_000

#: ``progress(checks, cell)`` is called every :data:`PROGRESS_EVERY` checks.
ProgressCallback = Callable[[int, int], None]


class _Stop(Exception):
    """Raised inside the search when a limit is reached."""


def verify(values: Sequence[int], cell: int, others: Sequence[int]) -> bool:
    """True if no other cell of the row, column or box of ``cell`` holds its value.

    ``others`` is the cell's peers (every other cell of its row, column and box). Empty
    peers hold 0 and never match, since ``values[cell]`` is a digit.
    """
    v = values[cell]
    for p in others:
        if values[p] == v:
            return False
    return True


def solve(grid: Grid, limit: int | None = None, node_limit: int | None = DEFAULT_MAX_CHECKS,
          time_limit: float | None = None, progress: ProgressCallback | None = None,
          keep: int | None = None) -> SearchResult:
    """Backtrack over the cells in order; find up to ``limit`` solutions (``None``: all).

    ``node_limit`` bounds the checks and ``time_limit`` the seconds; either stops the search
    with ``limit_reached`` set. In a candidate grid an empty cell tries only its candidates.
    ``keep`` bounds the solutions returned (default: all that were found); the result's
    ``count`` counts them all.
    """
    if limit is not None and limit < 1:
        raise ValueError("limit must be at least 1 (or None for every solution)")
    geometry = grid.geometry
    n, ncells, peers = geometry.size, geometry.ncells, geometry.peers
    values = list(grid.values)
    fixed = [bool(v) for v in values]
    allowed = grid.candidates  # a candidate grid: an empty cell takes only its candidates
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit

    checks = guesses = found = 0
    checks_first: int | None = None
    solutions: list[list[int]] = []
    limit_reached = False

    def check(cell: int) -> bool:
        nonlocal checks
        checks += 1
        if checks % PROGRESS_EVERY == 0:
            if progress is not None:
                progress(checks, cell)
            if deadline is not None and time.perf_counter() > deadline:
                raise _Stop
        if node_limit is not None and checks > node_limit:
            raise _Stop
        return verify(values, cell, peers[cell])

    # The article's recursive Solve(r, c), unrolled into a loop so that a 25x25 or 36x36
    # grid does not exceed Python's recursion limit. ``cell`` walks forward after a passing
    # check and back when a cell has no digit left; the order of checks is the same.
    cell, forward = 0, True
    try:
        while cell >= 0:
            if cell == ncells:  # past the last cell: a solution
                found += 1
                if keep is None or len(solutions) < keep:
                    solutions.append(values[:])
                if checks_first is None:
                    checks_first = checks
                if limit is not None and found >= limit:
                    break
                cell, forward = cell - 1, False
                continue
            if fixed[cell]:
                if forward and check(cell):
                    cell += 1
                else:
                    cell, forward = cell - 1, False
                continue
            digit = values[cell] + 1 if not forward else 1
            while digit <= n:
                if allowed is not None and not allowed[cell] >> (digit - 1) & 1:
                    digit += 1  # not a candidate of this cell in a candidate grid: no check
                    continue
                values[cell] = digit
                guesses += 1
                if check(cell):
                    break
                digit += 1
            if digit <= n:
                cell, forward = cell + 1, True
            else:
                values[cell] = 0
                cell, forward = cell - 1, False
    except _Stop:
        limit_reached = True
        checks -= 1  # the check that hit the limit was not made

    stopped_early = limit_reached or (limit is not None and found >= limit)
    return SearchResult(
        puzzle=grid,
        solutions=[grid.with_values(v) for v in solutions],
        complete=not stopped_early,
        limit_reached=limit_reached,
        nodes=checks,
        guesses=guesses,
        seconds=time.perf_counter() - start,
        method=NAME,
        extra={"checks_first": checks_first, "checks_total": checks,
               **({"count": found} if found != len(solutions) else {})},
    )
