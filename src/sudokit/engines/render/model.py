"""Turning what a caller has (a Grid, a Position, puzzle text, a Step or its JSON) into a
:class:`~.board.Board`."""

from __future__ import annotations

from collections.abc import Iterable

from sudokit.model.errors import SudokitError
from sudokit.model.grid import Grid
from sudokit.model.position import Position
from sudokit.i18n import tr
from sudokit.engines import search
from sudokit.engines.render.board import Board


def _step_dict(step, geometry) -> dict | None:
    if step is None:
        return None
    if isinstance(step, dict):
        return step
    if hasattr(step, "to_dict"):
        return step.to_dict(geometry)
    raise SudokitError(tr("a step is a sudokit.engines.logic.Step or its JSON dict, not {kind}",
                          kind=type(step).__name__))


def _solution_values(solution, grid: Grid) -> list[int] | None:
    if solution is None or solution is False:
        return None
    if solution is True:
        puzzle = Grid(grid.geometry, [v if g else 0 for v, g in zip(grid.values, grid.givens)])
        found = search.solve(puzzle, limit=1)
        if not found.solutions:
            raise SudokitError(tr("the puzzle has no solution to draw"))
        return list(found.solutions[0].values)
    values = list(solution.values) if hasattr(solution, "values") else list(solution)
    if len(values) != grid.geometry.ncells:
        raise SudokitError(tr("the solution has {n} cells, the grid {cells}", n=len(values),
                              cells=grid.geometry.ncells))
    return values


def _cells(cells: Iterable[int], ncells: int, what: str) -> set[int]:
    out = set()
    for c in cells:
        if not isinstance(c, int) or not 0 <= c < ncells:
            raise SudokitError(tr("{what}: {value} is not a cell index 0..{last}", what=what,
                                  value=repr(c), last=ncells - 1))
        out.add(c)
    return out


def _cands(cands: Iterable, ncells: int, size: int, what: str) -> set[tuple[int, int]]:
    out = set()
    for item in cands:
        try:
            c, d = item
        except (TypeError, ValueError):
            raise SudokitError(tr("{what}: {value} is not a (cell, digit) pair", what=what,
                                  value=repr(item))) from None
        if not (isinstance(c, int) and 0 <= c < ncells and isinstance(d, int) and 1 <= d <= size):
            raise SudokitError(tr("{what}: {value} is not a (cell 0..{last}, digit 1..{size}) pair",
                                  what=what, value=repr(item), last=ncells - 1, size=size))
        out.add((c, d))
    return out


def make_board(obj, *, candidates: bool | None = None, solution=None, step=None,
               cells: Iterable[int] = (), marked: Iterable = (), eliminations: Iterable = (),
               placements: Iterable = (), alphabet: str | None = None) -> Board:
    """A board of ``obj`` (a :class:`Grid`, a :class:`~sudokit.engines.logic.Position` or puzzle text).

    ``candidates``: draw pencil marks (a Position's own, or those the filled cells leave);
    default: when a step is drawn. ``solution``: True (solved here), a Grid or a list of
    values. ``step``: a :class:`~sudokit.engines.logic.Step` or its JSON dict. ``cells``: highlighted
    cell indices (0-based); ``marked``, ``eliminations``, ``placements``: (cell, digit) pairs."""
    if isinstance(obj, str):
        obj = Position.parse(obj)
    if isinstance(obj, Position):
        grid = Grid(obj.geometry, obj.values, obj.givens)
        masks = list(obj.cands)
    elif isinstance(obj, Grid):
        grid = obj
        masks = None
    else:
        raise SudokitError(tr("cannot draw {kind}: give a Grid, a Position or puzzle text",
                              kind=type(obj).__name__))
    g = grid.geometry
    step_d = _step_dict(step, g)
    if candidates is None:
        candidates = step_d is not None
    if candidates and masks is None:
        masks = list(Position.from_grid(grid).cands)
    return Board(
        geometry=g, values=list(grid.values), givens=list(grid.givens),
        cands=masks if candidates else None,
        solution=_solution_values(solution, grid),
        cells=_cells(cells, g.ncells, "cells"),
        marked=_cands(marked, g.ncells, g.size, "marked"),
        eliminations=_cands(eliminations, g.ncells, g.size, "eliminations"),
        placements=_cands(placements, g.ncells, g.size, "placements"),
        step=step_d, alphabet=alphabet,
    )
