"""What one solve works with, passed to the finders instead of kept in module globals.

A :class:`SolveContext` holds the search options, the budget, whether every instance is being
listed, what is known of the puzzle's solutions (:class:`Known`, checked once by the caller or
the solver) and the caches of the position being solved (each keyed by the position's state,
one entry or a few per kind, so they stay small). :class:`LogicalSolver` makes one per solve
(or per step search) and attaches it to the position it works on; a finder reads it with
:func:`context_of`. Nothing outlives the solve, so threads and the requests a web worker
serves one after another share nothing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from sudokit.engines import limits, search
from sudokit.engines.logic import options as _options
from sudokit.engines.logic.options import Options
from sudokit.model.grid import Grid
from sudokit.model.position import Position


@dataclass(frozen=True)
class Known:
    """What a check of the puzzle (its givens) found: ``count`` its solutions counted up to two
    (None: not checked, or out of time) and the ``solution`` when it is unique (if known)."""

    count: int | None = None
    solution: tuple[int, ...] | None = None

    @property
    def unique(self) -> bool | None:
        """True, False (no solution or several) or None (not known)."""
        return None if self.count is None else self.count == 1

    @classmethod
    def of(cls, result) -> Known:
        """From a search of the givens with ``limit=2`` (a
        :class:`sudokit.engines.search.SearchResult`); unknown when a limit stopped it."""
        if result.status == "unique":
            return cls(1, tuple(result.solution.values))
        if result.status == "limit":
            return cls()
        return cls(min(result.count, 2))

    @classmethod
    def check(cls, puzzle: Grid) -> Known:
        """Count the solutions of ``puzzle`` (its givens) up to two: one search, under the
        budget in force (which, reached, raises as :func:`sudokit.engines.search.is_unique`)."""
        result = search.solve(puzzle, limit=2)
        if result.status == "limit":
            search.is_unique(puzzle)  # the count's own error for the limit that stopped it
        return cls.of(result)

    def solution_of(self, pos: Position) -> tuple[Sequence[int] | None, bool] | None:
        """(A solution of ``pos``'s values keeping to its candidates or None, whether its values
        have several), as a search of them would answer, when the known solution settles it
        (a unique puzzle: its solution, or none when an entry leaves it); None otherwise."""
        sol = self.solution
        if sol is None:
            return None
        if any(v and v != s for v, s in zip(pos.values, sol)):
            return None, False
        if all(v or m >> (s - 1) & 1 for v, m, s in zip(pos.values, pos.cands, sol)):
            return list(sol), False
        return None, False


UNKNOWN = Known()


@dataclass
class SolveContext:
    """Options, budget, listing flag, what is known of the solutions, and the caches of one
    solve. ``exhaustive``: the forcing chains compare a level's hints for the easiest (the
    rating), else the first will do. ``exhausted``: what a chain search that ran out of its
    branch budget says (the last position searched)."""

    options: Options = field(default_factory=_options.current)
    listing: bool = field(default_factory=_options.listing)
    exhaustive: bool = False
    known: Known = UNKNOWN
    budget: limits.Budget = field(default_factory=limits.current)
    exhausted: list[str] = field(default_factory=list)
    _slots: dict = field(default_factory=dict, repr=False)
    _tables: dict = field(default_factory=dict, repr=False)
    #: Made by :func:`context_of` for a position no solver works on (not by a solver).
    implicit: bool = field(default=False, repr=False)

    def recall(self, kind: str, key):
        """The value kept for ``kind`` when it was made for ``key``, else None."""
        kept = self._slots.get(kind)
        if kept is not None and kept[0] == key:
            return kept[1]
        return None

    def keep(self, kind: str, key, value):
        """Keep ``value`` as ``kind``'s for ``key`` (replacing the last one); returns it."""
        self._slots[kind] = (key, value)
        return value

    def table(self, kind: str, most: int) -> dict:
        """A dict of ``kind`` kept for the solve, emptied when it holds more than ``most``
        entries (for memos that outlive one position, as a digit untouched by a step)."""
        table = self._tables.get(kind)
        if table is None:
            table = self._tables[kind] = {}
        elif len(table) > most:
            table.clear()
        return table

    def check(self) -> None:
        """Raise when the solve's budget ran out or it was cancelled."""
        self.budget.check()

    @contextmanager
    def attached(self, position: Position) -> Iterator[SolveContext]:
        """Within the block ``position`` carries this context to the finders."""
        before = position.context
        position.context = self
        try:
            yield self
        finally:
            position.context = before


def context_of(pos: Position) -> SolveContext:
    """The context of the solve ``pos`` belongs to. A finder called on a position no solver
    works on gets one of the position's own, with the options in force (see
    :func:`sudokit.engines.logic.options.using`), kept on the position while they stay the
    same, so the finders called on it in turn share their caches as in a solve."""
    context = pos.context
    if context is None or context.implicit and (
            context.options != _options.current() or context.listing != _options.listing()):
        context = pos.context = SolveContext(implicit=True)
    return context


__all__ = ["Known", "SolveContext", "UNKNOWN", "context_of"]
