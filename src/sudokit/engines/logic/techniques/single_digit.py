"""Single-digit patterns: two conjugate pairs joined by a weak link, and the empty rectangle.

Each of Skyscraper, 2-String Kite and Turbot Fish is a chain ``a = b - c = e`` on one digit
(two strong links whose inner ends ``b``, ``c`` see each other): ``a`` or ``e`` holds the digit,
so a cell seeing both loses it. They differ only in where the links lie:

- Skyscraper: both strong links in parallel lines (two rows or two columns), the inner ends
  in one crossing line and the outer ends not (else it is an X-Wing);
- 2-String Kite: one strong link in a row, one in a column, the inner ends in one box (an
  outer end may lie in that box too);
- Turbot Fish: every such chain (the 4-cell X-chain, of which the others are special cases):
  first those that are neither (a strong link in a box, or two lines joined in a box), then
  the skyscrapers, kites and half X-Wings (two parallel links with both pairs of ends
  aligned), as HoDoKu lists them.

A cell seeing both ends loses the digit (for the turbot fish, an inner cell of the chain too:
an X-chain's elimination). A digit whose every candidate lies in some template (see
templates.untemplated) is skipped: no single-digit pattern removes anything there.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudokit.i18n import msg
from sudokit.i18n.values import Cell, House, Houses, Lazy
from sudokit.engines.logic.links import LinkGraph, StrongLink, cell_chain_text, cells_of, mask_of
from sudokit.model.position import Position
from sudokit.engines.logic.step import Link, Step
from sudokit.engines.logic.techniques.registry import REGISTRY, finder
from sudokit.engines.logic.techniques.templates import untemplated

ROW, COL, BOX = 0, 1, 2

Chain = tuple[int, int, int, int, StrongLink, StrongLink]


def _chains(graph: LinkGraph, digit: int) -> Iterator[Chain]:
    """Every chain ``a = b - c = e`` on ``digit`` over four distinct cells, once up to reversal."""
    links = graph.strong_links(digit)
    peers = graph.peers
    for i, l1 in enumerate(links):
        for l2 in links[i + 1:]:
            if l1.a in (l2.a, l2.b) or l1.b in (l2.a, l2.b):
                continue
            for b in (l1.a, l1.b):
                pb = peers[b]
                for c in (l2.a, l2.b):
                    if pb >> c & 1:
                        yield l1.other(b), b, c, l2.other(c), l1, l2


def _kind(graph: LinkGraph, chain: Chain) -> str:
    """Which named pattern a chain is: skyscraper, kite, turbot (the general case), or x-wing
    (parallel links with both ends aligned: a fish, reported by none of these finders)."""
    g = graph.geometry
    a, b, c, e, l1, l2 = chain
    for line in (ROW, COL):
        h1, h2 = l1.in_kind(g, line), l2.in_kind(g, line)
        if h1 is not None and h2 is not None:
            cross = g.col_of if line == ROW else g.row_of
            if cross(b) == cross(c):
                return "skyscraper" if cross(a) != cross(e) else "x-wing"
    for k1, k2 in ((ROW, COL), (COL, ROW)):
        if l1.in_kind(g, k1) is not None and l2.in_kind(g, k2) is not None:
            if g.box_of(b) == g.box_of(c):
                return "kite"
    return "turbot"


def _kite_target(g, chain: Chain) -> int:
    """The cell a kite clears: in the row of the column link's outer end and the column of
    the row link's (when an outer end lies in the inner ends' box, other cells see both ends
    too; the turbot fish lists those)."""
    a, b, c, e, l1, l2 = chain
    row_end, col_end = (a, e) if l1.in_kind(g, ROW) is not None and \
        l2.in_kind(g, COL) is not None else (e, a)
    return g.cell(g.row_of(col_end), g.col_of(row_end))


def _chain_steps(pos: Position, kinds: tuple[str, ...], technique: str,
                 inner: bool = False) -> Iterator[Step]:
    """The chains of the first of ``kinds`` on every digit, then those of the next kind...
    Every cell outside the chain seeing both ends loses the digit; with ``inner``, an inner
    cell too (it would leave both ends false)."""
    graph = LinkGraph(pos)
    g = graph.geometry
    tech = REGISTRY[technique]
    seen = set()
    later: dict[str, list] = {kind: [] for kind in kinds[1:]}  # each chain is built once
    free = untemplated(pos)
    for digit in range(1, g.size + 1):
        if free[digit] == 0:
            continue  # every candidate is in some template: no single-digit elimination
        for chain in _chains(graph, digit):
            kind = _kind(graph, chain)
            if kind == kinds[0]:
                yield from _chain_step(pos, graph, tech, digit, chain, kind, inner, seen)
            elif kind in later:
                later[kind].append((digit, chain))
    for kind, chains in later.items():
        for digit, chain in chains:
            yield from _chain_step(pos, graph, tech, digit, chain, kind, inner, seen)


def _chain_step(pos, graph, tech, digit, chain, kind, inner, seen):
    """The step of one chain (nothing when it clears nothing or was listed already)."""
    g = graph.geometry
    a, b, c, e, l1, l2 = chain
    if inner:
        targets = graph.peers[a] & graph.peers[e] & ~mask_of((a, e))
    elif kind == "kite":
        targets = 1 << _kite_target(g, chain)
    else:
        targets = graph.peers[a] & graph.peers[e] & ~mask_of((a, b, c, e))
    targets &= graph.digit_cells[digit] & ~mask_of((a, e))
    if not targets:
        return
    key = (digit, frozenset((a, b, c, e)), targets)
    if key in seen:
        return
    seen.add(key)
    cells = [a, b, c, e]
    strong = [True, False, True]
    houses = sorted({l1.houses[0], l2.houses[0]})
    what = msg("{name} on {digit} ({houses}): {chain}", name=tech.title, digit=digit,
               houses=Houses(g, houses), chain=Lazy(cell_chain_text, g, cells, strong))
    yield tech.step(
        pos, what, eliminations=[(t, digit) for t in cells_of(targets)],
        cells=cells, houses=houses, candidates=[(x, digit) for x in cells],
        links=[Link((x, digit), (y, digit), s)
               for x, y, s in zip(cells, cells[1:], strong)])


@finder("skyscraper")
def skyscraper(pos: Position):
    return _chain_steps(pos, ("skyscraper",), "skyscraper")


@finder("two-string-kite")
def two_string_kite(pos: Position):
    return _chain_steps(pos, ("kite",), "two-string-kite")


@finder("turbot-fish")
def turbot_fish(pos: Position):
    """Every such chain, as HoDoKu lists them: the general ones first, then those that are also
    a skyscraper, a kite or half an X-Wing."""
    return _chain_steps(pos, ("turbot", "skyscraper", "kite", "x-wing"), "turbot-fish",
                        inner=True)


@finder("empty-rectangle")
def empty_rectangle(pos: Position):
    """The digit's cells in a box lie on one row ``r`` and one column ``c`` of it (on both, not
    just one). A conjugate pair in a column outside the box with one end ``p`` in row ``r`` and
    the other ``q`` outside the box's rows: if ``q`` is false, ``p`` is true, so the box's digit
    is in column ``c``; either way the cell at (row of ``q``, column ``c``) loses the digit.
    The same with rows and columns swapped."""
    if pos.geometry.regions is not None:
        return  # a jigsaw region has no box rows and columns to cross
    graph = LinkGraph(pos)
    g = graph.geometry
    n, br, bc = g.size, g.box_rows, g.box_cols
    tech = REGISTRY["empty-rectangle"]
    free = untemplated(pos)
    for digit in range(1, n + 1):
        if free[digit] == 0:
            continue
        dmask = graph.digit_cells[digit]
        links = graph.strong_links(digit)
        if not links:
            continue
        for b in range(n):
            in_box = graph.house_masks[2 * n + b] & dmask
            if in_box.bit_count() < 2:
                continue
            r0, c0 = (b // br) * br, (b % br) * bc
            for r in range(r0, r0 + br):
                row_part = in_box & graph.house_masks[r]
                for c in range(c0, c0 + bc):
                    col_part = in_box & graph.house_masks[n + c]
                    if in_box & ~(row_part | col_part):
                        continue
                    if not (row_part & ~col_part) or not (col_part & ~row_part):
                        continue  # all in one line: that is locked candidates
                    yield from _er_steps(pos, graph, tech, digit, b, r, c, links, in_box)


def _er_steps(pos, graph, tech, digit, box, r, c, links, in_box):
    g = graph.geometry
    n, br, bc = g.size, g.box_rows, g.box_cols
    r0, c0 = (box // br) * br, (box % br) * bc
    box_rows, box_cols = range(r0, r0 + br), range(c0, c0 + bc)
    dmask = graph.digit_cells[digit]
    for link in links:
        for line in (COL, ROW):
            h = link.in_kind(g, line)
            if h is None:
                continue
            for p in (link.a, link.b):
                q = link.other(p)
                if line == COL:  # pair in a column: p on row r, target at (row of q, column c)
                    if g.col_of(p) in box_cols or g.row_of(p) != r or g.row_of(q) in box_rows:
                        continue
                    target = g.cell(g.row_of(q), c)
                else:  # pair in a row: p on column c, target at (row r, column of q)
                    if g.row_of(p) in box_rows or g.col_of(p) != c or g.col_of(q) in box_cols:
                        continue
                    target = g.cell(r, g.col_of(q))
                if not dmask >> target & 1:
                    continue
                box_cells = list(cells_of(in_box))
                what = msg("{name} on {digit} in {box} ({row}, {col}) with {a} = {b} ({house})",
                           name=tech.title, digit=digit, box=House(g, 2 * n + box),
                           row=House(g, r), col=House(g, n + c), a=Cell(g, p), b=Cell(g, q),
                           house=House(g, h))
                yield tech.step(
                    pos, what, eliminations=[(target, digit)],
                    cells=box_cells + [p, q], houses=[2 * n + box, h],
                    candidates=[(x, digit) for x in box_cells + [p, q]],
                    links=[Link((p, digit), (q, digit), True)])
