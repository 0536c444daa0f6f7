"""Comma-separated rows, one row a line: ``0,0,3,0,2,0,6,0,0``; 0 for an empty cell.

Cells are numbers (so every size works, ``10,16,0,...``); a single symbol of the alphabet or a
blank character is accepted too. Several grids follow one another (blank lines allowed); blank
lines between bands, if present, give the box shape.
"""

from __future__ import annotations

from sudokit.model.errors import ParseError
from sudokit.model.grid import Grid
from sudokit.i18n import tr
from sudokit.model.formats._common import comment_lines, content_lines, optional_decoder, reads, symbol_error
from sudokit.model.formats._layout import Block, Item, block_grid, collect, not_a_value, number_value

NAME = "comma"
EXTENSIONS = (".csv", ".comma")


def _cells(line: str) -> tuple[list[Item], tuple[int, ...]]:
    items: list[Item] = []
    start = 0
    parts = line.split(",")
    if len(parts) > 1 and not parts[-1].strip():
        parts.pop()  # a trailing comma
    for part in parts:
        lead = len(part) - len(part.lstrip())
        items.append((start + lead + 1, part.strip()))
        start += len(part) + 1
    return items, ()


def _decode(block: Block, box, alphabet) -> Grid:
    n = block.size
    a, table = optional_decoder(alphabet, n)

    def value(tok: str, line: int, col: int) -> int:
        v = number_value(tok, n, line, col)
        if v is not None:
            return v
        if len(tok) == 1 and tok in table:
            return table[tok]
        if not tok:
            raise ParseError(tr("empty cell between commas (write 0 for an empty cell)"),
                             line=line, column=col)
        if len(tok) == 1 and a is not None:
            raise symbol_error(tok, n, a, line, col)
        raise not_a_value(tok, n, line, col)

    return block_grid(block, box, value)


def read(text: str, box=None, alphabet=None) -> list[Grid]:
    for no, line in content_lines(text):
        if "," not in line:
            raise ParseError(tr("a comma-separated row has no comma"), line=no)
    blocks = collect(text, _cells, box=box, rules=False)
    return [_decode(b, box, alphabet) for b in blocks]


def write(grid: Grid, alphabet=None) -> str:
    """Numbers, 0 for empty; the alphabet is not used (numbers work for every size)."""
    n = grid.size
    lines = comment_lines(grid)
    lines += [",".join(str(v) for v in grid.values[r * n:(r + 1) * n]) for r in range(n)]
    return "\n".join(lines)


def detect(text: str) -> bool:
    lines = [line for _, line in content_lines(text)]
    if not lines or not all(line.count(",") >= 3 for line in lines[:3]):
        return False
    return reads(read, text)
