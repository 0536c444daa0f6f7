"""Singles: the last empty cell of a house, a digit with one place in a house, a cell with one
candidate ("single position" and "single candidate" in Lösningsmetoder för sudoku)."""

from __future__ import annotations

from sudokit.i18n import msg
from sudokit.i18n.values import Cell, House
from sudokit.model.position import Position
from sudokit.engines.logic.techniques.registry import REGISTRY, finder


@finder("full-house")
def full_house(pos: Position):
    g = pos.geometry
    seen = set()
    for h, house in enumerate(g.houses):
        empty = [c for c in house if not pos.values[c]]
        if len(empty) == 1 and empty[0] not in seen:
            cell = empty[0]
            m = pos.cands[cell]
            if m and m & (m - 1) == 0:
                seen.add(cell)
                d = m.bit_length()
                yield REGISTRY["full-house"].step(
                    pos, msg("Full House in {house}: {cell} is its last empty cell", house=House(g, h),
                         cell=Cell(g, cell)),
                    placements=[(cell, d)], cells=[cell], houses=[h], candidates=[(cell, d)])


@finder("hidden-single")
def hidden_single(pos: Position):
    g = pos.geometry
    seen = set()
    # Boxes first: that is where people look first, and it is the easier find; a variant's
    # houses (diagonals, windows) last.
    order = (list(range(2 * g.size, 3 * g.size)) + list(range(2 * g.size))
             + list(range(3 * g.size, len(g.houses))))
    cands = pos.cands
    for h in order:
        house = g.houses[h]
        once = twice = 0  # digits in one cell of the house or more, in two or more
        for c in house:
            m = cands[c]
            twice |= once & m
            once |= m
        single = once & ~twice
        while single:
            low = single & -single
            single ^= low
            d = low.bit_length()
            cell = next(c for c in house if cands[c] & low)
            if (cell, d) not in seen:
                seen.add((cell, d))
                yield REGISTRY["hidden-single"].step(
                    pos, msg("Hidden Single in {house}: {digit} fits only in {cell}",
                             house=House(g, h), digit=d, cell=Cell(g, cell)),
                    placements=[(cell, d)], cells=[cell], houses=[h], candidates=[(cell, d)])


@finder("naked-single")
def naked_single(pos: Position):
    g = pos.geometry
    for cell, m in enumerate(pos.cands):
        if m and m & (m - 1) == 0:
            d = m.bit_length()
            yield REGISTRY["naked-single"].step(
                pos, msg("Naked Single: {digit} is the only candidate of {cell}", digit=d,
                        cell=Cell(g, cell)),
                placements=[(cell, d)], cells=[cell], candidates=[(cell, d)])
