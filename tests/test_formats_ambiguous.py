"""Line lengths that are both a puzzle's N*N and a sukaku's M*M*M (64, 729, 4096): the box or
the content decides, else the reader refuses and says how to choose."""

import pytest
from hypothesis import given, settings, strategies as st

from sudokit import Geometry, Grid, ParseError
from sudokit.model import formats
from sudokit.model.formats import dumps, parse

READINGS = [(64, 4, 8), (729, 9, 27), (4096, 16, 64)]  # length, sukaku side, puzzle side


@pytest.mark.parametrize("length, m, n", READINGS)
def test_a_line_of_blanks_is_refused_naming_both_readings(length, m, n):
    with pytest.raises(ParseError) as info:
        parse("." * length)
    message = str(info.value)
    assert f"{m}x{m} sukaku" in message and f"{n}x{n} puzzle" in message
    assert "--format sukaku" in message and "--format line" in message and "--box" in message
    assert info.value.line == 1
    with pytest.raises(ParseError):
        formats.parse_one("0" * length)


@pytest.mark.parametrize("length, m, n", READINGS)
def test_a_named_format_or_a_box_decides(length, m, n):
    text = "." * length
    (as_line,) = parse(text, "line")
    assert as_line.size == n and as_line.filled == 0 and as_line.candidates is None
    (as_sukaku,) = parse(text, "sukaku")
    assert as_sukaku.size == m and as_sukaku.candidates == [0] * (m * m)
    assert parse(text, box=Geometry.of(n).box_shape)[0].size == n
    assert parse(text, box=Geometry.of(m).box_shape)[0].size == m


def test_the_content_decides_when_only_one_reading_fits():
    # every digit a candidate of every cell: as a 27x27 puzzle, its givens would clash
    (grid,) = parse("123456789" * 81)
    assert grid.size == 9 and grid.candidates == [0b111111111] * 81
    # a letter is no 9x9 sukaku symbol
    (grid,) = parse("A" + "." * 728)
    assert grid.size == 27 and grid.values[0] == 10
    # a 5 is no 4x4 sukaku symbol; a 2 at the first candidate position of a cell is misplaced
    assert parse("." * 63 + "5")[0].size == 8
    assert parse("2" + "." * 63)[0].size == 8
    assert parse("1234" * 16)[0].candidates == [0b1111] * 16
    assert formats.detect("123456789" * 81) == "sukaku"
    assert formats.detect("A" + "." * 728) == "line"


def test_every_line_of_a_text_is_looked_at():
    # the first line alone is ambiguous, the second is a 27x27 puzzle
    (first, second) = parse("." * 729 + "\n" + "R" + "." * 728 + "\n")
    assert first.size == second.size == 27


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(1, 2**9 - 1).filter(lambda m: m & (m - 1)), min_size=81, max_size=81))
def test_sukakus_with_several_candidates_a_cell_read_as_sukakus(masks):
    grid = Grid(Geometry.of(9), [0] * 81, candidates=masks)
    (back,) = parse(dumps(grid, "sukaku"))
    assert back.size == 9 and back.candidates == masks


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_8x8_puzzles_with_a_digit_above_4_read_as_puzzles(data):
    geo = Geometry.of(8)
    values = data.draw(st.lists(st.integers(0, 8), min_size=64, max_size=64))
    values[data.draw(st.integers(0, 63))] = data.draw(st.integers(5, 8))
    grid = Grid(geo, values)
    if grid.clashes():
        return
    (back,) = parse(dumps(grid, "line"))
    assert back == grid


def test_a_drawn_grid_whose_border_line_has_an_ambiguous_length_is_read_as_drawn():
    """A pencil-mark grid's border line of 64 characters is no one-line 8x8 puzzle, even with
    --box 2x4 given (found by the round-trip property test)."""
    from sudokit.model.geometry import Geometry

    grid = Grid.empty(Geometry(2, 4))
    masks = [1] * 56 + [43, 91, 91, 115, 123, 127, 239, 243]
    text = formats.dumps_candidates(grid, masks, "pencilmark")
    assert len(text.splitlines()[0]) == 64
    (back,) = formats.parse(text, box="2x4")
    assert back.geometry == grid.geometry and back.candidates[-8:] == masks[-8:]
