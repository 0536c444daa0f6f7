"""Intersections: where a box meets a row or column ("box-line reduction").

* Pointing: a digit's candidates in a box all lie in one line, so the line's other cells lose it.
* Claiming: a digit's candidates in a line all lie in one box, so the box's other cells lose it.
* Locked pair / triple: a naked pair or triple inside one box-line intersection, so its digits
  leave the other cells of both the box and the line.

In a variant every two houses that share cells meet like a box and a line (a diagonal and a
box, a window and a row, a jigsaw region and a column), and a digit's places in a house lock
it out of every cell that sees all of them, a knight's or king's move away included: the
source house names the kind (a row or column claims, any other house points).
"""

from __future__ import annotations

from sudokit.i18n import msg
from sudokit.i18n.values import House
from functools import lru_cache
from itertools import combinations

from sudokit.model.geometry import CACHED_GEOMETRIES, Geometry
from sudokit.engines.logic.links import cells_of, digit_cell_masks, house_masks, seen_by_all
from sudokit.model.position import Position, digits_of
from sudokit.engines.logic.step import cell_list, digit_list
from sudokit.engines.logic.techniques.masks import digit_masks
from sudokit.engines.logic.techniques.registry import REGISTRY, finder


@lru_cache(maxsize=CACHED_GEOMETRIES)
def _bands(g: Geometry):
    """Masks over a line's cross positions (column bands, row bands) and over a box's places
    (its mini-rows, its mini-columns)."""
    n, br, bc = g.size, g.box_rows, g.box_cols
    col_bands = tuple(((1 << bc) - 1) << (j * bc) for j in range(n // bc))
    row_bands = tuple(((1 << br) - 1) << (i * br) for i in range(n // br))
    mini_rows = tuple(((1 << bc) - 1) << (i * bc) for i in range(br))
    mini_cols = tuple(sum(1 << (i * bc + j) for i in range(br)) for j in range(bc))
    return col_bands, row_bands, mini_rows, mini_cols


def _cells(house: tuple[int, ...], mask: int) -> list[int]:
    """The cells of ``house`` whose places are set in ``mask``."""
    return [house[i] for i in cells_of(mask)]


def _step(pos: Position, technique: str, d: int, source: int, target: int, cells, elims):
    g = pos.geometry
    tech = REGISTRY[technique]
    return tech.step(
        pos, msg("{name}: {digit} in {house} lies only in {target} ({cells})", name=tech.title,
                 digit=d, house=House(g, source), target=House(g, target),
                 cells=cell_list(g, cells)),
        eliminations=[(c, d) for c in elims], cells=cells, houses=[source, target],
        candidates=[(c, d) for c in cells])


def _variant_locked(pos: Position, claiming: bool):
    """Locked candidates of a variant grid, from the definition: the places of a digit in a
    house (rows and columns when ``claiming``, every other house when pointing) remove it from
    every cell that sees them all."""
    g = pos.geometry
    n = g.size
    technique = "locked-candidates-claiming" if claiming else "locked-candidates-pointing"
    sources = range(2 * n) if claiming else range(2 * n, len(g.houses))
    digit_cells, hmasks = digit_cell_masks(pos), house_masks(g)
    for h in sources:
        for d in range(1, n + 1):
            places = digit_cells[d] & hmasks[h]
            if places & (places - 1) == 0:
                continue  # none, or one
            cells = list(cells_of(places))
            targets = seen_by_all(g, cells) & digit_cells[d]
            if not targets:
                continue
            elims = list(cells_of(targets))
            inside = [t for t in _houses_holding(g, cells) if t != h]
            tech = REGISTRY[technique]
            where = (msg("{name}: {digit} in {house} lies only in {target} ({cells})",
                         name=tech.title, digit=d, house=House(g, h), target=House(g, inside[0]),
                         cells=cell_list(g, cells)) if inside
                     else msg("{name}: {digit} in {house} lies only in {cells}; the cells that "
                              "see them all lose it", name=tech.title, digit=d, house=House(g, h),
                              cells=cell_list(g, cells)))
            yield tech.step(
                pos, where,
                eliminations=[(c, d) for c in elims], cells=cells, houses=[h] + inside[:1],
                candidates=[(c, d) for c in cells])


def _houses_holding(g: Geometry, cells: list[int]) -> list[int]:
    """The houses that hold every one of ``cells``."""
    common = set(g.houses_of[cells[0]])
    for c in cells[1:]:
        common.intersection_update(g.houses_of[c])
    return sorted(common)


@finder("locked-candidates-pointing")
def pointing(pos: Position):
    """A digit confined to one mini-row or mini-column of a box leaves the rest of that line."""
    g = pos.geometry
    if not g.is_classic:
        yield from _variant_locked(pos, claiming=False)
        return
    n, br, bc = g.size, g.box_rows, g.box_cols
    masks = digit_masks(pos)
    col_bands, row_bands, mini_rows, mini_cols = _bands(g)
    for b in range(n):
        r0, c0 = (b // br) * br, (b % br) * bc
        box = g.boxes[b]
        for d in range(1, n + 1):
            m = masks.boxes[d][b]
            if m & (m - 1) == 0:
                continue  # absent, or a hidden single
            for i, mini in enumerate(mini_rows):
                if not m & ~mini:
                    r = r0 + i
                    rest = masks.rows[d][r] & ~col_bands[b % br]
                    if rest:
                        yield _step(pos, "locked-candidates-pointing", d, 2 * n + b, r,
                                    _cells(box, m), _cells(g.rows[r], rest))
            for j, mini in enumerate(mini_cols):
                if not m & ~mini:
                    c = c0 + j
                    rest = masks.cols[d][c] & ~row_bands[b // br]
                    if rest:
                        yield _step(pos, "locked-candidates-pointing", d, 2 * n + b, n + c,
                                    _cells(box, m), _cells(g.cols[c], rest))


@finder("locked-candidates-claiming")
def claiming(pos: Position):
    """A digit confined to one box within a row or column leaves the rest of that box."""
    g = pos.geometry
    if not g.is_classic:
        yield from _variant_locked(pos, claiming=True)
        return
    n, br, bc = g.size, g.box_rows, g.box_cols
    masks = digit_masks(pos)
    col_bands, row_bands, mini_rows, mini_cols = _bands(g)
    for kind in (0, 1):  # rows, then columns
        for line in range(n):
            house = g.houses[kind * n + line]
            for d in range(1, n + 1):
                m = (masks.rows, masks.cols)[kind][d][line]
                if m & (m - 1) == 0:
                    continue
                bands = row_bands if kind else col_bands
                for k, band in enumerate(bands):
                    if m & ~band:
                        continue
                    if kind == 0:
                        b, mini = (line // br) * br + k, mini_rows[line % br]
                    else:
                        b, mini = k * br + line // bc, mini_cols[line % bc]
                    rest = masks.boxes[d][b] & ~mini
                    if rest:
                        yield _step(pos, "locked-candidates-claiming", d, kind * n + line,
                                    2 * n + b, _cells(house, m), _cells(g.boxes[b], rest))
                    break


def _locked_subsets(pos: Position, k: int, technique: str):
    """Naked subsets of ``k`` cells that lie in one intersection of two houses."""
    g = pos.geometry
    cands = pos.cands
    tech = REGISTRY[technique]
    for box, line, cells in g.segments:
        small = [c for c in cells if 2 <= cands[c].bit_count() <= k]
        if len(small) < k:
            continue
        for combo in combinations(small, k):
            union = 0
            for c in combo:
                union |= cands[c]
            if union.bit_count() != k:
                continue
            others = (set(g.houses[box]) | set(g.houses[line])).difference(combo)
            elims = [(c, d) for c in others for d in digits_of(cands[c] & union)]
            if not elims:
                continue
            yield tech.step(
                pos, msg("{name} {digits} in {box} and {line} ({cells})", name=tech.title,
                         digits=digit_list(digits_of(union)), box=House(g, box),
                         line=House(g, line), cells=cell_list(g, combo)),
                eliminations=elims, cells=sorted(combo), houses=[box, line],
                candidates=[(c, d) for c in sorted(combo) for d in digits_of(cands[c])])


@finder("locked-pair")
def locked_pair(pos: Position):
    yield from _locked_subsets(pos, 2, "locked-pair")


@finder("locked-triple")
def locked_triple(pos: Position):
    yield from _locked_subsets(pos, 3, "locked-triple")
