"""What every rule kind says about itself: its name, how the houses and peers of a board grow
under it, how it is checked and written, and how the search core enforces it.

A rule kind is one module of :mod:`sudokit.model.rules` with one :class:`Rule` subclass,
listed in :data:`sudokit.model.rules.NAMED` when a name in ``variants`` turns it on. The geometry reads a board's houses and peers from its rules;
the engines read :attr:`Rule.enforced_by` to choose how to enforce it."""

from __future__ import annotations

from typing import ClassVar

#: How the search core enforces a rule: as houses (all different), as peer pairs (two cells
#: that may not hold the same digit), as regions in the boxes' place, or as sums over cells.
ENFORCEMENTS = ("houses", "peers", "regions", "sums")


class Rule:
    """One constraint of a puzzle beyond rows and columns. Subclasses set the class fields and
    override what their kind adds; a rule holding no data (``x``) is named by its kind alone."""

    kind: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    enforced_by: ClassVar[str]

    def check(self, geometry) -> None:
        """Raise :class:`~sudokit.model.errors.GeometryError`, naming the rule, when it cannot
        apply to ``geometry``'s board."""

    def houses(self, geometry) -> tuple[tuple[tuple[int, ...], str], ...]:
        """The houses this rule adds, each with its name (``diagonal 1``)."""
        return ()

    def peers(self, geometry) -> tuple[tuple[int, ...], ...] | None:
        """For each cell, the peers this rule adds outside any house; None when it adds none."""
        return None

    def fields(self, geometry) -> dict:
        """The rule's part of the JSON form (a named rule is listed in ``variants``)."""
        return {}

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and vars(self) == vars(other)

    def __hash__(self) -> int:
        return hash((type(self), tuple(vars(self).values())))

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def chess_peers(moves, n: int) -> tuple[tuple[int, ...], ...]:
    """For each cell of an ``n x n`` board, the cells one of ``moves`` (row, column steps) away."""
    out = []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        out.append(tuple(sorted({(r + dr) * n + c + dc for dr, dc in moves
                                 if 0 <= r + dr < n and 0 <= c + dc < n})))
    return tuple(out)
