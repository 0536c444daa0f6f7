"""Techniques built from Almost Locked Sets (see :mod:`sudokit.engines.logic.als`).

An ALS that loses one of its digits is locked on the others. An RCC ``x`` of two ALS can be in
at most one of them, so if ``A`` holds ``x``, ``B`` does not and is locked on its other digits.

- ALS-XZ: ``A`` and ``B`` with RCC ``X`` and another common digit ``Z``: if ``A`` lacks ``Z`` it
  holds ``X``, so ``B`` lacks ``X`` and holds ``Z``: one of them holds ``Z``, and a cell seeing
  every ``Z`` of both loses it. Doubly linked (two RCCs): exactly one RCC goes to each set, so
  both are locked: every digit of ``A`` but the RCCs is in ``A`` (same for ``B``), and every RCC
  is in ``A`` or ``B``.
- ALS-XY-Wing: ``A`` and ``B`` each share an RCC (``X``, ``Y``, different) with a pivot ``C``;
  ``Z`` common to ``A`` and ``B``: ``A`` lacks ``Z`` -> ``A`` holds ``X`` -> ``C`` lacks ``X`` ->
  ``C`` holds ``Y`` -> ``B`` lacks ``Y`` -> ``B`` holds ``Z``.
- ALS-XY-Chain: the same along a chain of four or more ALS, consecutive RCCs different, ``Z``
  in both end sets and not the RCC at either end.
- Death Blossom: a stem cell whose every candidate ``d`` has a petal ALS whose ``d`` cells all
  see the stem; ``Z`` in every petal, not in the stem: whichever digit the stem takes, its
  petal is locked on the rest and holds ``Z``.

In each case ``Z`` goes from the cells that see every ``Z`` cell of the sets that may hold it.
The finders share one enumeration of the sets per position (:func:`als_index`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from sudokit.i18n import msg
from sudokit.i18n.values import Cell, Join, Lazy
from sudokit.engines.logic.context import context_of
from sudokit.engines.logic.als import ALS, ALSIndex, als_index, describe_als, full_als_index
from sudokit.engines.logic.links import cells_of
from sudokit.model.position import Position, digits_of
from sudokit.engines.logic.step import Link, Mark
from sudokit.engines.logic.techniques.registry import REGISTRY, finder

CHAIN_MAX_LINKS = 6
"""Most RCC links in an ALS-XY-Chain (``CHAIN_MAX_LINKS + 1`` sets; at least 3 links, since
two are an ALS-XY-Wing and one an ALS-XZ)."""

WING_MAX_PAIRS = 300_000
"""Most (A, B) pairs an ALS-XY-Wing search looks at in one position (dense positions on large
grids have tens of thousands of RCCs)."""

STEM_MAX_DIGITS = 4
"""Most candidates of a Death Blossom stem (one petal each) for a single step; a listing takes
stems of any size (HoDoKu's find-all lists five-petal blossoms)."""

BLOSSOM_MAX_TRIES = 50_000
"""Most petals tried in one position's Death Blossom search: bounds it on large grids."""


# --- shared wording and highlighting -------------------------------------------------------------


def _low_cell(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _rcc_link(a: ALS, b: ALS, x: int) -> Link:
    """The restricted link on ``x`` between two sets, drawn from a cell of each."""
    return Link((_low_cell(a.cells_with[x]), x), (_low_cell(b.cells_with[x]), x), False)


def _highlight(sets: Iterable[ALS], extra_cells: Iterable[int] = (),
               labels: Iterable[str] | None = None) -> dict:
    """What a step on these ALSs highlights, with each ALS a mark to outline (labelled A, B, ...
    unless ``labels`` says otherwise)."""
    cells: set[int] = set(extra_cells)
    cands: set[tuple[int, int]] = set()
    houses: list[int] = []
    marks: list[Mark] = []
    sets = list(sets)
    for a, label in zip(sets, labels or "ABCDEFGHIJKLMNOPQRSTUVWXYZ"):
        for d, dc in a.cells_with.items():
            for c in cells_of(dc):
                cands.add((c, d))
        cells.update(cells_of(a.cells))
        if a.house not in houses:
            houses.append(a.house)
        marks.append(Mark("als", tuple(cells_of(a.cells)), tuple(sorted(a.cells_with)), label))
    return {"cells": sorted(cells), "candidates": sorted(cands), "houses": houses, "marks": marks}


def _digits(mask_or_digits) -> str:
    ds = digits_of(mask_or_digits) if isinstance(mask_or_digits, int) else mask_or_digits
    return ",".join(str(d) for d in sorted(ds))


def _bit(d: int) -> int:
    return 1 << (d - 1)


@lru_cache(maxsize=1 << 16)
def _digit_tuple(mask: int) -> tuple[int, ...]:
    """``digits_of(mask)`` as a tuple, memoised (the chain search asks for the same few masks
    very often)."""
    return tuple(digits_of(mask))


def _neighbours(idx: ALSIndex, overlap: bool) -> list[list[tuple[int, int]]]:
    """The RCC neighbours of each set: the disjoint ones, and those sharing cells if
    ``overlap``."""
    if not overlap:
        return idx.neighbours
    return [sorted(d + o) for d, o in zip(idx.neighbours, idx.overlap_neighbours)]


# --- ALS-XZ --------------------------------------------------------------------------------------


@finder("als-xz")
def als_xz(pos: Position):
    tech = REGISTRY["als-xz"]
    done: set[tuple] = set()
    for idx, rcc in _pair_phases(pos):
        g, als = idx.geometry, idx.als
        for _, i, j, r, zs, elims in _xz_instances(als, rcc):
            key = tuple(sorted(set(elims)))
            if key in done:
                continue  # the same deduction from larger sets
            done.add(key)
            a, b = als[i], als[j]
            doubly = r.bit_count() == 2
            sets = dict(name=tech.title, a=Lazy(describe_als, g, a), b=Lazy(describe_als, g, b),
                        x=_digits(r), z=_digits(zs))
            if doubly:
                what = (msg("{name} (doubly linked): A = {a}, B = {b}, X={x}, Z={z}", **sets) if zs
                        else msg("{name} (doubly linked): A = {a}, B = {b}, X={x}", **sets))
            else:
                what = (msg("{name}: A = {a}, B = {b}, X={x}, Z={z}", **sets) if zs
                        else msg("{name}: A = {a}, B = {b}, X={x}", **sets))
            yield tech.step(pos, what, eliminations=elims, **_highlight((a, b)),
                            links=[_rcc_link(a, b, x) for x in digits_of(r)])


def _pair_phases(pos: Position):
    """(index, RCCs) to look at in turn: the disjoint pairs of :func:`als_index` (the cheap
    first instances), then, when listing every instance (:func:`options.listing`), those of
    :func:`full_als_index` and, with ``als_overlap``, its pairs sharing cells."""
    idx = als_index(pos)
    yield idx, idx.rcc
    if not context_of(pos).listing:
        return
    full = full_als_index(pos)
    if full is not idx:
        yield full, full.rcc
    if context_of(pos).options.als_overlap:
        yield full, full.overlap_rcc


def _xz_instances(als: list[ALS], rcc: dict[tuple[int, int], int]) -> list[tuple]:
    """(total size, i, j, RCC mask, Z digits, eliminations) of every pair of ``rcc`` that
    eliminates something, smallest sets first."""
    found = []
    for (i, j), r in rcc.items():
        a, b = als[i], als[j]
        common = a.digits & b.digits & ~r
        nr = r.bit_count()
        elims, zs = _z_eliminations(a, b, common)
        if nr == 2:
            # doubly linked: each RCC in exactly one set, every other digit locked in its set
            # (and taken from the cells outside both sets, as HoDoKu does)
            for x in digits_of(r):
                elims += [(c, x) for c in cells_of(a.targets[x] & b.targets[x])]
            outside = ~(a.cells | b.cells)
            for s in (a, b):
                for d in digits_of(s.digits & ~r & s.reaching):
                    elims += [(c, d) for c in cells_of(s.targets[d] & outside)]
        elif nr != 1:
            continue  # three RCCs between two ALS: the position has no solution
        if elims:
            found.append((a.size + b.size, i, j, r, zs, elims))
    found.sort(key=lambda f: f[:3])
    return found


# --- ALS-XY-Wing ---------------------------------------------------------------------------------


def _pick_xy(ra: int, rb: int) -> tuple[int, int] | None:
    """An RCC ``x`` from ``ra`` and ``y`` from ``rb``, different (None if both are the same
    single digit)."""
    for x in _digit_tuple(ra):
        ys = rb & ~_bit(x)
        if ys:
            return x, _low_cell(ys) + 1
    return None


def _z_eliminations(a: ALS, b: ALS, zs: int) -> tuple[list[tuple[int, int]], list[int]]:
    """For each digit of ``zs`` one of ``a`` and ``b`` holds: the cells seeing every such
    digit of both lose it. Returns the eliminations and the digits that eliminate."""
    elims: list[tuple[int, int]] = []
    used = []
    for z in _digit_tuple(zs & a.reaching & b.reaching):
        t = a.targets[z] & b.targets[z]
        if t:
            used.append(z)
            elims += [(c, z) for c in cells_of(t)]
    return elims, used


@finder("als-xy-wing")
def als_xy_wing(pos: Position):
    """One step per (A, B, pivot C) with every digit Z of A and B that is neither RCC: the
    disjoint sets of :func:`als_index` first; then, when listing every instance, those of
    :func:`full_als_index` and (with ``als_overlap``) sets sharing cells (an RCC is never in
    the cells two linked sets share; A and B may share any)."""
    idx = als_index(pos)
    tech = REGISTRY["als-xy-wing"]
    done: set[tuple] = set()
    yield from _wings(pos, tech, idx, idx.neighbours, False, done, [WING_MAX_PAIRS])
    if not context_of(pos).listing:
        return
    full = full_als_index(pos)
    overlap = context_of(pos).options.als_overlap
    if full is not idx or overlap:
        yield from _wings(pos, tech, full, _neighbours(full, overlap), overlap, done,
                          [WING_MAX_PAIRS])


def _wings(pos, tech, idx: ALSIndex, nb: list[list[tuple[int, int]]], overlap: bool,
           done: set[tuple], budget: list[int]):
    g, als = idx.geometry, idx.als
    for c, around in enumerate(nb):  # pivots, smallest sets first
        if len(around) < 2:
            continue
        pivot = als[c]
        by_z: dict[int, list[tuple[ALS, int]]] = {}
        for j, r in around:
            s = als[j]
            for z in _digit_tuple(s.reaching):
                by_z.setdefault(z, []).append((s, r))
        tried: set[tuple[int, int]] = set()
        for z, lst in sorted(by_z.items()):
            if len(lst) < 2:
                continue
            budget[0] -= len(lst) * (len(lst) - 1) // 2
            if budget[0] < 0:
                return
            for k, (a, ra) in enumerate(lst):
                ta = a.targets[z]
                for b, rb in lst[k + 1:]:
                    if not ta & b.targets[z] or (a.index, b.index) in tried:
                        continue
                    tried.add((a.index, b.index))
                    if not overlap and a.cells & b.cells:
                        continue
                    xy = _pick_xy(ra, rb)
                    if xy is None:
                        continue
                    elims, zs = _z_eliminations(a, b, a.digits & b.digits & ~ra & ~rb)
                    if not elims:
                        continue
                    key = tuple(sorted(elims))
                    if key in done:
                        continue
                    done.add(key)
                    x, y = xy
                    what = msg("{name}: A = {a}, B = {b}, C = {c}, X={x}, Y={y}, Z={z}",
                               name=tech.title, a=Lazy(describe_als, g, a),
                               b=Lazy(describe_als, g, b), c=Lazy(describe_als, g, pivot),
                               x=_digits(ra), y=_digits(rb), z=_digits(zs))
                    yield tech.step(pos, what, eliminations=elims,
                                    **_highlight((a, pivot, b), labels="ACB"),
                                    links=[_rcc_link(a, pivot, x), _rcc_link(pivot, b, y)])


# --- ALS-XY-Chain --------------------------------------------------------------------------------


class _StateGraph:
    """States ``(i, r)``: "ALS ``i`` lacks digit ``r`` (an RCC into it), so it is locked on the
    others". ``(i, r) -> (j, r2)`` for every RCC ``r2 != r`` of ``i`` and ``j`` (``nb``: the
    RCC neighbours of each set)."""

    def __init__(self, nb: list[list[tuple[int, int]]]) -> None:
        self.ids: dict[tuple[int, int], int] = {}
        self.states: list[tuple[int, int]] = []
        for i, around in enumerate(nb):
            into = 0
            for _, m in around:
                into |= m
            for r in _digit_tuple(into):
                self.ids[(i, r)] = len(self.states)
                self.states.append((i, r))
        ids = self.ids
        # hops[i]: (state, digit) one RCC away from set i
        self.hops = [[(ids[(j, r)], r) for j, m in around for r in _digit_tuple(m)]
                     for around in nb]
        self.succ: list[list[int]] = []
        self.pred: list[list[int]] = [[] for _ in self.states]
        for s, (i, r) in enumerate(self.states):
            out = [t for t, r2 in self.hops[i] if r2 != r]
            self.succ.append(out)
            for t in out:
                self.pred[t].append(s)

    def first_hops(self, i: int, z: int) -> list[int]:
        """States one RCC (not ``z``) away from set ``i`` when it lacks ``z``."""
        return [t for t, r in self.hops[i] if r != z]


def _trace_back(idx: ALSIndex, graph: _StateGraph, levels: list[dict[int, int]], sb: int,
                first: int, end: int, overlap: bool, budget: int) -> list[int] | None:
    """The states of a chain from start ``sb`` (set ``first``) to ``end``, found backwards
    through the level frontiers (``levels[k]``: states reached at ``k + 1`` links, with the
    starts that reached them) through distinct sets, pairwise disjoint unless ``overlap``;
    None if there is none within ``budget`` tries."""
    als, states, pred = idx.als, graph.states, graph.pred
    end_set = states[end][0]
    if end_set == first or not overlap and als[first].cells & als[end_set].cells:
        return None
    path = [end]
    used_sets = {first, end_set}
    used = [als[first].cells | als[end_set].cells]
    left = [budget]

    def back(level: int) -> bool:  # path[-1] is at ``level``; find its predecessor
        if level == 0:
            return True
        frontier = levels[level - 1]
        for p in pred[path[-1]]:
            if not frontier.get(p, 0) & sb:
                continue
            k = states[p][0]
            cells = als[k].cells
            if k in used_sets or not overlap and cells & used[0]:
                continue
            left[0] -= 1
            if left[0] < 0:
                return False
            path.append(p)
            used_sets.add(k)
            before = used[0]
            used[0] |= cells
            if back(level - 1):
                return True
            path.pop()
            used_sets.discard(k)
            used[0] = before
        return False

    return path[::-1] if back(len(levels) - 1) else None


@finder("als-xy-chain")
def als_xy_chain(pos: Position):
    """Chains of at least four disjoint sets along shortest walks first (the cheap first
    instance); then, when listing every instance, chains of three sets or more (HoDoKu lists
    an ALS-XY-Wing as a chain too) along any walk, with the larger sets of
    :func:`full_als_index`, overlapping where ``als_overlap`` allows."""
    tech = REGISTRY["als-xy-chain"]
    idx = als_index(pos)
    done: set[tuple] = set()
    yield from _chains(pos, tech, idx, idx.neighbours, done, min_links=3, shortest=True,
                       overlap=False)
    if not context_of(pos).listing:
        return
    full = full_als_index(pos)
    overlap = context_of(pos).options.als_overlap
    yield from _chains(pos, tech, full, _neighbours(full, overlap), done, min_links=2,
                       shortest=False, overlap=overlap)


def _chains(pos, tech, idx: ALSIndex, nb: list[list[tuple[int, int]]], done: set[tuple],
            min_links: int, shortest: bool, overlap: bool):
    """Breadth-first from every start at once: a start is (set, z), z with targets; the label
    of a state is the bitmask of the starts that reach it. ``shortest``: a label is pushed on
    only when new (each state at its shortest distance from a start); else every walk length
    is followed."""
    als = idx.als
    graph = _StateGraph(nb)
    if not graph.states:
        return
    starts: list[tuple[int, int]] = []
    frontier: dict[int, int] = {}
    cell_starts: dict[tuple[int, int], int] = {}  # (z, cell) -> starts whose z targets hold it
    for a in als:
        if not nb[a.index]:
            continue
        for z in _digit_tuple(a.reaching):
            hops = graph.first_hops(a.index, z)
            if not hops:
                continue
            sb = 1 << len(starts)
            starts.append((a.index, z))
            for s in hops:
                frontier[s] = frontier.get(s, 0) | sb
            for c in cells_of(a.targets[z]):
                cell_starts[(z, c)] = cell_starts.get((z, c), 0) | sb
    if not starts:
        return
    start_bit = {st: 1 << k for k, st in enumerate(starts)}
    partner_cache: dict[tuple[int, int], int] = {}

    def partners(k: int, z: int) -> int:
        """Starts (A1, z) whose z targets meet those of set k (k itself left out)."""
        p = partner_cache.get((k, z))
        if p is None:
            p = 0
            for c in cells_of(als[k].targets[z]):
                p |= cell_starts.get((z, c), 0)
            p &= ~start_bit.get((k, z), 0)
            partner_cache[(k, z)] = p
        return p

    seen = dict(frontier)
    levels = [frontier]
    tried: set[tuple[int, int]] = set()  # (first set, end state) with a chain
    trace_budget = 64 if shortest else 256
    for links in range(1, CHAIN_MAX_LINKS + 1):
        if links >= min_links:
            hits = []
            for s, bits in frontier.items():
                k, r = graph.states[s]
                for z in _digit_tuple(als[k].reaching & ~_bit(r)):
                    h = bits & partners(k, z)
                    while h:
                        low = h & -h
                        h ^= low
                        hits.append((low.bit_length() - 1, s, z))
            hits.sort()
            for sid, end, z in hits:
                first = starts[sid][0]
                if (first, end) in tried:
                    continue  # the Z digits of these end sets are all in its step
                path = _trace_back(idx, graph, levels, 1 << sid, first, end, overlap,
                                   trace_budget)
                if path is None:
                    continue
                tried.add((first, end))
                step = _chain_step(pos, tech, idx, graph, first, path, done)
                if step is not None:
                    yield step
        if links == CHAIN_MAX_LINKS:
            break
        nxt: dict[int, int] = {}
        succ = graph.succ
        for s, bits in frontier.items():
            for t in succ[s]:
                nxt[t] = nxt.get(t, 0) | bits
        if shortest:
            frontier = {}
            for t, bits in nxt.items():
                new = bits & ~seen.get(t, 0)
                if new:
                    frontier[t] = new
                    seen[t] = seen.get(t, 0) | new
        else:
            frontier = nxt
        if not frontier:
            break
        levels.append(frontier)


def _chain_step(pos, tech, idx: ALSIndex, graph: _StateGraph, first: int, path: list[int],
                done: set[tuple]):
    """The step of a chain (None if nothing new): every digit Z of both end sets that is
    neither the first nor the last RCC."""
    g, als = idx.geometry, idx.als
    sets = [als[first]] + [als[graph.states[s][0]] for s in path]
    rccs = [graph.states[s][1] for s in path]
    a, b = sets[0], sets[-1]
    elims, zs = _z_eliminations(a, b, a.digits & b.digits & ~_bit(rccs[0]) & ~_bit(rccs[-1]))
    key = tuple(sorted(elims))
    if not elims or key in done:
        return None
    done.add(key)
    parts = [Lazy(describe_als, g, sets[0])]
    for x, s in zip(rccs, sets[1:]):
        parts.append(f"-{x}-")
        parts.append(Lazy(describe_als, g, s))
    what = msg("{name}: {chain}, Z={z}", name=tech.title, chain=Join(parts, " "), z=_digits(zs))
    links = [_rcc_link(a, b, x) for a, b, x in zip(sets, sets[1:], rccs)]
    return tech.step(pos, what, eliminations=elims, **_highlight(sets), links=links)


# --- Death Blossom -------------------------------------------------------------------------------


@finder("death-blossom")
def death_blossom(pos: Position):
    """One step per stem and choice of petals, with every digit Z they all hold: the sets of
    :func:`als_index`, then, when listing every instance, those of :func:`full_als_index`
    (petals may share cells, a set may be the petal of two stem digits)."""
    tech = REGISTRY["death-blossom"]
    done: set[tuple] = set()
    idx = als_index(pos)
    yield from _death_blossoms(pos, tech, idx, done)
    if not context_of(pos).listing:
        return
    full = full_als_index(pos)
    if full is not idx:
        yield from _death_blossoms(pos, tech, full, done)


def _death_blossoms(pos, tech, idx: ALSIndex, done: set[tuple]):
    g, als, cands = idx.geometry, idx.als, pos.cands
    # (stem cell, digit) -> petals: sets holding the digit whose cells with it all see the stem
    petals: dict[tuple[int, int], list[ALS]] = {}
    for a in als:
        if not a.reaching:
            continue  # a petal must hold a Z with targets
        for d, t in a.targets.items():
            for s in cells_of(t):
                petals.setdefault((s, d), []).append(a)
    budget = [BLOSSOM_MAX_TRIES]
    most = g.size if context_of(pos).listing else STEM_MAX_DIGITS
    for stem, sm in enumerate(cands):
        if not 2 <= sm.bit_count() <= most:
            continue
        digits = list(digits_of(sm))
        lists = [petals.get((stem, d)) for d in digits]
        if not all(lists):
            continue
        zs = -1
        for lst in lists:
            zm = 0
            for a in lst:
                zm |= a.reaching
            zs &= zm
        zs &= ~sm
        tried: set[tuple[int, ...]] = set()
        for z in digits_of(zs):
            options_ = [[a for a in lst if a.reaching >> (z - 1) & 1] for lst in lists]
            if not all(options_):
                continue
            order = sorted(range(len(digits)), key=lambda k: len(options_[k]))
            for chosen, _ in _blossoms(options_, order, z, stem, budget):
                ids = tuple(a.index for a in chosen)
                if ids in tried:
                    continue
                tried.add(ids)
                common = ~sm
                for a in chosen:
                    common &= a.digits
                elims, used = _petal_eliminations(chosen, common)
                key = tuple(sorted(elims))
                if key in done:
                    continue
                done.add(key)
                yield _blossom_step(pos, tech, g, stem, digits, chosen, used, elims)


def _petal_eliminations(petals: list[ALS], zs: int) -> tuple[list[tuple[int, int]], list[int]]:
    """The cells seeing every ``z`` of every petal lose it, for each ``z`` of ``zs``."""
    elims: list[tuple[int, int]] = []
    used = []
    for z in _digit_tuple(zs):
        t = -1
        for a in petals:
            t &= a.targets.get(z, 0)
            if not t:
                break
        if t:
            used.append(z)
            elims += [(c, z) for c in cells_of(t)]
    return elims, used


def _blossoms(options: list[list[ALS]], order: list[int], z: int, stem: int,
              budget: list[int]):
    """Every choice of one petal per stem digit (in ``order``) with cells seeing all their
    ``z``; yields (petals by digit position, target mask). Each petal tried costs one of
    ``budget[0]``."""
    chosen: list[ALS | None] = [None] * len(options)
    stem_bit = 1 << stem

    def walk(k: int, targets: int):
        if k == len(order):
            yield list(chosen), targets
            return
        pos_ = order[k]
        for a in options[pos_]:
            if budget[0] <= 0:
                return
            budget[0] -= 1
            if a.cells & stem_bit:
                continue
            t = targets & a.targets[z]
            if not t:
                continue
            chosen[pos_] = a
            yield from walk(k + 1, t)
        chosen[pos_] = None

    yield from walk(0, -1)


def _blossom_step(pos, tech, g, stem: int, digits: list[int], chosen: list[ALS], zs: list[int],
                  elims: list[tuple[int, int]]):
    parts = [msg("{digit}: {als}", digit=d, als=Lazy(describe_als, g, a))
             for d, a in zip(digits, chosen)]
    what = msg("{name}: stem {stem} {{{digits}}}, petals {petals}, Z={z}", name=tech.title,
               stem=Cell(g, stem), digits=_digits(digits), petals=Join(parts, "; "),
               z=_digits(zs))
    links = [Link((stem, d), (_low_cell(a.cells_with[d]), d), False)
             for d, a in zip(digits, chosen)]
    hl = _highlight(chosen, extra_cells=[stem], labels=[f"petal {d}" for d in digits])
    hl["candidates"] = sorted(set(hl["candidates"]) | {(stem, d) for d in digits})
    return tech.step(pos, what, eliminations=elims, **hl, links=links)


__all__ = ["als_xz", "als_xy_wing", "als_xy_chain", "death_blossom", "CHAIN_MAX_LINKS",
           "STEM_MAX_DIGITS", "BLOSSOM_MAX_TRIES",
           "WING_MAX_PAIRS"]
