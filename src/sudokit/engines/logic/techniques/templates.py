"""Templates: every placement of one digit that fits the candidates (a "template").

A template of digit d is a set of N cells, one in each row, column and box, each holding d or
having d as a candidate, that takes every cell where d is already placed. A candidate that no
template uses cannot be d (template delete); a cell that every template uses must be d
(template set). Each template uses one cell of every row, so a cell is in every template
exactly when it is the only cell of its row that any template uses.

As in HoDoKu, a template that takes a cell every template of another digit takes (that cell
holds the other digit) is dropped, and this is repeated until nothing more drops; the set and
delete steps read the templates left.

Templates are counted row by row over bitmasks: a state is the row, the columns used so far and
the columns closed by the boxes used in the current band. The number of ways to finish from
each state is memoised, so the cells some template uses are found without listing templates.
A digit whose states outgrow :data:`STATE_LIMIT` is left alone (big grids early on).
"""

from __future__ import annotations

from functools import lru_cache

from sudokit.engines import limits
from sudokit.model.geometry import CACHED_GEOMETRIES, Geometry
from sudokit.i18n import msg, msgn
from sudokit.engines.logic.links import mask_of, peer_masks
from sudokit.engines.logic.context import context_of
from sudokit.model.position import Position
from sudokit.engines.logic.step import cell_list
from sudokit.engines.logic.techniques.registry import REGISTRY, finder

#: States (row, columns used, columns closed by the band's boxes) counted per digit before the
#: digit is given up: 9x9 positions of hard puzzles need 200 at most; 16x16 and 25x25 grids
#: with many candidates need far more, and are skipped rather than slow.
STATE_LIMIT = 2_000


class _TooMany(Exception):
    pass


@lru_cache(maxsize=CACHED_GEOMETRIES)
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


def _allowed_rows(pos: Position, digit: int) -> list[int]:
    """Per row, the mask of the columns where ``digit`` is placed or a candidate."""
    n = pos.geometry.size
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
    return allowed


def _count(g: Geometry, allowed) -> tuple[int, tuple[int, ...]] | None:
    return (_templates if g.is_classic else _variant_templates)(g, tuple(allowed))


def _cells(n: int, rows) -> list[int]:
    return [r * n + c for r in range(n) for c in range(n) if rows[r] >> c & 1]


def digit_templates(pos: Position, digit: int) -> tuple[int, list[int]] | None:
    """(number of templates of ``digit``, the cells some template uses), or None when the digit
    has too many partial templates to count (see :data:`STATE_LIMIT`)."""
    result = _count(pos.geometry, _allowed_rows(pos, digit))
    if result is None:
        return None
    total, used = result
    return total, _cells(pos.geometry.size, used)


def untemplated(pos: Position) -> list[int | None]:
    """Per digit 1..N (index 0 unused), the mask of its candidate cells that no template uses:
    every elimination logic on that digit alone (fish of any shape, single-digit patterns) can
    make lies there, so a digit with 0 has none. None where unknown: a variant grid, too many
    templates to count, or a candidate sharing a house with the digit placed (a broken
    position: templates then miss what candidate-only logic sees). Kept in the solve's context."""
    context = context_of(pos)
    g = pos.geometry
    key = (g, tuple(pos.values), tuple(pos.cands))
    kept = context.recall("untemplated", key)
    if kept is not None:
        return kept
    n = g.size
    out: list[int | None] = [None] * (n + 1)
    if g.is_classic:
        peers = peer_masks(g)
        full = (1 << n) - 1
        cells = [0] * (n + 1)
        near = [0] * (n + 1)  # per digit, the cells that see it placed
        placed: list[list[int]] = [[] for _ in range(n + 1)]
        for c, (v, m) in enumerate(zip(pos.values, pos.cands)):
            if v:
                near[v] |= peers[c]
                placed[v].append(c)
            while m:
                low = m & -m
                cells[low.bit_length()] |= 1 << c
                m ^= low
        for d in range(1, n + 1):
            if cells[d] & near[d]:
                continue
            allowed = [cells[d] >> (r * n) & full for r in range(n)]  # as _allowed_rows
            for c in placed[d]:
                allowed[c // n] = 1 << c % n
            result = _templates(g, tuple(allowed))
            if result is not None:
                used = 0
                for r, m in enumerate(result[1]):
                    used |= m << (r * n)
                out[d] = cells[d] & ~used
    return context.keep("untemplated", key, out)


def _sure_rows(total: int, used) -> list[int]:
    """Per row, the column every template takes (0 where they differ): a template takes one
    cell of each row, so a row all templates agree on uses a single column."""
    return [m if total and m & (m - 1) == 0 else 0 for m in used]


def refined_templates(pos: Position) -> dict[int, tuple[int, tuple[int, ...], bool]]:
    """Per digit: (templates, per row the columns some template uses, refined?) once the
    templates that take a cell every template of another digit takes are dropped (HoDoKu's
    templates: that cell holds the other digit), repeated until nothing more drops. Digits
    given up (:data:`STATE_LIMIT`) are left out."""
    g = pos.geometry
    n = g.size
    base = {d: _allowed_rows(pos, d) for d in range(1, n + 1)}
    found: dict[int, tuple[int, tuple[int, ...], bool]] = {}
    sure: dict[int, list[int]] = {}
    first: dict[int, int] = {}  # templates before any is dropped
    for d, allowed in base.items():
        result = _count(g, allowed)
        if result is not None:
            found[d] = (*result, False)
            sure[d] = _sure_rows(*result)
            first[d] = result[0]
    changed = True
    while changed:
        changed = False
        for d in found:
            limits.check()
            taken = [0] * n
            for k, rows in sure.items():
                if k != d:
                    taken = [t | m for t, m in zip(taken, rows)]
            allowed = [a & ~t for a, t in zip(base[d], taken)]
            result = _count(g, allowed)  # cached: the same rows cost nothing the second time
            if result is None or not result[0]:
                continue  # too many to count, or a broken position: keep what we had
            rows = _sure_rows(*result)
            found[d] = (*result, result[0] != first[d])
            if rows != sure[d]:
                sure[d] = rows
                changed = True
    return found


def _findings(pos: Position):
    """Per digit with something to do: (digit, templates, refined?, cells to place, cells to
    clear)."""
    n = pos.geometry.size
    for d, (total, used, refined) in sorted(refined_templates(pos).items()):
        if not total:
            continue  # no template at all (a broken position)
        b = 1 << (d - 1)
        clear = [c for c, m in enumerate(pos.cands) if m & b and not used[c // n] >> c % n & 1]
        place = [r * n + (m.bit_length() - 1) for r, m in enumerate(_sure_rows(total, used))
                 if m and not pos.values[r * n + m.bit_length() - 1]]
        if place or clear:
            yield d, total, refined, place, clear


def _fit(total: int, refined: bool):
    if refined:
        return msgn("{n} template fits beside the cells other digits' templates all take",
                    "{n} templates fit beside the cells other digits' templates all take", total)
    return msgn("{n} template fits", "{n} templates fit", total)


@finder("template-set")
def template_set(pos: Position):
    g = pos.geometry
    for d, total, refined, place, _ in _findings(pos):
        if place:
            what = msg("{name}: every placement of all {count} {digit}s uses {cells} ({fit})",
                       name=REGISTRY["template-set"].title, count=g.size, digit=d,
                       cells=cell_list(g, place), fit=_fit(total, refined))
            yield REGISTRY["template-set"].step(
                pos, what, placements=[(c, d) for c in place], cells=place,
                candidates=[(c, d) for c in place])


@finder("template-delete")
def template_delete(pos: Position):
    g = pos.geometry
    for d, total, refined, _, clear in _findings(pos):
        if clear:
            what = msg("{name}: no placement of all {count} {digit}s uses {cells} ({fit})",
                       name=REGISTRY["template-delete"].title, count=g.size, digit=d,
                       cells=cell_list(g, clear), fit=_fit(total, refined))
            yield REGISTRY["template-delete"].step(
                pos, what, eliminations=[(c, d) for c in clear], cells=clear,
                candidates=[(c, d) for c in clear])
