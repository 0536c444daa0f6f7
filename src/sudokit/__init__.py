"""sudokit: solve, explain, rate and generate Sudoku puzzles of every size.

The names below load on first use, so ``import sudokit`` is instant and the command line
loads all it needs under its own Ctrl-C guard (:mod:`sudokit.adapters.cli.start`)."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

__version__ = "0.1.0"

#: Each public name -> the module that defines it.
_WHERE = {
    **dict.fromkeys(("GeometryError", "InvalidPuzzleError", "ParseError", "SearchLimitError",
                     "SudokitError"), ".model.errors"),
    "Geometry": ".model.geometry",
    "Grid": ".model.grid",
    # text in any format -> a list of grids / one grid
    **dict.fromkeys(("parse", "parse_one"), ".model.formats"),
    **dict.fromkeys(("get_language", "language", "languages", "set_language"), ".i18n"),
    **dict.fromkeys(("count_solutions", "solve"), ".engines.search"),
    # the logical solver's API (it loads every technique module)
    **dict.fromkeys(("LogicalSolver", "Position", "Step", "next_step", "all_steps", "solve_path",
                     "hint", "check"), ".engines.logic"),
}

__all__ = [*_WHERE, "__version__"]


def __getattr__(name: str):
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'sudokit' has no attribute {name!r}")
    value = getattr(import_module(where, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})


if TYPE_CHECKING:
    from sudokit.model.errors import GeometryError, InvalidPuzzleError, ParseError, SearchLimitError, SudokitError
    from sudokit.model.geometry import Geometry
    from sudokit.model.grid import Grid
    from sudokit.model.formats import parse, parse_one
    from sudokit.i18n import get_language, language, languages, set_language
    from sudokit.engines.logic import LogicalSolver, Position, Step, all_steps, check, hint, next_step, solve_path
    from sudokit.engines.search import count_solutions, solve
