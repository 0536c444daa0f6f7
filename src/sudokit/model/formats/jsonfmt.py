"""JSON with the box shape in it.

One puzzle is an object::

    {"box": [2, 2], "puzzle": "1..4..1..3..2..1"}

- ``box``: ``[box rows, box columns]`` (or ``"RxC"``); optional, the default box for the size.
- ``puzzle`` (or ``givens``): the givens, as a string of N*N symbols (blanks ``.0-_*x``;
  whitespace ignored), or as a list of N rows of N integers (0 = empty), or a flat list of
  N*N integers. Integers work for every size, also above the alphabet.
- ``values``: optional, the current cells (same forms); cells filled here but blank in
  ``puzzle`` are filled non-given cells, e.g. a solution.
- ``candidates``: optional, one entry a cell: its candidate digits as a string of symbols
  (``"1569"``, ``""`` for none) or a list of integers; they become :attr:`Grid.candidates`
  (a filled cell's entry is ignored). The position JSON of the logical solver has this form.
- ``variants``: optional, the variant's names (``["x", "anti-knight"]``; see
  :mod:`sudokit.model.rules`); ``regions``: optional jigsaw regions, N*N symbols (equal symbols
  form a region) or N*N region numbers (flat or N rows); ``cages``: optional killer cages,
  ``[[sum, ["r1c1", "r1c2", ...]], ...]`` (see :mod:`sudokit.model.rules.killer`).
- ``comment``: optional text. Other keys (``size``, ...) are ignored, except that ``size``
  must agree with the grid.

A text may also hold a list of such objects, ``{"puzzles": [...]}``, or JSON lines (one
object a line). :func:`write` writes
one object on one line; ``puzzle`` is a string unless the alphabet is too small for the size,
and ``candidates`` is written when the grid has them.
"""

from __future__ import annotations

import json

from sudokit.i18n import tr
from sudokit.i18n.values import Cell
from sudokit.model.errors import GeometryError, ParseError, SudokitError
from sudokit.model.formats._common import (
    box_arg,
    candidate_masks,
    decode_symbols,
    encode_values,
    geometry,
    grid_side,
    has_box,
    optional_decoder,
    reads,
)
from sudokit.model.grid import Grid
from sudokit.model.numbers import read_number
from sudokit.model.rules import variant_fields
from sudokit.model.rules.jigsaw import read_regions
from sudokit.model.rules.killer import cage_fields, read_cages
from sudokit.model.symbols import get_alphabet

NAME = "json"
EXTENSIONS = (".json",)


def _cells(value, where: str, box, alphabet) -> tuple[int, list[int]]:
    """The side and the flat cell values of a ``puzzle``/``values`` field."""
    if isinstance(value, str):
        s = "".join(value.split())
        n = grid_side(len(s))
        if n is None:
            raise ParseError(tr("{where} has {n} cells, not a grid (81 for a 9x9)", where=where,
                                n=len(s)))
        return n, decode_symbols(s, n, alphabet, where)
    if isinstance(value, list):
        if value and all(isinstance(r, list) for r in value):
            n = len(value)
            for i, r in enumerate(value):
                if len(r) != n:
                    raise ParseError(tr("{where}: row {row} has {n} values, expected {expected}",
                                           where=where, row=i + 1, n=len(r), expected=n))
            flat = [v for r in value for v in r]
        else:
            flat = value
            n = round(len(flat) ** 0.5)
            if n * n != len(flat):
                raise ParseError(tr("{where} has {n} values, not a square grid", where=where,
                                    n=len(flat)))
        if not has_box(n) and box_arg(box) is None:
            raise ParseError(tr("{where}: a grid of side {n} has no box shape", where=where, n=n))
        for i, v in enumerate(flat):
            if type(v) is not int or not 0 <= v <= n:
                raise ParseError(tr("{where}, cell {cell}: {value} is not an integer 0..{n}",
                                    where=where, cell=i + 1, value=json.dumps(v)[:20], n=n))
        return n, list(flat)
    raise ParseError(tr("{where} must be a string or a list of rows of integers", where=where))


def _puzzle(obj, index: int, box, alphabet) -> Grid:
    where = tr("puzzle {n}", n=index)
    if not isinstance(obj, dict):
        raise ParseError(tr("{where} is not a JSON object", where=where))
    given = obj.get("puzzle", obj.get("givens"))
    current = obj.get("values")
    if given is None and current is None:
        raise ParseError(tr('{where} has no "puzzle" (or "values") field', where=where))
    sides, fields = set(), {}
    for key, val in (("puzzle", given), ("values", current)):
        if val is not None:
            n, fields[key] = _cells(val, f'{where} "{key}"', box, alphabet)
            sides.add(n)
    if len(sides) > 1:
        raise ParseError(tr('{where}: "puzzle" and "values" have different sizes', where=where))
    n = sides.pop()
    if "size" in obj and read_number(obj["size"], f'{where}: "size"') != n:
        raise ParseError(tr('{where}: "size" is {value}, but the grid is {n}x{n}', where=where,
                            value=json.dumps(obj["size"])[:20], n=n))
    found = None
    if "box" in obj:
        try:
            found = box_arg(obj["box"])
        except SudokitError as e:
            raise ParseError(tr('{where}: "box" must be [rows, columns] or "RxC": {reason}',
                                where=where, reason=e)) from None
    try:
        g = geometry(n, box if box is not None else found)
        if obj.get("variants") or obj.get("regions") is not None:
            g = g.with_variants(obj.get("variants") or (), read_regions(obj.get("regions"), n))
        if obj.get("cages") is not None:
            g = g.with_cages(read_cages(obj["cages"], n))
    except GeometryError as e:
        raise GeometryError(f"{where}: {e}") from None
    comment = obj.get("comment", "")
    if not isinstance(comment, str):
        comment = json.dumps(comment)
    puzzle = fields.get("puzzle")
    values = fields.get("values", puzzle)
    if puzzle is not None and "values" in fields:
        for i, (p, v) in enumerate(zip(puzzle, values)):
            if p and p != v:
                raise ParseError(tr('{where}: {cell} is {p} in "puzzle" but {v} in "values"',
                                    where=where, cell=Cell(g, i), p=p, v=v))
    givens = [bool(v) for v in (puzzle if puzzle is not None else values)]
    masks = None
    if obj.get("candidates") is not None:
        masks = _candidates(obj["candidates"], g, f'{where} "candidates"', alphabet)
    return Grid(g, values, givens, comment, candidates=masks)


def _candidates(value, g, where: str, alphabet) -> list[int]:
    """The masks of a ``candidates`` field: one string of symbols or list of digits a cell."""
    if not isinstance(value, list) or len(value) != g.ncells:
        raise ParseError(tr("{where} must be a list of {n} entries, one a cell", where=where,
                            n=g.ncells))
    n = g.size
    a, table = optional_decoder(alphabet, n)
    masks = []
    for i, cell in enumerate(value):
        at = tr("{where}, cell {n} ({cell})", where=where, n=i + 1, cell=Cell(g, i))
        if isinstance(cell, str):
            digits = []
            for ch in cell:
                if not table.get(ch):
                    shown = ch if ch.isprintable() else repr(ch)[1:-1]
                    raise ParseError(tr("{at}: {char} is not a digit of a {n}x{n} grid", at=at,
                                        char=repr(shown), n=n),
                                     char=ch)
                digits.append(table[ch])
        elif isinstance(cell, list):
            digits = [read_number(d, at, 1, n) for d in cell]
        else:
            raise ParseError(tr("{at} must be a string of digits or a list of integers", at=at))
        m = 0
        for d in digits:
            m |= 1 << (d - 1)
        masks.append(m)
    return masks


def read_object(data: str | dict, box=None, alphabet=None) -> Grid:
    """One puzzle object (or its JSON text), as :func:`read` reads each of a list."""
    if isinstance(data, str):
        grids = read(data, box, alphabet)
        if len(grids) != 1:
            raise ParseError(tr("{source} holds {n} puzzles; give one", n=len(grids),
                                source=tr("the input")))
        return grids[0]
    return _puzzle(data, 1, box, alphabet)


def read(text: str, box=None, alphabet=None) -> list[Grid]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        data = _json_lines(text) if e.msg == "Extra data" else None
        if data is None:
            raise ParseError(tr("not valid JSON ({reason})", reason=e.msg), line=e.lineno,
                             column=e.colno) from None
    except RecursionError:
        raise ParseError(tr("the JSON is nested too deeply")) from None
    except ValueError as e:  # e.g. a number with more digits than Python converts
        raise ParseError(tr("not usable JSON ({reason})", reason=str(e)[:80])) from None
    if isinstance(data, dict) and "puzzles" in data:
        data = data["puzzles"]
    items = data if isinstance(data, list) else [data]
    if not items:
        raise ParseError(tr("the JSON holds no puzzle"))
    return [_puzzle(obj, i, box, alphabet) for i, obj in enumerate(items, 1)]


def _json_lines(text: str) -> list | None:
    """JSON lines (one object a line, as ``generate --to json`` writes), or None when a line
    is not a JSON object of its own."""
    items = []
    for line in text.splitlines():
        if line.strip():
            try:
                obj = json.loads(line)
            except (ValueError, RecursionError):
                return None
            if not isinstance(obj, dict):
                return None
            items.append(obj)
    return items


def to_object(grid: Grid, alphabet=None) -> dict:
    """The JSON object of a grid (see the module docstring)."""
    g = grid.geometry
    n = g.size
    given = [v if gv else 0 for v, gv in zip(grid.values, grid.givens)]
    obj: dict = {"box": [g.box_rows, g.box_cols]}
    a = get_alphabet(alphabet)
    if len(a.symbols) >= n:
        enc = lambda vals: "".join(encode_values(vals, n, a))  # noqa: E731
    else:
        enc = lambda vals: [vals[r * n:(r + 1) * n] for r in range(n)]  # noqa: E731
    obj["puzzle"] = enc(given)
    if given != grid.values:
        obj["values"] = enc(grid.values)
    if grid.candidates is not None:
        masks = candidate_masks(grid)
        digits = [[d for d in range(1, n + 1) if m >> (d - 1) & 1] for m in masks]
        obj["candidates"] = ["".join(a.encode(d, n) for d in ds) for ds in digits] \
            if len(a.symbols) >= n else digits
    obj.update(variant_fields(g))
    obj.update(cage_fields(g))
    if grid.comment:
        obj["comment"] = grid.comment
    return obj


def write(grid: Grid, alphabet=None) -> str:
    return json.dumps(to_object(grid, alphabet), ensure_ascii=False)


def detect(text: str) -> bool:
    s = text.lstrip("\ufeff \t\r\n")
    if not s.startswith(("{", "[")):
        return False
    return reads(read, text)
