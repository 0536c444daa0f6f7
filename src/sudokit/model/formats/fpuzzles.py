"""f-puzzles: the puzzle data of f-puzzles.com links (see ``docs/formats.md``).

The data is a JSON object: ``size``, ``grid`` (``size`` rows of cell objects with ``value``,
``given`` and ``region``, the 0-based region of a cell that is not in its default box; ``null``
for none), ``title``/``author``/``ruleset``, and one key per constraint: ``diagonal+`` (bottom
left to top right), ``diagonal-``, ``antiknight``, ``antiking`` (booleans), ``extraregion``,
``killercage`` (lists of ``{"cells": ["R1C1", ...], "value": "10"}``), ``thermometer``, ...
Links carry it compressed with lz-string (``compressToBase64``): ``https://f-puzzles.com/?load=...``.

:func:`read` takes a link, the bare compressed string or the raw JSON, one a line (or a JSON
list). Both diagonals become ``x``, ``antiknight``/``antiking`` those variants, regions jigsaw
regions, extra regions that are the windoku windows ``windoku``; killer cages (with sums) become
the puzzle's cages (:mod:`sudokit.model.rules.killer`; :func:`load` keeps them apart as
:attr:`Imported.cages`) and are written back; every
other constraint is refused by name. Given digits are the givens; digits a solver entered
(``value`` without ``given``) are filled cells that are not givens, as in the ``json`` format's
``values``. :func:`write` makes a link (f-puzzles grids are
16x16 at most).
"""

from __future__ import annotations

import json
import re
from urllib.parse import unquote

from sudokit.model.errors import GeometryError, ParseError, SudokitError
from sudokit.model.geometry import default_box
from sudokit.model.grid import Grid
from sudokit.i18n import tr
from sudokit.model.numbers import read_number
from sudokit.model.formats import _lzstring
from sudokit.model.formats._common import box_arg, content_lines, reads
from sudokit.model.formats._imported import (KNOWN, Cage, Imported, diagonal_variants, extra_region_variants,
                        region_geometry)

NAME = "fpuzzles"
EXTENSIONS: tuple[str, ...] = ()
LINK = "https://f-puzzles.com/?load="
WRITES_UP_TO = 16  # the largest grid f-puzzles draws (a format without it writes every size)

_LINK = re.compile(r"(?:https?://)?(?:www\.)?f-puzzles\.com\b\S*?[?&]load=([^&#\s]+(?: +[^&#\s]+)*)",
                   re.I)
_SHORT_LINK = re.compile(r"(?:https?://)?(?:www\.)?f-puzzles\.com\b\S*?[?&]id=([^&#\s]+)", re.I)
_CELL = re.compile(r"R(\d{1,3})C(\d{1,3})", re.I)
_COMPRESSED = re.compile(r"[A-Za-z0-9+/=% ]{8,}")

#: Keys that hold no rule (metadata, the solver's settings).
_IGNORED = {"size", "grid", "title", "author", "ruleset", "solution", "disabledlogic",
            "truecandidatesoptions", "version"}
#: Cosmetic tools: shapes and text an author draws, often to state a rule of their own.
_COSMETICS = ("cage", "line", "rectangle", "circle", "text")


def data_from_text(text: str) -> object:
    """The f-puzzles JSON of a link, a bare compressed string or the raw JSON."""
    s = text.strip()
    if s.startswith(("{", "[")):
        return _json(s, "the f-puzzles JSON")
    m = _LINK.fullmatch(s)
    if m:
        payload = m[1]
    elif _SHORT_LINK.fullmatch(s):
        raise ParseError(tr("this f-puzzles link is a short id: its puzzle is on f-puzzles' "
                            "server and sudokit never goes online; open it and copy the long "
                            "?load= link"))
    elif _COMPRESSED.fullmatch(s):
        payload = s
    else:
        raise ParseError(tr("not an f-puzzles link (https://f-puzzles.com/?load=...), compressed "
                            "f-puzzles data or f-puzzles JSON"))
    return _json(decompress(payload), "the f-puzzles data")


def decompress(payload: str, what: str = "the f-puzzles data") -> str:
    """The JSON text of a compressed payload as links carry it (URL-escaped or not; a ``+``
    turned into a space by a form decoder is read back as ``+``)."""
    if "%" in payload:
        payload = unquote(payload)
    return _lzstring.decompress_base64(payload.replace(" ", "+"), what=what)


def _json(text: str, what: str):
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ParseError(tr("{what} is not valid JSON ({reason}, character {n})", what=what,
                            reason=e.msg, n=e.pos + 1)) from None
    except (RecursionError, ValueError):
        raise ParseError(tr("{what} is not usable JSON (nested too deeply or a huge number)",
                            what=what)) from None


def cell_index(ref, n: int, where: str) -> int:
    """The index of a cell written ``R3C5`` (1-based)."""
    m = _CELL.fullmatch(ref) if isinstance(ref, str) else None
    if not m:
        raise ParseError(tr('{where}: {value} is not a cell such as "R1C1"', where=where,
                            value=json.dumps(ref)[:20]))
    r, c = int(m[1]), int(m[2])
    if not (1 <= r <= n and 1 <= c <= n):
        raise ParseError(tr("{where}: cell {ref} is outside the {n}x{n} grid", where=where, ref=ref,
                            n=n))
    return (r - 1) * n + c - 1


def cell_name(index: int, n: int) -> str:
    return f"R{index // n + 1}C{index % n + 1}"


def _cells(entry, n: int, where: str) -> tuple[int, ...]:
    cells = entry.get("cells") if isinstance(entry, dict) else None
    if not isinstance(cells, list) or not cells:
        raise ParseError(tr('{where} has no "cells" list', where=where))
    return tuple(cell_index(ref, n, where) for ref in cells)


def _entries(obj: dict, key: str) -> list:
    value = obj.get(key) or []
    if not isinstance(value, list):
        raise ParseError(tr('f-puzzles "{key}" must be a list', key=key))
    return value


def killer_cages(obj: dict, n: int) -> tuple[Cage, ...]:
    """The ``killercage`` entries: cells and sum (None when the cage has no sum)."""
    cages = []
    for i, entry in enumerate(_entries(obj, "killercage"), 1):
        where = f"f-puzzles killer cage {i}"
        cells = _cells(entry, n, where)
        value = entry.get("value")
        total = None if value in (None, "") else read_number(value, f"{where} sum", 1, 64 * 64 * 64)
        cages.append(Cage(cells, total))
    return tuple(cages)


def _is_metadata(entry) -> bool:
    """A cosmetic cage that only carries ``key: value`` text (title, rules, ...), no cells."""
    return isinstance(entry, dict) and not entry.get("cells") and \
        bool(re.match(r"[^: ]+:\s*\S", str(entry.get("value", ""))))


def _unsupported(obj: dict) -> list[str]:
    """The names of the constraints and cosmetics present that sudokit does not know."""
    out = []
    for key, value in obj.items():
        if key in _IGNORED or key in ("diagonal+", "diagonal-", "antiknight", "antiking",
                                      "extraregion", "killercage") or not value:
            continue
        if key in _COSMETICS and isinstance(value, list) and all(map(_is_metadata, value)):
            continue
        out.append(key)
    return out


def load(obj, where: str = "the f-puzzles puzzle") -> Imported:
    """The puzzle of one f-puzzles JSON object, its killer cages apart; an error names the
    field, cell or constraint at fault."""
    if not isinstance(obj, dict):
        raise ParseError(tr("{where} is not a JSON object", where=where))
    if "size" not in obj or "grid" not in obj:
        raise ParseError(tr('{where} has no "size" and "grid"; not f-puzzles data', where=where))
    n = read_number(obj["size"], 'f-puzzles "size"', 1, 64)
    unknown = _unsupported(obj)
    if unknown:
        kinds = ", ".join(f"'{k}'" for k in unknown)
        plural = "s" if len(unknown) > 1 else ""
        raise ParseError(tr("f-puzzles constraints {kinds} are not supported (sudokit knows "
                            "{known})", kinds=kinds, known=KNOWN) if plural else
                         tr("f-puzzles constraint {kinds} is not supported (sudokit knows "
                            "{known})", kinds=kinds, known=KNOWN))
    rows = obj["grid"]
    if not isinstance(rows, list) or len(rows) != n:
        raise ParseError(tr('f-puzzles "grid" must be {n} rows (its "size" is {n})', n=n))
    values, givens, labels = [], [], []
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != n:
            raise ParseError(tr('f-puzzles "grid": row {row} must be a list of {n} cells',
                                row=r + 1, n=n))
        for c, cell in enumerate(row):
            at = tr("f-puzzles cell R{row}C{col}", row=r + 1, col=c + 1)
            cell = {} if cell is None else cell
            if not isinstance(cell, dict):
                raise ParseError(tr("{where} is not a JSON object", where=at))
            filled = cell.get("value") not in (None, "")
            values.append(read_number(cell["value"], tr("{where} value", where=at), 1, n)
                          if filled else 0)
            givens.append(filled and cell.get("given") is True)
            labels.append(_region(cell, r, c, n, at))
            if cell.get("givenPencilMarks"):
                raise ParseError(tr("{where}: given pencil marks are not supported", where=at))
    try:
        g = region_geometry(n, labels)
        variants = diagonal_variants(bool(obj.get("diagonal-")), bool(obj.get("diagonal+")),
                                     ("f-puzzles constraint 'diagonal-'",
                                      "f-puzzles constraint 'diagonal+'"))
        variants += tuple(v for k, v in (("antiknight", "anti-knight"), ("antiking", "anti-king"))
                          if obj.get(k))
        extra = [frozenset(_cells(e, n, f"f-puzzles extra region {i}"))
                 for i, e in enumerate(_entries(obj, "extraregion"), 1)]
        variants += extra_region_variants(g, extra, "f-puzzles extra regions")
        g = g.with_variants(variants)
    except GeometryError as e:
        raise GeometryError(tr("f-puzzles puzzle: {reason}", reason=e)) from None
    return Imported(Grid(g, values, givens, _comment(obj)), killer_cages(obj, n))


def _region(cell: dict, r: int, c: int, n: int, at: str):
    if "region" not in cell:
        rows, cols = default_box(n)
        return r // rows * rows + c // cols
    if cell["region"] is None:
        raise ParseError(tr("{where} is in no region; sudokit needs every cell in a box or region",
                            where=at))
    return read_number(cell["region"], tr("{where} region", where=at), 0, n - 1)


def _comment(obj: dict) -> str:
    title = obj.get("title") if isinstance(obj.get("title"), str) else ""
    author = obj.get("author") if isinstance(obj.get("author"), str) else ""
    return f"{title} by {author}" if title and author else title or (f"by {author}" if author else "")


def read(text: str, box=None, alphabet=None) -> list[Grid]:
    """Every puzzle of the text: raw JSON (an object or a list), or links or compressed
    strings one a line. ``box`` is checked, but the data says the shape; ``alphabet`` does not
    apply."""
    box_arg(box)
    s = text.strip()
    if s.startswith(("{", "[")):
        data = data_from_text(s)
        items = data if isinstance(data, list) else [data]
        return [_checked(obj, f"f-puzzles puzzle {i}" if len(items) > 1 else "the f-puzzles puzzle")
                for i, obj in enumerate(items, 1)]
    grids, several = [], "\n" in s
    for no, line in content_lines(text):
        try:
            grids.append(_checked(data_from_text(line), "the f-puzzles puzzle"))
        except ParseError as e:
            raise (e.located(line=no) if several else e) from None
    return grids


def _checked(obj, where: str) -> Grid:
    return load(obj, where).checked(where)


def to_object(grid: Grid) -> dict:
    """The f-puzzles JSON of a grid (givens as given digits, other filled cells as entered
    digits; regions written for every cell unless they are the default boxes)."""
    g = grid.geometry
    n = g.size
    if n > WRITES_UP_TO:
        raise SudokitError(tr("f-puzzles grids are {most}x{most} at most, not {n}x{n}",
                              most=WRITES_UP_TO, n=n))
    explicit = g.regions is not None or (g.box_rows, g.box_cols) != default_box(n)
    rows = []
    for r in range(n):
        row = []
        for c in range(n):
            i = r * n + c
            cell: dict = {}
            if grid.values[i]:
                cell["value"] = grid.values[i]
                if grid.givens[i]:
                    cell["given"] = True
            if explicit:
                cell["region"] = g.box_of(i)
            row.append(cell)
        rows.append(row)
    obj: dict = {"size": n, "grid": rows}
    if "x" in g.variants:
        obj["diagonal+"] = obj["diagonal-"] = True
    if "anti-knight" in g.variants:
        obj["antiknight"] = True
    if "anti-king" in g.variants:
        obj["antiking"] = True
    if "windoku" in g.variants:
        obj["extraregion"] = [{"cells": [cell_name(i, n) for i in cells]}
                              for cells, name in g.extra_houses if name.startswith("window")]
    if g.cages:
        obj["killercage"] = [{"cells": [cell_name(i, n) for i in cage.cells], "value": str(cage.total)}
                             for cage in g.cages]
    if grid.comment:
        obj["title"] = grid.comment
    return obj


def write(grid: Grid, alphabet=None) -> str:
    """An f-puzzles link of the grid."""
    return LINK + _lzstring.compress_base64(json.dumps(to_object(grid), separators=(",", ":")))


def looks_like(text: str) -> bool:
    """True if the text is shaped like f-puzzles data: a link, JSON with a ``grid``, or a
    first line of compressed data (so that its errors are the ones shown)."""
    s = text.strip()
    if s.startswith(("{", "[")):
        return '"grid"' in s
    first = next((line.strip() for _, line in content_lines(s)), "")
    return "f-puzzles.com" in first.lower() or \
        bool(_COMPRESSED.fullmatch(first)) and first.startswith("N4Ig")


def detect(text: str) -> bool:
    s = text.strip()
    first = next((line.strip() for _, line in content_lines(s)), "")
    if looks_like(s) or len(first) >= 40 and _COMPRESSED.fullmatch(first):
        return reads(read, text)
    return False
