"""The inference graph of a position: candidate nodes, group nodes, strong and weak links.

A *node* is a statement "digit ``d`` is in one of these cells":

- a candidate node: one cell and one of its candidates, id ``(d - 1) * ncells + cell``, so the
  candidate nodes of digit ``d`` over a cell mask ``m`` are ``m << (d - 1) * ncells``;
- a group node (grouped graphs only): the 2+ cells of one box-line intersection that hold ``d``
  (all of them), ids from ``size * ncells`` upwards;
- an ALS node (grouped graphs with ``als``): "``d`` is in the almost locked set ``A``", one per
  digit of ``A`` that some cell outside ``A`` can lose, ids after the groups. Of two digits of
  an ALS at least one is in it (``N`` cells hold ``N`` of its ``N + 1`` digits): a strong link;
  a ``d`` candidate outside ``A`` that sees every ``d`` cell of ``A`` is weakly linked to it.

A *strong* link (``=``) joins two nodes of which at least one is true: the two digits of a
bivalue cell, or two nodes of one digit that together hold every place of the digit in a house
(conjugate pair; in a grouped graph either end may be a group). A *weak* link (``-``) joins two
nodes that are not both true: two digits of one cell, or two disjoint nodes of one digit whose
cells all see each other. Every strong link is also weak. Links are kept as one int bitmask of
node ids per node, so a search step is one ``|`` and a "sees both ends" test one ``&``.
"""

from __future__ import annotations

from functools import lru_cache

from sudokit.engines import limits
from sudokit.model.geometry import CACHED_GEOMETRIES, Geometry
from sudokit.i18n import msg
from sudokit.i18n.values import cell_name
from sudokit.engines.logic.als import als_index
from sudokit.engines.logic.links import cells_of, digit_cell_masks, house_masks, peer_masks
from sudokit.model.position import Position, digits_of
from sudokit.engines.logic.step import Candidate, Link


@lru_cache(maxsize=CACHED_GEOMETRIES)
def box_line_segments(geometry: Geometry) -> tuple[tuple[int, int, int], ...]:
    """``(house, house, cell mask)`` of every intersection of two houses with 2+ cells: the
    box-line ones, and a variant's (:attr:`Geometry.segments`)."""
    return tuple((a, b, sum(1 << c for c in cells)) for a, b, cells in geometry.segments)


@lru_cache(maxsize=CACHED_GEOMETRIES)
def _house_segments(geometry: Geometry) -> tuple[tuple[int, ...], ...]:
    """For each house, the cell masks of the box-line segments inside it."""
    out: list[list[int]] = [[] for _ in geometry.houses]
    for box, line, m in box_line_segments(geometry):
        out[box].append(m)
        out[line].append(m)
    return tuple(tuple(x) for x in out)


class InferenceGraph:
    """Nodes and links of one position (a snapshot: later changes to the position are not seen).

    ``strong[n]`` / ``weak[n]`` are the bitmasks of the nodes linked to node ``n`` (0 for ids
    that are not nodes). ``cand_bits`` masks the candidate-node ids. ``overlaps[n]`` (grouped
    graphs) holds the nodes of ``n``'s digit that share a cell with it: a group and a candidate
    or group inside it, never linked, and kept apart in one chain; an ALS node overlaps the
    candidates and groups in its set's cells. ``als_nodes[n - als_base]`` is ``(ALS, digit)``.
    """

    def __init__(self, pos: Position, grouped: bool = False, als: bool = False) -> None:
        g = self.geometry = pos.geometry
        n, nc = g.size, g.ncells
        self.size, self.ncells, self.grouped = n, nc, grouped
        self.cand_ids = n * nc
        self.cand_bits = (1 << self.cand_ids) - 1
        self._first_cell_nodes = sum(1 << d * nc for d in range(n))  # cell 0's node of each digit
        peers = peer_masks(g)
        self.digit_cells = dm = digit_cell_masks(pos)  # digit -> cells holding it
        strong = [0] * self.cand_ids
        weak = [0] * self.cand_ids
        for cell, m in enumerate(pos.cands):
            if not m:
                continue
            if not cell % 64:
                limits.check()  # a 36x36 graph takes a fraction of a second to build
            in_cell = 0
            mm = m
            while mm:
                low = mm & -mm
                in_cell |= 1 << ((low.bit_length() - 1) * nc + cell)
                mm ^= low
            bivalue = m.bit_count() == 2
            mm = m
            while mm:
                low = mm & -mm
                d = low.bit_length()
                off = (d - 1) * nc
                node = off + cell
                others = in_cell ^ (1 << node)
                weak[node] = ((peers[cell] & dm[d]) << off) | others
                if bivalue:
                    strong[node] = others
                mm ^= low
        hmasks = house_masks(g)
        for d in range(1, n + 1):
            limits.check()
            off = (d - 1) * nc
            for hm in hmasks:
                m = hm & dm[d]
                if m.bit_count() == 2:
                    a = (m & -m).bit_length() - 1 + off
                    b = m.bit_length() - 1 + off
                    strong[a] |= 1 << b
                    strong[b] |= 1 << a
        self.group_digit: list[int] = []
        self.group_cells: list[int] = []
        self.overlaps: dict[int, int] = {}  # node -> nodes sharing a cell and its digit
        if grouped:
            self._add_groups(dm, strong, weak, peers, hmasks)
        self.als_base = len(strong)
        self.als_nodes: list = []
        if grouped and als:
            self._add_als(pos, strong, weak)
        self.strong, self.weak = strong, weak

    # --- group nodes -------------------------------------------------------------------------
    def _add_groups(self, dm, strong, weak, peers, hmasks) -> None:
        g, n, nc, base = self.geometry, self.size, self.ncells, self.cand_ids
        index: dict[tuple[int, int], int] = {}  # (digit, cells) -> group number
        by_digit: list[list[int]] = [[] for _ in range(n + 1)]
        # digit -> house -> its groups: two groups are linked only inside a house they share
        in_house: list[dict[int, list[int]]] = [{} for _ in range(n + 1)]
        for box, line, seg in box_line_segments(g):
            for d in range(1, n + 1):
                m = seg & dm[d]
                if m.bit_count() > 1:
                    j = index.get((d, m))
                    if j is None:  # (a variant's segments may hold the same places)
                        j = index[(d, m)] = len(self.group_cells)
                        by_digit[d].append(j)
                        self.group_digit.append(d)
                        self.group_cells.append(m)
                    for h in (box, line):
                        same = in_house[d].setdefault(h, [])
                        if j not in same:
                            same.append(j)
        if not index:
            return
        ng = len(self.group_cells)
        # links to groups are gathered as group numbers, shifted past the candidate ids once
        g_strong, g_weak = [0] * ng, [0] * ng  # group -> candidate nodes
        to_groups_strong: dict[int, int] = {}  # node -> group numbers
        to_groups_weak: dict[int, int] = {}
        to_groups_over: dict[int, int] = {}
        over_cands = [0] * ng
        for d in range(1, n + 1):
            limits.check()
            off = (d - 1) * nc
            groups = by_digit[d]
            for j in groups:
                cells = self.group_cells[j]
                common = -1
                m = cells
                while m:
                    low = m & -m
                    c = low.bit_length() - 1
                    common &= peers[c]
                    to_groups_over[c + off] = to_groups_over.get(c + off, 0) | 1 << j
                    m ^= low
                over_cands[j] = cells << off
                targets = common & dm[d]
                g_weak[j] = targets << off
                while targets:
                    low = targets & -targets
                    t = low.bit_length() - 1 + off
                    to_groups_weak[t] = to_groups_weak.get(t, 0) | 1 << j
                    targets ^= low
            for same in in_house[d].values():
                for i, a in enumerate(same):
                    ca = self.group_cells[a]
                    for b in same[i + 1:]:
                        kind = to_groups_over if ca & self.group_cells[b] else to_groups_weak
                        kind[base + a] = kind.get(base + a, 0) | 1 << b
                        kind[base + b] = kind.get(base + b, 0) | 1 << a
        # strong links with a group end: two units holding every place of the digit in a house
        house_segs = _house_segments(g)
        for h, hm in enumerate(hmasks):
            limits.check()
            segs = house_segs[h]
            for d in range(1, n + 1):
                m = hm & dm[d]
                if m.bit_count() < 3:
                    continue
                off = (d - 1) * nc
                for seg in segs:
                    part = seg & m
                    j = index.get((d, part))
                    if j is None:
                        continue
                    rest = m & ~part
                    if rest.bit_count() == 1:
                        cand = rest.bit_length() - 1 + off
                        g_strong[j] |= 1 << cand
                        to_groups_strong[cand] = to_groups_strong.get(cand, 0) | 1 << j
                        continue
                    i = index.get((d, rest), -1)
                    if i > j:  # group pairs once
                        to_groups_strong[base + j] = to_groups_strong.get(base + j, 0) | 1 << i
                        to_groups_strong[base + i] = to_groups_strong.get(base + i, 0) | 1 << j
        strong.extend(g_strong)
        weak.extend(g_weak)
        for node, m in to_groups_strong.items():
            strong[node] |= m << base
        for node, m in to_groups_weak.items():
            weak[node] |= m << base
        for node, m in to_groups_over.items():
            self.overlaps[node] = m << base
        for j, m in enumerate(over_cands):
            self.overlaps[base + j] = self.overlaps.get(base + j, 0) | m

    # --- ALS nodes -----------------------------------------------------------------------------
    def _add_als(self, pos: Position, strong, weak) -> None:
        """One node per digit of an ALS (2+ cells) that has targets outside it; only sets with
        two such digits can be passed through (in on one digit, out on another). Links: the
        set's digits pairwise strong; weak to the digit's candidates, groups and ALS nodes (of
        sets that share no cell) that see all the digit's cells in the set; strong to a cell's
        last candidate when the set, locked without the node's digit, takes all its others."""
        nc, base, cand_ids = self.ncells, self.als_base, self.cand_ids
        groups_on: dict[int, int] = {}  # cell -> group nodes holding it (any digit)
        groups_of: list[list[int]] = [[] for _ in range(self.size + 1)]  # digit -> groups
        for j, m in enumerate(self.group_cells):
            groups_of[self.group_digit[j]].append(j)
            while m:
                low = m & -m
                c = low.bit_length() - 1
                groups_on[c] = groups_on.get(c, 0) | 1 << (cand_ids + j)
                m ^= low
        nodes = self.als_nodes
        overlaps = self.overlaps
        cands = pos.cands
        index = als_index(pos)
        node_of: dict[tuple[int, int], int] = {}  # (ALS index, digit) -> node

        def link(kind, a: int, b: int) -> None:
            kind[a] |= 1 << b
            kind[b] |= 1 << a

        for a in index.als:
            if a.size < 2 or a.reaching.bit_count() < 2:
                continue
            if not len(nodes) % 256:
                limits.check()
            first = base + len(nodes)
            digits = []
            m = a.reaching
            while m:
                low = m & -m
                digits.append(low.bit_length())
                m ^= low
            ids = 0
            for i, d in enumerate(digits):
                nodes.append((a, d))
                node_of[(a.index, d)] = first + i
                ids |= 1 << (first + i)
                strong.append(0)
                weak.append(0)
            # what shares a cell with the set: every digit's candidates and groups there
            over = 0
            cm = a.cells
            while cm:
                low = cm & -cm
                over |= groups_on.get(low.bit_length() - 1, 0)
                cm ^= low
            for d in range(1, self.size + 1):
                part = a.cells & self.digit_cells[d]
                if part:
                    over |= part << (d - 1) * nc
            m = over
            while m:
                low = m & -m
                k = low.bit_length() - 1
                overlaps[k] = overlaps.get(k, 0) | ids
                m ^= low
            taken: dict[int, int] = {}  # cell outside -> digits the locked set takes from it
            for i, d in enumerate(digits):
                node = first + i
                overlaps[node] = over
                strong[node] = ids ^ (1 << node)  # not weak: both digits may be in the set
                t = a.targets[d]
                off = (d - 1) * nc
                while t:
                    low = t & -t
                    c = low.bit_length() - 1
                    taken[c] = taken.get(c, 0) | 1 << (d - 1)
                    link(weak, node, c + off)
                    t ^= low
                seen = a.sees_all[d]
                for j in groups_of[d]:
                    gc = self.group_cells[j]
                    if gc & ~seen == 0 and not gc & a.cells:
                        link(weak, node, cand_ids + j)
            # a cell left with one candidate when the set is locked without the node's digit
            for c, t in taken.items():
                have = cands[c]
                rest_of = have & ~t
                if rest_of.bit_count() > 1:
                    continue
                for z in ([rest_of.bit_length()] if rest_of else digits_of(have)):
                    rest = have & ~(1 << (z - 1))
                    if not rest:
                        continue
                    for i, x in enumerate(digits):
                        if not rest >> (x - 1) & 1:
                            link(strong, first + i, (z - 1) * nc + c)
        for (i, j), m in index.rcc.items():  # two sets that cannot both hold the digit
            while m:
                low = m & -m
                d = low.bit_length()
                a, b = node_of.get((i, d)), node_of.get((j, d))
                if a is not None and b is not None:
                    link(weak, a, b)
                m ^= low

    def is_als(self, node: int) -> bool:
        return node >= self.als_base

    def als_locked(self, a: int, b: int) -> int:
        """Candidate nodes removed when exactly one of the ALS nodes ``a``, ``b`` (one set, two
        digits) holds: the set is locked on its other digits."""
        als, x = self.als_nodes[a - self.als_base]
        y = self.als_nodes[b - self.als_base][1]
        out = 0
        for d, t in als.targets.items():
            if d != x and d != y:
                out |= t << (d - 1) * self.ncells
        return out

    # --- node facts ----------------------------------------------------------------------------
    def is_group(self, node: int) -> bool:
        return node >= self.cand_ids

    def digit(self, node: int) -> int:
        if node >= self.als_base:
            return self.als_nodes[node - self.als_base][1]
        if node >= self.cand_ids:
            return self.group_digit[node - self.cand_ids]
        return node // self.ncells + 1

    def cells(self, node: int) -> tuple[int, ...]:
        """The cells of a node, ascending."""
        if node < self.cand_ids:
            return (node % self.ncells,)
        if node >= self.als_base:
            als, d = self.als_nodes[node - self.als_base]
            m = als.cells_with[d]
        else:
            m = self.group_cells[node - self.cand_ids]
        return tuple(cells_of(m))

    def als_cells(self, node: int) -> tuple[int, ...]:
        """All the cells of an ALS node's set."""
        return tuple(cells_of(self.als_nodes[node - self.als_base][0].cells))

    def candidate(self, node: int) -> Candidate:
        """``(cell, digit)`` of a node (a group's first cell)."""
        return self.cells(node)[0], self.digit(node)

    def node_of(self, cell: int, digit: int) -> int:
        return (digit - 1) * self.ncells + cell

    def cell_nodes(self, cell: int) -> int:
        """The mask of the cell's candidate-node ids, one per digit (present or not)."""
        return self._first_cell_nodes << cell

    def name(self, node: int) -> str:
        """``r1c2=5`` (in the language in use); a group ``r1c78=5`` or ``r45c2=5`` (numbers
        joined with ``,`` when one has two digits: ``r1c10,11=5``); an ALS node
        ``ALS{r1c2,r1c5,r2c4}=5``."""
        cells = self.cells(node)
        d = self.digit(node)
        if node >= self.als_base:
            names = (cell_name(self.geometry, c) for c in self.als_cells(node))
            return f"ALS{{{','.join(names)}}}={d}"
        if len(cells) == 1:
            return f"{cell_name(self.geometry, cells[0])}={d}"
        n = self.size
        rows = sorted({c // n + 1 for c in cells})
        cols = sorted({c % n + 1 for c in cells})
        sep = "," if n > 9 else ""
        group = msg("r{row}c{col}", row=sep.join(map(str, rows)), col=sep.join(map(str, cols)))
        return f"{group}={d}"

    def chain_text(self, nodes: list[int], strong: list[bool]) -> str:
        """``r1c2=5 = r1c7=5 - r45c7=5 ...`` (``=`` strong, ``-`` weak)."""
        parts = [self.name(nodes[0])]
        for node, s in zip(nodes[1:], strong):
            parts.append("=" if s else "-")
            parts.append(self.name(node))
        return " ".join(parts)

    def link(self, a: int, b: int, strong: bool) -> Link:
        """The :class:`Link` between nodes ``a`` and ``b`` (group ends carry all their cells)."""
        return Link(self.candidate(a), self.candidate(b), strong,
                    start_cells=self.cells(a) if a >= self.cand_ids else (),
                    end_cells=self.cells(b) if b >= self.cand_ids else ())

    def candidates_of(self, mask: int) -> list[Candidate]:
        """``(cell, digit)`` of the candidate nodes in a node mask."""
        out = []
        m = mask & self.cand_bits
        nc = self.ncells
        while m:
            low = m & -m
            d, cell = divmod(low.bit_length() - 1, nc)
            out.append((cell, d + 1))
            m ^= low
        return out


__all__ = ["InferenceGraph", "box_line_segments"]
