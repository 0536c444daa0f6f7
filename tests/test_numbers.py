"""One reader for every whole number in a text or JSON field."""

import pytest
from hypothesis import given, strategies as st

from sudokit.errors import ParseError
from sudokit.numbers import read_number


@given(st.integers(0, 10**18 - 1))
def test_ascii_digits_read_as_their_number(n):
    assert read_number(str(n), "x") == n
    assert read_number(f"  {n}\t", "x") == n


@given(st.characters(categories=["Nd", "No", "Nl"]).filter(lambda c: c not in "0123456789"))
def test_other_unicode_digits_are_refused_by_name(ch):
    with pytest.raises(ParseError) as info:
        read_number("1" + ch, "the answer")
    assert info.value.char == ch and "the answer" in str(info.value)


@pytest.mark.parametrize("value, message", [
    ("", "is empty"), ("-3", "'-'"), ("1e3", "'e'"), ("9" * 19, "19 digits"),
    (True, "not True"), (2.0, "not 2.0"), (None, "NoneType"), ([1], "list"),
])
def test_what_is_not_a_whole_number(value, message):
    with pytest.raises(ParseError, match="field") as info:
        read_number(value, "field")
    assert message in str(info.value)


def test_bounds_are_inclusive_and_named():
    assert read_number("4", "f", 4, 9) == read_number(4, "f", 4, 9) == 4
    with pytest.raises(ParseError, match="f is 10, outside 4..9"):
        read_number("10", "f", 4, 9)
    with pytest.raises(ParseError, match="at least 1"):
        read_number(0, "f", low=1)
