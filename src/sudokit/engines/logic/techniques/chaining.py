"""Sudoku Explainer's chaining engine: implications between candidates, with their parents.

A *potential* is a candidate assumed true (*on*) or false (*off*). Starting from one or more
assumptions, a branch follows the implications SE uses (written here from its published
descriptions):

- on -> off: the other candidates of the cell, and the digit in every peer;
- off -> on: a cell left with one candidate, a house left with one place for the digit. A
  *static* branch (multiple forcing chains, 8.0) only uses the cells and houses of the position
  that have two candidates/places; a *dynamic* branch (8.5) removes every off candidate from its
  own copy of the grid, so singles appear on the fly, each with the off candidates that made it
  as parents;
- at ``level`` 1 (dynamic forcing chains "+", 9.0), when nothing else follows, the basic rules
  on the branch's grid: locked candidates, hidden and naked pairs, X-Wing;
- at ``level`` 2 and more (nested forcing chains, 9.5, 10.0, ...), then forcing chains searched
  inside the branch's grid (level 2: static chains, 3: multiple chains, 4: dynamic chains,
  5+: dynamic chains of level ``level - 3``): each candidate such an inner chain removes is an
  off potential whose parents are the branch's off candidates that the inner chain used, and
  the inner chain is kept to explain it (a sub-branch).

A branch stops at its first contradiction: a candidate both on and off. Every potential keeps
its parents, so a contradiction or a common result reads as chains back to the assumptions,
and its *complexity* (SE's chain length: the potentials of its chains, inner chains included)
sets the rating: base + :func:`sudokit.engines.difficulty.length_bonus` of ``complexity - 2``.

Candidates are numbered ``p = cell * n + digit - 1``; a potential's key is ``2p + 1`` (on) or
``2p`` (off).
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from sudokit.engines import limits
from sudokit.model.errors import SearchLimitError
from sudokit.model.geometry import CACHED_GEOMETRIES, Geometry
from sudokit.engines.logic import _chaining
from sudokit.engines.logic.links import cells_of
from sudokit.model.position import Position
from sudokit.engines.logic.techniques.propagation import SINGLES, Base, branch as propagate, tables

#: Branches one step may run before it gives up (inner branches included).
NODE_LIMIT = 60_000

NAKED = -1      # cause of an on potential: the cell's last candidate
ADVANCED = -3   # cause of an off potential removed by a rule or an inner chain


class BudgetExhausted(SearchLimitError):
    """A chaining step ran out of its branch budget (:data:`NODE_LIMIT`)."""


class Budget:
    """Branches left for one step; checks the time budget in force too."""

    __slots__ = ("left",)

    def __init__(self, nodes: int = NODE_LIMIT) -> None:
        self.left = nodes

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise BudgetExhausted(f"a forcing chain search stopped after {NODE_LIMIT:,} branches")
        if not self.left & 63:
            limits.check()


class Branch:
    """What one branch reached: ``par`` (key -> parent keys) holds every potential, ``cause``
    the rule of each on potential (:data:`NAKED`, a house index for a hidden single, None for
    an assumption), ``nested`` the inner hint behind each off potential an inner chain made,
    ``conflict`` the candidate both on and off (None: none)."""

    __slots__ = ("par", "cause", "nested", "conflict")

    def __init__(self, par, cause, nested, conflict):
        self.par: dict[int, tuple] = par
        self.cause: dict[int, int | None] = cause
        self.nested: dict[int, Hint] = nested
        self.conflict: int | None = conflict

    def has(self, key: int) -> bool:
        return key in self.par


class Hint:
    """A deduction: ``kind`` (``on-contradiction``: the assumption's branch contradicts;
    ``off-contradiction``: assuming it false contradicts; ``double``: on and off both lead to
    ``target``; ``cell`` / ``region``: every candidate of a cell / place of a digit in a house
    leads to it), the assumptions (candidates) and their branches, the ``target`` key reached
    (None for contradictions), the eliminations and placements, the level, and complexity."""

    __slots__ = ("kind", "sources", "branches", "target", "eliminations", "placements",
                 "level", "dynamic", "complexity", "house", "n")

    def __init__(self, kind, sources, branches, target, eliminations, placements, level, dynamic,
                 house, n):
        self.kind = kind
        self.sources: list[int] = sources
        self.branches: list[Branch] = branches
        self.target = target
        self.eliminations: list[int] = eliminations
        self.placements: list[int] = placements
        self.level, self.dynamic, self.house, self.n = level, dynamic, house, n
        self.complexity = complexity(self)

    def ends(self) -> list[tuple[Branch, list[int]]]:
        """Each branch with the keys its chains end at."""
        if self.target is None:
            return [(b, [2 * b.conflict + 1, 2 * b.conflict]) for b in self.branches]
        return [(b, [self.target]) for b in self.branches]


def ancestors(branch: Branch, ends: list[int]) -> list[int]:
    """Every potential of the chains from the assumptions to ``ends`` (breadth first)."""
    par = branch.par
    seen = set()
    out = []
    todo = [k for k in ends if k in par]
    while todo:
        nxt = []
        for k in todo:
            if k not in seen:
                seen.add(k)
                out.append(k)
                nxt.extend(par[k])
        todo = nxt
    return out


def complexity(hint: Hint) -> int:
    """SE's complexity: the potentials of each chain (of both chains of a contradiction, each
    counted in full), plus each distinct inner chain's."""
    total = 0
    inner: dict[int, Hint] = {}
    for b, ends in hint.ends():
        keys = [k for end in ends for k in ancestors(b, [end])]
        total += len(keys)
        for k in keys:
            h = b.nested.get(k)
            if h is not None:
                inner.setdefault(id(h), h)
    return total + sum(h.complexity for h in inner.values())


class Engine:
    """The branches of one grid (``cands``: a candidate mask per cell, 0 for a filled cell)."""

    def __init__(self, g: Geometry, cands, level: int, dynamic: bool, budget: Budget,
                 values=None) -> None:
        t = self.tables = tables(g)
        self.values = values  # the grid's placed digits, when known (for SinglesFilter)
        self.g, self.n = g, t.n
        self.cands = list(cands)
        boards = [0] * t.n
        for c, m in enumerate(self.cands):
            while m:
                low = m & -m
                m ^= low
                boards[low.bit_length() - 1] |= 1 << c
        self.boards = boards
        self.level, self.dynamic, self.budget = level, dynamic, budget
        #: inner hints compared at each fixpoint of a nested branch (1: the first will do)
        self.inner_pick = 1
        self.lines = _lines(t)
        #: the C tables of the basic rules and static closures (None: the Python ones, the
        #: reference, run)
        self.fast = _c_tables(g) if g.ncells * t.n <= _chaining.MAX_CANDIDATES else None

    # --- one branch ---------------------------------------------------------------------------
    def run(self, ons: list[int], offs: list[int]) -> Branch:
        """Assume the candidates ``ons`` true and ``offs`` false, and follow the implications."""
        self.budget.spend()
        t, n, dynamic = self.tables, self.n, self.dynamic
        peer, houses_of = t.peer, t.houses_of
        src_c, src_b = self.cands, self.boards
        cands, boards = src_c[:], src_b[:]
        par: dict[int, tuple] = {}
        cause: dict[int, int | None] = {}
        nested: dict[int, Hint] = {}
        for p in ons:
            par[2 * p + 1] = ()
            cause[2 * p + 1] = None
        for p in offs:
            par[2 * p] = ()
        pon, poff = deque(ons), deque(offs)

        def turn_on(q: int, parents: tuple, why: int):
            if 2 * q + 1 in par:
                return False
            par[2 * q + 1] = parents
            cause[2 * q + 1] = why
            if 2 * q in par:
                return True
            pon.append(q)
            return False

        while True:
            if pon:
                p = pon.popleft()
                c, d = divmod(p, n)
                k = 2 * p + 1
                m = cands[c] & ~(1 << d)
                base = c * n
                while m:
                    low = m & -m
                    m ^= low
                    q = base + low.bit_length() - 1
                    if 2 * q not in par:
                        par[2 * q] = (k,)
                        if 2 * q + 1 in par:
                            return Branch(par, cause, nested, q)
                        poff.append(q)
                x = boards[d] & peer[c]
                while x:
                    low = x & -x
                    x ^= low
                    q = (low.bit_length() - 1) * n + d
                    if 2 * q not in par:
                        par[2 * q] = (k,)
                        if 2 * q + 1 in par:
                            return Branch(par, cause, nested, q)
                        poff.append(q)
            elif poff:
                p = poff.popleft()
                c, d = divmod(p, n)
                k = 2 * p
                cb = 1 << c
                m = cands[c]
                if m >> d & 1:
                    if m.bit_count() == 2:
                        e = (m & ~(1 << d)).bit_length() - 1
                        hidden = src_c[c] & ~m
                        parents = [k]
                        while hidden:
                            low = hidden & -hidden
                            hidden ^= low
                            parents.append(2 * (c * n + low.bit_length() - 1))
                        if turn_on(c * n + e, tuple(parents), NAKED):
                            return Branch(par, cause, nested, c * n + e)
                    b_now = boards[d]
                    for h, hm in houses_of[c]:
                        b = b_now & hm
                        if b.bit_count() == 2 and b & cb:
                            o = (b & ~cb).bit_length() - 1
                            hidden = src_b[d] & hm & ~b
                            parents = [k]
                            while hidden:
                                low = hidden & -hidden
                                hidden ^= low
                                parents.append(2 * ((low.bit_length() - 1) * n + d))
                            if turn_on(o * n + d, tuple(parents), h):
                                return Branch(par, cause, nested, o * n + d)
                    if dynamic:
                        cands[c] = m & ~(1 << d)
                        boards[d] = b_now & ~cb
            else:
                if self.level <= 0:
                    break
                found = self.advanced(cands, boards)
                added = False
                for q, parents, inner in found:
                    if 2 * q in par:
                        continue
                    par[2 * q] = tuple(parents)
                    if inner is not None:
                        nested[2 * q] = inner
                    if 2 * q + 1 in par:
                        return Branch(par, cause, nested, q)
                    poff.append(q)
                    added = True
                if not added:
                    break
        return Branch(par, cause, nested, None)

    # --- the rules of level 1 and the inner chains of level 2+ ---------------------------------
    def advanced(self, cands: list[int], boards: list[int]) -> list:
        """(candidate, parent keys, inner hint) removed by the first rule that removes something
        on the branch's grid and depends on the branch (its parents are not empty)."""
        if self.fast is not None:
            found = _chaining.basic_rules(self.fast, cands, self.cands)
            if found:
                return found
        else:
            for rule in (self._locking, self._hidden_pairs, self._naked_pairs, self._x_wings):
                found = rule(cands, boards)
                if found:
                    return found
        if self.level >= 2:
            return self._inner(cands)
        return []

    def _removed(self, d: int, boards: list[int], mask: int) -> list[int]:
        """Off keys of digit ``d`` in the cells of ``mask`` the branch removed."""
        x = self.boards[d] & mask & ~boards[d]
        n, out = self.n, []
        while x:
            low = x & -x
            x ^= low
            out.append(2 * ((low.bit_length() - 1) * n + d))
        return out

    def _offs(self, found: list, d: int, mask: int, parents: list[int]) -> None:
        """Append to ``found`` an off potential of digit ``d`` in each cell of ``mask``."""
        n = self.n
        while mask:
            low = mask & -mask
            mask ^= low
            found.append(((low.bit_length() - 1) * n + d, parents, None))

    def _locking(self, cands, boards):
        n = self.n
        found = []
        inters, inter_of = self.tables.intersections, self.tables.inter_of
        for d in range(n):
            b = boards[d]
            lost = self.boards[d] & ~b
            if not b or not lost:  # a lock with no lost place is the position's own
                continue
            # only the intersections beside a lost place can lock on it
            near, x = 0, lost
            while x:
                low = x & -x
                x ^= low
                near |= inter_of[low.bit_length() - 1]
            while near:
                low = near & -near
                near ^= low
                seg, rest_a, rest_b = inters[low.bit_length() - 1]
                if not b & seg:
                    continue
                for inside, outside in ((rest_a, rest_b), (rest_b, rest_a)):
                    if lost & inside and not b & inside and b & outside:
                        parents = self._removed(d, boards, inside)
                        if parents:
                            self._offs(found, d, b & outside, parents)
            if found:
                return found
        return found

    def _hidden_pairs(self, cands, boards):
        n = self.n
        found = []
        src = self.boards
        lost = 0
        for d in range(n):
            lost |= src[d] & ~boards[d]
        for hm in self.tables.house:
            if not lost & hm:
                continue
            two = {}
            for d in range(n):
                b = boards[d] & hm
                if b.bit_count() == 2:
                    two.setdefault(b, []).append(d)
            for where, ds in two.items():
                if len(ds) != 2:
                    continue
                keep = (1 << ds[0]) | (1 << ds[1])
                parents = self._removed(ds[0], boards, hm & ~where) + self._removed(ds[1], boards,
                                                                                    hm & ~where)
                if not parents:
                    continue
                x = where
                while x:
                    low = x & -x
                    x ^= low
                    c = low.bit_length() - 1
                    m = cands[c] & ~keep
                    while m:
                        lo = m & -m
                        m ^= lo
                        found.append((c * n + lo.bit_length() - 1, parents, None))
            if found:
                return found
        return found

    def _naked_pairs(self, cands, boards):
        n = self.n
        found = []
        src = self.cands
        # a pair with parents has a cell that lost candidates and kept two
        changed = 0
        for c, m in enumerate(cands):
            if m != src[c] and m.bit_count() == 2:
                changed |= 1 << c
        for hm in self.tables.house:
            if not hm & changed:
                continue
            seen: dict[int, int] = {}
            x = hm
            while x:
                low = x & -x
                x ^= low
                c = low.bit_length() - 1
                m = cands[c]
                if m.bit_count() != 2:
                    continue
                if m not in seen or (self.cands[c] == m and self.cands[seen[m]] == m):
                    seen[m] = c
                    continue
                a = seen[m]
                parents = []
                for cell in (a, c):
                    gone = self.cands[cell] & ~cands[cell]
                    while gone:
                        lo = gone & -gone
                        gone ^= lo
                        parents.append(2 * (cell * n + lo.bit_length() - 1))
                if not parents:
                    continue
                rest = hm & ~((1 << a) | (1 << c))
                for d in (m.bit_length() - 1, (m & -m).bit_length() - 1):
                    self._offs(found, d, boards[d] & rest, parents)
            if found:
                return found
        return found

    def _x_wings(self, cands, boards):
        if not self.lines:
            return []
        n, house = self.n, self.tables.house
        found = []
        for d in range(n):
            b = boards[d]
            if b == self.boards[d]:
                continue
            for first, other in ((0, n), (n, 0)):
                pairs: dict[int, int] = {}
                for i in range(first, first + n):
                    m = b & house[i]
                    if m.bit_count() != 2:
                        continue
                    covers = [j for j in range(other, other + n) if m & house[j]]
                    key = (covers[0] << 8) | covers[1]
                    if key not in pairs:
                        pairs[key] = i
                        continue
                    j = pairs[key]
                    parents = (self._removed(d, boards, house[i] & ~m)
                               + self._removed(d, boards, house[j] & ~(b & house[j])))
                    if not parents:
                        continue
                    self._offs(found, d, b & (house[covers[0]] | house[covers[1]])
                               & ~(house[i] | house[j]), parents)
            if found:
                return found
        return found

    def _inner(self, cands: list[int]) -> list:
        """The inner forcing chains of the branch's grid: (candidate, parents, hint) for each
        candidate they remove; parents: the branch's off candidates its singles used. The
        first :attr:`inner_pick` hints that depend on the branch are compared, and each
        removal keeps the least complex hint that makes it (SE keeps the simplest)."""
        level = self.level
        if level <= 3:
            inner = Engine(self.g, cands, 0, False, self.budget, self.values)
            kinds = "o" if level == 2 else "ocr"
        else:
            inner = Engine(self.g, cands, 0 if level == 4 else level - 3, True, self.budget,
                           self.values)
            kinds = "ocr"
        inner.inner_pick = self.inner_pick
        found = []
        for hint in search(inner, kinds, first=self.inner_pick == 1,
                           reference=self.cands if level <= 3 else None):
            parents = rule_parents(self, cands, hint)
            if parents:
                found.append((hint, parents))
                if len(found) >= self.inner_pick:
                    break
        found.sort(key=lambda x: x[0].complexity)
        n = self.n
        out: dict[int, tuple] = {}
        for hint, parents in found:
            removed = list(hint.eliminations)
            for p in hint.placements:
                c, d = divmod(p, n)
                m = cands[c] & ~(1 << d)
                while m:
                    low = m & -m
                    m ^= low
                    removed.append(c * n + low.bit_length() - 1)
            for p in removed:
                out.setdefault(p, (p, parents, hint))
        return list(out.values())


def rule_parents(outer: Engine, cands: list[int], hint: Hint) -> list[int]:
    """The off keys of the outer branch an inner hint depends on: for each single of its
    chains, the candidates of its cell (naked) or places of its digit in its house (hidden)
    the outer branch removed."""
    n = outer.n
    src_c, src_b = outer.cands, outer.boards
    house = outer.tables.house
    out: dict[int, None] = {}
    for b, ends in hint.ends():
        for k in ancestors(b, ends):
            if not k & 1:
                continue
            why = b.cause.get(k)
            p = k >> 1
            c, d = divmod(p, n)
            if why is None:
                if hint.kind == "cell":
                    why = NAKED
                elif hint.kind == "region":
                    why = hint.house
                else:
                    continue
            if why == NAKED:
                gone = src_c[c] & ~cands[c]
                while gone:
                    low = gone & -gone
                    gone ^= low
                    out[2 * (c * n + low.bit_length() - 1)] = None
            elif why >= 0:
                x = src_b[d] & house[why]
                y = x
                while y:
                    low = y & -y
                    y ^= low
                    cell = low.bit_length() - 1
                    if not cands[cell] >> d & 1:
                        out[2 * (cell * n + d)] = None
    return list(out)


#: Strong links of the reference grids of :meth:`StaticGraph.focus` (an outer branch's start).
_REFERENCE: dict[tuple, dict[int, int]] = {}


class _Grid:
    """The parts of an :class:`Engine` a :class:`StaticGraph` reads."""

    def __init__(self, cands: list[int], n: int, t, budget: Budget) -> None:
        self.cands, self.n, self.tables, self.budget = cands, n, t, budget
        boards = [0] * n
        for c, m in enumerate(cands):
            while m:
                low = m & -m
                m ^= low
                boards[low.bit_length() - 1] |= 1 << c
        self.boards = boards


class StaticGraph:
    """The static implications of a grid as bit sets over candidates (bit ``d * cells + c``,
    digit-major so that a digit's peers are one shifted board): each candidate's weak partners
    (on -> off) and strong partners (off -> on: the other candidate of a bivalue cell, the
    other place of a bilocal digit). :meth:`closure` follows a static branch with set
    operations, many times faster than :meth:`Engine.run`; the engine then rebuilds only the
    branches of the hints found, with their parents."""

    def __init__(self, engine) -> None:
        n, t = engine.n, engine.tables
        self.n, self.tables = n, t
        cells = self.cells = len(engine.cands)
        cands, boards = engine.cands, engine.boards
        peer, houses_of = t.peer, t.houses_of
        weak, strong = {}, {}
        for c, m in enumerate(cands):
            if not m:
                continue
            mates = 0
            x = m
            while x:
                low = x & -x
                x ^= low
                mates |= 1 << ((low.bit_length() - 1) * cells + c)
            two = m.bit_count() == 2
            x = m
            while x:
                low = x & -x
                x ^= low
                d = low.bit_length() - 1
                q = d * cells + c
                weak[q] = ((boards[d] & peer[c]) << (d * cells)) | (mates ^ (1 << q))
                st = (mates ^ (1 << q)) if two else 0
                for _, hm in houses_of[c]:
                    b = boards[d] & hm
                    if b.bit_count() == 2:
                        st |= (b ^ (1 << c)) << (d * cells)
                if st:
                    strong[q] = st
        self.weak, self.strong = weak, strong
        self.linked = sum(1 << q for q in strong)
        self.relevant = -1
        self._memo: dict[int, tuple[int, int]] = {}
        self.budget = engine.budget

    def index(self, p: int) -> int:
        """The bit of the engine's candidate ``p`` (``cell * n + digit``)."""
        c, d = divmod(p, self.n)
        return d * self.cells + c

    def focus(self, reference: list[int]) -> None:
        """Keep to the candidates whose branch can use a strong link the ``reference`` grid
        (a superset of this one) lacks: a static contradiction that uses none is one of the
        reference grid too, which the simpler techniques would have found there."""
        key = tuple(reference)
        old = _REFERENCE.get(key)
        if old is None:
            if len(_REFERENCE) > 64:
                _REFERENCE.clear()
            old = _REFERENCE[key] = StaticGraph(_Grid(reference, self.n, self.tables,
                                                      self.budget)).strong
        weak, strong = self.weak, self.strong
        target = 0
        for q, st in strong.items():
            if st & ~old.get(q, 0):
                target |= weak[q] | (1 << q)  # on candidates that turn q off, and q's own
        # backwards along on -> off -> on: r's predecessors are the weak partners of r's
        # strong partners
        reach, frontier = target, target
        while frontier:
            new = 0
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                x = strong.get(low.bit_length() - 1, 0)
                while x:
                    lo = x & -x
                    x ^= lo
                    new |= weak.get(lo.bit_length() - 1, 0)
            frontier = new & ~reach
            reach |= frontier
        self.relevant = reach

    def closure(self, p: int) -> tuple[int, int]:
        """(on set, off set) of the static branch of ``p`` on; they meet on a contradiction."""
        out = self._memo.get(p)
        if out is not None:
            return out
        self.budget.spend()
        weak, strong, linked = self.weak, self.strong, self.linked
        on, off = 1 << self.index(p), 0
        frontier = on
        while frontier:
            new_off = 0
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                new_off |= weak[low.bit_length() - 1]
            new_off &= ~off
            off |= new_off
            if off & on:
                break
            new_on = 0
            x = new_off & linked
            while x:
                low = x & -x
                x ^= low
                new_on |= strong[low.bit_length() - 1]
            frontier = new_on & ~on
            on |= frontier
            if off & on:
                break
        out = self._memo[p] = (on, off)
        return out

    def may_conflict(self, p: int) -> bool:
        """Whether the static branch of ``p`` on (in the focus) contradicts."""
        if not self.relevant >> self.index(p) & 1:
            return False
        on_set, off_set = self.closure(p)
        return bool(on_set & off_set)

    def may_agree(self, ps: list[int]) -> bool:
        """Whether the static branches of ``ps`` contradict none and share a result."""
        ons, offs = -1, -1
        for p in ps:
            on_set, off_set = self.closure(p)
            if on_set & off_set:
                return False
            ons &= on_set
            offs &= off_set
        return bool(ons | offs)


def _lines(t) -> int:
    """2n when the geometry's first houses are the n rows then the n columns (X-Wings), else 0."""
    return 2 * t.n if len(t.house) >= 2 * t.n else 0


@lru_cache(maxsize=CACHED_GEOMETRIES)
def _c_tables(g: Geometry):
    t = tables(g)
    cells = range(g.ncells)
    return _chaining.Tables(t.n, [g.peers[c] for c in cells], g.houses,
                            [g.houses_of[c] for c in cells], g.segments, _lines(t))


class CStaticGraph:
    """:class:`StaticGraph`'s questions answered in C (:mod:`sudokit.engines.logic._chaining`,
    the same closures, each counted against the budget when first computed)."""

    __slots__ = ("graph", "budget")

    def __init__(self, engine, reference: list[int] | None = None) -> None:
        self.graph = _chaining.StaticGraph(engine.fast, engine.cands, reference)
        self.budget = engine.budget

    def may_conflict(self, p: int) -> bool:
        r = self.graph.conflict(p)
        if r & 2:
            self.budget.spend()
        return bool(r & 1)

    def may_agree(self, ps: list[int]) -> bool:
        r = self.graph.agree(ps)
        for _ in range(r >> 1):
            self.budget.spend()
        return bool(r & 1)


def static_graph(engine, reference: list[int] | None = None):
    """The static implications of the engine's grid (in C up to 16x16), focused on what the
    ``reference`` grid lacks when given (:meth:`StaticGraph.focus`)."""
    if engine.fast is not None:
        return CStaticGraph(engine, reference)
    graph = StaticGraph(engine)
    if reference is not None:
        graph.focus(reference)
    return graph


class SinglesFilter:
    """Placement propagation with singles (:mod:`.propagation`, on bitboards) as a cheap test
    before a dynamic branch of level 0: it follows at least what such a branch follows, so a
    candidate whose propagation reaches no contradiction has no contradicting branch, and
    branches whose propagations share no result share none either."""

    def __init__(self, engine: Engine) -> None:
        g = engine.g
        self.n = engine.n
        pos = Position(g, list(engine.values), [False] * g.ncells, list(engine.cands))
        self.base = Base(pos)
        self.broken = self.base.start(SINGLES).contradiction is not None
        self.budget = engine.budget
        self._outs: dict = {}

    def outcome(self, p: int):
        out = self._outs.get(p)
        if out is None:
            self.budget.spend()
            c, d = divmod(p, self.n)
            out = self._outs[p] = propagate(self.base, [(c, d + 1)], SINGLES)
        return out

    def may_conflict(self, p: int) -> bool:
        return self.broken or self.outcome(p).contradiction is not None

    def may_agree(self, ps: list[int]) -> bool:
        if self.broken:
            return True
        outs = [self.outcome(p) for p in ps]
        if any(o.contradiction is not None for o in outs):
            return True  # not known: let the engine decide
        start = self.base.start(SINGLES)
        for d in range(self.n):
            placed, gone = -1, -1
            for o in outs:
                placed &= o.placed[d]
                gone &= ~(o.boards[d] | o.placed[d])
            if placed & ~start.placed[d] or gone & start.boards[d]:
                return True
        return False


# --- the hints of a grid ----------------------------------------------------------------------

def search(engine: Engine, kinds: str, first: bool = False, skip=None, reference=None):
    """The hints of a grid, as found. ``kinds``: ``o`` a candidate's branch contradicts,
    ``f`` assuming it false contradicts (dynamic), ``d`` on and off agree (dynamic, cells of 3+
    candidates), ``c`` every candidate of a cell agrees, ``r`` every place of a digit in a
    house agrees. ``skip(p)``: candidates whose on branch cannot contradict (a known solution's).
    With ``first``, only cheap kinds are tried until one hint is found."""
    n, cands = engine.n, engine.cands
    t = engine.tables
    cells = sorted((m.bit_count(), c) for c, m in enumerate(cands) if m & (m - 1))
    on: dict[int, Branch] = {}

    def on_branch(p: int) -> Branch:
        b = on.get(p)
        if b is None:
            b = on[p] = engine.run([p], [])
        return b

    level, dyn = engine.level, engine.dynamic
    graph = static_graph(engine, reference) if not dyn and level == 0 else None
    singles = (SinglesFilter(engine) if dyn and level == 0 and engine.values is not None
               else None)

    def may_conflict(p: int) -> bool:
        if singles is not None:
            return singles.may_conflict(p)
        return True if graph is None else graph.may_conflict(p)

    def may_agree(ps: list[int]) -> bool:
        if singles is not None:
            return singles.may_agree(ps)
        return True if graph is None else graph.may_agree(ps)

    def agreeing(ps: list[int]) -> list[Branch] | None:
        """The branches of ``ps`` when none is a contradiction and they may agree on something."""
        if not may_agree(ps):
            return None
        bs = [on_branch(p) for p in ps]
        return None if any(b.conflict is not None for b in bs) else bs

    if "o" in kinds:
        for _, c in cells:
            m = cands[c]
            while m:
                low = m & -m
                m ^= low
                p = c * n + low.bit_length() - 1
                if skip is not None and skip(p) or not may_conflict(p):
                    continue
                b = on_branch(p)
                if b.conflict is not None:
                    yield Hint("on-contradiction", [p], [b], None, [p], [], level, dyn, None, n)
                    if first:
                        return
    if "f" in kinds or "d" in kinds:
        for _, c in cells:
            m = cands[c]
            while m:
                low = m & -m
                m ^= low
                p = c * n + low.bit_length() - 1
                b = engine.run([], [p])
                if b.conflict is not None:
                    if "f" in kinds:
                        yield Hint("off-contradiction", [p], [b], None, [], [p], level, dyn, None, n)
                    continue
                if "d" in kinds and cands[c].bit_count() >= 3:
                    bo = on_branch(p)
                    if bo.conflict is not None:
                        continue
                    for key in _common([bo, b], engine):
                        yield _result_hint("double", [p, p], [bo, b], key, engine, None)
    if "c" in kinds:
        for _, c in cells:
            m = cands[c]
            if not dyn and m.bit_count() < 3:
                continue  # a static bivalue cell's chains are forcing chains (AIC) already
            ps = [c * n + d for d in cells_of(m)]
            bs = agreeing(ps)
            for key in _common(bs, engine) if bs else ():
                yield _result_hint("cell", ps, bs, key, engine, None)
                if first:
                    return
    if "r" in kinds:
        for h, hm in enumerate(t.house):
            for d in range(n):
                x = engine.boards[d] & hm
                k = x.bit_count()
                if k < 2 or (not dyn and k < 3):
                    continue
                ps = [q * n + d for q in cells_of(x)]
                bs = agreeing(ps)
                for key in _common(bs, engine) if bs else ():
                    yield _result_hint("region", ps, bs, key, engine, h)
                    if first:
                        return


def _common(branches: list[Branch], engine: Engine) -> list[int]:
    """Keys every branch reaches that change the grid: an off candidate, or an on candidate
    of a cell that has others."""
    keys = set(branches[0].par)
    for b in branches[1:]:
        keys &= b.par.keys()
    n, cands = engine.n, engine.cands
    out = []
    for k in sorted(keys):
        c, d = divmod(k >> 1, n)
        if not cands[c] >> d & 1:
            continue
        if k & 1:
            if cands[c] & ~(1 << d):
                out.append(k)
        else:
            out.append(k)
    return out


def _result_hint(kind, sources, branches, key, engine: Engine, house) -> Hint:
    p = key >> 1
    if key & 1:
        return Hint(kind, sources, branches, key, [], [p], engine.level, engine.dynamic, house,
                    engine.n)
    return Hint(kind, sources, branches, key, [p], [], engine.level, engine.dynamic, house,
                engine.n)


def base_difficulty(level: int, dynamic: bool) -> float:
    """SE's base rating of a chaining level: multiple 8.0, dynamic 8.5, dynamic+ 9.0, nested
    9.5 + 0.5 per level above 2."""
    if level >= 2:
        return 9.5 + 0.5 * (level - 2)
    if level == 1:
        return 9.0
    return 8.5 if dynamic else 8.0


__all__ = ["ADVANCED", "Budget", "BudgetExhausted", "Branch", "Engine", "Hint", "NAKED",
           "NODE_LIMIT", "SinglesFilter", "StaticGraph", "static_graph", "ancestors", "base_difficulty", "complexity", "rule_parents", "search"]
