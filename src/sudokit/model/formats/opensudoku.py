"""OpenSudoku XML: ``<opensudoku><game data="..."/></opensudoku>``.

``data`` is the classic (version 1 file) form: one digit a cell, row-major, ``0`` for empty.
The cell-collection form of later OpenSudoku versions (``version: N`` then ``value|note|...|``
for each cell) is read too; there, cells marked editable are filled but not givens.
A ``note`` attribute of a game becomes the grid's comment. Sizes other than 9x9 (a sudokit
extension) use the alphabet's symbols and a ``box="RxC"`` attribute.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from xml.sax.saxutils import quoteattr

from sudokit.model.errors import ParseError
from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.i18n import tr
from sudokit.model.numbers import read_number
from sudokit.model.formats._common import box_arg, decode_symbols, encode_values, geometry, grid_side, reads

NAME = "opensudoku"
EXTENSIONS = (".opensudoku", ".xml")

#: Characters XML 1.0 cannot hold at all (not even as a character reference): C0 controls but
#: tab and line breaks, lone surrogates, U+FFFE and U+FFFF. A note is written without them.
_XML_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")

# fields per cell of the ``version: N`` cell collections (value|notes...|editable|)
_FIELDS = {1: 3, 2: 3, 3: 3, 4: 4, 5: 5, 6: 5}


def _parse_xml(text: str) -> ET.Element:
    if re.search(r"<!(DOCTYPE|ENTITY)", text, re.IGNORECASE):
        raise ParseError(tr("XML with a DOCTYPE or entities is not accepted"))
    try:
        return ET.fromstring(text.lstrip("\ufeff").strip())
    except ET.ParseError as e:
        line, col = getattr(e, "position", (None, None))
        reason = str(e).split(":")[0]
        raise ParseError(tr("not well-formed XML ({reason})", reason=reason), line=line,
                         column=None if col is None else col + 1) from None


def _versioned(data: str, box, where: str) -> tuple[Geometry, list[int], list[bool]]:
    head, _, rest = data.partition("\n")
    try:
        version = read_number(head.partition(":")[2], tr("the cell-collection version"))
    except ParseError as e:
        raise ParseError(tr("{where}: bad cell-collection header {header} ({reason})",
                            where=where, header=repr(head[:30]), reason=e.reason),
                         char=e.char) from None
    if version not in _FIELDS:
        raise ParseError(tr("{where}: unknown cell-collection version {version}", where=where,
                            version=version))
    fields = rest.strip().rstrip("|").split("|")
    k = _FIELDS[version]
    if len(fields) % k:
        raise ParseError(tr("{where}: {n} fields do not make whole cells of {k} fields",
                            where=where, n=len(fields), k=k))
    ncells = len(fields) // k
    n = grid_side(ncells)
    if n is None:
        raise ParseError(tr("{where}: {n} cells do not make a grid", where=where, n=ncells))
    g = geometry(n, box)
    values, givens = [], []
    for i in range(ncells):
        value, editable = fields[i * k].strip(), fields[i * k + k - 1].strip()
        values.append(read_number(value, tr("{where}: the value of cell {n}", where=where, n=i + 1),
                                  0, n))
        givens.append(bool(values[-1]) and editable == "0")
    return g, values, givens


def _game(elem: ET.Element, box, alphabet, index: int) -> Grid:
    where = tr("game {n}", n=index)
    data = elem.get("data")
    if data is None:
        raise ParseError(tr("{where} has no data attribute", where=where))
    note = elem.get("note", "") or ""
    if data.lstrip().startswith("version:"):
        g, values, givens = _versioned(data.strip(), box, where)
        return Grid(g, values, givens, comment=note)
    data = "".join(data.split())
    n = grid_side(len(data))
    if n is None:
        raise ParseError(tr("{where}: data has {n} cells, not a square grid such as 81",
                            where=where, n=len(data)))
    g = geometry(n, box_arg(box) or box_arg(elem.get("box")))
    return Grid(g, decode_symbols(data, n, alphabet, where), comment=note)


def read(text: str, box=None, alphabet=None) -> list[Grid]:
    root = _parse_xml(text)
    if root.tag != "opensudoku":
        raise ParseError(tr("the XML root is <{tag}>, not <opensudoku>", tag=root.tag[:30]))
    games = list(root.iter("game"))
    if not games:
        raise ParseError(tr("the OpenSudoku file holds no <game>"))
    return [_game(e, box, alphabet, i) for i, e in enumerate(games, 1)]


def write(grid: Grid, alphabet=None) -> str:
    g = grid.geometry
    data = "".join(encode_values(grid.values, g.size, alphabet, "0"))
    attrs = f"data={quoteattr(data)}"
    if (g.box_rows, g.box_cols) != (3, 3):
        attrs += f' box="{g.box_shape}"'
    note = _XML_UNSAFE.sub("", grid.comment)
    if note:
        attrs += f" note={quoteattr(note)}"
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f"<opensudoku>\n  <game {attrs}/>\n</opensudoku>")


def detect(text: str) -> bool:
    s = text.lstrip("\ufeff \t\r\n")
    if not s.startswith("<") or "<opensudoku" not in s[:4096]:
        return False
    return reads(read, text)
