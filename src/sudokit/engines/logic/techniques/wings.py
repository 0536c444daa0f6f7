"""Wings: small sets of cells with few candidates that force a digit into one of a few cells.

- XY-Wing: pivot ``xy`` seeing pincers ``xz`` and ``yz`` (all bivalue): one pincer is ``z``.
- XYZ-Wing: pivot ``xyz`` seeing pincers ``xz`` and ``yz``: the pivot or a pincer is ``z``.
- WXYZ-Wing (bent quad): four connected cells holding four digits in all, where every digit
  but one (``Z``) is *restricted* (its cells in the pattern all see each other): four cells
  cannot take their values from three such digits, so one of the ``Z`` cells is ``Z``.
- W-Wing: two bivalue cells ``xy`` that do not see each other, joined by a conjugate pair on
  ``x`` (one end sees each cell): one of the two cells is ``y``.
- Remote Pair: bivalue cells with the same pair ``xy`` in a chain of at least four, each seeing
  the next: their values alternate, so a cell seeing two cells of opposite parity loses both.

In each case the digit is removed from the cells that see every cell that may hold it.
"""

from __future__ import annotations

from collections import defaultdict

from sudokit.i18n import msg
from sudokit.i18n.values import Cell, House, Join
from sudokit.engines.logic.context import context_of
from sudokit.engines.logic.links import LinkGraph, cells_of, chain_links, mask_of
from sudokit.model.position import Position, bit, digits_of
from sudokit.engines.logic.step import Link, cell_list, digit_list
from sudokit.engines.logic.techniques.registry import REGISTRY, finder


#: Which links are strong when an XY- or W-Wing is read as a chain of six candidates.
_WING_CHAIN = (True, False, True, False, True)


def _by_pair(graph: LinkGraph) -> dict[int, list[int]]:
    """The bivalue cells grouped by their candidate pair (a mask), ascending in each group."""
    by_pair: dict[int, list[int]] = defaultdict(list)
    for c in graph.bivalue_cells():
        by_pair[graph.pos.cands[c]].append(c)
    return by_pair


@finder("xy-wing")
def xy_wing(pos: Position):
    graph = LinkGraph(pos)
    g, cands = graph.geometry, pos.cands
    tech = REGISTRY["xy-wing"]
    bivalue = graph.bivalue_cells()
    bmask = mask_of(bivalue)
    for pivot in bivalue:
        pm = cands[pivot]
        x, y = digits_of(pm)
        # pincers by their third digit z: the ones holding x (and not y) and the ones holding y
        with_x: dict[int, list[int]] = defaultdict(list)
        with_y: dict[int, list[int]] = defaultdict(list)
        for cell in cells_of(graph.peers[pivot] & bmask):
            m = cands[cell]
            common = m & pm
            if common and common != pm:
                z = (m & ~pm).bit_length()
                (with_x if common == bit(x) else with_y)[z].append(cell)
        for z, xs in with_x.items():
            for a in xs:
                for b in with_y.get(z, ()):
                    targets = graph.peers[a] & graph.peers[b] & graph.digit_cells[z]
                    if not targets:
                        continue
                    what = msg("{name} {digits}: pivot {pivot} ({pivot_digits}), pincers {a} "
                               "({a_digits}) and {b} ({b_digits})", name=tech.title,
                               digits=f"{x}/{y}/{z}", pivot=Cell(g, pivot), pivot_digits=f"{x}/{y}",
                               a=Cell(g, a), a_digits=digit_list((x, z)), b=Cell(g, b),
                               b_digits=digit_list((y, z)))
                    yield tech.step(
                        pos, what, eliminations=[(t, z) for t in cells_of(targets)],
                        cells=[pivot, a, b],
                        candidates=[(pivot, x), (pivot, y), (a, x), (a, z), (b, y), (b, z)],
                        links=chain_links([(a, z), (a, x), (pivot, x), (pivot, y), (b, y), (b, z)],
                                          _WING_CHAIN))


@finder("xyz-wing")
def xyz_wing(pos: Position):
    graph = LinkGraph(pos)
    g, cands = graph.geometry, pos.cands
    tech = REGISTRY["xyz-wing"]
    bmask = mask_of(graph.bivalue_cells())
    for pivot, pm in enumerate(cands):
        if pm.bit_count() != 3:
            continue
        pincers = [c for c in cells_of(graph.peers[pivot] & bmask) if cands[c] & ~pm == 0]
        for i, a in enumerate(pincers):
            for b in pincers[i + 1:]:
                if cands[a] == cands[b]:
                    continue  # a naked pair, not a wing
                zmask = cands[a] & cands[b]
                z = zmask.bit_length()
                targets = (graph.peers[pivot] & graph.peers[a] & graph.peers[b]
                           & graph.digit_cells[z])
                if not targets:
                    continue
                what = msg("{name} {digits} on {digit}: pivot {pivot}, pincers {a} ({a_digits}) "
                           "and {b} ({b_digits})", name=tech.title,
                           digits=digit_list(digits_of(pm)), digit=z, pivot=Cell(g, pivot),
                           a=Cell(g, a), a_digits=digit_list(digits_of(cands[a])), b=Cell(g, b),
                           b_digits=digit_list(digits_of(cands[b])))
                yield tech.step(
                    pos, what, eliminations=[(t, z) for t in cells_of(targets)],
                    cells=[pivot, a, b],
                    candidates=[(c, d) for c in (pivot, a, b) for d in digits_of(cands[c])])


def _connected_quads(graph: LinkGraph, small: int):
    """Every connected set of four cells from the bitmask ``small`` whose candidates together
    are at most four digits, each once, with that union (the smallest cell is the root; ESU
    enumeration: a cell joins the extension once it neighbours the newest cell and no earlier
    one)."""
    cands, peers = graph.pos.cands, graph.peers
    for root in cells_of(small):
        later = small & ~((2 << root) - 1)
        u0, n0 = cands[root], peers[root] | 1 << root
        ext1 = peers[root] & later
        while ext1:
            low1 = ext1 & -ext1
            ext1 ^= low1
            w1 = low1.bit_length() - 1
            u1 = u0 | cands[w1]
            if u1.bit_count() > 4:
                continue
            n1 = n0 | peers[w1] | low1
            ext2 = ext1 | (peers[w1] & later & ~n0)
            while ext2:
                low2 = ext2 & -ext2
                ext2 ^= low2
                w2 = low2.bit_length() - 1
                u2 = u1 | cands[w2]
                if u2.bit_count() > 4:
                    continue
                ext3 = ext2 | (peers[w2] & later & ~n1)
                while ext3:
                    low3 = ext3 & -ext3
                    ext3 ^= low3
                    w3 = low3.bit_length() - 1
                    u3 = u2 | cands[w3]
                    if u3.bit_count() <= 4:
                        yield (root, w1, w2, w3), u3


@finder("wxyz-wing")
def wxyz_wing(pos: Position):
    graph = LinkGraph(pos)
    g, cands, peers = graph.geometry, pos.cands, graph.peers
    tech = REGISTRY["wxyz-wing"]
    small = mask_of(c for c, m in enumerate(cands) if 2 <= m.bit_count() <= 4)
    for quad, union in _connected_quads(graph, small):
        if union.bit_count() != 4:
            continue
        # Z: the one digit held by two cells of the quad that do not see each other (the
        # others are restricted: their cells all see each other)
        loose = 0
        for k, u in enumerate(quad):
            for v in quad[k + 1:]:
                if not peers[u] >> v & 1:
                    loose |= cands[u] & cands[v]
        if not loose or loose & (loose - 1):
            continue
        zd = loose.bit_length()
        holders = [c for c in quad if cands[c] & loose]
        targets = graph.targets(zd, holders, exclude=mask_of(quad))
        if not targets:
            continue
        cells = Join(msg("{cell} ({digits})", cell=Cell(g, c), digits=digit_list(digits_of(cands[c])))
                     for c in sorted(quad))
        what = msg("{name} {digits} on {digit}: {cells}", name=tech.title,
                   digits=digit_list(digits_of(union)), digit=zd, cells=cells)
        yield tech.step(
            pos, what, eliminations=[(t, zd) for t in cells_of(targets)], cells=sorted(quad),
            candidates=[(c, d) for c in sorted(quad) for d in digits_of(cands[c])])


@finder("w-wing")
def w_wing(pos: Position):
    graph = LinkGraph(pos)
    g, peers = graph.geometry, graph.peers
    tech = REGISTRY["w-wing"]
    # two cells of one pair that see each other are a naked pair, which removes both digits;
    # HoDoKu's find-all lists them as a W-Wing too, so a listing does
    pairs_too = context_of(pos).listing
    for pm, cells in _by_pair(graph).items():
        for i, p in enumerate(cells):
            for q in cells[i + 1:]:
                if peers[p] >> q & 1 and not pairs_too:
                    continue
                for x in digits_of(pm):
                    y = (pm & ~bit(x)).bit_length()
                    targets = peers[p] & peers[q] & graph.digit_cells[y]
                    if not targets:
                        continue
                    link = _bridge(graph, x, p, q)
                    if link is None:
                        continue
                    a, b, house = link
                    what = msg("{name} {digits} in {p}, {q} joined by {a} = {b} on {digit} "
                               "({house})", name=tech.title, digits=f"{x}/{y}", p=Cell(g, p),
                               q=Cell(g, q), a=Cell(g, a), b=Cell(g, b), digit=x,
                               house=House(g, house))
                    yield tech.step(
                        pos, what, eliminations=[(t, y) for t in cells_of(targets)],
                        cells=[p, q, a, b], houses=[house],
                        candidates=[(p, x), (p, y), (q, x), (q, y), (a, x), (b, x)],
                        links=chain_links([(p, y), (p, x), (a, x), (b, x), (q, x), (q, y)],
                                          _WING_CHAIN))


def _bridge(graph: LinkGraph, x: int, p: int, q: int):
    """A conjugate pair ``a = b`` on ``x`` with ``a`` seeing ``p`` and ``b`` seeing ``q``."""
    peers = graph.peers
    for link in graph.strong_links(x):
        for a, b in ((link.a, link.b), (link.b, link.a)):
            if a in (p, q) or b in (p, q):
                continue
            if peers[a] >> p & 1 and peers[b] >> q & 1:
                return a, b, link.houses[0]
    return None


@finder("remote-pair")
def remote_pair(pos: Position):
    graph = LinkGraph(pos)
    g, cands, peers = graph.geometry, pos.cands, graph.peers
    tech = REGISTRY["remote-pair"]
    for pm, cells in _by_pair(graph).items():
        if len(cells) < 4:
            continue
        group = mask_of(cells)
        x, y = digits_of(pm)
        holders = graph.digit_cells[x] | graph.digit_cells[y]
        parity: dict[int, int] = {}
        listed: set[tuple] = set()
        for start in cells:
            if start in parity:
                continue
            parity[start] = 0
            order = [start]
            for cell in order:
                for nxt in cells_of(peers[cell] & group):
                    if nxt not in parity:
                        parity[nxt] = 1 - parity[cell]
                        order.append(nxt)
            if len(order) < 4:
                continue
            sides = [mask_of(c for c in order if parity[c] == s) for s in (0, 1)]
            comp = sides[0] | sides[1]
            elims = []
            for t in cells_of(holders & ~comp):
                a_side, b_side = peers[t] & sides[0], peers[t] & sides[1]
                if not (a_side and b_side):
                    continue
                # at least one opposite pair that does not see itself (else: a naked pair)
                if any(b_side & ~peers[u] for u in cells_of(a_side)):
                    elims += [(t, d) for d in (x, y) if cands[t] & bit(d)]
            if not elims:
                continue
            listed.add(tuple(sorted(elims)))
            what = msg("{name} {digits}: {cells}", name=tech.title, digits=f"{x}/{y}",
                       cells=_chain_or_sides(g, order, parity, peers, group))
            yield tech.step(
                pos, what, eliminations=elims, cells=sorted(order),
                candidates=[(c, d) for c in sorted(order) for d in (x, y)],
                links=[Link((u, x), (v, x), False) for u in order for v in cells_of(peers[u] & comp)
                       if u < v])
        if context_of(pos).listing:
            yield from _remote_pair_chains(pos, tech, peers, cells, x, y, holders, listed)


REMOTE_PAIR_MAX_CELLS = 10
"""Longest remote pair chain a listing writes out (HoDoKu's find-all: 20 chain nodes)."""

REMOTE_PAIR_MAX_PATHS = 20_000
"""Paths a listing may walk over one pair's cells."""


def _remote_pair_chains(pos: Position, tech, peers, cells: list[int], x: int, y: int,
                        holders: int, listed: set[tuple]):
    """Each remote pair chain of 4, 6, ... cells (a simple path of cells holding x/y, each
    seeing the next) as HoDoKu's find-all lists it: every two cells of the chain an odd number of
    links apart, at least three, take both digits from the cells that see both of them. One
    step per distinct set of removals not ``listed`` already, the shortest chain making it."""
    g, cands = pos.geometry, pos.cands
    group = mask_of(cells)
    best: dict[tuple, list[int]] = {}
    walked = [0]

    def removals(path: list[int]) -> tuple:
        hit = 0
        for i in range(len(path)):
            for j in range(i + 3, len(path), 2):
                hit |= peers[path[i]] & peers[path[j]]
        hit &= holders
        return tuple(sorted((t, d) for t in cells_of(hit) for d in (x, y) if cands[t] & bit(d)))

    def walk(path: list[int], used: int) -> None:
        walked[0] += 1
        if walked[0] > REMOTE_PAIR_MAX_PATHS:
            return
        n = len(path)
        if n >= 4 and n % 2 == 0 and path[0] < path[-1] and peers[path[0]] & peers[path[-1]] & holders:
            elims = removals(path)
            if elims and elims not in listed and (elims not in best or len(best[elims]) > n):
                best[elims] = list(path)
        if n < REMOTE_PAIR_MAX_CELLS:
            for nxt in cells_of(peers[path[-1]] & group & ~used):
                path.append(nxt)
                walk(path, used | 1 << nxt)
                path.pop()

    for start in cells:
        walk([start], 1 << start)
    for elims, path in sorted(best.items(), key=lambda kv: (len(kv[1]), kv[1])):
        yield tech.step(
            pos, msg("{name} {digits}: {cells}", name=tech.title, digits=f"{x}/{y}",
                     cells=Join((Cell(g, c) for c in path), " - ")),
            eliminations=list(elims), cells=sorted(path),
            candidates=[(c, d) for c in sorted(path) for d in (x, y)],
            links=[Link((u, x), (v, x), False) for u, v in zip(path, path[1:])])


def _chain_or_sides(g, order, parity, peers, group):
    """The cells written as a chain when they form a simple path, else by parity class."""
    comp = mask_of(order)
    degree = {c: (peers[c] & comp).bit_count() for c in order}
    ends = [c for c in order if degree[c] == 1]
    if len(ends) == 2 and all(d <= 2 for d in degree.values()):
        path, prev, cur = [ends[0]], -1, ends[0]
        while len(path) < len(order):
            nxt = next(c for c in cells_of(peers[cur] & comp) if c != prev)
            path.append(nxt)
            prev, cur = cur, nxt
        return Join((Cell(g, c) for c in path), " - ")
    a = [c for c in order if parity[c] == 0]
    b = [c for c in order if parity[c] == 1]
    return msg("{a} | {b} (the two parities)", a=cell_list(g, a), b=cell_list(g, b))
