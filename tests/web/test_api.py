"""The JSON API of ``sudokit serve`` through FastAPI's test client: every endpoint, the errors
(malformed JSON, wrong types, huge bodies, oversized grids, time limits) and the OpenAPI document."""

from __future__ import annotations

import importlib.util
import json
import threading
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from sudokit.model.grid import Grid
from sudokit.model import formats
from sudokit.engines.logic import LogicalSolver, Position, hint, next_step
from sudokit.engines.search import solve as search_solve
from sudokit.adapters.web.app import create_app

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"

# An easy 9x9 (singles only) and a 6x6 (2x3 boxes).
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SIX = "1.....\n..3.5.\n.4....\n....2.\n.5.1..\n.....6"
MAX_BODY = 64 * 1024


@pytest.fixture(scope="module")
def client(pool):
    with TestClient(create_app(pool=pool, max_body=MAX_BODY)) as c:
        yield c


def solution(text: str, box=None) -> Grid:
    return search_solve(formats.parse_one(text, box=box)).solution


def position(text: str, box=None) -> dict:
    return json.loads(Position.from_grid(formats.parse_one(text, box=box)).to_json())


def error_of(response) -> str:
    body = response.json()
    assert set(body) == {"error"}, body
    assert isinstance(body["error"], str) and body["error"]
    return body["error"]


# --- the page -----------------------------------------------------------------------------------

def test_page_and_its_files_are_served_with_a_strict_policy(client):
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert 'src="/static/app.js"' in page.text
    csp = page.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "http" not in csp
    for name, kind in (("app.js", "javascript"), ("style.css", "css")):
        r = client.get(f"/static/{name}")
        assert r.status_code == 200 and kind in r.headers["content-type"]
        assert "http://" not in r.text and "https://" not in r.text  # nothing from elsewhere


@pytest.mark.parametrize("path", [
    "/static/tasks.py", "/static/..%2Fapp.py", "/static/%2e%2e%2f__init__.py",
    "/static/..%2F..%2F..%2Fpyproject.toml", "/static/index.html/", "/etc/passwd",
    "/static/", "/favicon.ico",
])
def test_no_request_reaches_other_files(client, path):
    r = client.get(path)
    assert r.status_code == 404
    assert "nothing here" in error_of(r) or "no such file" in error_of(r)


def test_every_response_closes_its_connection(client):
    # Chromium re-sends a POST answered 408 on a reused keep-alive connection: without this a
    # timed-out task would run three times
    for r in (client.get("/"), client.get("/api/info"), client.post("/api/solve", json={})):
        assert r.headers["connection"] == "close"


def test_serve_accepts_only_local_host_names_on_a_loopback_address():
    from sudokit.adapters.cli.serve import allowed_hosts

    assert {"127.0.0.1", "localhost"} <= set(allowed_hosts("127.0.0.1"))
    assert "evil.example" not in allowed_hosts("localhost")
    assert allowed_hosts("0.0.0.0") is None  # listening on the network: every name


def test_wrong_method_is_a_json_error(client):
    r = client.get("/api/solve")
    assert r.status_code == 405
    assert "GET" in error_of(r)


# --- the OpenAPI document -------------------------------------------------------------------------

def test_openapi_document_lists_every_endpoint_with_its_models(client):
    doc = client.get("/openapi.json").json()
    paths = doc["paths"]
    for name in ("parse", "solve", "count", "step", "round", "hint", "rate", "generate", "check",
                 "export"):
        assert f"/api/{name}" in paths and "post" in paths[f"/api/{name}"], name
    assert "get" in paths["/api/info"]
    schemas = doc["components"]["schemas"]
    for model in ("PositionModel", "StepModel", "StepRequest", "ErrorResponse", "GenerateRequest"):
        assert model in schemas
    step = paths["/api/step"]["post"]
    assert step["responses"]["408"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/ErrorResponse")
    assert "box" in schemas["PositionModel"]["properties"]


def test_info_names_the_techniques_and_limits(client):
    info = client.get("/api/info").json()
    ids = [t["id"] for t in info["techniques"]]
    assert ids[:1] == ["full-house"] and "hidden-single" in ids
    diffs = [t["difficulty"] for t in info["techniques"]]
    assert diffs == sorted(diffs)
    assert info["max_size"] >= 25 and info["max_body"] == MAX_BODY
    assert "line" in info["formats"] and "easy" in info["levels"] and "none" in info["symmetries"]


# --- happy paths ---------------------------------------------------------------------------------

def test_parse_a_line(client):
    r = client.post("/api/parse", json={"text": EASY})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["format"] == "line" and data["total"] == 1
    (p,) = data["puzzles"]
    assert p["size"] == 9 and p["box"] == [3, 3]
    assert p["position"]["givens"] == EASY
    assert p["filled"] == sum(ch != "." for ch in EASY)
    assert p["position"]["candidates"] == position(EASY)["candidates"]


def test_parse_a_12x12_file_keeps_its_box_shape(client):
    text = (EXAMPLES / "12x12.txt").read_text()
    r = client.post("/api/parse", json={"text": text, "filename": "12x12.txt"})
    assert r.status_code == 200, r.text
    p = r.json()["puzzles"][0]
    assert p["size"] == 12 and p["box"] == [3, 4]
    assert p["position"]["givens"] == formats.parse_one(text).to_line()


def test_parse_many_puzzles_and_use_only_the_file_name_extension(client):
    lines = (EXAMPLES / "svd-2016-03-19.txt").read_text().strip() + "\n" + EASY + "\n"
    r = client.post("/api/parse", json={"text": lines, "filename": "../../../../etc/passwd.txt"})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["total"] == len(data["puzzles"]) == 2
    assert data["puzzles"][1]["position"]["givens"] == EASY


def test_parse_keeps_pencil_mark_candidates(client):
    grid = formats.parse_one(EASY)
    pos = Position.from_grid(grid)
    # a cell with three candidates or more (one left would read as a placed digit)
    cell = next(c for c in pos.empty_cells() if len(grid.candidates_of(c)) >= 3)
    first = min(grid.candidates_of(cell))
    pos.eliminate(cell, first)
    text = formats.dumps_candidates(grid, pos.cands, "pencilmark")
    r = client.post("/api/parse", json={"text": text})
    assert r.status_code == 200, r.text
    cands = r.json()["puzzles"][0]["position"]["candidates"]
    assert str(first) not in cands[cell]
    # a cell with one candidate reads back as a placed digit, gone from its peers' candidates
    singles = [(c, m.bit_length()) for c, m in enumerate(pos.cands) if m and m & (m - 1) == 0]
    for c, d in singles:
        pos.place(c, d)
    assert cands == json.loads(pos.to_json())["candidates"]


def test_solve_gives_the_solution_with_the_givens_kept(client):
    r = client.post("/api/solve", json={"puzzle": EASY})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["status"] == "unique"
    assert data["solution"]["values"] == solution(EASY).to_line()
    assert data["solution"]["givens"] == EASY


def test_solve_ignores_wrong_entries_and_reports_several_solutions(client):
    pos = position(EASY)
    sol = solution(EASY).to_line()
    cell = EASY.index(".")
    wrong = next(d for d in "123456789" if d != sol[cell])
    pos["values"] = pos["givens"][:cell] + wrong + pos["givens"][cell + 1:]
    del pos["candidates"]
    assert client.post("/api/solve", json={"puzzle": pos}).json()["solution"]["values"] == sol
    sparse = "1" + "." * 80
    data = client.post("/api/solve", json={"puzzle": sparse}).json()
    assert data["status"] == "multiple" and formats.parse_one(data["solution"]["values"]).is_solved


@pytest.mark.parametrize("text,label,count", [
    (EASY, "unique", 1),
    ("." * 81, "at least 2", 2),
    # 1..8 in row 1 and 9 in column 9 lower down: r1c9 has no digit left
    ("12345678." + "." * 8 + "9" + "." * 63, "no solution", 0),
])
def test_count(client, text, label, count):
    r = client.post("/api/count", json={"puzzle": text})
    assert r.status_code == 200, r.text
    assert r.json() == {"count": count, "label": label}


def test_step_is_the_solver_s_next_step_and_the_position_after_it(client):
    r = client.post("/api/step", json={"puzzle": position(EASY)})
    assert r.status_code == 200, r.text
    data = r.json()
    expected = next_step(EASY)
    assert data["step"]["explanation"] == expected.explanation
    assert data["message"] == expected.explanation
    after = Position.from_json(data["position"])
    sol = solution(EASY).values
    assert after.agrees_with(sol)
    for r_, c_, d in data["step"]["placements"]:
        assert after.values[(r_ - 1) * 9 + c_ - 1] == d == sol[(r_ - 1) * 9 + c_ - 1]
    assert data["step"]["cells"] and data["step"]["houses"]


def test_step_uses_the_candidates_sent_and_the_techniques_chosen(client):
    singles = ["full-house", "hidden-single", "naked-single"]
    body = {"puzzle": position(EASY), "exclude": singles}
    data = client.post("/api/step", json=body).json()
    expected = LogicalSolver(exclude=singles).next_step(Position.parse(EASY))
    assert data["step"]["technique"] == expected.technique not in singles
    assert data["step"]["eliminations"] and not data["step"]["placements"]
    # the position after it lacks exactly those candidates
    after = Position.from_json(data["position"])
    for r_, c_, d in data["step"]["eliminations"]:
        assert not after.has((r_ - 1) * 9 + c_ - 1, d)
    only = client.post("/api/step", json={"puzzle": EASY, "techniques": ["naked-single"]}).json()
    assert only["step"] is None or only["step"]["technique"] == "naked-single"


def test_step_on_a_6x6(client):
    data = client.post("/api/step", json={"puzzle": SIX, "box": "2x3"}).json()
    assert data["position"]["box"] == [2, 3]
    assert data["step"]["explanation"] == next_step(Position.parse(SIX, box="2x3")).explanation


def test_step_on_a_solved_grid(client):
    data = client.post("/api/step", json={"puzzle": solution(EASY).to_line()}).json()
    assert data["step"] is None and data["solved"] and "already solved" in data["message"]


def test_round_places_every_single_at_once(client):
    r = client.post("/api/round", json={"puzzle": EASY})
    assert r.status_code == 200, r.text
    data = r.json()
    placements = [tuple(p) for s in data["steps"] for p in s["placements"]]
    assert len(placements) == len({(a, b) for a, b, _ in placements}) > 1
    after = Position.from_json(data["position"])
    assert after.agrees_with(solution(EASY).values)
    assert after.to_grid().filled == formats.parse_one(EASY).filled + len(placements)


def test_hint_gives_a_nudge_then_the_step(client):
    nudge = client.post("/api/hint", json={"puzzle": EASY}).json()
    assert nudge["hint"]["level"] == "nudge" and nudge["position"] is None
    assert nudge["hint"]["text"] == hint(EASY).text
    assert "step" not in nudge["hint"] or nudge["hint"]["step"] is None
    full = client.post("/api/hint", json={"puzzle": EASY, "level": "step"}).json()
    assert full["hint"]["step"]["explanation"] == next_step(EASY).explanation
    assert Position.from_json(full["position"]).to_grid().filled == formats.parse_one(EASY).filled + 1


def test_check_marks_wrong_entries(client):
    sol = solution(EASY).to_line()
    empty = [i for i, ch in enumerate(EASY) if ch == "."]
    right, bad = empty[0], empty[1]
    wrong = next(d for d in "123456789" if d != sol[bad] and d not in EASY[bad - bad % 9: bad - bad % 9 + 9])
    values = list(EASY)
    values[right], values[bad] = sol[right], wrong
    r = client.post("/api/check", json={"puzzle": {"box": [3, 3], "givens": EASY,
                                                   "values": "".join(values)}})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["wrong"] == [[bad // 9 + 1, bad % 9 + 1, int(wrong), int(sol[bad])]]
    assert data["entries"] == 2 and not data["solved"]
    done = client.post("/api/check", json={"puzzle": {"box": [3, 3], "givens": EASY, "values": sol}})
    assert done.json()["solved"] is True


def test_export_as_line_and_grid(client):
    pos = position(EASY)
    line = client.post("/api/export", json={"puzzle": pos}).json()
    assert line == {"format": "line", "text": EASY}
    grid = client.post("/api/export", json={"puzzle": pos, "to": "grid"}).json()["text"]
    assert formats.parse_one(grid).to_line() == EASY and "+" in grid
    r = client.post("/api/export", json={"puzzle": pos, "to": "nope"})
    assert r.status_code == 422 and "nope" in error_of(r)


def test_rate_when_rating_is_installed(client):
    r = client.post("/api/rate", json={"puzzle": EASY})
    if importlib.util.find_spec("sudokit.engines.rating") is None:
        assert r.status_code == 501 and "rating" in error_of(r)
        return
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["solved"] and 1.0 <= data["score"] < 3.0  # singles only


def test_generate_when_generation_is_installed(client):
    r = client.post("/api/generate", json={"size": 6, "seed": 7, "time_limit": 30})
    if importlib.util.find_spec("sudokit.engines.generate") is None:
        assert r.status_code == 501 and "generat" in error_of(r)
        return
    assert r.status_code == 200, r.text
    grid = Position.from_json(r.json()["position"]).to_grid()
    assert grid.size == 6
    assert search_solve(grid).status == "unique"


def test_generate_takes_a_score_range_a_technique_and_level_any(client):
    from sudokit.engines.rating import rate

    r = client.post("/api/generate", json={"size": 9, "seed": 3, "score": [2.5, 4.5],
                                           "technique": "naked-pair", "time_limit": 60})
    assert r.status_code == 200, r.text
    grid = Position.from_json(r.json()["position"]).to_grid()
    rating = rate(grid)
    assert 2.5 <= rating.score <= 4.5 and "naked-pair" in rating.techniques
    levels = {client.post("/api/generate", json={"size": 6, "seed": s, "level": "any",
                                                  "time_limit": 30}).json()["rating"]["level"]
              for s in range(6)}
    assert len(levels) > 1
    bad = client.post("/api/generate", json={"size": 4, "level": "hard", "time_limit": 5})
    assert bad.status_code == 422 and "4x4" in error_of(bad)


# --- bad input -------------------------------------------------------------------------------------

@pytest.mark.parametrize("body", [b"{", b'{"puzzle": }', b"\xff\xfe", b'{"puzzle": "1"'])
def test_malformed_json(client, body):
    r = client.post("/api/solve", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 422
    assert "JSON" in error_of(r)


@pytest.mark.parametrize("body,field", [
    ({"puzzle": 42}, "puzzle"),
    ({"puzzle": None}, "puzzle"),
    ({"puzzle": ["1", "2"]}, "puzzle"),
    ({}, "puzzle"),
    ({"puzzle": EASY, "time_limit": "soon"}, "time_limit"),
    ({"puzzle": EASY, "time_limit": -1}, "time_limit"),
    ({"puzzle": EASY, "techniques": "hidden-single"}, "techniques"),
    ({"puzzle": EASY, "surprise": 1}, "surprise"),
    ({"puzzle": {"box": [3], "givens": EASY}}, "box"),
    ({"puzzle": {"box": [3, 3], "givens": 5}}, "givens"),
])
def test_wrong_types(client, body, field):
    r = client.post("/api/step", json=body)
    assert r.status_code == 422
    assert field in error_of(r)


def test_a_body_that_is_not_an_object(client):
    for body in ([1, 2], "text", 3):
        r = client.post("/api/solve", json=body)
        assert r.status_code == 422 and error_of(r)


@pytest.mark.parametrize("endpoint,body,words", [
    ("/api/solve", {"puzzle": "hello world"}, "cells"),
    ("/api/solve", {"puzzle": "11" + "." * 79}, "r1c1 and r1c2 both hold 1"),
    ("/api/step", {"puzzle": EASY, "techniques": ["no-such-technique"]}, "unknown technique"),
    ("/api/hint", {"puzzle": EASY, "level": "everything"}, "level"),
    ("/api/parse", {"text": "   "}, "empty"),
    ("/api/parse", {"text": "12345"}, "line 1"),
    ("/api/step", {"puzzle": {"box": [3, 3], "givens": "?" * 81}, }, "'?'"),
    ("/api/step", {"puzzle": {"box": [3, 3], "givens": EASY, "values": "1" + EASY[1:]}}, "both hold 1"),
])
def test_bad_puzzles_are_422_with_a_message(client, endpoint, body, words):
    r = client.post(endpoint, json=body)
    assert r.status_code == 422, r.text
    assert words in error_of(r)


def test_huge_bodies_are_refused(client):
    big = json.dumps({"puzzle": "." * (MAX_BODY + 10)}).encode()
    r = client.post("/api/solve", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "larger than" in error_of(r)

    def chunks():  # no Content-Length: the cap is checked on the bytes as they come
        yield b'{"puzzle": "'
        for _ in range(MAX_BODY // 4096 + 2):
            yield b"." * 4096
        yield b'"}'

    r = client.post("/api/solve", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and "larger than" in error_of(r)
    r = client.post("/api/solve", content=b"{}", headers={"content-type": "application/json",
                                                            "content-length": "lots"})
    assert r.status_code == 400


def test_grids_above_the_maximum_are_refused(pool):
    with TestClient(create_app(pool=pool, max_size=9)) as small:
        text = (EXAMPLES / "16x16.txt").read_text()
        for endpoint, body in (("/api/parse", {"text": text}), ("/api/solve", {"puzzle": text}),
                               ("/api/step", {"puzzle": {"box": [4, 4], "givens": "." * 256}}),
                               ("/api/generate", {"size": 16})):
            r = small.post(endpoint, json=body)
            assert r.status_code == 422, (endpoint, r.text)
            assert "larger than this server supports" in error_of(r)


def test_host_header_is_checked_when_asked(pool):
    with TestClient(create_app(pool=pool, allowed_hosts=["127.0.0.1"]),
                    base_url="http://127.0.0.1") as local:
        assert local.get("/api/info").status_code == 200
        assert local.get("/api/info", headers={"host": "evil.example"}).status_code == 400


# --- time limits -----------------------------------------------------------------------------------

EMPTY_25 = "." * 625


def test_a_request_past_its_time_limit_is_stopped_with_408(client, pool):
    r = client.post("/api/step", json={"puzzle": EMPTY_25, "time_limit": 0.3})
    assert r.status_code == 408
    assert "time limit of 0.3 s" in error_of(r)
    # nothing of it runs on (its worker stopped it or was replaced); the server answers as before
    assert pool.stats()["running_slow"] == 0
    ok = client.post("/api/step", json={"puzzle": EASY, "time_limit": 30})
    assert ok.status_code == 200 and ok.json()["step"]


def test_a_slow_request_does_not_block_the_others(client):
    slow: dict = {}

    def run_slow():
        slow["response"] = client.post("/api/step", json={"puzzle": EMPTY_25, "time_limit": 3})

    t = threading.Thread(target=run_slow)
    t.start()
    try:
        fast = [client.post("/api/count", json={"puzzle": EASY, "time_limit": 30}) for _ in range(3)]
        # every quick answer came while the 25x25 was still being worked on
        assert t.is_alive()
        assert all(r.status_code == 200 and r.json()["label"] == "unique" for r in fast)
    finally:
        t.join()
    assert slow["response"].status_code == 408


# --- every step available (POST /api/steps) -----------------------------------------------------

def test_steps_lists_every_instance_of_every_technique(client):
    r = client.post("/api/steps", json={"puzzle": position(EASY)})
    assert r.status_code == 200, r.text
    data = r.json()
    expected = LogicalSolver().all_steps(Position.parse(EASY))
    assert [s["explanation"] for s in data["steps"]] == [s.explanation for s in expected]
    assert len({s["technique"] for s in data["steps"]}) >= 2
    assert data["complete"] is True and data["warning"] is None
    assert str(len(expected)) in data["message"]
    # none is applied: every placement agrees with the solution
    sol = solution(EASY).values
    for s in data["steps"]:
        for r_, c_, d in s["placements"]:
            assert sol[(r_ - 1) * 9 + c_ - 1] == d
    singles = ["full-house", "hidden-single", "naked-single"]
    other = client.post("/api/steps", json={"puzzle": EASY, "exclude": singles}).json()
    assert other["steps"] and all(s["technique"] not in singles for s in other["steps"])
    only = client.post("/api/steps", json={"puzzle": EASY, "techniques": ["naked-single"]}).json()
    assert {s["technique"] for s in only["steps"]} <= {"naked-single"}


def test_steps_on_a_solved_grid_a_bad_puzzle_and_at_the_time_limit(client):
    data = client.post("/api/steps", json={"puzzle": solution(EASY).to_line()}).json()
    assert data["steps"] == [] and "already solved" in data["message"]
    r = client.post("/api/steps", json={"puzzle": "11" + EASY[2:]})
    assert r.status_code == 422 and error_of(r)
    r = client.post("/api/steps", json={"puzzle": "." * 256, "box": "4x4", "time_limit": 0.3})
    assert r.status_code in (200, 408), r.text
    if r.status_code == 200:
        data = r.json()
        assert data["complete"] is False and "time limit" in data["message"]
        assert data["warning"]  # an empty grid has several solutions
    doc = client.get("/openapi.json").json()
    assert "/api/steps" in doc["paths"] and "StepsResponse" in doc["components"]["schemas"]


def test_search_options_are_the_solvers_and_unknown_ones_are_refused(client):
    from sudokit.engines.logic.options import Options
    from sudokit.adapters.web.models import SearchOptions

    assert list(SearchOptions.model_fields) == Options.names()
    r = client.post("/api/steps", json={"puzzle": EASY, "options": {"als_overlap": False}})
    assert r.status_code == 200, r.text
    r = client.post("/api/steps", json={"puzzle": EASY, "options": {"overlap": False}})
    assert r.status_code == 422 and "overlap" in r.text
