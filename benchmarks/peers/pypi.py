"""Adapters to the Sudoku solvers on PyPI that a Python user might pick instead of sudokit
(installed with ``pip install -e ".[bench]"``). Each takes an 81-character 9x9 puzzle ('.' or '0'
for blanks) and returns the solution as 81 digits, or None.

- ``py-sudoku`` (module ``sudoku``): pure Python backtracking, ``Sudoku(3, 3, board).solve()``.
- ``fast-sudoku-solver``: NumPy constraint propagation, then brute force over the remaining
  combinations, giving up (None) when there are 10 million or more: ``SudokuSolver.solve(text)``. Version 1.0.1 calls ``np.reshape(..., newshape=...)``, a keyword
  NumPy 2.1 removed; :func:`_numpy_compat` maps it to ``shape=`` so it can run at all.
- ``lib-sudoku``: a Rust extension, ``lib_sudoku.solve(bytearray) -> bytearray``.
"""

from __future__ import annotations

from collections.abc import Callable


def _board(puzzle: str) -> list[list[int]]:
    return [[int(ch) if ch.isdigit() else 0 for ch in puzzle[r * 9:r * 9 + 9]] for r in range(9)]


def py_sudoku() -> Callable[[str], str | None]:
    from sudoku import Sudoku

    def solve(puzzle: str) -> str | None:
        solved = Sudoku(3, 3, board=_board(puzzle)).solve()
        if solved.board is None or any(v is None for row in solved.board for v in row):
            return None
        return "".join(str(v) for row in solved.board for v in row)

    return solve


def _numpy_compat() -> None:
    import numpy as np

    if getattr(np.reshape, "_sudokit_compat", False):
        return
    original = np.reshape

    def reshape(a, *args, newshape=None, **kwargs):
        if newshape is not None:
            return original(a, newshape, *args, **kwargs)
        return original(a, *args, **kwargs)

    reshape._sudokit_compat = True
    np.reshape = reshape


def fast_sudoku_solver() -> Callable[[str], str | None]:
    import logging

    _numpy_compat()
    from fast_sudoku_solver.sudoku_solver import SudokuSolver

    logging.getLogger("fast_sudoku_solver").setLevel(logging.WARNING)

    def solve(puzzle: str) -> str | None:
        return SudokuSolver.solve(puzzle.replace(".", "0"))

    return solve


def lib_sudoku() -> Callable[[str], str | None]:
    import lib_sudoku as lib

    def solve(puzzle: str) -> str | None:
        out = lib.solve(bytearray(int(ch) if ch.isdigit() else 0 for ch in puzzle))
        if out is None or 0 in out:
            return None
        return "".join(map(str, out))

    return solve


#: name -> (PyPI package, factory returning the solve function, pure Python?)
PEERS = {
    "py-sudoku": ("py-sudoku", py_sudoku, True),
    "fast-sudoku-solver (Python + NumPy)": ("fast-sudoku-solver", fast_sudoku_solver, True),
    "lib-sudoku (Rust)": ("lib-sudoku", lib_sudoku, False),
}
