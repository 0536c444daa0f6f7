"""Killer techniques: what the sums of the cages say.

* Cage combination: the digit sets that make a cage's sum with the candidates left; a digit no
  such set can put in a cell leaves it (a cell left with one digit takes it).
* Rule of 45: a house holds every digit once, so N houses add up to N times 1+2+..+N. Over one
  house or a run of neighbouring rows or columns, the cages inside add up to a known sum, so the
  cells left inside (the *innies*) add up to the rest; the cells outside of the cages that cross
  the border (the *outies*) add up to what those cages hold beyond it. One to three such cells
  with a known sum are solved like a small cage (digits may repeat where they are not peers).
* Cage pointing: a digit every possible set of a cage holds must be in the cage, so the cells
  that see all its places in the cage lose it (a cage's part inside a row, column or box acts
  as a locked set).
* Cage subsets: k cells of a cage holding only k digits between them (naked), or k digits the
  cage must hold with k places in it (hidden).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations as choose

from sudokit.engines.logic import _sums
from sudokit.i18n import N_, msg
from sudokit.i18n.values import Cell, House, Join
from sudokit.engines.logic.links import cells_of, peer_masks, seen_by_all
from sudokit.model.position import Position, digits_of
from sudokit.engines.logic.step import Mark, and_list, cell_list, digit_list
from sudokit.engines.logic.techniques.registry import REGISTRY, finder

#: Assignments tried per sum constraint before it is left alone (a large open cage early on).
NODE_LIMIT = 20_000
#: The most innies or outies a rule-of-45 step solves as a small cage.
MAX_SUM_CELLS = 5


class _TooMany(Exception):
    pass


def sum_options(pos: Position, cells: list[int], total: int,
                negative: int = 0) -> tuple[list[int], set[int]] | None:
    """For a sum over empty ``cells`` (digits differ where cells are peers; the last
    ``negative`` of them taken away, for a difference): per cell the mask of digits some
    solution of the sum puts there, and the digit sets used (as masks); None when nothing makes
    the sum, or when the search outgrows :data:`NODE_LIMIT`."""
    g = pos.geometry
    peers = peer_masks(g)
    clash = tuple(tuple(j for j in range(i) if peers[cells[i]] >> cells[j] & 1)
                  for i in range(len(cells)))
    found = sum_ways(tuple(pos.cands[c] for c in cells), clash, total, negative)
    if found is None or found is TOO_MANY:
        return None
    allowed, sets = found
    return list(allowed), set(sets)


#: What :func:`sum_ways` says when the search outgrows :data:`NODE_LIMIT`.
TOO_MANY = "too many"


@lru_cache(maxsize=65536)
def sum_ways(cands: tuple[int, ...], clash: tuple[tuple[int, ...], ...], total: int, negative: int = 0):
    """:func:`sum_options` on candidate masks, ``clash[i]`` the earlier cells cell ``i`` must
    differ from, the last ``negative`` cells taken away rather than added (a difference): (per
    cell the digits some way puts there, the digit sets of the ways), None when there is no
    way, :data:`TOO_MANY` when the search outgrows :data:`NODE_LIMIT`.
    Searched in C (:mod:`sudokit.engines.logic._sums`: depth first, the cells with fewest candidates
    first, the last one taking what is left) and memoised: the finders of one position and
    the next ask the same, and so do the branches of forcing chains and trials."""
    if not cands:
        return ((), frozenset({0})) if total == 0 else None
    found = _sums.sum_ways(cands, clash, total, NODE_LIMIT, negative)
    return TOO_MANY if found is False else found


def _required(pos: Position, cells: list[int], need: int) -> int | None:
    """The digits every set making ``need`` over the empty ``cells`` holds (None: no set or
    too many to list)."""
    found = sum_options(pos, cells, need)
    if found is None:
        return None
    required = pos.all_mask
    for s in found[1]:
        required &= s
    return required


def _sets_text(sets: set[int]):
    """``1+5 or 2+4`` (six at most, then ``or others``)."""
    shown = sorted(sets, key=lambda m: tuple(digits_of(m)))[:6]
    text = Join(("+".join(str(d) for d in digits_of(m)) for m in shown), msg(" or "))
    return msg("{sets} or others", sets=text) if len(sets) > len(shown) else text


def _open(pos: Position, cage) -> tuple[list[int], int]:
    """The empty cells of a cage and what they must add up to."""
    cells = [c for c in cage.cells if not pos.values[c]]
    return cells, cage.total - sum(pos.values[c] for c in cage.cells)


def _cage_name(pos: Position, cage):
    return msg("cage {total} ({cells})", total=cage.total,
               cells=cell_list(pos.geometry, cage.cells))


def _marks(region=(), cages=()) -> list[Mark]:
    """What a killer step's picture shows beside its cells: the region (house or run of houses)
    it reads, shaded, and the cages whose sums it uses, outlined."""
    marks = [Mark("region", tuple(sorted(region)))] if region else []
    return marks + [Mark("cage", tuple(cage.cells)) for cage in cages]


def _restrict(pos: Position, technique: str, what: str, cells: list[int], allowed: list[int],
              shown: list[int], total: int, sets: set[int], group: tuple[int, ...],
              marks: list[Mark]):
    """The step removing what ``allowed`` rules out of ``cells`` (a cell left with one digit
    takes it), or None when nothing changes. The cells are the empty ones of ``group`` and add
    up to ``total``, as the digit ``sets`` do; digits those sets hold that a cell still loses
    get their reason (:func:`_reasons`); ``marks`` are drawn (:func:`_marks`)."""
    placements = [(c, m.bit_length()) for c, m in zip(cells, allowed)
                  if m and not m & (m - 1) and pos.cands[c] != m]
    eliminations = [(c, d) for c, m in zip(cells, allowed) for d in digits_of(pos.cands[c] & ~m)]
    if placements:
        placed = {c for c, _ in placements}
        eliminations = [(c, d) for c, d in eliminations if c not in placed]
    if not placements and not eliminations:
        return None
    why = _reasons(pos, cells, total, allowed, sets, placements, group) if len(cells) > 1 else None
    return REGISTRY[technique].step(
        pos, what, placements=placements, eliminations=eliminations, cells=shown, why=why,
        candidates=[(c, d) for c, m in zip(cells, allowed) for d in digits_of(pos.cands[c] & m)],
        marks=marks)


#: The most reasons a step spells out; the rest are alike.
MAX_REASONS = 3
#: The most ways for the other cells a reason lists; beyond, it names their sum.
MAX_WAYS = 3


def _reasons(pos: Position, cells: list[int], total: int, allowed: list[int], sets: set[int],
             placements: list[tuple[int, int]], group: tuple[int, ...]):
    """Why cells lose digits that some set making the sum still holds (the sets alone explain
    the others): a placed digit every set holds with one place left, or what another digit
    would leave the other cells to make (their ways to make it listed when the cells differ,
    without the digits placed in the group where they see them all). None when the sets say
    it all."""
    g = pos.geometry
    union, every = 0, pos.all_mask
    for m in sets:
        union |= m
        every &= m
    peers = peer_masks(g)
    distinct = all(peers[a] >> b & 1 for a, b in choose(cells, 2))
    free = pos.all_mask
    for c in group:
        if pos.values[c] and all(peers[c] >> o & 1 for o in cells):
            free &= ~(1 << (pos.values[c] - 1))
    parts, placed = [], set()
    for c, d in placements:
        bit = 1 << (d - 1)
        if every & bit and not any(pos.cands[o] & bit for o in cells if o != c):
            parts.append(msg("every way uses {digit}, which fits only in {cell}",
                             digit=d, cell=Cell(g, c)))
            placed.add(c)
    for c, m in zip(cells, allowed):
        if c in placed:
            continue
        others = [o for o in cells if o != c]
        for d in digits_of(pos.cands[c] & ~m & union):
            rest = total - d
            ways = _ways(len(others), rest, free & ~(1 << (d - 1)), g.size) if distinct else None
            if ways is not None and len(ways) <= MAX_WAYS:
                parts.append(msg("{digit} in {cell} would need {ways} in {cells}", digit=d,
                                 cell=Cell(g, c), cells=cell_list(g, others),
                                 ways=Join(("+".join(map(str, w)) for w in ways), msg(" or "))))
            else:
                parts.append(msg("{digit} in {cell} would leave {rest} for {cells}, which their "
                                 "candidates cannot make", digit=d, cell=Cell(g, c), rest=rest,
                                 cells=cell_list(g, others)))
    if not parts:
        return None
    if len(parts) > MAX_REASONS:
        parts = parts[:MAX_REASONS] + [msg("the others alike")]
    return Join(parts, "; ")


def _ways(k: int, total: int, digits: int, size: int) -> list[tuple[int, ...]] | None:
    """The sets of ``k`` different digits of the mask ``digits`` adding up to ``total``, in
    order (None when there are more than :data:`MAX_WAYS`)."""
    found: list[tuple[int, ...]] = []
    for combo in choose([d for d in range(1, size + 1) if digits >> (d - 1) & 1], k):
        if sum(combo) == total:
            found.append(combo)
            if len(found) > MAX_WAYS:
                return None
    return found


@finder("cage-combination")
def cage_combination(pos: Position):
    # small cages first: a cage of one cell is a given, two cells the easiest sums to see
    for cage in sorted(pos.geometry.cages or (), key=lambda k: len(k.cells)):
        cells, need = _open(pos, cage)
        if not cells:
            continue
        found = sum_options(pos, cells, need)
        if found is None:
            continue
        allowed, sets = found
        which = dict(name=REGISTRY["cage-combination"].title, cage=_cage_name(pos, cage))
        if len(cage.cells) == 1:
            how = msg("{name}: {cage} is one cell", **which)
        elif len(cells) == 1:
            how = msg("{name}: {cage} needs {need} more in its last empty cell {cell}", need=need,
                      cell=Cell(pos.geometry, cells[0]), **which)
        elif len(cells) == len(cage.cells):
            how = msg("{name}: {cage} makes {total} only as {sets}", total=cage.total,
                      sets=_sets_text(sets), **which)
        else:
            how = msg("{name}: {cage} needs {need} more in {cells}: {sets}", need=need,
                      cells=cell_list(pos.geometry, cells), sets=_sets_text(sets), **which)
        step = _restrict(pos, "cage-combination", how, cells, allowed, list(cage.cells), need, sets,
                         cage.cells, _marks(cages=[cage]))
        if step is not None:
            yield step


@lru_cache(maxsize=64)
def _regions(g) -> tuple[tuple, ...]:
    """Per region (every house, every run of 2 .. N/2 neighbouring rows or columns): its name,
    its cells (a set), how many houses it spans, the sum of the cages inside it, the cells no
    such cage covers (the innies), the cages that cross its border and those inside it."""
    n = g.size
    regions = [(House(g, h), g.houses[h], 1) for h in range(3 * n)]
    for kind, word in ((0, N_("rows {first}-{last}")), (1, N_("columns {first}-{last}"))):
        for k in range(2, n // 2 + 1):
            for start in range(n - k + 1):
                cells = tuple(c for i in range(start, start + k) for c in g.houses[kind * n + i])
                regions.append((msg(word, first=start + 1, last=start + k), cells, k))
    out = []
    for name, cells, k in regions:
        inside = frozenset(cells)
        inner_total, covered, crossing, inner = 0, set(), [], []
        for cage in g.cages:
            overlap = inside.intersection(cage.cells)
            if len(overlap) == len(cage.cells):
                inner_total += cage.total
                covered.update(cage.cells)
                inner.append(cage)
            elif overlap:
                crossing.append(cage)
        innies = tuple(c for c in cells if c not in covered)
        out.append((name, inside, k, inner_total, innies, tuple(crossing), tuple(inner)))
    return tuple(out)


def _caged(g, cells) -> bool:
    return all(g.cage_of[c] is not None for c in cells)


@lru_cache(maxsize=64)
def _sums_of_45(g) -> tuple[tuple[str, str, tuple[int, ...], int, str, list[Mark]], ...]:
    """Per region of :func:`_regions`: (region name, "innies" or "outies", the cells, their
    sum, why, what a picture marks). Outies only where every cell of the region left by the
    cages inside is in a cage crossing its border."""
    house_sum = g.size * (g.size + 1) // 2
    out = []
    for name, inside, k, inner_total, innies, crossing, inner in _regions(g):
        in_sum = k * house_sum - inner_total
        if innies:
            out.append((name, "innies", innies, in_sum,
                        msg("the cages inside add up to {total}", total=inner_total),
                        _marks(inside, inner)))
        if crossing and _caged(g, innies):
            outies = tuple(c for cage in crossing for c in cage.cells if c not in inside)
            crossing_total = sum(cage.total for cage in crossing)
            # the cages inside count too: the crossing cages' cells in the region make the rest
            why = (msg("the cages crossing it add up to {total} and those inside to {inner}",
                       total=crossing_total, inner=inner_total) if inner
                   else msg("the cages crossing it add up to {total}", total=crossing_total))
            out.append((name, "outies", outies, crossing_total - in_sum, why,
                        _marks(inside, crossing + inner)))
    return tuple(out)


_RULE_OF_45 = {
    ("innies", True): N_("{name} in {region}: {why}, so the innies {cells} add up to {need}"),
    ("innies", False): N_("{name} in {region}: {why}, so the innie {cells} holds {need}"),
    ("outies", True): N_("{name} in {region}: {why}, so the outies {cells} add up to {need}"),
    ("outies", False): N_("{name} in {region}: {why}, so the outie {cells} holds {need}"),
}


@finder("rule-of-45")
def rule_of_45(pos: Position):
    g = pos.geometry
    if not g.cages:
        return
    seen = set()
    for name, word, group, total, why, marks in _sums_of_45(g):
        empty = [c for c in group if not pos.values[c]]
        if not 1 <= len(empty) <= MAX_SUM_CELLS or tuple(empty) in seen:
            continue
        seen.add(tuple(empty))
        need = total - sum(pos.values[c] for c in group)
        found = sum_options(pos, empty, need)
        if found is None:
            continue
        what = msg(_RULE_OF_45[word, len(empty) > 1], name=REGISTRY["rule-of-45"].title,
                   region=name, why=why, need=need,
                   cells=cell_list(g, empty) if len(empty) > 1 else Cell(g, empty[0]))
        step = _restrict(pos, "rule-of-45", what, empty, found[0], empty, need, found[1], group,
                         list(marks))  # a step's own list: the cached one stays as it is
        if step is not None:
            yield step


#: The most empty cells an innie-outie difference is solved over.
MAX_DIFFERENCE_CELLS = 4


@lru_cache(maxsize=64)
def _differences(g) -> tuple[tuple, ...]:
    """The innie-outie differences of every region of :func:`_regions` whose innies are all
    in cages, one for each cage crossing its border, each way round: (region name, the cells
    added, the cells taken away, what that comes to (not below 0), why, what a picture
    marks: the region and the crossing cage). The innies add up to
    a known sum; a crossing cage's innies make its total less its outies, so the other innies
    less that cage's outies come to the innies' sum less the cage's total. The outies likewise:
    the other cages' outies less this cage's innies come to the outies' sum less its total."""
    house_sum = g.size * (g.size + 1) // 2
    out, seen = [], set()
    for name, inside, k, inner_total, innies, crossing, _ in _regions(g):
        if not crossing or not _caged(g, innies):
            continue
        in_sum = k * house_sum - inner_total
        outies = [c for cage in crossing for c in cage.cells if c not in inside]
        out_sum = sum(cage.total for cage in crossing) - in_sum
        for cage in crossing:
            mine = set(cage.cells)
            for word, total, plus, minus in (
                    ("innies", in_sum, [c for c in innies if c not in mine],
                     [c for c in cage.cells if c not in inside]),
                    ("outies", out_sum, [c for c in outies if c not in mine],
                     [c for c in cage.cells if c in inside])):
                value, part = total - cage.total, tuple(minus)
                if value < 0:  # the same difference the other way round
                    plus, minus, value = minus, plus, -value
                key = (frozenset(plus), frozenset(minus), value)
                if plus and minus and key not in seen:
                    seen.add(key)
                    out.append((name, tuple(plus), tuple(minus), value,
                                (_DIFFERENCE[word, len(part) > 1], total, cage, part),
                                _marks(inside, [cage])))
    return tuple(out)


_DIFFERENCE = {
    ("innies", False): N_("{name} in {region}: the innies add up to {sum}, and those of {cage} to "
                          "its total less its outie {cells}, so {equation}"),
    ("innies", True): N_("{name} in {region}: the innies add up to {sum}, and those of {cage} to "
                         "its total less its outies {cells}, so {equation}"),
    ("outies", False): N_("{name} in {region}: the outies add up to {sum}, and those of {cage} to "
                          "its total less its innie {cells}, so {equation}"),
    ("outies", True): N_("{name} in {region}: the outies add up to {sum}, and those of {cage} to "
                         "its total less its innies {cells}, so {equation}"),
}


def _equation(g, plus: tuple[int, ...], minus: tuple[int, ...], value: int):
    """``r3c6 - r4c8 = 2``."""
    return msg("{plus} - {minus} = {value}", plus=Join((Cell(g, c) for c in plus), " + "),
               minus=Join((Cell(g, c) for c in minus), " - "), value=value)


@finder("innie-outie-difference")
def innie_outie_difference(pos: Position):
    g = pos.geometry
    if not g.cages:
        return
    seen = set()
    for name, plus, minus, value, (text, total, cage, part), marks in _differences(g):
        # filled cells move to the other side
        rest = value - sum(pos.values[c] for c in plus) + sum(pos.values[c] for c in minus)
        open_plus = [c for c in plus if not pos.values[c]]
        open_minus = [c for c in minus if not pos.values[c]]
        cells = open_plus + open_minus
        if not 2 <= len(cells) <= MAX_DIFFERENCE_CELLS or not open_plus or not open_minus:
            continue  # one cell or a plain sum: the rule of 45 and the cages tell it
        key = (tuple(open_plus), tuple(open_minus), rest)
        if key in seen:
            continue
        seen.add(key)
        found = sum_options(pos, cells, rest, negative=len(open_minus))
        if found is None:
            continue
        allowed = found[0]
        eliminations = [(c, d) for c, m in zip(cells, allowed) for d in digits_of(pos.cands[c] & ~m)]
        if not eliminations:
            continue
        tech = REGISTRY["innie-outie-difference"]
        yield tech.step(
            pos, msg(text, name=tech.title, region=name, sum=total, cage=_cage_name(pos, cage),
                     cells=cell_list(g, part), equation=_equation(g, plus, minus, value)),
            eliminations=eliminations, cells=list(plus + minus), marks=list(marks),
            candidates=[(c, d) for c, m in zip(cells, allowed) for d in digits_of(pos.cands[c] & m)])


def _house_sets(pos: Position, options: list[list[int]], rest: list[int], free: int):
    """Per cage of a house the digit sets (of ``options[i]``) that go with a set of each other
    cage, all different, and leave the house's other empty cells ``rest`` one free digit each
    (every one placeable, every cell with one); with the digits those cells may then get.
    None when no choice does or when the search outgrows :data:`NODE_LIMIT`."""
    kept: list[set[int]] = [set() for _ in options]
    rest_union = 0
    for c in rest:
        rest_union |= pos.cands[c]
    rest_ok, nodes, chosen = 0, 0, []

    def pick(i: int, used: int) -> bool:
        nonlocal rest_ok, nodes
        nodes += 1
        if nodes > NODE_LIMIT:
            raise _TooMany
        if i == len(options):
            left = free & ~used
            if left.bit_count() != len(rest) or left & ~rest_union or \
                    any(not pos.cands[c] & left for c in rest):
                return False
            for j, m in enumerate(chosen):
                kept[j].add(m)
            rest_ok |= left
            return True
        any_way = False
        for m in options[i]:
            if not m & used:
                chosen.append(m)
                any_way |= pick(i + 1, used | m)
                chosen.pop()
        return any_way

    try:
        return (kept, rest_ok) if pick(0, 0) else None
    except _TooMany:
        return None


@finder("house-combination")
def house_combination(pos: Position):
    """The cages inside one house hold different digits: each keeps the digit sets that go
    with a set of every other one, the house's other cells taking the digits left."""
    g = pos.geometry
    tech = REGISTRY["house-combination"]
    for h, house in enumerate(g.houses if g.cages else ()):
        cages = [cage for cage in g.cages if set(house).issuperset(cage.cells)]
        opened = [(cage, *_open(pos, cage)) for cage in cages]
        found = [(cage, cells, sum_options(pos, cells, need)) for cage, cells, need in opened if cells]
        if len(found) < 2 or any(f is None for _, _, f in found):
            continue
        covered = {c for cage in cages for c in cage.cells}
        rest = [c for c in house if c not in covered and not pos.values[c]]
        free = pos.all_mask
        for c in house:
            if pos.values[c]:
                free &= ~(1 << (pos.values[c] - 1))
        result = _house_sets(pos, [sorted(f[1]) for _, _, f in found], rest, free)
        if result is None:
            continue
        kept, rest_ok = result
        elims, said = [], []
        for (cage, cells, _), ok in zip(found, kept):
            union = 0
            for m in ok:
                union |= m
            lost = [(c, d) for c in cells for d in digits_of(pos.cands[c] & ~union)]
            if lost:
                elims += lost
                said.append(msg("{cage} only as {sets}", cage=_cage_name(pos, cage), sets=_sets_text(ok))
                            if len(cells) == len(cage.cells) else
                            msg("{cage} only with {sets} in {cells}", cage=_cage_name(pos, cage),
                                sets=_sets_text(ok), cells=cell_list(g, cells)))
        lost = [(c, d) for c in rest for d in digits_of(pos.cands[c] & ~rest_ok)]
        if lost:
            elims += lost
            said.append(msg("{cells} only {digits}", cells=cell_list(g, rest),
                            digits=digit_list(digits_of(rest_ok))))
        if not elims:
            continue
        words = dict(name=tech.title, house=House(g, h), result=Join(said, "; "),
                     cages=and_list([_cage_name(pos, cage) for cage, _, _ in found]))
        what = (msg("{name} in {house}: the cages inside it, {cages}, hold different digits and its "
                    "other cells {cells} the rest, so {result}", cells=cell_list(g, rest), **words)
                if rest else
                msg("{name} in {house}: the cages inside it, {cages}, hold different digits, so {result}",
                    **words))
        yield tech.step(pos, what, eliminations=elims, cells=list(house), houses=[h],
                        marks=_marks(house, cages),
                        candidates=[(c, d) for _, cells, _ in found for c in cells
                                    for d in digits_of(pos.cands[c]) if (c, d) not in elims])


@finder("cage-pointing")
def cage_pointing(pos: Position):
    g = pos.geometry
    for cage in g.cages or ():
        cells, need = _open(pos, cage)
        if len(cells) < 2:
            continue
        required = _required(pos, cells, need)
        if required is None:
            continue
        for d in digits_of(required):
            places = [c for c in cells if pos.cands[c] >> (d - 1) & 1]
            targets = [c for c in cells_of(seen_by_all(g, places)) if pos.cands[c] >> (d - 1) & 1]
            if not places or not targets:
                continue
            tech = REGISTRY["cage-pointing"]
            yield tech.step(
                pos, msg("{name}: every way to make {cage} uses {digit}, which can go only in "
                         "{cells}; the cells that see them all lose it",
                         name=REGISTRY["cage-pointing"].title, cage=_cage_name(pos, cage),
                         digit=d, cells=cell_list(g, places)),
                eliminations=[(c, d) for c in targets], cells=list(cage.cells),
                candidates=[(c, d) for c in places], marks=_marks(cages=[cage]))


@finder("cage-claiming")
def cage_claiming(pos: Position):
    """A digit whose places in a house all lie in one cage is in that cage: its cells outside
    those places lose it, and the cage keeps only the digit sets that hold it."""
    g = pos.geometry
    tech = REGISTRY["cage-claiming"]
    for h, house in enumerate(g.houses if g.cages else ()):
        placed = 0
        for c in house:
            if pos.values[c]:
                placed |= 1 << (pos.values[c] - 1)
        for d in digits_of(pos.all_mask & ~placed):
            bit = 1 << (d - 1)
            places = [c for c in house if pos.cands[c] & bit]
            cage = g.cage_of[places[0]] if places else None
            if cage is None or len(places) < 2 or any(g.cage_of[c] is not cage for c in places):
                continue
            cells, need = _open(pos, cage)
            found = sum_options(pos, cells, need)
            if found is None:
                continue
            sets = {m for m in found[1] if m & bit}
            union = 0
            for m in sets:
                union |= m
            elims = [(c, d) for c in cells if c not in places and pos.cands[c] & bit]
            elims += [(c, e) for c in cells for e in digits_of(pos.cands[c] & ~union)]
            if not elims or not sets:
                continue
            why = msg("{name}: in {house}, {digit} fits only in {cells}, all in {cage}, so the cage "
                      "holds {digit}", name=tech.title, house=House(g, h), digit=d,
                      cells=cell_list(g, places), cage=_cage_name(pos, cage))
            if len(sets) < len(found[1]):
                why = msg("{what}: only as {sets}", what=why, sets=_sets_text(sets))
            yield tech.step(pos, why, eliminations=elims, cells=list(cage.cells), houses=[h],
                            candidates=[(c, d) for c in places], marks=_marks(house, [cage]))


@finder("cage-subset")
def cage_subset(pos: Position):
    """Naked: k cells of a cage with k digits between them; hidden: k digits every set of the
    cage holds, with k places in it."""
    g = pos.geometry
    tech = REGISTRY["cage-subset"]
    for cage in g.cages or ():
        cells, need = _open(pos, cage)
        if len(cells) < 3:
            continue
        for k in range(2, len(cells)):
            for group in choose(cells, k):
                union = 0
                for c in group:
                    union |= pos.cands[c]
                if union.bit_count() != k:
                    continue
                elims = [(c, d) for c in cells if c not in group for d in digits_of(pos.cands[c] & union)]
                if elims:
                    yield tech.step(
                        pos, msg("{name}: {cells} of {cage} hold only {digits}",
                                 name=REGISTRY["cage-subset"].title, cells=cell_list(g, group),
                                 cage=_cage_name(pos, cage),
                                 digits=digit_list(digits_of(union))), eliminations=elims,
                        cells=list(group), candidates=[(c, d) for c in group for d in digits_of(pos.cands[c])],
                        marks=_marks(cages=[cage]))
        required = _required(pos, cells, need)
        if required is None:
            continue
        digits = list(digits_of(required))
        for k in range(2, min(len(digits), len(cells) - 1) + 1):
            for ds in choose(digits, k):
                mask = sum(1 << (d - 1) for d in ds)
                places = [c for c in cells if pos.cands[c] & mask]
                if len(places) != k:
                    continue
                elims = [(c, d) for c in places for d in digits_of(pos.cands[c] & ~mask)]
                if elims:
                    yield tech.step(
                        pos, msg("{name}: {cage} must hold {digits}, which fit only in {cells}",
                                 name=REGISTRY["cage-subset"].title, cage=_cage_name(pos, cage),
                                 digits=digit_list(ds), cells=cell_list(g, places)), eliminations=elims,
                        cells=places, candidates=[(c, d) for c in places for d in ds
                                                  if pos.cands[c] >> (d - 1) & 1],
                        marks=_marks(cages=[cage]))
