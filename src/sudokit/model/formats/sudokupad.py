"""SudokuPad: puzzle links of sudokupad.app (also ``app.crackingthecryptic.com/sudoku/`` and
``sudokupad://puzzle/``); see ``docs/formats.md``.

The part after the host is the puzzle: ``fpuzzles<data>`` holds f-puzzles data (read by
:mod:`.fpuzzles`); ``scl<data>`` and ``ctc<data>`` hold SudokuPad's own puzzle JSON, lz-string
compressed, in its compact notation (:mod:`._scl`) or plain. That JSON draws the puzzle:
``cells`` (rows of ``{"value": 5}`` for givens), ``regions`` (lists of ``[row, col]``, 0-based),
``lines`` (``wayPoints`` in grid units: the two corner-to-corner lines are the diagonals),
``cages`` (``cells`` and ``value``: a sum makes a killer cage, no value an extra region; cages
without cells carry ``title: ...``, ``author: ...``, ``rules: ...``), ``underlays`` and
``overlays`` (shapes), ``arrows``, and ``metaData`` (``antiknight``, ``antiking`` from f-puzzles).

Read: givens, regions (boxes or jigsaw), both diagonals (``x``), extra regions that are the
windoku windows with their shading, anti-knight and anti-king; killer cages (with sums) become
the puzzle's cages (:mod:`sudokit.model.rules.killer`; :func:`load` keeps them apart); any other shape is refused, since
it draws a rule sudokit cannot check (rules written only in the rules text are not read). A short
id (``sudokupad.app/abc123``) needs SudokuPad's server: refused, sudokit never goes online.
:func:`write` makes an ``scl`` link.
"""

from __future__ import annotations

import hashlib
import json
import re
from urllib.parse import unquote

from sudokit.model.errors import GeometryError, ParseError
from sudokit.model.grid import Grid
from sudokit.i18n import tr
from sudokit.model.numbers import read_number
from sudokit.model.formats import _lzstring, _scl, fpuzzles
from sudokit.model.formats._common import box_arg, content_lines, reads
from sudokit.model.formats._imported import (KNOWN, Cage, Imported, diagonal_variants, extra_region_variants,
                        region_geometry, windows)

NAME = "sudokupad"
EXTENSIONS: tuple[str, ...] = ()
LINK = "https://sudokupad.app/"

_HOST = re.compile(r"(?:https?://)?(?:www\.)?(?:sudokupad\.app/(?:sudoku/)?|"
                   r"app\.crackingthecryptic\.com/sudoku/|sudokupad://puzzle/)(\S*)", re.I)
_PREFIXED = re.compile(r"(fpuzzles|scl|ctc|scf)(.+)", re.S)
_SHADE = "#CFCFCF"


def puzzle_id(text: str) -> str:
    """The puzzle part of a SudokuPad link (or the text itself, when it is no link)."""
    s = text.strip()
    m = _HOST.fullmatch(s)
    if not m:
        return s
    rest = m[1]
    query = re.match(r"\?(?:.*&)?puzzleid=([^&#]*)", rest)
    return unquote(query[1] if query else rest.split("?", 1)[0].split("#", 1)[0])


def load_id(pid: str) -> Imported:
    """The puzzle of a SudokuPad puzzle id, killer cages apart."""
    m = _PREFIXED.fullmatch(pid)
    if not m:
        shown = pid if len(pid) <= 40 else pid[:37] + "..."
        raise ParseError(tr("SudokuPad puzzle {id} is a short id: its data is on SudokuPad's "
                            "server, and sudokit never goes online; open it in SudokuPad and "
                            "copy the long link (sudokupad.app/scl... or /fpuzzles...)",
                            id=repr(shown)))
    kind, data = m[1], m[2]
    if kind == "fpuzzles":
        obj = fpuzzles._json(fpuzzles.decompress(data), "the f-puzzles data")
        return fpuzzles.load(obj)
    if kind == "scf":
        raise ParseError(tr("SudokuPad's packed scf links are not supported; use an scl or "
                            "fpuzzles link"))
    text = data if data.startswith("{") else fpuzzles.decompress(data, "the SudokuPad data")
    try:
        obj = json.loads(text)
    except (json.JSONDecodeError, RecursionError, ValueError):
        obj = _scl.loads(text)
    return load(obj)


def _cell(pos, n: int, where: str) -> int:
    if not (isinstance(pos, list) and len(pos) == 2):
        raise ParseError(tr("{where}: {value} is not a cell [row, column]", where=where,
                            value=json.dumps(pos)[:20]))
    r = read_number(pos[0], tr("{where} row", where=where), 0, n - 1)
    c = read_number(pos[1], tr("{where} column", where=where), 0, n - 1)
    return r * n + c


def _list(obj: dict, key: str) -> list:
    value = obj.get(key) or []
    if not isinstance(value, list):
        raise ParseError(tr('SudokuPad "{key}" must be a list', key=key))
    return value


#: Keys that draw nothing a solver must obey.
_HARMLESS = {"id", "cellSize", "settings", "metaData", "metadata", "cells", "regions", "lines",
             "cages", "underlays", "overlays", "title", "author", "rules"}


def load(obj, where: str = "the SudokuPad puzzle") -> Imported:
    """The puzzle of one SudokuPad puzzle object, killer cages apart."""
    if not isinstance(obj, dict) or not isinstance(obj.get("cells"), list):
        raise ParseError(tr('{where} has no "cells"; not SudokuPad puzzle data', where=where))
    rows = obj["cells"]
    n = len(rows)
    if not 4 <= n <= 64:
        raise ParseError(tr("{where} is {n}x{n}; sudokit reads 4x4 to 64x64", where=where, n=n))
    others = [k for k, v in obj.items() if k not in _HARMLESS and isinstance(v, list) and v]
    if others:
        many = len(others) > 1
        names = ", ".join(repr(k) for k in others)
        raise ParseError(tr("SudokuPad features {names} are not supported (sudokit knows {known})",
                            names=names, known=KNOWN) if many else
                         tr("SudokuPad feature {names} is not supported (sudokit knows {known})",
                            names=names, known=KNOWN))
    values = []
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != n:
            raise ParseError(tr('SudokuPad "cells": row {row} must be a list of {n} cells', row=r + 1,
                                n=n))
        for c, cell in enumerate(row):
            v = cell.get("value") if isinstance(cell, dict) else None
            values.append(0 if v in (None, "") else
                          read_number(v, f"SudokuPad cell r{r + 1}c{c + 1} value", 1, n))
    labels = _regions(obj, n)
    variants = _variants_of_lines(_list(obj, "lines"), n)
    meta = obj.get("metaData") or obj.get("metadata") or {}
    if isinstance(meta, dict):
        variants += tuple(v for k, v in (("antiknight", "anti-knight"), ("antiking", "anti-king"))
                          if meta.get(k) not in (None, False, "false"))
    cages, extra, info = _cages(_list(obj, "cages"), n)
    try:
        g = region_geometry(n, labels)
        variants += extra_region_variants(g, extra, "SudokuPad cages without a sum")
        g = g.with_variants(variants)
    except GeometryError as e:
        raise GeometryError(tr("SudokuPad puzzle: {reason}", reason=e)) from None
    _check_shading(obj, g)
    comment = info.get("title", "")
    if info.get("author"):
        comment = f"{comment} by {info['author']}" if comment else f"by {info['author']}"
    return Imported(Grid(g, values, comment=comment), tuple(cages))


def _regions(obj: dict, n: int) -> list[int]:
    regions = _list(obj, "regions")
    if not regions:
        raise ParseError(tr("the SudokuPad puzzle has no regions; sudokit needs boxes or jigsaw "
                            "regions"))
    labels: list[int | None] = [None] * (n * n)
    for k, region in enumerate(regions):
        if not isinstance(region, list):
            raise ParseError(tr("SudokuPad region {n} is not a list of cells", n=k + 1))
        for pos in region:
            i = _cell(pos, n, tr("SudokuPad region {n}", n=k + 1))
            if labels[i] is not None:
                raise ParseError(tr("SudokuPad regions {a} and {b} both hold {cell}",
                                    a=labels[i] + 1, b=k + 1,
                                    cell=tr("r{row}c{col}", row=i // n + 1, col=i % n + 1)))
            labels[i] = k
    missing = [i for i, x in enumerate(labels) if x is None]
    if missing:
        raise ParseError(tr("{cell} is in no SudokuPad region; sudokit needs every cell in a box "
                            "or region", cell=tr("r{row}c{col}", row=missing[0] // n + 1,
                                                 col=missing[0] % n + 1)))
    return labels  # type: ignore[return-value]


def _variants_of_lines(lines: list, n: int) -> tuple[str, ...]:
    down = up = False
    for k, line in enumerate(lines, 1):
        points = line.get("wayPoints") if isinstance(line, dict) else None
        kind = _diagonal(points, n)
        if kind is None:
            raise ParseError(tr("SudokuPad line {n} is not a main diagonal; lines (thermometers, "
                                "arrows, ...) are not supported (sudokit knows {known})", n=k,
                                known=KNOWN))
        down, up = down or kind == "down", up or kind == "up"
    return diagonal_variants(down, up, ("the SudokuPad diagonal from top left",
                                        "the SudokuPad diagonal from bottom left"))


def _diagonal(points, n: int) -> str | None:
    """``"down"`` or ``"up"`` for a line along a main diagonal from end to end, else None."""
    if not isinstance(points, list) or len(points) < 2:
        return None
    try:
        pts = [(float(p[0]), float(p[1])) for p in points]
    except (TypeError, ValueError, IndexError, KeyError):
        return None
    rows = [r for r, _ in pts]
    if min(rows) > 0.5 or max(rows) < n - 0.5:
        return None
    if all(abs(r - c) < 1e-6 for r, c in pts):
        return "down"
    if all(abs(r + c - n) < 1e-6 for r, c in pts):
        return "up"
    return None


def _cages(cages: list, n: int) -> tuple[list[Cage], list[frozenset[int]], dict[str, str]]:
    """Killer cages, extra regions (cages without a value) and the ``key: value`` metadata."""
    killers, extra, info = [], [], {}
    for k, cage in enumerate(cages, 1):
        where = tr("SudokuPad cage {n}", n=k)
        if not isinstance(cage, dict):
            raise ParseError(tr("{where} is not an object", where=where))
        cells, value = cage.get("cells") or [], cage.get("value")
        if not cells:
            m = re.match(r"([^: ]+):\s*(.*)", str(value or ""), re.S)
            if m:
                info.setdefault(m[1].lower(), m[2].strip())
            continue
        if not isinstance(cells, list):
            raise ParseError(tr('{where}: "cells" must be a list', where=where))
        index = tuple(_cell(pos, n, where) for pos in cells)
        if cage.get("hidden") or cage.get("unique") is False:
            raise ParseError(tr("{where} marks cells that are in no region; sudokit needs every "
                                "cell in a box or region", where=where))
        if value in (None, ""):
            extra.append(frozenset(index))
        elif isinstance(value, int) or isinstance(value, str) and value.strip().isdigit():
            killers.append(Cage(index, read_number(value, tr("{where} sum", where=where), 1, 64 ** 3)))
        else:
            raise ParseError(tr("{where} is labelled {label}; such cages are not supported "
                                "(sudokit knows {known})", where=where, label=repr(str(value)[:20]),
                                known=KNOWN))
    return killers, extra, info


def _check_shading(obj: dict, g) -> None:
    """Underlays and overlays may only shade windoku windows (their text-free cell shading)."""
    shaded = set().union(*windows(g)) if "windoku" in g.variants else set()
    n = g.size
    for key in ("underlays", "overlays"):
        for k, shape in enumerate(_list(obj, key), 1):
            cells = _covered(shape, n)
            if not cells or not cells <= shaded or (isinstance(shape, dict) and shape.get("text")):
                raise ParseError(tr("SudokuPad {kind} {n} is a shape sudokit cannot read as a "
                                    "rule; {key} other than windoku shading are not supported "
                                    "(sudokit knows {known})", kind=key[:-1], n=k, key=key,
                                    known=KNOWN))


def _covered(shape, n: int) -> set[int]:
    """The cells whose centres lie inside a rectangle ``center``/``width``/``height``."""
    try:
        (y, x), w, h = shape["center"], float(shape.get("width", 1)), float(shape.get("height", 1))
        y, x = float(y), float(x)
    except (TypeError, ValueError, KeyError, AttributeError):
        return set()
    rows = [r for r in range(n) if abs(r + 0.5 - y) < h / 2]
    cols = [c for c in range(n) if abs(c + 0.5 - x) < w / 2]
    return {r * n + c for r in rows for c in cols}


def read(text: str, box=None, alphabet=None) -> list[Grid]:
    """Every puzzle of the text: SudokuPad links (or ids with their ``scl``/``ctc``/``fpuzzles``
    prefix), one a line, or SudokuPad puzzle JSON. ``box`` is checked, but the data says the
    shape; ``alphabet`` does not apply."""
    box_arg(box)
    s = text.strip()
    if s.startswith("{"):
        try:
            obj = json.loads(s)
        except (json.JSONDecodeError, RecursionError, ValueError):
            obj = _scl.loads(s)
        return [load(obj).checked("the SudokuPad puzzle")]
    grids, several = [], "\n" in s
    for no, line in content_lines(text):
        try:
            grids.append(load_id(puzzle_id(line)).checked("the SudokuPad puzzle"))
        except ParseError as e:
            raise (e.located(line=no) if several else e) from None
    return grids


def to_object(grid: Grid) -> dict:
    """SudokuPad's puzzle JSON of a grid: its filled cells as givens (the format has no other
    digits), regions, diagonals as lines, windoku windows as shaded cages, killer cages with
    their sums, anti-knight/anti-king in ``metaData``, the comment as title, the variants'
    rules in the rules text."""
    g = grid.geometry
    n = g.size
    pos = lambda i: [i // n, i % n]  # noqa: E731
    cells = [[{"value": grid.values[r * n + c]} if grid.values[r * n + c] else {}
              for c in range(n)] for r in range(n)]
    digest = hashlib.sha1(repr((grid.values, grid.givens, g)).encode()).hexdigest()[:16]
    obj: dict = {"id": "sudokit" + digest, "cellSize": 50, "cells": cells, "regions": [[pos(i) for i in box] for box in g.boxes]}
    rules = ["Normal sudoku rules apply."]
    if "x" in g.variants:
        obj["lines"] = [{"color": "#34BBE6", "thickness": 2, "wayPoints": pts}
                        for pts in ([[0, 0], [n, n]], [[0, n], [n, 0]])]
        rules.append("Digits may not repeat on either marked diagonal.")
    cages: list[dict] = []
    if "windoku" in g.variants:
        houses = [cells for cells, name in g.extra_houses if name.startswith("window")]
        cages += [{"cells": [pos(i) for i in house]} for house in houses]
        obj["underlays"] = [{"center": [min(h) // n + g.box_rows / 2, min(h) % n + g.box_cols / 2],
                             "width": g.box_cols, "height": g.box_rows, "rounded": False,
                             "backgroundColor": _SHADE} for h in houses]
        rules.append("Digits may not repeat in a shaded window.")
    meta = {k: True for k, v in (("antiknight", "anti-knight"), ("antiking", "anti-king"))
            if v in g.variants}
    if meta:
        obj["metaData"] = meta
        rules += [f"Cells a {m}'s move apart may not hold the same digit."
                  for m, v in (("knight", "anti-knight"), ("king", "anti-king")) if v in g.variants]
    if g.cages:
        cages += [{"cells": [pos(i) for i in cage.cells], "value": cage.total} for cage in g.cages]
        rules.append("Digits in a cage add up to its sum and may not repeat.")
    if grid.comment:
        cages.append({"value": "title: " + " ".join(grid.comment.split())})
    cages.append({"value": "rules: " + " ".join(rules)})
    obj["cages"] = cages
    return obj


def write(grid: Grid, alphabet=None) -> str:
    """A SudokuPad ``scl`` link of the grid."""
    return LINK + "scl" + _lzstring.compress_base64(_scl.dumps(to_object(grid)))


def looks_like(text: str) -> bool:
    """True if the first line is a SudokuPad link or prefixed id, or the text SudokuPad JSON."""
    s = text.strip()
    if s.startswith("{"):
        return ('"cells"' in s or "ce:" in s) and '"grid"' not in s
    first = next((line.strip() for _, line in content_lines(s)), "")
    return bool(_HOST.fullmatch(first) or _PREFIXED.fullmatch(first)
                and first.startswith(("fpuzzlesN4Ig", "sclN4Ig", "ctcN4Ig", "sclN4I", "ctc{")))


def detect(text: str) -> bool:
    return looks_like(text) and reads(read, text)
