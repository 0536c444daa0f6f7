"""Nishio, forcing chains and forcing nets (methods 7 and 8 of "Lösningsmetoder för sudoku").

- ``nishio``: place a candidate and follow only that digit (its single positions in houses and
  its box-line intersections, over and over); if some house is left with no place for it, the
  candidate goes.
- ``forcing-chain``: branches followed with naked and hidden singles (and locked candidates
  when those run out), see :mod:`.propagation`. A candidate whose branch ends in a
  contradiction goes. For the two flavours of the article, a bivalue cell (its two candidates)
  and a bilocal digit (its two places in a house), and for cells and houses with more
  branches too: if every branch but one contradicts, that one holds; if every branch leads to
  the same placement or elimination, it holds.
- ``forcing-net``: the same for bivalue cells and bilocal digits, with branches followed with
  every technique of the basic set (:data:`.propagation.BASIC_SET`).

Every branch of a position is computed once and shared by these finders and the trial ones
(:func:`.propagation.analysis`). The deductions of the last full search are remembered: a
later position of the same solve (same values and more, no candidate added) re-checks those
first, which costs a few branches instead of all of them. Steps come most productive first: a
placement whose branch goes furthest, then eliminations.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from sudokit.engines import limits
from sudokit.model.geometry import Geometry
from sudokit.i18n import msg
from sudokit.i18n.values import Cell, House, Join, Rendered, cell_name
from sudokit.engines.logic.context import context_of
from sudokit.model.position import Position, digits_of
from sudokit.engines.logic.step import Branch, Link, Step
from sudokit.engines.logic.techniques.propagation import CHAIN, NET, Analysis, Outcome, analysis, describe, tables
from sudokit.engines.logic.techniques.registry import REGISTRY, finder

#: Deductions of the last full search re-checked first on the next position.
MEMO_SIZE = 12
#: Most branches of a forcing chain's cell or house (more would not read as a chain).
MAX_BRANCHES = 4

Instance = tuple  # ("one", cell, digit) | ("cell", cell) | ("house", house, digit)


# --- nishio -------------------------------------------------------------------------------------

def nishio_branch(g: Geometry, board: int, placed: int, cell: int):
    """Place one digit in ``cell`` on its board (cells where it is a candidate) and follow it
    alone. Returns None, or (placements after the first, house or None, conflicting cells)."""
    t = tables(g)
    peer, houses, inter = t.peer, t.house, t.intersections
    queue = [(cell, -1)]
    order: list[int] = []
    while True:
        for c, h in queue:
            cb = 1 << c
            if placed & cb:
                continue
            if not board & cb:  # a house needs the digit in a cell a placement already sees
                other = next(x for x in order if peer[x] >> c & 1)
                return order[1:], h, (c, other)
            board &= ~(peer[c] | cb)
            placed |= cb
            order.append(c)
        queue = []
        for h, hm in enumerate(houses):
            if placed & hm:
                continue
            m = board & hm
            if not m:
                return order[1:], h, None
            if not m & (m - 1):
                queue.append((m.bit_length() - 1, h))
        if queue:
            continue
        before = board
        for seg, box_rest, line_rest in inter:
            if board & seg:
                x = board & box_rest
                y = board & line_rest
                if not x:
                    board &= ~y
                elif not y:
                    board &= ~x
        if board == before:
            return None


@lru_cache(maxsize=256)
def _nishio_digit(g: Geometry, board: int, placed: int) -> list:
    """(cell, result) for every cell of the board whose branch fails; kept per board, so a
    digit untouched since the last position is not searched again."""
    found = []
    houses = tables(g).house
    broken = any(not (board | placed) & hm for hm in houses)  # no branch is worth following
    s = 0 if broken else board
    while s:
        limits.check()  # a 36x36 digit has hundreds of branches, some ms each
        low = s & -s
        s ^= low
        c = low.bit_length() - 1
        res = nishio_branch(g, board, placed, c)
        if res is not None:
            found.append((c, res))
    return found


@finder("nishio")
def nishio(pos: Position) -> Iterator[Step]:
    g = pos.geometry
    tech = REGISTRY["nishio"]
    n = g.size
    boards, placed = [0] * n, [0] * n
    for c, m in enumerate(pos.cands):
        if pos.values[c]:
            placed[pos.values[c] - 1] |= 1 << c
        for d in digits_of(m):
            boards[d - 1] |= 1 << c
    found = []
    for d0 in range(n):
        if boards[d0]:
            limits.check()
            found += [(c, d0 + 1, res) for c, res in _nishio_digit(g, boards[d0], placed[d0])]
    # an elimination that leaves a cell two candidates (or none to spare) first
    found.sort(key=lambda f: (pos.cands[f[0]].bit_count(), f[0], f[1]))
    for cell, d, (order, house, conflict) in found:
        if conflict is None:
            end = msg("{house} has no place for {digit}", house=House(g, house), digit=d)
        else:
            end = msg("{house} needs {digit} in {cell}, which sees {other}", house=House(g, house),
                      digit=d, cell=Cell(g, conflict[0]), other=Cell(g, conflict[1]))
        which = dict(name=tech.title, cell=Cell(g, cell), digit=d, end=end)
        what = (msg("{name}: if {cell} were {digit}, {digit} goes in {cells}, then {end}",
                    cells=Join(Cell(g, c) for c in order), **which) if order
                else msg("{name}: if {cell} were {digit}, then {end}", **which))
        yield tech.step(pos, what,
                        eliminations=[(cell, d)], cells=[cell, *order],
                        houses=[house] if house is not None else [], candidates=[(cell, d)],
                        branches=[Branch(f"{g.name(cell)}={d}",
                                         tuple(Link((cell, d), (c, d), True) for c in order))])


# --- forcing chains and nets ----------------------------------------------------------------------

class Result:
    """What one instance deduces: its kind (``contradiction``, ``only``: every branch but one
    contradicts, ``verity``: every branch leads to it), the branches and the changes."""

    __slots__ = ("instance", "kind", "sources", "outcomes", "placements", "eliminations", "progress")

    def __init__(self, instance, kind, sources, outcomes, placements, eliminations, progress):
        self.instance = instance
        self.kind = kind
        self.sources: list[tuple[int, int]] = sources
        self.outcomes: list[Outcome] = outcomes
        self.placements: list[tuple[int, int]] = placements
        self.eliminations: list[tuple[int, int]] = eliminations
        self.progress: float = progress

    def key(self) -> tuple:
        return (tuple(self.placements), tuple(self.eliminations))


def sources_of(a: Analysis, inst: Instance, level: int) -> list[tuple[int, int]]:
    """The branches of an instance (exactly one of them is true): its candidates that the
    position does not rule out by itself at ``level``."""
    boards = a.base.start(level).boards
    kind = inst[0]
    if kind == "one":
        return [(inst[1], inst[2])] if boards[inst[2] - 1] >> inst[1] & 1 else []
    if kind == "cell":
        c = inst[1]
        return [(c, d) for d in digits_of(a.position.cands[c]) if boards[d - 1] >> c & 1]
    b = boards[inst[2] - 1]
    return [(c, inst[2]) for c in a.tables.geometry.houses[inst[1]] if b >> c & 1]


def evaluate(a: Analysis, inst: Instance, level: int, max_branches: int) -> Result | None:
    """The deduction of one instance at a propagation level, or None."""
    limits.check()
    sources = sources_of(a, inst, level)
    if inst[0] == "one":
        if not sources:
            return None
        out = a.outcome(*sources[0], level)
        if out.contradiction is None:
            return None
        cands = a.position.cands[sources[0][0]].bit_count()
        return Result(inst, "contradiction", sources, [out], [], sources, 1 / cands)
    if not 2 <= len(sources) <= max_branches:
        return None
    outs = [a.outcome(c, d, level) for c, d in sources]
    alive = [i for i, o in enumerate(outs) if o.contradiction is None]
    if len(alive) == 1:
        i = alive[0]
        return Result(inst, "only", sources, outs, [sources[i]], [], 1 + len(outs[i].order))
    if len(alive) < len(outs):
        return None  # the contradictions are instances of their own; or the position is broken
    placements, eliminations = common(a, outs, level)
    if not placements and not eliminations:
        return None
    if placements:
        progress = 1 + max(len(a.chain(c, d).order) for c, d in placements)
    else:
        progress = 0.2 * len(eliminations)
    return Result(inst, "verity", sources, outs, placements, eliminations, progress)


def common(a: Analysis, outs: list[Outcome], level: int) -> tuple[list, list]:
    """Placements and eliminations that every outcome makes and the position lacks (those
    the position implies by itself at ``level``, or a listed placement implies, left out)."""
    t = a.tables
    base, start = a.base, a.base.start(level)
    placements, gone = [], []
    filled = 0
    for d0 in range(t.n):
        pl, keep = t.all, 0
        for o in outs:
            pl &= o.placed[d0]
            keep |= o.boards[d0] | o.placed[d0]
        pl &= ~start.placed[d0]
        if pl:
            filled |= pl
            placements.append((pl, d0))
        gone.append(base.boards[d0] & start.boards[d0] & ~keep)
    elims = []
    if placements:
        peer = t.peer
        for pl, d0 in placements:
            s = pl
            while s:
                low = s & -s
                s ^= low
                gone[d0] &= ~peer[low.bit_length() - 1]
    for d0, x in enumerate(gone):
        x &= ~filled
        while x:
            low = x & -x
            x ^= low
            elims.append((low.bit_length() - 1, d0 + 1))
    cells = []
    for pl, d0 in placements:
        while pl:
            low = pl & -pl
            pl ^= low
            cells.append((low.bit_length() - 1, d0 + 1))
    return sorted(cells), sorted(elims)


def instances(pos: Position, kinds: str, max_branches: int) -> Iterator[Instance]:
    """Every instance of the given kinds (letters: ``o`` one candidate, ``c`` cells, ``h``
    houses), bivalue cells and bilocal digits first."""
    g = pos.geometry
    cands = pos.cands
    sets = []
    if "c" in kinds:
        sets += [(m.bit_count(), 0, ("cell", c)) for c, m in enumerate(cands)
                 if 2 <= m.bit_count() <= max_branches]
    if "h" in kinds:
        for h, house in enumerate(g.houses):
            counts = [0] * (g.size + 1)
            for c in house:
                for d in digits_of(cands[c]):
                    counts[d] += 1
            sets += [(k, 1, ("house", h, d)) for d, k in enumerate(counts) if 2 <= k <= max_branches]
    sets.sort(key=lambda s: s[:2])
    for s in sets:
        yield s[2]
    if "o" in kinds:  # cells with fewer candidates first; a bivalue cell's contradiction is
        # its set's placement
        for _, c in sorted((m.bit_count(), c) for c, m in enumerate(cands) if m.bit_count() > 2):
            for d in digits_of(cands[c]):
                yield ("one", c, d)


def descends(pos: Position, earlier: Position) -> bool:
    """True if ``pos`` can follow ``earlier`` in a solve: same grid, every value kept, every
    new value one of its candidates there, and no candidate added."""
    if pos.geometry != earlier.geometry:
        return False
    for v, m, ev, em in zip(pos.values, pos.cands, earlier.values, earlier.cands):
        if ev:
            if v != ev:
                return False
        elif m & ~em or v and not em >> (v - 1) & 1:
            return False
    return True


def search(pos: Position, tech_id: str, level: int, kinds: str, max_branches: int, write,
           lazy: bool = False) -> Iterator[Step]:
    """The steps of a forcing technique, ``write(analysis, result)`` -> Step.

    By default: the remembered deductions that still hold, then (if asked for more) all of
    them, most productive first. ``lazy``: each as soon as found, in the order of
    :func:`instances`, skipping the candidates of a known solution (they cannot contradict).
    """
    a = analysis(pos)
    if a.base.contradiction is not None:
        return
    seen = set()
    if lazy:
        sol = a.solution()
        for inst in instances(pos, kinds, max_branches):
            if sol is not None and inst[0] == "one" and sol[inst[1]] == inst[2]:
                continue
            res = evaluate(a, inst, level, max_branches)
            if res is not None and res.key() not in seen:
                seen.add(res.key())
                yield write(a, res)
        return
    # the deductions of this technique that held at an earlier position of the same solve
    memos: dict[str, tuple[Position, list[Instance]]] = context_of(pos).table("forcing-memo", 64)
    memo = memos.get(tech_id)
    if memo is not None and descends(pos, memo[0]):
        remembered, kept = memo[1], []
        for i, inst in enumerate(remembered):
            res = evaluate(a, inst, level, max_branches)
            if res is None:
                continue
            kept.append(inst)
            if res.key() not in seen:
                seen.add(res.key())
                memos[tech_id] = (memo[0], kept + remembered[i + 1:])
                yield write(a, res)
        memos[tech_id] = (memo[0], kept)
    results = [r for inst in instances(pos, kinds, max_branches)
               if (r := evaluate(a, inst, level, max_branches)) is not None]
    results.sort(key=lambda r: -r.progress)
    memos[tech_id] = (pos.copy(), [r.instance for r in results[:MEMO_SIZE]])
    for res in results:
        if res.key() not in seen:
            seen.add(res.key())
            yield write(a, res)


# --- explanations -------------------------------------------------------------------------------

def chain_text(g: Geometry, order: list[tuple[int, int]]) -> str:
    """``r5c5=3 -> r1c5=1 -> r1c2=4``: the assumption and the placements it forces, in order,
    every one of them (a reader folds a long chain; it never loses its middle)."""
    return " -> ".join(f"{cell_name(g, c)}={d}" for c, d in order)


def upto(a: Analysis, out: Outcome, target: tuple[int, int], placement: bool) -> list:
    """The placements of a branch up to the one that makes ``target`` (placed, or removed by
    a placement); all of them if another rule made it."""
    cell, d = target
    peer = a.tables.peer
    for i, (c, e) in enumerate(out.order):
        if placement:
            if (c, e) == target:
                return out.order[:i + 1]
        elif c == cell or (e == d and peer[c] >> cell & 1):
            return out.order[:i + 1]
    return out.order


def set_text(g: Geometry, res: Result):
    """``r1c1 is 1 or 2`` / ``7 in row 4 goes in r4c1 or r4c5``."""
    inst = res.instance
    if inst[0] == "cell":
        ds = [str(d) for _, d in res.sources]
        return msg("{cell} is {digits} or {last}", cell=Cell(g, inst[1]), digits=", ".join(ds[:-1]),
                   last=ds[-1])
    cs = [Cell(g, c) for c, _ in res.sources]
    return msg("{digit} in {house} goes in {cells} or {last}", digit=inst[2],
               house=House(g, inst[1]), cells=Join(cs[:-1]), last=cs[-1])


def branch(g: Geometry, order: list[tuple[int, int]], removed: tuple[int, int] | None = None) -> Branch:
    """A branch to draw: each placement forces the next (strong arrows), and the last one
    removes ``removed`` (a weak link) when the branch ends in an elimination."""
    links = [Link(a, b, True) for a, b in zip(order, order[1:])]
    if removed is not None and order and order[-1] != removed:
        links.append(Link(order[-1], removed, False))
    cell, d = order[0]
    return Branch(f"{g.name(cell)}={d}", tuple(links))


def branches(a: Analysis, res: Result) -> list[Branch]:
    """The branches of a forcing step, as far as each one goes towards the result."""
    g = a.position.geometry
    if res.kind in ("contradiction", "only"):
        return [branch(g, o.order) for o in res.outcomes if o.contradiction is not None and o.order]
    target, is_placement = ((res.placements[0], True) if res.placements
                            else (res.eliminations[0], False))
    return [branch(g, order, None if is_placement else target)
            for o in res.outcomes if (order := upto(a, o, target, is_placement))]


def explain(a: Analysis, res: Result, label) -> str:
    """The explanation of a forcing step, before its result (in the language in use)."""
    g = a.position.geometry
    if res.kind == "contradiction":
        out = res.outcomes[0]
        return str(msg("{name}: {chain} -> {reason}, a contradiction", name=label,
                       chain=chain_text(g, out.order), reason=describe(g, out.contradiction)))
    if res.kind == "only":
        parts = [f"{chain_text(g, o.order)} -> {describe(g, o.contradiction)}"
                 for o in res.outcomes if o.contradiction is not None]
        return str(msg("{name}: {set}; {chains}, a contradiction", name=label,
                       set=set_text(g, res), chains="; ".join(parts)))
    target, is_placement = ((res.placements[0], True) if res.placements
                            else (res.eliminations[0], False))
    chains = " | ".join(chain_text(g, upto(a, o, target, is_placement)) for o in res.outcomes)
    return str(msg("{name}: {set}, and each leads to it ({chains})", name=label,
                   set=set_text(g, res), chains=chains))


def forcing_step(tech_id: str, label: str):
    def write(a: Analysis, res: Result) -> Step:
        inst = res.instance
        return REGISTRY[tech_id].step(
            a.position, Rendered(explain, a, res, REGISTRY[tech_id].title),
            placements=res.placements,
            eliminations=res.eliminations,
            cells=sorted({c for c, _ in res.sources} | {c for c, _ in res.placements}),
            houses=[inst[1]] if inst[0] == "house" else [], candidates=res.sources,
            branches=branches(a, res))
    return write


@finder("forcing-chain")
def forcing_chain(pos: Position) -> Iterator[Step]:
    return search(pos, "forcing-chain", CHAIN, "cho", MAX_BRANCHES,
                  forcing_step("forcing-chain", "Forcing Chain"))


@finder("forcing-net")
def forcing_net(pos: Position) -> Iterator[Step]:
    return search(pos, "forcing-net", NET, "ch", 2, forcing_step("forcing-net", "Forcing Net"))
