"""Forcing chains: assume a candidate and follow the singles it forces (methods 8 and 9 of
"Lösningsmetoder för sudoku": forcing chains and one-step candidate testing).

- Contradiction: if placing ``d`` in a cell forces, through naked and hidden singles, a cell with
  no candidate, a house with no place for a digit or a digit twice in a house, ``d`` is not there.
- Verity: every candidate of a cell (or every place of a digit in a house) leads to the same
  placement or elimination: it is true whichever holds.

These are last resorts (the highest weights of the catalogue): they find what the pattern
techniques miss, at the price of explanations that are chains of singles. The consequences of
each candidate are computed once per position and shared by both techniques.
"""

from __future__ import annotations

from ...geometry import Geometry
from ..position import Position, digits_of
from .registry import REGISTRY, finder

#: Placements shown in an explanation before it is cut short (a contradiction; each branch).
SHOWN = 8
BRANCH_SHOWN = 4


class Outcome:
    """What placing one candidate forces: the placements in the order found, the final
    candidates, or the contradiction reached."""

    __slots__ = ("placed", "values", "cands", "contradiction")

    def __init__(self, placed, values, cands, contradiction):
        self.placed: list[tuple[int, int]] = placed
        self.values: list[int] = values
        self.cands: list[int] = cands
        self.contradiction: str | None = contradiction


def propagate(pos: Position, cell: int, digit: int) -> Outcome:
    """Place ``digit`` in ``cell``, then every naked and hidden single that follows, and when
    those run out the locked candidates (which may open new singles), until nothing changes."""
    g: Geometry = pos.geometry
    peers, houses, full = g.peers, g.houses, pos.all_mask
    values, cands = pos.values[:], pos.cands[:]
    placed: list[tuple[int, int]] = []
    queue = [(cell, digit)]
    while True:
        for c, d in queue:
            if values[c]:
                if values[c] != d:
                    return Outcome(placed, values, cands, f"{g.name(c)} would hold both {values[c]} and {d}")
                continue
            b = 1 << (d - 1)
            if not cands[c] & b:
                return Outcome(placed, values, cands, f"{g.name(c)} cannot hold {d} any more")
            values[c] = d
            cands[c] = 0
            placed.append((c, d))
            for p in peers[c]:
                m = cands[p]
                if m & b:
                    m ^= b
                    cands[p] = m
                    if not m:
                        return Outcome(placed, values, cands, f"{g.name(p)} has no candidate left")
                    if not m & (m - 1):
                        queue.append((p, m.bit_length()))  # seen later in this same loop
        queue = []
        for h, house in enumerate(houses):
            once = twice = filled = 0
            for c in house:
                v = values[c]
                if v:
                    filled |= 1 << (v - 1)
                else:
                    m = cands[c]
                    twice |= once & m
                    once |= m
            missing = full & ~(once | filled)
            if missing:
                d = missing.bit_length()
                return Outcome(placed, values, cands, f"{g.house_name(h)} has no place for {d}")
            singles = once & ~twice & ~filled
            while singles:
                low = singles & -singles
                singles ^= low
                queue.append((next(c for c in house if cands[c] & low), low.bit_length()))
        if queue:
            continue
        # Singles are exhausted: locked candidates (method 3) may open new ones.
        changed = False
        for seg, box_rest, line_rest in _intersections(g):
            in_seg = 0
            for c in seg:
                in_seg |= cands[c]
            if not in_seg:
                continue
            box_other = line_other = 0
            for c in box_rest:
                box_other |= cands[c]
            for c in line_rest:
                line_other |= cands[c]
            for rest, gone in ((line_rest, in_seg & ~box_other & line_other),
                               (box_rest, in_seg & ~line_other & box_other)):
                if not gone:
                    continue
                changed = True
                for c in rest:
                    m = cands[c]
                    if m & gone:
                        m &= ~gone
                        cands[c] = m
                        if not m:
                            return Outcome(placed, values, cands, f"{g.name(c)} has no candidate left")
                        if not m & (m - 1):
                            queue.append((c, m.bit_length()))
        if not changed:
            return Outcome(placed, values, cands, None)


_SEGMENTS: dict = {}


def _intersections(g: Geometry) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """Every box/line intersection: (its cells, the rest of the box, the rest of the line)."""
    found = _SEGMENTS.get(g)
    if found is None:
        found = []
        for box in g.boxes:
            bset = set(box)
            for line in g.rows + g.cols:
                seg = tuple(c for c in line if c in bset)
                if seg:
                    found.append((seg, tuple(c for c in box if c not in seg),
                                  tuple(c for c in line if c not in bset)))
        _SEGMENTS[g] = found
    return found


_CACHE: dict = {}


#: Above this many cells the outcomes are not kept (each holds a copy of the grid).
CACHED_CELLS = 81


class _Uncached:
    """Outcomes computed on each request, for large grids."""

    def __init__(self, pos: Position):
        self.pos = pos

    def __getitem__(self, cd: tuple[int, int]) -> Outcome:
        return propagate(self.pos, *cd)


def outcomes(pos: Position):
    """The outcome of every candidate of the position, by ``(cell, digit)``: computed once per
    position up to :data:`CACHED_CELLS` cells, on each request above."""
    if pos.geometry.ncells > CACHED_CELLS:
        return _Uncached(pos)
    key = (pos.geometry, tuple(pos.values), tuple(pos.cands))
    found = _CACHE.get(key)
    if found is None:
        found = {(c, d): propagate(pos, c, d)
                 for c, m in enumerate(pos.cands) if m for d in digits_of(m)}
        _CACHE.clear()
        _CACHE[key] = found
    return found


def _chain(g: Geometry, out: Outcome, shown: int = SHOWN) -> str:
    """``r5c5=3 -> r1c5=1 -> ...``: the assumption and the first placements it forces."""
    parts = [f"{g.name(c)}={d}" for c, d in out.placed[:shown]]
    more = " -> ..." if len(out.placed) > shown else ""
    return " -> ".join(parts) + more


@finder("forcing-chain-contradiction")
def forcing_chain_contradiction(pos: Position):
    g = pos.geometry
    tech = REGISTRY["forcing-chain-contradiction"]

    def step(cell: int, d: int, out: Outcome):
        return tech.step(
            pos, f"Forcing Chain (Contradiction): {_chain(g, out)}, then {out.contradiction}",
            eliminations=[(cell, d)], cells=[c for c, _ in out.placed], candidates=[(cell, d)])

    cached = _CACHE.get((g, tuple(pos.values), tuple(pos.cands))) if g.ncells <= CACHED_CELLS else None
    for cell, m in enumerate(pos.cands):
        for d in digits_of(m):
            out = cached[(cell, d)] if cached else propagate(pos, cell, d)
            if out.contradiction:
                yield step(cell, d, out)


def _common(pos: Position, branches: list[Outcome]) -> tuple[list, list]:
    """Placements and eliminations that every branch makes (new to the position)."""
    first, rest = branches[0], branches[1:]
    placements = [(c, d) for c, d in first.placed
                  if not pos.values[c] and all(b.values[c] == d for b in rest)]
    placed_cells = {c for c, _ in placements}
    elims = []
    for c, m in enumerate(pos.cands):
        if not m or c in placed_cells:
            continue
        gone = m
        for b in branches:
            gone &= ~b.cands[c]
            if b.values[c]:
                gone &= ~(1 << (b.values[c] - 1))
            if not gone:
                break
        elims.extend((c, d) for d in digits_of(gone))
    if placements:  # what the placements imply anyway need not be listed
        peers = pos.geometry.peers
        implied = {(p, d) for c, d in placements for p in peers[c]}
        elims = [e for e in elims if e not in implied]
    return placements, elims


@finder("forcing-chain-verity")
def forcing_chain_verity(pos: Position):
    g = pos.geometry
    tech = REGISTRY["forcing-chain-verity"]
    results = outcomes(pos)
    seen = set()

    def verity(sources: list[tuple[int, int]], what: str, houses=()):
        branches = []
        for s in sources:
            out = results[s]
            if out.contradiction:
                return None  # a contradiction step, found as such
            branches.append(out)
        placements, elims = _common(pos, branches)
        key = (tuple(placements), tuple(elims))
        if not (placements or elims) or key in seen:
            return None
        seen.add(key)
        chains = " | ".join(_chain(g, out, BRANCH_SHOWN) for out in branches)
        return tech.step(pos, f"{what} ({chains})", placements=placements, eliminations=elims,
                         cells=sorted({c for c, _ in sources}), houses=list(houses), candidates=sources)

    for cell, m in enumerate(pos.cands):
        if m and m & (m - 1):
            sources = [(cell, d) for d in digits_of(m)]
            step = verity(sources, f"Forcing Chain (Verity): every candidate of {g.name(cell)} "
                                   f"leads to it")
            if step:
                yield step
    for h, house in enumerate(g.houses):
        for d in range(1, g.size + 1):
            cells = pos.cells_with(d, house)
            if len(cells) >= 2:
                step = verity([(c, d) for c in cells],
                              f"Forcing Chain (Verity): every place of {d} in {g.house_name(h)} "
                              f"leads to it", houses=[h])
                if step:
                    yield step
