"""Sukaku: a candidate grid as one line of N*N*N characters (729 for a 9x9).

Cell after cell in row-major order, N characters each: position ``k`` holds the symbol of digit
``k+1`` when that digit is a candidate of the cell, else a blank (``.`` or ``0``). Text after
the grid (after a space) is kept as the comment.

Candidates are bitmasks, bit ``d-1`` set when digit ``d`` is a candidate (the convention of
:class:`sudokit.model.position.Position`). :func:`read` returns grids carrying their masks in
:attr:`Grid.candidates`; a cell with exactly one candidate holds that digit (a solved cell or
a given), every other cell is empty. :func:`write` writes a filled cell as its single digit and
an empty cell as its candidates (every digit when the grid has none), so that reading it back
gives the same grid and candidates.
"""

from __future__ import annotations

from sudokit.model.errors import ParseError, SudokitError
from sudokit.model.grid import Grid
from sudokit.i18n import tr
from sudokit.model.symbols import get_alphabet
from sudokit.model.formats._common import (blank_for, candidate_masks, content_lines, decoder, geometry, grid_from_masks,
                      has_box, one_line_comment)

NAME = "sukaku"
EXTENSIONS = (".sukaku", ".suk")

CUBES = {n * n * n: n for n in range(4, 65) if has_box(n)}


def parse_line(line: str, box=None, alphabet=None, line_no: int | None = None) -> Grid:
    """One sukaku line: the grid with its candidate masks."""
    parts = line.split(None, 1)
    body, comment = (parts[0], parts[1] if len(parts) > 1 else "") if parts else ("", "")
    lead = len(line) - len(line.lstrip())
    n = CUBES.get(len(body))
    if n is None:
        raise ParseError(tr("a sukaku line has N*N*N characters (64, 216, 512, 729, ...), found "
                            "{n}", n=len(body)), line=line_no)
    a, table = decoder(alphabet, n)
    masks = []
    for start in range(0, len(body), n):
        m = 0
        for k, ch in enumerate(body[start:start + n]):
            v = table.get(ch)
            if v == k + 1:
                m |= 1 << k
            elif v != 0:
                col = lead + start + k + 1
                cell = start // n
                want = a.encode(k + 1, n)
                raise ParseError(
                    tr("character {char} at candidate {k} of cell {cell}: expected {want} or a "
                       "blank", char=repr(ch), k=k + 1,
                       cell=tr("r{row}c{col}", row=cell // n + 1, col=cell % n + 1),
                       want=repr(want)),
                    line=line_no, column=col, char=ch)
        masks.append(m)
    return grid_from_masks(geometry(n, box), masks, comment.strip())


def shaped_like(body: str, alphabet=None) -> bool:
    """True if ``body`` (N*N*N characters) is laid out like a sukaku: nearly every character
    is a blank or the digit of its position (used to keep ``line`` from taking a 729-character
    sukaku with a typo for a 27x27 puzzle)."""
    n = CUBES.get(len(body))
    if n is None or len(body) < 729:
        return False
    a, table = decoder(alphabet, n)
    good = sum(1 for i, ch in enumerate(body) if table.get(ch) in (0, i % n + 1))
    return good >= 0.95 * len(body)


def read(text: str, box=None, alphabet=None) -> list[Grid]:
    """Every sukaku line of the text, each grid with its candidates."""
    return [parse_line(line, box, alphabet, no) for no, line in content_lines(text)]


def write(grid: Grid, alphabet=None, masks: list[int] | None = None) -> str:
    """The grid's candidates (``masks`` when given) as one line, then the comment."""
    n = grid.size
    a = get_alphabet(alphabet)
    blank = blank_for(a, n)
    syms = a.for_size(n)
    out = []
    for m in candidate_masks(grid, masks):
        out.append("".join(syms[k] if m >> k & 1 else blank for k in range(n)))
    line = "".join(out)
    comment = one_line_comment(grid.comment)
    return f"{line} {comment}" if comment else line


def detect(text: str) -> bool:
    """Lines of N*N*N characters where each digit sits at its own position and every cell
    has a candidate (so that an almost empty 8x8 line is not taken for a 4x4 sukaku)."""
    lines = [line for _, line in content_lines(text)]
    if not lines or len(lines[0].split(None, 1)[0]) not in CUBES:
        return False
    try:
        grids = read("\n".join(lines[:20]))
    except SudokitError:
        return False
    return all(all(g.candidates) for g in grids)
