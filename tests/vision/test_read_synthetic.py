"""Reading drawn grids of every size: upright, tilted in perspective, turned a little, a quarter
turn either way and upside down (the size found from the lines, the turn by the classifier)."""

from __future__ import annotations

import pytest
from conftest import FOUR, NINE, SIX, draw_grid, png_bytes, sixteen, tilt, turn, values_of

from sudokit.engines.vision import read_image

CASES = {
    4: (lambda: values_of(FOUR), (0, 90)),
    6: (lambda: values_of(SIX), (5, 180)),
    9: (lambda: values_of(NINE), (-8, -90)),
    16: (lambda: sixteen(), (0,)),
}


@pytest.mark.parametrize("size,degrees", [(s, d) for s, (_, ds) in CASES.items() for d in ds])
def test_reads_every_size_turned_and_tilted(size, degrees):
    values = CASES[size][0]()
    picture = tilt(turn(draw_grid(values), degrees))
    reading = read_image(picture, repair=False)
    assert reading.grid.size == size
    assert reading.grid.values == values
    assert reading.rotation == round(degrees / 90) * 90 % 360
    assert min(reading.confidence) > 0.5
    assert reading.straightened.shape[0] == reading.straightened.shape[1]


def test_bytes_path_and_array_give_the_same_reading(tmp_path):
    values = values_of(NINE)
    picture = draw_grid(values)
    path = tmp_path / "nine.png"
    path.write_bytes(png_bytes(picture))
    readings = [read_image(picture), read_image(png_bytes(picture)), read_image(path),
                read_image(str(path))]
    for r in readings:
        assert r.grid.values == values
        assert r.ok and r.status() == "unique" and not r.repaired and not r.doubtful
    # corners are in the picture's pixels: the drawn grid starts at 60, 60
    (x0, y0) = readings[0].corners[0]
    assert abs(x0 - 60) < 4 and abs(y0 - 60) < 4


def test_size_and_box_options():
    values = values_of(SIX)
    reading = read_image(draw_grid(values, box=(2, 3)), size=6, box="2x3")
    assert reading.grid.geometry.box_shape in ("2x3",) and reading.grid.values == values


def test_json_dict_names_cells():
    reading = read_image(draw_grid(values_of(NINE)))
    doc = reading.to_dict()
    assert doc["size"] == 9 and doc["puzzle"] == NINE and len(doc["confidence"]) == 81
    assert len(doc["corners"]) == 4 and doc["status"] == "unique" and doc["repaired"] == []
