"""Alternating inference chains and nice loops, plain and grouped, found shortest first.

All six finders read one breadth-first search of the position's :class:`InferenceGraph`
(one for the plain graph, one for the grouped, one for the grouped with ALS nodes), run level by
level from every candidate or group node with a strong link and kept for the next finder on the
same position. From a start ``S`` assumed false, a strong link makes the next node true, a weak
link from a true node makes the next false; level ``k`` holds the nodes first reached after
``k`` links. A node ``E`` reached true after an odd number of links gives the chain
``S = ... = E``: ``S`` or ``E`` is true. Each distinct change is listed once per technique.

- AIC: a chain between two different nodes (one strong link is a chain too); every candidate
  weakly linked to both ends goes (same digit: the cells seeing both ends; two digits of one
  cell: the cell's other digits; two digits in cells that see each other: each end cell loses
  the other end's digit). Listed as an AIC when it removes two or more candidates.
- Discontinuous Nice Loop: the chain closes on one node. ``S = ... = S`` (two strong links at
  ``S``): ``S`` is placed (a group: cells seeing all of it lose the digit).
  ``X - S = ... = E - X`` (two weak links at ``X``, or a strong and a weak link of two digits
  in ``X``'s cell): ``X`` goes. Every candidate a chain removes is such a loop through it (an
  AIC is a bundle of them), listed on its own as HoDoKu does.
- Continuous Nice Loop: ``S = ... = E - S``, alternating all round: of every two neighbours
  exactly one is true, so each weak link of the loop acts as strong and a candidate weakly
  linked to both its ends (the rest of a house, the cell's other digits) goes; a strong link
  between two digits of one ALS leaves the set one of them, so its other digits are locked.

The grouped finders search the graph with group nodes (a digit's 2+ cells in one box-line
intersection) and, when listing every instance with ``options.current().als_in_chains``, ALS
nodes (see :mod:`..inference`), and list every change a chain through at least one of them proves, even
one a plain chain proves too (HoDoKu's find-all). A chain found as ``S ... E`` is also
``E ... S``: only the one from the smaller node counts.

When every instance is listed, the instances come as HoDoKu's find-all gives them: a placing
loop as the removal of the cell's other candidates; a continuous loop also with HoDoKu's
removals (its weak links between cells take nothing from the loop's own cells) and also along
chains that are not the shortest from their start (a second pass over alternating walks).
"""

from __future__ import annotations

from dataclasses import dataclass

from sudokit.engines import limits
from sudokit.i18n import msgn
from sudokit.i18n.values import Lazy
from sudokit.engines.logic.context import context_of
from sudokit.engines.logic.inference import InferenceGraph
from sudokit.model.position import Position
from sudokit.engines.logic.step import Candidate, Mark
from sudokit.engines.logic.techniques.registry import REGISTRY, finder

MAX_LINKS = 15
"""Deepest search level (links from the start): AICs and placing loops up to 15 links,
continuous loops up to 16, eliminating loops up to 17 (the target adds two weak links)."""

LISTING_MAX_LINKS = 27
"""The deepest level when every instance is listed (:func:`options.listing`): HoDoKu's find-all
gives nice loops of 20 to 25 links where no shorter plain chain makes the same change."""

MAX_EXPANSIONS = 300_000
"""Node expansions one search may make over all its starts (bounds big grids)."""

MAX_GROUPED_EXPANSIONS = 100_000
"""The same for each grouped search (two layers over many more nodes; past about 100,000 the
time grows ten times for a handful more chains on the hardest positions)."""

LOOPS_PER_ENDS = 64
"""Most continuous loops written out for one pair of ends when every instance is listed."""

PATH_TRIES = 400
"""Dead ends one chain reconstruction may meet before it gives up on that chain."""

WALK_MAX_LINKS = 21
"""Longest continuous loop the listing's second pass looks for along non-shortest chains."""

WALK_MAX_FOUND = 200
"""Most loops that second pass adds to one search's listing (a dense position has thousands)."""

WALK_TRIES = 300_000
"""Dead ends that second pass may meet over all its starts (it bounds a dense position)."""


@dataclass
class Found:
    """A deduction: its kind (``aic``, ``dnl``, ``cnl``), the chain as written, the changes."""

    kind: str
    nodes: list[int]
    strong: list[bool]
    placements: list[Candidate]
    eliminations: list[Candidate]


class ChainSearch:
    """The level-by-level search of one graph; :meth:`at` computes levels on demand.

    On a grouped graph the search runs in two layers: layer 0 holds the nodes reached by chains
    of candidates only, layer 1 those reached by chains through at least one group or ALS node,
    each layer breadth first on its own. Only layer 1 gives deductions, so a grouped finder lists
    every change some chain with a group proves, even one a plain chain proves too.
    """

    def __init__(self, graph: InferenceGraph, listing: bool = False) -> None:
        self.graph = graph
        self.listing = listing  # searched to LISTING_MAX_LINKS, not MAX_LINKS
        strong, weak, cand_bits = graph.strong, graph.weak, graph.cand_bits
        self.layered = graph.grouped
        self.group_bits = ~cand_bits
        self.states = []  # [start, visited false, visited true, frontier, level masks] per layer
        self.starts: list[int] = []
        linked = 0  # nodes with a strong link: the only ones a chain can go on from
        for s, links in enumerate(strong):
            if links:
                linked |= 1 << s
                if s >= graph.als_base:
                    continue  # an ALS node is passed through, never a start
                self.starts.append(s)
                if not self.layered:
                    self.states.append([s, 1 << s, 0, 1 << s, [1 << s]])
                elif s < graph.cand_ids:
                    self.states.append([s, [1 << s, 0], [0, 0], [1 << s, 0], [(1 << s, 0)]])
                else:
                    self.states.append([s, [0, 1 << s], [0, 0], [0, 1 << s], [(0, 1 << s)]])
        # a node made false is worth following only if it has a strong link
        self.weak_on = [w & linked if strong[n] else 0 for n, w in enumerate(weak)]
        self.partners: dict[int, tuple[int, int]] = {}
        self.levels: list[list[Found]] = [[]]
        self.expansions = 0
        self.seen: set = set()
        # the single removals of the level's multi-target chains, listed after its own finds
        self.loops_of_chains: list[tuple[tuple, Found]] = []
        self.walked = False  # the listing's pass over non-shortest loops is done

    def at(self, k: int) -> list[Found] | None:
        """The deductions whose search level is ``k`` (None past the end of the search)."""
        while len(self.levels) <= k:
            limits.check()  # between levels: a level half advanced would spoil the kept search
            if not (self._advance_layered() if self.layered else self._advance()):
                if self.listing and not self.walked:
                    self.walked = True
                    self.levels.append(self._walk_loops())
                    continue
                return None
        return self.levels[k]

    def _last_level(self) -> int:
        return LISTING_MAX_LINKS if self.listing else MAX_LINKS

    # --- one level for every start --------------------------------------------------------
    def _advance(self) -> bool:
        k = len(self.levels)
        if k > self._last_level() or not self.states or self.expansions > MAX_EXPANSIONS:
            return False
        odd = k & 1
        adj = self.graph.strong if odd else self.weak_on
        found: list[Found] = []
        alive = []
        expansions = 0
        for st in self.states:
            frontier = st[3]
            acc = _spread(frontier, adj)
            expansions += frontier.bit_count()
            if odd:
                new = acc & ~st[2]
                st[2] |= new
            else:
                new = acc & ~st[1]
                st[1] |= new
            st[3] = new
            st[4].append(new)
            if new:
                alive.append(st)
                if odd:
                    self._detect(st, k, new, found)
        self.states = alive
        self.expansions += expansions
        self._close_level(found)
        return True

    def _advance_layered(self) -> bool:
        k = len(self.levels)
        if k > self._last_level() or not self.states or self.expansions > MAX_GROUPED_EXPANSIONS:
            return False
        odd = k & 1
        adj = self.graph.strong if odd else self.weak_on
        special = self.group_bits
        found: list[Found] = []
        alive = []
        expansions = 0
        for st in self.states:
            fr0, fr1 = st[3]
            acc0, acc1 = _spread(fr0, adj), _spread(fr1, adj)
            expansions += fr0.bit_count() + fr1.bit_count()
            seen = st[2] if odd else st[1]
            new0 = acc0 & ~special & ~seen[0]
            new1 = (acc1 | acc0 & special) & ~seen[1]
            seen[0] |= new0
            seen[1] |= new1
            st[3] = [new0, new1]
            st[4].append((new0, new1))
            if new0 or new1:
                alive.append(st)
                if odd and new1:
                    self._detect(st, k, new1, found)
        self.states = alive
        self.expansions += expansions
        self._close_level(found)
        return True

    def _close_level(self, found: list[Found]) -> None:
        for key, loop in self.loops_of_chains:
            if key not in self.seen:
                self.seen.add(key)
                found.append(loop)
        self.loops_of_chains = []
        self.levels.append(found)

    def _detect(self, st, k: int, new: int, found: list[Found]) -> None:
        s, levels = st[0], st[4]
        graph = self.graph
        weak = graph.weak
        above = -1 << (s + 1)  # ends after the start: each chain once
        if k < 3 and not self.listing:
            return  # a one-link chain is a simpler pattern's: listed, never a single step
        if k >= 3:
            if new >> s & 1:
                self._placing_loop(s, levels, k, found)
            closing = new & weak[s] & above
            while closing:
                low = closing & -closing
                self._continuous_loop(s, low.bit_length() - 1, levels, k, found)
                closing ^= low
        ws, reach = self.partners.get(s) or self._partners(s)
        ends = new & reach & above
        while ends:
            low = ends & -ends
            e = low.bit_length() - 1
            targets = ws & weak[e]
            if targets:
                self._open_chain(s, e, levels, k, targets, found)
            ends ^= low

    def _partners(self, s: int) -> tuple[int, int]:
        """(candidates weakly linked to ``s``, nodes weakly linked to one of those): an end
        ``e`` removes something only if it is in the second mask."""
        weak = self.graph.weak
        ws = weak[s] & self.graph.cand_bits
        reach = _spread(ws, weak)
        self.partners[s] = (ws, reach)
        return ws, reach

    def _placing_loop(self, s, levels, k, found) -> None:
        key = ("place", s)
        if key in self.seen:
            return
        path = self._path(levels, s, s, k)
        if path is None:
            return
        self.seen.add(key)
        graph = self.graph
        if graph.is_group(s):  # the digit is in the group: cells seeing all of it lose it
            elims = graph.candidates_of(graph.weak[s])
            places = []
            if not elims:
                return
        elif self.listing:  # listed as HoDoKu's find-all does: the cell's other digits go
            cell = graph.candidate(s)[0]
            elims, places = graph.candidates_of(graph.weak[s] & graph.cell_nodes(cell)), []
            if not elims:
                return
        else:
            elims, places = [], [graph.candidate(s)]
        found.append(Found("dnl", path, _alternating(k), places, elims))

    def _continuous_loop(self, s, e, levels, k, found) -> None:
        if not self.listing:
            path = self._path(levels, s, e, k)
            if path is not None:
                self._loop_removals(path, k, found)
            return
        # every loop closing on these ends: each removes on its own weak links (HoDoKu's find-all)
        for i, path in enumerate(self._paths(levels, s, e, k, LOOPS_PER_ENDS)):
            self._loop_removals(path, k, found, hodoku=i == 0 and not self.layered)

    def _loop_removals(self, path: list[int], k: int, found, hodoku: bool = False) -> None:
        """The removals of the loop ``path`` (``k`` links), and with ``hodoku`` (listing) also
        HoDoKu's, which take nothing from the loop's own cells by a link between two cells."""
        s = path[0]
        graph = self.graph
        weak = graph.weak
        loop = path + [s]
        on_loop = 0
        for n in path:
            on_loop |= 1 << n
        in_cells = outside = 0  # removals by weak links inside a cell, by those between cells
        als_base, cand_ids, nc = graph.als_base, graph.cand_ids, graph.ncells
        for i in range(1, k + 1, 2):  # the weak links (a strong one only holds its own house)
            a, b = loop[i], loop[i + 1]
            if a < cand_ids and b < cand_ids and a % nc == b % nc:
                in_cells |= weak[a] & weak[b]
            else:
                outside |= weak[a] & weak[b]
        for i in range(0, k, 2):
            a, b = loop[i], loop[i + 1]
            if a >= als_base and b >= als_base:  # exactly one of two digits is out of the set
                in_cells |= graph.als_locked(a, b)
        hit = (in_cells | outside) & graph.cand_bits & ~on_loop
        changes = [hit]
        if hodoku:
            # HoDoKu's find-all leaves the loop's own cells to the links inside them: list that
            # instance too where it differs
            loop_cells = 0
            for n in path:
                for c in graph.cells(n):
                    loop_cells |= graph.cell_nodes(c)
            changes.append((in_cells | outside & ~loop_cells) & graph.cand_bits & ~on_loop)
        for hit in changes:
            key = ("cnl", hit)
            if not hit or key in self.seen:
                continue
            self.seen.add(key)
            found.append(Found("cnl", loop, _alternating(k) + [False], [], graph.candidates_of(hit)))

    def _open_chain(self, s, e, levels, k, targets, found) -> None:
        single = (targets & (targets - 1)) == 0
        key = ("elim", targets)
        if key in self.seen:
            return
        path = self._path(levels, s, e, k)
        if path is None:
            return
        self.seen.add(key)
        if not single:
            found.append(Found("aic", path, _alternating(k), [], self.graph.candidates_of(targets)))
        while targets:  # each candidate the chain removes: a loop through it
            low = targets & -targets
            x = low.bit_length() - 1
            loop = Found("dnl", [x] + path + [x], [False] + _alternating(k) + [False], [],
                         self.graph.candidates_of(low))
            if single:
                found.append(loop)
            else:
                self.loops_of_chains.append((("elim", low), loop))
            targets ^= low

    # --- the listing's second pass: loops along chains that are not the shortest ------------
    def _walk_loops(self) -> list[Found]:
        """Continuous loops whose chain is not a shortest one from its start: the level masks
        are replaced by every node some alternating walk of that many links reaches, and the
        loops are written out of those (each distinct removal once, as before)."""
        found: list[Found] = []
        graph = self.graph
        strong, weak = graph.strong, self.weak_on
        special = self.group_bits
        tries = [WALK_TRIES]
        for s in self.starts:
            if tries[0] <= 0 or len(found) >= WALK_MAX_FOUND:
                break
            limits.check()
            above = -1 << (s + 1)
            if not self.layered:
                levels: list = [1 << s]
            else:
                levels = [(1 << s, 0) if s < graph.cand_ids else (0, 1 << s)]
            for k in range(1, WALK_MAX_LINKS + 1):
                adj = strong if k & 1 else weak
                if not self.layered:
                    levels.append(_spread(levels[-1], adj))
                    closing = levels[-1]
                else:
                    acc0, acc1 = (_spread(m, adj) for m in levels[-1])
                    levels.append((acc0 & ~special, acc1 | acc0 & special))
                    closing = levels[-1][1]
                if not k & 1 or k < 3:
                    continue
                closing &= graph.weak[s] & above
                while closing and tries[0] > 0 and len(found) < WALK_MAX_FOUND:
                    low = closing & -closing
                    per = min(PATH_TRIES, tries[0])
                    left = [per]
                    for i, path in enumerate(self._paths(levels, s, low.bit_length() - 1, k,
                                                         LOOPS_PER_ENDS, left)):
                        self._loop_removals(path, k, found, hodoku=i == 0)
                    tries[0] -= per - max(left[0], 0)
                    closing ^= low
        return found

    # --- writing a chain out ------------------------------------------------------------------
    def _path(self, levels: list, s: int, e: int, k: int) -> list[int] | None:
        """A chain of ``k`` links from ``s`` to ``e`` through the search levels (no node twice,
        no cell of a group or ALS again on its digit; on a grouped graph, through at least one
        group or ALS node), or None."""
        paths = self._paths(levels, s, e, k, 1)
        return paths[0] if paths else None

    def _paths(self, levels: list, s: int, e: int, k: int, most: int,
               budget: list[int] | None = None) -> list[list[int]]:
        """Up to ``most`` such chains (the first is :meth:`_path`'s), until :data:`PATH_TRIES`
        dead ends are met (or a shared ``budget``, a one-item list, runs out)."""
        out: list[list[int]] = []
        graph = self.graph
        strong, weak, overlaps = graph.strong, graph.weak, graph.overlaps
        path = [0] * (k + 1)
        path[0], path[k] = s, e
        tries = budget if budget is not None else [PATH_TRIES]
        layered = self.layered
        special = self.group_bits
        start_layer = 1 if s >= graph.cand_ids else 0

        def back(cur: int, j: int, layer: int, used: int) -> bool:
            # cur sits at level j (in layer ``layer``); link j-1 -> j is strong when j-1 is even
            links = weak[cur] if j & 1 == 0 else strong[cur]
            if j == 1:  # True stops the walk: ``most`` chains written out
                if not links >> s & 1 or layered and layer != start_layer | (cur >= graph.cand_ids):
                    return False
                out.append(list(path))
                return len(out) >= most
            if not layered:
                choices = levels[j - 1] & links & ~used
            elif not layer:
                choices = levels[j - 1][0] & links & ~used & ~special
            elif cur >= graph.cand_ids:  # the layer is reached here or was already
                choices = (levels[j - 1][0] | levels[j - 1][1]) & links & ~used
            else:
                choices = levels[j - 1][1] & links & ~used
            while choices:
                low = choices & -choices
                p = path[j - 1] = low.bit_length() - 1
                if layered and layer and cur >= graph.cand_ids:
                    # the same node may be in both layers: try the layer that fits first
                    below = 1 if levels[j - 1][1] >> p & 1 else 0
                    ok = back(p, j - 1, below, used | low | overlaps.get(p, 0)) or (
                        below and levels[j - 1][0] >> p & 1
                        and back(p, j - 1, 0, used | low | overlaps.get(p, 0)))
                else:
                    ok = back(p, j - 1, layer, used | low | overlaps.get(p, 0))
                if ok:
                    return True
                tries[0] -= 1
                if tries[0] < 0:
                    return False
                choices ^= low
            return False

        if overlaps.get(e, 0) >> s & 1:
            return out  # the ends share a cell on one digit
        back(e, k, 1, 1 << s | 1 << e | overlaps.get(s, 0) | overlaps.get(e, 0))
        return out


def _spread(mask: int, adj: list[int]) -> int:
    """The nodes linked (by ``adj``) to some node of ``mask``."""
    out = 0
    while mask:
        low = mask & -mask
        out |= adj[low.bit_length() - 1]
        mask ^= low
    return out


def _alternating(k: int) -> list[bool]:
    return [i % 2 == 0 for i in range(k)]


# --- one search per position, shared by the finders ---------------------------------------------

def chain_search(pos: Position, grouped: bool, als: bool = False) -> ChainSearch:
    """The search of ``pos`` (kept in the solve's context while the position's candidates stay
    the same): plain, or grouped with group nodes and (``als``) ALS nodes."""
    context = context_of(pos)
    kind = ("chain-search", grouped, als)
    key = (pos.geometry, tuple(pos.cands), context.listing)  # listing finds more
    search = context.recall(kind, key)
    if search is None:
        search = context.keep(kind, key, ChainSearch(InferenceGraph(pos, grouped, grouped and als),
                                                     context.listing))
    return search


def _found(pos: Position, kind: str, grouped: bool):
    """``(graph, Found)`` of every deduction of ``kind``, shortest first. The grouped finders
    list the chains through groups first, then, when listing every instance
    (:func:`options.listing`) with ``options.current().als_in_chains``, those through ALS nodes
    that change something else: a single step (the solve path) is found as before, as cheaply."""
    searches = [chain_search(pos, grouped)]
    context = context_of(pos)
    if grouped and context.options.als_in_chains and context.listing:
        searches.append(None)
    done: set = set()
    for search in searches:
        if search is None:
            search = chain_search(pos, True, als=True)
        graph = search.graph
        k = 1
        while (level := search.at(k)) is not None:
            for f in level:
                if f.kind == kind:
                    change = (tuple(f.placements), tuple(sorted(f.eliminations)))
                    if change not in done:
                        done.add(change)
                        yield graph, f
            k += 1


def _find(pos: Position, technique: str, kind: str, grouped: bool):
    tech = REGISTRY[technique]
    for graph, f in _found(pos, kind, grouped):
        candidates, cells, marks = [], set(), []
        for n in dict.fromkeys(f.nodes):
            d = graph.digit(n)
            for c in graph.cells(n):
                candidates.append((c, d))
                cells.add(c)
            if graph.is_als(n) and all(m.cells != graph.als_cells(n) for m in marks):
                marks.append(Mark("als", graph.als_cells(n), label=f"ALS {len(marks) + 1}"))
        if marks:
            marks.append(Mark("pattern", tuple(sorted(cells))))
        links = [graph.link(a, b, st) for a, b, st in zip(f.nodes, f.nodes[1:], f.strong)]
        yield tech.step(
            pos, msgn("{name} ({n} link): {chain}", "{name} ({n} links): {chain}", len(links),
                      name=tech.title, chain=Lazy(graph.chain_text, f.nodes, f.strong)),
            placements=f.placements, eliminations=f.eliminations, cells=sorted(cells),
            candidates=candidates, links=links, marks=marks)


@finder("continuous-nice-loop")
def continuous_nice_loop(pos: Position):
    return _find(pos, "continuous-nice-loop", "cnl", False)


@finder("discontinuous-nice-loop")
def discontinuous_nice_loop(pos: Position):
    return _find(pos, "discontinuous-nice-loop", "dnl", False)


@finder("aic")
def aic(pos: Position):
    return _find(pos, "aic", "aic", False)


@finder("grouped-continuous-nice-loop")
def grouped_continuous_nice_loop(pos: Position):
    return _find(pos, "grouped-continuous-nice-loop", "cnl", True)


@finder("grouped-discontinuous-nice-loop")
def grouped_discontinuous_nice_loop(pos: Position):
    return _find(pos, "grouped-discontinuous-nice-loop", "dnl", True)


@finder("grouped-aic")
def grouped_aic(pos: Position):
    return _find(pos, "grouped-aic", "aic", True)
