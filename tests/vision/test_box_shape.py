"""The box shape of a 6x6 grid (2x3 or 3x2) found from its thick lines when --box is not
given, on drawn grids upright and turned a quarter (which swaps what the picture shows)."""

from __future__ import annotations

import pytest
from conftest import SIX, draw_grid, tilt, turn, values_of

from sudokit.engines.vision import read_image
from sudokit.engines.vision.cells import box_shapes


def transposed(values, n):
    return [values[c * n + r] for r in range(n) for c in range(n)]


# SIX is a 6x6 puzzle with 2x3 boxes; its transpose fits 3x2 boxes
SHAPES = {(2, 3): values_of(SIX), (3, 2): transposed(values_of(SIX), 6)}


@pytest.mark.parametrize("box", [(2, 3), (3, 2)])
@pytest.mark.parametrize("degrees", [0, 90])
def test_six_by_six_box_shape_from_the_thick_lines(box, degrees):
    values = SHAPES[box]
    picture = tilt(turn(draw_grid(values, box=box), degrees))
    reading = read_image(picture, repair=False)
    assert reading.grid.values == values
    assert reading.grid.geometry.box_shape == f"{box[0]}x{box[1]}"
    assert not reading.grid.clashes()  # the givens fit the boxes found


def test_box_given_wins_over_the_lines():
    values = SHAPES[(2, 3)]
    reading = read_image(draw_grid(values, box=(2, 3)), box="3x2", repair=False)
    assert reading.grid.geometry.box_shape == "3x2"


def test_box_shapes():
    assert box_shapes(6) == [(2, 3), (3, 2)]
    assert box_shapes(9) == [(3, 3)]
    assert box_shapes(4) == [(2, 2)]
