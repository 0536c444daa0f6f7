"""The grid: values, givens, clash validation."""

import pytest
from hypothesis import given, strategies as st

from sudokit import Geometry, Grid, InvalidPuzzleError, SudokitError
from sudokit.model import formats

SVD = "000000000 640017000 000020361 506040000 000006420 000280009 000500740 405069200 800000000"


def test_parse_line_with_groups_and_comment():
    g = formats.parse_one(SVD + "  SvD 2016-03-19")
    assert g.geometry == Geometry.of(9)
    assert g.filled == 26
    assert g.comment == "SvD 2016-03-19"
    assert g[1, 0] == 6 and g[2, 8] == 1


def test_clash_is_named():
    g = formats.parse_one("5.5" + "." * 78)
    with pytest.raises(InvalidPuzzleError, match=r"r1c1 and r1c3 both hold 5 \(row 1\)"):
        g.validate()


def test_values_out_of_range_refused():
    with pytest.raises(SudokitError, match="r1c1 holds 10"):
        Grid(Geometry.of(9), [10] + [0] * 80)
    with pytest.raises(SudokitError, match="r2c3 holds -1"):  # the first such cell is named
        Grid(Geometry.of(9), [0] * 11 + [-1] + [10] + [0] * 68)


@given(st.sampled_from([(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)]), st.data())
def test_candidates_exclude_every_peer_value(shape, data):
    geo = Geometry(*shape)
    values = data.draw(st.lists(st.integers(0, geo.size), min_size=geo.ncells, max_size=geo.ncells))
    grid = Grid(geo, values)
    cell = data.draw(st.integers(0, geo.ncells - 1))
    cands = grid.candidates_of(cell)
    if values[cell]:
        assert cands == set()
    else:
        for p in geo.peers[cell]:
            assert values[p] not in cands
        assert cands | {values[p] for p in geo.peers[cell]} >= set(range(1, geo.size + 1))


def test_solved_grid_is_solved():
    sol = "312695874648317592957824361526943187189756423734281659291538746475169238863472915"
    assert formats.parse_one(sol).is_solved
    assert not formats.parse_one(sol[:-1] + ".").is_solved


def test_grouped_line_is_read_whole_or_refused_with_its_length():
    assert formats.parse_one(SVD.replace(" ", "   ") + " 11.9").comment == "11.9"
    boxes = " ".join(SVD.replace(" ", "")[i:i + 3] for i in range(0, 81, 3))
    assert formats.parse_one(boxes + " hard").to_line() == formats.parse_one(SVD).to_line()
    with pytest.raises(SudokitError, match="found 80 cells"):
        formats.parse_one(SVD[:-1])
    with pytest.raises(SudokitError, match="found 81 cells, a 6x6 grid"):
        formats.parse_one(SVD, box="2x3")


# --- candidates -------------------------------------------------------------------------------

def test_candidates_are_kept_by_copy_and_with_values_but_not_compared():
    geo = Geometry(2, 2)
    masks = [0b0011] * 16
    grid = Grid(geo, [0] * 16, candidates=masks)
    masks[0] = 0  # the grid holds its own list
    assert grid.candidates == [0b0011] * 16
    assert grid.copy().candidates == grid.candidates
    solved = grid.with_values([1, 2, 3, 4] * 4)
    assert solved.candidates == grid.candidates and solved.givens == grid.givens
    assert grid == Grid(geo, [0] * 16) and hash(grid) == hash(Grid(geo, [0] * 16))
    assert Grid(geo, [0] * 16).candidates is None


@pytest.mark.parametrize("masks, message", [
    ([0b1111] * 15, "15 candidate masks for a grid of 16 cells"),
    ([0b1111] * 15 + [0b10000], "mask 16 of r4c4 has bits outside the digits 1..4"),
    ([-1] + [0] * 15, "mask -1 of r1c1"),
    ([True] + [0] * 15, "candidates of r1c1 are bool"),
    (["12"] + [0] * 15, "candidates of r1c1 are str"),
    (7, "not int"),
])
def test_bad_candidates_are_refused(masks, message):
    with pytest.raises(SudokitError, match=message):
        Grid(Geometry(2, 2), [0] * 16, candidates=masks)


def test_candidates_of_honours_peers_and_the_cell_mask():
    geo = Geometry(2, 2)
    values = [1] + [0] * 15
    assert Grid(geo, values).candidates_of(1) == {2, 3, 4}
    masks = [0] + [0b0110] + [0b1111] * 14
    grid = Grid(geo, values, candidates=masks)
    assert grid.candidates_of(1) == {2, 3}
    assert grid.candidates_of(0) == set()  # a filled cell's mask is ignored


def test_to_line_writes_each_value_with_the_alphabet_and_blank():
    g = Grid(Geometry.of(4), [1, 0, 2, 0] + [0] * 8 + [0, 0, 0, 4])
    assert g.to_line() == "1.2." + "." * 8 + "...4"
    assert g.to_line("zero", blank="-") == "0-1-" + "-" * 8 + "---3"
    assert formats.parse_one(g.to_line()) == g


def test_to_line_of_an_empty_grid_needs_no_symbols():
    geometry = Geometry.of(64)  # more values than the default alphabet's symbols
    assert Grid(geometry, [0] * geometry.ncells).to_line() == "." * geometry.ncells
    with pytest.raises(SudokitError, match="too few"):
        Grid(geometry, [1] + [0] * (geometry.ncells - 1)).to_line()
