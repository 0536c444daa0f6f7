"""A puzzle under the rules a request adds to it: the variant names, jigsaw regions and killer
cages given beside the puzzle (the command line's --variant/--regions/--cages, the API's
fields), the same way for every adapter."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sudokit.i18n import tr
from sudokit.model.errors import GeometryError
from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.model.rules import wants_jigsaw, wants_killer
from sudokit.model.rules.jigsaw import read_regions
from sudokit.model.rules.killer import read_cages


@dataclass(frozen=True)
class AddedRules:
    """Rules given beside a puzzle: variant names (``"x,anti-knight"`` or a list), jigsaw
    regions (N*N symbols, or N*N region numbers as JSON has them) and killer cages (text, one
    cage a line, or the JSON list)."""

    variants: str | Sequence[str] | None = None
    regions: str | Sequence | None = None
    cages: str | Sequence | None = None

    @property
    def empty(self) -> bool:
        return not self.variants and self.regions is None and self.cages is None

    def geometry(self, geometry: Geometry) -> Geometry:
        """``geometry`` with these rules added. ``jigsaw`` with no regions to place, or
        ``killer`` with no cages, is refused."""
        if self.empty:
            return geometry
        if wants_jigsaw(self.variants) and self.regions is None and geometry.regions is None:
            raise GeometryError(tr("jigsaw needs its regions: give regions, N*N symbols row by "
                                   "row (equal symbols form a region)"))
        if wants_killer(self.variants) and self.cages is None and geometry.cages is None:
            raise GeometryError(tr('killer needs its cages: give cages, [[sum, ["r1c1", ...]], '
                                   '...] or text lines SUM r1c1 r1c2 ...'))
        if self.variants or self.regions is not None:
            geometry = geometry.with_variants(self.variants or (),
                                              read_regions(self.regions, geometry.size))
        if self.cages is not None:
            geometry = geometry.with_cages(self.cages if isinstance(self.cages, str)
                                           else read_cages(self.cages, geometry.size))
        return geometry

    def apply(self, grids: list[Grid]) -> list[Grid]:
        """The grids under these rules (none: as they are)."""
        if self.empty:
            return grids
        geometries: dict[Geometry, Geometry] = {}
        out = []
        for grid in grids:
            g = grid.geometry
            if g not in geometries:
                geometries[g] = self.geometry(g)
            out.append(grid.with_geometry(geometries[g]))
        return out
