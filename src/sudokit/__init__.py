"""sudokit: solve, explain, rate and generate Sudoku puzzles of every size."""

from .errors import GeometryError, InvalidPuzzleError, ParseError, SearchLimitError, SudokitError
from .geometry import Geometry
from .grid import Grid
from .i18n import get_language, language, languages, set_language
from .search import count_solutions, solve

__version__ = "0.1.0"

__all__ = [
    "Geometry", "Grid", "SudokitError", "GeometryError", "ParseError", "InvalidPuzzleError",
    "SearchLimitError", "solve", "count_solutions", "set_language", "get_language", "language",
    "languages", "__version__",
]

#: The logical solver's API, imported on first use (it loads every technique module).
_LOGIC = ("LogicalSolver", "Position", "Step", "next_step", "all_steps", "solve_path", "hint", "check")
__all__ += list(_LOGIC)


def __getattr__(name: str):
    if name in _LOGIC:
        from . import logic

        return getattr(logic, name)
    raise AttributeError(f"module 'sudokit' has no attribute {name!r}")
