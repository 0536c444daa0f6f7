"""Bad input gets one clear error naming what is wrong and where (line, column, character)."""

import pytest

from sudokit import GeometryError, ParseError, SudokitError
from sudokit.model import formats
from sudokit.model.formats import parse, read_file

ROW = "123456789"


def _grid_text(rows):
    return "\n".join(rows) + "\n"


@pytest.mark.parametrize("text, fmt, where, message", [
    # wrong length
    ("4" + "." * 79, None, (1, None), "found 80 cells"),
    ("4" + "." * 81, None, (1, None), "found 82 cells"),
    ("." * 81 + "\n" + "." * 80 + "\n", None, (2, None), "found 80 cells"),
    (_grid_text([ROW] * 4 + [ROW[:-1]] + [ROW] * 4), None, (5, None),
     "row has 8 cells, expected 9"),
    (_grid_text([ROW] * 8), None, (8, None), "has 8 rows, a 9x9 grid needs 9"),
    ("1,2,3,4\n" * 3, None, (3, None), "has 3 rows, a 4x4 grid needs 4"),
    ("2" + "." * 700, "sukaku", (1, None), "N*N*N characters"),
    ('{"box": [3, 3], "puzzle": "123"}', None, (None, None), '"puzzle" has 3 cells'),
    ("<opensudoku><game data='123'/></opensudoku>", None, (None, None), "data has 3 cells"),
    # unknown characters
    ("." * 40 + "!" + "." * 40, None, (1, 41), "unexpected character '!'"),
    ("." * 40 + "Z" + "." * 40, None, (1, 41), "'Z' is not a symbol of a 9x9 grid"),
    (_grid_text([ROW] * 4 + ["1234?6789"] + [ROW] * 4), None, (5, 5), "'?' is not a symbol"),
    ("1,2,3,4\n1,2,3,4\n1,2,3,4\n1,2,3,9\n", None, (4, 7),
     "value 9 is larger than the grid size 4"),
    ("1,2,3,4\n1,2,3,4\n1,2,3,4\n1,,3,4\n", None, (4, 3), "empty cell between commas"),
    # a sukaku with a typo (as a 27x27 puzzle its givens would clash)
    ("213456789" + "123456789" * 80, None, (1, 1), "'2' at candidate 1 of cell r1c1: expected '1'"),
    ("| 12 3x | 4 5 |\n" * 4, None, (1, 7), "blank 'x' inside the candidates '3x'"),
    ('{"values": [[1,2,3,4],[1,2,3,4],[1,2,3,4],[1,2,3,99]]}', None, (None, None),
     '"values", cell 16: 99 is not an integer 0..4'),
    # not the format at all
    ('{"box": [3,3], "puzzle": "12"', None, (1, 30), "not valid JSON"),
    ("[" * 100_000 + "]" * 100_000, None, (None, None), "nested too deeply"),
    ("<opensudoku>\n<game data='1'>\n</opensudoku>", None, (3, 3), "not well-formed XML"),
    ("<!DOCTYPE x [<!ENTITY a 'b'>]><opensudoku/>", None, (None, None), "DOCTYPE"),
    ("<html><body>hi</body></html>", None, (None, None), "root is <html>, not <opensudoku>"),
    ("#AAuthor\n#DDescription\n", None, (None, None), "headers but no grid"),
    ("1234567\n" * 7, None, (1, None), "7: a prime, so it has no box shape"),
    ("." * 81, "pencilmark", (1, None), "the grid size is 1: too small"),
    ("." * 81, "comma", (1, None), "has no comma"),
])
def test_bad_input_is_named_and_located(text, fmt, where, message):
    with pytest.raises(ParseError) as info:
        parse(text, fmt)
    err = info.value
    assert message in str(err)
    assert (err.line, err.column) == where


def test_the_offending_character_is_reported():
    with pytest.raises(ParseError) as info:
        parse("." * 40 + "Z" + "." * 40)
    assert info.value.char == "Z"
    assert str(info.value).startswith("line 1, column 41: ")


@pytest.mark.parametrize("text, box", [
    ("." * 81, "2x4"),
    ("." * 81, "2x3"),
    (_grid_text([ROW] * 9), "2x3"),
    ('{"box": [2, 4], "puzzle": "' + "." * 81 + '"}', None),
    ("<opensudoku><game data='" + "0" * 81 + "' box='2x4'/></opensudoku>", None),
])
def test_a_box_that_does_not_divide_the_size_is_refused(text, box):
    with pytest.raises(SudokitError, match=r"2x[34]|8x8|6x6"):
        parse(text, box=box)


def test_box_shape_errors_are_geometry_errors():
    with pytest.raises(GeometryError, match=r"box shape 2x3 does not fit a grid of size 9"):
        parse(_grid_text([ROW] * 9), box="2x3")
    with pytest.raises(GeometryError, match="not of the form RxC"):
        parse("." * 81, box="three")


def test_unknown_format_names_the_choices():
    with pytest.raises(ParseError, match=r"unknown format 'bogus'; choose one of .*line"):
        parse("." * 81, "bogus")


def test_format_aliases():
    assert parse("1,2,3,4\n" * 4, "csv")[0].values[:4] == [1, 2, 3, 4]


def test_empty_text_and_empty_file(tmp_path):
    with pytest.raises(ParseError, match="the input is empty"):
        parse(" \n\n\t\n")
    path = tmp_path / "empty.txt"
    path.write_text("")
    with pytest.raises(ParseError, match=r"empty\.txt: the input is empty"):
        read_file(path)


def test_binary_file(tmp_path):
    path = tmp_path / "puzzle.sdk"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    with pytest.raises(ParseError, match=r"puzzle\.sdk: this is a binary file"):
        read_file(path)
    with pytest.raises(ParseError, match="binary data"):
        parse("123\x00456")


def test_not_utf8_file(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"." * 80 + "\xe9".encode("latin-1") + b"\n")
    with pytest.raises(ParseError, match=r"not UTF-8 text \(byte 81\)"):
        read_file(path)


def test_missing_file(tmp_path):
    with pytest.raises(ParseError, match="cannot read file"):
        read_file(tmp_path / "nope.txt")


@pytest.mark.parametrize("line", ["1" * 10 * 2**20, "12 " * 4 * 2**20])
def test_ten_megabyte_line(tmp_path, line):
    path = tmp_path / "huge.txt"
    path.write_text("." * 81 + "\n" + line + "\n")
    with pytest.raises(ParseError) as info:
        read_file(path)
    assert info.value.line == 2
    assert "characters long" in str(info.value) and "huge.txt" in str(info.value)


def test_every_error_is_a_sudokit_error_and_a_value_error():
    with pytest.raises(ValueError):
        formats.parse("nonsense")


# --- numbers: ASCII digits only, one reader for every field ------------------------------------

EMPTY_6 = "." * 36


@pytest.mark.parametrize("text, box", [
    (EMPTY_6, "\u00b2x3"),                                                   # --box ²x3
    ("<opensudoku><game data='" + "0" * 36 + "' box='\u00b2x3'/></opensudoku>", None),
    ('{"box": "\u00b2x3", "puzzle": "' + EMPTY_6 + '"}', None),
    ('{"box": ["\u0662", 3], "puzzle": "' + EMPTY_6 + '"}', None),           # Arabic-Indic 2
])
def test_a_unicode_digit_in_a_box_shape_is_named(text, box):
    with pytest.raises(SudokitError) as info:
        parse(text, box=box)
    message = str(info.value)
    assert "not of the form RxC" in message and "is not a digit 0-9" in message
    assert "\u00b2" in message or "\u0662" in message


@pytest.mark.parametrize("box", ["[2.0, 3]", "[2.7, 3]", "[true, 3]", "[null, 3]", "[2, 3, 1]"])
def test_a_json_box_must_hold_two_whole_numbers(box):
    with pytest.raises(SudokitError, match='"box" must be'):
        parse('{"box": ' + box + ', "puzzle": "' + EMPTY_6 + '"}')


def test_a_json_box_of_digit_strings_still_reads():
    (grid,) = parse('{"box": ["3", "2"], "puzzle": "' + EMPTY_6 + '"}')
    assert grid.geometry.box_shape == "3x2"


@pytest.mark.parametrize("text", [
    "9" * 5000 + ",0,0,0\n" + "0,0,0,0\n" * 3,                         # int() refuses 4,300+ digits
    "<opensudoku><game data='version: 1\n" + "9" * 5000 + "|0|0|'/></opensudoku>",
    "<opensudoku><game data='version: \u0663\n0|0|0|'/></opensudoku>",
    '{"size": "\u0664", "puzzle": "' + "." * 16 + '"}',
])
def test_numbers_with_too_many_or_foreign_digits_are_parse_errors(text):
    with pytest.raises(ParseError):
        parse(text)
