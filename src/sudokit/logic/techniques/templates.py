"""Templates: every placement of one digit that fits the candidates (a "template").

A template of digit d is a set of N cells, one in each row, column and box, each holding d or
having d as a candidate, that takes every cell where d is already placed. A candidate that no
template uses cannot be d (template delete); a cell that every template uses must be d
(template set). Each template uses one cell of every row, so a cell is in every template
exactly when it is the only cell of its row that any template uses.

Templates are counted row by row over bitmasks: a state is the row, the columns used so far and
the columns closed by the boxes used in the current band. The number of ways to finish from
each state is memoised, so the cells some template uses are found without listing templates.
A digit whose states outgrow :data:`STATE_LIMIT` is left alone (big grids early on).
"""

from __future__ import annotations

from functools import lru_cache

from ... import limits
from ...geometry import Geometry
from ..links import mask_of, peer_masks
from ..position import Position
from ..step import cell_list
from .registry import REGISTRY, finder

#: States (row, columns used, columns closed by the band's boxes) counted per digit before the
#: digit is given up: 9x9 positions of hard puzzles need 200 at most; 16x16 and 25x25 grids
#: with many candidates need far more, and are skipped rather than slow.
STATE_LIMIT = 2_000


class _TooMany(Exception):
    pass


@lru_cache(maxsize=None)
def _stack_masks(g: Geometry) -> tuple[int, ...]:
    """Per column, the mask of the columns of its stack (the boxes' columns)."""
    bc = g.box_cols
    return tuple(((1 << bc) - 1) << (c - c % bc) for c in range(g.size))


@lru_cache(maxsize=4096)
def _templates(g: Geometry, allowed: tuple[int, ...]) -> tuple[int, tuple[int, ...]] | None:
    """(number of templates, per row the mask of columns some template uses) for the column
    masks ``allowed`` of each row, or None when the count outgrows :data:`STATE_LIMIT`."""
    n, br = g.size, g.box_rows
    stack = _stack_masks(g)
    ways: dict[tuple[int, int, int], int] = {}

    def count(r: int, cols: int, closed: int) -> int:
        if r == n:
            return 1
        if r % br == 0:
            closed = 0
        key = (r, cols, closed)
        known = ways.get(key)
        if known is not None:
            return known
        if len(ways) >= STATE_LIMIT:
            raise _TooMany
        total = 0
        free = allowed[r] & ~cols & ~closed
        while free:
            low = free & -free
            free ^= low
            total += count(r + 1, cols | low, closed | stack[low.bit_length() - 1])
        ways[key] = total
        return total

    try:
        total = count(0, 0, 0)
    except _TooMany:
        return None
    used = [0] * n
    if total:
        # walk the states that lead to a template; each is expanded once
        level = {(0, 0)}
        for r in range(n):
            nxt = set()
            for cols, closed in level:
                if r % br == 0:
                    closed = 0
                free = allowed[r] & ~cols & ~closed
                while free:
                    low = free & -free
                    free ^= low
                    child = (cols | low, closed | stack[low.bit_length() - 1])
                    if r + 1 == n or ways[(r + 1, child[0], 0 if (r + 1) % br == 0 else child[1])]:
                        used[r] |= low
                        nxt.add(child)
            level = nxt
    return total, tuple(used)


#: Partial placements tried per digit in a variant grid (:func:`_variant_templates`) before
#: the digit is given up.
NODE_LIMIT = 20_000


@lru_cache(maxsize=4096)
def _variant_templates(g: Geometry, allowed: tuple[int, ...]) -> tuple[int, tuple[int, ...]] | None:
    """:func:`_templates` for a variant grid: row by row, each cell chosen must not see one
    chosen before (a peer: same column, region, diagonal, window or a chess move away), and a
    template must take a cell of every variant house. Templates are listed, not counted by
    states, so at most :data:`NODE_LIMIT` partial ones are tried (None beyond)."""
    n = g.size
    peers = peer_masks(g)
    extra = [mask_of(cells) for cells, _ in g.extra_houses]
    used = [0] * n
    total = nodes = 0
    chosen = [0] * n

    def place(r: int, blocked: int, taken: int) -> None:
        nonlocal total, nodes
        if r == n:
            if all(taken & x for x in extra):
                total += 1
                for i, c in enumerate(chosen):
                    used[i] |= 1 << c
            return
        nodes += 1
        if nodes > NODE_LIMIT:
            raise _TooMany
        free = allowed[r]
        while free:
            low = free & -free
            free ^= low
            cell = r * n + low.bit_length() - 1
            if not blocked >> cell & 1:
                chosen[r] = low.bit_length() - 1
                place(r + 1, blocked | peers[cell], taken | 1 << cell)

    try:
        place(0, 0, 0)
    except _TooMany:
        return None
    return total, tuple(used)


def digit_templates(pos: Position, digit: int) -> tuple[int, list[int]] | None:
    """(number of templates of ``digit``, the cells some template uses), or None when the digit
    has too many partial templates to count (see :data:`STATE_LIMIT`)."""
    g = pos.geometry
    n = g.size
    b = 1 << (digit - 1)
    allowed = []
    for r in range(n):
        m = 0
        for c in range(n):
            cell = r * n + c
            if pos.values[cell] == digit:
                m = 1 << c  # the placed digit: the only choice of its row
                break
            if pos.cands[cell] & b:
                m |= 1 << c
        allowed.append(m)
    result = (_templates if g.is_classic else _variant_templates)(g, tuple(allowed))
    if result is None:
        return None
    total, used = result
    return total, [r * n + c for r in range(n) for c in range(n) if used[r] >> c & 1]


def _findings(pos: Position):
    """Per digit with something to do: (digit, templates, cells to place, cells to clear)."""
    g = pos.geometry
    n = g.size
    for d in range(1, n + 1):
        limits.check()
        b = 1 << (d - 1)
        cands = [c for c, m in enumerate(pos.cands) if m & b]
        if not cands:
            continue
        found = digit_templates(pos, d)
        if found is None or not found[0]:
            continue  # too many to count, or no template at all (a broken position)
        total, used = found
        used_set = set(used)
        clear = [c for c in cands if c not in used_set]
        per_row: dict[int, list[int]] = {}
        for c in used:
            per_row.setdefault(c // n, []).append(c)
        place = [cells[0] for cells in per_row.values()
                 if len(cells) == 1 and not pos.values[cells[0]]]
        if place or clear:
            yield d, total, sorted(place), clear


def _fit(total: int) -> str:
    return "1 template fits" if total == 1 else f"{total} templates fit"


@finder("template-set")
def template_set(pos: Position):
    g = pos.geometry
    for d, total, place, _ in _findings(pos):
        if place:
            what = (f"Template Set: every placement of all {g.size} {d}s uses "
                    f"{cell_list(g, place)} ({_fit(total)})")
            yield REGISTRY["template-set"].step(
                pos, what, placements=[(c, d) for c in place], cells=place,
                candidates=[(c, d) for c in place])


@finder("template-delete")
def template_delete(pos: Position):
    g = pos.geometry
    for d, total, _, clear in _findings(pos):
        if clear:
            what = (f"Template Delete: no placement of all {g.size} {d}s uses "
                    f"{cell_list(g, clear)} ({_fit(total)})")
            yield REGISTRY["template-delete"].step(
                pos, what, eliminations=[(c, d) for c in clear], cells=clear,
                candidates=[(c, d) for c in clear])
