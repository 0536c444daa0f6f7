"""Help for a person who is stuck: a nudge, then the full step, then apply it; and a check of a
user's grid against the solution."""

from __future__ import annotations

from dataclasses import dataclass, field

from sudokit.model.errors import InvalidPuzzleError, SudokitError
from sudokit.model.grid import Clash, Grid
from sudokit.i18n import DEFAULT, get_language, gettext, language, tr
from sudokit.i18n.values import Houses
from sudokit.model.position import Position
from sudokit.engines.logic.context import UNKNOWN, Known
from sudokit.engines.logic.solver import LogicalSolver, solutions
from sudokit.engines.logic.step import Step, cell_list

LEVELS = ("nudge", "step")


@dataclass
class Hint:
    """A hint about ``step`` in ``position``.

    At level ``nudge`` the text names the technique and where to look, never the answer; at
    level ``step`` it is the step's full explanation. The step is kept either way, so a program
    can go from the nudge to the step (:meth:`at`) and apply it (:meth:`apply`) without searching
    again. ``lang`` is the language of its texts (``text``, ``name``, :meth:`to_dict`).
    """

    level: str
    step: Step
    position: Position
    text: str = ""
    houses: list[int] = field(default_factory=list)
    cells: list[int] = field(default_factory=list)
    lang: str = DEFAULT

    @property
    def technique(self) -> str:
        return self.step.technique

    @property
    def name(self) -> str:
        return gettext(self.step.english_name, self.lang)

    def at(self, level: str, lang: str | None = None) -> Hint:
        """The same hint at another level (its text in ``lang``, default the language in use)."""
        return make_hint(self.position, self.step, level, lang)

    def apply(self) -> Position:
        """A new position with the step applied (the hint's own position is left as it was)."""
        out = self.position.copy()
        out.apply(self.step)
        return out

    def to_dict(self) -> dict:
        g = self.position.geometry
        n = g.size
        out = {"level": self.level, "technique": self.technique, "name": self.name,
               "text": self.text, "houses": [g.house_name(h) for h in self.houses],
               "cells": [[c // n + 1, c % n + 1] for c in self.cells]}
        if self.level == "step":
            with language(self.lang):
                out["step"] = self.step.to_dict(g)
        return out


def make_hint(position: Position, step: Step, level: str = "nudge",
              lang: str | None = None) -> Hint:
    """A hint at ``level`` about ``step``, its text in ``lang`` (default: the language in use)."""
    with language(lang):
        return _make_hint(position, step, level)


def _make_hint(position: Position, step: Step, level: str) -> Hint:
    _check_level(level)
    g = position.geometry
    houses = list(dict.fromkeys(step.houses or step.base_sets))
    # the cells of the pattern's candidates (for a forcing chain: the assumption, not the chain)
    cells = [] if houses else sorted({c for c, _ in step.candidates} or set(step.cells))
    if level == "step":
        text = step.explanation
    else:
        where = Houses(g, houses) if houses else cell_list(g, cells)
        text = (tr("{name}: look at {where}.", name=step.name, where=where) if str(where)
                else tr("Look for a {name}.", name=step.name))
    return Hint(level, step, position, text, houses, cells, get_language())


def _check_level(level: str) -> None:
    if level not in LEVELS:
        raise SudokitError(tr("unknown hint level {level}; choose one of {choices}",
                              level=repr(level), choices=", ".join(LEVELS)))


def hint(puzzle, level: str = "nudge", techniques=None, unique: bool | None = None,
         exclude=(), lang: str | None = None, known: Known = UNKNOWN) -> Hint | None:
    """A hint for the simplest step available in ``puzzle`` (any puzzle text, a Grid or a
    Position), or None when the puzzle is solved or no chosen technique applies. Its text (and
    errors) in ``lang`` (default: the language in use, :func:`sudokit.set_language`).
    ``known``: what a check of the puzzle found (see :class:`LogicalSolver`)."""
    with language(lang):
        _check_level(level)
        position = Position.coerce(puzzle)
        reason = position.contradiction()
        if reason:
            raise InvalidPuzzleError(tr("the position cannot be solved: {reason}", reason=reason))
        if position.is_solved:
            return None
        step = LogicalSolver(techniques, unique, exclude, known=known).next_step(position)
        return None if step is None else _make_hint(position, step, level)


# --- checking a user's grid -------------------------------------------------------------------

@dataclass
class CheckResult:
    """What is wrong with a user's grid.

    ``wrong`` lists the cells whose entry differs from the solution (a changed given counts);
    ``clashes`` the same digit twice in a house; ``solvable`` whether the user's grid can still
    be completed; ``solved`` when it is complete and right. For a puzzle with several solutions
    (``unique`` false) entries are judged against a solution that agrees with them if there is
    one, so only entries that rule out every solution found are wrong.
    """

    puzzle: Grid
    user: Grid
    solution: Grid
    unique: bool
    wrong: list[int] = field(default_factory=list)
    clashes: list[Clash] = field(default_factory=list)
    solvable: bool = True

    @property
    def complete(self) -> bool:
        return self.user.is_complete

    @property
    def solved(self) -> bool:
        return self.complete and not self.wrong and not self.clashes

    @property
    def entries(self) -> int:
        """Cells the user filled (givens excluded)."""
        return sum(1 for v, g in zip(self.user.values, self.puzzle.givens) if v and not g)

    def describe(self) -> str:
        g = self.puzzle.geometry
        if self.solved:
            return tr("solved: every entry is right")
        parts = []
        if self.wrong:
            parts.append(tr("{n} wrong: {cells}", n=len(self.wrong),
                            cells=cell_list(g, self.wrong)))
        else:
            parts.append(tr("no wrong entries"))
        for c in self.clashes:
            parts.append(c.describe(g))
        parts.append(tr("still solvable") if self.solvable else tr("no longer solvable"))
        return "; ".join(parts)

    def to_dict(self) -> dict:
        g = self.puzzle.geometry
        n = g.size
        return {
            "solved": self.solved, "complete": self.complete, "solvable": self.solvable,
            "unique": self.unique, "entries": self.entries,
            "wrong": [[c // n + 1, c % n + 1, self.user.values[c], self.solution.values[c]]
                      for c in self.wrong],
            "clashes": [x.describe(g) for x in self.clashes],
        }


def _as_grid(obj, box=None) -> Grid:
    """A Grid from a Grid, a Position, or text (see :meth:`Position.parse`)."""
    if isinstance(obj, Grid):
        return obj
    if isinstance(obj, str):
        return Position.parse(obj, box=box).to_grid()
    return Position.coerce(obj).to_grid()


def check(puzzle, user, box=None) -> CheckResult:
    """Compare a user's grid (the puzzle with their entries) with the puzzle's solution."""
    pgrid, ugrid = _as_grid(puzzle, box), _as_grid(user, box)
    if pgrid.geometry != ugrid.geometry:
        raise SudokitError(f"the user grid is {ugrid.size}x{ugrid.size} "
                           f"({ugrid.geometry.box_shape} boxes), the puzzle {pgrid.size}x{pgrid.size} "
                           f"({pgrid.geometry.box_shape} boxes)")
    pgrid.validate()
    puzzle_only = Grid(pgrid.geometry, [v if g else 0 for v, g in zip(pgrid.values, pgrid.givens)])
    found = solutions(puzzle_only, limit=2)
    if not found:
        raise InvalidPuzzleError(tr("the puzzle has no solution"))
    unique = len(found) == 1
    clashes = ugrid.clashes()
    user_solutions = [] if clashes else solutions(Grid(ugrid.geometry, ugrid.values), limit=1)
    solution = found[0] if unique or not user_solutions else user_solutions[0]
    wrong = [c for c, v in enumerate(ugrid.values)
             if (v and v != solution.values[c]) or (puzzle_only.values[c] and v != puzzle_only.values[c])]
    return CheckResult(puzzle_only, ugrid, solution, unique, wrong, clashes, bool(user_solutions))
