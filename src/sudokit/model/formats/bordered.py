"""Multi-line grids, with or without box borders: printed grids, Simple Sudoku ``.ss``.

One row a line. Cells are single symbols (``.0-_*x`` for blanks), optionally separated by
spaces; ``|`` separates boxes and rule lines (``+---+``, ``*-----*``, ``===``) or blank lines
separate bands. Grids whose symbols run out (above 61 with the default alphabet) are written
with numbers, one word a cell (``.`` or ``0`` for empty), and read back the same way. The box
shape comes from the borders when they show one, else the default box for the size; an
explicit box overrides both.
"""

from __future__ import annotations

from sudokit.model.errors import SudokitError
from sudokit.model.grid import Grid
from sudokit.model.symbols import BLANKS, get_alphabet
from sudokit.model.formats._common import comment_lines, decoder, encode_values, reads, symbol_error
from sudokit.model.formats._layout import (Block, block_grid, char_cells, collect, not_a_value, number_value,
                      token_cells, write_rows)

NAME = "grid"
EXTENSIONS = (".grid", ".txt")


def _decode_chars(block: Block, box, alphabet) -> Grid:
    n = block.size
    a, table = decoder(alphabet, n)

    def value(ch: str, line: int, col: int) -> int:
        v = table.get(ch)
        if v is None:
            raise symbol_error(ch, n, a, line, col)
        return v

    return block_grid(block, box, value)


def _decode_numbers(block: Block, box) -> Grid:
    """Cells written as numbers (``0`` or a blank character for empty), one word a cell."""
    n = block.size

    def value(tok: str, line: int, col: int) -> int:
        v = number_value(tok, n, line, col)
        if v is not None:
            return v
        if len(tok) == 1 and tok in BLANKS:
            return 0
        raise not_a_value(tok, n, line, col)

    return block_grid(block, box, value)


def read(text: str, box=None, alphabet=None) -> list[Grid]:
    """Every grid in the text (several grids follow one another; ``#`` lines are comments)."""
    attempts = (
        lambda: [_decode_chars(b, box, alphabet) for b in collect(text, char_cells, box=box)],
        lambda: [_decode_chars(b, box, alphabet)
                 for b in collect(text, char_cells, box=box, dash_rows=True)],
        lambda: [_decode_numbers(b, box) for b in collect(text, token_cells, box=box)],
    )
    first: SudokitError | None = None
    for attempt in attempts:
        try:
            return attempt()
        except SudokitError as e:
            first = first or e
    assert first is not None
    raise first


def symbols_of(grid: Grid, alphabet=None) -> tuple[list[str], int]:
    """Each cell as text (symbols, or numbers when the alphabet is too small) and their width."""
    n = grid.size
    a = get_alphabet(alphabet)
    if len(a.symbols) >= n:
        return encode_values(grid.values, n, a), 1
    width = len(str(n))
    return [str(v) if v else "." for v in grid.values], width


def write(grid: Grid, alphabet=None) -> str:
    """A bordered grid: ``|`` between boxes, ``+---+`` rules between bands."""
    g = grid.geometry
    n, bc = g.size, g.box_cols
    cells, w = symbols_of(grid, alphabet)
    rule = "+" + "+".join(["-" * (bc * (w + 1) + 1)] * (n // bc)) + "+"

    def row(boxes: list[list[str]]) -> str:
        return "| " + " | ".join(" ".join(c.rjust(w) for c in box) for box in boxes) + " |"

    return "\n".join(comment_lines(grid) + write_rows(cells, g, row, rule, outer=True))


def detect(text: str) -> bool:
    return reads(read, text)
