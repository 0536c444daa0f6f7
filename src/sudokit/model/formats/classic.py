"""The classic layout: ``312 695 874``, a space between boxes, a blank line between bands.

Reading accepts anything the ``grid`` format reads (the layout is a bordered grid without the
borders); the box shape comes from the spaces and blank lines.
"""

from __future__ import annotations

from itertools import islice

from sudokit.model.grid import Grid
from sudokit.model.formats import bordered
from sudokit.model.formats._common import comment_lines, content_lines, encode_values, reads
from sudokit.model.formats._layout import VERTICAL, is_rule, write_rows

NAME = "classic"
EXTENSIONS = (".classic",)


def read(text: str, box=None, alphabet=None) -> list[Grid]:
    return bordered.read(text, box=box, alphabet=alphabet)


def write(grid: Grid, alphabet=None) -> str:
    cells = encode_values(grid.values, grid.size, alphabet)
    rows = write_rows(cells, grid.geometry, lambda boxes: " ".join(map("".join, boxes)), "")
    return "\n".join(comment_lines(grid) + rows)


def detect(text: str) -> bool:
    """Rows of symbols split into words by spaces, no borders."""
    lines = [line.strip() for _, line in islice(content_lines(text), 200)]
    if not lines or any((is_rule(s) and set(s) - set("- ")) or any(ch in VERTICAL for ch in s)
                        for s in lines):
        return False
    if not any(" " in s for s in lines):
        return False
    return reads(read, text)
