"""Killer Sudoku cages: groups of cells whose digits add up to a sum and never repeat.

A :class:`Cage` is a sum and its cells (cell indices, ascending). A geometry carries its cages
(:meth:`sudokit.model.geometry.Geometry.with_cages`, as a :class:`Killer` rule); the cells of a cage are peers of each other. This
module reads cages from text and JSON, checks them (errors name the cage), writes them, and knows
which digit sets can make a sum (:func:`combinations`).

Text: one cage a line, ``SUM CELL CELL ...``, cells written ``r1c1`` (1-based) or as ranges
``r1c1-r1c3`` (every cell of the rectangle between the two corners); commas, a colon or ``=``
after the sum are allowed; blank lines and ``#`` comments are skipped::

    15 r1c1 r1c2 r2c1
    7: r1c3-r1c4
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations as choose

from sudokit.i18n import tr
from sudokit.model.errors import GeometryError
from sudokit.model.numbers import read_number
from sudokit.model.rules.base import Rule


@dataclass(frozen=True, order=True)
class Cage:
    """A sum and the cells (ascending indices) whose digits make it."""

    total: int
    cells: tuple[int, ...]


class Killer(Rule):
    """Killer cages: the digits of each cage add up to its sum and never repeat, so the cells
    of a cage are peers of each other."""

    kind = "killer"
    enforced_by = "sums"

    def __init__(self, cages: tuple[Cage, ...]):
        self.cages = cages

    def check(self, geometry) -> None:
        check_cages(self.cages, geometry.size)

    def peers(self, geometry):
        out: list[tuple[int, ...]] = [()] * geometry.ncells
        for cage in self.cages:
            for c in cage.cells:
                out[c] = tuple(x for x in cage.cells if x != c)
        return tuple(out)

    def fields(self, geometry) -> dict:
        return cage_fields(geometry)

    def __repr__(self) -> str:
        return f"Killer({self.cages!r})"


_CELL = re.compile(r"[rR](\d{1,3})[cC](\d{1,3})")
_ITEM = re.compile(r"^(?P<a>[rR]\d{1,3}[cC]\d{1,3})(?:-(?P<b>[rR]\d{1,3}[cC]\d{1,3}))?$")


def cell_name(cell: int, size: int) -> str:
    r, c = divmod(cell, size)
    return f"r{r + 1}c{c + 1}"


def _shown_cell(cell: int, size: int) -> str:
    """A cell as errors name it, in the language in use (``r1c1``, ``r1k1``)."""
    r, c = divmod(cell, size)
    return tr("r{row}c{col}", row=r + 1, col=c + 1)


def cage_name(cage: Cage, size: int) -> str:
    """``cage 15 (r1c1, r1c2, r2c1)``: how errors name a cage, in the language in use."""
    return tr("cage {total} ({cells})", total=cage.total,
              cells=", ".join(_shown_cell(c, size) for c in cage.cells))


def _cell(text: str, size: int, where: str) -> int:
    m = _CELL.fullmatch(text)
    r, c = int(m.group(1)), int(m.group(2))
    if not (1 <= r <= size and 1 <= c <= size):
        raise GeometryError(tr("{where}: {cell} is outside the {size}x{size} grid", where=where,
                                cell=text, size=size))
    return (r - 1) * size + c - 1


def _cells_of(item: str, size: int, where: str) -> list[int]:
    """The cells of ``r1c1`` or of the range ``r1c1-r2c3``."""
    m = _ITEM.match(item)
    if m is None:
        raise GeometryError(tr("{where}: {item} is not a cell (write r1c1, or a range r1c1-r1c3)",
                                where=where, item=repr(item)))
    a = _cell(m.group("a"), size, where)
    if m.group("b") is None:
        return [a]
    b = _cell(m.group("b"), size, where)
    (r1, c1), (r2, c2) = divmod(a, size), divmod(b, size)
    rows = range(min(r1, r2), max(r1, r2) + 1)
    cols = range(min(c1, c2), max(c1, c2) + 1)
    return [r * size + c for r in rows for c in cols]


def parse_cages(text: str, size: int) -> tuple[Cage, ...]:
    """Cages from text (see the module doc), checked by :func:`check_cages`."""
    cages = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        where = tr("cages, line {line}", line=number)
        parts = [p for p in re.split(r"[\s,;]+", line.replace(":", " ").replace("=", " ")) if p]
        total = read_number(parts[0], tr("{where}: the sum (a cage line starts with it)", where=where),
                            1, 10**6)
        if len(parts) < 2:
            raise GeometryError(tr("{where}: the cage of sum {total} has no cells", where=where,
                                    total=total))
        cells = []
        for item in parts[1:]:
            cells.extend(_cells_of(item, size, where))
        cages.append(_checked_cage(total, cells, size, where))
    if not cages:
        raise GeometryError(tr("the cages text holds no cage (one a line: SUM r1c1 r1c2 ...)"))
    return check_cages(cages, size)


def read_cages(value, size: int) -> tuple[Cage, ...]:
    """Cages from JSON: ``[[sum, ["r1c1", ...]], ...]`` (cells as names, ranges or indices) or
    ``[{"sum": 15, "cells": [...]}, ...]``."""
    if not isinstance(value, list):
        raise GeometryError(tr('"cages" must be a list of [sum, [cells]]'))
    cages = []
    for i, item in enumerate(value, 1):
        where = tr("cage {n}", n=i)
        if isinstance(item, dict):
            item = [item.get("sum"), item.get("cells")]
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[1], list)):
            raise GeometryError(tr('{where}: write it as [sum, ["r1c1", ...]]', where=where))
        total = read_number(item[0], tr("{where}: the sum", where=where), 1, 10**6)
        cells = []
        for c in item[1]:
            if isinstance(c, str):
                cells.extend(_cells_of(c.strip(), size, where))
            else:
                index = read_number(c, tr("{where}: a cell", where=where), 0, size * size - 1)
                cells.append(index)
        cages.append(_checked_cage(total, cells, size, where))
    return check_cages(cages, size)


def _checked_cage(total: int, cells: list[int], size: int, where: str) -> Cage:
    cage = Cage(total, tuple(sorted(set(cells))))
    if len(cage.cells) != len(cells):
        raise GeometryError(tr("{where}: {cage} names a cell twice", where=where,
                                cage=cage_name(cage, size)))
    return cage


def sum_range(k: int, size: int) -> tuple[int, int]:
    """The least and greatest sum of ``k`` different digits 1..size."""
    return k * (k + 1) // 2, k * (2 * size - k + 1) // 2


def check_cages(cages, size: int) -> tuple[Cage, ...]:
    """The cages in order of their first cell, checked: cells inside the grid, no cell in two
    cages, at most ``size`` cells, a sum that different digits can make."""
    owner: dict[int, Cage] = {}
    out = []
    for cage in cages:
        if not isinstance(cage, Cage):
            cage = Cage(int(cage[0]), tuple(sorted(cage[1])))
        inside = all(0 <= c < size * size for c in cage.cells)

        def name() -> str:  # only for an error: naming every cage was most of the check's time
            return cage_name(cage, size) if inside else tr("cage {n}", n=cage.total)
        if not cage.cells:
            raise GeometryError(tr("{cage} has no cells", cage=name()))
        if not inside:
            raise GeometryError(tr("{cage} has a cell outside the {size}x{size} grid", cage=name(),
                                    size=size))
        if len(cage.cells) > size:
            raise GeometryError(tr("{cage} has {n} cells; a cage holds at most {size}", cage=name(),
                                    n=len(cage.cells), size=size))
        low, high = sum_range(len(cage.cells), size)
        if not low <= cage.total <= high:
            raise GeometryError(tr("{cage}: {n} different digits 1-{size} make {low} to {high}, "
                                   "never {total}", cage=name(), n=len(cage.cells), size=size,
                                   low=low, high=high, total=cage.total))
        for c in cage.cells:
            if c in owner:
                raise GeometryError(tr("{cell} is in two cages: {first} and {second}",
                                       cell=_shown_cell(c, size),
                                       first=cage_name(owner[c], size), second=name()))
            owner[c] = cage
        out.append(cage)
    return tuple(sorted(out, key=lambda k: k.cells))


@lru_cache(maxsize=4096)
def combinations(total: int, k: int, size: int) -> tuple[int, ...]:
    """Every set of ``k`` different digits 1..size adding up to ``total``, as digit masks (bit
    ``d-1`` for digit ``d``), ascending."""
    out = []
    for digits in choose(range(1, size + 1), k):
        if sum(digits) == total:
            out.append(sum(1 << (d - 1) for d in digits))
    return tuple(out)


def cages_text(cages, size: int) -> str:
    """The text form: ``SUM r1c1 r1c2 ...`` a line."""
    return "".join(f"{c.total} {' '.join(cell_name(x, size) for x in c.cells)}\n" for c in cages)


def cage_fields(geometry) -> dict:
    """``{"cages": [[sum, ["r1c1", ...]], ...]}`` of a killer geometry; nothing without cages."""
    if not geometry.cages:
        return {}
    n = geometry.size
    return {"cages": [[c.total, [cell_name(x, n) for x in c.cells]] for c in geometry.cages]}


def cut_cages(solution: list[int], size: int, rng, unique, largest: int = 5,
              fewest: int = 1) -> tuple[Cage, ...]:
    """Cages over a full grid ``solution`` whose sums alone have one solution: from one cage a
    cell, neighbouring cages are merged in random order (no digit twice in a cage, at most
    ``largest`` cells) while ``unique(cages)`` stays true, down to ``fewest`` cages."""
    n = size
    cage_of = list(range(n * n))
    members = {i: [i] for i in range(n * n)}

    def cages() -> list[Cage]:
        return [Cage(sum(solution[c] for c in cells), tuple(sorted(cells)))
                for cells in members.values()]

    # cells side by side; a merge joins the cages of such a pair
    edges = [(c, c + 1) for c in range(n * n) if (c + 1) % n] + [(c, c + n) for c in range(n * n - n)]
    digits = {c: 1 << solution[c] for c in range(n * n)}  # per cage, its digits

    tried: set[tuple[int, int]] = set()
    while True:
        pairs = {(a, b) if a < b else (b, a) for x, y in edges
                 if (a := cage_of[x]) != (b := cage_of[y])}
        options = [(a, b) for a, b in pairs if (a, b) not in tried
                   and len(members[a]) + len(members[b]) <= largest and not digits[a] & digits[b]]
        if not options or len(members) <= fewest:
            return check_cages(cages(), n)
        a, b = rng.choice(sorted(options))
        tried.add((a, b))  # merging only loses information: a merge that fails stays failed
        a_cells, b_cells = members[a], members.pop(b)
        members[a] = a_cells + b_cells
        for c in b_cells:
            cage_of[c] = a
        if unique(cages()):
            digits[a] |= digits.pop(b)
        else:
            members[a], members[b] = a_cells, b_cells
            for c in b_cells:
                cage_of[c] = b
