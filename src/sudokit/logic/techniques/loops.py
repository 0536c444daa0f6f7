"""Alternating inference chains and nice loops, plain and grouped, found shortest first.

All six finders read one breadth-first search of the position's :class:`InferenceGraph`
(one for the plain graph, one for the grouped), run level by level from every node with a
strong link and kept for the next finder on the same position. From a start ``S`` assumed
false, a strong link makes the next node true, a weak link from a true node makes the next
false; level ``k`` holds the nodes first reached after ``k`` links. A node ``E`` reached true
after an odd number of links gives the chain ``S = ... = E``: ``S`` or ``E`` is true.

- AIC: a chain between two different nodes; every candidate weakly linked to both ends goes
  (same digit: the cells seeing both ends; two digits of one cell: the cell's other digits;
  two digits in cells that see each other: each end cell loses the other end's digit).
  Reported as an AIC when it removes two or more candidates.
- Discontinuous Nice Loop: the chain closes on one node. ``S = ... = S`` (two strong links at
  ``S``): ``S`` is placed (a group: cells seeing all of it lose the digit).
  ``X - S = ... = E - X`` (two weak links at ``X``, or a strong and a weak link of two digits
  in ``X``'s cell): ``X`` goes. A chain that removes exactly one candidate is written as this
  loop through it (an AIC is a bundle of such loops).
- Continuous Nice Loop: ``S = ... = E - S``, alternating all round: of every two neighbours
  exactly one is true, so each link acts as strong, and a candidate weakly linked to both ends
  of any link (the rest of a house, the cell's other digits) goes.

The grouped finders search the graph with group nodes (a digit's 2+ cells in one box-line
intersection) and report only chains that use one and change something the plain chains do not.
A chain found as ``S ... E`` is also ``E ... S``: only the one from the smaller node counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import limits
from ..inference import InferenceGraph
from ..position import Position
from ..step import Candidate
from .registry import REGISTRY, finder

MAX_LINKS = 15
"""Deepest search level (links from the start): AICs and placing loops up to 15 links,
continuous loops up to 16, eliminating loops up to 17 (the target adds two weak links)."""

MAX_EXPANSIONS = 300_000
"""Node expansions one search may make over all its starts (bounds big grids)."""

PATH_TRIES = 400
"""Dead ends one chain reconstruction may meet before it gives up on that chain."""


@dataclass
class Found:
    """A deduction: its kind (``aic``, ``dnl``, ``cnl``), the chain as written, the changes."""

    kind: str
    nodes: list[int]
    strong: list[bool]
    placements: list[Candidate]
    eliminations: list[Candidate]


class ChainSearch:
    """The level-by-level search of one graph; :meth:`at` computes levels on demand."""

    def __init__(self, graph: InferenceGraph) -> None:
        self.graph = graph
        strong, weak, cand_bits = graph.strong, graph.weak, graph.cand_bits
        self.group_bits = ~cand_bits
        self.states = []  # [start, visited false, visited true, frontier, level masks]
        linked = 0  # nodes with a strong link: the only ones a chain can go on from
        for s, links in enumerate(strong):
            if links:
                self.states.append([s, 1 << s, 0, 1 << s, [1 << s]])
                linked |= 1 << s
        # a node made false is worth following only if it has a strong link
        self.weak_on = [w & linked if strong[n] else 0 for n, w in enumerate(weak)]
        self.partners: dict[int, tuple[int, int]] = {}
        self.levels: list[list[Found]] = [[]]
        self.expansions = 0
        self.seen: set = set()

    def at(self, k: int) -> list[Found] | None:
        """The deductions whose search level is ``k`` (None past the end of the search)."""
        while len(self.levels) <= k:
            limits.check()  # between levels: a level half advanced would spoil the kept search
            if not self._advance():
                return None
        return self.levels[k]

    # --- one level for every start --------------------------------------------------------
    def _advance(self) -> bool:
        k = len(self.levels)
        if k > MAX_LINKS or not self.states or self.expansions > MAX_EXPANSIONS:
            return False
        odd = k & 1
        adj = self.graph.strong if odd else self.weak_on
        found: list[Found] = []
        alive = []
        expansions = 0
        for st in self.states:
            frontier = st[3]
            acc = 0
            while frontier:
                low = frontier & -frontier
                acc |= adj[low.bit_length() - 1]
                frontier ^= low
                expansions += 1
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
                if odd and k >= 3:
                    self._detect(st, k, new, found)
        self.states = alive
        self.expansions += expansions
        self.levels.append(found)
        return True

    def _detect(self, st, k: int, new: int, found: list[Found]) -> None:
        s, levels = st[0], st[4]
        graph = self.graph
        weak = graph.weak
        above = -1 << (s + 1)  # ends after the start: each chain once
        if new >> s & 1:
            self._placing_loop(s, levels, k, found)
        ws, reach = self.partners.get(s) or self._partners(s)
        closing = new & weak[s] & above
        while closing:
            low = closing & -closing
            self._continuous_loop(s, low.bit_length() - 1, levels, k, found)
            closing ^= low
        ends = new & reach & above & ~weak[s]
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
        reach = 0
        m = ws
        while m:
            low = m & -m
            reach |= weak[low.bit_length() - 1]
            m ^= low
        self.partners[s] = (ws, reach)
        return ws, reach

    def _placing_loop(self, s, levels, k, found) -> None:
        key = ("place", s)
        if key in self.seen:
            return
        path, plain = self._path(levels, s, s, k)
        if path is None:
            return
        self.seen.add(key)
        if plain:
            return
        graph = self.graph
        if graph.is_group(s):  # the digit is in the group: cells seeing all of it lose it
            elims = graph.candidates_of(graph.weak[s])
            places = []
            if not elims:
                return
        else:
            elims, places = [], [graph.candidate(s)]
        found.append(Found("dnl", path, _alternating(k), places, elims))

    def _continuous_loop(self, s, e, levels, k, found) -> None:
        path, plain = self._path(levels, s, e, k)
        if path is None:
            return
        graph = self.graph
        weak = graph.weak
        loop = path + [s]
        on_loop = 0
        for n in path:
            on_loop |= 1 << n
        hit = 0
        for a, b in zip(loop, loop[1:]):
            hit |= weak[a] & weak[b]
        hit &= graph.cand_bits & ~on_loop
        if not hit:
            return
        key = ("cnl", hit)
        if key in self.seen:
            return
        self.seen.add(key)
        if plain:
            return
        found.append(Found("cnl", loop, _alternating(k) + [False], [], graph.candidates_of(hit)))

    def _open_chain(self, s, e, levels, k, targets, found) -> None:
        single = (targets & (targets - 1)) == 0
        key = ("elim", targets)
        if key in self.seen:
            return
        path, plain = self._path(levels, s, e, k)
        if path is None:
            return
        self.seen.add(key)
        if plain:
            return
        elims = self.graph.candidates_of(targets)
        if single:
            x = targets.bit_length() - 1
            found.append(Found("dnl", [x] + path + [x], [False] + _alternating(k) + [False],
                               [], elims))
        else:
            found.append(Found("aic", path, _alternating(k), [], elims))

    # --- writing a chain out ------------------------------------------------------------------
    def _path(self, levels: list[int], s: int, e: int, k: int) -> tuple[list[int] | None, bool]:
        """``(chain, plain)``: a chain of ``k`` links from ``s`` to ``e`` through the search
        levels (no node twice, no cell of a group again on the group's digit), or None;
        ``plain`` when a grouped search finds one without group nodes (the plain finders')."""
        graph = self.graph
        if graph.grouped and not graph.is_group(s) and not graph.is_group(e):
            path = self._walk(levels, s, e, k, self.group_bits)
            if path is not None:
                return path, True
        return self._walk(levels, s, e, k, 0), False

    def _walk(self, levels, s, e, k, avoid) -> list[int] | None:
        graph = self.graph
        strong, weak, overlaps = graph.strong, graph.weak, graph.overlaps
        path = [0] * (k + 1)
        path[0], path[k] = s, e
        tries = [PATH_TRIES]

        def back(cur: int, j: int, used: int) -> bool:
            # cur sits at level j; link j-1 -> j is strong when j-1 is even
            if j == 1:
                return bool(strong[cur] >> s & 1)
            choices = levels[j - 1] & (weak[cur] if j & 1 == 0 else strong[cur]) & ~used & ~avoid
            while choices:
                low = choices & -choices
                p = path[j - 1] = low.bit_length() - 1
                if back(p, j - 1, used | low | overlaps.get(p, 0)):
                    return True
                tries[0] -= 1
                if tries[0] < 0:
                    return False
                choices ^= low
            return False

        if overlaps.get(e, 0) >> s & 1:
            return None  # the ends share a cell on one digit
        if back(e, k, 1 << s | 1 << e | overlaps.get(s, 0) | overlaps.get(e, 0)):
            return path
        return None


def _alternating(k: int) -> list[bool]:
    return [i % 2 == 0 for i in range(k)]


# --- one search per position, shared by the finders ---------------------------------------------

_searches: dict[bool, tuple[tuple, ChainSearch]] = {}


def chain_search(pos: Position, grouped: bool) -> ChainSearch:
    """The search of ``pos`` (kept while the position's candidates stay the same)."""
    key = (pos.geometry, tuple(pos.cands))
    kept = _searches.get(grouped)
    if kept is not None and kept[0] == key:
        return kept[1]
    search = ChainSearch(InferenceGraph(pos, grouped))
    _searches[grouped] = (key, search)
    return search


def _changes(f: Found) -> set:
    return {("place", c) for c in f.placements} | {("elim", c) for c in f.eliminations}


def _plain_changes(pos: Position) -> set:
    """Everything the plain search changes (a grouped chain that adds nothing is left out)."""
    search = chain_search(pos, False)
    out: set = set()
    k = 1
    while (level := search.at(k)) is not None:
        for f in level:
            out |= _changes(f)
        k += 1
    return out


def _find(pos: Position, technique: str, kind: str, grouped: bool):
    tech = REGISTRY[technique]
    search = chain_search(pos, grouped)
    graph = search.graph
    plain = _plain_changes(pos) if grouped else set()
    k = 1
    while True:
        level = search.at(k)
        if level is None:
            return
        for f in level:
            if f.kind != kind or (plain and _changes(f) <= plain):
                continue
            candidates, cells = [], set()
            for n in dict.fromkeys(f.nodes):
                d = graph.digit(n)
                for c in graph.cells(n):
                    candidates.append((c, d))
                    cells.add(c)
            links = [graph.link(a, b, st) for a, b, st in zip(f.nodes, f.nodes[1:], f.strong)]
            yield tech.step(
                pos, f"{tech.name} ({len(links)} links): {graph.chain_text(f.nodes, f.strong)}",
                placements=f.placements, eliminations=f.eliminations, cells=sorted(cells),
                candidates=candidates, links=links)
        k += 1


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
