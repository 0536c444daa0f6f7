"""A candidate grid through the API (issue 39): ``/api/parse`` gives the candidates its filled
cells leave, and ``/api/hint`` and ``/api/rate`` answer as for the puzzle itself."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudokit.model import formats
from sudokit.engines.logic import Position
from sudokit.engines.search import solve

PUZZLE = formats.parse_one((Path(__file__).resolve().parents[2] / "examples" / "expressen.txt").read_text())


@pytest.fixture(scope="module")
def sukaku(client) -> dict:
    """The puzzle written as a sukaku (every digit a candidate of every empty cell), parsed."""
    r = client.post("/api/parse", json={"text": formats.dumps(PUZZLE, "sukaku")})
    assert r.status_code == 200, r.text
    return r.json()["puzzles"][0]["position"]


def test_parse_gives_the_candidates_the_filled_cells_leave(sukaku):
    assert sukaku["candidates"] == json.loads(Position.from_grid(PUZZLE).to_json())["candidates"]


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_hint_on_a_candidate_grid_is_the_solution_s(client, sukaku, lang):
    r = client.post("/api/hint", json={"puzzle": sukaku, "level": "step", "lang": lang})
    assert r.status_code == 200, r.text
    step = r.json()["hint"]["step"]
    solution = solve(PUZZLE).solution
    assert all(solution[r - 1, c - 1] == d for r, c, d in step["placements"])
    assert all(solution[r - 1, c - 1] != d for r, c, d in step["eliminations"])


def test_a_candidate_grid_rates_as_its_puzzle(client):
    text = formats.dumps(PUZZLE, "sukaku")
    as_sukaku = client.post("/api/rate", json={"puzzle": text})
    as_line = client.post("/api/rate", json={"puzzle": PUZZLE.to_line()})
    assert as_sukaku.status_code == as_line.status_code == 200, as_sukaku.text
    assert as_sukaku.json()["score"] == as_line.json()["score"] < 3
