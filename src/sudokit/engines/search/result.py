"""What every solver returns: solutions found, whether the search was complete, statistics."""

from __future__ import annotations

from dataclasses import dataclass, field

from sudokit.model.grid import Grid

NO_SOLUTION = "no-solution"
SOLVED = "solved"
UNIQUE = "unique"
MULTIPLE = "multiple"
LIMIT = "limit"


@dataclass
class SearchResult:
    """Outcome of a search.

    ``solutions`` holds up to ``limit`` solution grids. ``complete`` is true when the whole
    search tree was explored (so ``len(solutions)`` is the exact count); ``limit_reached`` when a
    node or time limit stopped it early.
    """

    puzzle: Grid
    solutions: list[Grid] = field(default_factory=list)
    complete: bool = True
    limit_reached: bool = False
    nodes: int = 0
    guesses: int = 0
    seconds: float = 0.0
    method: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def count(self) -> int:
        """Solutions found: more than ``len(solutions)`` when the search kept only some."""
        return self.extra.get("count", len(self.solutions))

    @property
    def solution(self) -> Grid | None:
        return self.solutions[0] if self.solutions else None

    @property
    def status(self) -> str:
        """``no-solution``, ``unique``, ``multiple``, ``limit`` (a node or time limit stopped it
        before it knew), or ``solved`` (one solution found, uniqueness not checked)."""
        if self.count >= 2:
            return MULTIPLE
        if self.limit_reached:
            return LIMIT
        if self.count == 1:
            return UNIQUE if self.complete else SOLVED
        return NO_SOLUTION
