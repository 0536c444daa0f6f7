"""Pencil-mark grids: each cell written as its candidate digits, columns aligned, box borders.

::

    +-------------+---------------+
    | 4   12  3   | ...

One row a line; cells are separated by spaces, ``|`` separates boxes, rule lines separate
bands. A cell written as one digit is solved (it holds that digit); a cell of several digits is
empty with those candidates; ``.`` (any blank) is an empty cell with no candidate left.
The candidate conventions are those of :mod:`sudokit.formats.sukaku`: bit ``d-1`` of a mask is
digit ``d``; :func:`write` writes every digit as a candidate of each empty cell.
"""

from __future__ import annotations

from ..errors import ParseError, SudokitError
from ..grid import Grid
from ..symbols import get_alphabet
from ._common import comment_lines, decoder, symbol_error
from ._layout import Block, block_geometry, block_values, collect, token_cells, write_rows
from .sukaku import grid_from_masks, masks_of

NAME = "pencilmark"
EXTENSIONS = (".pm", ".pencilmark")


def _decode(block: Block, box, alphabet) -> tuple[Grid, list[int]]:
    n = block.size
    a, table = decoder(alphabet, n)

    def mask(tok: str, line: int, col: int) -> int:
        m = 0
        if not all(table.get(ch) == 0 for ch in tok):
            for j, ch in enumerate(tok):
                v = table.get(ch)
                if not v:
                    if v is None:
                        raise symbol_error(ch, n, a, line, col + j)
                    raise ParseError(f"blank {ch!r} inside the candidates {tok[:20]!r}",
                                     line=line, column=col + j, char=ch)
                if m >> (v - 1) & 1:
                    raise ParseError(f"{ch!r} appears twice in the candidates {tok[:20]!r}",
                                     line=line, column=col + j, char=ch)
                m |= 1 << (v - 1)
        return m

    masks = block_values(block, mask)
    return grid_from_masks(block_geometry(block, box), masks, block.comment), masks


def read_candidates(text: str, box=None, alphabet=None) -> list[tuple[Grid, list[int]]]:
    """Every pencil-mark grid of the text with its candidate masks."""
    return [_decode(b, box, alphabet) for b in collect(text, token_cells, box=box)]


def read(text: str, box=None, alphabet=None) -> list[Grid]:
    return [g for g, _ in read_candidates(text, box, alphabet)]


def write_candidates(grid: Grid, masks: list[int] | None = None, alphabet=None) -> str:
    g = grid.geometry
    n, bc = g.size, g.box_cols
    syms = get_alphabet(alphabet).for_size(n)
    words = ["".join(syms[k] for k in range(n) if m >> k & 1) or "."
             for m in masks_of(grid, masks)]
    widths = [max(len(words[r * n + c]) for r in range(n)) for c in range(n)]
    segments = [sum(widths[c:c + bc]) + 2 * (bc - 1) for c in range(0, n, bc)]
    rule = "+" + "+".join("-" * (w + 2) for w in segments) + "+"
    cells = [w.ljust(widths[i % n]) for i, w in enumerate(words)]
    rows = write_rows(cells, g, lambda boxes: "| " + " | ".join(map("  ".join, boxes)) + " |",
                      rule, outer=True)
    return "\n".join(comment_lines(grid) + rows)


def write(grid: Grid, alphabet=None) -> str:
    return write_candidates(grid, None, alphabet)


def detect(text: str) -> bool:
    """A grid of words in which some cell has several candidates."""
    try:
        grids = read_candidates(text)
    except SudokitError:
        return False
    return any(any(m & (m - 1) for m in masks) for _, masks in grids)
