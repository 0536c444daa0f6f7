"""Every format writes what it reads, for sizes 4..25 and rectangular boxes, and is detected."""

import re

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from sudokit import Geometry, Grid
from sudokit.model import formats
from sudokit.model.errors import ParseError
from sudokit.model.formats import dumps, dumps_candidates, parse, sdk
from sudokit.model.formats._common import candidate_masks

SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (2, 5), (3, 4), (4, 3), (4, 4), (3, 5),
          (4, 5), (5, 5)]
ALL_FORMATS = sorted(formats.formats())
#: Formats whose text shows the box shape; the others need it given when it is not the default.
SHOWS_BOX = {"grid", "classic", "ss", "pencilmark", "json", "opensudoku", "fpuzzles", "sudokupad",
             "jigsaw"}
#: Formats that keep a one-line comment.
KEEPS_COMMENT = set(ALL_FORMATS) - {"line", "jigsaw"}


def writable(fmt, grid) -> bool:
    """True if the format writes a grid of this size (f-puzzles draws up to 16x16)."""
    return grid.size <= getattr(formats.get_format(fmt), "WRITES_UP_TO", 64)

examples = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: Small grids only: cheap enough for more examples.
many = settings(examples, max_examples=100)
#: Characters ``str.isdigit`` takes for digits that are no ASCII 0-9 (superscripts, Arabic-Indic,
#: Devanagari, fullwidth, mathematical, circled): a comment may hold them, a cell never.
UNICODE_DIGITS = "\u00b2\u00b3\u00b9\u0660\u0663\u06f1\u0967\uff10\uff11\uff19\U0001d7cf\u2460"


@st.composite
def grids(draw, shapes=SHAPES, comment=False):
    geo = Geometry(*draw(st.sampled_from(shapes)))
    values = draw(st.lists(st.integers(0, geo.size), min_size=geo.ncells, max_size=geo.ncells))
    text = ""
    if comment:
        text = draw(st.text("abcdefghijklmnopqrstuvwxyz ABC:-0123456789" + UNICODE_DIGITS,
                            min_size=1, max_size=30))
        text = " ".join(text.split())
    return Grid(geo, values, comment=text)


def _read_back(text, fmt, grid):
    box = None if fmt in SHOWS_BOX else grid.geometry.box_shape
    (back,) = parse(text, fmt, box=box)
    return back


@pytest.mark.parametrize("fmt", ALL_FORMATS)
@examples
@given(grid=grids())
def test_round_trip_keeps_values_and_box(fmt, grid):
    assume(writable(fmt, grid))
    back = _read_back(dumps(grid, fmt), fmt, grid)
    assert back.values == grid.values
    assert back.geometry == grid.geometry


@pytest.mark.parametrize("fmt", sorted(KEEPS_COMMENT))
@many
@given(grid=grids(shapes=[(2, 2), (2, 3), (3, 3)], comment=True))
def test_round_trip_keeps_the_comment(fmt, grid):
    back = _read_back(dumps(grid, fmt), fmt, grid)
    assert back.values == grid.values
    assert back.comment == grid.comment


@pytest.mark.parametrize("fmt", sorted(set(ALL_FORMATS) - SHOWS_BOX))
@examples
@given(grid=grids(shapes=[(3, 2), (4, 2), (5, 3)]))
def test_formats_without_box_read_the_default_box(fmt, grid):
    (back,) = parse(dumps(grid, fmt), fmt)
    assert back.values == grid.values
    assert back.geometry == Geometry.of(grid.size)


@pytest.mark.parametrize("fmt", ALL_FORMATS)
@examples
@given(grid=grids())
def test_detection_names_the_writer(fmt, grid):
    if fmt == "pencilmark":
        # a pencil-mark grid without an empty cell is an ordinary grid
        assume(not grid.is_complete)
    assume(writable(fmt, grid))
    text = dumps(grid, fmt)
    try:
        assert formats.detect(text) == fmt
    except ParseError as e:
        # a line as long as a sukaku's that fits both readings: the user must choose
        assert fmt == "line" and "choose one with --format sukaku" in str(e)
    (back,) = parse(text, box=None if fmt in SHOWS_BOX else grid.geometry.box_shape)
    assert back.values == grid.values


@pytest.mark.parametrize("fmt", ALL_FORMATS)
@examples
@given(first=grids(shapes=[(2, 3), (3, 3)]), second=grids(shapes=[(2, 3), (3, 3)]))
def test_several_puzzles_in_one_text(fmt, first, second):
    assume(first.size == second.size)
    if fmt == "json":
        text = "[" + dumps(first, fmt) + "," + dumps(second, fmt) + "]"
    elif fmt == "opensudoku":
        games = [dumps(g, fmt).splitlines()[2] for g in (first, second)]
        text = "<opensudoku>\n" + "\n".join(games) + "\n</opensudoku>"
    else:
        text = dumps(first, fmt) + "\n\n" + dumps(second, fmt) + "\n"
    box = None if fmt in SHOWS_BOX else first.geometry.box_shape
    assert [g.values for g in parse(text, fmt, box=box)] == [first.values, second.values]


@pytest.mark.parametrize("alphabet", ["default", "lower", "zero"])
@pytest.mark.parametrize("fmt", ["line", "grid", "classic", "ss", "sdk", "sukaku", "pencilmark",
                                 "opensudoku", "json"])
@examples
@given(grid=grids(shapes=[(2, 2), (3, 3), (3, 4), (4, 4)]))
def test_round_trip_with_other_alphabets(alphabet, fmt, grid):
    text = dumps(grid, fmt, alphabet=alphabet)
    box = None if fmt in SHOWS_BOX else grid.geometry.box_shape
    (back,) = parse(text, fmt, box=box, alphabet=alphabet)
    assert back.values == grid.values


@st.composite
def grids_with_masks(draw, shapes=SHAPES, every_cell=False):
    grid = draw(grids(shapes=shapes))
    full = (1 << grid.size) - 1
    low = 1 if every_cell else 0
    masks = draw(st.lists(st.integers(low, full), min_size=grid.geometry.ncells,
                          max_size=grid.geometry.ncells))
    return grid, masks


@pytest.mark.parametrize("fmt", ["sukaku", "pencilmark", "json"])
@examples
@given(pair=grids_with_masks())
def test_candidates_round_trip(fmt, pair):
    grid, masks = pair
    text = dumps(Grid(grid.geometry, grid.values, comment=grid.comment, candidates=masks), fmt)
    (back,) = parse(text, fmt, box=grid.geometry.box_shape)
    # a filled cell reads as its single digit; an empty cell keeps its mask
    want = [1 << (v - 1) if v else m for v, m in zip(grid.values, masks)]
    assert back.candidates == want
    if fmt != "json":
        # and the grid holds exactly the cells with one candidate
        assert back.values == [m.bit_length() if m and m & (m - 1) == 0 else 0 for m in want]
    else:
        assert back.values == grid.values


@pytest.mark.parametrize("fmt", ["sukaku", "pencilmark"])
@examples
@given(pair=grids_with_masks(every_cell=True))
def test_candidate_texts_are_detected(fmt, pair):
    grid, masks = pair
    # a pencil-mark grid needs a cell of several candidates to differ from a plain grid
    assume(fmt == "sukaku" or any(bin(m).count("1") >= 3 and not v
                                  for v, m in zip(grid.values, masks)))
    text = dumps_candidates(grid, masks, fmt)
    assert formats.detect(text) == fmt
    (back,) = parse(text, box=grid.geometry.box_shape)
    assert back.candidates == candidate_masks(grid, masks)


def test_plain_formats_have_no_candidates():
    (grid,) = parse("1.3." * 4)
    assert grid.candidates is None and grid.values[:4] == [1, 0, 3, 0]


def test_sdk_metadata_round_trip():
    grid = parse("." * 80 + "5")[0]
    meta = {"author": "A. Person", "description": "A test", "date": "2016-03-19"}
    text = sdk.write(grid, metadata=meta)
    assert text.splitlines()[:3] == ["#AA. Person", "#DA test", "#B2016-03-19"]
    ((back, back_meta),) = sdk.read_with_metadata(text)
    assert back == grid and back_meta == meta and back.comment == "A test"


def test_sizes_beyond_the_alphabet_use_numbers():
    geo = Geometry(8, 8)
    grid = Grid(geo, [(i * 7) % 65 for i in range(geo.ncells)])
    for fmt in ("grid", "json", "comma"):
        (back,) = parse(dumps(grid, fmt), fmt)
        assert back.values == grid.values and back.geometry == geo
    assert "[[" in dumps(grid, "json")


@pytest.mark.parametrize("fmt", ALL_FORMATS)
@many
@given(grid=grids(shapes=[(2, 2), (2, 3), (3, 2), (3, 3)]), digit=st.sampled_from(UNICODE_DIGITS),
       data=st.data())
def test_a_unicode_digit_in_a_cell_is_refused(fmt, grid, digit, data):
    """Replacing one cell's symbol by a character ``str.isdigit`` accepts (``²``, ``٣``, ``１``)
    makes the text unreadable: never read as some digit, never a crash."""
    assume(any(grid.values))
    text = dumps(grid, fmt)
    # the cells are the last part of every format's text but json's and opensudoku's, whose
    # cells are in the "puzzle" field and the data attribute
    cells = {"json": r'"puzzle": "([^"]*)"', "opensudoku": r'data="([^"]*)"'}.get(fmt)
    start, end = re.search(cells, text).span(1) if cells else (0, len(text))
    spots = [i for i in range(start, end) if text[i] in "123456789"]
    assume(spots)
    i = data.draw(st.sampled_from(spots))
    box = None if fmt in SHOWS_BOX else grid.geometry.box_shape
    with pytest.raises(ParseError):
        parse(text[:i] + digit + text[i + 1:], fmt, box=box)
