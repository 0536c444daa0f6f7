"""The shape of a Sudoku grid: size, box shape, houses and peers.

A grid of side ``N = box_rows * box_cols`` has ``N*N`` cells, numbered row-major from 0.
Houses are a generic list of cell tuples (rows, then columns, then boxes, then the houses
the rules add), and peers are derived from them and the peers the rules add: the geometry reads
both from its :attr:`Geometry.rules` (:mod:`sudokit.model.rules`), so a new rule kind does not
change it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from sudokit.i18n import tr
from sudokit.model import rules as rule_kinds
from sudokit.model.errors import GeometryError, ParseError
from sudokit.model.numbers import read_number
from sudokit.model.rules.jigsaw import parse_regions, region_label
from sudokit.model.rules.killer import check_cages, parse_cages

MIN_SIZE = 4
MAX_SIZE = 64


def default_box(size: int) -> tuple[int, int]:
    """The usual box shape for side ``size``: as square as possible, wider than tall.

    6 -> 2x3, 8 -> 2x4, 9 -> 3x3, 10 -> 2x5, 12 -> 3x4, 15 -> 3x5, 16 -> 4x4, 20 -> 4x5.
    """
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise GeometryError(tr("size {size} is outside the supported range {low}..{high}",
                               size=size, low=MIN_SIZE, high=MAX_SIZE))
    rows = int(size**0.5)
    while rows > 1 and size % rows:
        rows -= 1
    if rows == 1:
        raise GeometryError(tr("size {size} has no box shape (it is prime); give --box RxC",
                               size=size))
    return rows, size // rows


def parse_box(text: str) -> tuple[int, int]:
    """Parse a box shape written ``RxC`` (box rows x box columns), e.g. ``2x3``."""
    parts = text.lower().replace("*", "x").split("x")
    if len(parts) != 2:
        raise GeometryError(tr("box shape {box} is not of the form RxC, e.g. 3x3 or 2x3",
                               box=repr(text)))
    return _box_numbers(parts[0], parts[1], text)


def read_box(box) -> tuple[int, int] | None:
    """A box argument as ``(rows, columns)``: None, ``"RxC"`` or a pair of whole numbers
    (ints or digit strings, as JSON may hold them)."""
    if box is None:
        return None
    if isinstance(box, str):
        return parse_box(box)
    try:
        rows, cols = box
    except (TypeError, ValueError):
        raise GeometryError(tr("box shape {box} is not of the form RxC, e.g. 3x3 or 2x3",
                               box=str(box)[:30])) from None
    return _box_numbers(rows, cols, box)


def _box_numbers(rows, cols, shown) -> tuple[int, int]:
    try:
        return (read_number(rows, "box rows", 1, MAX_SIZE),
                read_number(cols, "box columns", 1, MAX_SIZE))
    except ParseError as e:
        shown = repr(shown) if isinstance(shown, str) else str(shown)[:30]
        raise GeometryError(tr("box shape {box} is not of the form RxC, e.g. 3x3 or 2x3 "
                               "({reason})", box=shown, reason=e.reason)) from None


@dataclass(frozen=True)
class Geometry:
    """A grid of ``box_rows x box_cols`` boxes; side ``size = box_rows * box_cols``.

    A variant puzzle's geometry also carries the data of its rules (:attr:`rules`): the
    named ``variants`` (``x``, ``windoku``, ``anti-knight``, ``anti-king``), its jigsaw
    ``regions`` (a region index per cell), which take the place of the boxes, and its killer
    ``cages``.
    """

    box_rows: int
    box_cols: int
    size: int = field(init=False)
    variants: tuple[str, ...] = ()
    regions: tuple[int, ...] | None = None
    cages: tuple | None = None  # killer cages (sudokit.model.rules.killer.Cage), in order of first cell

    def __post_init__(self) -> None:
        if self.box_rows < 1 or self.box_cols < 1:
            raise GeometryError(tr("box shape {rows}x{cols} is not positive", rows=self.box_rows,
                                   cols=self.box_cols))
        size = self.box_rows * self.box_cols
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise GeometryError(tr(
                "box shape {rows}x{cols} gives size {size}, outside the supported range "
                "{low}..{high}", rows=self.box_rows, cols=self.box_cols, size=size, low=MIN_SIZE,
                high=MAX_SIZE))
        if self.box_rows == 1 or self.box_cols == 1:
            raise GeometryError(tr("box shape {rows}x{cols} is a line, not a box", rows=self.box_rows,
                                   cols=self.box_cols))
        object.__setattr__(self, "size", size)
        if self.variants:
            object.__setattr__(self, "variants", rule_kinds.parse_variants(self.variants))
        if self.regions is not None:  # numbered in order of first cell: one layout, one geometry
            order: dict[int, int] = {}
            object.__setattr__(self, "regions",
                               tuple(order.setdefault(r, len(order)) for r in self.regions))
        for rule in rule_kinds.rules_of(self.variants, self.regions, None):
            rule.check(self)
        if self.cages is not None:  # in order of first cell: one set of cages, one geometry
            object.__setattr__(self, "cages", check_cages(self.cages, size) or None)

    def with_variants(self, names=(), regions=None) -> Geometry:
        """This geometry with the variants (names or ``"x,anti-knight"``) and jigsaw regions
        (a region index per cell, or their text of N*N symbols) added."""
        if isinstance(regions, str):
            regions = parse_regions(regions, self.size)
        names = tuple(self.variants) + rule_kinds.parse_variants(names)
        regions = self.regions if regions is None else tuple(regions)
        if not names and regions is None and self.cages is None:
            return _cached(self.box_rows, self.box_cols)
        return Geometry(self.box_rows, self.box_cols, names, regions, self.cages)

    def with_cages(self, cages) -> Geometry:
        """This geometry with killer cages added (:class:`sudokit.model.rules.killer.Cage` items, or their
        text: ``SUM r1c1 r1c2 ...`` a line)."""
        if isinstance(cages, str):
            cages = parse_cages(cages, self.size)
        return Geometry(self.box_rows, self.box_cols, self.variants, self.regions,
                        tuple(cages) or None)

    @property
    def classic(self) -> Geometry:
        """The same size and box shape without variants."""
        return _cached(self.box_rows, self.box_cols)

    @property
    def is_classic(self) -> bool:
        return not self.variants and self.regions is None and self.cages is None

    @property
    def variant_name(self) -> str:
        """``classic``, ``x``, ``jigsaw + anti-knight``, ``killer``, ..."""
        return rule_kinds.describe(self.variants, self.regions is not None, self.cages is not None)

    @cached_property
    def rules(self) -> tuple[rule_kinds.Rule, ...]:
        """The rules beyond rows, columns and boxes (:mod:`sudokit.model.rules`): the jigsaw's
        regions, the named variants in order, the killer cages."""
        return rule_kinds.rules_of(self.variants, self.regions, self.cages)

    @staticmethod
    def of(size: int, box: tuple[int, int] | str | None = None) -> Geometry:
        """The geometry of side ``size`` with the given box shape (default: :func:`default_box`)."""
        if box is None:
            return _cached(*default_box(size))
        if isinstance(box, str):
            box = parse_box(box)
        rows, cols = box
        if rows * cols != size:
            raise GeometryError(tr("box shape {rows}x{cols} does not fit a grid of size {size} "
                                   "({rows}*{cols} != {size})", rows=rows, cols=cols, size=size))
        return _cached(rows, cols)

    @staticmethod
    def for_cells(ncells: int, box: tuple[int, int] | str | None = None) -> Geometry:
        """The geometry whose grid has ``ncells`` cells (a perfect square)."""
        size = int(round(ncells**0.5))
        if size * size != ncells:
            raise GeometryError(tr("{n} cells is not a square grid", n=ncells))
        return Geometry.of(size, box)

    # --- cells -----------------------------------------------------------------------------
    @property
    def ncells(self) -> int:
        return self.size * self.size

    @property
    def box_shape(self) -> str:
        return f"{self.box_rows}x{self.box_cols}"

    def cell(self, row: int, col: int) -> int:
        """Cell index of 0-based ``row``, ``col``."""
        return row * self.size + col

    def row_of(self, cell: int) -> int:
        return cell // self.size

    def col_of(self, cell: int) -> int:
        return cell % self.size

    def box_of(self, cell: int) -> int:
        """The box (the jigsaw region) of a cell."""
        if self.regions is not None:
            return self.regions[cell]
        r, c = divmod(cell, self.size)
        return (r // self.box_rows) * self.box_rows + c // self.box_cols

    def name(self, cell: int) -> str:
        """The ``r3c5`` name (1-based) of a cell."""
        r, c = divmod(cell, self.size)
        return f"r{r + 1}c{c + 1}"

    # --- houses ----------------------------------------------------------------------------
    @cached_property
    def rows(self) -> tuple[tuple[int, ...], ...]:
        n = self.size
        return tuple(tuple(r * n + c for c in range(n)) for r in range(n))

    @cached_property
    def cols(self) -> tuple[tuple[int, ...], ...]:
        n = self.size
        return tuple(tuple(r * n + c for r in range(n)) for c in range(n))

    @cached_property
    def boxes(self) -> tuple[tuple[int, ...], ...]:
        """The boxes, or the jigsaw regions in their place."""
        n, br, bc = self.size, self.box_rows, self.box_cols
        if self.regions is not None:
            return tuple(tuple(c for c, r in enumerate(self.regions) if r == k) for k in range(n))
        out = []
        for b in range(n):
            r0, c0 = (b // br) * br, (b % br) * bc
            out.append(tuple((r0 + i) * n + c0 + j for i in range(br) for j in range(bc)))
        return tuple(out)

    @cached_property
    def extra_houses(self) -> tuple[tuple[tuple[int, ...], str], ...]:
        """The houses the rules add (diagonals, windows), each with its name."""
        return tuple(house for rule in self.rules for house in rule.houses(self))

    @cached_property
    def houses(self) -> tuple[tuple[int, ...], ...]:
        """All houses: rows ``0..N-1``, columns ``N..2N-1``, boxes (regions) ``2N..3N-1``, then
        the variant's houses."""
        return self.rows + self.cols + self.boxes + tuple(cells for cells, _ in self.extra_houses)

    def house_name(self, house: int) -> str:
        """``row 3``, ``column 5``, ``box 7``, ``region C``, ``diagonal 1``, ``window 2``."""
        kind, i = divmod(house, self.size)
        if kind >= 3:
            return self.extra_houses[house - 3 * self.size][1]
        if kind == 2 and self.regions is not None:
            return f"region {region_label(i)}"
        return f"{('row', 'column', 'box')[kind]} {i + 1}"

    @cached_property
    def segments(self) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
        """``(house a, house b, cells)`` of every two houses sharing two cells or more: each box
        (region) with each row and column through it, then each variant house with every other
        house it crosses. Where a digit's places in one of them all lie in the shared cells,
        the other loses it (locked candidates)."""
        n = self.size
        out = []
        for b, box in enumerate(self.boxes):
            lines: dict[int, list[int]] = {}
            for c in box:
                lines.setdefault(self.row_of(c), []).append(c)
                lines.setdefault(n + self.col_of(c), []).append(c)
            out.extend((2 * n + b, line, tuple(cells))
                       for line, cells in sorted(lines.items()) if len(cells) > 1)
        houses = self.houses
        for x in range(3 * n, len(houses)):
            xs = set(houses[x])
            for h in range(len(houses)):
                if h == x or 3 * n <= h < x:
                    continue  # each pair of variant houses once
                shared = tuple(c for c in houses[h] if c in xs)
                if len(shared) > 1:
                    out.append((x, h, shared))
        return tuple(out)

    @cached_property
    def extra_peers(self) -> tuple[tuple[int, ...], ...] | None:
        """For each cell, the peers the rules add without a house (a chess move away with
        anti-knight and anti-king, the rest of its killer cage); None when there are none."""
        added = [p for rule in self.rules if (p := rule.peers(self)) is not None]
        if not added:
            return None
        if len(added) == 1:
            return tuple(tuple(sorted(p)) for p in added[0])
        return tuple(tuple(sorted(set().union(*cells))) for cells in zip(*added))

    @cached_property
    def cage_of(self) -> tuple | None:
        """For each cell, its killer cage (None for a cell in no cage); None without cages."""
        if not self.cages:
            return None
        out: list = [None] * self.ncells
        for cage in self.cages:
            for c in cage.cells:
                out[c] = cage
        return tuple(out)

    @cached_property
    def houses_of(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the indices of the houses that contain it."""
        out: list[list[int]] = [[] for _ in range(self.ncells)]
        for h, cells in enumerate(self.houses):
            for c in cells:
                out[c].append(h)
        return tuple(tuple(x) for x in out)

    @cached_property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the other cells that share a house with it (sorted)."""
        out = []
        for cell in range(self.ncells):
            ps: set[int] = set()
            for h in self.houses_of[cell]:
                ps.update(self.houses[h])
            if self.extra_peers is not None:
                ps.update(self.extra_peers[cell])
            ps.discard(cell)
            out.append(tuple(sorted(ps)))
        return tuple(out)


#: Tables worked out per geometry (peer masks, bands, propagation tables ...) are kept for at
#: most this many geometries: a server sees a new one with every jigsaw.
CACHED_GEOMETRIES = 64


@lru_cache(maxsize=CACHED_GEOMETRIES)
def _cached(box_rows: int, box_cols: int) -> Geometry:
    return Geometry(box_rows, box_cols)


STANDARD = Geometry.of(9)
