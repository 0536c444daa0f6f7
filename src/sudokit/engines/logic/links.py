"""Link-graph helpers shared by the single-digit, colouring, wing and chain techniques.

Sets of cells are int bitmasks (bit ``i`` = cell ``i``), so "cells that see both ends" is one
``&`` of two peer masks. A :class:`LinkGraph` is built once per finder call and computes what
the finder asks for (per-digit candidate masks, conjugate pairs, bivalue cells) on demand.

A *strong link* on a digit is a conjugate pair: the only two cells of a house with the digit
(exactly one of them holds it). Two cells with the digit that see each other form a *weak*
link (not both hold it).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from sudokit.model.geometry import CACHED_GEOMETRIES, Geometry
from sudokit.i18n.values import cell_name
from sudokit.engines.logic.context import context_of
from sudokit.model.position import Position
from sudokit.engines.logic.step import Candidate, Link

# --- cell sets as bitmasks ----------------------------------------------------------------


@lru_cache(maxsize=CACHED_GEOMETRIES)
def peer_masks(geometry: Geometry) -> tuple[int, ...]:
    """For each cell, the bitmask of its peers (cells sharing a house, itself excluded)."""
    out = []
    for cell in range(geometry.ncells):
        m = 0
        for p in geometry.peers[cell]:
            m |= 1 << p
        out.append(m)
    return tuple(out)


@lru_cache(maxsize=CACHED_GEOMETRIES)
def house_masks(geometry: Geometry) -> tuple[int, ...]:
    """For each house index (rows, columns, boxes), the bitmask of its cells."""
    return tuple(mask_of(h) for h in geometry.houses)


def mask_of(cells: Iterable[int]) -> int:
    m = 0
    for c in cells:
        m |= 1 << c
    return m


def cells_of(mask: int) -> Iterator[int]:
    """The cells whose bits are set in ``mask``, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def sees(geometry: Geometry, a: int, b: int) -> bool:
    """True if distinct cells ``a`` and ``b`` share a house."""
    return bool(peer_masks(geometry)[a] >> b & 1)


def seen_by_all(geometry: Geometry, cells: Iterable[int]) -> int:
    """Bitmask of the cells that see every cell of ``cells`` (none of them included)."""
    peers = peer_masks(geometry)
    m = -1
    for c in cells:
        m &= peers[c]
    return m if m != -1 else 0


def digit_cell_masks(pos: Position) -> list[int]:
    """For each digit 1..N (index 0 unused), the bitmask of the cells holding it as a candidate
    (a new list; the masks are kept in the solve's context, as the finders ask one after
    another)."""
    context = context_of(pos)
    key = (pos.geometry.size, tuple(pos.cands))
    kept = context.recall("digit-cells", key)
    if kept is not None:
        return list(kept)
    out = [0] * (pos.geometry.size + 1)
    for cell, m in enumerate(pos.cands):
        while m:
            low = m & -m
            out[low.bit_length()] |= 1 << cell
            m ^= low
    context.keep("digit-cells", key, out)
    return list(out)


def house_kind(geometry: Geometry, house: int) -> str:
    """``row``, ``column``, ``box``, or a variant's ``region``, ``diagonal``, ``window``."""
    return geometry.house_name(house).split()[0]


# --- links ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StrongLink:
    """A conjugate pair on one digit: cells ``a < b``, the houses where they are its only cells."""

    a: int
    b: int
    houses: tuple[int, ...]

    def other(self, cell: int) -> int:
        return self.b if cell == self.a else self.a

    def in_kind(self, geometry: Geometry, kind: int) -> int | None:
        """The house of kind 0 (row), 1 (column) or 2 (box) where the pair is conjugate, or None."""
        n = geometry.size
        for h in self.houses:
            if h // n == kind:
                return h
        return None


class LinkGraph:
    """Per-position link data, computed lazily and kept for the finder call."""

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self.geometry = g = pos.geometry
        self.size = g.size
        self.peers = peer_masks(g)
        self.house_masks = house_masks(g)
        self.digit_cells: list[int] = digit_cell_masks(pos)
        self._strong: dict[int, list[StrongLink]] = {}
        self._partners: dict[int, dict[int, list[int]]] = {}
        self._bivalue: list[int] | None = None

    def sees(self, a: int, b: int) -> bool:
        return bool(self.peers[a] >> b & 1)

    def strong_links(self, digit: int) -> list[StrongLink]:
        """The conjugate pairs of ``digit``, each pair once (with all houses it is conjugate in)."""
        links = self._strong.get(digit)
        if links is None:
            dmask = self.digit_cells[digit]
            found: dict[tuple[int, int], list[int]] = {}
            if dmask:
                for h, hm in enumerate(self.house_masks):
                    m = hm & dmask
                    if m and m.bit_count() == 2:
                        a = (m & -m).bit_length() - 1
                        b = m.bit_length() - 1
                        found.setdefault((a, b), []).append(h)
            links = [StrongLink(a, b, tuple(hs)) for (a, b), hs in sorted(found.items())]
            self._strong[digit] = links
        return links

    def partners(self, digit: int) -> dict[int, list[int]]:
        """Cell -> the cells it forms a conjugate pair with on ``digit``."""
        p = self._partners.get(digit)
        if p is None:
            p = {}
            for link in self.strong_links(digit):
                p.setdefault(link.a, []).append(link.b)
                p.setdefault(link.b, []).append(link.a)
            self._partners[digit] = p
        return p

    def bivalue_cells(self) -> list[int]:
        """Empty cells with exactly two candidates, ascending."""
        if self._bivalue is None:
            self._bivalue = [c for c, m in enumerate(self.pos.cands) if m and m.bit_count() == 2]
        return self._bivalue

    def targets(self, digit: int, cells: Iterable[int], exclude: int = 0) -> int:
        """Bitmask of the cells holding ``digit`` that see every cell of ``cells``."""
        return seen_by_all(self.geometry, cells) & self.digit_cells[digit] & ~exclude

    def clusters(self, digit: int) -> list[tuple[list[int], list[int]]]:
        """The conjugate-pair clusters of ``digit``, each as its two colour classes.

        Colours come from a breadth-first walk, so any two cells joined by a walk of strong
        links of odd length get opposite colours (an inconsistent position may break this for
        other walks; deductions stay sound whenever the position has a solution).
        """
        partners = self.partners(digit)
        colour: dict[int, int] = {}
        out = []
        for start in sorted(partners):
            if start in colour:
                continue
            colour[start] = 0
            classes: tuple[list[int], list[int]] = ([start], [])
            queue = [start]
            for cell in queue:
                c = colour[cell]
                for nxt in partners[cell]:
                    if nxt not in colour:
                        colour[nxt] = 1 - c
                        classes[1 - c].append(nxt)
                        queue.append(nxt)
            out.append((sorted(classes[0]), sorted(classes[1])))
        return out


# --- writing chains ---------------------------------------------------------------------------
# In the language in use (cells ``r1c2`` / ``r1k2``); a step keeps them as i18n.values.Lazy.


def candidate_name(geometry: Geometry, cand: Candidate) -> str:
    """``r1c2=5`` for candidate 5 of r1c2."""
    cell, digit = cand
    return f"{cell_name(geometry, cell)}={digit}"


def chain_text(geometry: Geometry, nodes: list[Candidate], strong: list[bool]) -> str:
    """A chain written out: ``r1c2=5 - r1c7=5 = r4c7=5`` (``=`` strong, ``-`` weak)."""
    parts = [candidate_name(geometry, nodes[0])]
    for node, s in zip(nodes[1:], strong):
        parts.append("=" if s else "-")
        parts.append(candidate_name(geometry, node))
    return " ".join(parts)


def chain_links(nodes: list[Candidate], strong: list[bool]) -> list[Link]:
    return [Link(a, b, s) for a, b, s in zip(nodes, nodes[1:], strong)]


def cell_chain_text(geometry: Geometry, cells: list[int], strong: list[bool]) -> str:
    """A one-digit chain written by cells only: ``r1c7 = r1c2 - r4c2 = r4c8``."""
    parts = [cell_name(geometry, cells[0])]
    for cell, s in zip(cells[1:], strong):
        parts.append("=" if s else "-")
        parts.append(cell_name(geometry, cell))
    return " ".join(parts)


__all__ = [
    "LinkGraph", "StrongLink", "peer_masks", "house_masks", "mask_of", "cells_of", "sees",
    "seen_by_all", "digit_cell_masks", "house_kind", "candidate_name", "chain_text", "chain_links", "cell_chain_text",
]
