"""sudokit: solve, explain, rate and generate Sudoku puzzles of every size."""

from .errors import GeometryError, InvalidPuzzleError, ParseError, SearchLimitError, SudokitError
from .geometry import Geometry
from .grid import Grid

__version__ = "0.1.0"

__all__ = [
    "Geometry", "Grid", "SudokitError", "GeometryError", "ParseError", "InvalidPuzzleError",
    "SearchLimitError", "__version__",
]
