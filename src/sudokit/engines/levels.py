"""Levels at every size: which levels a grid size can have, what ``level="any"`` picks from,
and how the generator reaches a level on grids where random minimal puzzles are nearly always
too hard (12x12 and up).

**Filling in** (:func:`fill_to_band`). A minimal puzzle of a large grid nearly always needs
chains, ALS or forcing steps (measured in ``docs/rating.md``: every one of a sample of minimal
16x16 puzzles was extreme), so removing givens at random cannot reach easy to expert there.
Instead the generator starts from such a puzzle and solves it with the rating solver
(:func:`sudokit.engines.rating.rating_solver`, which takes the lowest-rated step each time, as the
rating does) capped at the band's top score; whenever no step at or below the cap is left, it
gives the solver one more cell of the solution (a whole symmetry orbit) as a given and goes on.
When the grid is solved, the puzzle is the minimal one plus the cells given on the way: it has
one solution (the minimal puzzle had), and its solve path never needed a step above the band's
top. The hardest step on the way says whether it reached the band's bottom; if so, the puzzle is
rated in full (:func:`sudokit.engines.rating.rate`, with the band's top as its ceiling) before the
generator returns it -- a given added late can open an easier way round an earlier hard step,
so the path of the fill-in is not the rating. To make that rarer, once steps of the band have
been taken, the cells given next are chosen away from them (not seen by a cell they used or
eliminated from) while there are such cells.

**What each size can have** (:func:`reachable_levels`). Every proper 4x4 puzzle is easy: all
3,568 minimal 4x4 puzzles of the 12 grids that differ by more than a relabelling of the digits
were rated (1.2 each: full houses and hidden singles in boxes), and a puzzle with more givens
than a minimal one is solved by the same box hidden singles, which stay available as cells are
filled (so the rating, taking the lowest step each time, never goes above 1.2). A request for
another level, a score above 1.2 or a technique beyond those singles at 4x4 is refused at once.
6x6 and larger grids reach every level (a sample of 3,000 minimal 6x6 puzzles had all five).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from sudokit.engines import limits
from sudokit.engines.rating import LEVEL_BANDS, LEVELS, rating_solver
from sudokit.model.errors import SudokitError
from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.model.position import Position

#: The highest score a proper puzzle of a side can have, where it is proved (see module doc).
MAX_SCORE: dict[int, float] = {4: 1.2}

#: The techniques a proper puzzle of a side can need, where that is proved, and in words.
TECHNIQUES: dict[int, tuple[str, ...]] = {4: ("full-house", "hidden-single")}
TECHNIQUES_TEXT: dict[int, str] = {4: "full houses and hidden singles in boxes"}

#: Above this side ``level="any"`` leaves out extreme: rating an extreme puzzle in full takes
#: tens of seconds at 16x16 (forcing chains and nets on a large grid), minutes at 25x25.
ANY_EXTREME_MAX_SIZE = 12

#: Above this side ``level="any"`` leaves out expert too (the time it takes at 25x25 is in
#: docs/rating.md).
ANY_EXPERT_MAX_SIZE = 16


def reachable_levels(size: int) -> tuple[str, ...]:
    """The levels a proper puzzle of side ``size`` can have."""
    top = MAX_SCORE.get(size, math.inf)
    return tuple(name for name in LEVELS if LEVEL_BANDS[name][0] <= top)


def any_levels(size: int) -> tuple[str, ...]:
    """The levels ``level="any"`` picks from at side ``size`` (one at random per puzzle)."""
    out = list(reachable_levels(size))
    if size > ANY_EXTREME_MAX_SIZE and "extreme" in out:
        out.remove("extreme")
    if size > ANY_EXPERT_MAX_SIZE and "expert" in out:
        out.remove("expert")
    return tuple(out)


def check_reachable(geometry: Geometry, level: str | None, band: tuple[float, float] | None,
                    technique: str | None) -> None:
    """Raise :class:`SudokitError` at once, with the reason, for a target no puzzle of this
    size can meet."""
    n = geometry.size
    if n not in MAX_SCORE:
        return
    top = MAX_SCORE[n]
    used = TECHNIQUES[n]
    why = (f"every {n}x{n} puzzle with one solution is solved by {TECHNIQUES_TEXT[n]}, "
           f"so it scores at most {top:.1f} (level {reachable_levels(n)[-1]})")
    if level is not None and level not in reachable_levels(n):
        raise SudokitError(f"a {n}x{n} puzzle cannot be at level {level}: {why}")
    if band is not None and band[0] > top:
        raise SudokitError(f"a {n}x{n} puzzle cannot score {band[0]:g} or more: {why}")
    if technique is not None and technique not in used:
        raise SudokitError(f"a {n}x{n} puzzle never needs {technique}: {why}")


def fill_to_band(puzzle: Sequence[int], solution: Sequence[int], geometry: Geometry,
                 orbits: Sequence[Sequence[int]], top: float, rng: random.Random,
                 low: float | None = None) -> tuple[list[int], float]:
    """Fill-in (see the module doc): solve ``puzzle`` with the rating solver capped at ``top``,
    giving a random orbit of unsolved cells (from ``solution``) whenever it is stuck. Returns
    the values of the new puzzle and the highest step score on the way. With ``low`` (the
    band's bottom), cells near the steps scoring at least ``low`` are given last. The budget in
    force (:mod:`sudokit.engines.limits`) is checked between steps."""
    values = list(puzzle)
    position = Position.from_grid(Grid(geometry, values))
    solver = rating_solver(True, None if math.isinf(top) else top)
    orbit_of = {}
    for orbit in orbits:
        for c in orbit:
            orbit_of[c] = orbit
    worst = 0.0
    near: set[int] = set()  # the cells seen by the steps of the band (given last, if at all)
    peers = geometry.peers
    while not position.is_solved:
        limits.check()
        step = solver.next_step(position)
        if step is None:
            empty = [c for c, v in enumerate(position.values) if not v]
            far = [c for c in empty if c not in near]
            cell = rng.choice(far or empty)
            for c in orbit_of[cell]:
                values[c] = solution[c]
                if not position.values[c]:
                    position.place(c, solution[c])
            continue
        position.apply(step)
        score = solver.scores.get(id(step), 0.0)
        worst = max(worst, score)
        if low is not None and score >= low:
            for c in {*step.cells, *(c for c, _ in step.eliminations)}:
                near.add(c)
                near.update(peers[c])
    return values, worst


__all__ = ["MAX_SCORE", "reachable_levels", "any_levels", "check_reachable", "fill_to_band"]
