"""Aligned exclusion: Sudoku Explainer's Aligned Pair Exclusion (6.2) and Aligned Triple
Exclusion (7.5).

Base cells are unsolved cells with at least two candidates; an *excluding cell* of a base set
is a cell seeing every base cell with two to ``k`` candidates (``k`` = 2 for pairs, 3 for
triples). A combination of values for the base cells is impossible when two base cells sharing
a house get the same digit, or when it would leave an excluding cell without candidates (its
candidates all among the combination's digits). A base cell's candidate that takes part in no
possible combination is removed.

Which base sets are looked at follows Sudoku Explainer: any two base cells (aligned or not)
with at least two common excluding cells; for triples, two such cells and a third seeing one of
them that could itself be an excluding cell (two or three candidates), the three having at least
two common excluding cells.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from sudokit.i18n import msg
from sudokit.i18n.values import Cell, Join
from sudokit.engines.logic.links import cells_of, peer_masks
from sudokit.model.position import Position, bit, digits_of
from sudokit.engines.logic.step import Mark, cell_list, digit_list
from sudokit.engines.logic.techniques.registry import REGISTRY, finder


def _excluders(pos: Position, degree: int) -> tuple[tuple[int, ...], list[int], dict[int, int]]:
    """(peer masks, base cells, each base cell's excluding cells as a mask): cells with two to
    ``degree`` candidates that see it; a cell with none takes part in no base set."""
    peers = peer_masks(pos.geometry)
    cands = pos.cands
    pool = 0
    for c, m in enumerate(cands):
        if 2 <= m.bit_count() <= degree:
            pool |= 1 << c
    excl = {}
    for c, m in enumerate(cands):
        if m.bit_count() >= 2 and peers[c] & pool:
            excl[c] = peers[c] & pool
    return peers, list(excl), excl


def _base_sets(pos: Position, degree: int):
    """(base cells, common excluding cells mask) of every base set, each once."""
    peers, base, excl = _excluders(pos, degree)
    base_mask = sum(1 << c for c in base)
    seen = set()
    for a in base:
        # the cells seeing two or more of a's excluding cells: the partners with two in common
        once = twice = 0
        for e in cells_of(excl[a]):
            twice |= once & peers[e]
            once |= peers[e]
        for b in cells_of(twice & base_mask & -(2 << a)):
            pair_common = excl[a] & excl[b]
            if degree == 2:
                yield (a, b), pair_common
                continue
            twin = (excl[a] | excl[b]) & base_mask & ~(1 << a) & ~(1 << b)
            for c in cells_of(twin):
                common = pair_common & excl[c]
                if common.bit_count() >= 2:
                    cells = tuple(sorted((a, b, c)))
                    if cells not in seen:
                        seen.add(cells)
                        yield cells, common


def _allowed(values: tuple[int, ...], linked, excluders) -> int:
    """0 if the combination is possible, else why not: -1 for a digit twice in a house, or the
    excluding cell it empties."""
    for i, j in linked:
        if values[i] == values[j]:
            return -1
    used = 0
    for v in values:
        used |= bit(v)
    for cell, m in excluders:
        if not m & ~used:
            return cell + 1
    return 0


def _eliminations(pos: Position, cells, linked, excluders, threat: int) -> list[tuple[int, int]]:
    """The candidates of the base cells that take part in no possible combination (``threat``:
    the digits of the excluding cells)."""
    cands = pos.cands
    n = len(cells)
    seen = [0] * n  # each base cell's linked base cells, as indices
    for a, b in linked:
        seen[a] |= 1 << b
        seen[b] |= 1 << a
    out = []
    for i, cell in enumerate(cells):
        near = threat
        for j in range(n):
            if seen[i] >> j & 1:
                near |= cands[cells[j]]
        for v in _digits(cands[cell] & near):
            if _survives_easily(cands, cells, i, v, threat, seen):
                continue
            others = [(v,) if j == i else _digits(cands[c]) for j, c in enumerate(cells)]
            if all(_allowed(vals, linked, excluders) for vals in product(*others)):
                out.append((cell, v))
    return out


def _survives_easily(cands, cells, i, v, threat, seen) -> bool:
    """Whether ``cell i = v`` has a possible combination in which the other base cells take
    digits no excluding cell holds (distinct where they see each other): an excluding cell,
    two digits or more, cannot then lie within the combination's digits."""
    free = []
    for j, c in enumerate(cells):
        if j != i:
            f = cands[c] & ~threat
            if seen[i] >> j & 1:
                f &= ~bit(v)
            if not f:
                return False
            free.append((j, f))
    if len(free) == 2:
        (j, f), (k, h) = free
        if seen[j] >> k & 1 and f == h and f.bit_count() == 1:
            return False
    return True


def _may_exclude(cands, cells, linked, threat: int) -> bool:
    """Whether a digit of a base cell may take part in no possible combination: only when the
    other base cells cannot all take digits no excluding cell holds (see _survives_easily), so
    when one base cell has at most one such digit, or (in a triple) two seeing each other at
    most two each."""
    free = [(cands[c] & ~threat).bit_count() for c in cells]
    return min(free) <= 1 or len(cells) > 2 and any(free[i] <= 2 and free[j] <= 2
                                                    for i, j in linked)


@lru_cache(maxsize=4096)
def _digits(mask: int) -> tuple[int, ...]:
    return tuple(digits_of(mask))


def _why(pos: Position, values, reason: int):
    g = pos.geometry
    combo = "/".join(str(v) for v in values)
    if reason < 0:
        return msg("{combo} repeats a digit in a house", combo=combo)
    return msg("{combo} empties {cell}", combo=combo, cell=Cell(g, reason - 1))


def _aligned_exclusion(pos: Position, degree: int, technique: str):
    tech = REGISTRY[technique]
    g, cands = pos.geometry, pos.cands
    peers = peer_masks(g)
    for cells, common in _base_sets(pos, degree):
        union = 0
        for c in cells:
            union |= cands[c]
        # an excluding cell with a digit no base cell holds is never emptied
        excluders = [(e, cands[e]) for e in cells_of(common) if not cands[e] & ~union]
        threat = 0
        for _, m in excluders:
            threat |= m
        if degree == 2 and min((cands[c] & ~threat).bit_count() for c in cells) > 1:
            continue  # the common case, ruled out before the links are looked at
        linked = [(i, j) for i in range(len(cells)) for j in range(i + 1, len(cells))
                  if peers[cells[i]] >> cells[j] & 1]
        if not _may_exclude(cands, cells, linked, threat):
            continue
        elims = _eliminations(pos, cells, linked, excluders, threat)
        if not elims:
            continue
        lists = [_digits(cands[c]) for c in cells]
        excluded = []
        for vals in product(*lists):
            if any(vals[cells.index(c)] == v for c, v in elims):
                reason = _allowed(vals, linked, excluders)
                excluded.append(_why(pos, vals, reason))
        shown = [e for e, _ in excluders]
        what = msg("{name} {cells} with excluding cells {excluding}: every combination of their "
                   "digits (in that order) holding a removed one is impossible ({why})",
                   name=tech.title, cells=cell_list(g, cells),
                   excluding=Join(msg("{cell} ({digits})", cell=Cell(g, e),
                                      digits=digit_list(digits_of(m))) for e, m in excluders),
                   why=Join(excluded, "; "))
        yield tech.step(pos, what, eliminations=elims, cells=list(cells) + shown,
                        candidates=[(c, d) for c in cells for d in digits_of(cands[c])],
                        marks=[Mark("pattern", tuple(cells), label="base"),
                               Mark("pattern", tuple(shown), label="excluding")])


@finder("aligned-pair-exclusion")
def aligned_pair_exclusion(pos: Position):
    yield from _aligned_exclusion(pos, 2, "aligned-pair-exclusion")


@finder("aligned-triple-exclusion")
def aligned_triple_exclusion(pos: Position):
    yield from _aligned_exclusion(pos, 3, "aligned-triple-exclusion")
