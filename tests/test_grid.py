"""The grid: values, givens, clash validation."""

import pytest
from hypothesis import given, strategies as st

from sudokit import Geometry, Grid, InvalidPuzzleError, SudokitError

SVD = "000000000 640017000 000020361 506040000 000006420 000280009 000500740 405069200 800000000"


def test_parse_line_with_groups_and_comment():
    g = Grid.parse(SVD + "  SvD 2016-03-19")
    assert g.geometry == Geometry.of(9)
    assert g.filled == 26
    assert g.comment == "SvD 2016-03-19"
    assert g[1, 0] == 6 and g[2, 8] == 1


def test_clash_is_named():
    g = Grid.parse("5.5" + "." * 78)
    with pytest.raises(InvalidPuzzleError, match=r"r1c1 and r1c3 both hold 5 \(row 1\)"):
        g.validate()


def test_values_out_of_range_refused():
    with pytest.raises(SudokitError, match="r1c1 holds 10"):
        Grid(Geometry.of(9), [10] + [0] * 80)


@given(st.sampled_from([(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)]), st.data())
def test_candidates_exclude_every_peer_value(shape, data):
    geo = Geometry(*shape)
    values = data.draw(st.lists(st.integers(0, geo.size), min_size=geo.ncells, max_size=geo.ncells))
    grid = Grid(geo, values)
    cell = data.draw(st.integers(0, geo.ncells - 1))
    cands = grid.candidates(cell)
    if values[cell]:
        assert cands == set()
    else:
        for p in geo.peers[cell]:
            assert values[p] not in cands
        assert cands | {values[p] for p in geo.peers[cell]} >= set(range(1, geo.size + 1))


def test_solved_grid_is_solved():
    sol = "312695874648317592957824361526943187189756423734281659291538746475169238863472915"
    assert Grid.parse(sol).is_solved
    assert not Grid.parse(sol[:-1] + ".").is_solved


def test_grouped_line_is_read_whole_or_refused_with_its_length():
    assert Grid.parse(SVD.replace(" ", "   ") + " 11.9").comment == "11.9"
    boxes = " ".join(SVD.replace(" ", "")[i:i + 3] for i in range(0, 81, 3))
    assert Grid.parse(boxes + " hard").to_line() == Grid.parse(SVD).to_line()
    with pytest.raises(SudokitError, match="found 80 cells"):
        Grid.parse(SVD[:-1])
    with pytest.raises(SudokitError, match="found 81 cells, a 6x6 grid"):
        Grid.parse(SVD, box="2x3")
