"""One puzzle per line: N*N symbols, blanks as ``.0-_*x``, optional text after the grid.

Spaces may separate groups (``000000000 640017000 ...``). Text that follows the grid on the
line (a rating, a comment) is kept in :attr:`Grid.comment`.
"""

from __future__ import annotations

from sudokit.model.errors import GeometryError, ParseError
from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.i18n import tr
from sudokit.model.symbols import BLANKS, get_alphabet
from sudokit.model.formats import sukaku
from sudokit.model.formats._common import (MAX_CELLS, blank_decoder, blank_for, box_arg, content_lines,
                      one_line_comment, reads, symbol_error)

NAME = "line"
EXTENSIONS = (".txt", ".sdm", ".line")

_GRID_CHARS = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" + BLANKS)


def _split_tokens(text: str) -> list[tuple[int, str]]:
    """Whitespace-separated tokens of the grid part, with their 0-based start column."""
    tokens, i = [], 0
    n = len(text)
    while i < n:
        while i < n and text[i] in " \t":
            i += 1
        start = i
        while i < n and text[i] not in " \t":
            i += 1
        if i > start:
            tokens.append((start, text[start:i]))
    return tokens


def is_puzzle_size(ncells: int) -> bool:
    """True if ``ncells`` cells make a grid with a default box (16, 36, 64, 81, ...)."""
    return _usable_size(ncells, None)


def _usable_size(ncells: int, box) -> bool:
    try:
        Geometry.for_cells(ncells, box)
    except GeometryError:
        return False
    return True


def _grid_tokens(tokens: list[tuple[int, str]], box) -> tuple[int, int] | None:
    """How many leading tokens make the grid, and its cell count, or None.

    Groups are of equal length (9 rows of 9, 27 groups of 3, 16 rows of 16), so the grid is
    the run of tokens as long as the first one, less a last token that is a comment of the
    same length; else the first token alone (an unspaced puzzle followed by a comment).
    """
    if not tokens:
        return None
    width = len(tokens[0][1])
    run = 1
    while run < len(tokens) and len(tokens[run][1]) == width:
        run += 1
    for k in (run, run - 1, 1):
        if k >= 1 and k * width <= MAX_CELLS and _usable_size(k * width, box):
            return k, k * width
    return None


def parse_line(text: str, box=None, alphabet=None, line_no: int | None = None) -> Grid:
    """Read a single puzzle line."""
    text = text.rstrip("\r\n")
    box = box_arg(box)  # "RxC" or a pair, checked (a pair of non-numbers is an error)
    stop = 0
    while stop < len(text) and (text[stop] in _GRID_CHARS or text[stop] in " \t"):
        stop += 1
    tokens = _split_tokens(text[:stop])
    best = _grid_tokens(tokens, box)
    if best is None:
        total = sum(len(t) for _, t in tokens)
        if stop < len(text) and not text[stop].isspace() and total > 0:
            raise ParseError(tr("unexpected character {char} after {n} cells",
                                char=repr(text[stop]), n=total),
                             line=line_no, column=stop + 1, char=text[stop])
        if total == 0:
            raise ParseError(tr("no puzzle on this line"), line=line_no)
        if box is not None:
            want = Geometry.of(box[0] * box[1], box)
            raise ParseError(tr("found {n} cells, a {size}x{size} grid (box {box}) needs {cells}",
                                n=total, size=want.size, box=want.box_shape, cells=want.ncells),
                             line=line_no)
        near = min((n for n in range(4, 65) if _usable_size(n * n, None)),
                   key=lambda n: abs(n * n - total))
        raise ParseError(
            tr("found {n} cells; a {size}x{size} grid has {cells} (a puzzle line has N*N cells: "
               "16, 36, 64, 81, 100, 144, 256, ...)", n=total, size=near, cells=near * near),
            line=line_no)
    ntok, ncells = best
    geometry = Geometry.for_cells(ncells, box)
    a, table = blank_decoder(alphabet, geometry.size)
    values = []
    for start, tok in tokens[:ntok]:
        for j, ch in enumerate(tok):
            v = table.get(ch)
            if v is None:
                raise symbol_error(ch, geometry.size, a, line_no, start + j + 1)
            values.append(v)
    rest_start = tokens[ntok][0] if ntok < len(tokens) else stop
    comment = text[rest_start:].strip()
    return Grid(geometry, values, comment=comment)


def read(text: str, box=None, alphabet=None) -> list[Grid]:
    """Every puzzle in the text, one a line; blank lines and ``#`` comment lines are skipped."""
    grids = []
    for no, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        grids.append(parse_line(line, box, alphabet, no))
    return grids


def write(grid: Grid, alphabet=None, blank: str = ".") -> str:
    """The N*N symbols, then the comment (on the same line, newlines made spaces)."""
    line = grid.to_line(alphabet, blank_for(get_alphabet(alphabet), grid.size, blank))
    comment = one_line_comment(grid.comment)
    return f"{line} {comment}" if comment else line


def detect(text: str) -> bool:
    """True if the first lines (comments aside) each read as a one-line puzzle."""
    lines = []
    for _, line in content_lines(text):
        lines.append(line)
        if len(lines) == 50:
            break
    if any(sukaku.shaped_like(ln.split(None, 1)[0]) for ln in lines):
        return False  # a sukaku line the sukaku reader refused: show its error, not a 27x27
    return reads(read, "\n".join(lines))
