"""f-puzzles links, compressed data and JSON: the variants sudokit has are read, the others are
refused by name, killer cages are kept for later, and every variant puzzle written reads back."""

import json
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from typer.testing import CliRunner

from sudokit import Geometry, Grid

from sudokit.model import formats
from sudokit.adapters.cli.main import app
from sudokit.model.errors import ParseError, SudokitError
from sudokit.model.formats import fpuzzles
from sudokit.model.formats._imported import Cage
from sudokit.model.formats._lzstring import compress_base64, decompress_base64
from sudokit.engines.generate import generate
from sudokit.engines.search import solve
from variant_grids import variant_grids

examples = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fpuzzle(n=9, givens=(), **constraints) -> dict:
    """An f-puzzles object as its format describes it: size, grid of cell objects, constraints."""
    grid = [[{} for _ in range(n)] for _ in range(n)]
    for (r, c), v in givens:
        grid[r][c] = {"value": v, "given": True}
    return {"size": n, "grid": grid, **constraints}


def link(obj) -> str:
    return "https://f-puzzles.com/?load=" + compress_base64(json.dumps(obj))


def read_one(text) -> Grid:
    (grid,) = formats.parse(text)
    return grid


def test_a_link_its_compressed_data_and_its_json_read_alike():
    obj = fpuzzle(givens=[((0, 0), 5), ((8, 8), 3)], title="Two digits", author="Someone")
    by_link = read_one(link(obj))
    assert by_link.values[0] == 5 and by_link.values[80] == 3 and sum(map(bool, by_link.values)) == 2
    assert by_link.givens[0] and by_link.geometry == Geometry.of(9)
    assert by_link.comment == "Two digits by Someone"
    assert read_one(compress_base64(json.dumps(obj))) == by_link
    assert read_one(json.dumps(obj)) == by_link
    assert formats.detect(link(obj)) == formats.detect(json.dumps(obj)) == "fpuzzles"


def test_an_escaped_link_and_one_whose_plus_became_a_space_read():
    obj = fpuzzle(givens=[((r, r), r + 1) for r in range(9)], title="~" * 40)
    data = compress_base64(json.dumps(obj))
    assert "+" in data or "/" in data
    expected = read_one(link(obj))
    assert read_one("https://www.f-puzzles.com/?load=" + quote(data, safe="")) == expected
    assert read_one("f-puzzles.com/?load=" + data.replace("+", " ")) == expected


def test_constraints_map_to_variants():
    obj = fpuzzle(**{"diagonal+": True, "diagonal-": True, "antiknight": True, "antiking": True,
                     "disjointgroups": False, "thermometer": []})
    assert read_one(link(obj)).geometry.variants == ("x", "anti-knight", "anti-king")


def test_the_windoku_windows_as_extra_regions_are_windoku():
    windows = [{"cells": [f"R{r0 + i}C{c0 + j}" for i in range(3) for j in range(3)]}
               for r0 in (2, 6) for c0 in (2, 6)]
    assert read_one(link(fpuzzle(extraregion=windows))).geometry.variants == ("windoku",)
    with pytest.raises(ParseError, match="extra regions other than the windoku windows"):
        read_one(link(fpuzzle(extraregion=windows[:3])))


def test_regions_of_cells_are_jigsaw_regions_and_the_boxes_stay_classic():
    n = 6
    obj = fpuzzle(n)
    layout = ["AABBCC", "AABBCC", "AABBCC", "DDEEFF", "DDEEFF", "DDEEFF"]
    for r in range(n):
        for c in range(n):
            obj["grid"][r][c]["region"] = "ABCDEF".index(layout[r][c])
    g = read_one(link(obj)).geometry
    assert g.regions is None and (g.box_rows, g.box_cols) == (3, 2)  # the boxes of 3x2
    layout = ["AAABBB", "AACCBB", "ACCCCB", "DDDEFF", "DDDEFF", "EEEEFF"]
    for r in range(n):
        for c in range(n):
            obj["grid"][r][c]["region"] = "ABCDEF".index(layout[r][c])
    g = read_one(link(obj)).geometry
    assert g.regions is not None and g.box_of(0) == g.box_of(7) != g.box_of(3)
    assert g.box_of(8) == g.box_of(13) != g.box_of(0)


def test_a_cell_without_region_value_defaults_to_its_box():
    obj = fpuzzle(4)
    obj["grid"][0][0]["region"] = 0  # the same as its default box
    assert read_one(link(obj)).geometry == Geometry.of(4)


@pytest.mark.parametrize("constraints, named", [
    ({"thermometer": [{"lines": [["R1C1", "R1C2"]]}]}, "constraint 'thermometer' is not supported"),
    ({"arrow": [{"cells": ["R1C1"], "lines": []}], "nonconsecutive": True},
     "constraints 'arrow', 'nonconsecutive' are not supported"),
    ({"diagonal+": True}, "'diagonal\\+' alone is not supported"),
    ({"diagonal-": True}, "'diagonal-' alone is not supported"),
    ({"text": [{"cells": ["R1C1"], "value": "odd"}]}, "'text' is not supported"),
])
def test_other_constraints_are_refused_by_name(constraints, named):
    with pytest.raises(ParseError, match=named):
        read_one(link(fpuzzle(**constraints)))


def test_metadata_cages_of_the_cosmetic_tool_are_not_rules():
    obj = fpuzzle(cage=[{"cells": [], "value": "rules: normal sudoku"}])
    assert read_one(link(obj)).geometry == Geometry.of(9)


def test_killer_cages_become_the_puzzles_cages():
    obj = fpuzzle(killercage=[{"cells": ["R1C1", "R1C2"], "value": "10"},
                              {"cells": ["R9C9", "R8C9", "R9C8"]}])
    imported = fpuzzles.load(json.loads(decompress_base64(link(obj).split("=", 1)[1])))
    assert imported.cages == (Cage((0, 1), 10), Cage((80, 71, 79), None))
    assert imported.grid.geometry == Geometry.of(9)
    with pytest.raises(ParseError, match="a cage without a sum"):
        read_one(link(obj))
    obj["killercage"][1]["value"] = "24"
    grid = read_one(link(obj))
    assert [(c.total, c.cells) for c in grid.geometry.cages] == [(10, (0, 1)), (24, (71, 79, 80))]
    assert read_one(formats.dumps(grid, "fpuzzles")).geometry == grid.geometry  # written back


@pytest.mark.parametrize("change, message", [
    (lambda o: o.update(size=8), '"grid" must be 8 rows'),
    (lambda o: o["grid"][2].pop(), "row 3 must be a list of 9 cells"),
    (lambda o: o["grid"][0].__setitem__(3, {"value": 10, "given": True}), "R1C4 value is 10, outside 1..9"),
    (lambda o: o["grid"][4].__setitem__(4, {"region": None}), "R5C5 is in no region"),
    (lambda o: o["grid"][0].__setitem__(0, {"givenPencilMarks": [1, 2]}), "given pencil marks"),
    (lambda o: o.update(killercage=[{"cells": ["R1C10"], "value": "3"}]), "R1C10 is outside the 9x9 grid"),
    (lambda o: o.update(killercage=[{"cells": ["A1"]}]), '"A1" is not a cell'),
    (lambda o: o.pop("grid"), 'no "size" and "grid"'),
])
def test_bad_data_names_the_problem(change, message):
    obj = fpuzzle()
    change(obj)
    with pytest.raises(SudokitError, match=message):
        read_one(link(obj))


def test_regions_that_make_no_jigsaw_are_refused():
    obj = fpuzzle(4)
    obj["grid"][0][0]["region"] = 3  # box 4 gets five cells
    with pytest.raises(SudokitError, match="region"):
        read_one(link(obj))


def test_short_links_and_broken_data_say_what_is_wrong():
    with pytest.raises(ParseError, match="short id.*never goes online"):
        read_one("https://f-puzzles.com/?id=abc123")
    good = link(fpuzzle())
    with pytest.raises(ParseError, match="ends before its end mark"):
        formats.parse(good[:60], "fpuzzles")
    with pytest.raises(ParseError, match="not valid JSON"):
        read_one("https://f-puzzles.com/?load=" + compress_base64('{"size": 9, "grid": [}'))


@examples
@given(grid=variant_grids(every_given=False))
def test_every_variant_puzzle_written_reads_back(grid):
    text = formats.dumps(grid, "fpuzzles")
    assert text.startswith("https://f-puzzles.com/?load=")
    back = read_one(text)
    assert back == grid and back.givens == grid.givens
    assert formats.detect(text) == "fpuzzles"
    (again,) = formats.parse(text.split("=", 1)[1], "fpuzzles")
    assert again == grid


def test_grids_above_16x16_are_not_written():
    with pytest.raises(SudokitError, match="16x16 at most"):
        formats.dumps(Grid.empty(Geometry.of(25)), "fpuzzles")


def test_several_links_one_a_line():
    a, b = fpuzzle(givens=[((0, 0), 1)]), fpuzzle(givens=[((0, 0), 2)], antiking=True)
    grids = formats.parse(f"{link(a)}\n\n{link(b)}\n")
    assert [g.values[0] for g in grids] == [1, 2]
    with pytest.raises(ParseError, match="line 2: .*'thermometer'"):
        formats.parse(f"{link(a)}\n{link(fpuzzle(thermometer=[{'lines': [['R1C1']]}]))}\n")


# --- the command line -----------------------------------------------------------------------
def run(*args):
    result = CliRunner().invoke(app, list(args))
    assert "Traceback" not in result.output
    return result


def test_solve_a_link_to_line():
    g = generate(9, variant="x,anti-king", seed=3, rate=False, minimal=False)
    result = run("solve", formats.dumps(g.puzzle, "fpuzzles"), "--to", "line")
    assert result.exit_code == 0, result.output
    solved = formats.parse_one(result.stdout.strip()).with_geometry(g.puzzle.geometry)
    assert solved.is_solved and not solved.clashes()
    assert solved == solve(g.puzzle).solutions[0]


def test_solve_a_file_holding_a_link_and_write_a_link(tmp_path):
    g = generate(6, variant="jigsaw", seed=4, rate=False, minimal=False)
    path = tmp_path / "puzzle.txt"
    path.write_text(formats.dumps(g.puzzle, "fpuzzles") + "\n")
    result = run("solve", str(path), "--to", "fpuzzles")
    assert result.exit_code == 0, result.output
    back = read_one(result.stdout.strip())
    assert back == g.solution and back.geometry.regions == g.puzzle.geometry.regions


def test_an_unsupported_constraint_is_exit_3_naming_it():
    result = run("solve", link(fpuzzle(thermometer=[{"lines": [["R1C1", "R1C2"]]}])))
    assert result.exit_code == 3
    assert "f-puzzles constraint 'thermometer' is not supported" in result.output
    result = run("solve", link(fpuzzle(killercage=[{"cells": ["R1C1", "R1C2"], "value": "2"}])))
    assert result.exit_code == 3 and "never 2" in result.output  # a sum no two digits make
