"""Propagation of an assumption, for the forcing and trial techniques.

A *branch* places one or more candidates in a copy of a position and follows what they force:

- level :data:`SINGLES`: naked and hidden singles only (what SE's dynamic chains follow; the
  chaining engine uses it to skip the branches that cannot contradict);
- level :data:`CHAIN` (forcing chains): naked and hidden singles, and when those run out the
  locked candidates (which may open new singles);
- level :data:`NET` (forcing nets, one-step candidate tests): every technique of
  :data:`BASIC_SET`, the basic set: singles, locked candidates, naked and hidden pairs and
  triples (methods 1-4 of "Lösningsmetoder för sudoku").

In killer puzzles both levels also keep each cage, and each sum of up to five innies or
outies the rule of 45 gives, to the digits some way of making it with the candidates left
puts in each cell (the cage combination), as a person following a chain through the cages
does.

The state is one bitboard per digit (bit ``c`` = cell ``c`` still has the digit) and one per
placed digit, so a placement is a few ``&`` on ints, naked singles are found for every cell
at once, and only the houses where a digit lost a place are searched for hidden singles. A
branch stops at its first contradiction. The rules only remove candidates that every solution
of the branch lacks, so a contradiction means the assumption is false.
"""

from __future__ import annotations

from functools import lru_cache

from sudokit.engines import search
from sudokit.model.errors import SudokitError
from sudokit.model.geometry import CACHED_GEOMETRIES, Geometry
from sudokit.model.grid import Grid
from sudokit.i18n import N_, msg
from sudokit.i18n.values import Cell, Cells, House
from sudokit.engines.logic.context import UNKNOWN, Known, context_of
from sudokit.model.position import Position
from sudokit.engines.logic.techniques.killer import MAX_SUM_CELLS, TOO_MANY, _sums_of_45, sum_ways

#: The techniques a net branch (and the one-step candidate test) propagates with: this module
#: implements each of them on bitboards (pairs and triples, naked and hidden).
BASIC_SET = (
    "full-house", "hidden-single", "naked-single", "locked-candidates-pointing",
    "locked-candidates-claiming", "naked-pair", "hidden-pair", "naked-triple", "hidden-triple",
)

SINGLES = 0
CHAIN = 1
NET = 2


class Tables:
    """Per-geometry bitmask tables (built once per geometry)."""

    def __init__(self, g: Geometry) -> None:
        self.geometry = g
        self.n = g.size
        self.all = (1 << g.ncells) - 1
        self.peer = tuple(sum(1 << p for p in g.peers[c]) for c in range(g.ncells))
        self.house = tuple(sum(1 << c for c in h) for h in g.houses)
        self.houses_of = tuple(tuple((h, self.house[h]) for h in g.houses_of[c])
                               for c in range(g.ncells))
        inter = []
        for a, b, cells in g.segments:
            seg = sum(1 << c for c in cells)
            inter.append((seg, self.house[a] & ~seg, self.house[b] & ~seg))
        self.intersections = tuple(inter)
        #: per cell, the intersections whose box or line holds it (bit i = intersection i)
        self.inter_of = tuple(sum(1 << i for i, (a, b, c) in enumerate(inter) if (a | b | c) >> cell & 1)
                              for cell in range(g.ncells))
        #: the killer sums: per cage, then per sum of the rule of 45 over few enough cells, its
        #: cells, its total, its cells as a mask, and per cell the earlier cells it sees (bit
        #: j: the j-th cell; None when all of them see each other, as in a cage)
        sums = [(cage.cells, cage.total, None) for cage in g.cages or ()]
        for _, _, group, total, _, _ in _sums_of_45(g) if g.cages else ():
            if len(group) > MAX_SUM_CELLS:
                sums.append(None)  # kept, so that sum i + len(cages) is _sums_of_45's i
                continue
            seen = tuple(sum(1 << j for j in range(i) if group[j] in g.peers[group[i]])
                         for i in range(len(group)))
            sums.append((group, total, seen))
        self.sums = tuple(None if s is None else (s[0], s[1], sum(1 << c for c in s[0]), s[2])
                          for s in sums)


@lru_cache(maxsize=CACHED_GEOMETRIES)
def tables(g: Geometry) -> Tables:
    return Tables(g)


class Outcome:
    """Where a branch ended: the digit boards (index ``d-1``), the placed boards, the filled
    cells, the placements in the order made (the assumptions first), and the contradiction
    reached (None if none): ``("empty", cell)``, ``("house", house, digit)``, ``("two", cell,
    digit, digit)`` (a cell would hold two digits), ``("lost", cell, digit)`` (a forced digit
    is no longer a candidate there) or ``("sum", i)`` (killer sum ``i`` of the tables, a cage or
    a sum of the rule of 45, cannot be made)."""

    __slots__ = ("boards", "placed", "filled", "order", "contradiction", "level")

    def __init__(self, boards, placed, filled, order, contradiction, level):
        self.boards: list[int] = boards
        self.placed: list[int] = placed
        self.filled: int = filled
        self.order: list[tuple[int, int]] = order  # (cell, digit), digit 1-based
        self.contradiction: tuple | None = contradiction
        self.level: int = level

    def settled(self, t: Tables) -> bool:
        """True when a stronger propagation could not take this branch further."""
        return self.contradiction is not None or self.filled == t.all

    def has(self, cell: int, digit: int) -> bool:
        """True if ``digit`` is still possible in ``cell`` (a candidate, or placed there)."""
        return bool((self.boards[digit - 1] | self.placed[digit - 1]) >> cell & 1)


class Base:
    """A position as bitboards (``boards``, ``placed``, ``filled``), and where its branches
    start: the position with what it implies by itself at each level (in a solver's flow
    that is the position itself). Computed once, shared by every branch."""

    def __init__(self, pos: Position) -> None:
        g = pos.geometry
        t = self.tables = tables(g)
        n = t.n
        boards, placed = [0] * n, [0] * n
        filled = 0
        for c, m in enumerate(pos.cands):
            v = pos.values[c]
            if v:
                placed[v - 1] |= 1 << c
                filled |= 1 << c
            while m:
                low = m & -m
                boards[low.bit_length() - 1] |= 1 << c
                m ^= low
        self.boards, self.placed, self.filled = boards, placed, filled
        self._starts: dict[int, Outcome] = {}

    def start(self, level: int) -> Outcome:
        """The position with what it implies by itself at ``level``."""
        out = self._starts.get(level)
        if out is None:
            t, n = self.tables, self.tables.n
            boards = self.boards[:]
            for d in range(n):  # a candidate grid may keep digits a peer holds
                s = self.placed[d]
                while s:
                    low = s & -s
                    s ^= low
                    boards[d] &= ~t.peer[low.bit_length() - 1]
            out = _run(t, boards, self.placed[:], self.filled, [], [], [t.all] * n, level, True,
                       t.all)
            self._starts[level] = out
        return out

    @property
    def contradiction(self) -> tuple | None:
        """The contradiction the position reaches by itself (singles and locked candidates)."""
        return self.start(CHAIN).contradiction


def branch(base: Base, assumptions: list[tuple[int, int]], level: int = CHAIN) -> Outcome:
    """Place ``assumptions`` ((cell, digit) pairs) in the base position and propagate."""
    t, s = base.tables, base.start(level)
    queue = [(c, d - 1, -2) for c, d in assumptions]
    return _run(t, s.boards[:], s.placed[:], s.filled, [], queue, [0] * t.n, level, False, 0)


def extend(base: Base, out: Outcome, assumptions: list[tuple[int, int]]) -> Outcome:
    """Place more ``assumptions`` in an outcome without contradiction and propagate at its
    level (the outcome is a fixpoint: only what the new placements change is searched)."""
    t = base.tables
    queue = [(c, d - 1, -2) for c, d in assumptions]
    return _run(t, out.boards[:], out.placed[:], out.filled, out.order[:], queue, [0] * t.n,
                out.level, False, 0)


def values_of(out: Outcome) -> list[int]:
    """The grid of a filled outcome (0 where a cell is open)."""
    values = [0] * len(out.placed) ** 2
    for d0, s in enumerate(out.placed):
        while s:
            low = s & -s
            s ^= low
            values[low.bit_length() - 1] = d0 + 1
    return values


def deepen(base: Base, out: Outcome) -> Outcome:
    """Continue a :data:`CHAIN` outcome with the whole basic set (a :data:`NET` outcome); a
    settled outcome is returned as it is."""
    t = base.tables
    if out.level >= NET or out.settled(t):
        return out
    s, s2 = base.start(CHAIN), base.start(NET)
    touched = t.all
    if s2.filled == s.filled and s2.boards == s.boards:
        # the start holds no subset: only houses whose candidates changed can hold a new one
        touched = out.filled ^ s.filled
        for a, b in zip(out.boards, s.boards):
            touched |= a ^ b
    return _run(t, out.boards[:], out.placed[:], out.filled, out.order[:], [], [0] * t.n, NET,
                False, touched)


def _run(t: Tables, boards: list[int], placed: list[int], filled: int, order: list, queue: list,
         removed: list[int], level: int, locked_all: bool, touched: int) -> Outcome:
    """The propagation loop. ``queue``: (cell, digit index, why) to place, why = the house
    of a hidden single, -1 for a naked single, -2 for an assumption. ``removed[d]``: cells
    that lost digit ``d+1`` and whose houses are still to be searched for hidden singles;
    ``locked_all``: search every intersection for locked candidates at the first fixpoint
    (else only those where a digit lost places); ``touched``: cells whose houses are to be
    searched for subsets."""
    n = t.n
    rng = range(n)
    peer, houses_of, full = t.peer, t.houses_of, t.all
    inter, inter_of = t.intersections, t.inter_of
    every = (1 << len(inter)) - 1
    lost = [every if locked_all else 0] * n  # per digit, intersections to search
    lock_dirty = locked_all
    sums = full if locked_all else 0  # cells whose killer sums are to be looked at
    while True:
        # 1. place what is queued
        if queue:
            newly = 0
            for c, d, h in queue:
                cb = 1 << c
                if filled & cb:
                    if placed[d] & cb:
                        continue
                    other = next(e for e in rng if placed[e] & cb)
                    return Outcome(boards, placed, filled, order, ("two", c, other + 1, d + 1), level)
                b = boards[d]
                if not b & cb:  # taken by a placement of this round: say what that leaves
                    why = (("house", h, d + 1) if h >= 0 else ("empty", c) if h == -1
                           else ("lost", c, d + 1))
                    return Outcome(boards, placed, filled, order, why, level)
                x = b & peer[c]
                boards[d] = b & ~(x | cb)
                removed[d] |= x
                placed[d] |= cb
                filled |= cb
                newly |= cb
                order.append((c, d + 1))
            sums |= newly
            for e in rng:
                x = boards[e] & newly
                if x:
                    boards[e] ^= x
                    removed[e] |= x
            queue = []
        # 2. singles
        ones = twos = 0
        for b in boards:
            twos |= ones & b
            ones |= b
        empty = full & ~filled & ~ones
        if empty:
            return Outcome(boards, placed, filled, order, ("empty", (empty & -empty).bit_length() - 1),
                           level)
        singles = ones & ~twos
        if singles:
            for d in rng:
                s = boards[d] & singles
                while s:
                    low = s & -s
                    s ^= low
                    queue.append((low.bit_length() - 1, d, -1))
        for d in rng:
            r = removed[d]
            if not r:
                continue
            removed[d] = 0
            touched |= r
            sums |= r
            lock_dirty = True
            b, p = boards[d], placed[d]
            im = lost[d]
            while r:
                low = r & -r
                r ^= low
                cell = low.bit_length() - 1
                im |= inter_of[cell]
                for h, hm in houses_of[cell]:
                    m = b & hm
                    if not m & (m - 1):
                        if m:
                            queue.append((m.bit_length() - 1, d, h))
                        elif not p & hm:
                            return Outcome(boards, placed, filled, order, ("house", h, d + 1), level)
            lost[d] = im
        if queue:
            continue
        # 3. locked candidates, in the intersections where a digit lost places
        if lock_dirty and level >= CHAIN:
            changed = lock_dirty = False
            for d in rng:
                im = lost[d]
                if not im:
                    continue
                lost[d] = 0
                b = b0 = boards[d]
                while im:
                    low = im & -im
                    im ^= low
                    seg, box_rest, line_rest = inter[low.bit_length() - 1]
                    if b & seg:
                        x = b & box_rest
                        y = b & line_rest
                        if not x:
                            if y:
                                b ^= y
                        elif not y:
                            b ^= x
                if b != b0:
                    boards[d] = b
                    removed[d] |= b0 ^ b
                    changed = True
            if changed:
                continue
        # 4. killer sums, those whose cells changed
        if sums and t.sums and level >= CHAIN:
            found = _killer_sums(t, boards, placed, filled, removed, sums)
            sums = 0
            if found is not None:
                if found[0] == "sum":
                    return Outcome(boards, placed, filled, order, found, level)
                continue
        # 5. naked and hidden pairs and triples, in the houses that changed
        if level >= NET and touched:
            if _subsets(t, boards, filled, removed, touched):
                touched = 0
                continue
        return Outcome(boards, placed, filled, order, None, level)


def _killer_sums(t: Tables, boards, placed, filled, removed, sums: int) -> tuple | None:
    """Keep the open cells of each killer sum holding a cell of ``sums`` to the digits some
    way of making the rest of its total puts there (:func:`.killer.sum_ways`): ``("sum", i)``
    when sum ``i`` has no way left, ``("changed",)`` when a digit left a cell, else None."""
    rng = range(t.n)
    changed = False
    known: dict[int, int] = {}  # per cell, as this pass found it: its digits, or -digit if placed
    for i, item in enumerate(t.sums):
        if item is None or not item[2] & sums:
            continue
        cells, total, _, seen = item
        need, open_cells, cands = total, [], []
        for c in cells:
            m = known.get(c)
            if m is None:
                cb = 1 << c
                if filled & cb:
                    m = -1 - next(d for d in rng if placed[d] & cb)
                else:
                    m = 0
                    for d in rng:
                        if boards[d] & cb:
                            m |= 1 << d
                known[c] = m
            if m < 0:
                need += m
                continue
            open_cells.append(c)
            cands.append(m)
        if not open_cells:
            if need:
                return ("sum", i)
            continue
        if seen is None:
            clash = _ALL_CLASH[len(cands)]
        else:
            at = [cells.index(c) for c in open_cells]
            clash = tuple(tuple(j for j in range(k) if seen[a] >> at[j] & 1) for k, a in enumerate(at))
        found = sum_ways(tuple(cands), clash, need)
        if found is TOO_MANY:
            continue
        if found is None:
            return ("sum", i)
        for c, m, keep in zip(open_cells, cands, found[0]):
            x = m & ~keep
            if x:
                known[c] = m & keep
            while x:
                low = x & -x
                x ^= low
                d = low.bit_length() - 1
                boards[d] &= ~(1 << c)
                removed[d] |= 1 << c
                changed = True
    return ("changed",) if changed else None


_NO_SUM = {
    "innies": N_("the innies of {region} ({cells}) can no longer make {total}"),
    "outies": N_("the outies of {region} ({cells}) can no longer make {total}"),
}

#: For k cells that all see each other (a cage), the earlier cells each must differ from.
_ALL_CLASH = tuple(tuple(tuple(range(i)) for i in range(k)) for k in range(65))


def _subsets(t: Tables, boards, filled, removed, touched) -> bool:
    """One pass of naked and hidden pairs and triples over the houses that
    hold a touched cell; True if it removed something. Called at a fixpoint of the singles, so
    every open cell has two candidates or more and every digit two places or more."""
    n = t.n
    rng = range(n)
    ones = twos = threes = fours = 0
    for b in boards:
        fours |= threes & b
        threes |= twos & b
        twos |= ones & b
        ones |= b
    small = ones & ~fours  # open cells with at most three candidates
    open_cells = t.all & ~filled
    masks: dict[int, int] = {}
    changed = False
    for hm in t.house:
        if not hm & touched:
            continue
        cells = hm & open_cells
        k = cells.bit_count()
        if k <= 2:
            continue
        sm = small & hm
        if sm & (sm - 1):  # two cells or more with few candidates: naked pairs, triples
            items = []
            while sm:
                low = sm & -sm
                sm ^= low
                m = masks.get(low)
                if m is None:
                    m = 0
                    for d in rng:
                        if boards[d] & low:
                            m |= 1 << d
                    masks[low] = m
                items.append((low, m))
            for where, digits in _tight(items, k):
                rest = cells & ~where
                while digits:
                    low = digits & -digits
                    digits ^= low
                    d = low.bit_length() - 1
                    x = boards[d] & rest
                    if x:
                        boards[d] ^= x
                        removed[d] |= x
                        changed = True
        few = []
        for d in rng:
            m = boards[d] & hm
            if m and m.bit_count() <= 3:
                few.append((1 << d, m))
        if len(few) >= 2:  # hidden pairs, triples
            for digits, where in _tight(few, k):
                for e in rng:
                    if not digits >> e & 1:
                        x = boards[e] & where
                        if x:
                            boards[e] ^= x
                            removed[e] |= x
                            changed = True
    return changed


def _tight(items: list[tuple[int, int]], k: int) -> list[tuple[int, int]]:
    """(keys, union) for every 2 or 3 items (key bit, mask) whose masks together have as many
    bits as items, when that leaves something else in a house of ``k`` open cells."""
    out = []
    m = len(items)
    for i in range(m - 1):
        ki, mi = items[i]
        for j in range(i + 1, m):
            kj, mj = items[j]
            u = mi | mj
            c = u.bit_count()
            if c == 2:
                if k > 2:
                    out.append((ki | kj, u))
            elif c == 3 and k > 3:
                for q in range(j + 1, m):
                    kq, mq = items[q]
                    if not mq & ~u:
                        out.append((ki | kj | kq, u))
    return out


class Analysis:
    """The branches of one position, computed on request and kept: the forcing and trial
    finders called in turn on the same position share them (see :func:`analysis`)."""

    def __init__(self, pos: Position, known: Known = UNKNOWN) -> None:
        self.position = pos = pos.copy()  # the caller's position changes as a solve goes on
        self.known = known  # what the solve knows of the puzzle's solutions
        self.base = Base(pos)
        self.tables = self.base.tables
        self._chains: dict[tuple[int, int], Outcome] = {}
        self._nets: dict[tuple[int, int], Outcome] = {}
        self._solution: tuple | None = None

    def chain(self, cell: int, digit: int) -> Outcome:
        """The :data:`CHAIN` outcome of placing ``digit`` in ``cell``."""
        key = (cell, digit)
        out = self._chains.get(key)
        if out is None:
            out = self._chains[key] = branch(self.base, [key], CHAIN)
        return out

    def net(self, cell: int, digit: int) -> Outcome:
        """The :data:`NET` outcome (the chain outcome, deepened unless it is settled)."""
        key = (cell, digit)
        out = self._nets.get(key)
        if out is None:
            out = self._nets[key] = deepen(self.base, self.chain(cell, digit))
        return out

    def outcome(self, cell: int, digit: int, level: int) -> Outcome:
        return self.chain(cell, digit) if level == CHAIN else self.net(cell, digit)

    def solution(self) -> list[int] | None:
        """A solution of the position (found by the search core) that keeps to its candidates,
        or None. A candidate it holds cannot lead to a contradiction, so the trial finders
        need not try it. A solution the solve knows (:class:`Known`) spares the search."""
        if self._solution is None:
            self._solution = self.known.solution_of(self.position) or solutions_of(self.position)
        return self._solution[0]

    def several_solutions(self) -> bool:
        """True when the position's values have two solutions or more: then no candidate a
        solution holds can contradict, and the chain searches would try every candidate in
        vain (an empty grid); sound logic has nothing to remove there that a search finds."""
        self.solution()
        return self._solution[1]


#: Search nodes the core may spend on one question (more: no answer).
CORE_NODES = 200_000


def solution_of(pos: Position) -> list[int] | None:
    """A solution of the position's values that keeps to its candidates, or None (none found,
    or the one found needs a removed candidate)."""
    return solutions_of(pos)[0]


def solutions_of(pos: Position) -> tuple[list[int] | None, bool]:
    """:func:`solution_of`, and whether the position's values have a second solution."""
    try:
        result = search.solve(Grid(pos.geometry, pos.values), limit=2, node_limit=CORE_NODES)
    except SudokitError:
        return None, False
    several = len(result.solutions) > 1
    sol = result.solution.values if result.solution is not None else None
    if sol is None or not all(v or m >> (s - 1) & 1 for v, m, s in zip(pos.values, pos.cands, sol)):
        return None, several
    return sol, several


def analysis(pos: Position) -> Analysis:
    """The :class:`Analysis` of ``pos``, kept in its solve's context (keyed by the position's
    state)."""
    context = context_of(pos)
    key = (pos.geometry, tuple(pos.values), tuple(pos.cands))
    found = context.recall("analysis", key)
    if found is None:
        found = context.keep("analysis", key, Analysis(pos, context.known))
    return found


def describe(g: Geometry, contradiction: tuple):
    """The contradiction of an outcome in words."""
    kind = contradiction[0]
    if kind == "empty":
        return msg("{cell} has no candidate left", cell=Cell(g, contradiction[1]))
    if kind == "house":
        return msg("{house} has no place for {digit}", house=House(g, contradiction[1]),
                   digit=contradiction[2])
    if kind == "sum":
        i = contradiction[1]
        if i < len(g.cages):
            cage = g.cages[i]
            return msg("cage {total} ({cells}) can no longer make its sum", total=cage.total,
                       cells=Cells(g, cage.cells))
        name, word, group, total, _, _ = _sums_of_45(g)[i - len(g.cages)]
        return msg(_NO_SUM[word], region=name, cells=Cells(g, group), total=total)
    if kind == "two":
        return msg("{cell} would hold both {digit} and {other}", cell=Cell(g, contradiction[1]),
                   digit=contradiction[2], other=contradiction[3])
    return msg("{cell} cannot hold {digit} any more", cell=Cell(g, contradiction[1]),
               digit=contradiction[2])


__all__ = ["BASIC_SET", "CHAIN", "NET", "SINGLES", "Analysis", "Base", "Outcome", "analysis", "branch", "deepen",
           "describe", "extend", "solution_of", "tables", "values_of"]
