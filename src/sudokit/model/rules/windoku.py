"""Windoku (``windoku``, alias ``hyper``): extra windows the size of a box, one cell in from
the edge and one apart (rows and columns 2-4 and 6-8 on 9x9); square boxes only."""

from __future__ import annotations

from sudokit.i18n import tr
from sudokit.model.errors import GeometryError
from sudokit.model.rules.base import Rule


class Windows(Rule):
    kind = "windoku"
    aliases = ("hyper",)
    enforced_by = "houses"

    def check(self, geometry) -> None:
        if geometry.box_rows != geometry.box_cols:
            raise GeometryError(tr("windoku needs square boxes; {rows}x{cols} boxes are not",
                                   rows=geometry.box_rows, cols=geometry.box_cols))

    def houses(self, geometry):
        self.check(geometry)
        n, b = geometry.size, geometry.box_rows
        starts = range(1, n - b + 1, b + 1)
        windows = [tuple((r0 + i) * n + c0 + j for i in range(b) for j in range(b))
                   for r0 in starts for c0 in starts]
        return tuple((cells, f"window {k}") for k, cells in enumerate(windows, 1))
