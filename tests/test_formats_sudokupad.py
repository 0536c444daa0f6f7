"""SudokuPad links: f-puzzles data inside, SudokuPad's own puzzle JSON (compact or plain) inside
``scl``/``ctc``, the shapes that are variants read, the rest refused, short ids refused because
sudokit never goes online; every variant puzzle written reads back."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from typer.testing import CliRunner

from sudokit import Geometry, Grid

from sudokit.model import formats
from sudokit.adapters.cli.main import app
from sudokit.model.errors import ParseError, SudokitError
from sudokit.model.formats import _scl, sudokupad
from sudokit.model.formats._imported import Cage
from sudokit.model.formats._lzstring import compress_base64
from sudokit.engines.generate import generate
from sudokit.engines.search import core
from killer_cases import random_cages
from variant_grids import variant_grids

examples = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def puzzle(n=4, givens=(), regions=None, **parts) -> dict:
    """SudokuPad puzzle JSON as its format describes it: rows of cells, regions of [row, col]."""
    cells = [[{} for _ in range(n)] for _ in range(n)]
    for (r, c), v in givens:
        cells[r][c] = {"value": v}
    if regions is None:
        br, bc = {4: (2, 2), 6: (2, 3), 9: (3, 3)}[n]
        regions = [[[r0 + i, c0 + j] for i in range(br) for j in range(bc)]
                   for r0 in range(0, n, br) for c0 in range(0, n, bc)]
    return {"id": "test", "cellSize": 50, "cells": cells, "regions": regions, **parts}


def scl(obj) -> str:
    return "https://sudokupad.app/scl" + compress_base64(json.dumps(obj))


def read_one(text) -> Grid:
    (grid,) = formats.parse(text)
    return grid


def test_plain_and_compact_puzzle_json_in_a_link():
    plain = read_one(scl(puzzle(givens=[((0, 0), 1), ((3, 3), 4)])))
    assert plain.values[0] == 1 and plain.values[15] == 4 and plain.geometry == Geometry.of(4)
    # the compact notation: short names unquoted, an empty object left out of a list
    compact = ("{id:'test',cs:50,ce:[[{v:1},,,],[,,,],[,,,],[,,,{v:4}]],"
               "re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],"
               "[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]}")
    assert read_one("https://sudokupad.app/scl" + compress_base64(compact)) == plain
    assert read_one("https://sudokupad.app/ctc" + compress_base64(compact)) == plain


@pytest.mark.parametrize("prefix", ["https://sudokupad.app/", "https://sudokupad.app/sudoku/",
                                    "http://app.crackingthecryptic.com/sudoku/",
                                    "sudokupad://puzzle/", "sudokupad.app/", ""])
def test_every_link_form_and_a_bare_id(prefix):
    data = "scl" + compress_base64(json.dumps(puzzle(givens=[((1, 2), 3)])))
    assert read_one(prefix + data + ("?setting-nogrid=1" if prefix else "")).values[6] == 3


def test_a_link_of_puzzleid_form():
    data = "scl" + compress_base64(json.dumps(puzzle(givens=[((1, 2), 3)])))
    assert read_one("https://sudokupad.app/?puzzleid=" + data).values[6] == 3


def test_fpuzzles_data_inside_a_sudokupad_link():
    obj = {"size": 4, "grid": [[{"value": 2, "given": True}, {}, {}, {}]] + [[{}] * 4] * 3,
           "antiknight": True}
    grid = read_one("https://sudokupad.app/fpuzzles" + compress_base64(json.dumps(obj)))
    assert grid.values[0] == 2 and grid.geometry.variants == ("anti-knight",)


def test_diagonal_lines_windows_and_metadata_are_variants():
    n = 9
    windows = [[[r0 + i, c0 + j] for i in range(3) for j in range(3)] for r0 in (1, 5) for c0 in (1, 5)]
    obj = puzzle(n, lines=[{"wayPoints": [[0, 0], [9, 9]], "color": "#34BBE6"},
                           {"wayPoints": [[8.5, 0.5], [0.5, 8.5]]}],
                 cages=[{"cells": w} for w in windows] + [{"value": "title: Windows"},
                                                          {"value": "author: Me"}],
                 underlays=[{"center": [w[0][0] + 1.5, w[0][1] + 1.5], "width": 3, "height": 3,
                             "backgroundColor": "#CFCFCF"} for w in windows],
                 metaData={"antiknight": True})
    grid = read_one(scl(obj))
    assert grid.geometry.variants == ("x", "windoku", "anti-knight")
    assert grid.comment == "Windows by Me"


def test_jigsaw_regions():
    layout = ["AABB", "ACBB", "ACDD", "CCDD"]
    regions = [[[r, c] for r in range(4) for c in range(4) if layout[r][c] == k] for k in "ABCD"]
    g = read_one(scl(puzzle(regions=regions))).geometry
    assert g.regions is not None and g.box_of(0) == g.box_of(4) != g.box_of(5)


@pytest.mark.parametrize("parts, message", [
    ({"arrows": [{"wayPoints": [[0.5, 0.5], [1.5, 1.5]]}]}, "feature 'arrows' is not supported"),
    ({"lines": [{"wayPoints": [[0.5, 0.5], [0.5, 2.5]]}]}, "line 1 is not a main diagonal"),
    ({"lines": [{"wayPoints": [[0, 4], [4, 0]]}]}, "from bottom left alone is not supported"),
    ({"underlays": [{"center": [0.5, 0.5], "width": 0.8, "height": 0.8}]}, "underlay 1 is a shape"),
    ({"overlays": [{"center": [1, 1], "width": 0.3, "height": 0.3, "text": "5"}]}, "overlay 1"),
    ({"cages": [{"cells": [[0, 0], [0, 1]], "value": "odd"}]}, "labelled 'odd'"),
    ({"cages": [{"cells": [[0, 0], [1, 1]]}]}, "cages without a sum other than the windoku"),
    ({"cages": [{"cells": [[0, 0]], "unique": False, "hidden": True}]}, "in no region"),
    ({"foglight": [[0, 0]]}, "feature 'foglight' is not supported"),
])
def test_shapes_that_are_no_variant_are_refused(parts, message):
    with pytest.raises(ParseError, match=message):
        read_one(scl(puzzle(**parts)))


def test_killer_cages_become_the_puzzles_cages():
    obj = puzzle(cages=[{"cells": [[0, 0], [0, 1]], "value": 3}, {"cells": [[3, 3]], "value": "4"}])
    assert sudokupad.load(obj).cages == (Cage((0, 1), 3), Cage((15,), 4))
    grid = read_one(scl(obj))
    assert [(c.total, c.cells) for c in grid.geometry.cages] == [(3, (0, 1)), (4, (15,))]


@pytest.mark.parametrize("change, message", [
    (lambda o: o["regions"].pop(), "r3c3 is in no SudokuPad region"),
    (lambda o: o["regions"][0].append([3, 3]), "regions 1 and 4 both hold r4c4"),
    (lambda o: o["regions"][0].append([4, 0]), "region 1 row is 4, outside 0..3"),
    (lambda o: o.update(regions=[]), "has no regions"),
    (lambda o: o["cells"][1].pop(), "row 2 must be a list of 4 cells"),
    (lambda o: o["cells"][0].__setitem__(0, {"value": 7}), "r1c1 value is 7, outside 1..4"),
    (lambda o: o.pop("cells"), 'no "cells"'),
])
def test_bad_data_names_the_problem(change, message):
    obj = puzzle()
    change(obj)
    with pytest.raises(SudokitError, match=message):
        read_one(scl(obj))


@pytest.mark.parametrize("link", ["https://sudokupad.app/abc123", "sudokupad.app/sudoku/Xy7Kp",
                                  "https://app.crackingthecryptic.com/sudoku/7nLqMd9RpN"])
def test_a_short_id_needs_the_network_and_is_refused(link):
    with pytest.raises(ParseError, match="short id.*never goes online"):
        read_one(link)


def test_packed_scf_links_and_broken_data_are_refused():
    with pytest.raises(ParseError, match="scf links are not supported"):
        read_one("https://sudokupad.app/scfoooook")
    with pytest.raises(ParseError, match="not base64|ends before"):
        formats.parse("https://sudokupad.app/sclN4Ig!!", "sudokupad")
    with pytest.raises(ParseError, match="expected"):
        read_one("https://sudokupad.app/scl" + compress_base64("{cells:[[,],}"))


@examples
@given(grid=variant_grids())
def test_every_variant_puzzle_written_reads_back(grid):
    text = formats.dumps(grid, "sudokupad")
    assert text.startswith("https://sudokupad.app/scl")
    assert formats.detect(text) == "sudokupad"
    assert read_one(text) == grid


_keys = st.text("abcdefghijklmnopqrstuvwxyzAZ09_ ", min_size=1, max_size=8).filter(
    lambda k: k not in _scl.LONG)  # a short name reads as its long one
_strings = st.text(st.characters(blacklist_characters='"', blacklist_categories=("Cs",)), max_size=12)
_leaves = st.one_of(st.integers(-10**6, 10**6), st.booleans(), st.none(),
                    _strings.filter(lambda s: not s.lstrip("-").isdigit() and not s.startswith("#")))
_values = st.recursive(_leaves, lambda inner: st.one_of(
    st.lists(inner, min_size=1, max_size=4).filter(lambda v: [] not in v),
    st.dictionaries(_keys, inner, max_size=4).filter(lambda d: [] not in d.values())), max_leaves=20)


@settings(max_examples=200, deadline=None)
@given(value=st.dictionaries(_keys, _values, max_size=5).filter(lambda d: [] not in d.values()))
def test_the_compact_notation_reads_back_what_it_writes(value):
    text = _scl.dumps(value)
    assert _scl.loads(text) == value


def test_the_compact_notation_refuses_deep_nesting():
    with pytest.raises(ParseError, match="nested more than"):
        _scl.loads("[" * 100 + "]" * 100)


# --- the command line -----------------------------------------------------------------------
def run(*args):
    result = CliRunner().invoke(app, list(args))
    assert "Traceback" not in result.output
    return result


def test_solve_a_sudokupad_link():
    g = generate(9, variant="windoku,anti-knight", seed=2, rate=False, minimal=False)
    result = run("solve", formats.dumps(g.puzzle, "sudokupad"), "--to", "line")
    assert result.exit_code == 0, result.output
    assert formats.parse_one(result.stdout.strip()) == g.solution.with_geometry(Geometry.of(9))


def test_a_short_id_and_an_unsupported_shape_exit_3():
    result = run("solve", "https://sudokupad.app/abc123")
    assert result.exit_code == 3 and "never goes online" in result.output
    result = run("solve", scl(puzzle(arrows=[{"wayPoints": [[0, 0], [1, 1]]}])))
    assert result.exit_code == 3 and "feature 'arrows' is not supported" in result.output


@pytest.mark.parametrize("seed", range(6))
def test_killer_cages_are_written_and_read_back(seed):
    rng = random.Random(seed)
    g = Geometry.of(rng.choice((4, 6, 9)))
    if seed % 2:
        g = g.with_variants(["x"])
    solution = core.random_solution(g, seed).values
    grid = Grid(g.with_cages(random_cages(solution, g.size, rng)),
                [v if rng.random() < 0.2 else 0 for v in solution])
    back = read_one(formats.dumps(grid, "sudokupad"))
    assert back == grid
    assert back.geometry.cages == grid.geometry.cages


def test_a_generated_killer_as_a_link_keeps_its_one_solution():
    runner = CliRunner()
    made = runner.invoke(app, ["generate", "--variant", "killer", "--seed", "3", "--to", "sudokupad"])
    assert made.exit_code == 0, made.output
    link = made.output.split()[-1]
    counted = runner.invoke(app, ["solve", link, "--count"])
    assert counted.exit_code == 0, counted.output
    assert "1 solution" in counted.output
