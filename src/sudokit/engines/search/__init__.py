"""Search: find the solutions of a puzzle, count them, with a choice of method.

Every method is a callable ``fn(grid, limit, node_limit, time_limit, **options) ->
SearchResult`` registered in :data:`METHODS`. Clashing givens are not an error for a search:
the puzzle has no solution. Call :meth:`Grid.validate` first to get a message naming the clash
(the command line does).

``limit`` is the number of solutions to look for (``None``: all of them); 2 is enough to tell a
unique puzzle from one with several solutions. ``node_limit`` and ``time_limit`` stop a search
early with ``limit_reached`` set (what a node is depends on the method).
"""

from __future__ import annotations

from collections.abc import Callable

from sudokit.engines import limits
from sudokit.model import formats
from sudokit.model.errors import SearchLimitError, SudokitError
from sudokit.model.grid import Grid
from sudokit.engines.search import backtrack, core, reference
from sudokit.engines.search.result import LIMIT, MULTIPLE, NO_SOLUTION, SOLVED, UNIQUE, SearchResult

#: Method name -> solver. The compiled core adds ``fast`` and ``digits`` here.
METHODS: dict[str, Callable[..., SearchResult]] = {
    reference.NAME: reference.solve,
    backtrack.NAME: backtrack.solve,
}
METHODS[core.NAME] = core.solve  # the compiled core: bitboards for 9x9, generic otherwise
METHODS[core.DIGITS] = core.solve_digits  # the C# article's digit-at-a-time search, in C

#: The method used when none is named.
DEFAULT_METHOD = core.NAME


def default_method() -> str:
    return DEFAULT_METHOD


def get_method(name: str | None) -> Callable[..., SearchResult]:
    try:
        return METHODS[name or DEFAULT_METHOD]
    except KeyError:
        raise SudokitError(f"unknown search method {name!r}; choose one of {', '.join(METHODS)}") from None


def _as_grid(puzzle: Grid | str) -> Grid:
    return puzzle if isinstance(puzzle, Grid) else formats.parse_one(puzzle)


def _for_cages(grid: Grid, method: str | None) -> str | None:
    """The method for ``grid``: the core searches killer cages up to 16x16 (every core method
    goes to its variant search), the reference solver above; the backtrack teaching solver does
    not read sums, so it refuses them."""
    geo = grid.geometry
    if not geo.cages:
        return method
    if (method or DEFAULT_METHOD) == backtrack.NAME:
        raise SudokitError("the backtrack method does not read killer cage sums; use "
                           f"{core.NAME!r} or {reference.NAME!r}")
    if (method or DEFAULT_METHOD) in core.CORE_METHODS and geo.size > core.MAX_CAGE_SIZE:
        return reference.NAME  # the core's cages are on bitboards (up to 16x16)
    return method


def solve(grid: Grid | str, method: str | None = None, limit: int | None = 2,
          node_limit: int | None = None, time_limit: float | None = None, **options) -> SearchResult:
    """Search ``grid`` (a :class:`Grid` or puzzle text) with ``method`` for up to ``limit``
    solutions. ``node_limit=None`` leaves the method's own default (the backtrack solver has
    one); ``time_limit`` is capped by the budget in force (:func:`sudokit.engines.limits.limited`);
    extra ``options`` go to the method: ``keep=`` (every method) bounds the solutions returned,
    the count still counting them all; ``progress=`` for ``backtrack``."""
    grid = _as_grid(grid)
    name = _for_cages(grid, method) or DEFAULT_METHOD
    fn = get_method(name)
    kwargs = dict(options)
    if name != (method or DEFAULT_METHOD):  # options of the core the reference does not take
        for key in ("seed", "restarts"):
            kwargs.pop(key, None)
    if node_limit is not None:
        kwargs["node_limit"] = node_limit
    return fn(grid, limit=limit, time_limit=limits.remaining(time_limit), **kwargs)


def count_solutions(grid: Grid | str, limit: int | None = 2, method: str | None = None,
                    node_limit: int | None = None, time_limit: float | None = None) -> int:
    """The number of solutions, counted up to ``limit`` (so a result equal to ``limit`` means
    "at least that many"). Raises :class:`SearchLimitError` if a node or time limit stops the
    search before it knows."""
    grid = _as_grid(grid)
    name = _for_cages(grid, method or DEFAULT_METHOD)
    if name in core.CORE_METHODS:  # counts in C without building the solution grids
        return core.count_solutions(grid, limit, node_limit, time_limit, method=name)
    result = solve(grid, method, limit, node_limit, time_limit, keep=0)
    if result.limit_reached and (limit is None or result.count < limit):
        raise SearchLimitError(
            f"the {result.method} search stopped at its node or time limit after "
            f"{result.nodes:,} nodes, with {result.count} solution(s) found")
    return result.count


def is_unique(grid: Grid | str, method: str | None = None) -> bool:
    """True if the puzzle has exactly one solution."""
    return count_solutions(grid, 2, method) == 1


__all__ = [
    "METHODS", "DEFAULT_METHOD", "SearchResult", "solve", "count_solutions", "is_unique",
    "get_method", "default_method", "NO_SOLUTION", "SOLVED", "UNIQUE", "MULTIPLE", "LIMIT",
]
