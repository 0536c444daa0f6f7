"""Variant grids drawn as their rules read: jigsaw regions with thick borders where two regions
meet, windoku windows shaded, the diagonals of an X puzzle drawn (the SVG is read back)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from sudokit import Geometry, Grid

from sudokit.engines import render
from sudokit.engines.render.styles import SCREEN
from sudokit.model.rules.jigsaw import random_regions

NS = "{http://www.w3.org/2000/svg}"


def svg_of(geometry: Geometry) -> ET.Element:
    return ET.fromstring(render.svg(Grid.empty(geometry), size_px=450))


def lines(root: ET.Element):
    return list(root.iter(f"{NS}line"))


def test_jigsaw_borders_are_thick_exactly_where_two_regions_meet():
    regions = random_regions(9, 3, 3, random.Random(5))
    g = Geometry.of(9).with_variants(regions=regions)
    root = svg_of(g)
    thick = [ln for ln in lines(root) if ln.get("stroke") == SCREEN.thick]
    meets = sum(1 for c in range(81) for d in (c + 1, c + 9)
                if d < 81 and (d != c + 1 or c % 9 < 8) and g.box_of(c) != g.box_of(d))
    assert len(thick) == meets
    classic = [ln for ln in lines(svg_of(Geometry.of(9))) if ln.get("stroke") == SCREEN.thick]
    assert len(classic) == 4  # two long lines each way between the boxes


def test_windows_are_shaded_and_diagonals_drawn():
    root = svg_of(Geometry.of(9).with_variants("windoku,x"))
    shaded = [r for r in root.iter(f"{NS}rect") if r.get("fill") == SCREEN.window]
    assert len(shaded) == 4 * 9
    diagonals = [ln for ln in lines(root) if ln.get("stroke") == SCREEN.diagonal]
    assert len(diagonals) == 2
    (a, b) = diagonals
    assert float(a.get("x1")) < float(a.get("x2")) and float(a.get("y1")) < float(a.get("y2"))


@pytest.mark.parametrize("variant", ["anti-knight", "anti-king"])
def test_chess_variants_add_nothing_to_draw(variant):
    plain, other = svg_of(Geometry.of(9)), svg_of(Geometry.of(9).with_variants(variant))
    assert len(lines(plain)) == len(lines(other))
