"""Fish: a digit's candidates in n base houses all lie in n cover houses, so the cover houses
lose the digit everywhere outside the base houses ("n-wings" in Lösningsmetoder för sudoku).

* Basic fish (x-wing, swordfish, jellyfish for n = 2, 3, 4): rows as base and columns as
  cover, or the other way round.
* Finned fish: some base candidates ("fins") lie outside the cover, all in one box. Either a
  fin is true or the fish is, so only cover cells that see every fin lose the digit.
* Sashimi fish: a finned fish that without its fins would be degenerate (a base line left
  with a single candidate).
* Franken fish: boxes may join the base sets and the cover sets, the base taken from rows and
  boxes and the cover from columns and boxes (or the transpose). Finned franken fish may have
  fins anywhere; the eliminations see every fin.
* Finned mutant fish: any mix of rows, columns and boxes on either side.

The line search works on bitmasks: for one digit, each base line is the mask of cross positions
(columns of a row, rows of a column) holding the candidate, and combinations of base lines are
extended only while the union of their masks can still be covered. :class:`Fish` and
:func:`fish_from_houses` describe a fish over any houses (base/cover sets as house indices);
:func:`house_fish` finds the fish of every shape (see the section on franken and mutant fish).
"""

from __future__ import annotations

from sudokit.i18n import msg, msgn
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product

from sudokit.engines import limits
from sudokit.model.geometry import CACHED_GEOMETRIES, Geometry
from sudokit.engines.logic.context import context_of
from sudokit.engines.logic.links import digit_cell_masks, house_masks, peer_masks, seen_by_all
from sudokit.model.position import Position
from sudokit.engines.logic.step import and_list, cell_list
from sudokit.engines.logic.techniques.masks import digit_masks
from sudokit.engines.logic.techniques.registry import REGISTRY, finder
from sudokit.engines.logic.techniques.templates import untemplated

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


def house_list(g: Geometry, houses):
    """``rows 1, 4, 8``; houses of several kinds by kind: ``rows 1, 4 and box 5``."""
    groups = []
    for kind in range(3):
        numbers = [g.house_name(h).split()[1] for h in sorted(houses) if h // g.size == kind]
        k, text = len(numbers), ", ".join(numbers)
        if not numbers:
            continue
        if kind == 0:
            groups.append(msgn("row {numbers}", "rows {numbers}", k, numbers=text))
        elif kind == 1:
            groups.append(msgn("column {numbers}", "columns {numbers}", k, numbers=text))
        elif g.regions is not None:
            groups.append(msgn("region {numbers}", "regions {numbers}", k, numbers=text))
        else:
            groups.append(msgn("box {numbers}", "boxes {numbers}", k, numbers=text))
    return and_list(groups)


def fish_step(pos: Position, fish: Fish, technique: str | None = None):
    """The Step for a fish, named by its size and kind (or by the technique id given)."""
    g = pos.geometry
    tech = REGISTRY[technique or TECHNIQUE[(len(fish.base), fish.kind)]]
    d = fish.digit
    what = msg("{name} {digit} in {base} ({cover})", name=tech.title, digit=d,
               base=house_list(g, fish.base), cover=house_list(g, fish.cover))
    if fish.fins:
        what = msgn("{fish}, fin {cells}", "{fish}, fins {cells}", len(fish.fins), fish=what,
                    cells=cell_list(g, fish.fins))
    return tech.step(
        pos, what, eliminations=[(c, d) for c in fish.eliminations],
        cells=sorted(fish.body + fish.fins), houses=list(fish.base) + list(fish.cover),
        candidates=[(c, d) for c in sorted(fish.body)], fins=[(c, d) for c in sorted(fish.fins)],
        base_sets=list(fish.base), cover_sets=list(fish.cover))


def fish_from_houses(pos: Position, digit: int, base, cover) -> Fish | None:
    """The fish with these base and cover houses (any kind of house), or None when nothing
    would be eliminated. Straight from HoDoKu's definition: a base candidate outside the cover,
    or in two base sets (an endo fin), is a fin; the cover candidates outside the base, and the
    base candidates in two cover sets that are no fin, go when they see every fin. Slow, for
    checking and for rarer fish shapes."""
    g = pos.geometry
    b = 1 << (digit - 1)
    cands = pos.cands
    in_base: dict[int, int] = {}
    for h in base:
        for c in g.houses[h]:
            if cands[c] & b:
                in_base[c] = in_base.get(c, 0) + 1
    in_cover: dict[int, int] = {}
    for h in cover:
        for c in g.houses[h]:
            if cands[c] & b:
                in_cover[c] = in_cover.get(c, 0) + 1
    fins = tuple(sorted(c for c, k in in_base.items() if k > 1 or c not in in_cover))
    body = tuple(sorted(c for c in in_base if c not in fins))
    targets = {c for c, k in in_cover.items() if c not in in_base or (k > 1 and c not in fins)}
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


@lru_cache(maxsize=CACHED_GEOMETRIES)
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
        # a base line may be all fins (HoDoKu's sashimi): the fins must then hold one
        thin = min((base_masks[i] & cover_bits).bit_count() for i in base)
        fin_bits = free & ~cover_bits
        elims = [_cell(n, o, i, j) for j in _bits(cover_bits & hit)
                 for i in _bits(cover_masks[j] & target_lines)]
        cover = _bits(cover_bits)
        body = [_cell(n, o, i, j) for i in base for j in _bits(base_masks[i] & cover_bits)]
        fins = [_cell(n, o, i, j) for i in base for j in _bits(base_masks[i] & fin_bits)]
        bh, ch = _houses(n, o, base, cover)
        yield Fish(digit, bh, ch, tuple(sorted(body)), tuple(sorted(fins)),
                   tuple(sorted(elims)), sashimi=thin <= 1)


#: Most cross lines holding fins in the search of :func:`_finned_any`.
MAX_FIN_LINES = 2


def _finned_any(g: Geometry, o: int, digit: int, lines: list[int], base_masks, cover_masks,
                size: int) -> Iterator[Fish]:
    """Finned and sashimi fish where the boxes are jigsaw regions (no bands to group fins by):
    every choice of cover lines among the cross lines of the base, fins in at most
    :data:`MAX_FIN_LINES` other cross lines; targets are the cover candidates outside the base
    that see every fin."""
    n = g.size
    for base, union in _line_sets(base_masks, lines, size, size + MAX_FIN_LINES):
        base_bits = sum(1 << i for i in base)
        for cover in combinations(_bits(union), size):
            cover_bits = sum(1 << j for j in cover)
            fin_bits = union & ~cover_bits
            if not fin_bits:
                continue  # a basic fish
            thin = min((base_masks[i] & cover_bits).bit_count() for i in base)
            fins = [_cell(n, o, i, j) for i in base for j in _bits(base_masks[i] & fin_bits)]
            seen = seen_by_all(g, fins)
            elims = [e for j in cover for i in _bits(cover_masks[j] & ~base_bits)
                     if seen >> (e := _cell(n, o, i, j)) & 1]
            if elims:
                body = [_cell(n, o, i, j) for i in base for j in _bits(base_masks[i] & cover_bits)]
                bh, ch = _houses(n, o, base, cover)
                yield Fish(digit, bh, ch, tuple(sorted(body)), tuple(sorted(fins)),
                           tuple(sorted(elims)), sashimi=thin <= 1)


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
    free = untemplated(pos)
    for digit in range(1, n + 1):
        if free[digit] == 0:
            continue  # every candidate is in some template: no fish eliminates any
        limits.check()
        for o, (base_masks, cover_masks) in enumerate(((masks.rows[digit], masks.cols[digit]),
                                                       (masks.cols[digit], masks.rows[digit]))):
            # a base line needs two candidates at least (one is a hidden single)
            lines = [i for i in range(n) if base_masks[i] & (base_masks[i] - 1)]
            if len(lines) < size:
                continue
            if finned and g.regions is not None:
                yield from _finned_any(g, o, digit, lines, base_masks, cover_masks, size)
            elif finned:
                yield from _finned(n, o, digit, lines, base_masks, cover_masks,
                                   bands[o], masks.boxes[digit], size)
            else:
                yield from _basic(n, o, digit, lines, base_masks, cover_masks, size)


def _finned_all(pos: Position, size: int) -> list[Fish]:
    """Finned and sashimi fish come from one search: the solve's context keeps the result for
    the other."""
    context = context_of(pos)
    key = (digit_masks(pos), size)
    found = context.recall("finned-fish", key)
    if found is None:
        found = context.keep("finned-fish", key, list(_search(pos, size, True)))
    return found


def _register(size: int, kind: str) -> None:
    def find(pos: Position):
        for fish in line_fish(pos, size, kind):
            yield fish_step(pos, fish)

    finder(TECHNIQUE[(size, kind)])(find)


for _size in SIZES:
    for _kind in KINDS:
        _register(_size, _kind)

#: Basic fish of more than four lines: on 9x9 each is the complement of a smaller fish (or of a
#: hidden subset), but from 12x12 up they are patterns of their own, up to half the lines.
BIG_SIZES = {5: "squirmbag", 6: "whale", 7: "leviathan"}
TECHNIQUE.update({(n, "basic"): name for n, name in BIG_SIZES.items()})


def _register_big(size: int) -> None:
    def find(pos: Position):
        if 2 * size <= pos.geometry.size:
            for fish in line_fish(pos, size, "basic"):
                yield fish_step(pos, fish)

    finder(TECHNIQUE[(size, "basic")])(find)


for _size in BIG_SIZES:
    _register_big(_size)


# --- franken and mutant fish: any houses as base and cover sets ------------------------------
#
# HoDoKu's definitions: base sets may overlap, a candidate in two base sets being an "endo
# fin" (a fin like the others); a base candidate in two cover sets is eliminated too
# ("cannibalism") when it sees every fin, since true it would fill two cover sets at once.
#
# All shapes come from one search per digit and size over every house. The search is driven
# by the cells a fish can eliminate: a fish eliminates a cell e outside its base exactly when,
# with e true, its base sets cannot all be filled, that is when the base candidates that do not
# see e lie in the cover sets other than one through e: at most n - 1 houses; it eliminates a
# base candidate e when those lie in the cover sets other than the two through e: at most
# n - 2. A base candidate can only be covered by its other two houses; base candidates whose
# pairs of houses are disjoint (a "matching") need one cover each, so a target e outside the
# base must see all but n - 1 of them, and it sees at most three (one per house of e). The
# search adds base sets in turn, keeps a greedy matching and, as bitmasks, the cells that see
# one, two and three matched candidates: the targets still possible. Cover sets are only
# enumerated, target by target, for complete base sets with targets left. Results are cached
# per digit by the mask of its cells, so along a solve path only the digits that changed are
# searched again. A digit whose every candidate lies in some template (a placement of all its
# N copies, see templates.untemplated) is not searched at all: a fish's eliminations are
# single-digit logic, so no template uses them. Along a solve path that is nearly every digit.

#: Most fins (outside the cover) and endo fins (in two base sets) of a franken or mutant fish:
#: HoDoKu's settings for listing every step.
MAX_FINS = 5
MAX_ENDO_FINS = 2
#: Work (base sets tried plus targets checked) per digit and size before the search stops with
#: what it found so far. 9x9 jellyfish searches stay below it; 16x16 and 25x25 grids with many
#: candidates reach it. The full search (listing every instance) gets :data:`FULL_WORK_LIMIT`,
#: fish of five base sets or more, searched only when asked for, :data:`BIG_WORK_LIMIT`.
WORK_LIMIT = 10_000
FULL_WORK_LIMIT = 40_000
BIG_WORK_LIMIT = 400_000
#: Work between two checks of the budget (:func:`sudokit.engines.limits.check`) in that search.
CHECK_EVERY = 128
#: Targets are re-checked one by one (a matching without their peers) once this few are left.
REFINE_BELOW = 4

FAMILIES = ("franken", "finned-franken", "mutant", "finned-mutant")
ALL_SIZES = {**SIZES, **BIG_SIZES}
HOUSE_TECHNIQUES = tuple(f"{kind}-{name}" for name in SIZES.values() for kind in FAMILIES)
#: Franken and mutant fish of five to seven base sets: costly, only searched when asked for
#: (their entries of :data:`sudokit.engines.difficulty.TECHNIQUES` say ``on_request``).
BIG_HOUSE_TECHNIQUES = tuple(f"{kind}-{name}" for name in BIG_SIZES.values()
                             for kind in FAMILIES)


def fish_shape(g: Geometry, base, cover) -> str:
    """``basic`` (rows against columns), ``franken`` (rows and boxes against columns and
    boxes, or the transpose) or ``mutant`` (anything else)."""
    n = g.size
    bk = {h // n for h in base}
    ck = {h // n for h in cover}
    if bk | ck == {0, 1} and not bk & ck:
        return "basic"
    if (bk <= {0, 2} and ck <= {1, 2}) or (bk <= {1, 2} and ck <= {0, 2}):
        return "franken"
    return "mutant"


def _technique_of(g: Geometry, base, cover, fins: int, thin: int) -> str | None:
    """The technique id a fish is reported under (None: a basic fish of no technique here)."""
    shape = fish_shape(g, base, cover)
    size = len(base)
    if shape == "basic":
        return TECHNIQUE.get((size, "basic" if not fins else "sashimi" if thin <= 1 else "finned"))
    return f"{'finned-' if fins else ''}{shape}-{ALL_SIZES[size]}"


@lru_cache(maxsize=CACHED_GEOMETRIES)
def _cell_houses(g: Geometry) -> tuple[tuple[int, int, int], ...]:
    n = g.size
    return tuple((g.row_of(c), n + g.col_of(c), 2 * n + g.box_of(c)) for c in range(g.ncells))


class _OverBudget(Exception):
    pass


@lru_cache(maxsize=4096)
def _house_fish(g: Geometry, size: int, cells: int, full: bool = True,
                limit: int = WORK_LIMIT) -> tuple[tuple, ...]:
    """Every fish of ``size`` base sets on the digit whose candidates are ``cells``, as (base,
    cover, fins mask, eliminations mask, technique id, plain); base and cover are sorted house
    indices; ``plain``: no endo fin, nothing cannibal, and each cover set holds a base
    candidate of its own. Without ``full`` (a solver's next step: the cheaper search) base
    sets never overlap and fish eliminating only base candidates are not searched.

    A fish here: base houses with two candidates or more, sharing at most
    :data:`MAX_ENDO_FINS` candidates (endo fins); cover houses each holding a base candidate;
    at most :data:`MAX_FINS` fins outside the cover (a base house may be all fins). It removes the cover candidates outside the base and the base
    candidates in two cover sets that see every fin (endo fins included). Cover sets are those
    a target needs plus, when fewer than the base sets, houses through fins; one fish per base
    and cover."""
    # rows, columns and boxes (regions): a variant's houses would give a cell a fourth house
    hm, peers, ch = house_masks(g)[:3 * g.size], peer_masks(g), _cell_houses(g)
    hc = [m & cells for m in hm]
    bases = sorted((h for h, m in enumerate(hc) if m & (m - 1)),
                   key=lambda h: (hc[h].bit_count(), h))
    nb = len(bases)
    if nb < size:
        return ()
    # per base set, its candidates as (the pair of other houses that could cover it, its bit)
    pairs_of = [tuple((sum(1 << o for o in ch[x] if o != h), 1 << x) for x in _bits(hc[h]))
                for h in bases]

    # per base set, the later ones it may go with: sharing at most MAX_ENDO_FINS candidates
    # with it (none without ``full``)
    shared = MAX_ENDO_FINS if full else 0
    later = []
    for i, h in enumerate(bases):
        ok = 0
        for j in range(i + 1, nb):
            if (hc[h] & hc[bases[j]]).bit_count() <= shared:
                ok |= 1 << j
        later.append(ok)

    chosen: list[int] = []
    found: dict[tuple, tuple] = {}
    work = 0
    most = size - 1

    def matching(flat: tuple, seen: int) -> list[int] | None:
        """A greedy matching of the base candidates in ``flat`` outside ``seen`` (their pairs
        of houses), or None once it outgrows n - 1 (no n - 1 covers hold them)."""
        used, out = 0, []
        for pair, cb in flat:
            if not (cb & seen or pair & used):
                if len(out) == most:
                    return None
                used |= pair
                out.append(pair)
        return out

    def extend(depth: int, cand: int, flat: tuple, base_cells: int, endo: int, allowed: int,
               used: int, count: int, s1: int, s2: int, s3: int) -> None:
        """Add base sets; the greedy matching (``used`` houses, ``count`` candidates and the
        cells seeing 1, 2, 3 of them) grows with them, and the targets ``allowed`` shrink. A
        candidate that becomes an endo fin stays in the matching: targets see it, so the
        bound holds."""
        nonlocal work
        last = depth + 1 == size
        while cand:
            work += 1
            if work > limit:
                raise _OverBudget
            if not work % CHECK_EVERY:
                limits.check()  # a 36x36 digit can take a second to reach WORK_LIMIT
            low = cand & -cand
            i = low.bit_length() - 1
            cand ^= low
            hi = hc[bases[i]]
            b2 = base_cells | hi
            targets = allowed & ~hi
            overlap = base_cells & hi
            e2 = endo
            if overlap:
                e2 = endo | overlap
                if e2.bit_count() > MAX_ENDO_FINS:
                    continue
                for x in _bits(overlap):
                    targets &= peers[x]
                if not targets:
                    continue
            u, m, a1, a2, a3 = used, count, s1, s2, s3
            for pair, cb in pairs_of[i]:
                if not (pair & u or cb & overlap):
                    u |= pair
                    m += 1
                    p = peers[cb.bit_length() - 1]
                    a3 |= a2 & p
                    a2 |= a1 & p
                    a1 |= p
            over = m - most  # matched candidates a target must see
            if over > 3:
                continue
            if over > 0:
                targets &= (a1, a2, a3)[over - 1]
                if not targets:
                    continue
            f2 = flat + pairs_of[i]
            chosen.append(i)
            if last:
                # a second greedy matching, the other way round, bounds the targets again
                u, m, a1, a2, a3 = 0, -most, 0, 0, 0
                for pair, cb in reversed(f2):
                    if not (pair & u or cb & e2):
                        u |= pair
                        m += 1
                        p = peers[cb.bit_length() - 1]
                        a3 |= a2 & p
                        a2 |= a1 & p
                        a1 |= p
                if m <= 3:
                    if m > 0:
                        targets &= (a1, a2, a3)[m - 1]
                    if targets:
                        complete(f2, b2, e2, targets)
            else:
                if targets.bit_count() < REFINE_BELOW:
                    work += targets.bit_count()
                    for e in _bits(targets):
                        if matching(f2, peers[e]) is None:
                            targets ^= 1 << e
                if targets:
                    extend(depth + 1, cand & later[i], f2, b2, e2, targets, u, m, a1, a2, a3)
            chosen.pop()

    def complete(flat: tuple, base_cells: int, endo: int, targets: int) -> None:
        """Cover sets for a complete base, target by target."""
        nonlocal work
        base = tuple(sorted(bases[i] for i in chosen))
        base_bits = sum(1 << h for h in base)
        work += targets.bit_count()
        for e in _bits(targets):
            seen = peers[e]
            pairs = matching(flat, seen)
            if pairs is None:
                continue
            outside = base_cells & ~seen
            if len(pairs) == most:  # one house of each matched pair, nothing else
                for pick in product(*(_bits(p) for p in pairs)):
                    cm = 0
                    for h in pick:
                        cm |= hc[h]
                    if not outside & ~cm:
                        finish(base, base_cells, base_bits, endo, e, pick, cm)
            else:
                cover_rest(base, base_cells, base_bits, endo, e, outside, (), 0, base_bits)

    def cover_rest(base, base_cells, base_bits, endo, e, outside, covers, cm, banned) -> None:
        """Every way to cover ``outside`` with at most n - 1 houses (each cover set found
        once: a house passed over is banned below)."""
        left = outside & ~cm
        if not left:
            finish(base, base_cells, base_bits, endo, e, covers, cm)
            return
        if len(covers) == most:
            return
        x = (left & -left).bit_length() - 1
        a, b = (o for o in ch[x] if not base_bits >> o & 1)
        if not banned >> a & 1:
            cover_rest(base, base_cells, base_bits, endo, e, outside, covers + (a,),
                       cm | hc[a], banned | 1 << a)
        if not banned >> b & 1:
            cover_rest(base, base_cells, base_bits, endo, e, outside, covers + (b,),
                       cm | hc[b], banned | 1 << a | 1 << b)

    def finish(base, base_cells, base_bits, endo, e, covers, cm) -> None:
        """Add a cover set through ``e`` (and, if the cover is short, houses holding
        would-be fins) and record the fish."""
        for c1 in ch[e]:
            if c1 in covers or not hc[c1] & base_cells:
                continue
            pad(base, base_cells, base_bits, endo, covers + (c1,), cm | hc[c1])

    def pad(base, base_cells, base_bits, endo, covers, cm) -> None:
        short = size - len(covers)
        if not short:
            record(base, base_cells, endo, covers, cm)
            return
        loose = base_cells & ~cm
        pads = sorted({o for x in _bits(loose) for o in ch[x]
                       if not base_bits >> o & 1 and o not in covers})
        for extra in combinations(pads, short):
            cm2 = cm
            for h in extra:
                cm2 |= hc[h]
            record(base, base_cells, endo, covers + extra, cm2)

    def record(base, base_cells: int, endo: int, covers: tuple[int, ...], cm: int) -> None:
        cover = tuple(sorted(covers))
        if (base, cover) in found:
            return
        once = twice = 0  # base candidates in one cover set or more, in two or more
        for h in cover:
            mine = hc[h] & base_cells
            if not mine:
                return  # each cover set holds a base candidate
            twice |= once & mine
            once |= mine
        exo = base_cells & ~cm
        if exo.bit_count() > MAX_FINS:
            return
        fins = exo | endo
        body = base_cells & cm & ~endo
        thin = min((hc[h] & body).bit_count() for h in base)  # 0: a base set all fins
        outer = cm & ~base_cells
        cannibal = twice & ~fins
        for f in _bits(fins):
            outer &= peers[f]
            cannibal &= peers[f]
        if not outer | cannibal:
            return
        plain = not endo and not cannibal and bool(outer) and \
            all(hc[h] & base_cells & ~twice for h in cover)
        found[(base, cover)] = (base, cover, fins, outer | cannibal,
                                _technique_of(g, base, cover, fins, thin), plain)

    def cannibals() -> None:
        """Fish eliminating a base candidate e (in two cover sets): with e true, the other
        base sets' candidates not seeing e lie in n - 2 cover sets, so those base sets make a
        fish of n - 1 base sets eliminating e (for n = 2: a base set e sees whole). Its cover
        sets but those through e, a house through e as one more base set and e's other two
        houses as cover sets, padded with houses through fins, make the fish."""
        if size == 2:
            smaller = {((h,), (), e) for h in bases for e in _bits(cells & ~hc[h])
                       if not hc[h] & ~peers[e]}
        else:
            smaller = set()
            for base, cover, _, elims, _, _ in _house_fish(g, size - 1, cells, True, limit):
                base_cells = 0
                for h in base:
                    base_cells |= hc[h]
                for e in _bits(elims & ~base_cells):
                    smaller.add((base, tuple(h for h in cover if not hc[h] >> e & 1), e))
        for base, rest, e in sorted(smaller):
            for b in ch[e]:
                if b in base or b in rest:
                    continue
                two = tuple(h for h in ch[e] if h != b)
                if any(h in base or h in rest for h in two) or len(rest) > size - 2:
                    continue
                full = tuple(sorted(base + (b,)))
                base_cells = endo = 0
                for h in full:
                    endo |= base_cells & hc[h]
                    base_cells |= hc[h]
                if endo.bit_count() > MAX_ENDO_FINS:
                    continue
                cm = 0
                for h in rest + two:
                    cm |= hc[h]
                pad(full, base_cells, sum(1 << h for h in full), endo, rest + two, cm)

    try:
        extend(0, (1 << nb) - 1, (), 0, 0, cells, 0, 0, 0, 0, 0)
        if full:
            cannibals()
    except _OverBudget:
        pass
    return tuple(found.values())


def _house_search(g: Geometry, size: int, cells: int, full: bool) -> tuple[tuple, ...]:
    """:func:`_house_fish` as the solver needs it: the ``full`` search when every instance is
    listed (:attr:`SolveContext.listing`), the cheaper one for a next step."""
    if size not in SIZES:
        return _house_fish(g, size, cells, full, BIG_WORK_LIMIT)
    return _house_fish(g, size, cells, full, FULL_WORK_LIMIT if full else WORK_LIMIT)


@lru_cache(maxsize=4096)
def _reported(g: Geometry, size: int, cells: int, full: bool) -> dict[str, tuple[tuple, ...]]:
    """The franken and mutant fish of :func:`_house_search` (not the basic ones) by technique:
    the plain fish first, in the order found (the solver's pick), then those with endo fins or
    cannibalism."""
    out: dict[str, list[tuple]] = {}
    for f in sorted(_house_search(g, size, cells, full), key=lambda f: not f[5]):
        if f[4] and f[4] not in _LINE_IDS:
            out.setdefault(f[4], []).append(f)
    return {t: tuple(fs) for t, fs in out.items()}


_LINE_IDS = frozenset(TECHNIQUE.values())


def _digit_cells(pos: Position) -> list[int]:
    """Per digit, the mask of the cells holding it as a candidate (kept in the solve's
    context)."""
    context = context_of(pos)
    key = (pos.geometry, tuple(pos.cands))
    out = context.recall("fish-digit-cells", key)
    if out is None:
        out = context.keep("fish-digit-cells", key, digit_cell_masks(pos))
    return out


def _as_fish(g: Geometry, digit: int, cells: int, found: tuple) -> Fish:
    base, cover, fins, elims = found[:4]
    hm = house_masks(g)
    base_cells = cover_cells = 0
    for h in base:
        base_cells |= hm[h] & cells
    for h in cover:
        cover_cells |= hm[h] & cells
    return Fish(digit, base, cover, tuple(_bits(base_cells & cover_cells & ~fins)),
                tuple(_bits(fins)), tuple(_bits(elims)))


def house_fish(pos: Position, size: int,
               reported: bool = False) -> Iterator[tuple[str | None, Fish]]:
    """(technique id, fish) for every fish of ``size`` base sets of any shape in ``pos`` (see
    :func:`_house_fish`); with ``reported``, only the franken and mutant fish, in the order
    their finders report them. The id is None for a basic fish of no technique here."""
    g = pos.geometry
    free = untemplated(pos)
    full = context_of(pos).listing
    for digit, cells in enumerate(_digit_cells(pos)):
        if digit and cells and free[digit] != 0:
            limits.check()
            if reported:
                found = [f for fs in _reported(g, size, cells, full).values()
                         for f in fs]
            else:
                found = _house_search(g, size, cells, full)
            for f in found:
                yield f[4], _as_fish(g, digit, cells, f)


def _register_house(size: int, technique: str) -> None:
    def find(pos: Position):
        g = pos.geometry
        free = untemplated(pos)
        full = context_of(pos).listing
        for digit, cells in enumerate(_digit_cells(pos)):
            if digit and cells and free[digit] != 0:
                limits.check()
                for f in _reported(g, size, cells, full).get(technique, ()):
                    yield fish_step(pos, _as_fish(g, digit, cells, f), technique)

    finder(technique)(find)


for _size, _name in ALL_SIZES.items():
    for _family in FAMILIES:
        _register_house(_size, f"{_family}-{_name}")
