"""Per-digit candidate masks of every house, shared by the intersection, subset and fish finders.

``rows[d][r]`` has bit ``c`` set when digit ``d`` is a candidate of ``r{r}c{c}`` (0-based);
``cols[d][c]`` has bit ``r``; ``boxes[d][b]`` has bit ``i`` for the i-th cell of
``geometry.boxes[b]`` (a jigsaw region's cells in order); ``extra[d][x]`` has bit ``i`` for the
i-th cell of the variant's house ``3N + x`` (a diagonal, a window). So bit ``i`` of a house's
mask always means ``geometry.houses[h][i]``.
Several finders look at the same position in turn, so the last table is kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from sudokit.model.geometry import CACHED_GEOMETRIES, Geometry
from sudokit.engines.logic.context import context_of
from sudokit.model.position import Position, digits_of


@dataclass(frozen=True)
class DigitMasks:
    rows: list[list[int]]
    cols: list[list[int]]
    boxes: list[list[int]]
    extra: list[list[int]]

    def table(self, geometry: Geometry, h: int) -> tuple[list[list[int]], int]:
        """The table holding house ``h`` (an index into ``geometry.houses``) and its index
        there: ``table[digit][index]`` is the house's mask for ``digit``."""
        kind, i = divmod(h, geometry.size)
        if kind >= 3:
            return self.extra, h - 3 * geometry.size
        return (self.rows, self.cols, self.boxes)[kind], i


@lru_cache(maxsize=CACHED_GEOMETRIES)
def _cell_bits(g: Geometry) -> tuple[tuple[int, int, int, int, int, int], ...]:
    """Per cell: (row, column, box, column bit, row bit, bit of its place in the box)."""
    out = []
    for cell in range(g.ncells):
        r, c, b = g.row_of(cell), g.col_of(cell), g.box_of(cell)
        out.append((r, c, b, 1 << c, 1 << r, 1 << g.boxes[b].index(cell)))
    return tuple(out)


@lru_cache(maxsize=CACHED_GEOMETRIES)
def _extra_bits(g: Geometry) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per cell, ``(x, bit of its place)`` for each variant house ``3N + x`` holding it."""
    out: list[list[tuple[int, int]]] = [[] for _ in range(g.ncells)]
    for x, (cells, _) in enumerate(g.extra_houses):
        for i, cell in enumerate(cells):
            out[cell].append((x, 1 << i))
    return tuple(tuple(p) for p in out)


def digit_masks(pos: Position) -> DigitMasks:
    """The masks of ``pos`` (kept in its solve's context while its candidates stay the same)."""
    context = context_of(pos)
    key = (pos.geometry, tuple(pos.cands))
    table = context.recall("digit-masks", key)
    if table is not None:
        return table
    n = pos.geometry.size
    rows = [[0] * n for _ in range(n + 1)]
    cols = [[0] * n for _ in range(n + 1)]
    boxes = [[0] * n for _ in range(n + 1)]
    bits = _cell_bits(pos.geometry)
    extra = [[0] * len(pos.geometry.extra_houses) for _ in range(n + 1)]
    extra_bits = _extra_bits(pos.geometry) if pos.geometry.extra_houses else None
    for cell, m in enumerate(pos.cands):
        if m and extra_bits is not None:
            for x, xb in extra_bits[cell]:
                for d in digits_of(m):
                    extra[d][x] |= xb
        if m:
            r, c, b, cb, rb, pb = bits[cell]
            while m:
                low = m & -m
                d = low.bit_length()
                rows[d][r] |= cb
                cols[d][c] |= rb
                boxes[d][b] |= pb
                m ^= low
    return context.keep("digit-masks", key, DigitMasks(rows, cols, boxes, extra))
