"""Uniqueness techniques: Unique Rectangles (types 1-6), Hidden Rectangle, Avoidable Rectangles
(types 1-2) and BUG+1.

They rest on one fact: in a puzzle with exactly one solution, no four non-given cells in two
rows, two columns and exactly two boxes can end up holding ``a b / b a`` (a *deadly pattern*),
since swapping ``a`` and ``b`` there would give a second solution. Each technique removes the
candidates that would force such a pattern. The solver runs them only for unique puzzles.
A Unique Rectangle needs four unsolved corners; with ``ur_missing_candidates`` (an option in
:mod:`sudokit.engines.logic.options`, on by default as in HoDoKu) a corner that lost a or b still
counts, as it can only complete the pattern with the other digit. Avoidable Rectangles use
solved cells that were not givens.

Rectangle corners are numbered ``0 = (r1,c1), 1 = (r1,c2), 2 = (r2,c1), 3 = (r2,c2)``; the
diagonals are ``(0,3)`` and ``(1,2)``, so in a deadly pattern ``v0 = v3`` and ``v1 = v2``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from sudokit.engines import limits
from sudokit.model.geometry import CACHED_GEOMETRIES, Geometry
from sudokit.i18n import N_, Message, msg
from sudokit.i18n.values import Cell, House
from sudokit.engines.logic.context import context_of
from sudokit.model.position import Position, bit, digits_of, popcount
from sudokit.engines.logic.step import Step, and_list, cell_list, digit_list
from sudokit.engines.logic.techniques.registry import REGISTRY, finder

Rect = tuple[int, int, int, int]

OPPOSITE = (3, 2, 1, 0)
#: Most real cells in the naked subset of a Unique Rectangle Type 3 (every size on 9x9: a house
#: holds at most seven cells beside the two corners, one of them left to lose digits).
MAX_SUBSET = 7
#: Rectangles scanned between two checks of the budget (:func:`sudokit.engines.limits.check`): a 36x36
#: grid has about 200,000 of them.
CHECK_EVERY = 4096
#: For each corner, the corner in the same row and the corner in the same column.
ROW_MATE = (1, 0, 3, 2)
COL_MATE = (2, 3, 0, 1)

@lru_cache(maxsize=CACHED_GEOMETRIES)
def rectangles(g: Geometry) -> tuple[Rect, ...]:
    """Every rectangle of cells ``(r1c1, r1c2, r2c1, r2c2)`` that lies in exactly two boxes
    (jigsaw regions), where swapping ``a b / b a`` keeps every rule of the grid.

    In a variant the swap must keep the variant's rules too: no rectangle is safe when cells
    have peers a chess move away (anti-knight, anti-king: a swapped digit may meet its twin
    there), and a diagonal or window must hold no corner or two corners of one row or column."""
    n, out = g.size, []
    if g.extra_peers is None:
        for r1, r2 in combinations(range(n), 2):
            limits.check()
            for c1, c2 in combinations(range(n), 2):
                cells = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
                if _swappable(g, cells):
                    out.append(cells)
    return tuple(out)


def _swappable(g: Geometry, cells: Rect) -> bool:
    """True when the rectangle lies in two boxes and every box or variant house holding a
    corner holds two corners of one row or one column (so one ``a`` and one ``b``)."""
    if g.is_classic:
        return len({g.box_of(c) for c in cells}) == 2
    n = g.size
    corners: dict[int, list[int]] = {}
    for i, c in enumerate(cells):
        for h in g.houses_of[c]:
            if h >= 2 * n:
                corners.setdefault(h, []).append(i)
    boxes = [h for h in corners if h < 3 * n]
    return len(boxes) == 2 and all(len(k) == 2 and k[0] + k[1] != 3 for k in corners.values())


@lru_cache(maxsize=CACHED_GEOMETRIES)
def _peer_sets(g: Geometry) -> tuple[frozenset[int], ...]:
    return tuple(frozenset(p) for p in g.peers)


def common_peers(g: Geometry, cells: Sequence[int]) -> set[int]:
    """Cells that see every one of ``cells`` (none of ``cells`` itself)."""
    sets = _peer_sets(g)
    out = set(sets[cells[0]])
    for c in cells[1:]:
        out &= sets[c]
    return out.difference(cells)


def shared_houses(g: Geometry, first: int, *rest: int) -> list[int]:
    """Indices of the houses holding every one of the cells."""
    return [h for h in g.houses_of[first] if all(h in g.houses_of[c] for c in rest)]


def _rect_name(g: Geometry, rect: Rect):
    return cell_list(g, rect)


@lru_cache(maxsize=CACHED_GEOMETRIES)
def _rects_of(g: Geometry) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """For each cell, the indices (in :func:`rectangles`) of the rectangles with a corner there;
    and each rectangle's cells as a bit set (bit ``c`` for cell ``c``)."""
    lists: list[list[int]] = [[] for _ in range(g.ncells)]
    bits = []
    for i, rect in enumerate(rectangles(g)):
        for c in rect:
            lists[c].append(i)
        bits.append(sum(1 << c for c in rect))
    return tuple(tuple(x) for x in lists), tuple(bits)


def _ur_candidates(pos: Position) -> tuple[tuple[Rect, int, int, list[int], list[int]], ...]:
    """Every rectangle of four unsolved cells with a corner holding exactly two digits ``a < b``
    and every corner holding both (with ``ur_missing_candidates``: at least one; a corner that
    lost a or b still cannot complete the pattern otherwise): ``(rect, a, b, plain corners,
    corners with other digits)``. Rectangles holding all of a and b come first."""
    context = context_of(pos)
    missing = context.options.ur_missing_candidates
    key = (pos.geometry, missing, tuple(pos.cands))
    kept = context.recall("ur-scan", key)
    if kept is not None:
        return kept
    g, cands = pos.geometry, pos.cands
    rects = rectangles(g)
    of, rect_bits = _rects_of(g)
    places = [0] * (g.size + 1)  # digit -> bit set of the cells holding it
    for cell, m in enumerate(cands):
        while m:
            low = m & -m
            places[low.bit_length()] |= 1 << cell
            m ^= low
    hits: set[tuple[int, int, int, bool]] = set()
    for n, (cell, m) in enumerate(enumerate(cands)):
        if popcount(m) != 2:
            continue
        if not n % 64:
            limits.check()
        a, b = digits_of(m)
        both, either = places[a] & places[b], places[a] | places[b]
        for i in of[cell]:
            rb = rect_bits[i]
            if rb & both == rb:
                hits.add((0, i, a, b))
            elif missing and rb & either == rb:
                hits.add((1, i, a, b))
    found = []
    for _, i, a, b in sorted(hits):
        rect = rects[i]
        rest = ~(bit(a) | bit(b))
        plain = [k for k in range(4) if not cands[rect[k]] & rest]
        found.append((rect, a, b, plain, [k for k in range(4) if cands[rect[k]] & rest]))
    return context.keep("ur-scan", key, tuple(found))


def _ur_step(tid: str, pos: Position, rect: Rect, a: int, b: int, extra: Message,
             eliminations, placements=(), houses=(), fins=()) -> Step:
    g = pos.geometry
    what = msg("{name} {digits} in {rect} {extra}", name=REGISTRY[tid].title,
               digits=digit_list((a, b)), rect=_rect_name(g, rect), extra=extra)
    return REGISTRY[tid].step(
        pos, what, placements=placements, eliminations=eliminations, cells=list(rect),
        houses=sorted(set(houses)), fins=list(fins),
        candidates=[(c, d) for c in rect for d in (a, b) if pos.has(c, d)])


def _extras(pos: Position, cell: int, a: int, b: int) -> int:
    return pos.cands[cell] & ~(bit(a) | bit(b))


def _shared_extra(pos: Position, cells: Sequence[int],
                  extras: Sequence[int]) -> tuple[int, list[tuple[int, int]]]:
    """When the masks ``extras`` of ``cells`` are one and the same single digit x (so one of the
    cells holds x): x and its eliminations from the cells that see them all; else ``(0, [])``."""
    if len(set(extras)) != 1 or popcount(extras[0]) != 1:
        return 0, []
    x = extras[0].bit_length()
    return x, [(c, x) for c in common_peers(pos.geometry, cells) if pos.has(c, x)]


# --- Unique Rectangles ------------------------------------------------------------------------

def _only_in(pos: Position, digit: int, house: int, cells: Sequence[int]) -> bool:
    """True when ``digit`` is still to place in the house and only in ``cells`` (with two
    cells, a strong link; a corner that lost the digit leaves it a hidden single, as strong)."""
    places = pos.cells_with(digit, pos.geometry.houses[house])
    return bool(places) and all(c in cells for c in places)


@finder("unique-rectangle-1")
def unique_rectangle_1(pos: Position):
    """Three corners hold only a/b: the fourth cannot be a or b."""
    for rect, a, b, plain, other in _ur_candidates(pos):
        if len(plain) == 3:
            cell = rect[other[0]]
            yield _ur_step("unique-rectangle-1", pos, rect, a, b,
                           msg("(only {cell} has other candidates)", cell=Cell(pos.geometry, cell)),
                           [(cell, d) for d in (a, b) if pos.has(cell, d)])


def _roof(rect: Rect, other: list[int]) -> tuple[int, int] | None:
    """The two corners with other digits when they share a row or column (not a diagonal)."""
    if len(other) == 2 and OPPOSITE[other[0]] != other[1]:
        return rect[other[0]], rect[other[1]]
    return None


@finder("unique-rectangle-2")
def unique_rectangle_2(pos: Position):
    """Two corners in a line hold a/b plus the same one extra digit x: x is in one of them, so
    cells seeing both lose x."""
    g = pos.geometry
    for rect, a, b, plain, other in _ur_candidates(pos):
        roof = _roof(rect, other)
        if roof is None:
            continue
        x, elims = _shared_extra(pos, roof, [_extras(pos, c, a, b) for c in roof])
        if elims:
            yield _ur_step("unique-rectangle-2", pos, rect, a, b,
                           msg("with extra {digit} in {cells}", digit=x, cells=cell_list(g, roof)), elims,
                           houses=shared_houses(g, *roof), fins=[(c, x) for c in roof])


@finder("unique-rectangle-3")
def unique_rectangle_3(pos: Position):
    """The extra digits of two corners in a line act as one virtual cell, which forms a naked
    subset with other cells of a house holding both corners (every such subset, each house). A
    subset in a row or column whose cells all lie in one box is naked in the box too: the step
    removes from both (so a box's pass skips a subset that lies in one line)."""
    g = pos.geometry
    n = g.size
    for rect, a, b, plain, other in _ur_candidates(pos):
        roof = _roof(rect, other)
        if roof is None:
            continue
        virtual = _extras(pos, roof[0], a, b) | _extras(pos, roof[1], a, b)
        fins = [(c, d) for c in roof for d in digits_of(_extras(pos, c, a, b))]
        for h in shared_houses(g, *roof):
            kind = h // n
            others = [c for c in g.houses[h] if pos.cands[c] and c not in roof]
            for k in range(1, min(len(others) - 1, MAX_SUBSET) + 1):
                limits.check()
                fits = [c for c in others if popcount(pos.cands[c] | virtual) <= k + 1]
                for subset in combinations(fits, k):
                    union = virtual
                    for c in subset:
                        union |= pos.cands[c]
                    if popcount(union) != k + 1:
                        continue
                    group = (*roof, *subset)
                    common = shared_houses(g, *group)
                    if kind == 2 and any(x // n < 2 for x in common):
                        continue  # the line's pass lists it, with this box's removals
                    zone, houses = [c for c in others if c not in subset], [h]
                    boxes = [x for x in common if x // n == 2]
                    if kind in (0, 1) and boxes:
                        box = boxes[0]
                        houses.append(box)
                        zone += [c for c in g.houses[box]
                                 if pos.cands[c] and c not in group and c not in zone]
                    elims = [(c, d) for c in zone for d in digits_of(pos.cands[c] & union)]
                    if elims:
                        yield _ur_step(
                            "unique-rectangle-3", pos, rect, a, b,
                            msg("with naked subset {digits} in {house} ({cells} and the extras "
                                "of {roof})", digits=digit_list(digits_of(union)),
                                house=and_list([House(g, x) for x in houses]),
                                cells=cell_list(g, subset), roof=cell_list(g, roof)),
                            sorted(elims), houses=houses, fins=fins)


@finder("unique-rectangle-4")
def unique_rectangle_4(pos: Position):
    """Two corners in a line hold the only places of a in a house: they cannot hold b."""
    g = pos.geometry
    for rect, a, b, plain, other in _ur_candidates(pos):
        roof = _roof(rect, other)
        if roof is None:
            continue
        for h in shared_houses(g, *roof):
            for u, v in ((a, b), (b, a)):
                elims = [(c, v) for c in roof if pos.has(c, v)]
                if elims and _only_in(pos, u, h, roof):
                    yield _ur_step("unique-rectangle-4", pos, rect, a, b,
                                   msg("({digit} only in {cells} in {house})", digit=u,
                                       cells=cell_list(g, roof), house=House(g, h)),
                                   elims, houses=[h])


@finder("unique-rectangle-5")
def unique_rectangle_5(pos: Position):
    """Two diagonal corners, or three corners, hold a/b plus the same one extra digit x: x is
    in one of them, so cells seeing all of them lose x."""
    g = pos.geometry
    for rect, a, b, plain, other in _ur_candidates(pos):
        if len(other) == 2 and _roof(rect, other) is not None:
            continue  # two corners in a line: type 2
        if len(other) not in (2, 3):
            continue
        cells = [rect[i] for i in other]
        x, elims = _shared_extra(pos, cells, [_extras(pos, c, a, b) for c in cells])
        if elims:
            yield _ur_step("unique-rectangle-5", pos, rect, a, b,
                           msg("with extra {digit} in {cells}", digit=x, cells=cell_list(g, cells)),
                           elims,
                           fins=[(c, x) for c in cells])


@finder("unique-rectangle-6")
def unique_rectangle_6(pos: Position):
    """Two diagonal corners hold only a/b, and a is confined to the rectangle in both its rows
    (or both its columns): the other two corners cannot hold a."""
    g = pos.geometry
    n = g.size
    for rect, a, b, plain, other in _ur_candidates(pos):
        if len(plain) != 2 or OPPOSITE[plain[0]] != plain[1]:
            continue
        roof = [rect[i] for i in other]
        r1, r2, c1, c2 = rect[0] // n, rect[3] // n, rect[0] % n, rect[3] % n
        for u in (a, b):
            elims = [(c, u) for c in roof if pos.has(c, u)]
            if not elims:
                continue
            for kind, lines in ((N_("({digit} only in the rectangle in both its rows)"),
                                 ((r1, rect[:2]), (r2, rect[2:]))),
                                (N_("({digit} only in the rectangle in both its columns)"),
                                 ((n + c1, rect[::2]), (n + c2, rect[1::2])))):
                if all(_only_in(pos, u, h, corners) for h, corners in lines):
                    yield _ur_step("unique-rectangle-6", pos, rect, a, b,
                                   msg(kind, digit=u),
                                   elims, houses=[h for h, _ in lines])
                    break  # rows and columns would remove the same candidates


@finder("hidden-rectangle")
def hidden_rectangle(pos: Position):
    """A corner holds only a/b, and a has only two places in both the row and the column of the
    opposite corner (both in the rectangle): that opposite corner cannot hold b. One corner is
    plain (only a/b), or two on a diagonal (two in a line make a Type 4, three a Type 1)."""
    g = pos.geometry
    n = g.size
    for rect, a, b, plain, other in _ur_candidates(pos):
        if len(plain) > 2 or len(plain) == 2 and OPPOSITE[plain[0]] != plain[1]:
            continue
        for i in plain:
            j = OPPOSITE[i]
            target = rect[j]
            row, col = target // n, n + target % n
            in_row, in_col = (target, rect[ROW_MATE[j]]), (target, rect[COL_MATE[j]])
            for u, v in ((a, b), (b, a)):
                if (pos.has(target, v) and _only_in(pos, u, row, in_row)
                        and _only_in(pos, u, col, in_col)):
                    yield _ur_step("hidden-rectangle", pos, rect, a, b,
                                   msg("({digit} only in the rectangle in {row} and {col})",
                                       digit=u, row=House(g, row), col=House(g, col)),
                                   [(target, v)], houses=[row, col])


# --- Avoidable Rectangles ---------------------------------------------------------------------

def _ar_candidates(pos: Position) -> tuple[tuple[Rect, list[int], list[int]], ...]:
    """Rectangles with no given, at least two corners solved and at least one unsolved:
    ``(rect, solved corners, unsolved corners)``."""
    context = context_of(pos)
    key = (pos.geometry, tuple(pos.values), tuple(pos.givens))
    kept = context.recall("ar-scan", key)
    if kept is not None:
        return kept
    values, givens = pos.values, pos.givens
    found = []
    for i, rect in enumerate(rectangles(pos.geometry)):
        if not i % CHECK_EVERY:
            limits.check()
        if givens[rect[0]] or givens[rect[1]] or givens[rect[2]] or givens[rect[3]]:
            continue
        solved = [i for i in range(4) if values[rect[i]]]
        if 2 <= len(solved) <= 3:
            found.append((rect, solved, [i for i in range(4) if not values[rect[i]]]))
    return context.keep("ar-scan", key, tuple(found))


def _needed(pos: Position, rect: Rect, i: int) -> int:
    """The digit corner ``i`` needs to complete a deadly pattern, from its diagonal mate
    (0 when unknown)."""
    return pos.values[rect[OPPOSITE[i]]]


@finder("avoidable-rectangle-1")
def avoidable_rectangle_1(pos: Position):
    """Three corners were solved (none given) as ``a b / b``: the fourth cannot be a."""
    g = pos.geometry
    for rect, solved, unsolved in _ar_candidates(pos):
        if len(solved) != 3:
            continue
        i = unsolved[0]
        cell = rect[i]
        a = _needed(pos, rect, i)
        b1, b2 = pos.values[rect[ROW_MATE[i]]], pos.values[rect[COL_MATE[i]]]
        if b1 == b2 != a and pos.has(cell, a):
            yield REGISTRY["avoidable-rectangle-1"].step(
                pos, msg("{name} {digits} in {rect} (solved, none given)",
                         name=REGISTRY["avoidable-rectangle-1"].title,
                         digits=digit_list((a, b1)), rect=_rect_name(g, rect)),
                eliminations=[(cell, a)], cells=list(rect),
                candidates=[(cell, a)])


@finder("avoidable-rectangle-2")
def avoidable_rectangle_2(pos: Position):
    """Two corners were solved (none given); the other two hold their pattern digit plus the
    same one extra digit x: x is in one of them, so cells seeing both lose x."""
    g = pos.geometry
    for rect, solved, unsolved in _ar_candidates(pos):
        if len(solved) != 2:
            continue
        u1, u2 = rect[unsolved[0]], rect[unsolved[1]]
        if OPPOSITE[solved[0]] == solved[1]:
            # Solved diagonal: both hold a; the others would both need one same digit b.
            a = pos.values[rect[solved[0]]]
            if pos.values[rect[solved[1]]] != a:
                continue
            shared = pos.cands[u1] & pos.cands[u2] & ~bit(a)
            options = [(b, b) for b in digits_of(shared)]
        else:
            options = [(_needed(pos, rect, unsolved[0]), _needed(pos, rect, unsolved[1]))]
        for n1, n2 in options:
            m1, m2 = pos.cands[u1], pos.cands[u2]
            if not (m1 & bit(n1) and m2 & bit(n2)):
                continue
            x, elims = _shared_extra(pos, (u1, u2), (m1 & ~bit(n1), m2 & ~bit(n2)))
            if elims:
                yield REGISTRY["avoidable-rectangle-2"].step(
                    pos, msg("{name} in {rect} ({a} or {b} must be {digit})",
                             name=REGISTRY["avoidable-rectangle-2"].title,
                             rect=_rect_name(g, rect), a=Cell(g, u1), b=Cell(g, u2), digit=x),
                    eliminations=elims, cells=list(rect), houses=shared_houses(g, u1, u2),
                    candidates=[(u1, n1), (u2, n2)], fins=[(u1, x), (u2, x)])


# --- BUG+1 --------------------------------------------------------------------------------------

@finder("bug-plus-1")
def bug_plus_1(pos: Position):
    """Every unsolved cell but one holds two candidates, and every digit has two places in each
    house except one digit of that cell: placing anything else there leaves a BUG (every digit
    twice per house), which has two solutions. So that digit goes in the cell."""
    g = pos.geometry
    if not g.is_classic:
        return  # the BUG principle is proved for rows, columns and boxes only
    cands = pos.cands
    triple = -1
    for cell, m in enumerate(cands):
        if not m:
            continue
        k = popcount(m)
        if k == 2:
            continue
        if k != 3 or triple >= 0:
            return
        triple = cell
    if triple < 0:
        return
    extra = 0
    for h, house in enumerate(g.houses):
        counts: dict[int, int] = {}
        for c in house:
            for d in digits_of(cands[c]):
                counts[d] = counts.get(d, 0) + 1
        odd = [d for d, k in counts.items() if k != 2]
        if triple in house:
            if len(odd) != 1 or counts[odd[0]] != 3 or (extra and odd[0] != extra):
                return
            extra = odd[0]
        elif odd:
            return
    yield REGISTRY["bug-plus-1"].step(
        pos, msg("{name} ({cell} is the only cell with three candidates, and {digit} has three "
                 "places in each of its houses)", name=REGISTRY["bug-plus-1"].title,
                 cell=Cell(g, triple), digit=extra), placements=[(triple, extra)], cells=[triple],
        houses=list(g.houses_of[triple]), candidates=[(triple, extra)])
