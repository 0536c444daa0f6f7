"""Anti-knight (``anti-knight``, aliases ``antiknight``, ``knight``): two cells a knight's move
apart are peers (no house)."""

from __future__ import annotations

from sudokit.model.rules.base import Rule, chess_peers

KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


class AntiKnight(Rule):
    kind = "anti-knight"
    aliases = ("antiknight", "knight")
    enforced_by = "peers"

    def peers(self, geometry):
        return chess_peers(KNIGHT, geometry.size)
