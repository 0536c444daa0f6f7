"""The classic layout: ``312 695 874``, a space between boxes, a blank line between bands.

Reading accepts anything the ``grid`` format reads (the layout is a bordered grid without the
borders); the box shape comes from the spaces and blank lines.
"""

from __future__ import annotations

from itertools import islice

from ..errors import SudokitError
from ..grid import Grid
from ..symbols import get_alphabet
from . import bordered
from ._common import blank_for, content_lines
from ._layout import VERTICAL, is_rule

NAME = "classic"
EXTENSIONS = (".classic",)


def read(text: str, box=None, alphabet=None) -> list[Grid]:
    return bordered.read(text, box=box, alphabet=alphabet)


def write(grid: Grid, alphabet=None) -> str:
    g = grid.geometry
    n, br, bc = g.size, g.box_rows, g.box_cols
    a = get_alphabet(alphabet)
    blank = blank_for(a, n)
    cells = [a.encode(v, n, blank) for v in grid.values]
    out = bordered.comment_lines(grid)
    for r in range(n):
        if r and r % br == 0:
            out.append("")
        row = cells[r * n:(r + 1) * n]
        out.append(" ".join("".join(row[i:i + bc]) for i in range(0, n, bc)))
    return "\n".join(out)


def detect(text: str) -> bool:
    """Rows of symbols split into words by spaces, no borders."""
    lines = [line.strip() for _, line in islice(content_lines(text), 200)]
    if not lines or any((is_rule(s) and set(s) - set("- ")) or any(ch in VERTICAL for ch in s)
                        for s in lines):
        return False
    if not any(" " in s for s in lines):
        return False
    try:
        return bool(read(text))
    except SudokitError:
        return False
