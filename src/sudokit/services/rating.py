"""Rating a puzzle as a user asks for it: its solutions counted (up to two) first, and only a
puzzle with exactly one solution rated, within one time budget for both."""

from __future__ import annotations

from dataclasses import dataclass

from sudokit.engines import limits, rating
from sudokit.engines.logic.context import Known
from sudokit.engines.rating import Rating
from sudokit.model.grid import Grid

UNIQUE, NO_SOLUTION, MULTIPLE = "unique", "no-solution", "multiple"


@dataclass(frozen=True)
class RatingRequest:
    puzzle: Grid
    time_limit: float | None = None  # seconds, for the count and the rating together


@dataclass(frozen=True)
class RatingResult:
    status: str                 # UNIQUE, NO_SOLUTION or MULTIPLE
    rating: Rating | None       # for a puzzle with one solution


def rate(request: RatingRequest) -> RatingResult:
    """Count the puzzle's solutions, then rate it if it has one. Raises
    :class:`~sudokit.model.errors.InvalidPuzzleError` for clashing givens and the budget's
    error (:mod:`sudokit.engines.limits`) when the time runs out; a limit stopping the rating
    carries its partial path (:func:`sudokit.engines.logic.solver.partial_path`)."""
    puzzle = request.puzzle
    puzzle.validate()
    with limits.limited(request.time_limit, what="the rating"):
        known = Known.check(puzzle)  # the one search: the rating takes its solution
        if known.count != 1:
            return RatingResult(NO_SOLUTION if known.count == 0 else MULTIPLE, None)
        return RatingResult(UNIQUE, rating.rate(puzzle, known=known))
