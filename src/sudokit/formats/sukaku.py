"""Sukaku: a candidate grid as one line of N*N*N characters (729 for a 9x9).

Cell after cell in row-major order, N characters each: position ``k`` holds the symbol of digit
``k+1`` when that digit is a candidate of the cell, else a blank (``.`` or ``0``). Text after
the grid (after a space) is kept as the comment.

Candidates are bitmasks, bit ``d-1`` set when digit ``d`` is a candidate (the convention of
:class:`sudokit.logic.position.Position`). :func:`read_candidates` returns each grid with its
masks; in the grid a cell with exactly one candidate holds that digit (a solved cell or a given),
every other cell is empty. :func:`write_candidates` writes a filled cell as its single digit
whatever its mask says; :func:`write` writes a plain grid with every digit a candidate of each
empty cell, so that reading it back gives the same grid.
"""

from __future__ import annotations

from ..errors import ParseError, SudokitError
from ..grid import Grid
from ..symbols import get_alphabet
from ._common import blank_for, content_lines, decoder, geometry, has_box

NAME = "sukaku"
EXTENSIONS = (".sukaku", ".suk")

CUBES = {n * n * n: n for n in range(4, 65) if has_box(n)}


def grid_from_masks(g, masks: list[int], comment: str = "") -> Grid:
    """The grid whose cells with exactly one candidate hold it."""
    values = [m.bit_length() if m and not m & (m - 1) else 0 for m in masks]
    return Grid(g, values, comment=comment)


def masks_of(grid: Grid, masks: list[int] | None = None) -> list[int]:
    """The masks to write: a filled cell's single digit, else ``masks`` (default: every digit)."""
    full = (1 << grid.size) - 1
    if masks is not None and len(masks) != grid.geometry.ncells:
        raise SudokitError(f"{len(masks)} candidate masks for a grid of "
                           f"{grid.geometry.ncells} cells")
    return [1 << (v - 1) if v else (full if masks is None else masks[i] & full)
            for i, v in enumerate(grid.values)]


def parse_line(line: str, box=None, alphabet=None, line_no: int | None = None
               ) -> tuple[Grid, list[int]]:
    """One sukaku line: the grid and its candidate masks."""
    parts = line.split(None, 1)
    body, comment = (parts[0], parts[1] if len(parts) > 1 else "") if parts else ("", "")
    lead = len(line) - len(line.lstrip())
    n = CUBES.get(len(body))
    if n is None:
        raise ParseError(f"a sukaku line has N*N*N characters (64, 216, 512, 729, ...), "
                         f"found {len(body)}", line=line_no)
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
                    f"character {ch!r} at candidate {k + 1} of cell "
                    f"r{cell // n + 1}c{cell % n + 1}: expected {want!r} or a blank",
                    line=line_no, column=col, char=ch)
        masks.append(m)
    g = geometry(n, box)
    return grid_from_masks(g, masks, comment.strip()), masks


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


def read_candidates(text: str, box=None, alphabet=None) -> list[tuple[Grid, list[int]]]:
    """Every sukaku line of the text with its candidate masks."""
    return [parse_line(line, box, alphabet, no) for no, line in content_lines(text)]


def read(text: str, box=None, alphabet=None) -> list[Grid]:
    return [g for g, _ in read_candidates(text, box, alphabet)]


def write_candidates(grid: Grid, masks: list[int] | None = None, alphabet=None) -> str:
    n = grid.size
    a = get_alphabet(alphabet)
    blank = blank_for(a, n)
    syms = a.for_size(n)
    out = []
    for m in masks_of(grid, masks):
        out.append("".join(syms[k] if m >> k & 1 else blank for k in range(n)))
    line = "".join(out)
    return f"{line} {grid.comment}" if grid.comment and "\n" not in grid.comment else line


def write(grid: Grid, alphabet=None) -> str:
    return write_candidates(grid, None, alphabet)


def detect(text: str) -> bool:
    """Lines of N*N*N characters where each digit sits at its own position and every cell
    has a candidate (so that an almost empty 8x8 line is not taken for a 4x4 sukaku)."""
    lines = [line for _, line in content_lines(text)]
    if not lines or len(lines[0].split(None, 1)[0]) not in CUBES:
        return False
    try:
        grids = read_candidates("\n".join(lines[:20]))
    except SudokitError:
        return False
    return all(all(masks) for _, masks in grids)
