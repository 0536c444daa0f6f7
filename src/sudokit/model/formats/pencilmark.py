"""Pencil-mark grids: each cell written as its candidate digits, columns aligned, box borders.

::

    +-------------+---------------+
    | 4   12  3   | ...

One row a line; cells are separated by spaces, ``|`` separates boxes, rule lines separate
bands. A cell written as one digit is solved (it holds that digit); a cell of several digits is
empty with those candidates; ``.`` (any blank) is an empty cell with no candidate left.
The candidate conventions are those of :mod:`sudokit.model.formats.sukaku`: bit ``d-1`` of a mask is
digit ``d``; :func:`read` puts them in :attr:`Grid.candidates`; :func:`write` writes a grid's
candidates, every digit of each empty cell when it has none.
"""

from __future__ import annotations

from sudokit.model.errors import ParseError, SudokitError
from sudokit.model.grid import Grid
from sudokit.i18n import tr
from sudokit.model.symbols import get_alphabet
from sudokit.model.formats._common import candidate_masks, comment_lines, decoder, grid_from_masks, symbol_error
from sudokit.model.formats._layout import Block, block_geometry, block_values, collect, token_cells, write_rows

NAME = "pencilmark"
EXTENSIONS = (".pm", ".pencilmark")


def _decode(block: Block, box, alphabet) -> Grid:
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
                    raise ParseError(tr("blank {char} inside the candidates {candidates}",
                                        char=repr(ch), candidates=repr(tok[:20])),
                                     line=line, column=col + j, char=ch)
                if m >> (v - 1) & 1:
                    raise ParseError(tr("{char} appears twice in the candidates {candidates}",
                                        char=repr(ch), candidates=repr(tok[:20])),
                                     line=line, column=col + j, char=ch)
                m |= 1 << (v - 1)
        return m

    masks = block_values(block, mask)
    return grid_from_masks(block_geometry(block, box), masks, block.comment)


def read(text: str, box=None, alphabet=None) -> list[Grid]:
    """Every pencil-mark grid of the text, each with its candidates."""
    return [_decode(b, box, alphabet) for b in collect(text, token_cells, box=box)]


def write(grid: Grid, alphabet=None, masks: list[int] | None = None) -> str:
    """The grid's candidates (``masks`` when given), a cell a word, columns aligned."""
    g = grid.geometry
    n, bc = g.size, g.box_cols
    syms = get_alphabet(alphabet).for_size(n)
    words = ["".join(syms[k] for k in range(n) if m >> k & 1) or "."
             for m in candidate_masks(grid, masks)]
    widths = [max(len(words[r * n + c]) for r in range(n)) for c in range(n)]
    segments = [sum(widths[c:c + bc]) + 2 * (bc - 1) for c in range(0, n, bc)]
    rule = "+" + "+".join("-" * (w + 2) for w in segments) + "+"
    cells = [w.ljust(widths[i % n]) for i, w in enumerate(words)]
    rows = write_rows(cells, g, lambda boxes: "| " + " | ".join(map("  ".join, boxes)) + " |",
                      rule, outer=True)
    return "\n".join(comment_lines(grid) + rows)


def detect(text: str) -> bool:
    """A grid of words in which some cell has several candidates."""
    try:
        grids = read(text)
    except SudokitError:
        return False
    return any(any(m & (m - 1) for m in g.candidates) for g in grids)
