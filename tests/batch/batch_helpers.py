"""Shared inputs of the batch tests: real puzzles from ../shared/data and made-up bad lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudokit import Geometry, Grid
from sudokit.engines.search import core

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"


def data_lines(name: str, count: int | None = None) -> list[str]:
    path = DATA / name
    if not path.exists():
        pytest.skip(f"{path} is not there")
    lines = path.read_text().split()
    return lines if count is None else lines[:count]


def no_solution_line() -> str:
    """No clash among the givens, yet r1c9 can hold nothing."""
    geometry = Geometry(3, 3)
    values = [0] * 81
    values[:8] = range(1, 9)
    values[geometry.cell(5, 8)] = 9
    return Grid(geometry, values).to_line()


def mixed_lines() -> list[str]:
    """Every kind of line a batch meets, with what each should give."""
    good = data_lines("top1465.txt", 3)
    multi = data_lines("serg.txt", 1)[0]
    four = core.random_solution(4, 1).to_line()
    four_puzzle = "." + four[1:]
    return [
        good[0],
        "",                                   # blank
        "# a comment",                        # comment line
        good[1] + " rated 3.4 by someone",    # text after the puzzle
        "y" * 81,                             # not symbols (x would be blanks)
        good[2][:80],                         # a cell short
        "55" + "." * 79,                      # two 5s in row 1
        no_solution_line(),
        multi,
        four_puzzle,                          # another size in the same file
        " ".join(good[0][i:i + 9] for i in range(0, 81, 9)),  # groups of 9
    ]
