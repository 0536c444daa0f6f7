"""Per-digit candidate masks of every house, shared by the intersection, subset and fish finders.

``rows[d][r]`` has bit ``c`` set when digit ``d`` is a candidate of ``r{r}c{c}`` (0-based);
``cols[d][c]`` has bit ``r``; ``boxes[d][b]`` has bit ``i`` for the i-th cell of
``geometry.boxes[b]``. So bit ``i`` of a house's mask always means ``geometry.houses[h][i]``.
Several finders look at the same position in turn, so the last table is kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...geometry import Geometry
from ..position import Position


@dataclass(frozen=True)
class DigitMasks:
    rows: list[list[int]]
    cols: list[list[int]]
    boxes: list[list[int]]

    def house(self, geometry: Geometry, digit: int, h: int) -> int:
        """The mask of house ``h`` (an index into ``geometry.houses``) for ``digit``."""
        kind, i = divmod(h, geometry.size)
        return (self.rows, self.cols, self.boxes)[kind][digit][i]


@lru_cache(maxsize=None)
def _cell_bits(g: Geometry) -> tuple[tuple[int, int, int, int, int, int], ...]:
    """Per cell: (row, column, box, column bit, row bit, bit of its place in the box)."""
    out = []
    for cell in range(g.ncells):
        r, c = g.row_of(cell), g.col_of(cell)
        place = (r % g.box_rows) * g.box_cols + c % g.box_cols
        out.append((r, c, g.box_of(cell), 1 << c, 1 << r, 1 << place))
    return tuple(out)


_last: tuple[tuple, DigitMasks] | None = None


def digit_masks(pos: Position) -> DigitMasks:
    """The masks of ``pos`` (recomputed only when its candidates changed since the last call)."""
    global _last
    key = (pos.geometry, tuple(pos.cands))
    if _last is not None and _last[0] == key:
        return _last[1]
    n = pos.geometry.size
    rows = [[0] * n for _ in range(n + 1)]
    cols = [[0] * n for _ in range(n + 1)]
    boxes = [[0] * n for _ in range(n + 1)]
    bits = _cell_bits(pos.geometry)
    for cell, m in enumerate(pos.cands):
        if m:
            r, c, b, cb, rb, pb = bits[cell]
            while m:
                low = m & -m
                d = low.bit_length()
                rows[d][r] |= cb
                cols[d][c] |= rb
                boxes[d][b] |= pb
                m ^= low
    table = DigitMasks(rows, cols, boxes)
    _last = (key, table)
    return table
