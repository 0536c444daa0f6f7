"""What the readers of variant solvers' formats (f-puzzles, SudokuPad) share: the reading result
with the killer cages kept apart, the geometry of regions given per cell, and the variants that
diagonals and extra regions stand for."""

from __future__ import annotations

from dataclasses import dataclass

from sudokit.model.errors import GeometryError, ParseError
from sudokit.model.geometry import Geometry, default_box
from sudokit.model.grid import Grid
from sudokit.i18n import tr
from sudokit.model.rules.killer import Cage as KillerCage
from sudokit.model.rules.windoku import Windows

#: What the readers know, for the errors that refuse the rest.
KNOWN = "diagonals (x), anti-knight, anti-king, jigsaw regions and windoku windows"


@dataclass(frozen=True)
class Cage:
    """A killer cage: its cells (indices, row-major) and its sum (None when not written)."""

    cells: tuple[int, ...]
    total: int | None


@dataclass(frozen=True)
class Imported:
    """A puzzle read from a variant solver's format, with its killer cages apart;
    :meth:`checked` gives the grid with the cages in its geometry."""

    grid: Grid
    cages: tuple[Cage, ...] = ()

    def checked(self, what: str) -> Grid:
        """The grid with its killer cages (each must have a sum; errors name the cage)."""
        if not self.cages:
            return self.grid
        n = self.grid.size
        unsummed = next((c for c in self.cages if c.total is None), None)
        if unsummed is not None:
            cells = ", ".join(tr("r{row}c{col}", row=c // n + 1, col=c % n + 1)
                              for c in unsummed.cells)
            raise ParseError(tr("{what} has a cage without a sum ({cells}); sudokit reads killer "
                                "cages with sums only", what=what, cells=cells))
        try:
            geometry = self.grid.geometry.with_cages(
                [KillerCage(c.total, tuple(sorted(c.cells))) for c in self.cages])
        except GeometryError as e:
            raise GeometryError(f"{what}: {e}") from None
        return self.grid.with_geometry(geometry)


def box_shapes(n: int) -> list[tuple[int, int]]:
    """Every box shape of side ``n``, the default first."""
    shapes = [default_box(n)]
    return shapes + [(r, n // r) for r in range(2, n // 2 + 1)
                     if n % r == 0 and (r, n // r) != shapes[0]]


def region_geometry(n: int, labels: list, variants: tuple[str, ...] = ()) -> Geometry:
    """The geometry of a grid of side ``n`` whose cells carry region ``labels``: the box shape
    whose boxes they are (so a classic grid stays classic), else jigsaw regions."""
    shapes = box_shapes(n)
    for rows, cols in shapes:
        box_of = [(c // n) // rows * rows + (c % n) // cols for c in range(n * n)]
        if _same_partition(labels, box_of):
            return Geometry.of(n, (rows, cols)).with_variants(variants)
    index: dict = {}
    regions = [index.setdefault(x, len(index)) for x in labels]
    return Geometry.of(n, shapes[0]).with_variants(variants, regions)


def _same_partition(a: list, b: list) -> bool:
    pairs = set(zip(a, b))
    return len(pairs) == len(set(a)) == len(set(b))


def windows(g: Geometry) -> set[frozenset[int]]:
    """The windoku windows of ``g``'s box shape (none for boxes that are not square)."""
    try:
        return {frozenset(cells) for cells, _ in Windows().houses(g)}
    except GeometryError:
        return set()


def extra_region_variants(g: Geometry, regions: list[frozenset[int]], what: str) -> tuple[str, ...]:
    """``("windoku",)`` when the extra ``regions`` are the windoku windows, ``()`` for none;
    any other extra regions are refused."""
    if not regions:
        return ()
    if len(regions) == len(set(regions)) and set(regions) == windows(g):
        return ("windoku",)
    raise ParseError(tr("{what} other than the windoku windows are not supported (sudokit "
                        "knows {known})", what=what, known=KNOWN))


def diagonal_variants(down: bool, up: bool, names: tuple[str, str]) -> tuple[str, ...]:
    """``("x",)`` for both diagonals (``down``: top left to bottom right), ``()`` for none; one
    alone is refused, naming it by ``names``."""
    if down and up:
        return ("x",)
    if down or up:
        raise ParseError(tr("{name} alone is not supported: sudokit's x variant has both "
                            "diagonals", name=names[0] if down else names[1]))
    return ()
