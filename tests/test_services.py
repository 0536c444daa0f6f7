"""The services the command line and the web app share: the rules given beside a puzzle, and
rating as a user asks for it. Each adapter gives the same answer for the same request."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sudokit import Geometry, Grid, parse_one
from sudokit.engines import search
from sudokit.model.errors import GeometryError, InvalidPuzzleError
from sudokit.services.puzzles import AddedRules
from sudokit.services.rating import MULTIPLE, NO_SOLUTION, UNIQUE, RatingRequest, rate

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sudokit", *args], capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("names, what", [("jigsaw", "regions"), ("killer", "cages")])
def test_a_rule_whose_data_is_missing_is_refused_not_dropped(names, what):
    with pytest.raises(GeometryError, match=f"needs its {what}"):
        AddedRules(names).geometry(Geometry.of(9))
    r = cli("solve", EASY, "--variant", names)
    unknown = cli("solve", EASY, "--variant", "no-such-rule")  # the exit code of a bad rule
    assert r.returncode == unknown.returncode != 0 and f"needs its {what}" in r.stderr


def test_added_rules_take_text_and_json_alike():
    cages_text = "3 r1c1 r1c2\n17 r9c8-r9c9"
    cages_json = [[3, ["r1c1", "r1c2"]], [17, ["r9c8", "r9c9"]]]
    g = Geometry.of(9)
    assert AddedRules("killer", cages=cages_text).geometry(g) == \
        AddedRules(["killer"], cages=cages_json).geometry(g)
    regions = "".join(str(c // 27 * 3 + c % 9 // 3) for c in range(81))  # the boxes as regions
    jigsaw = AddedRules("x,jigsaw", regions).geometry(g)
    assert jigsaw.variants == ("x",) and jigsaw.boxes == g.boxes
    assert AddedRules().geometry(g) is g


def test_applied_rules_keep_every_grid_and_share_one_geometry_per_shape():
    grids = [parse_one(EASY), parse_one(EASY.replace("3", ".", 1))]
    out = AddedRules("x").apply(grids)
    assert [o.values for o in out] == [g.values for g in grids]
    assert out[0].geometry is out[1].geometry and out[0].geometry.variants == ("x",)


def test_rating_counts_first_and_rates_only_a_puzzle_with_one_solution():
    puzzle = parse_one(EASY)
    result = rate(RatingRequest(puzzle))
    assert result.status == UNIQUE and result.rating.solved and result.rating.score >= 1.0
    several = rate(RatingRequest(parse_one("." * 81)))
    assert several.status == MULTIPLE and several.rating is None
    # a digit in a blank cell that clashes with no given, yet is not the solution's
    solution = search.solve(puzzle).solutions[0].values
    blank = puzzle.values.index(0)
    for d in range(1, 10):
        values = list(puzzle.values)
        values[blank] = d
        g = Grid(puzzle.geometry, values, [bool(v) for v in values])
        if d != solution[blank] and not g.clashes():
            assert search.count_solutions(g, 2) == 0
            none = rate(RatingRequest(g))
            assert none.status == NO_SOLUTION and none.rating is None
            return
    pytest.fail("every other digit clashes")


def test_rating_refuses_clashing_givens():
    clash = parse_one("11" + "." * 79)
    with pytest.raises(InvalidPuzzleError):
        rate(RatingRequest(clash))


def test_the_command_line_and_the_service_agree_on_the_rating():
    result = rate(RatingRequest(parse_one(EASY)))
    r = cli("rate", EASY)
    assert r.returncode == 0
    assert r.stdout.strip() == f"{result.rating.summary()} [{result.rating.se_triple}]"
