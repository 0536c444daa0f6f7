"""Techniques built from Almost Locked Sets (see :mod:`sudokit.logic.als`).

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

from ..als import ALS, ALSIndex, als_index, describe_als
from ..links import cells_of
from ..position import Position, digits_of
from ..step import Link, Mark
from .registry import REGISTRY, finder

CHAIN_MAX_LINKS = 6
"""Most RCC links in an ALS-XY-Chain (``CHAIN_MAX_LINKS + 1`` sets; at least 3 links, since
two are an ALS-XY-Wing and one an ALS-XZ)."""

WING_MAX_PAIRS = 300_000
"""Most (A, B) pairs an ALS-XY-Wing search looks at in one position (dense positions on large
grids have tens of thousands of RCCs)."""

STEM_MAX_DIGITS = 4
"""Most candidates of a Death Blossom stem (one petal each)."""

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


_DIGITS: dict[int, tuple[int, ...]] = {}


def _digit_tuple(mask: int) -> tuple[int, ...]:
    """``digits_of(mask)`` as a tuple, memoised (the chain search asks for the same few masks
    very often)."""
    t = _DIGITS.get(mask)
    if t is None:
        if len(_DIGITS) > 1 << 16:
            _DIGITS.clear()
        t = _DIGITS[mask] = tuple(digits_of(mask))
    return t


# --- ALS-XZ --------------------------------------------------------------------------------------


@finder("als-xz")
def als_xz(pos: Position):
    idx = als_index(pos)
    g, als = idx.geometry, idx.als
    tech = REGISTRY["als-xz"]
    found = []
    for (i, j), r in idx.rcc.items():
        a, b = als[i], als[j]
        common = a.digits & b.digits & ~r
        nr = r.bit_count()
        elims: list[tuple[int, int]] = []
        zs = []
        for z in digits_of(common & a.reaching & b.reaching):
            t = a.targets[z] & b.targets[z]
            if t:
                zs.append(z)
                elims += [(c, z) for c in cells_of(t)]
        if nr == 2:
            # doubly linked: each RCC in exactly one set, every other digit locked in its set
            for x in digits_of(r):
                elims += [(c, x) for c in cells_of(a.targets[x] & b.targets[x])]
            for s in (a, b):
                for d in digits_of(s.digits & ~r & s.reaching):
                    elims += [(c, d) for c in cells_of(s.targets[d])]
        elif nr != 1:
            continue  # three RCCs between two ALS: the position has no solution
        if elims:
            found.append((a.size + b.size, i, j, r, zs, elims))
    found.sort(key=lambda f: f[:3])
    done: set[tuple] = set()
    for _, i, j, r, zs, elims in found:
        key = tuple(sorted(set(elims)))
        if key in done:
            continue  # the same deduction from larger sets
        done.add(key)
        a, b = als[i], als[j]
        doubly = r.bit_count() == 2
        what = (f"{tech.name}{' (doubly linked)' if doubly else ''}: A = {describe_als(g, a)}, "
                f"B = {describe_als(g, b)}, X={_digits(r)}")
        if zs:
            what += f", Z={_digits(zs)}"
        yield tech.step(pos, what, eliminations=elims, **_highlight((a, b)),
                        links=[_rcc_link(a, b, x) for x in digits_of(r)])


# --- ALS-XY-Wing ---------------------------------------------------------------------------------


def _pick_xy(ra: int, rb: int, zbit: int) -> tuple[int, int] | None:
    """An RCC ``x`` from ``ra`` and ``y`` from ``rb``, different, neither ``Z``."""
    for x in digits_of(ra & ~zbit):
        ys = rb & ~zbit & ~_bit(x)
        if ys:
            return x, _low_cell(ys) + 1
    return None


@finder("als-xy-wing")
def als_xy_wing(pos: Position):
    idx = als_index(pos)
    g, als, nb = idx.geometry, idx.als, idx.neighbours
    tech = REGISTRY["als-xy-wing"]
    done: set[tuple[int, int]] = set()  # (z, targets) already yielded
    budget = WING_MAX_PAIRS
    for c, around in enumerate(nb):  # pivots, smallest sets first
        if len(around) < 2:
            continue
        pivot = als[c]
        by_z: dict[int, list[tuple[ALS, int]]] = {}
        for j, r in around:
            s = als[j]
            for z in digits_of(s.reaching):
                by_z.setdefault(z, []).append((s, r))
        for z, lst in sorted(by_z.items()):
            if len(lst) < 2:
                continue
            zbit = _bit(z)
            budget -= len(lst) * (len(lst) - 1) // 2
            if budget < 0:
                return
            for k, (a, ra) in enumerate(lst):
                ta = a.targets[z]
                for b, rb in lst[k + 1:]:
                    t = ta & b.targets[z]
                    if not t or a.cells & b.cells or (z, t) in done:
                        continue
                    xy = _pick_xy(ra, rb, zbit)
                    if xy is None:
                        continue
                    done.add((z, t))
                    x, y = xy
                    what = (f"{tech.name}: A = {describe_als(g, a)}, B = {describe_als(g, b)}, "
                            f"C = {describe_als(g, pivot)}, X={x}, Y={y}, Z={z}")
                    yield tech.step(pos, what, eliminations=[(t_, z) for t_ in cells_of(t)],
                                    **_highlight((a, pivot, b), labels="ACB"),
                                    links=[_rcc_link(a, pivot, x), _rcc_link(pivot, b, y)])


# --- ALS-XY-Chain --------------------------------------------------------------------------------


class _StateGraph:
    """States ``(i, r)``: "ALS ``i`` lacks digit ``r`` (an RCC into it), so it is locked on the
    others". ``(i, r) -> (j, r2)`` for every RCC ``r2 != r`` of ``i`` and ``j``."""

    def __init__(self, idx: ALSIndex) -> None:
        nb = idx.neighbours
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
                first: int, end: int) -> list[int] | None:
    """The states of a shortest chain from start ``sb`` (set ``first``) to ``end``, found
    backwards through the level frontiers (``levels[k]``: states first reached at ``k + 1``
    links, with the starts that reached them), through pairwise disjoint sets; None if there
    is none (every shortest walk reuses cells)."""
    als, states, pred = idx.als, graph.states, graph.pred
    path = [end]
    used = [als[first].cells | als[states[end][0]].cells]
    if als[first].cells & als[states[end][0]].cells:
        return None
    budget = [64]

    def back(level: int) -> bool:  # path[-1] is at ``level``; find its predecessor
        if level == 0:
            return True
        frontier = levels[level - 1]
        for p in pred[path[-1]]:
            if not frontier.get(p, 0) & sb:
                continue
            cells = als[states[p][0]].cells
            if cells & used[0]:
                continue
            budget[0] -= 1
            if budget[0] < 0:
                return False
            path.append(p)
            used[0] |= cells
            if back(level - 1):
                return True
            path.pop()
            used[0] &= ~cells
        return False

    return path[::-1] if back(len(levels) - 1) else None


@finder("als-xy-chain")
def als_xy_chain(pos: Position):
    idx = als_index(pos)
    als, nb = idx.als, idx.neighbours
    tech = REGISTRY["als-xy-chain"]
    graph = _StateGraph(idx)
    if not graph.states:
        return
    # Breadth-first from every start at once: a start is (set, z), z with targets; the label of
    # a state is the bitmask of the starts that reach it, pushed on only when new.
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
    done: set[tuple[int, int]] = set()
    for links in range(1, CHAIN_MAX_LINKS + 1):
        if links >= 3:
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
                targets = als[first].targets[z] & als[graph.states[end][0]].targets[z]
                if (z, targets) in done:
                    continue
                path = _trace_back(idx, graph, levels, 1 << sid, first, end)
                if path is None:
                    continue
                done.add((z, targets))
                yield _chain_step(pos, tech, idx, graph, first, z, path, targets)
        if links == CHAIN_MAX_LINKS:
            break
        nxt: dict[int, int] = {}
        succ = graph.succ
        for s, bits in frontier.items():
            for t in succ[s]:
                nxt[t] = nxt.get(t, 0) | bits
        frontier = {}
        for t, bits in nxt.items():
            new = bits & ~seen.get(t, 0)
            if new:
                frontier[t] = new
                seen[t] = seen.get(t, 0) | new
        if not frontier:
            break
        levels.append(frontier)


def _chain_step(pos, tech, idx: ALSIndex, graph: _StateGraph, first: int, z: int,
                path: list[int], targets: int):
    g, als = idx.geometry, idx.als
    sets = [als[first]] + [als[graph.states[s][0]] for s in path]
    rccs = [graph.states[s][1] for s in path]
    parts = [describe_als(g, sets[0])]
    for x, s in zip(rccs, sets[1:]):
        parts.append(f"-{x}- {describe_als(g, s)}")
    what = f"{tech.name}: {' '.join(parts)}, Z={z}"
    links = [_rcc_link(a, b, x) for a, b, x in zip(sets, sets[1:], rccs)]
    return tech.step(pos, what, eliminations=[(c, z) for c in cells_of(targets)],
                     **_highlight(sets), links=links)


# --- Death Blossom -------------------------------------------------------------------------------


@finder("death-blossom")
def death_blossom(pos: Position):
    idx = als_index(pos)
    g, als, cands = idx.geometry, idx.als, pos.cands
    tech = REGISTRY["death-blossom"]
    # (stem cell, digit) -> petals: sets holding the digit whose cells with it all see the stem
    petals: dict[tuple[int, int], list[ALS]] = {}
    for a in als:
        if not a.reaching:
            continue  # a petal must hold a Z with targets
        for d, t in a.targets.items():
            for s in cells_of(t):
                petals.setdefault((s, d), []).append(a)
    done: set[tuple] = set()
    budget = [BLOSSOM_MAX_TRIES]
    for stem, sm in enumerate(cands):
        if not 2 <= sm.bit_count() <= STEM_MAX_DIGITS:
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
        for z in digits_of(zs):
            options = [[a for a in lst if a.reaching >> (z - 1) & 1] for lst in lists]
            if not all(options):
                continue
            options_order = sorted(range(len(digits)), key=lambda k: len(options[k]))
            for chosen, targets in _blossoms(options, options_order, z, stem, budget):
                key = (z, targets)
                if key in done:
                    continue
                done.add(key)
                yield _blossom_step(pos, tech, g, stem, digits, chosen, z, targets)


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


def _blossom_step(pos, tech, g, stem: int, digits: list[int], chosen: list[ALS], z: int,
                  targets: int):
    parts = [f"{d}: {describe_als(g, a)}" for d, a in zip(digits, chosen)]
    what = (f"{tech.name}: stem {g.name(stem)} {{{_digits(digits)}}}, petals "
            f"{'; '.join(parts)}, Z={z}")
    links = [Link((stem, d), (_low_cell(a.cells_with[d]), d), False)
             for d, a in zip(digits, chosen)]
    hl = _highlight(chosen, extra_cells=[stem], labels=[f"petal {d}" for d in digits])
    hl["candidates"] = sorted(set(hl["candidates"]) | {(stem, d) for d in digits})
    return tech.step(pos, what, eliminations=[(c, z) for c in cells_of(targets)], **hl,
                     links=links)


__all__ = ["als_xz", "als_xy_wing", "als_xy_chain", "death_blossom", "CHAIN_MAX_LINKS",
           "STEM_MAX_DIGITS", "BLOSSOM_MAX_TRIES",
           "WING_MAX_PAIRS"]
