"""Almost Locked Sets (ALS) of a position and the restricted common candidates between them.

An ALS is ``N`` empty cells of one house holding together exactly ``N + 1`` candidates (a
bivalue cell is the smallest, ``N = 1``). If one of its digits is ruled out, the other ``N``
are locked in its cells.

A *restricted common candidate* (RCC) ``x`` of two ALS ``A`` and ``B`` is a digit of both
where every ``x`` cell of ``A`` sees every ``x`` cell of ``B``: at most one of the two sets
holds ``x``. Cells that see each other pairwise lie in one house, so ``x`` is an RCC exactly
when the ``x`` cells of both sets lie in one house and none is in both sets; RCCs are found by
bucketing the sets by (digit, house) instead of testing every pair. Two sets may share cells
(HoDoKu's "ALS overlap") as long as no RCC sits in the shared cells; such pairs are kept apart
(:attr:`ALSIndex.overlap_rcc`) so that the finders look at the disjoint pairs first and at the
overlapping ones only when ``options.current().als_overlap`` allows it.

:func:`als_index` enumerates the sets once per position (up to :data:`MAX_ALS_CELLS` cells)
and keeps the last index, so the ALS finders called one after the other share it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sudokit.model.geometry import Geometry
from sudokit.i18n.values import cell_name
from sudokit.engines.logic.links import digit_cell_masks, house_masks, peer_masks
from sudokit.engines.logic.context import context_of
from sudokit.model.position import Position

MAX_ALS_CELLS = 6
"""Largest ALS enumerated (cells). Bigger sets are rare in useful patterns and their number
grows fast on large grids."""

MAX_ALS = 600
"""Most ALS kept for one position (smallest first); bounds the pair work on large grids."""

FULL_MAX_CELLS = 8
"""Largest ALS of the full enumeration (:func:`full_als_index`, for listing every instance):
a 9x9 house's eight cells."""

FULL_MAX_ALS = 4000
"""Most ALS the full enumeration keeps."""

MAX_ALS_NODES = 200_000
"""Most cell subsets the enumeration looks at in one position (a safety net for large grids
full of cells with few candidates; 9x9 positions need a few thousand)."""


@dataclass(slots=True, eq=False)
class ALS:
    """One almost locked set: ``cells`` and ``digits`` are bitmasks (bit ``d - 1`` for digit
    ``d``); ``cells_with[d]`` the mask of its cells holding ``d``; ``sees_all[d]`` the mask of
    the cells seeing every one of those; ``targets[d]`` the cells outside the set that hold
    ``d`` and see all its ``d`` cells (``d`` there is ruled out if the set holds ``d``)."""

    index: int
    house: int
    cells: int
    digits: int
    size: int
    cells_with: dict[int, int] = field(default_factory=dict)
    sees_all: dict[int, int] = field(default_factory=dict)
    targets: dict[int, int] = field(default_factory=dict)
    reaching: int = 0
    """Digit mask: digits with at least one target."""


class ALSIndex:
    """The ALS of one position and the RCCs between them.

    ``als`` is ordered by size, then cells; ``rcc[(i, j)]`` (``i < j``) is the digit mask of the
    RCCs of the cell-disjoint ``als[i]`` and ``als[j]``; ``neighbours[i]`` lists ``(j, mask)``
    for every disjoint ALS ``j`` sharing an RCC with ``als[i]``. ``overlap_rcc`` and
    ``overlap_neighbours`` are the same for the pairs that share cells. ``max_cells`` and
    ``limit`` default to :data:`MAX_ALS_CELLS` and :data:`MAX_ALS`.
    """

    def __init__(self, pos: Position, max_cells: int | None = None, limit: int | None = None):
        self.pos = pos
        self.geometry = g = pos.geometry
        self.peers = peer_masks(g)
        self.house_masks = house_masks(g)
        self.digit_cells = digit_cell_masks(pos)
        self.als: list[ALS] = _enumerate(pos, self, max_cells or MAX_ALS_CELLS, limit or MAX_ALS)
        self._rcc: dict[tuple[int, int], int] | None = None
        self._overlap_rcc: dict[tuple[int, int], int] | None = None
        self._neighbours: list[list[tuple[int, int]]] | None = None
        self._overlap_neighbours: list[list[tuple[int, int]]] | None = None

    @property
    def rcc(self) -> dict[tuple[int, int], int]:
        if self._rcc is None:
            self._rcc, self._overlap_rcc = _rccs(self)
        return self._rcc

    @property
    def overlap_rcc(self) -> dict[tuple[int, int], int]:
        if self._overlap_rcc is None:
            self._rcc, self._overlap_rcc = _rccs(self)
        return self._overlap_rcc

    @property
    def neighbours(self) -> list[list[tuple[int, int]]]:
        if self._neighbours is None:
            self._neighbours = self._adjacency(self.rcc)
        return self._neighbours

    @property
    def overlap_neighbours(self) -> list[list[tuple[int, int]]]:
        if self._overlap_neighbours is None:
            self._overlap_neighbours = self._adjacency(self.overlap_rcc)
        return self._overlap_neighbours

    def _adjacency(self, rcc: dict[tuple[int, int], int]) -> list[list[tuple[int, int]]]:
        nb: list[list[tuple[int, int]]] = [[] for _ in self.als]
        for (i, j), m in rcc.items():
            nb[i].append((j, m))
            nb[j].append((i, m))
        for lst in nb:
            lst.sort()
        return nb

    def rcc_of(self, i: int, j: int) -> int:
        """The RCC mask of ``als[i]`` and ``als[j]``, whether they share cells or not."""
        key = (i, j) if i < j else (j, i)
        return self.rcc.get(key, 0) or self.overlap_rcc.get(key, 0)


def _enumerate(pos: Position, index: ALSIndex, max_cells: int, limit: int) -> list[ALS]:
    g, cands = pos.geometry, pos.cands
    peers, dm = index.peers, index.digit_cells
    found: dict[int, tuple[int, int, int]] = {}  # cell mask -> (house, digits, size)
    budget = [MAX_ALS_NODES]
    for h, house in enumerate(g.houses):
        empty = [c for c in house if cands[c]]
        top = min(max_cells, len(empty) - 1)  # all the empty cells of a house are locked
        if top < 1:
            continue
        n = len(empty)
        masks = [cands[c] for c in empty]
        bits = [1 << c for c in empty]

        def grow(start: int, cells: int, union: int, size: int) -> None:
            budget[0] -= n - start
            if budget[0] < 0:
                return
            for k in range(start, n):
                u = union | masks[k]
                if u.bit_count() > top + 1:
                    continue
                cm = cells | bits[k]
                s = size + 1
                if u.bit_count() == s + 1 and cm not in found:
                    found[cm] = (h, u, s)
                if s < top:
                    grow(k + 1, cm, u, s)

        grow(0, 0, 0, 0)
    items = sorted(found.items(), key=lambda kv: (kv[1][2], kv[0]))[:limit]
    out = []
    seen_memo: dict[int, int] = {}  # cell mask -> cells seeing all of them
    for i, (cm, (h, digits, size)) in enumerate(items):
        a = ALS(i, h, cm, digits, size)
        cells_with, sees_all, targets = a.cells_with, a.sees_all, a.targets
        reaching = 0
        m = digits
        while m:
            dl = m & -m
            m ^= dl
            d = dl.bit_length()
            dc = cm & dm[d]
            cells_with[d] = dc
            seen = seen_memo.get(dc)
            if seen is None:
                seen = -1
                x = dc
                while x:
                    low = x & -x
                    seen &= peers[low.bit_length() - 1]
                    x ^= low
                seen_memo[dc] = seen
            sees_all[d] = seen
            t = seen & dm[d]
            targets[d] = t
            if t:
                reaching |= dl
        a.reaching = reaching
        out.append(a)
    return out


def _rccs(index: ALSIndex) -> tuple[dict[tuple[int, int], int], dict[tuple[int, int], int]]:
    """Bucket every (ALS, digit) by the houses holding all the ALS's cells with the digit;
    two sets in one bucket have that digit as an RCC unless a cell of both holds it. Returns
    the RCCs of the disjoint pairs and those of the overlapping pairs."""
    g = index.geometry
    houses_of, hmasks = g.houses_of, index.house_masks
    buckets: dict[tuple[int, int], list[ALS]] = {}
    houses_memo: dict[int, list[int]] = {}  # cell mask -> the houses holding all its cells
    for a in index.als:
        for d, dc in a.cells_with.items():
            hs = houses_memo.get(dc)
            if hs is None:
                first = (dc & -dc).bit_length() - 1
                hs = houses_memo[dc] = [h for h in houses_of[first] if hmasks[h] & dc == dc]
            for h in hs:
                key = (d, h)
                bucket = buckets.get(key)
                if bucket is None:
                    buckets[key] = [a]
                else:
                    bucket.append(a)
    rcc: dict[tuple[int, int], int] = {}
    overlap: dict[tuple[int, int], int] = {}
    for (d, _h), members in buckets.items():
        if len(members) < 2:
            continue
        b = 1 << (d - 1)
        for k, a in enumerate(members):
            ac, ai = a.cells, a.index
            for o in members[k + 1:]:
                key = (ai, o.index)  # members are in index order
                if ac & o.cells:
                    if not a.cells_with[d] & o.cells_with[d]:
                        overlap[key] = overlap.get(key, 0) | b
                    continue
                rcc[key] = rcc.get(key, 0) | b
    return rcc, overlap


def als_index(pos: Position) -> ALSIndex:
    """The :class:`ALSIndex` of ``pos``, kept in its solve's context while the position stays
    the same (the ALS finders run one after another on the same position)."""
    context = context_of(pos)
    key = (pos.geometry, tuple(pos.values), tuple(pos.cands))
    index = context.recall("als-index", key)
    if index is None:
        index = context.keep("als-index", key, ALSIndex(pos))
    return index


def full_als_index(pos: Position) -> ALSIndex:
    """Like :func:`als_index` with the larger caps :data:`FULL_MAX_CELLS` and
    :data:`FULL_MAX_ALS` (every ALS of a 9x9 position): the finders list the instances made
    of larger sets from it after those of :func:`als_index`. The same index when the caps
    are not larger."""
    if FULL_MAX_CELLS <= MAX_ALS_CELLS and FULL_MAX_ALS <= MAX_ALS:
        return als_index(pos)
    context = context_of(pos)
    key = (pos.geometry, tuple(pos.values), tuple(pos.cands))
    index = context.recall("full-als-index", key)
    if index is None:
        index = context.keep("full-als-index", key, ALSIndex(
            pos, max(FULL_MAX_CELLS, MAX_ALS_CELLS), max(FULL_MAX_ALS, MAX_ALS)))
    return index


def describe_als(geometry: Geometry, a: ALS) -> str:
    """``r1c1,r1c2 {3,5,8}`` (cells named in the language in use)."""
    cells = []
    m = a.cells
    while m:
        low = m & -m
        cells.append(cell_name(geometry, low.bit_length() - 1))
        m ^= low
    digits = []
    m = a.digits
    while m:
        low = m & -m
        digits.append(str(low.bit_length()))
        m ^= low
    return f"{','.join(cells)} {{{','.join(digits)}}}"


__all__ = ["ALS", "ALSIndex", "als_index", "full_als_index", "describe_als", "MAX_ALS_CELLS",
           "MAX_ALS", "FULL_MAX_CELLS", "FULL_MAX_ALS", "MAX_ALS_NODES"]
