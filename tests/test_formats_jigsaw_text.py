"""Jigsaw puzzles in text: givens then regions, side by side, or a drawing whose walls are the
regions' borders; told apart by their shape, refused with the reason when the regions are wrong,
and every jigsaw puzzle written in each layout reads back."""

import pytest
from hypothesis import HealthCheck, given, settings
from typer.testing import CliRunner

from sudokit import Geometry, Grid

from sudokit.model import formats
from sudokit.adapters.cli.main import app
from sudokit.model.errors import SudokitError
from sudokit.model.formats import jigsaw
from sudokit.engines.generate import generate
from variant_grids import variant_grids

examples = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

REGIONS = ["AABB", "ACBB", "ACDD", "CCDD"]
GIVENS = ["1..4", ".1..", "..2.", "...1"]
EXPECTED = Grid(Geometry.of(4).with_variants(regions="".join(REGIONS)),
                [int(ch) if ch != "." else 0 for ch in "".join(GIVENS)])

DRAWING = """\
+---+---+---+---+
| 1   . | .   4 |
|   +---+       |
| . | 1 | .   . |
|   |   +-------+
| . | . | 2   . |
+---+   |       |
| .   . | .   1 |
+---+---+---+---+
"""


@pytest.mark.parametrize("text", [
    "\n".join(GIVENS + [""] + REGIONS),                                   # stacked rows
    "\n".join(GIVENS + REGIONS),                                          # no blank line
    "".join(GIVENS) + "\n" + "".join(REGIONS),                            # two lines
    "\n".join(f"{g}   {r}" for g, r in zip(GIVENS, REGIONS)),             # side by side
    "\n".join(f"{' '.join(g)} | {' '.join(r)}" for g, r in zip(GIVENS, REGIONS)),
    "".join(GIVENS) + " " + "".join(REGIONS),                             # one line, both
    DRAWING,
    "# a comment\n    " + DRAWING.replace("\n", "\n    "),                  # indented
])
def test_every_layout_reads_and_is_detected(text):
    assert formats.detect(text) == "jigsaw"
    (grid,) = formats.parse(text)
    assert grid == EXPECTED and grid.geometry.regions == EXPECTED.geometry.regions


def test_regions_that_are_the_boxes_give_a_classic_grid():
    text = "\n".join(GIVENS + ["", "AABB", "AABB", "CCDD", "CCDD"])
    (grid,) = formats.parse(text, "jigsaw")
    assert grid.geometry == Geometry.of(4)


def test_several_puzzles_follow_each_other():
    one = "".join(GIVENS) + "  " + "".join(REGIONS)
    assert formats.parse(one + "\n" + one) == [EXPECTED, EXPECTED]
    assert formats.parse(DRAWING + "\n" + DRAWING) == [EXPECTED, EXPECTED]


@pytest.mark.parametrize("text, message", [
    ("\n".join(GIVENS + ["AABB", "ACBB", "ACDD", "CCDB"]), "region 'B' has 5 cells"),
    ("\n".join(GIVENS + ["AABB", "ACBB", "DCDC", "ACDD"]), "is not connected"),
    ("\n".join(["1..?"] + GIVENS[1:] + REGIONS), "line 1.*character '\\?'"),
    ("\n".join(GIVENS + REGIONS + ["AABB"]), "9 rows of 4 symbols are no jigsaw layout"),
    (DRAWING.replace("|   +---+       |", "|               |"), "walls of this drawing make.*region"),
    (DRAWING.replace("| . | 1 | .   . |", "| . | 1 | .  . |"), r"line 4: row 2 of the drawing must start with '\|' and be 17 characters wide"),
    (DRAWING.replace("+---+   |       |", "+---+ x |       |"), "character 'x' in a wall line"),
    (DRAWING.replace("| .   . | .   1 |", "| .   . | .  12 |"), "line 8, column 14: cell '12' is not a symbol or a number 1..4"),
])
def test_bad_layouts_name_the_problem(text, message):
    with pytest.raises(SudokitError, match=message):
        formats.parse(text, "jigsaw")


def test_other_texts_are_not_taken_for_jigsaw():
    classic = formats.dumps(formats.parse_one("1..4..1..3..2..1"), "grid")
    assert formats.detect(classic) == "grid"
    two = "\n".join(["1..4", "..1.", ".3..", "2..1", "4..1", "....", "..3.", "1..."])
    assert formats.detect(two) != "jigsaw" and len(formats.parse(two)) == 2


def test_variants_other_than_regions_are_not_written():
    with pytest.raises(SudokitError, match="regions only, not x"):
        jigsaw.write(Grid.empty(Geometry.of(9).with_variants("x")))


@pytest.mark.parametrize("layout", jigsaw.LAYOUTS)
@examples
@given(grid=variant_grids(sizes=(4, 6, 8, 9, 12, 16, 25), variants=False))
def test_every_jigsaw_puzzle_written_reads_back(layout, grid):
    text = jigsaw.write(grid, layout=layout)
    assert formats.detect(text) == "jigsaw"
    assert formats.parse(text) == [grid]


def test_solve_a_drawing_in_a_file(tmp_path):
    g = generate(9, variant="jigsaw", seed=5, rate=False, minimal=False)
    path = tmp_path / "jigsaw.txt"
    path.write_text(formats.dumps(g.puzzle, "jigsaw") + "\n")
    result = CliRunner().invoke(app, ["solve", str(path), "--to", "jigsaw"])
    assert result.exit_code == 0, result.output
    (solved,) = formats.parse(result.stdout)
    assert solved == g.solution
