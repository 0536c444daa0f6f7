"""Search options of the techniques: how wide a finder looks (HoDoKu's "find all steps" settings).

Finders read :func:`current`; a solver or a command sets them for the work it does with
:func:`using` (a context variable, so worker threads and nested calls keep their own).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, fields, replace


@dataclass(frozen=True)
class Options:
    """``ur_missing_candidates``: a unique rectangle corner may lack one of the two digits (it
    was eliminated already; the deadly pattern is still avoided). ``als_in_chains``: grouped
    nice loops and AICs may pass through almost locked sets. ``als_overlap``: the ALS of an
    ALS-XZ, ALS-XY-Wing or ALS-XY-Chain may share cells. All three are on by default, as in
    HoDoKu's "find all steps"."""

    ur_missing_candidates: bool = True
    als_in_chains: bool = True
    als_overlap: bool = True

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in fields(cls)]


_CURRENT: ContextVar[Options] = ContextVar("sudokit_logic_options", default=Options())


def current() -> Options:
    """The options in force."""
    return _CURRENT.get()


@contextmanager
def using(options: Options | None = None, **changes) -> Iterator[Options]:
    """Run the block with ``options`` (default: those in force) changed by ``changes``."""
    chosen = replace(options or current(), **changes)
    token = _CURRENT.set(chosen)
    try:
        yield chosen
    finally:
        _CURRENT.reset(token)


_LISTING: ContextVar[bool] = ContextVar("sudokit_logic_listing", default=False)


def listing() -> bool:
    """True while a solver lists every instance (``all_steps``): finders then add the costlier
    instances a single step does not need (e.g. ALS that share cells or larger ALS)."""
    return _LISTING.get()


@contextmanager
def listing_all() -> Iterator[None]:
    """Run the block as a listing of every instance (see :func:`listing`)."""
    token = _LISTING.set(True)
    try:
        yield
    finally:
        _LISTING.reset(token)
