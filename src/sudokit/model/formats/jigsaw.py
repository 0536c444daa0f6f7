"""Jigsaw puzzles in the text layouts people write them in (see ``docs/formats.md``):

- ``stacked``: the givens, then the regions as a grid of symbols (equal symbols form a region),
  each as N rows or as one line of N*N symbols;
- ``side``: givens and regions side by side, whitespace between them, on each row (or on one
  line of N*N + N*N symbols);
- ``drawing``: a bordered drawing whose walls (``|`` between cells, ``-`` below them, ``+`` at
  corners) are the regions' borders; one text line per row and one per wall line (2N+1 lines),
  every cell the same width, an empty cell blank or ``.``.

Several puzzles follow each other. ``|`` and spaces inside the givens and regions of the first
two layouts are ignored. :func:`read` tells the layouts apart by their shape; the regions must
make N connected regions of N cells, and regions that are the boxes of a box shape give a
classic grid. :func:`write` writes a drawing (``layout=`` chooses another).
"""

from __future__ import annotations

from sudokit.model.errors import GeometryError, ParseError, SudokitError
from sudokit.model.grid import Grid
from sudokit.i18n import tr
from sudokit.model.numbers import DIGITS
from sudokit.model.rules.jigsaw import parse_regions
from sudokit.model.formats._common import box_arg, content_lines, decoder, encode_values, grid_side, has_box, reads, symbol_error
from sudokit.model.formats._imported import region_geometry

NAME = "jigsaw"
EXTENSIONS = (".jigsaw",)
LAYOUTS = ("drawing", "stacked", "side")

_WALL_ROW = set("+-=_ ")
_VERTICAL = set("|!")
#: Symbols the writer names regions by.
_LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def read(text: str, box=None, alphabet=None, first_only: bool = False) -> list[Grid]:
    """Every puzzle of the text (``box`` is checked but the regions decide the shape);
    ``first_only`` reads the first puzzle alone (what detection needs of a long file)."""
    box_arg(box)
    lines = list(content_lines(text))
    if not lines:
        return []
    if lines[0][1].strip()[:1] == "+":
        return _read_drawings(lines, alphabet, first_only)
    return _read_symbol_layouts(lines, alphabet, first_only)


# --- stacked and side by side -------------------------------------------------------------
def _split(line: str) -> tuple[str, list[int]]:
    """The symbols of a line (spaces and ``|`` removed) and where its whitespace gaps fall."""
    out, gaps = "", []
    for token in line.replace("|", " ").split():
        if out:
            gaps.append(len(out))
        out += token
    return out, gaps


def _read_symbol_layouts(lines: list[tuple[int, str]], alphabet, first_only: bool) -> list[Grid]:
    count = len(lines)  # the layouts' tests need the count; the first 128 rows hold one puzzle
    rows = [(no, *_split(line)) for no, line in (lines[:128] if first_only else lines)]
    widths = {len(s) for _, s, _ in rows}
    if len(widths) != 1:
        no, s, _ = next(r for r in rows if len(r[1]) != len(rows[0][1]))
        raise ParseError(tr("this row has {n} symbols, the first has {first}; a jigsaw text has "
                            "rows of one length", n=len(s), first=len(rows[0][1])), line=no)
    width = widths.pop()
    half = width // 2
    split = width % 2 == 0 and all(half in gaps for _, _, gaps in rows)
    symbols = [s for _, s, _ in rows]

    def puzzles(size: int, height: int, givens, regions) -> list[Grid]:
        """A puzzle every ``height`` rows, its givens and regions cut out of those rows."""
        return [_puzzle(givens(k), regions(k), rows[k][0], size, alphabet)
                for k in range(0, height if first_only else len(rows), height)]

    # The layouts a shape allows, the largest grid first (16 rows of 16 symbols are one 16x16
    # grid or eight pairs of 4x4 lines): the first that reads wins, else the first one's error.
    layouts = []
    if has_box(width) and count % (2 * width) == 0:  # N rows of givens, N rows of regions
        layouts.append(lambda: puzzles(width, 2 * width, lambda k: symbols[k:k + width],
                                       lambda k: symbols[k + width:k + 2 * width]))
    if split and has_box(half) and count % half == 0:  # N rows, side by side
        layouts.append(lambda: puzzles(half, half, lambda k: [s[:half] for s in symbols[k:k + half]],
                                       lambda k: [s[half:] for s in symbols[k:k + half]]))
    if grid_side(width) and count % 2 == 0:  # a line of givens, a line of regions
        layouts.append(lambda: puzzles(grid_side(width), 2, lambda k: [symbols[k]],
                                       lambda k: [symbols[k + 1]]))
    if split and grid_side(half):  # one puzzle a line, givens and regions side by side
        layouts.append(lambda: puzzles(grid_side(half), 1, lambda k: [symbols[k][:half]],
                                       lambda k: [symbols[k][half:]]))
    if not layouts:
        raise ParseError(tr("{n} rows of {width} symbols are no jigsaw layout: expected N rows of "
                            "givens then N rows of regions, N rows of both side by side, or lines "
                            "of N*N givens and N*N regions", n=count, width=width),
                         line=rows[0][0])
    first_error = None
    for layout in layouts:
        try:
            return layout()
        except SudokitError as e:
            first_error = first_error or e
    raise first_error


def _puzzle(givens: list[str], regions: list[str], line: int, n: int, alphabet) -> Grid:
    a, table = decoder(alphabet, n)
    values = []
    for k, row in enumerate(givens):
        for ch in row:
            v = table.get(ch)
            if v is None:
                raise symbol_error(ch, n, a, line + (k if len(givens) > 1 else 0), None)
            values.append(v)
    try:
        labels = parse_regions("".join(regions), n)
        g = region_geometry(n, list(labels))
    except GeometryError as e:
        raise ParseError(tr("the regions of the puzzle starting here: {reason}", reason=e),
                         line=line) from None
    return Grid(g, values)


# --- drawings ----------------------------------------------------------------------------
def _read_drawings(lines: list[tuple[int, str]], alphabet, first_only: bool) -> list[Grid]:
    grids, k = [], 0
    while k < len(lines):
        rows = 0  # row lines start with a wall; the line after the bottom border does not
        while k + 2 * rows + 2 < len(lines) and lines[k + 2 * rows + 1][1].lstrip()[:1] in _VERTICAL:
            rows += 1
        if rows == 0:
            raise ParseError(tr("a jigsaw drawing needs a border line, then a row line and a wall "
                                "line for each row"), line=lines[k][0])
        grids.append(_drawing(lines[k:k + 2 * rows + 1], alphabet))
        k = len(lines) if first_only else k + 2 * rows + 1
    return grids


def _drawing(block: list[tuple[int, str]], alphabet) -> Grid:
    indent = min(len(line) - len(line.lstrip()) for _, line in block)
    texts = [line[indent:].rstrip() for _, line in block]
    n = (len(block) - 1) // 2
    first = block[0][0]
    if not has_box(n):
        raise ParseError(tr("this drawing has {n} rows; a grid of side {n} has no box shape", n=n),
                         line=first)
    width = len(texts[1])
    cell = (width - 1) // n - 1
    if cell < 1 or (cell + 1) * n + 1 != width:
        raise ParseError(tr("a row of this drawing is {width} characters wide, which does not "
                            "split into {n} cells of one width with a wall between each",
                            width=width, n=n),
                         line=block[1][0])
    texts = [t.ljust(width) for t in texts]
    a, table = decoder(alphabet, n)
    values, right, below = [], set(), set()
    for r in range(n):
        no, row, wall = block[2 * r + 1][0], texts[2 * r + 1], texts[2 * r + 2]
        if len(block[2 * r + 1][1][indent:].rstrip()) != width or row[0] not in _VERTICAL:
            raise ParseError(tr("row {row} of the drawing must start with '|' and be {width} "
                                "characters wide like the first", row=r + 1, width=width),
                             line=no)
        if set(wall[:width]) - _WALL_ROW - _VERTICAL:
            bad = next(ch for ch in wall if ch not in _WALL_ROW | _VERTICAL)
            raise ParseError(tr("character {char} in a wall line of the drawing (walls are '+', "
                                "'-', '|' and spaces)", char=repr(bad)), line=block[2 * r + 2][0],
                             column=wall.index(bad) + 1 + indent, char=bad)
        for c in range(n):
            start = c * (cell + 1) + 1
            content = row[start:start + cell].strip()
            values.append(_value(content, n, table, a, no, start + 1 + indent))
            if c < n - 1 and row[start + cell] in _VERTICAL:
                right.add(r * n + c)
            if r < n - 1 and set(wall[start:start + cell]) & set("-=_"):
                below.add(r * n + c)
    labels = _components(n, right, below)
    try:
        g = region_geometry(n, labels)
    except GeometryError as e:
        raise ParseError(tr("the regions the walls of this drawing make: {reason}", reason=e),
                         line=first) from None
    return Grid(g, values)


def _value(content: str, n: int, table: dict, a, line: int, column: int) -> int:
    """The value of a cell's text: blank, one symbol, or a number 1..N."""
    if not content:
        return 0
    if len(content) == 1 and content in table:
        return table[content]
    if len(content) == 1:
        raise symbol_error(content, n, a, line, column)
    if not set(content) <= DIGITS or len(content) > 2 or not 1 <= int(content) <= n:
        raise ParseError(tr("cell {content} is not a symbol or a number 1..{n}",
                            content=repr(content), n=n), line=line, column=column)
    return int(content)


def _components(n: int, right: set[int], below: set[int]) -> list[int]:
    """A region number per cell: cells not parted by a wall are in one region."""
    labels = [-1] * (n * n)
    for start in range(n * n):
        if labels[start] >= 0:
            continue
        label = max(labels) + 1
        labels[start] = label
        todo = [start]
        while todo:
            i = todo.pop()
            r, c = divmod(i, n)
            steps = []
            if c < n - 1 and i not in right:
                steps.append(i + 1)
            if c > 0 and i - 1 not in right:
                steps.append(i - 1)
            if r < n - 1 and i not in below:
                steps.append(i + n)
            if r > 0 and i - n not in below:
                steps.append(i - n)
            for j in steps:
                if labels[j] < 0:
                    labels[j] = label
                    todo.append(j)
    return labels


# --- writing -----------------------------------------------------------------------------
def write(grid: Grid, alphabet=None, layout: str = "drawing") -> str:
    """The grid in a jigsaw layout (its boxes are the regions of a classic grid). Variants
    other than jigsaw regions have no place in these layouts and are refused."""
    g = grid.geometry
    n = g.size
    if g.variants:
        raise SudokitError(tr("the jigsaw text layouts hold regions only, not {variants}; use "
                              "json, fpuzzles or sudokupad", variants=", ".join(g.variants)))
    if layout not in LAYOUTS:
        raise SudokitError(tr("unknown jigsaw layout {layout}; choose {choices}",
                              layout=repr(layout), choices=", ".join(LAYOUTS)))
    if n > len(_LABELS):
        raise SudokitError(tr("the jigsaw text layouts name at most {n} regions", n=len(_LABELS)))
    symbols = encode_values(grid.values, n, alphabet)
    regions = [_LABELS[g.box_of(i)] for i in range(n * n)]
    rows = lambda cells: ["".join(cells[r * n:(r + 1) * n]) for r in range(n)]  # noqa: E731
    if layout == "stacked":
        return "\n".join(rows(symbols) + [""] + rows(regions))
    if layout == "side":
        return "\n".join(f"{a}  {b}" for a, b in zip(rows(symbols), rows(regions)))
    return _draw(g, symbols)


def _draw(g, symbols: list[str]) -> str:
    n = g.size
    width = max(len(s) for s in symbols) + 2
    out = []
    for r in range(n + 1):
        wall = "+"
        for c in range(n):
            i = r * n + c
            edge = r in (0, n) or g.box_of(i) != g.box_of(i - n)
            wall += ("-" if edge else " ") * width + "+"
        out.append(wall if r in (0, n) else _corners(wall, g, r))
        if r < n:
            row = "|"
            for c in range(n):
                i = r * n + c
                sep = c == n - 1 or g.box_of(i) != g.box_of(i + 1)
                row += symbols[i].center(width) + ("|" if sep else " ")
            out.append(row)
    return "\n".join(out)


def _corners(wall: str, g, r: int) -> str:
    """A wall line between rows ``r-1`` and ``r`` with ``+`` where a horizontal wall meets the
    corner, ``|`` where only a vertical one passes, a space inside a region."""
    n = g.size
    chars = list(wall)
    step = (len(wall) - 1) // n
    for c in range(1, n):
        x = c * step
        if chars[x - 1] == " " and chars[x + 1] == " ":
            up = g.box_of((r - 1) * n + c - 1) != g.box_of((r - 1) * n + c)
            down = g.box_of(r * n + c - 1) != g.box_of(r * n + c)
            chars[x] = "|" if up or down else " "
    chars[0] = "+" if chars[1] != " " else "|"
    chars[-1] = "+" if chars[-2] != " " else "|"
    return "".join(chars)


def detect(text: str) -> bool:
    return reads(lambda t: read(t, first_only=True), text)
