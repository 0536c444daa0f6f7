"""The logical solver: find the simplest step, apply it, repeat, and keep the log."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..errors import SudokitError
from ..grid import Grid
from .position import Position
from .step import Step
from .techniques import REGISTRY, default_order


@dataclass
class SolvePath:
    """The steps of an automatic solve and where it ended."""

    start: Position
    steps: list[Step] = field(default_factory=list)
    position: Position | None = None
    solved: bool = False
    stuck_reason: str = ""

    @property
    def summary(self) -> Counter:
        """Technique id -> number of steps that used it, in order of first use."""
        return Counter(s.technique for s in self.steps)

    @property
    def hardest(self) -> Step | None:
        return max(self.steps, key=lambda s: s.difficulty, default=None)

    @property
    def techniques(self) -> list[str]:
        """Technique ids used, simplest first."""
        seen = {s.technique: s.difficulty for s in self.steps}
        return sorted(seen, key=lambda t: seen[t])


class LogicalSolver:
    """Applies techniques in a chosen order (default: simplest first).

    ``techniques`` restricts and orders the technique ids used. Uniqueness techniques are
    used only when ``unique`` is true; with ``unique=None`` the solver asks the search core
    whether the puzzle has exactly one solution.
    """

    def __init__(self, techniques: Iterable[str] | None = None, unique: bool | None = None,
                 exclude: Iterable[str] = ()) -> None:
        ids = list(techniques) if techniques is not None else default_order()
        unknown = [t for t in list(ids) + list(exclude) if t not in REGISTRY]
        if unknown:
            raise SudokitError(f"unknown technique {unknown[0]!r}; known: {', '.join(default_order())}")
        skip = set(exclude)
        self.order = [REGISTRY[t] for t in ids if t not in skip]
        self.unique = unique

    # --- uniqueness ------------------------------------------------------------------------
    def _uniqueness_allowed(self, position: Position) -> bool:
        if self.unique is None:
            self.unique = is_unique(position.to_grid())
        return bool(self.unique)

    def _techniques(self, position: Position):
        if any(t.uniqueness for t in self.order) and not self._uniqueness_allowed(position):
            return [t for t in self.order if not t.uniqueness]
        return self.order

    # --- stepping --------------------------------------------------------------------------
    def next_step(self, position: Position) -> Step | None:
        """The first step of the simplest technique that finds one, or None."""
        for tech in self._techniques(position):
            for step in tech.find(position):
                return step
        return None

    def all_steps(self, position: Position) -> list[Step]:
        """Every instance of every chosen technique in the position (duplicates removed)."""
        out, seen = [], set()
        for tech in self._techniques(position):
            for step in tech.find(position):
                k = (tech.id, step.key())
                if k not in seen:
                    seen.add(k)
                    out.append(step)
        return out

    def solve_path(self, puzzle, max_steps: int = 100_000) -> SolvePath:
        """Solve by logic alone until solved or stuck, recording every step."""
        position = Position.coerce(puzzle)
        path = SolvePath(start=position.copy())
        reason = position.contradiction()
        while reason is None and not position.is_solved and len(path.steps) < max_steps:
            step = self.next_step(position)
            if step is None:
                reason = "no technique applies"
                break
            position.apply(step)
            path.steps.append(step)
            reason = position.contradiction()
        path.position = position
        path.solved = position.is_solved and reason is None
        path.stuck_reason = "" if path.solved else (reason or "step limit reached")
        return path


def is_unique(grid: Grid) -> bool:
    """True if the puzzle has exactly one solution (asks the search)."""
    from .. import search

    return search.count_solutions(grid, limit=2) == 1


def next_step(puzzle, techniques=None, unique=None) -> Step | None:
    return LogicalSolver(techniques, unique).next_step(Position.coerce(puzzle))


def all_steps(puzzle, techniques=None, unique=None) -> list[Step]:
    return LogicalSolver(techniques, unique).all_steps(Position.coerce(puzzle))


def solve_path(puzzle, techniques=None, unique=None) -> SolvePath:
    return LogicalSolver(techniques, unique).solve_path(puzzle)
