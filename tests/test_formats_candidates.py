"""Candidate grids (sukaku, pencil marks, the position JSON) read into Grid.candidates, which
the writers and the logical solver's positions use."""

import json

import pytest

from sudokit import Grid, Position
from sudokit.model import formats
from sudokit.model.formats import dumps, parse

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def _digits(mask):
    return {d for d in range(1, 10) if mask >> (d - 1) & 1}


def test_a_sukaku_text_reads_into_a_grid_with_its_candidates():
    # two candidates a cell: 1 and 2 everywhere
    text = "12......." * 81
    (grid,) = parse(text)
    assert grid.candidates == [0b11] * 81
    assert grid.filled == 0
    # through every entry point that reads a puzzle
    assert formats.parse_one(text).candidates == grid.candidates
    assert formats.parse_candidates(text)[0][1] == grid.candidates


def test_a_pencil_mark_text_reads_into_a_grid_with_its_candidates():
    pos = Position.coerce(EASY)
    cell = next(c for c, m in enumerate(pos.cands) if len(_digits(m)) >= 3)
    pos.eliminate(cell, min(_digits(pos.cands[cell])))
    text = formats.dumps_candidates(formats.parse_one(EASY), pos.cands, "pencilmark")
    (grid,) = parse(text)
    assert grid.candidates[cell] == pos.cands[cell]
    # (a cell with a single candidate reads as solved)
    assert all(v == g for v, g in zip(grid.values, formats.parse_one(EASY).values) if g)


def test_the_writers_use_the_grid_candidates():
    masks = [0b11] * 81
    grid = Grid(formats.parse_one("." * 81).geometry, [0] * 81, candidates=masks)
    assert dumps(grid, "sukaku") == "12......." * 81
    assert parse(dumps(grid, "pencilmark"))[0].candidates == masks
    assert json.loads(dumps(grid, "json"))["candidates"] == ["12"] * 81
    # a plain grid written as candidates has every digit in each empty cell
    assert dumps(formats.parse_one("." * 81), "sukaku") == "123456789" * 81


def test_the_position_json_is_a_candidate_format():
    pos = Position.coerce(EASY)
    cell = next(c for c, m in enumerate(pos.cands) if len(_digits(m)) >= 2)
    pos.eliminate(cell, min(_digits(pos.cands[cell])))
    (grid,) = parse(pos.to_json())
    assert grid.candidates[cell] == pos.cands[cell]
    assert grid == formats.parse_one(EASY)
    # and the JSON writer writes them back
    (again,) = parse(dumps(grid, "json"))
    assert again.candidates[cell] == pos.cands[cell]


@pytest.mark.parametrize("candidates, message", [
    ('"12"', "must be a list of 81 entries"),
    ('"1."', r"cell 1 \(r1c1\): '\.' is not a digit of a 9x9 grid"),
    ("[1, 10]", r"cell 1 \(r1c1\) is 10, outside 1\.\.9"),
    ("{}", "must be a string of digits or a list of integers"),
])
def test_bad_json_candidates_are_named(candidates, message):
    rest = "" if "12" in candidates else ', "1"' * 80
    text = '{"puzzle": "' + "." * 81 + '", "candidates": [' + candidates + rest + "]}"
    with pytest.raises(formats.ParseError, match=message):
        parse(text)


def test_a_position_starts_from_the_grid_candidates():
    grid = formats.parse_one(EASY)
    masks = list(Position.from_grid(grid).cands)
    cell = next(c for c, m in enumerate(masks) if len(_digits(m)) >= 3)
    masks[cell] &= masks[cell] - 1  # drop the lowest candidate
    restricted = Grid(grid.geometry, grid.values, candidates=masks)
    assert Position.coerce(restricted).cands[cell] == masks[cell]
    assert Position.coerce(grid).cands[cell] != masks[cell]
    # text goes the same way
    assert Position.parse(dumps(restricted, "sukaku")).cands[cell] == masks[cell]
