"""Simple Sudoku ``.ss``: ``|...|.5.|...|`` rows, ``|---+---+---|`` between bands, ``*---*`` frame.

Reading is the ``grid`` format's; the box shape comes from the borders.
"""

from __future__ import annotations

from itertools import islice

from ..errors import SudokitError
from ..grid import Grid
from ..symbols import get_alphabet
from . import bordered
from ._common import blank_for, content_lines
from ._layout import is_rule

NAME = "ss"
EXTENSIONS = (".ss",)


def read(text: str, box=None, alphabet=None) -> list[Grid]:
    return bordered.read(text, box=box, alphabet=alphabet)


def write(grid: Grid, alphabet=None) -> str:
    g = grid.geometry
    n, br, bc = g.size, g.box_rows, g.box_cols
    a = get_alphabet(alphabet)
    blank = blank_for(a, n)
    cells = [a.encode(v, n, blank) for v in grid.values]
    nboxes = n // bc
    frame = "*" + "-" * (n + nboxes - 1) + "*"
    rule = "|" + "+".join(["-" * bc] * nboxes) + "|"
    out = bordered.comment_lines(grid) + [frame]
    for r in range(n):
        if r and r % br == 0:
            out.append(rule)
        row = cells[r * n:(r + 1) * n]
        out.append("|" + "|".join("".join(row[i:i + bc]) for i in range(0, n, bc)) + "|")
    out.append(frame)
    return "\n".join(out)


def detect(text: str) -> bool:
    """Rows written ``|...|...|`` without spaces, as Simple Sudoku saves them."""
    lines = (line.strip() for _, line in islice(content_lines(text), 200))
    rows = [s for s in lines if not is_rule(s)]
    if not rows or not all(s.startswith("|") and s.endswith("|") and " " not in s for s in rows):
        return False
    try:
        return bool(read(text))
    except SudokitError:
        return False
