"""lz-string (base64 form), as f-puzzles and SudokuPad links carry puzzles: the bits follow the
published description, text of any characters comes back, and bad or hostile data is refused
without a crash and without unbounded memory."""

import time

import pytest
from hypothesis import given, settings, strategies as st

from sudokit.model.errors import ParseError
from sudokit.model.formats._lzstring import BASE64, compress_base64, decompress_base64


def _lsb_first(value: int, width: int) -> str:
    return "".join(str(value >> i & 1) for i in range(width))


def _as_base64(bits: str) -> str:
    bits += "0" * (-len(bits) % 6)
    chars = "".join(BASE64[int(bits[i:i + 6], 2)] for i in range(0, len(bits), 6))
    return chars + "=" * (-len(chars) % 4)


def test_one_character_is_coded_as_the_description_says():
    # a new 8-bit character: code 0 in 2 bits, then its 8 bits, least significant first;
    # the dictionary then needs 3 bits, and code 2 ends the stream
    bits = _lsb_first(0, 2) + _lsb_first(ord("a"), 8) + _lsb_first(2, 3)
    assert len(bits) < 18  # so the last character is padded with zero bits
    assert compress_base64("a") == _as_base64(bits + "0" * 6 * (len(bits) % 6 == 0))
    assert decompress_base64(_as_base64(bits)) == "a"


def test_a_repeated_phrase_is_coded_by_its_dictionary_number():
    # "aa": 'a' is new (code 0 + 8 bits, 2 bits wide), then 'a' again is code 3 (the first
    # dictionary entry) written 3 bits wide, then the end mark 2, 3 bits wide
    bits = _lsb_first(0, 2) + _lsb_first(ord("a"), 8) + _lsb_first(3, 3) + _lsb_first(2, 3)
    assert decompress_base64(_as_base64(bits)) == "aa"
    assert decompress_base64(compress_base64("aa")) == "aa"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_any_text_comes_back(text):
    data = compress_base64(text)
    assert set(data.rstrip("=")) <= set(BASE64) and len(data) % 4 == 0
    assert decompress_base64(data) == text


@settings(max_examples=50, deadline=None)
@given(st.text(alphabet='{}[]":,0123456789abcdefgRC', min_size=1, max_size=3000))
def test_puzzle_like_text_compresses(text):
    assert decompress_base64(compress_base64(text)) == text


@pytest.mark.parametrize("data, message", [
    ("N4Ig!glg", "character '!' at position 5 is not base64"),
    ("", "is empty"),
    ("N4", "ends before its end mark"),
    ("////////", "corrupt"),
])
def test_bad_data_is_refused_with_the_reason(data, message):
    with pytest.raises(ParseError, match=message):
        decompress_base64(data)


def test_a_cut_link_says_it_is_cut():
    data = compress_base64('{"size":9,"grid":[]}' * 5)
    with pytest.raises(ParseError, match="ends before its end mark"):
        decompress_base64(data[:len(data) // 2])


def _bomb(codes: int) -> str:
    """A stream whose every code names the entry being made (the 'phrase + its first
    character' case), so each output piece is one longer than the last: ``codes`` codes
    make about ``codes**2 / 2`` characters."""
    bits, width, enlarge_in, size = [_lsb_first(0, 2), _lsb_first(ord("a"), 8)], 3, 4, 4
    for _ in range(codes):
        bits.append(_lsb_first(size, width))
        size += 1
        enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in, width = 1 << width, width + 1
    bits.append(_lsb_first(2, width))
    return _as_base64("".join(bits))


def test_the_bomb_builder_makes_what_it_says():
    assert decompress_base64(_bomb(3)) == "a" + "aa" + "aaa" + "aaaa"


def test_a_decompression_bomb_stops_at_the_bound():
    data = _bomb(20_000)  # about 200 million characters from 40 kB
    assert len(data) < 50_000
    start = time.perf_counter()
    with pytest.raises(ParseError, match="decompresses to more than 8,000,000 characters"):
        decompress_base64(data)
    assert time.perf_counter() - start < 10
    with pytest.raises(ParseError, match="more than 100 characters"):
        decompress_base64(compress_base64("x" * 101), max_chars=100)
