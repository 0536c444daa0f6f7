"""Variant puzzles through the JSON API: every endpoint that takes a puzzle reads ``variants``
and ``regions`` (in the request or the position object) and solves, counts, checks, draws,
prints, exports and generates by the variant's rules; bad variant data is a 422 naming it."""

from __future__ import annotations

import base64
import json
import re

import pytest

from sudokit.engines.generate import generate
from sudokit.model.geometry import Geometry
from sudokit.model import formats
from sudokit.engines.search import count_solutions

SIX = "1.....\n..3.5.\n.4....\n....2.\n.5.1..\n.....6"


@pytest.fixture(scope="module")
def x_puzzle() -> str:
    """A 9x9 X puzzle, unique by its rules (made by the generator, whose seed fixes it)."""
    return generate(9, variant="x", seed=3).puzzle.to_line()


@pytest.fixture(scope="module")
def jigsaw_6x6():
    """A 6x6 jigsaw puzzle and its regions (N*N symbols)."""
    made = generate(6, variant="jigsaw", seed=5)
    g = made.puzzle.geometry
    return made.puzzle.to_line(), "".join("ABCDEF"[r] for r in g.regions)


def error_of(response, status: int = 422) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"}, body
    return body["error"]


def rows_of(values: str, n: int) -> list[str]:
    return [values[r * n:(r + 1) * n] for r in range(n)]


def holds_every_digit(cells: list[str], n: int) -> bool:
    return sorted(cells) == sorted("123456789ABCDEFG"[:n])


# --- solving and counting by the variant's rules ---------------------------------------------------

def test_the_x_puzzle_is_unique_only_under_its_rules(x_puzzle):
    # what the tests below rest on: classic rules leave it several solutions
    assert count_solutions(formats.parse_one(x_puzzle), limit=2) == 2


@pytest.mark.parametrize("variants", ["x", ["x"], "diagonal", " X , "])
def test_solve_an_x_puzzle_by_its_diagonals(client, x_puzzle, variants):
    r = client.post("/api/solve", json={"puzzle": x_puzzle, "variants": variants})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["status"] == "unique"
    solution = data["solution"]
    assert solution["variants"] == ["x"]
    grid = rows_of(solution["values"], 9)
    assert holds_every_digit([grid[i][i] for i in range(9)], 9)
    assert holds_every_digit([grid[i][8 - i] for i in range(9)], 9)
    for given, value in zip(x_puzzle, solution["values"]):
        assert given == "." or given == value


def test_count_follows_the_variant_in_the_request_or_in_the_position(client, x_puzzle):
    assert client.post("/api/count", json={"puzzle": x_puzzle}).json()["label"] == "at least 2"
    assert client.post("/api/count", json={"puzzle": x_puzzle, "variants": "x"}).json()["label"] == "unique"
    position = {"box": [3, 3], "givens": x_puzzle, "variants": ["x"]}
    assert client.post("/api/count", json={"puzzle": position}).json()["label"] == "unique"


def test_a_json_puzzle_carries_its_own_variant(client, x_puzzle):
    text = json.dumps({"box": [3, 3], "puzzle": x_puzzle, "variants": ["x"]})
    assert client.post("/api/count", json={"puzzle": text}).json()["label"] == "unique"


def test_solve_a_jigsaw_by_its_regions(client, jigsaw_6x6):
    puzzle, regions = jigsaw_6x6
    r = client.post("/api/solve", json={"puzzle": puzzle, "box": "2x3", "regions": regions})
    assert r.status_code == 200, r.text
    solution = r.json()["solution"]
    assert solution["regions"] == regions
    values = solution["values"]
    for symbol in "ABCDEF":
        assert holds_every_digit([v for v, s in zip(values, regions) if s == symbol], 6)


def test_regions_as_region_numbers(client, jigsaw_6x6):
    puzzle, regions = jigsaw_6x6
    rows = [["ABCDEF".index(ch) + 10 for ch in regions[r * 6:(r + 1) * 6]] for r in range(6)]
    r = client.post("/api/count", json={"puzzle": puzzle, "box": "2x3", "regions": rows})
    assert r.status_code == 200, r.text
    assert r.json()["label"] == "unique"
    flat = [x for row in rows for x in row]
    solved = client.post("/api/solve", json={"puzzle": puzzle, "box": "2x3", "regions": flat}).json()
    assert solved["solution"]["regions"] == regions


def test_anti_knight_givens_that_clash_are_refused_naming_the_rule(client):
    # two 5s a knight's move apart (r1c3, r2c5): fine in a classic grid, not in anti-knight
    puzzle = "..5" + "." * 10 + "5" + "." * 67
    assert client.post("/api/count", json={"puzzle": puzzle}).status_code == 200
    message = error_of(client.post("/api/count", json={"puzzle": puzzle, "variants": "anti-knight"}))
    assert "r1c3" in message and "r2c5" in message and "knight" in message


def test_check_marks_an_entry_wrong_by_the_rules(client, x_puzzle):
    solved = client.post("/api/solve", json={"puzzle": x_puzzle, "variants": "x"}).json()["solution"]["values"]
    empty = x_puzzle.index(".")
    wrong = next(d for d in "123456789" if d != solved[empty])
    values = x_puzzle[:empty] + wrong + x_puzzle[empty + 1:]
    position = {"box": [3, 3], "givens": x_puzzle, "values": values, "variants": "x"}
    data = client.post("/api/check", json={"puzzle": position}).json()
    r, c = divmod(empty, 9)
    assert [r + 1, c + 1, int(wrong), int(solved[empty])] in data["wrong"]
    assert data["unique"] is True


# --- the logical solver, pictures, print, export, parse -------------------------------------------------

def x_solution(client, puzzle: str) -> str:
    return client.post("/api/solve", json={"puzzle": puzzle, "variants": "x"}).json()["solution"]["values"]


def agrees_with(step: dict, solution: str) -> bool:
    """No placement but the solution's digit, no elimination of it."""
    digit = lambda r, c: int(solution[(r - 1) * 9 + c - 1])  # noqa: E731
    return (all(digit(r, c) == d for r, c, d in step["placements"])
            and all(digit(r, c) != d for r, c, d in step["eliminations"]))


def test_a_hint_on_an_x_puzzle_follows_its_rules(client, x_puzzle):
    solution = x_solution(client, x_puzzle)
    nudge = client.post("/api/hint", json={"puzzle": x_puzzle, "variants": "x"})
    assert nudge.status_code == 200, nudge.text[:300]
    assert nudge.json()["hint"]["text"]
    data = client.post("/api/hint", json={"puzzle": x_puzzle, "variants": "x", "level": "step"}).json()
    assert agrees_with(data["hint"]["step"], solution)
    assert data["position"]["variants"] == ["x"]  # the position after it keeps the rules


def test_the_steps_of_an_x_puzzle_use_its_diagonals_and_are_sound(client, x_puzzle):
    solution = x_solution(client, x_puzzle)
    r = client.post("/api/steps", json={"puzzle": x_puzzle, "variants": "x", "techniques": [
        "full-house", "hidden-single", "naked-single", "locked-candidates-pointing",
        "locked-candidates-claiming"]})
    assert r.status_code == 200, r.text[:300]
    steps = r.json()["steps"]
    assert steps and all(agrees_with(s, solution) for s in steps)
    assert any(h.startswith("diagonal") for s in steps for h in s["houses"])


def test_step_round_and_rate_take_an_x_puzzle(client, x_puzzle):
    solution = x_solution(client, x_puzzle)
    step = client.post("/api/step", json={"puzzle": x_puzzle, "variants": "x"}).json()["step"]
    assert agrees_with(step, solution)
    after = client.post("/api/round", json={"puzzle": x_puzzle, "variants": "x"}).json()["position"]
    assert all(v in (".", s) for v, s in zip(after["values"], solution))
    rating = client.post("/api/rate", json={"puzzle": x_puzzle, "variants": "x"}).json()
    assert rating["status"] == "unique" and rating["score"] > 0
    # without its rules the same givens have several solutions: no rating
    assert client.post("/api/rate", json={"puzzle": x_puzzle}).json()["status"] == "multiple"


def test_render_draws_the_diagonals(client, x_puzzle):
    def dashed_lines(body):
        svg = client.post("/api/render", json=body).json()["data"]
        return re.findall(r"<line [^>]*stroke-dasharray", svg)

    assert len(dashed_lines({"puzzle": x_puzzle, "variants": "x"})) == len(dashed_lines({"puzzle": x_puzzle})) + 2


def test_print_answers_a_puzzle_unique_by_its_rules(client, x_puzzle):
    classic = client.post("/api/print", json={"puzzles": [x_puzzle], "solutions": True}).json()
    assert classic["without_answer"] == 1  # several solutions by classic rules
    r = client.post("/api/print", json={"puzzles": [x_puzzle], "solutions": True, "variants": ["x"]})
    assert r.status_code == 200, r.text
    assert r.json()["without_answer"] == 0
    assert base64.b64decode(r.json()["data"]).startswith(b"%PDF")


def test_export_to_json_keeps_the_variant(client, jigsaw_6x6):
    puzzle, regions = jigsaw_6x6
    r = client.post("/api/export", json={"puzzle": puzzle, "box": "2x3", "regions": regions,
                                         "variants": "anti-king", "to": "json"})
    assert r.status_code == 200, r.text
    doc = json.loads(r.json()["text"])
    assert doc["variants"] == ["anti-king"] and doc["regions"] == regions


def test_parse_applies_the_variant_to_each_puzzle(client, x_puzzle):
    data = client.post("/api/parse", json={"text": x_puzzle, "variants": "x"}).json()
    assert data["puzzles"][0]["position"]["variants"] == ["x"]
    # a clash on the main diagonal (r1c1 and r4c4 both 7) is refused by X rules only
    clash = "7" + "." * 29 + "7" + "." * 50
    assert client.post("/api/parse", json={"text": clash}).status_code == 200
    assert "diagonal 1" in error_of(client.post("/api/parse", json={"text": clash, "variants": "x"}))


# --- generating ---------------------------------------------------------------------------------------

def test_generate_a_windoku_returns_its_rules_and_is_unique_by_them(client):
    r = client.post("/api/generate", json={"size": 9, "variants": "windoku", "seed": 4})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["variants"] == ["windoku"] and data["regions"] is None
    assert data["position"]["variants"] == ["windoku"]
    grid = formats.parse_one(data["position"]["givens"]).with_geometry(Geometry.of(9).with_variants("windoku"))
    assert count_solutions(grid, limit=2) == 1


def test_generate_an_x_puzzle_at_a_level(client):
    data = client.post("/api/generate", json={"size": 9, "variants": ["x"], "level": "easy",
                                              "seed": 1}).json()
    assert data["variants"] == ["x"] and data["rating"]["level"] == "easy"
    rated = client.post("/api/rate", json={"puzzle": data["position"]}).json()  # its rules go along
    assert rated["score"] == data["rating"]["score"]


def test_generate_a_jigsaw_draws_its_regions(client):
    r = client.post("/api/generate", json={"size": 6, "variants": ["jigsaw"], "seed": 2})
    assert r.status_code == 200, r.text
    data = r.json()
    regions = data["regions"]
    assert regions and len(regions) == 36 and data["position"]["regions"] == regions
    geometry = Geometry.of(6).with_variants(regions=regions)  # N connected regions of N cells
    assert geometry.boxes != Geometry.of(6).boxes
    grid = formats.parse_one(data["position"]["givens"], box="2x3").with_geometry(geometry)
    assert count_solutions(grid, limit=2) == 1


# --- bad variant data -------------------------------------------------------------------------------

NOT_CONNECTED = "AAAAAB" "BBBBBA" "CCCCCC" "DDDDDD" "EEEEEE" "FFFFFF"


@pytest.mark.parametrize("path, body, words", [
    ("/api/solve", {"variants": "x,sudoku-killer"}, ["unknown variant", "sudoku-killer"]),
    ("/api/count", {"variants": 7}, ["variants", "list"]),
    ("/api/solve", {"variants": ["windoku"]}, ["windoku", "square boxes", "2x3"]),
    ("/api/solve", {"regions": "AABB"}, ["regions", "36 symbols", "got 4"]),
    ("/api/solve", {"regions": "A" * 12 + "B" * 24}, ["6 regions", "got 2"]),
    ("/api/solve", {"regions": "AAAAAAABBBBBCCCCCCDDDDDDEEEEEEFFFFFF"}, ["region 'A' has 7 cells", "needs 6"]),
    ("/api/solve", {"regions": NOT_CONNECTED}, ["region 'A'", "not connected"]),
    ("/api/solve", {"variants": "jigsaw"}, ["jigsaw", "regions"]),
    ("/api/hint", {"regions": "AABB"}, ["36 symbols"]),
    ("/api/render", {"variants": "hyper"}, ["windoku", "square boxes"]),
    ("/api/export", {"variants": ["x", ""], "regions": NOT_CONNECTED}, ["not connected"]),
    ("/api/count", {"regions": 12}, ["regions", "region numbers"]),
])
def test_bad_variant_data_is_a_422_naming_the_problem(client, path, body, words):
    message = error_of(client.post(path, json={"puzzle": SIX, **body}))
    for word in words:
        assert word in message, message


def test_bad_variant_data_in_a_position_object_or_generate(client):
    position = {"box": [2, 3], "givens": SIX.replace("\n", ""), "variants": ["kings"]}
    assert "unknown variant 'kings'" in error_of(client.post("/api/solve", json={"puzzle": position}))
    assert "square boxes" in error_of(client.post("/api/generate", json={"size": 6, "variants": "windoku"}))
    assert "not connected" in error_of(client.post("/api/generate", json={"size": 6, "regions": NOT_CONNECTED}))
