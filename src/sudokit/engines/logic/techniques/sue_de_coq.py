"""Sue de Coq: a box-line intersection whose digits are shared out between the line and the box.

Take ``C``, two or more empty cells of the intersection of a box and a row or column, holding
the digits ``V`` with ``|V| >= |C| + 2``. Add cells ``D`` from the rest of the line and ``E``
from the rest of the box (either may take intersection cells left out of ``C``, as HoDoKu
does), each cell holding a digit of ``V``, such that no digit is a
candidate in both ``D`` and ``E``, and the cells are as many as their digits:
``|C| + |D| + |E| = |V ∪ digits(D) ∪ digits(E)|``.

Every digit's cells in the pattern then lie in one house (the line for a digit outside ``E``,
the box for a digit outside ``D``), so each digit fills at most one cell, and with as many
cells as digits each fills exactly one. A digit placed within the line part leaves the rest of
the line; one placed within the box part leaves the rest of the box; a digit only in ``C``
leaves both.

Listing every instance (:func:`~sudokit.engines.logic.options.listing`), as HoDoKu does, two more
forms count: side cells holding only digits outside ``V``, and a digit outside ``V`` shared by
``D`` and ``E`` (in no intersection cell of them). Such a digit fills at most two cells, one in
the line part and one in the box part, so it counts twice:
``|C| + |D| + |E| = |V ∪ digits(D) ∪ digits(E)| + |shared|``; it then fills both and leaves the
rest of the line and the rest of the box.
"""

from __future__ import annotations

from functools import lru_cache

from sudokit.engines import limits
from sudokit.model.geometry import CACHED_GEOMETRIES, Geometry
from sudokit.i18n import msg
from sudokit.i18n.values import Cell, House, Join
from sudokit.engines.logic.links import cells_of
from sudokit.engines.logic.context import context_of
from sudokit.model.position import Position, digits_of
from sudokit.engines.logic.techniques.registry import REGISTRY, finder

MAX_SIDE_CELLS = 4
"""Most cells taken from the rest of the line (``D``) and from the rest of the box (``E``)."""

MAX_SIDE_EXTRA = 1
"""Most digits outside ``V`` that ``D`` (or ``E``) may hold in a single step's search. Two find
about 7% more patterns on hard solve paths at twice the search time (the finder runs at every
step), so two only when every instance is listed (:data:`LISTING_SIDE_EXTRA`)."""

LISTING_SIDE_EXTRA = 2


def _subsets(side: list[tuple[int, int]], v: int, lo: int, hi: int, most: int,
             most_extra: int = MAX_SIDE_EXTRA, any_cell: bool = False):
    """``(cell mask, digit mask, a)`` for every subset of the ``(cell bit, candidates)`` in
    ``side`` (up to ``most`` cells), each cell holding a digit of ``v`` (any cell if
    ``any_cell``), where
    ``a = size - |digits outside v|`` (how many digits of ``v`` the subset takes up) is between
    ``lo >= 1`` and ``hi``, with at most ``most_extra`` digits outside ``v``."""
    items = [(b, m) for b, m in side
             if (any_cell or m & v) and (m & ~v).bit_count() <= most_extra]
    out = []
    n = len(items)
    outside = ~v

    def grow(start: int, cm: int, dm: int, size: int) -> None:
        size += 1
        for k in range(start, n):
            b, m = items[k]
            d2 = dm | m
            extra = (d2 & outside).bit_count()
            if extra > most_extra:
                continue
            a = size - extra
            if lo <= a <= hi:
                out.append((cm | b, d2, a))
            if size < most and a + most - size >= lo:  # a rises by at most one a cell
                grow(k + 1, cm | b, d2, size)

    grow(0, 0, 0, 0)
    return out


def _describe(g, cells: int, digits: int):
    """``r1c1,r1c2 {3,5}``."""
    return msg("{cells} {{{digits}}}", cells=Join((Cell(g, c) for c in cells_of(cells)), ","),
               digits=",".join(str(d) for d in digits_of(digits)))


@lru_cache(maxsize=CACHED_GEOMETRIES)
def _intersections(g: Geometry) -> tuple[tuple[int, int, tuple, tuple, tuple], ...]:
    """(line, box, intersection cells, rest of the line, rest of the box) of every box and
    every row and column through it."""
    out = []
    n = g.size
    for b in range(n):
        box = g.boxes[b]
        lines = sorted({g.row_of(c) for c in box}) + sorted({n + g.col_of(c) for c in box})
        for line in lines:
            cells = set(g.houses[line])
            inter = tuple(c for c in box if c in cells)
            out.append((line, 2 * n + b, inter, tuple(c for c in g.houses[line] if c not in inter),
                        tuple(c for c in box if c not in cells)))
    return tuple(out)


@finder("sue-de-coq")
def sue_de_coq(pos: Position):
    g, cands = pos.geometry, pos.cands
    tech = REGISTRY["sue-de-coq"]
    every = context_of(pos).listing
    most_extra = LISTING_SIDE_EXTRA if every else MAX_SIDE_EXTRA
    done: set[tuple] = set()
    for line, box, inter_all, line_all, box_all in _intersections(g):
        limits.check()
        inter = [c for c in inter_all if cands[c]]
        if len(inter) < 2:
            continue
        line_rest = [(1 << c, cands[c]) for c in line_all if cands[c]]
        box_rest = [(1 << c, cands[c]) for c in box_all if cands[c]]
        for cmask, v in _intersection_subsets(inter, cands):
            # the intersection cells left out of C may join D or E (they lie in both houses)
            left = [(1 << c, cands[c]) for c in inter if not cmask >> c & 1]
            k = v.bit_count() - cmask.bit_count()
            # each side takes up a >= 1 digits of V, together k: a in [lo, hi]
            lo, hi = max(1, k - MAX_SIDE_CELLS), min(k - 1, MAX_SIDE_CELLS)
            if k < 2 or lo > hi:
                continue
            ds = _subsets(line_rest + left, v, lo, hi, MAX_SIDE_CELLS, most_extra, every)
            if not ds:
                continue
            es_by_a: dict[int, list[tuple[int, int]]] = {}
            for ec, ed, ea in _subsets(box_rest + left, v, lo, hi, MAX_SIDE_CELLS, most_extra,
                                       every):
                es_by_a.setdefault(ea, []).append((ec, ed))
            for dc, dd, da in ds:
                for ec, ed in es_by_a.get(k - da, ()):
                    if dc & ec:
                        continue
                    # |C|+|D|+|E| = |all digits| + |shared| holds as sum(a) = k, shared or not
                    shared = dd & ed
                    if shared and not (every and _may_share(shared, v, dc | ec, left)):
                        continue
                    step = _step(pos, tech, g, line, box, cmask, v, dc, dd, ec, ed, done)
                    if step is not None:
                        yield step


def _intersection_subsets(cells: list[int], cands: list[int]):
    """``(cell mask, digit mask)`` of every subset of two or more of ``cells``."""
    n = len(cells)
    for pick in range(3, 1 << n):
        if pick & (pick - 1):  # two cells or more
            m = v = 0
            for i in range(n):
                if pick >> i & 1:
                    m |= 1 << cells[i]
                    v |= cands[cells[i]]
            yield m, v


def _may_share(shared: int, v: int, side_cells: int, left: list[tuple[int, int]]) -> bool:
    """Whether digits in both ``D`` and ``E`` each fill one cell of each: none is in ``V`` or in
    a side cell of the intersection (which lies in the line and the box)."""
    return not shared & v and not any(b & side_cells and m & shared for b, m in left)


def _step(pos, tech, g, line: int, box: int, cmask: int, v: int, dc: int, dd: int, ec: int,
          ed: int, done: set):
    cands = pos.cands
    pattern = cmask | dc | ec
    line_out = [c for c in g.houses[line] if cands[c] and not pattern >> c & 1]
    box_out = [c for c in g.houses[box] if cands[c] and not pattern >> c & 1]
    digits = v | dd | ed
    line_digits = digits & ~(ed & ~dd)  # placed in the line part (shared ones in both)
    box_digits = digits & ~(dd & ~ed)  # placed in the box part
    elims = set()
    for c in line_out:
        for d in digits_of(cands[c] & line_digits):
            elims.add((c, d))
    for c in box_out:
        for d in digits_of(cands[c] & box_digits):
            elims.add((c, d))
    if not elims:
        return None
    key = tuple(sorted(elims))
    if key in done:
        return None
    done.add(key)
    what = msg("{name}: {core} with {line_set} ({line}) and {box_set} ({box})", name=tech.title,
               core=_describe(g, cmask, v), line_set=_describe(g, dc, dd), line=House(g, line),
               box_set=_describe(g, ec, ed), box=House(g, box))
    cells = sorted(cells_of(cmask | dc | ec))
    return tech.step(pos, what, eliminations=elims, cells=cells, houses=[line, box],
                     candidates=[(c, d) for c in cells for d in digits_of(cands[c])])


__all__ = ["sue_de_coq", "MAX_SIDE_CELLS", "MAX_SIDE_EXTRA", "LISTING_SIDE_EXTRA"]
