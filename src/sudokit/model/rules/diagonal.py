"""X Sudoku (``x``, alias ``diagonal``): both main diagonals are houses, at any size."""

from __future__ import annotations

from sudokit.model.rules.base import Rule


class Diagonals(Rule):
    kind = "x"
    aliases = ("diagonal", "diagonals")
    enforced_by = "houses"

    def houses(self, geometry):
        n = geometry.size
        return ((tuple(i * n + i for i in range(n)), "diagonal 1"),
                (tuple(i * n + (n - 1 - i) for i in range(n)), "diagonal 2"))
