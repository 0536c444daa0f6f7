"""Chains found by breadth-first search, shortest first, up to a length cap.

- X-Chain: one digit, links alternating strong (conjugate pair) and weak (two cells that see
  each other), starting and ending with a strong link: one end holds the digit, so a cell
  seeing both ends loses it. When every instance is listed, a chain may also close on its
  start with a strong link: the start then holds the digit and its peers lose it.
- XY-Chain: two or more bivalue cells, each seeing the next; inside a cell the link is strong
  (one of its two digits), between cells weak on a shared digit. If the first cell is not
  ``z`` the chain forces the last cell to be ``z``: a cell seeing both ends loses ``z`` (two
  cells of the same two digits are a naked pair, listed as HoDoKu lists them).
"""

from __future__ import annotations

from sudokit.i18n import msg
from sudokit.i18n.values import Lazy
from sudokit.engines.logic.context import context_of
from sudokit.engines.logic.links import LinkGraph, cells_of, chain_links, chain_text
from sudokit.model.position import Position
from sudokit.engines.logic.techniques.registry import REGISTRY, finder

X_CHAIN_MAX_LINKS = 11
"""Longest X-Chain searched (links; odd, at least 3)."""

XY_CHAIN_MAX_CELLS = 10
"""Longest XY-Chain searched (cells, at least 3)."""

PATHS_PER_STATE = 2
"""How many different paths may reach one search state. A breadth-first search that keeps only
the first path to each state misses chains whose only simple continuation goes through a cell
that first path already used; keeping a second path recovers nearly all of them."""

# A search node is (cell, tag, previous node, bitmask of the cells on its path): the mask makes
# the "simple path" test one shift, and the previous-node pointers share common prefixes.


def _node_path(node) -> list[tuple[int, int]]:
    """The (cell, tag) pairs from the start to ``node``."""
    out = []
    while node is not None:
        out.append((node[0], node[1]))
        node = node[2]
    out.reverse()
    return out


def _breadth_first(start: int, tag: int, depth: int, moves):
    """``(level, nodes)``: the nodes the search reaches from ``(start, tag)``, level by level up
    to ``depth``, at most :data:`PATHS_PER_STATE` paths to one (cell, tag) state.
    ``moves(node)`` gives the ``(cell, tag)`` a node may go on to, off its path."""
    visits: dict[tuple[int, int], int] = {}
    frontier = [(start, tag, None, 1 << start)]
    for level in range(1, depth + 1):
        nxt_frontier = []
        for node in frontier:
            for state in moves(node):
                k = visits.get(state, 0)
                if k >= PATHS_PER_STATE:
                    continue
                visits[state] = k + 1
                nxt = state[0]
                nxt_frontier.append((nxt, state[1], node, node[3] | 1 << nxt))
        if not nxt_frontier:
            break
        yield level, nxt_frontier
        frontier = nxt_frontier


# --- X-Chain ----------------------------------------------------------------------------------


def _x_chains(graph: LinkGraph, digit: int, max_links: int):
    """(links, cells, targets) of the shortest X-Chain found between each pair of end cells that
    removes something (when listing every instance: for each set of cells it removes from,
    cells of the chain seeing both ends included).
    The search tag is 1 when the node was reached by a strong link."""
    every = context_of(graph.pos).listing
    # a cell of the chain seeing both ends goes too (HoDoKu lists it), only when listing: a
    # single step keeps its removals off the chain
    off_path = (lambda on_path: -1) if every else (lambda on_path: ~on_path)
    partners = graph.partners(digit)
    if not partners:
        return []
    peers, dmask = graph.peers, graph.digit_cells[digit]
    linked = 0  # cells with a strong link: the only places a weak link can usefully lead
    for c in partners:
        linked |= 1 << c

    def moves(node):
        cell, strong_in, prev, on_path = node
        if cell == start and prev is not None:
            return []  # back at the start: the chain ends there
        nexts = cells_of(peers[cell] & linked & ~on_path) if strong_in else partners[cell]
        # when listing, a strong link back to the start closes the chain on it (HoDoKu's
        # find-all lists it as an X-Chain): the start holds the digit, its peers lose it
        return [(nxt, 1 - strong_in) for nxt in nexts
                if not on_path >> nxt & 1 or every and nxt == start and not strong_in]

    found: dict[tuple[int, int], tuple] = {}
    for start in sorted(partners):
        for links, nodes in _breadth_first(start, 0, max_links, moves):
            if links < 3:
                continue
            for new in nodes:
                nxt, tag = new[0], new[1]
                if not tag:
                    continue
                key = (min(start, nxt), max(start, nxt))
                if not every and key in found and found[key][0] <= links:
                    continue
                if nxt == start:
                    targets = peers[start] & dmask
                else:
                    targets = peers[start] & peers[nxt] & dmask & off_path(new[3])
                if every:  # a chain avoiding a cell the shorter one passes through removes more
                    key = (key, targets)
                    if key in found and found[key][0] <= links:
                        continue
                if targets:
                    found[key] = (links, [c for c, _ in _node_path(new)], targets)
    return list(found.values())


@finder("x-chain")
def x_chain(pos: Position):
    graph = LinkGraph(pos)
    g = graph.geometry
    tech = REGISTRY["x-chain"]
    results = []
    for digit in range(1, g.size + 1):
        for links, cells, targets in _x_chains(graph, digit, X_CHAIN_MAX_LINKS):
            results.append((links, digit, cells, targets))
    results.sort(key=lambda r: (r[0], r[1], r[2]))
    for links, digit, cells, targets in results:
        nodes = [(c, digit) for c in cells]
        strong = [i % 2 == 0 for i in range(links)]
        yield tech.step(
            pos, msg("{name} on {digit} ({links} links): {chain}", name=tech.title, digit=digit,
                     links=links, chain=Lazy(chain_text, g, nodes, strong)),
            eliminations=[(t, digit) for t in cells_of(targets)], cells=cells,
            candidates=nodes, links=chain_links(nodes, strong))


# --- XY-Chain ---------------------------------------------------------------------------------


def _xy_chains(graph: LinkGraph, max_cells: int):
    """(cells, digits, z, targets): the shortest XY-Chain found for each (end pair, z) that
    removes something (when listing every instance: for each set of cells it removes from). ``digits[i]`` is the digit cell ``i`` takes when the first cell is not
    ``z`` (the search tag)."""
    peers, cands = graph.peers, graph.pos.cands
    bivalue = graph.bivalue_cells()
    if len(bivalue) < 2:
        return []
    by_digit = [0] * (graph.size + 1)  # bivalue cells holding each digit
    for c in bivalue:
        m = cands[c]
        by_digit[(m & -m).bit_length()] |= 1 << c
        by_digit[m.bit_length()] |= 1 << c

    def moves(node):
        cell, out, _, on_path = node
        return [(nxt, (cands[nxt] & ~(1 << (out - 1))).bit_length())
                for nxt in cells_of(peers[cell] & by_digit[out] & ~on_path)]

    every = context_of(graph.pos).listing  # as for X-Chains: chain cells seeing both ends go too, when listing
    found: dict[tuple, tuple] = {}
    for start in bivalue:
        m = cands[start]
        for z in ((m & -m).bit_length(), m.bit_length()):
            zmask = graph.digit_cells[z]
            if not peers[start] & zmask:
                continue
            first_out = (m & ~(1 << (z - 1))).bit_length()
            for links, nodes in _breadth_first(start, first_out, max_cells - 1, moves):
                ncells = links + 1
                if ncells < 2:
                    continue
                for new in nodes:
                    nxt, nout = new[0], new[1]
                    if nout != z:
                        continue
                    key = (min(start, nxt), max(start, nxt), z)
                    if not every and key in found and len(found[key][0]) <= ncells:
                        continue
                    targets = peers[start] & peers[nxt] & zmask & (-1 if every else ~new[3])
                    if every:
                        key = (key, targets)
                        if key in found and len(found[key][0]) <= ncells:
                            continue
                    if targets:
                        path = _node_path(new)
                        found[key] = ([c for c, _ in path], [d for _, d in path], z, targets)
    return list(found.values())


@finder("xy-chain")
def xy_chain(pos: Position):
    graph = LinkGraph(pos)
    g = graph.geometry
    tech = REGISTRY["xy-chain"]
    results = _xy_chains(graph, XY_CHAIN_MAX_CELLS)
    results.sort(key=lambda r: (len(r[0]), r[2], r[0]))
    for cells, digits, z, targets in results:
        # (start=z) = (start=d0) - (c1=d0) = (c1=d1) - ... = (end=z)
        nodes, strong = [(cells[0], z)], []
        prev = z
        for i, (c, d) in enumerate(zip(cells, digits)):
            if i:
                nodes.append((c, prev))
                strong.append(False)
            nodes.append((c, d))
            strong.append(True)
            prev = d
        yield tech.step(
            pos, msg("{name} on {digit} ({cells} cells): {chain}", name=tech.title, digit=z,
                     cells=len(cells), chain=Lazy(chain_text, g, nodes, strong)),
            eliminations=[(t, z) for t in cells_of(targets)], cells=cells,
            candidates=nodes, links=chain_links(nodes, strong))
