"""Time limits and cancellation for every long operation, in one place.

A :class:`Budget` holds a deadline and a :class:`CancelToken`. Long work runs inside
``with limited(time_limit=..., cancel=...)`` and calls :func:`check` at its natural break
points (between steps, between candidate tests, between generator tries); the compiled core
reads the same token through :func:`core_cancel` and the remaining time through
:func:`remaining`. Budgets nest: an inner one never extends an outer deadline.

Ctrl-C needs nothing here: Python raises :class:`KeyboardInterrupt` in Python code, and the
core checks for signals while it runs.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from sudokit.model.errors import CancelledError, SearchLimitError
from sudokit.i18n import tr


class CancelToken:
    """A flag another thread (or a signal handler) sets to stop work at its next check.

    The flag is one byte of a ``bytearray`` so that the C core can read it while it runs
    without the GIL.
    """

    __slots__ = ("flag",)

    def __init__(self) -> None:
        self.flag = bytearray(1)

    def cancel(self) -> None:
        self.flag[0] = 1

    @property
    def cancelled(self) -> bool:
        return bool(self.flag[0])


@dataclass(frozen=True)
class Budget:
    """A deadline (a :func:`time.perf_counter` value, None: none) and a cancel token."""

    deadline: float | None = None
    cancel: CancelToken | None = None
    what: str = "the work"

    def remaining(self) -> float | None:
        return None if self.deadline is None else self.deadline - time.perf_counter()

    def check(self) -> None:
        if self.cancel is not None and self.cancel.cancelled:
            raise CancelledError(tr("{name} was cancelled", name=self.what))
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchLimitError(tr("{name} stopped at its time limit", name=self.what))


_current: ContextVar[Budget] = ContextVar("sudokit_budget", default=Budget())


def current() -> Budget:
    """The budget in force (no deadline and no token outside :func:`limited`)."""
    return _current.get()


@contextmanager
def limited(time_limit: float | None = None, cancel: CancelToken | None = None,
            what: str | None = None) -> Iterator[Budget]:
    """Run the body under a time limit (seconds) and/or a cancel token; an outer budget's
    earlier deadline and its token stay in force."""
    outer = _current.get()
    deadline = outer.deadline
    if time_limit is not None:
        mine = time.perf_counter() + max(0.0, time_limit)
        deadline = mine if deadline is None else min(deadline, mine)
    budget = Budget(deadline, cancel or outer.cancel, what or outer.what)
    token = _current.set(budget)
    try:
        yield budget
    finally:
        _current.reset(token)


def check() -> None:
    """Raise :class:`SearchLimitError` past the deadline, :class:`CancelledError` once
    cancelled; cheap enough for inner loops that run a few thousand times a second."""
    _current.get().check()


def remaining(time_limit: float | None = None) -> float | None:
    """Seconds left for a search: the smaller of ``time_limit`` and the budget's remainder
    (at least a millisecond, so a search still starts and reports its limit)."""
    left = _current.get().remaining()
    if left is None:
        return time_limit
    left = max(1e-3, left)
    return left if time_limit is None else min(time_limit, left)


def core_cancel() -> bytearray | None:
    """The cancel flag for the compiled core (None when there is no token)."""
    token = _current.get().cancel
    return None if token is None else token.flag


__all__ = ["CancelToken", "Budget", "current", "limited", "check", "remaining", "core_cancel"]
