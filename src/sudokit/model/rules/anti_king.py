"""Anti-king (``anti-king``, aliases ``antiking``, ``king``): two cells a king's move apart are
peers (no house)."""

from __future__ import annotations

from sudokit.model.rules.base import Rule, chess_peers

KING = ((1, 1), (1, -1), (-1, 1), (-1, -1), (0, 1), (1, 0), (0, -1), (-1, 0))


class AntiKing(Rule):
    kind = "anti-king"
    aliases = ("antiking", "king")
    enforced_by = "peers"

    def peers(self, geometry):
        return chess_peers(KING, geometry.size)
