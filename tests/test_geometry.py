"""The geometry model: every size and box shape, houses and peers."""

import pytest
from hypothesis import given, strategies as st

from sudokit import Geometry, GeometryError
from sudokit.model.geometry import default_box, parse_box

SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (2, 5), (3, 4), (4, 3), (4, 4), (3, 5),
          (4, 5), (5, 5), (5, 6), (6, 6)]
shapes = st.sampled_from(SHAPES)


@pytest.mark.parametrize("size, box", [(4, (2, 2)), (6, (2, 3)), (8, (2, 4)), (9, (3, 3)), (10, (2, 5)),
                                       (12, (3, 4)), (15, (3, 5)), (16, (4, 4)), (20, (4, 5)),
                                       (25, (5, 5)), (36, (6, 6))])
def test_default_box_shapes(size, box):
    assert default_box(size) == box
    assert Geometry.of(size).box_shape == f"{box[0]}x{box[1]}"


@pytest.mark.parametrize("size", [7, 11, 13, 3, 0, 100])
def test_sizes_without_boxes_are_refused(size):
    with pytest.raises(GeometryError):
        Geometry.of(size)


def test_box_must_fit_size():
    with pytest.raises(GeometryError, match="does not fit"):
        Geometry.of(9, (2, 3))
    with pytest.raises(GeometryError, match="RxC"):
        parse_box("three")
    assert Geometry.of(6, "3x2").box_rows == 3


@given(shapes)
def test_every_house_has_each_cell_once_and_n_cells(shape):
    g = Geometry(*shape)
    assert len(g.houses) == 3 * g.size
    for house in g.houses:
        assert len(house) == g.size == len(set(house))
    for kind in (g.rows, g.cols, g.boxes):
        assert sorted(c for h in kind for c in h) == list(range(g.ncells))


@given(shapes, st.data())
def test_peers_are_symmetric_and_counted(shape, data):
    g = Geometry(*shape)
    cell = data.draw(st.integers(0, g.ncells - 1))
    n, br, bc = g.size, g.box_rows, g.box_cols
    # row + column + rest of the box outside the cell's row and column
    assert len(g.peers[cell]) == 2 * (n - 1) + (br - 1) * (bc - 1)
    for p in g.peers[cell]:
        assert cell in g.peers[p]
        assert g.row_of(p) == g.row_of(cell) or g.col_of(p) == g.col_of(cell) or g.box_of(p) == g.box_of(cell)


@given(shapes, st.data())
def test_box_of_agrees_with_box_houses(shape, data):
    g = Geometry(*shape)
    cell = data.draw(st.integers(0, g.ncells - 1))
    assert cell in g.boxes[g.box_of(cell)]
    assert g.houses_of[cell] == (g.row_of(cell), g.size + g.col_of(cell), 2 * g.size + g.box_of(cell))


def test_names_are_one_based():
    g = Geometry.of(9)
    assert g.name(0) == "r1c1" and g.name(80) == "r9c9" and g.name(g.cell(2, 4)) == "r3c5"
    assert g.house_name(0) == "row 1" and g.house_name(9 + 4) == "column 5" and g.house_name(26) == "box 9"


@pytest.mark.parametrize("text", ["\u00b2x3", "2x\u00b3", "\u0662x3", "\uff12x3", "2x", "x3", "-2x3",
                                  "2x3x1", "99999999999999999999999x3"])
def test_box_shapes_need_ascii_digits(text):
    with pytest.raises(GeometryError, match="not of the form RxC"):
        parse_box(text)


@pytest.mark.parametrize("text, shape", [("2x3", (2, 3)), (" 3 X 3 ", (3, 3)), ("4*4", (4, 4))])
def test_box_shapes_read(text, shape):
    assert parse_box(text) == shape
