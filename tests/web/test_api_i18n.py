"""The API in Swedish (issue 22): the ``lang`` field of every request body, else the
Accept-Language header, else English; every text of the answer (explanations, hints, names,
levels, messages, errors) in that language, the ids and the page's house names unchanged."""

from __future__ import annotations

import re

import pytest

from sudokit.i18n import gettext
from sudokit.engines.logic import next_step
from sudokit.engines.logic.techniques import REGISTRY

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARDER = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
SV = {"Accept-Language": "sv-SE,sv;q=0.9,en;q=0.5"}


def test_info_lists_the_languages_and_names_techniques_in_the_asked_one(client):
    en = client.get("/api/info").json()
    assert en["languages"] == ["en", "sv"]
    sv = client.get("/api/info", headers=SV).json()
    assert [t["id"] for t in sv["techniques"]] == [t["id"] for t in en["techniques"]]
    names = {t["id"]: t["name"] for t in sv["techniques"]}
    assert names["hidden-single"] == "Enda rutan (hidden single)"
    assert names["xy-wing"] == gettext(REGISTRY["xy-wing"].name, "sv") != REGISTRY["xy-wing"].name
    assert client.get("/api/info?lang=sv").json()["techniques"] == sv["techniques"]


@pytest.mark.parametrize("how", ["field", "header"])
def test_step_in_swedish_by_field_or_header(client, how):
    body, headers = ({"puzzle": HARDER, "lang": "sv"}, {}) if how == "field" else (
        {"puzzle": HARDER}, SV)
    sv = client.post("/api/step", json=body, headers=headers).json()
    en = client.post("/api/step", json={"puzzle": HARDER}).json()
    step = next_step(HARDER)
    assert sv["step"]["technique"] == en["step"]["technique"] == step.technique
    assert sv["step"]["placements"] == en["step"]["placements"]
    assert sv["step"]["explanation"] == step.explain("sv") == sv["message"]
    assert en["step"]["explanation"] == step.explain("en")
    assert sv["step"]["name"] == gettext(step.english_name, "sv")
    assert sv["step"]["houses"] == en["step"]["houses"]  # the names the page reads
    assert sv["step"]["house_names"][0].startswith(("rad ", "kolumn ", "box "))


def test_the_field_wins_over_the_header(client):
    r = client.post("/api/step", json={"puzzle": HARDER, "lang": "en"}, headers=SV).json()
    assert r["step"]["explanation"] == next_step(HARDER).explain("en")


def test_steps_and_rounds_in_swedish(client):
    r = client.post("/api/steps", json={"puzzle": HARDER, "lang": "sv"}).json()
    assert r["steps"] and re.match(r"\d+ steg av \d+ metod(er)?$", r["message"])
    for s in r["steps"]:
        assert not re.search(r"\br\d+c\d+", s["explanation"]) and re.search(r"r\d+k\d+", s["explanation"])
    r = client.post("/api/round", json={"puzzle": EASY}, headers=SV).json()
    assert r["message"].startswith("omgång: ")


def test_hint_in_swedish(client):
    nudge = client.post("/api/hint", json={"puzzle": EASY, "lang": "sv"}).json()
    assert " titta på " in nudge["message"] and nudge["hint"]["name"].endswith(")")
    full = client.post("/api/hint", json={"puzzle": EASY, "level": "step"}, headers=SV).json()
    assert full["message"] == full["hint"]["step"]["explanation"]
    assert "passar bara i" in full["message"] or "enda kandidaten" in full["message"]


def test_rating_level_in_swedish_with_the_level_id_kept(client):
    r = client.post("/api/rate", json={"puzzle": EASY, "lang": "sv"})
    if r.status_code == 501:
        pytest.skip("rating not installed")
    doc = r.json()
    assert doc["level"] == "easy" and doc["level_name"] == "lätt"
    assert " lätt" in doc["message"]


def test_errors_in_swedish(client):
    r = client.post("/api/solve", json={"puzzle": "12345", "lang": "sv"})
    assert r.status_code == 422 and "hittade 5 rutor" in r.json()["error"]
    r = client.post("/api/solve", json={"puzzle": "12345"}, headers=SV)
    assert r.status_code == 422 and "hittade 5 rutor" in r.json()["error"]
    r = client.post("/api/solve", json={"puzzle": "12345"})
    assert "found 5 cells" in r.json()["error"]
    bad = EASY[:1] + "3" + EASY[2:]  # two 3s in row 1
    r = client.post("/api/hint", json={"puzzle": bad, "lang": "sv"})
    assert r.status_code == 422 and "har båda 3 (rad 1)" in r.json()["error"]


def test_an_unknown_language_is_a_clear_422(client):
    r = client.post("/api/step", json={"puzzle": EASY, "lang": "xx"})
    assert r.status_code == 422
    assert "lang" in r.json()["error"] and "choose one of en, sv" in r.json()["error"]
    # an unknown language in the header is not an error: English
    r = client.post("/api/step", json={"puzzle": EASY}, headers={"Accept-Language": "xx"})
    assert r.status_code == 200 and r.json()["step"]["explanation"] == next_step(EASY).explain("en")


def test_every_request_body_takes_lang(client):
    """The page sends lang in every request body: no endpoint refuses it."""
    schema = client.get("/openapi.json").json()
    bodies = [op["requestBody"]["content"]["application/json"]["schema"]["$ref"].split("/")[-1]
              for path in schema["paths"].values() for op in path.values() if "requestBody" in op]
    assert bodies
    for name in bodies:
        assert "lang" in schema["components"]["schemas"][name]["properties"], name


# --- the rarer errors (cages, regions, variants, formats) and the HTTP ones ------------------------

SIX = "." * 36
NOT_CONNECTED = "AAAAAB" "BBBBBA" "CCCCCC" "DDDDDD" "EEEEEE" "FFFFFF"


@pytest.mark.parametrize("body, english, swedish", [
    ({"puzzle": "." * 81, "cages": "2 r1c1 r1c2"},
     "cage 2 (r1c1, r1c2): 2 different digits 1-9 make 3 to 17, never 2",
     "bur 2 (r1k1, r1k2): 2 olika siffror 1-9 blir 3 till 17, aldrig 2"),
    ({"puzzle": "." * 81, "cages": "5 r1c1 r1c2\n7 r1c2 r1c3"},
     "r1c2 is in two cages: cage 5 (r1c1, r1c2) and cage 7 (r1c2, r1c3)",
     "r1k2 ligger i två burar: bur 5 (r1k1, r1k2) och bur 7 (r1k2, r1k3)"),
    ({"puzzle": SIX, "regions": NOT_CONNECTED},
     "region 'A' is not connected", "region 'A' hänger inte ihop"),
    ({"puzzle": "1,2,,4\n" * 4, "format": "comma"},
     "line 1, column 5: empty cell between commas", "rad 1, kolumn 5: tom ruta mellan kommatecken"),
])
def test_rarer_errors_are_a_swedish_422(client, body, english, swedish):
    en = client.post("/api/solve", json=body)
    sv = client.post("/api/solve", json={**body, "lang": "sv"})
    assert en.status_code == sv.status_code == 422
    assert english in en.json()["error"], en.json()
    assert swedish in sv.json()["error"], sv.json()


def test_http_errors_follow_accept_language(client):
    r = client.get("/api/nothing", headers=SV)
    assert r.status_code == 404 and r.json()["error"] == "här finns inget: /api/nothing"
    assert client.get("/api/nothing").json()["error"] == "nothing here: /api/nothing"
    r = client.get("/static/nothing.js", headers=SV)
    assert r.status_code == 404 and "filen finns inte: nothing.js" in r.json()["error"]
    r = client.get("/api/solve", headers=SV)
    assert r.status_code == 405 and r.json()["error"] == "GET är inte tillåtet på /api/solve"


def test_a_huge_body_is_refused_in_swedish(client):
    import json

    from sudokit.adapters.web.limits import MAX_BODY

    big = json.dumps({"puzzle": "." * (MAX_BODY + 10), "lang": "sv"}).encode()
    r = client.post("/api/solve", content=big,
                    headers={"content-type": "application/json", **SV})
    assert r.status_code == 413
    assert r.json()["error"] == f"anropets innehåll är större än {MAX_BODY // 2**20} MB"
    r = client.post("/api/solve", content=big, headers={"content-type": "application/json"})
    assert r.json()["error"] == f"the request body is larger than {MAX_BODY // 2**20} MB"
