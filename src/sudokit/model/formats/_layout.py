"""Grids laid out over several lines: rows of cells, with rules or blank lines between bands.

The printed formats (``grid``, ``classic``, ``ss``, ``sdk``, ``comma``, ``pencilmark``) differ
only in how a row splits into cells; :func:`collect` does the rest: it finds the rows, checks
that every row has N cells and every grid N rows, and remembers where the box borders were so
that :func:`found_box` can derive the box shape from them. :func:`block_grid` turns a block
into a grid one cell at a time; :func:`write_rows` lays a grid out again, box by box.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from sudokit.model.errors import ParseError
from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.i18n import N_, tr
from sudokit.model.numbers import is_number, read_number
from sudokit.model.formats._common import box_arg, geometry, has_box, size_error

#: A line without letters or digits that holds one of these is a horizontal rule.
_RULE = re.compile(r"[-=_~]{2}|[+=:'~]")
#: Characters that separate boxes inside a row.
VERTICAL = "|!\u00a6\u2502\u2503"

Item = tuple[int, str]  # (1-based column, text of one cell)


@dataclass
class Row:
    no: int                     # 1-based line number
    items: list[Item]           # the cells of the row
    groups: tuple[int, ...]     # cells between box separators; () when the row shows none


@dataclass
class Block:
    """The rows of one grid, where its band breaks were, and the ``#`` lines before it."""

    rows: list[Row]
    breaks: list[int] = field(default_factory=list)  # i: a rule or blank line before row i
    comment: str = ""

    @property
    def size(self) -> int:
        return len(self.rows)


def is_rule(line: str) -> bool:
    """True for a horizontal border line such as ``+---+---+`` or ``*-----------*``."""
    return not any(ch.isalnum() for ch in line) and bool(_RULE.search(line))


def _dash_only(line: str) -> bool:
    return set(line) <= set("- \t" + VERTICAL)


def _groups(sizes: list[int]) -> tuple[int, ...]:
    sizes = [s for s in sizes if s]
    return tuple(sizes) if any(s > 1 for s in sizes) and len(sizes) > 1 else ()


def char_cells(line: str) -> tuple[list[Item], tuple[int, ...]]:
    """One cell per character; ``|`` (or, without bars, spaces) separate the boxes."""
    items: list[Item] = []
    bars, words = [0], [0]
    has_bar = False
    for i, ch in enumerate(line):
        if ch in VERTICAL:
            has_bar = True
            bars.append(0)
            words.append(0)
        elif ch.isspace():
            if words[-1]:
                words.append(0)
        else:
            items.append((i + 1, ch))
            bars[-1] += 1
            words[-1] += 1
    return items, _groups(bars if has_bar else words)


def token_cells(line: str) -> tuple[list[Item], tuple[int, ...]]:
    """One cell per word (words are separated by spaces and ``|``); ``|`` separates boxes."""
    items: list[Item] = []
    bars = [0]
    start = None
    for i, ch in enumerate(line + " "):
        if ch.isspace() or ch in VERTICAL:
            if start is not None:
                items.append((start + 1, line[start:i]))
                bars[-1] += 1
                start = None
            if ch in VERTICAL:
                bars.append(0)
        elif start is None:
            start = i
    has_bar = len(bars) > 1
    return items, _groups(bars) if has_bar else ()


Cells = Callable[[str], tuple[list[Item], tuple[int, ...]]]


def collect(text: str, cells: Cells, *, box=None, rules: bool = True, dash_rows: bool = False,
            what: str = N_("row")) -> list[Block]:
    """Split ``text`` into grids of N rows of N cells each (N from the first row).

    Blank lines and rules (when ``rules``) mark band breaks; ``#`` lines become the comment of
    the next grid. With ``dash_rows``, a rule made only of ``-`` that has exactly N cells is a
    row of blanks instead.
    """
    explicit = box_arg(box)
    blocks: list[Block] = []
    rows: list[Row] = []
    breaks: list[int] = []
    comments: list[str] = []
    pending_break = False
    n = 0
    first_no = 0
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        s = line.strip()
        if not s:
            pending_break = True
            continue
        if s.startswith("#"):
            comments.append(s[1:].strip())
            continue
        if rules and is_rule(s):
            if not (dash_rows and n and _dash_only(s) and len(cells(line)[0]) == n):
                pending_break = True
                continue
        items, groups = cells(line)
        if not n:
            n, first_no = len(items), no
            if explicit is not None:
                Geometry.of(n, explicit)  # raises if the box does not fit
            elif not has_box(n):
                raise size_error(n, tr("the first {what} has {n} cells, so the grid size is",
                                        what=tr(what), n=n), line=no)
        if len(items) != n:
            raise ParseError(tr("{what} has {n} cells, expected {expected} as in line {first}",
                                what=tr(what), n=len(items), expected=n, first=first_no),
                             line=no)
        if rows and pending_break:
            breaks.append(len(rows))
        pending_break = False
        rows.append(Row(no, items, groups))
        if len(rows) == n:
            blocks.append(Block(rows, breaks, "\n".join(comments)))
            rows, breaks, comments = [], [], []
    if rows:
        raise ParseError(tr("the grid that starts on line {first} has {n} rows, a {size}x{size} "
                            "grid needs {size}", first=rows[0].no, n=len(rows), size=n),
                         line=rows[-1].no)
    return blocks


def found_box(block: Block) -> tuple[int, int] | None:
    """The box shape shown by the block's separators, if they show a consistent one."""
    n = block.size
    box_cols = None
    shapes = {r.groups for r in block.rows if r.groups}
    if len(shapes) == 1:
        g = shapes.pop()
        if len(set(g)) == 1 and sum(g) == n:
            box_cols = g[0]
    box_rows = None
    if block.breaks:
        edges = [0, *block.breaks, n]
        bands = {b - a for a, b in zip(edges, edges[1:])}
        if len(bands) == 1 and (h := bands.pop()) > 1 and n % h == 0:
            box_rows = h
    if box_cols and box_rows:
        return (box_rows, box_cols) if box_rows * box_cols == n else None
    if box_cols:
        return n // box_cols, box_cols
    if box_rows:
        return box_rows, n // box_rows
    return None


def block_geometry(block: Block, box) -> Geometry:
    """The explicit ``box``, else the shape the block's borders show, else the default."""
    return geometry(block.size, box, found_box(block))


CellValue = Callable[[str, int, int], int]  # (text of a cell, line, column) -> its value


def block_values(block: Block, value: CellValue) -> list[int]:
    """``value`` of every cell of the block, row after row."""
    return [value(text, row.no, col) for row in block.rows for col, text in row.items]


def block_grid(block: Block, box, value: CellValue) -> Grid:
    """The grid of a block whose cells ``value`` reads."""
    return Grid(block_geometry(block, box), block_values(block, value), comment=block.comment)


def number_value(text: str, size: int, line: int, column: int) -> int | None:
    """The value of a cell written as a number (0 for empty), None if ``text`` is no number."""
    if not is_number(text):
        return None
    try:
        v = read_number(text, tr("a cell value"))
    except ParseError as e:
        raise ParseError(e.reason, line=line, column=column) from None
    if v > size:
        raise ParseError(tr("value {value} is larger than the grid size {size}", value=text,
                            size=size), line=line, column=column)
    return v


def not_a_value(text: str, size: int, line: int, column: int) -> ParseError:
    """The error for a cell that is neither a number nor anything else the format accepts."""
    return ParseError(tr("{text} is not a cell value (a number 0..{size})", text=repr(text[:20]),
                         size=size), line=line, column=column)


def write_rows(cells: list[str], g: Geometry, row: Callable[[list[list[str]]], str], rule: str,
               *, outer: bool = False) -> list[str]:
    """One line a grid row, which ``row`` writes from the row's cells split by box; ``rule``
    between the bands, and also above the first and below the last when ``outer``."""
    n, br, bc = g.size, g.box_rows, g.box_cols
    out = []
    for r in range(n):
        if r % br == 0 and (r or outer):
            out.append(rule)
        cells_of_row = cells[r * n:(r + 1) * n]
        out.append(row([cells_of_row[i:i + bc] for i in range(0, n, bc)]))
    if outer:
        out.append(rule)
    return out
