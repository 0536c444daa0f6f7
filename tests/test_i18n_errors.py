"""The rarer errors in Swedish (issue 22): killer cages, jigsaw regions, format readers, batch
lines and pictures. The CLI with ``--lang sv`` says the same thing as in English (the same line,
column, character, cage and region, the same exit code), in Swedish words and notation."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from sudokit import i18n
from sudokit.adapters.cli.main import app
from sudokit.model.errors import SudokitError
from sudokit.model.geometry import Geometry
from sudokit.model.rules.killer import check_cages
from sudokit.engines.search import core

runner = CliRunner()
EMPTY = "." * 81
SIX_EMPTY = "." * 36
NOT_CONNECTED = "AAAAAB" "BBBBBA" "CCCCCC" "DDDDDD" "EEEEEE" "FFFFFF"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def run(*args: str):
    env = {"SUDOKIT_LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
    return runner.invoke(app, list(args), env=env)


def both(*args: str) -> tuple:
    """The run in English and in Swedish; both fail with the same exit code."""
    en, sv = run(*args), run(*args, "--lang", "sv")
    assert en.exit_code == sv.exit_code != 0, (en.output, sv.output)
    assert "Traceback" not in en.output + sv.output
    return en, sv


def same_parameters(en_text: str, en_pattern: str, sv_text: str, sv_pattern: str) -> dict:
    """The named parameters read from the English and the Swedish message, which must agree."""
    e, s = re.search(en_pattern, en_text), re.search(sv_pattern, sv_text)
    assert e, en_text
    assert s, sv_text
    assert e.groupdict() == s.groupdict(), (e.groupdict(), s.groupdict())
    return e.groupdict()


def swedish_cells(text: str) -> str:
    """``r1c2`` written the Swedish way, ``r1k2``."""
    return re.sub(r"\br(\d+)c(\d+)\b", r"r\1k\2", text)


def test_a_cage_whose_sum_cannot_be_made():
    en, sv = both("solve", EMPTY, "--cages", "2 r1c1 r1c2")
    assert en.stderr.startswith("error: ") and sv.stderr.startswith("fel: ")
    e = re.search(r"cage (\d+) \(([^)]*)\)", en.stderr)
    cells = e[2]
    assert cells == "r1c1, r1c2"
    params = same_parameters(
        en.stderr, r"cage (?P<sum>\d+) \([^)]*\): (?P<n>\d+) different digits 1-(?P<size>\d+) "
                   r"make (?P<low>\d+) to (?P<high>\d+), never (?P<total>\d+)",
        sv.stderr, r"bur (?P<sum>\d+) \([^)]*\): (?P<n>\d+) olika siffror 1-(?P<size>\d+) "
                   r"blir (?P<low>\d+) till (?P<high>\d+), aldrig (?P<total>\d+)")
    assert params["sum"] == params["total"] == "2" and params["n"] == "2"
    assert f"bur 2 ({swedish_cells(cells)})" in sv.stderr and "r1c1" not in sv.stderr


def test_a_cell_in_two_cages_names_both_in_swedish():
    en, sv = both("solve", EMPTY, "--cages", "5 r1c1 r1c2\n7 r1c2 r1c3")
    same_parameters(en.stderr, r"(?P<cell>r\d+)c(?P<col>\d+) is in two cages: cage (?P<a>\d+) .* and "
                               r"cage (?P<b>\d+)",
                    sv.stderr, r"(?P<cell>r\d+)k(?P<col>\d+) ligger i två burar: bur (?P<a>\d+) .* och "
                               r"bur (?P<b>\d+)")


def test_a_cage_line_that_is_no_cell_names_the_line():
    en, sv = both("solve", EMPTY, "--cages", "10 r1c1\n5 x9")
    same_parameters(en.stderr, r"cages, line (?P<line>\d+): (?P<item>'x9') is not a cell",
                    sv.stderr, r"burar, rad (?P<line>\d+): (?P<item>'x9') är ingen ruta")


def test_a_disconnected_jigsaw_region():
    en, sv = both("solve", SIX_EMPTY, "--regions", NOT_CONNECTED)
    params = same_parameters(en.stderr, r"region (?P<region>'\w') is not connected",
                             sv.stderr, r"region (?P<region>'\w') hänger inte ihop")
    assert params["region"] == f"'{NOT_CONNECTED[0]}'"


def test_a_region_of_the_wrong_size():
    regions = "A" * 7 + "B" * 5 + "CCCCCCDDDDDDEEEEEEFFFFFF"
    en, sv = both("solve", SIX_EMPTY, "--regions", regions)
    same_parameters(en.stderr, r"region (?P<region>'A') has (?P<n>\d+) cells; each region needs "
                               r"(?P<size>\d+)",
                    sv.stderr, r"region (?P<region>'A') har (?P<n>\d+) rutor; varje region behöver "
                               r"(?P<size>\d+)")


def test_an_empty_cell_between_commas_names_line_and_column(tmp_path):
    rows = [",".join("0" * 9)] * 9
    rows[3] = "0,0,0,,0,0,0,0,0"
    path = tmp_path / "grid.csv"
    path.write_text("\n".join(rows) + "\n")
    en, sv = both("solve", str(path), "--format", "comma")
    params = same_parameters(
        en.stderr, r"line (?P<line>\d+), column (?P<column>\d+): empty cell between commas",
        sv.stderr, r"rad (?P<line>\d+), kolumn (?P<column>\d+): tom ruta mellan kommatecken")
    assert params == {"line": "4", "column": str(rows[3].index(",,") + 2)}


def test_a_wrong_sukaku_character_names_position_character_and_cell(tmp_path):
    line = "123456789" * 81
    bad = 9 * 10 + 4  # cell r2c2, candidate 5
    path = tmp_path / "grid.txt"
    path.write_text(line[:bad] + "7" + line[bad + 1:] + "\n")
    en, sv = both("solve", str(path), "--format", "sukaku")
    params = same_parameters(
        en.stderr, r"line (?P<line>\d+), column (?P<column>\d+): character (?P<char>'.') at "
                   r"candidate (?P<k>\d+) of cell r(?P<row>\d+)c(?P<col>\d+): expected (?P<want>'.')",
        sv.stderr, r"rad (?P<line>\d+), kolumn (?P<column>\d+): tecknet (?P<char>'.') vid "
                   r"kandidat (?P<k>\d+) i ruta r(?P<row>\d+)k(?P<col>\d+): väntade (?P<want>'.')")
    assert params == {"line": "1", "column": str(bad + 1), "char": "'7'", "k": "5",
                      "row": "2", "col": "2", "want": "'5'"}


def test_a_jigsaw_drawing_with_a_bad_wall_character(tmp_path):
    n = 4
    border = "+" + "-+" * n
    rows = []
    for r in range(n):
        rows.append("|" + " |" * n)
        rows.append(border if r == n - 1 else "+" + "-+" * n)
    rows[3] = rows[3][:2] + "*" + rows[3][3:]
    path = tmp_path / "drawing.txt"
    path.write_text("\n".join([border, *rows]) + "\n")
    en, sv = both("solve", str(path), "--format", "jigsaw")
    same_parameters(
        en.stderr, r"line (?P<line>\d+), column (?P<column>\d+): character (?P<char>'\*') in a "
                   r"wall line",
        sv.stderr, r"rad (?P<line>\d+), kolumn (?P<column>\d+): tecknet (?P<char>'\*') i en "
                   r"vägglinje")


def test_a_batch_line_the_core_cannot_read_and_a_missing_input(tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text(EMPTY + "\n" + EMPTY[:40] + "%" + EMPTY[41:] + "\n")
    en = run("batch", str(path), "--jobs", "1")
    sv = run("batch", str(path), "--jobs", "1", "--lang", "sv")
    assert en.exit_code == sv.exit_code == 0  # every line has its result
    params = same_parameters(
        en.stdout, r"invalid: line (?P<line>\d+): column (?P<column>\d+): unexpected character "
                   r"(?P<char>'.') after (?P<k>\d+) of (?P<cells>\d+) cells",
        sv.stdout, r"invalid: line (?P<line>\d+): kolumn (?P<column>\d+): tecknet (?P<char>'.') kom "
                   r"oväntat efter (?P<k>\d+) av (?P<cells>\d+) rutor")
    assert params == {"line": "2", "column": "41", "char": "'%'", "k": "40", "cells": "81"}
    assert re.search(r"1 solved, 1 invalid", en.stderr) and "1 löst, 1 ogiltig" in sv.stderr
    missing = str(tmp_path / "nothing.txt")
    en, sv = both("batch", missing)
    assert f"{missing}: no such file" in en.stderr and f"{missing}: filen finns inte" in sv.stderr


def test_the_cores_reasons_for_unreadable_lines_in_both_languages():
    lines = "\n".join([EMPTY[:40] + "%" + EMPTY[41:], EMPTY[:2] + "\u00e9" + EMPTY[3:], ".....",
                        EMPTY + "5"])
    en = [reason for _, _, reason in core.solve_many(lines, geometry=Geometry.of(9)).errors]
    assert en == ["column 41: unexpected character '%' after 40 of 81 cells",
                  "column 3: unexpected byte 0xc3 after 2 of 81 cells",
                  "found 5 cells, a 9x9 grid needs 81", "more than 81 cells on the line"]
    with i18n.language("sv"):
        sv = [reason for _, _, reason in core.solve_many(lines, geometry=Geometry.of(9)).errors]
    for english, swedish in zip(en, sv):
        assert swedish != english
        assert re.findall(r"\d+|'.'", swedish) == re.findall(r"\d+|'.'", english)


def test_an_unreadable_picture(tmp_path):
    pytest.importorskip("cv2", reason='the photo extra is not installed')
    fake = tmp_path / "fake.jpg"
    fake.write_text("not a picture")
    en, sv = both("read", str(fake))
    assert en.exit_code == 3
    params = same_parameters(en.stderr, r"(?P<file>\S+fake\.jpg): not a picture sudokit can read",
                             sv.stderr, r"(?P<file>\S+fake\.jpg): ingen bild som sudokit kan läsa")
    assert params["file"] == str(fake)


def test_python_errors_follow_the_language_in_use():
    size = Geometry.of(9).size
    with pytest.raises(SudokitError, match=r"cage 10 \(r1c1\): 1 different digits 1-9 make 1 to 9, "
                                           r"never 10"):
        check_cages([(10, (0,))], size)
    with i18n.language("sv"), pytest.raises(
            SudokitError, match=r"bur 10 \(r1k1\): 1 olika siffror 1-9 blir 1 till 9, aldrig 10"):
        check_cages([(10, (0,))], size)


def test_the_stats_line_in_swedish_counts_the_same_search():
    puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    en, sv = run("solve", puzzle, "--stats"), run("solve", puzzle, "--stats", "--lang", "sv")
    assert en.exit_code == sv.exit_code == 0
    same_parameters(en.stderr, r"(?P<method>\w+): (?P<nodes>[\d,]+) nodes?, (?P<guesses>[\d,]+) guess",
                    sv.stderr, r"(?P<method>\w+): (?P<nodes>[\d,]+) nod(er)?, (?P<guesses>[\d,]+) gissning")
