"""One reader for every whole number in a text or JSON field."""

import pytest
from hypothesis import given, strategies as st

from sudokit.model.errors import ParseError
from sudokit.model.numbers import read_count, read_number


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


@given(st.integers(0, 10**30))
def test_a_count_reads_with_or_without_group_separators(n):
    for text in (str(n), f"{n:_}", f"{n:,}", f" {n:,} "):
        assert read_count(text, "--limit") == n


@given(st.integers(1, 999), st.integers(0, 30))
def test_a_count_reads_as_a_number_times_a_power_of_ten(digits, power):
    n = digits * 10**power
    assert read_count(f"{digits}e{power}", "--limit") == n
    assert read_count(f"{digits}E{power}", "--limit") == n
    if digits == 1:
        assert read_count(f"10^{power}", "--limit") == read_count(f"10**{power}", "--limit") == n
    mantissa = f"{digits / 10:g}"  # 2.5e1 for 25
    if "." in mantissa and power < 30:
        assert read_count(f"{mantissa}e{power + 1}", "--limit") == n


@pytest.mark.parametrize("text", ["1.5", "1.5e0", "1e-3", "2^6", "1e99", "e5", "1e", "", "١e3"])
def test_what_is_no_count_is_refused_by_name(text):
    with pytest.raises(ParseError, match="--limit"):
        read_count(text, "--limit")
