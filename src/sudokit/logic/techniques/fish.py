"""Fish: a digit's candidates in n base houses all lie in n cover houses, so the cover houses
lose the digit everywhere outside the base houses ("n-wings" in Lösningsmetoder för sudoku).

* Basic fish (x-wing, swordfish, jellyfish for n = 2, 3, 4): rows as base and columns as
  cover, or the other way round.
* Finned fish: some base candidates ("fins") lie outside the cover, all in one box. Either a
  fin is true or the fish is, so only cover cells that see every fin lose the digit.
* Sashimi fish: a finned fish that without its fins would be degenerate (a base line left
  with a single candidate).

The search works on bitmasks: for one digit, each base line is the mask of cross positions
(columns of a row, rows of a column) holding the candidate, and combinations of base lines are
extended only while the union of their masks can still be covered. :class:`Fish` and
:func:`fish_from_houses` describe a fish over any houses (base/cover sets as house indices),
so franken and mutant fish can be added on top later.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ...geometry import Geometry
from ..position import Position
from ..step import cell_list
from .masks import digit_masks
from .registry import REGISTRY, finder

SIZES = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}
KINDS = ("basic", "finned", "sashimi")
TECHNIQUE = {(n, kind): (name if kind == "basic" else f"{kind}-{name}")
             for n, name in SIZES.items() for kind in KINDS}


@dataclass(frozen=True)
class Fish:
    """One fish on ``digit``: house indices of its base and cover sets, and cells."""

    digit: int
    base: tuple[int, ...]
    cover: tuple[int, ...]
    body: tuple[int, ...]          # base candidates inside the cover
    fins: tuple[int, ...]          # base candidates outside the cover
    eliminations: tuple[int, ...]  # cover candidates outside the base that see every fin
    sashimi: bool = False

    @property
    def kind(self) -> str:
        if not self.fins:
            return "basic"
        return "sashimi" if self.sashimi else "finned"


def house_list(g: Geometry, houses) -> str:
    """``rows 1, 4, 8`` for houses of one kind, else ``row 1, box 5``."""
    houses = sorted(houses)
    kinds = {h // g.size for h in houses}
    if len(kinds) == 1 and len(houses) > 1:
        word = ("rows", "columns", "boxes")[kinds.pop()]
        return f"{word} " + ", ".join(str(h % g.size + 1) for h in houses)
    return ", ".join(g.house_name(h) for h in houses)


def fish_step(pos: Position, fish: Fish):
    """The Step for a fish, named by its size and kind."""
    g = pos.geometry
    tech = REGISTRY[TECHNIQUE[(len(fish.base), fish.kind)]]
    d = fish.digit
    what = f"{tech.name} {d} in {house_list(g, fish.base)} ({house_list(g, fish.cover)})"
    if fish.fins:
        what += f", fin{'s' if len(fish.fins) > 1 else ''} {cell_list(g, fish.fins)}"
    return tech.step(
        pos, what, eliminations=[(c, d) for c in fish.eliminations],
        cells=sorted(fish.body + fish.fins), houses=list(fish.base) + list(fish.cover),
        candidates=[(c, d) for c in sorted(fish.body)], fins=[(c, d) for c in sorted(fish.fins)],
        base_sets=list(fish.base), cover_sets=list(fish.cover))


def fish_from_houses(pos: Position, digit: int, base, cover) -> Fish | None:
    """The fish with these base and cover houses (any kind of house), or None when the base
    houses share a candidate or nothing would be eliminated. Straight from the definition:
    slow, for checking and for rarer fish shapes."""
    g = pos.geometry
    b = 1 << (digit - 1)
    cands = pos.cands
    base_cells = [c for h in base for c in g.houses[h] if cands[c] & b]
    if len(set(base_cells)) != len(base_cells):
        return None
    covered = {c for h in cover for c in g.houses[h] if cands[c] & b}
    body = tuple(sorted(c for c in base_cells if c in covered))
    fins = tuple(sorted(c for c in base_cells if c not in covered))
    targets = covered.difference(base_cells)
    for f in fins:
        targets.intersection_update(g.peers[f])
    if not targets:
        return None
    thin = min(sum(1 for c in body if c in g.houses[h]) for h in base)
    return Fish(digit, tuple(sorted(base)), tuple(sorted(cover)), body, fins,
                tuple(sorted(targets)), sashimi=bool(fins) and thin <= 1)


# --- the fast search over rows and columns ---------------------------------------------------
#
# Orientation o = 0 takes rows as base lines and columns as cover lines, o = 1 the other way.
# For one digit, base_masks[i] is the mask of cross positions of base line i holding the
# candidate and cover_masks[j] the mask of base positions of cover line j.

@dataclass(frozen=True)
class _Bands:
    """The boxes of one orientation, grouped by the band of cross lines through them."""

    cross: tuple[int, ...]  # per cross band: the mask of its cross lines
    boxes: tuple[tuple[tuple[int, int], ...], ...]  # per cross band: (box, mask of its base lines)
    minis: tuple[int, ...]  # masks over a box's places, one per base line through it


@lru_cache(maxsize=None)
def _bands(g: Geometry) -> tuple[_Bands, _Bands]:
    """Orientation 0 (rows as base) and 1 (columns as base)."""
    n, br, bc = g.size, g.box_rows, g.box_cols
    row_bands = tuple(((1 << br) - 1) << (k * br) for k in range(n // br))
    col_bands = tuple(((1 << bc) - 1) << (k * bc) for k in range(n // bc))
    mini_rows = tuple(((1 << bc) - 1) << (i * bc) for i in range(br))
    mini_cols = tuple(sum(1 << (i * bc + j) for i in range(br)) for j in range(bc))
    # box of row band k and column band s: k * (n // bc) + s
    per_col_band = tuple(tuple((k * len(col_bands) + s, rows) for k, rows in enumerate(row_bands))
                         for s in range(len(col_bands)))
    per_row_band = tuple(tuple((k * len(col_bands) + s, cols) for s, cols in enumerate(col_bands))
                         for k in range(len(row_bands)))
    return _Bands(col_bands, per_col_band, mini_rows), _Bands(row_bands, per_row_band, mini_cols)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _line_sets(masks, lines: list[int], size: int, bound: int, within: int = 0,
               within_bound: int = 0) -> list[tuple[tuple[int, ...], int]]:
    """Every ``size`` lines (in ascending order) whose masks together have at most ``bound``
    bits (and at most ``within_bound`` of them in ``within``, if given), with that union."""
    out: list[tuple[tuple[int, ...], int]] = []
    count = len(lines)

    def extend(start: int, union: int, chosen: tuple[int, ...]) -> None:
        depth = len(chosen) + 1
        for k in range(start, count - size + depth):
            i = lines[k]
            u = union | masks[i]
            if u.bit_count() > bound or (within and (u & within).bit_count() > within_bound):
                continue
            if depth == size:
                out.append((chosen + (i,), u))
            else:
                extend(k + 1, u, chosen + (i,))

    extend(0, 0, ())
    return out


def _cell(n: int, o: int, line: int, cross: int) -> int:
    return line * n + cross if o == 0 else cross * n + line


def _houses(n: int, o: int, base, cover) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """House indices of base lines and cover lines of orientation ``o``."""
    return (tuple(i + o * n for i in base), tuple(j + (1 - o) * n for j in cover))


def _basic(n: int, o: int, digit: int, lines: list[int], base_masks, cover_masks,
           size: int) -> Iterator[Fish]:
    lines = [i for i in lines if base_masks[i].bit_count() <= size]
    for base, union in _line_sets(base_masks, lines, size, size):
        if union.bit_count() != size:
            continue  # fewer cover lines than base lines: the position is broken
        base_bits = sum(1 << i for i in base)
        cover = _bits(union)
        elims = [_cell(n, o, i, j) for j in cover for i in _bits(cover_masks[j] & ~base_bits)]
        if elims:
            body = [_cell(n, o, i, j) for j in cover for i in _bits(cover_masks[j] & base_bits)]
            bh, ch = _houses(n, o, base, cover)
            yield Fish(digit, bh, ch, tuple(sorted(body)), (), tuple(sorted(elims)))


def _finned(n: int, o: int, digit: int, lines: list[int], base_masks, cover_masks,
            bands: _Bands, box_masks, size: int) -> Iterator[Fish]:
    """Finned and sashimi fish of ``size`` base lines, one fin box at a time.

    With the fins in one box, every candidate of a base line outside the box's cross lines,
    and every candidate of a base line not through the box, lies in the cover: that "forced"
    part has at most ``size`` cross lines, and at most ``size - 1`` outside the box (one
    cover line must cross the box to hold a target), which bounds the search.
    """
    full = (1 << n) - 1
    for band, boxes in zip(bands.cross, bands.boxes):
        outside = full & ~band
        away = {i: base_masks[i] & outside for i in lines}
        lines_here = [i for i in lines if away[i].bit_count() < size]
        if len(lines_here) < size:
            continue
        for box, band_lines in boxes:
            m = box_masks[box]
            if sum(1 for mini in bands.minis if m & mini) < 2:
                continue  # a fin needs one base line through the box, a target another one
            if not any(band_lines >> i & 1 and base_masks[i] & band for i in lines_here):
                continue  # no base line could hold a fin
            forced_part = {i: away[i] if band_lines >> i & 1 else base_masks[i]
                           for i in lines_here}
            near = [i for i in lines_here if forced_part[i].bit_count() <= size]
            for base, forced in _line_sets(forced_part, near, size, size, outside, size - 1):
                yield from _finned_covers(n, o, digit, base, forced, band, band_lines,
                                          base_masks, cover_masks)


def _finned_covers(n: int, o: int, digit: int, base, forced: int, band: int, band_lines: int,
                   base_masks, cover_masks) -> Iterator[Fish]:
    """The fish on these base lines with fins in the box of ``band`` and ``band_lines``:
    the cover is the forced part plus a choice among the candidates left in the box."""
    size = len(base)
    free = 0  # fin candidates, unless some of them are taken into the cover
    for i in base:
        if band_lines >> i & 1:
            free |= base_masks[i] & band
    free &= ~forced
    need = size - forced.bit_count()
    if free.bit_count() <= need:
        return  # no fin
    target_lines = band_lines & ~sum(1 << i for i in base)
    hit = 0  # cross lines of the box with a candidate in it to eliminate
    for j in _bits(band):
        if cover_masks[j] & target_lines:
            hit |= 1 << j
    if not hit:
        return
    for extra in combinations(_bits(free), need):
        cover_bits = forced | sum(1 << j for j in extra)
        if not cover_bits & hit:
            continue
        thin = min((base_masks[i] & cover_bits).bit_count() for i in base)
        if thin == 0:
            continue  # a base line all fins: not a fish of this size
        fin_bits = free & ~cover_bits
        elims = [_cell(n, o, i, j) for j in _bits(cover_bits & hit)
                 for i in _bits(cover_masks[j] & target_lines)]
        cover = _bits(cover_bits)
        body = [_cell(n, o, i, j) for i in base for j in _bits(base_masks[i] & cover_bits)]
        fins = [_cell(n, o, i, j) for i in base for j in _bits(base_masks[i] & fin_bits)]
        bh, ch = _houses(n, o, base, cover)
        yield Fish(digit, bh, ch, tuple(sorted(body)), tuple(sorted(fins)),
                   tuple(sorted(elims)), sashimi=thin == 1)


def line_fish(pos: Position, size: int, kind: str) -> Iterator[Fish]:
    """Every row/column fish of ``size`` base lines and the given kind that eliminates."""
    if kind == "basic":
        yield from _search(pos, size, False)
        return
    sashimi = kind == "sashimi"
    yield from (f for f in _finned_all(pos, size) if f.sashimi == sashimi)


def _search(pos: Position, size: int, finned: bool) -> Iterator[Fish]:
    g = pos.geometry
    n = g.size
    bands = _bands(g)
    masks = digit_masks(pos)
    for digit in range(1, n + 1):
        for o, (base_masks, cover_masks) in enumerate(((masks.rows[digit], masks.cols[digit]),
                                                       (masks.cols[digit], masks.rows[digit]))):
            # a base line needs two candidates at least (one is a hidden single)
            lines = [i for i in range(n) if base_masks[i] & (base_masks[i] - 1)]
            if len(lines) < size:
                continue
            if finned:
                yield from _finned(n, o, digit, lines, base_masks, cover_masks,
                                   bands[o], masks.boxes[digit], size)
            else:
                yield from _basic(n, o, digit, lines, base_masks, cover_masks, size)


_last_finned: tuple[object, int, list[Fish]] | None = None


def _finned_all(pos: Position, size: int) -> list[Fish]:
    """Finned and sashimi fish come from one search: keep the last result for the other."""
    global _last_finned
    masks = digit_masks(pos)
    if _last_finned is not None and _last_finned[0] is masks and _last_finned[1] == size:
        return _last_finned[2]
    found = list(_search(pos, size, True))
    _last_finned = (masks, size, found)
    return found


def _register(size: int, kind: str) -> None:
    def find(pos: Position):
        for fish in line_fish(pos, size, kind):
            yield fish_step(pos, fish)

    finder(TECHNIQUE[(size, kind)])(find)


for _size in SIZES:
    for _kind in KINDS:
        _register(_size, _kind)
