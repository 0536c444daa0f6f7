"""The logical solver: find the simplest step, apply it, repeat, and keep the log."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from sudokit.engines import limits

from sudokit.engines import search
from sudokit.engines.difficulty import TECHNIQUES
from sudokit.model.errors import CancelledError, SearchLimitError, SudokitError
from sudokit.model.grid import Grid
from sudokit.engines.logic.context import UNKNOWN, Known, SolveContext, context_of
from sudokit.engines.logic.options import Options
from sudokit.model.position import Position
from sudokit.engines.logic.step import Step
from sudokit.engines.logic.techniques import REGISTRY, default_order


@dataclass
class SolvePath:
    """The steps of an automatic solve and where it ended.

    When the budget in force (:mod:`sudokit.engines.limits`) stops a solve, the
    :class:`SearchLimitError` or :class:`CancelledError` it raises carries the path so far as
    its ``path`` attribute (see :func:`partial_path`): the steps found before the limit.
    """

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
    def trial_steps(self) -> int:
        """Steps that are trial (candidate tests), not pattern logic."""
        return sum(TECHNIQUES[s.technique].trial for s in self.steps)

    @property
    def techniques(self) -> list[str]:
        """Technique ids used, simplest first."""
        seen = {s.technique: s.difficulty for s in self.steps}
        return sorted(seen, key=lambda t: seen[t])


class LogicalSolver:
    """Applies techniques in a chosen order (default: simplest first).

    ``techniques`` restricts and orders the technique ids used. Uniqueness techniques are
    used only when ``unique`` is true; with ``unique=None``, when the puzzle has exactly one
    solution: ``known`` (:class:`Known`) says what the caller's check of the puzzle found (its
    count and solution), else the solver asks the search core, once a puzzle. ``options``
    (:class:`Options`) set how wide the finders look; None keeps the options in force.
    ``exhaustive``: the forcing chains compare a level's hints for the easiest (the rating).

    Each solve (or step search) works with a :class:`SolveContext` of its own, made by
    :meth:`context`: nothing of one solve is kept for the next.
    """

    def __init__(self, techniques: Iterable[str] | None = None, unique: bool | None = None,
                 exclude: Iterable[str] = (), options: Options | None = None,
                 known: Known = UNKNOWN, exhaustive: bool = False) -> None:
        ids = list(techniques) if techniques is not None else default_order()
        unknown = [t for t in list(ids) + list(exclude) if t not in REGISTRY]
        if unknown:
            raise SudokitError(f"unknown technique {unknown[0]!r}; known: {', '.join(default_order())}")
        skip = set(exclude)
        self.order = [REGISTRY[t] for t in ids if t not in skip]
        self.unique = unique
        self.options = options
        self.known = known
        self.exhaustive = exhaustive
        self._checked: dict[tuple, Known] = {}

    def context(self, listing: bool | None = None) -> SolveContext:
        """A new context for one solve or step search: the solver's options (None: those in
        force), what it knows of the puzzle, the budget in force; ``listing`` when every
        instance is listed (None: as :func:`sudokit.engines.logic.options.listing` says)."""
        context = SolveContext(exhaustive=self.exhaustive, known=self.known)
        if self.options is not None:
            context.options = self.options
        if listing is not None:
            context.listing = listing
        return context

    # --- uniqueness ------------------------------------------------------------------------
    def _known(self, position: Position, context: SolveContext) -> Known:
        """What the solve knows of the puzzle's solutions: what the caller handed, else the
        search core's count of the givens (once a puzzle), kept in the context for the finders."""
        if context.known.count is not None:
            return context.known
        puzzle = givens_grid(position)
        key = (puzzle.geometry, tuple(puzzle.values))
        known = self._checked.get(key)
        if known is None:
            if len(self._checked) > 64:
                self._checked.clear()
            known = self._checked[key] = Known.check(puzzle)
        context.known = known
        return known

    def _uniqueness_allowed(self, position: Position) -> bool:
        """``unique`` if it was given, else whether the puzzle (the givens alone) has exactly one
        solution (see :meth:`_known`)."""
        if self.unique is not None:
            return bool(self.unique)
        return bool(self._known(position, context_of(position)).unique)

    def _techniques(self, position: Position):
        if any(t.uniqueness for t in self.order) and not self._uniqueness_allowed(position):
            return [t for t in self.order if not t.uniqueness]
        return self.order

    # --- stepping --------------------------------------------------------------------------
    def next_step(self, position: Position, context: SolveContext | None = None) -> Step | None:
        """The simplest step: the first technique (in the solver's order) that finds one; among
        consecutive techniques of equal difficulty, the shortest step (fewest chain links, then
        fewest cells) of their first finds. ``context``: the solve's (default: a new one)."""
        with (context or self.context()).attached(position):
            return self._next_step(position)

    def _next_step(self, position: Position) -> Step | None:
        best, best_weight = None, None
        context = position.context
        for tech in self._techniques(position):
            if best is not None and tech.difficulty != best_weight:
                break
            context.check()
            for step in tech.find(position):
                if best is None or step_length(step) < step_length(best):
                    best, best_weight = step, tech.difficulty
                break
        return best

    def all_steps(self, position: Position) -> list[Step]:
        """Every instance of every chosen technique in the position (duplicates removed). A
        limit of the budget carries the steps found so far as its ``steps`` attribute."""
        with self.context(listing=True).attached(position):
            return self._all_steps(position)

    def _all_steps(self, position: Position) -> list[Step]:
        out, seen = [], set()
        context = position.context
        try:
            for tech in self._techniques(position):
                context.check()
                for step in tech.find(position):
                    k = (tech.id, step.key())
                    if k not in seen:
                        seen.add(k)
                        out.append(step)
        except (SearchLimitError, CancelledError) as e:
            e.steps = out
            raise
        return out

    def round(self, position: Position, apply: bool = False) -> list[Step]:
        """One round of the manual mode of "Lösningsmetoder för sudoku": every hidden single of
        every digit in every house and every naked single of the position as it stands (each
        placement once), found before any is placed. With ``apply`` the placements are made,
        which removes each placed digit from the candidates of its peers (the elimination that
        follows a round). Only the singles among the solver's techniques take part."""
        steps: list[Step] = []
        placed: set[int] = set()
        for tech in self.order:
            if tech.id not in ROUND_TECHNIQUES:
                continue
            limits.check()
            for step in tech.find(position):
                cells = {c for c, _ in step.placements}
                if cells & placed:
                    continue
                placed |= cells
                steps.append(step)
        if apply:
            for step in steps:
                position.apply(step)
        return steps

    def solve_rounds(self, puzzle, max_rounds: int = 10_000) -> list[list[Step]]:
        """Rounds (see :meth:`round`) until the puzzle is solved or a round finds nothing."""
        position = Position.coerce(puzzle)
        rounds: list[list[Step]] = []
        try:
            while not position.is_solved and position.contradiction() is None and len(rounds) < max_rounds:
                steps = self.round(position, apply=True)
                if not steps:
                    break
                rounds.append(steps)
        except (SearchLimitError, CancelledError) as e:
            e.rounds = rounds  # the rounds completed before the limit
            raise
        return rounds

    def solve_path(self, puzzle, max_steps: int = 100_000) -> SolvePath:
        """Solve by logic alone until solved or stuck, recording every step. A limit of the
        budget in force raises with the path so far attached (see :class:`SolvePath`)."""
        position = Position.coerce(puzzle)
        path = SolvePath(start=position.copy())
        reason = position.contradiction()
        context = self.context()
        try:
            while reason is None and not position.is_solved and len(path.steps) < max_steps:
                step = self.next_step(position, context)
                if step is None:
                    reason = "no technique applies"
                    break
                position.apply(step)
                path.steps.append(step)
                reason = position.contradiction()
        except (SearchLimitError, CancelledError) as e:
            path.position = position
            limited = isinstance(e, SearchLimitError)
            path.stuck_reason = "stopped at the time limit" if limited else "cancelled"
            e.path = path
            raise
        path.position = position
        path.solved = position.is_solved and reason is None
        path.stuck_reason = "" if path.solved else (reason or "step limit reached")
        return path


def partial_path(error: BaseException) -> SolvePath | None:
    """The path a solve had found when a limit (``error``) stopped it, if it carries one."""
    path = getattr(error, "path", None)
    return path if isinstance(path, SolvePath) else None


def step_length(step: Step) -> tuple[int, int]:
    """How long a step is to follow: its chain links, then the cells it looks at."""
    return (len(step.links), len(step.cells))


#: The techniques of a manual round: single positions and single candidates.
ROUND_TECHNIQUES = frozenset({"full-house", "hidden-single", "naked-single"})


def givens_grid(position: Position) -> Grid:
    """The puzzle of a position: its givens alone."""
    values = [v if g else 0 for v, g in zip(position.values, position.givens)]
    return Grid(position.geometry, values)


def solutions(grid: Grid, limit: int = 2) -> list[Grid]:
    """Up to ``limit`` solutions of ``grid`` (asks the search)."""
    return list(search.solve(grid, limit=limit).solutions)


def next_step(puzzle, techniques=None, unique=None, exclude=(), options=None,
              known: Known = UNKNOWN) -> Step | None:
    return LogicalSolver(techniques, unique, exclude, options, known).next_step(
        Position.coerce(puzzle))


def all_steps(puzzle, techniques=None, unique=None, exclude=(), options=None,
              known: Known = UNKNOWN) -> list[Step]:
    return LogicalSolver(techniques, unique, exclude, options, known).all_steps(
        Position.coerce(puzzle))


def solve_path(puzzle, techniques=None, unique=None, exclude=(), options=None,
               known: Known = UNKNOWN) -> SolvePath:
    return LogicalSolver(techniques, unique, exclude, options, known).solve_path(puzzle)


def manual_round(puzzle, techniques=None) -> list[Step]:
    """The steps of one manual round (see :meth:`LogicalSolver.round`) in the position."""
    return LogicalSolver(techniques, unique=False).round(Position.coerce(puzzle))
