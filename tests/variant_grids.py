"""Random variant grids for the format tests: any size with a box shape, a random box shape,
random variant names that fit it, random jigsaw regions, random cells (clashes allowed: the
formats carry what they are given)."""

from __future__ import annotations

import random

from hypothesis import assume, strategies as st

from sudokit import Geometry, Grid
from sudokit.model.rules.jigsaw import random_regions

SHAPES = {4: [(2, 2)], 6: [(2, 3), (3, 2)], 8: [(2, 4), (4, 2)], 9: [(3, 3)],
          12: [(3, 4), (4, 3), (2, 6)], 16: [(4, 4), (2, 8)], 25: [(5, 5)]}


@st.composite
def variant_grids(draw, sizes=(4, 6, 8, 9, 12, 16), variants=True, jigsaw=True,
                  every_given=True) -> Grid:
    n = draw(st.sampled_from(sizes))
    rows, cols = draw(st.sampled_from(SHAPES[n]))
    regions = None
    if jigsaw and draw(st.booleans()):
        rows, cols = SHAPES[n][0]  # jigsaw regions keep the default box shape
        regions = random_regions(n, rows, cols, random.Random(draw(st.integers(0, 2**32))))
        # regions that happen to be the boxes of some shape are that classic grid
        assume(all(sorted(map(sorted, _groups(regions))) != sorted(map(sorted, Geometry(r, c).boxes))
                   for r, c in SHAPES[n]))
    names = []
    if variants:
        options = ["x", "anti-knight", "anti-king"] + (["windoku"] if rows == cols else [])
        names = draw(st.lists(st.sampled_from(options), unique=True, max_size=3))
    g = Geometry.of(n, (rows, cols)).with_variants(names, regions)
    values = draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n))
    givens = [bool(v) for v in values] if every_given else \
        [bool(v) and draw(st.booleans()) for v in values]
    return Grid(g, values, givens)


def _groups(regions) -> list[list[int]]:
    out: dict[int, list[int]] = {}
    for cell, r in enumerate(regions):
        out.setdefault(r, []).append(cell)
    return list(out.values())
