"""No text can crash or hang a reader: each either returns grids or raises a SudokitError."""

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from sudokit import Geometry, Grid, SudokitError
from sudokit import formats

FORMATS = sorted(formats.formats())
PUZZLE_CHARS = "0123456789.ABCGZaz|-+*=,:'_x \t\n\n\n#[]{}<>\"/=!\u00e9"

fuzz = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _check(text, fmt=None, box=None):
    try:
        grids = formats.parse(text, fmt, box=box)
    except SudokitError as e:
        assert str(e)  # every error has a message
        return
    assert grids and all(isinstance(g, Grid) for g in grids)


def _check_candidates(text):
    try:
        pairs = formats.parse_candidates(text)
    except SudokitError:
        return
    for grid, masks in pairs:
        assert masks is None or len(masks) == grid.geometry.ncells


@fuzz
@given(st.text(max_size=300), st.sampled_from([None, *FORMATS]))
def test_any_text(text, fmt):
    _check(text, fmt)


@fuzz
@given(st.text(PUZZLE_CHARS, max_size=400), st.sampled_from([None, *FORMATS]),
       st.sampled_from([None, "2x3", "3x3", (2, 2), "1x9", "bad"]))
def test_puzzle_like_text(text, fmt, box):
    _check(text, fmt, box)
    _check_candidates(text)


@st.composite
def mangled(draw):
    """A writer's output with a few random edits."""
    geo = Geometry(*draw(st.sampled_from([(2, 2), (2, 3), (3, 3), (3, 4)])))
    values = draw(st.lists(st.integers(0, geo.size), min_size=geo.ncells, max_size=geo.ncells))
    text = formats.dumps(Grid(geo, values), draw(st.sampled_from(FORMATS)))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["insert", "delete", "replace"]))
        ch = draw(st.sampled_from(PUZZLE_CHARS))
        if op == "insert":
            text = text[:i] + ch + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + 1:]
        else:
            text = text[:i] + ch + text[i + 1:]
    return text


@fuzz
@given(mangled(), st.sampled_from([None, *FORMATS]))
def test_mangled_writer_output(text, fmt):
    _check(text, fmt)
    _check_candidates(text)


@pytest.mark.parametrize("fmt", [None, *FORMATS])
def test_a_ten_megabyte_line_is_refused_quickly(fmt):
    for text in ("1" * 10 * 2**20, "1 " * 5 * 2**20):
        with pytest.raises(SudokitError):
            formats.parse(text, fmt)
