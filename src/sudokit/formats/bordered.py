"""Multi-line grids, with or without box borders: printed grids, Simple Sudoku ``.ss``.

One row a line. Cells are single symbols (``.0-_*x`` for blanks), optionally separated by
spaces; ``|`` separates boxes and rule lines (``+---+``, ``*-----*``, ``===``) or blank lines
separate bands. Grids whose symbols run out (above 61 with the default alphabet) are written
with numbers, one word a cell (``.`` or ``0`` for empty), and read back the same way. The box
shape comes from the borders when they show one, else the default box for the size; an
explicit box overrides both.
"""

from __future__ import annotations

from ..errors import ParseError, SudokitError
from ..grid import Grid
from ..symbols import BLANKS, get_alphabet
from ._common import blank_for, decoder, geometry, symbol_error
from ._layout import Block, char_cells, collect, found_box, token_cells

NAME = "grid"
EXTENSIONS = (".grid", ".txt")


def _decode_chars(block: Block, box, alphabet) -> Grid:
    n = block.size
    a, table = decoder(alphabet, n)
    values = []
    for row in block.rows:
        for col, ch in row.items:
            v = table.get(ch)
            if v is None:
                raise symbol_error(ch, n, a, row.no, col)
            values.append(v)
    return Grid(geometry(n, box, found_box(block)), values, comment=block.comment)


def _decode_numbers(block: Block, box) -> Grid:
    """Cells written as numbers (``0`` or a blank character for empty), one word a cell."""
    n = block.size
    values = []
    for row in block.rows:
        for col, tok in row.items:
            if tok.isdigit() and tok.isascii():
                v = int(tok)
                if v > n:
                    raise ParseError(f"value {tok} is larger than the grid size {n}", line=row.no,
                                     column=col)
            elif len(tok) == 1 and tok in BLANKS:
                v = 0
            else:
                raise ParseError(f"{tok[:20]!r} is not a cell value (a number 0..{n})",
                                 line=row.no, column=col)
            values.append(v)
    return Grid(geometry(n, box, found_box(block)), values, comment=block.comment)


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
        blank = blank_for(a, n)
        return [a.encode(v, n, blank) for v in grid.values], 1
    width = len(str(n))
    return [str(v) if v else "." for v in grid.values], width


def comment_lines(grid: Grid) -> list[str]:
    return [f"# {line}".rstrip() for line in grid.comment.splitlines()] if grid.comment else []


def write(grid: Grid, alphabet=None) -> str:
    """A bordered grid: ``|`` between boxes, ``+---+`` rules between bands."""
    g = grid.geometry
    n, br, bc = g.size, g.box_rows, g.box_cols
    cells, w = symbols_of(grid, alphabet)
    rule = "+" + "+".join(["-" * (bc * (w + 1) + 1)] * (n // bc)) + "+"
    out = comment_lines(grid)
    for r in range(n):
        if r % br == 0:
            out.append(rule)
        row = cells[r * n:(r + 1) * n]
        boxes = [" ".join(c.rjust(w) for c in row[i:i + bc]) for i in range(0, n, bc)]
        out.append("| " + " | ".join(boxes) + " |")
    out.append(rule)
    return "\n".join(out)


def detect(text: str) -> bool:
    try:
        return bool(read(text))
    except SudokitError:
        return False
