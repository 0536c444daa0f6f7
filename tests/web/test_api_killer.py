"""Killer puzzles through the JSON API: every endpoint that takes a puzzle reads ``cages`` (the
JSON list or the text form, in the request or the position object), answers by the sums, and
sends the cages back in its positions; bad cages are a 422 naming the cage."""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET

import pytest

from killer_cases import unique_killer
from sudokit.model.rules.killer import cage_fields, cages_text

SYMBOLS = "123456789"


@pytest.fixture(scope="module")
def killer():
    """A 9x9 killer with no givens, unique by its cages: (cages as JSON, cages as text, solution)."""
    g, solution = unique_killer(9, 21)
    return cage_fields(g)["cages"], cages_text(g.cages, 9), "".join(SYMBOLS[v - 1] for v in solution)


EMPTY = "." * 81


def error_of(response, status: int = 422) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"}, body
    return body["error"]


def sums_hold(values: str, cages) -> bool:
    """Every cage of the JSON list adds up to its sum in ``values`` with no digit twice."""
    for total, cells in cages:
        digits = [int(values[(int(r) - 1) * 9 + int(c) - 1])
                  for r, c in (re.fullmatch(r"r(\d+)c(\d+)", x).groups() for x in cells)]
        if sum(digits) != total or len(set(digits)) != len(digits):
            return False
    return True


def test_an_empty_grid_is_unique_only_with_its_cages(client, killer):
    cages, _, _ = killer
    assert client.post("/api/count", json={"puzzle": EMPTY}).json()["label"] == "at least 2"
    assert client.post("/api/count", json={"puzzle": EMPTY, "cages": cages}).json()["label"] == "unique"


@pytest.mark.parametrize("form", ["list", "text", "position"])
def test_solve_by_the_sums_and_the_cages_come_back(client, killer, form):
    cages, text, solution = killer
    if form == "position":
        body = {"puzzle": {"box": [3, 3], "givens": EMPTY, "cages": cages}}
    else:
        body = {"puzzle": EMPTY, "cages": cages if form == "list" else text}
    r = client.post("/api/solve", json=body)
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["status"] == "unique"
    assert data["solution"]["values"] == solution
    assert sums_hold(data["solution"]["values"], cages)
    assert data["solution"]["cages"] == cages


def test_a_json_puzzle_carries_its_cages(client, killer):
    import json

    cages, _, solution = killer
    text = json.dumps({"puzzle": EMPTY, "cages": cages})
    r = client.post("/api/solve", json={"puzzle": text})
    assert r.status_code == 200, r.text
    assert r.json()["solution"]["values"] == solution
    parsed = client.post("/api/parse", json={"text": text}).json()
    assert parsed["puzzles"][0]["position"]["cages"] == cages


def test_a_hint_names_a_cage_and_is_sound(client, killer):
    cages, _, solution = killer
    r = client.post("/api/hint", json={"puzzle": EMPTY, "cages": cages, "level": "step"})
    assert r.status_code == 200, r.text
    data = r.json()
    assert re.search(r"cage \d+ \(r\dc\d", data["message"]), data["message"]
    step = data["hint"]["step"]
    for r_, c, d in step["eliminations"]:
        assert solution[(r_ - 1) * 9 + c - 1] != str(d)
    for r_, c, d in step["placements"]:
        assert solution[(r_ - 1) * 9 + c - 1] == str(d)
    assert data["position"]["cages"] == cages


def test_steps_of_a_killer_highlight_the_cage_cells(client, killer):
    cages, _, solution = killer
    r = client.post("/api/steps", json={"puzzle": EMPTY, "cages": cages})
    assert r.status_code == 200, r.text
    steps = r.json()["steps"]
    named = [s for s in steps if s["technique"] == "cage-combination"]
    assert named
    cells_of = {tuple(sorted(tuple(int(v) for v in re.fullmatch(r"r(\d+)c(\d+)", x).groups())
                             for x in cells)) for _, cells in cages}
    for s in named:
        assert tuple(sorted(tuple(c) for c in s["cells"])) in cells_of
        for r_, c, d in s["eliminations"]:
            assert solution[(r_ - 1) * 9 + c - 1] != str(d)


def test_step_and_check_follow_the_sums(client, killer):
    cages, _, solution = killer
    r = client.post("/api/step", json={"puzzle": EMPTY, "cages": cages})
    assert r.status_code == 200, r.text
    assert r.json()["position"]["cages"] == cages
    wrong = "1" + solution[1:] if solution[0] != "1" else "2" + solution[1:]
    position = {"box": [3, 3], "givens": EMPTY, "values": wrong, "cages": cages}
    data = client.post("/api/check", json={"puzzle": position}).json()
    assert [1, 1] == data["wrong"][0][:2]


def test_rate_a_killer(client, killer):
    cages, _, _ = killer
    r = client.post("/api/rate", json={"puzzle": EMPTY, "cages": cages})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["status"] == "unique" and data["score"] > 0
    assert "cage-combination" in data["techniques"]


def test_render_draws_each_cage_with_its_sum(client, killer):
    cages, _, _ = killer
    r = client.post("/api/render", json={"puzzle": EMPTY, "cages": cages, "candidates": True})
    assert r.status_code == 200, r.text
    root = ET.fromstring(r.json()["data"])
    ns = "{http://www.w3.org/2000/svg}"
    assert len([p for p in root.iter(f"{ns}polygon") if p.get("class") == "cage"]) == len(cages)
    sums = [t.text for t in root.iter(f"{ns}text") if t.get("class") == "cage-sum"]
    assert sorted(sums) == sorted(str(total) for total, _ in cages)
    png = client.post("/api/render", json={"puzzle": EMPTY, "cages": cages, "to": "png"})
    assert png.status_code == 200 and base64.b64decode(png.json()["data"])[:4] == b"\x89PNG"


def test_print_and_export_keep_the_cages(client, killer):
    cages, _, _ = killer
    r = client.post("/api/print", json={"puzzles": [EMPTY], "cages": cages, "solutions": True})
    assert r.status_code == 200, r.text
    assert r.json()["without_answer"] == 0  # unique by its sums, so answered
    out = client.post("/api/export", json={"puzzle": EMPTY, "cages": cages, "to": "json"}).json()
    assert '"cages"' in out["text"] and "r1c1" in out["text"]


@pytest.mark.parametrize("cages, words", [
    ([[10, ["r1c1", "r10c1"]]], ["cage 1", "r10c1", "outside the 9x9 grid"]),
    ("5 r1c1 r1c2\n7 r1c2 r1c3", ["r1c2 is in two cages", "cage 5 (r1c1, r1c2)"]),
    ([[2, ["r1c1", "r1c2"]]], ["cage 2 (r1c1, r1c2)", "never 2"]),
    ([[50, ["r1c1-r1c9", "r2c1"]]], ["10 cells", "at most 9"]),
    ([[10, "r1c1"]], ["cage 1", "[sum"]),
    ("r1c1 r1c2", ["line 1", "sum"]),
    (12, ["cages", "list"]),
])
def test_bad_cages_are_a_422_naming_the_cage(client, cages, words):
    for body in ({"puzzle": EMPTY, "cages": cages},
                 {"puzzle": {"box": [3, 3], "givens": EMPTY, "cages": cages}}):
        message = error_of(client.post("/api/solve", json=body))
        for word in words:
            assert word in message, message
    message = error_of(client.post("/api/render", json={"puzzle": EMPTY, "cages": cages}))
    assert words[-1] in message


def test_killer_without_cages_is_refused(client):
    assert "cages" in error_of(client.post("/api/solve", json={"puzzle": EMPTY, "variants": "killer"}))


def test_generate_makes_a_killer_with_its_cages(client):
    import json

    from sudokit.model import formats
    from sudokit.engines.search import reference

    r = client.post("/api/generate", json={"size": 6, "box": "2x3", "variants": ["killer"], "seed": 4})
    assert r.status_code == 200, r.text
    data = r.json()
    position = data["position"]
    assert position["cages"] and not any(ch not in ".0" for ch in position["givens"])
    (grid,) = formats.parse(json.dumps({"box": [2, 3], "puzzle": position["givens"],
                                        "cages": position["cages"]}))
    assert reference.count_solutions(grid, 2) == 1
