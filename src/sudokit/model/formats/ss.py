"""Simple Sudoku ``.ss``: ``|...|.5.|...|`` rows, ``|---+---+---|`` between bands, ``*---*`` frame.

Reading is the ``grid`` format's; the box shape comes from the borders.
"""

from __future__ import annotations

from itertools import islice

from sudokit.model.grid import Grid
from sudokit.model.formats import bordered
from sudokit.model.formats._common import comment_lines, content_lines, encode_values, reads
from sudokit.model.formats._layout import is_rule, write_rows

NAME = "ss"
EXTENSIONS = (".ss",)


def read(text: str, box=None, alphabet=None) -> list[Grid]:
    return bordered.read(text, box=box, alphabet=alphabet)


def write(grid: Grid, alphabet=None) -> str:
    g = grid.geometry
    n, bc = g.size, g.box_cols
    cells = encode_values(grid.values, n, alphabet)
    nboxes = n // bc
    frame = "*" + "-" * (n + nboxes - 1) + "*"
    rule = "|" + "+".join(["-" * bc] * nboxes) + "|"
    rows = write_rows(cells, g, lambda boxes: "|" + "|".join(map("".join, boxes)) + "|", rule)
    return "\n".join(comment_lines(grid) + [frame] + rows + [frame])


def detect(text: str) -> bool:
    """Rows written ``|...|...|`` without spaces, as Simple Sudoku saves them."""
    lines = (line.strip() for _, line in islice(content_lines(text), 200))
    rows = [s for s in lines if not is_rule(s)]
    if not rows or not all(s.startswith("|") and s.endswith("|") and " " not in s for s in rows):
        return False
    return reads(read, text)
