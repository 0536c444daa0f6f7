"""Real files: the shared data sets and the examples of the repository."""

from pathlib import Path

import pytest

from sudokit import Geometry, ParseError
from sudokit.model import formats
from sudokit.model.formats import parse, read_file

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

needs_data = pytest.mark.skipif(not DATA.is_dir(), reason="shared/data is not beside the repo")

SVD = "000000000 640017000 000020361 506040000 000006420 000280009 000500740 405069200 800000000"
EXPRESSEN = ("700206000 890300002 000700004 050600920 000040000 086002040 500009000 200007058 "
             "000503001")


def _digits(line: str) -> list[int]:
    """The cells of a one-line 9x9 puzzle, computed independently of the readers."""
    return [int(ch) if ch.isdigit() else 0 for ch in line if not ch.isspace()]


@needs_data
@pytest.mark.parametrize("name", ["top1465.txt", "kaggle.txt", "17clue.txt", "serg.txt"])
def test_first_lines_of_the_data_sets(name):
    with open(DATA / name, encoding="utf-8") as f:
        lines = [next(f).strip() for _ in range(50)]
    assert formats.detect("\n".join(lines)) == "line"
    grids = parse("\n".join(lines))
    assert [g.values for g in grids] == [_digits(line) for line in lines]
    assert all(g.geometry == Geometry.of(9) for g in grids)


@needs_data
def test_a_whole_data_file():
    grids = read_file(DATA / "top1465.txt")
    assert len(grids) == 1465
    assert all(17 <= g.filled <= 28 and not g.clashes() for g in grids)


@needs_data
def test_text_after_the_grid_is_kept():
    with open(DATA / "se_rated.tsv", encoding="utf-8") as f:
        next(f)  # the header
        rows = [next(f).rstrip("\n") for _ in range(10)]
    grids = parse("\n".join(rows))
    for row, grid in zip(rows, grids):
        puzzle, rest = row.split("\t", 1)
        assert grid.values == _digits(puzzle)
        assert grid.comment == rest.strip()


@pytest.mark.parametrize("name", ["svd-2016-03-19.txt", "svd-2016-03-19.csv", "svd-2016-03-19.sdk",
                                  "svd-2016-03-19.ss", "svd-2016-03-19.json"])
def test_svd_example_in_every_format(name):
    (grid,) = read_file(EXAMPLES / name)
    assert grid.values == _digits(SVD)
    assert grid.geometry == Geometry.of(9)


def test_svd_sdk_headers_are_kept():
    from sudokit.model.formats import sdk

    ((grid, meta),) = sdk.read_with_metadata((EXAMPLES / "svd-2016-03-19.sdk").read_text())
    assert meta["date"] == "2016-03-19"
    assert grid.comment == meta["description"]


@pytest.mark.parametrize("name", ["expressen.txt", "expressen.csv"])
def test_expressen_example(name):
    (grid,) = read_file(EXAMPLES / name)
    assert grid.values == _digits(EXPRESSEN)


@pytest.mark.parametrize("name, box", [("6x6.txt", (2, 3)), ("12x12.txt", (3, 4)),
                                       ("16x16.txt", (4, 4))])
def test_larger_and_smaller_examples(name, box):
    (grid,) = read_file(EXAMPLES / name)
    assert grid.geometry == Geometry(*box)
    assert 0 < grid.filled < grid.geometry.ncells
    grid.validate()


def test_an_extension_that_does_not_match_the_content(tmp_path):
    path = tmp_path / "puzzles.csv"
    path.write_text(SVD + "\n" + EXPRESSEN + "\n")
    assert [g.values for g in read_file(path)] == [_digits(SVD), _digits(EXPRESSEN)]
    bad = tmp_path / "bad.csv"
    bad.write_text("1,2,3,4\n1,2,3,4\n1,2,3,4\n1,2,x,4,5\n")
    with pytest.raises(ParseError, match=r"bad\.csv, line 4: row has 5 cells"):
        read_file(bad)
