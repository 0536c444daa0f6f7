"""The JSON API on random bodies: right and wrong types, huge numbers, Unicode digits in the box
and format fields, nested junk, bodies that are not JSON at all, sent to every POST endpoint.

No answer is a 500 (an internal error) or another 5xx but 503 (no worker free, under load);
every error is JSON ``{"error": "..."}`` with a message; a request ends within its time limit.
"""

from __future__ import annotations

import base64
import json

import pytest
from hypothesis import example, given, strategies as st

from .budget import fuzz_settings, watched
from .strategies import (HOSTILE_CHARS, LANGS, SMALL_SHAPES, UNICODE_DIGITS, VARIANT_NAMES,
                         broken_cages, broken_regions, cage_list, grids, image_bytes, jigsaw_regions,
                         json_texts, killer_cages, mangled)

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from sudokit.model import formats  # noqa: E402
from sudokit.adapters.web.app import create_app  # noqa: E402
from sudokit.adapters.web.pool import WorkerPool  # noqa: E402

def _schema() -> dict:
    pool = WorkerPool(1)  # not started: the app is built only for its OpenAPI document
    try:
        return create_app(pool=pool).openapi()
    finally:
        pool.close()


def _fields(doc: dict) -> dict[str, list[str]]:
    """Each POST endpoint of the app (``parse``, ``read-image``, ...) and the fields its body
    takes, read from the app's own OpenAPI document: a new endpoint or field is fuzzed too,
    or fails test_every_endpoint_and_field_is_fuzzed."""
    schemas = doc["components"]["schemas"]
    out = {}
    for path, operations in doc["paths"].items():
        if "post" in operations and path.startswith("/api/"):
            body = operations["post"]["requestBody"]["content"]["application/json"]["schema"]
            out[path[len("/api/"):]] = sorted(schemas[body["$ref"].split("/")[-1]]["properties"])
    return out


FIELDS = _fields(_schema())
ENDPOINTS = sorted(FIELDS)
#: Statuses that are no bug: success, bad input (4xx), no worker free under load (503).
SERVER_ERRORS_ALLOWED = {503}

EASY9 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
FOUR = "1.3.....2..4.1.."
SIX = "1.....\n..3.5.\n.4....\n....2.\n.5.1..\n.....6"


@pytest.fixture(scope="module")
def client():
    pool = WorkerPool(1)
    try:
        with TestClient(create_app(pool=pool, time_limit=2.0, slow_time_limit=2.0),
                        raise_server_exceptions=False) as c:
            yield c
    finally:
        pool.close()


# --- field values --------------------------------------------------------------------------------

_huge = st.sampled_from([10**30, -10**30, 2**63, 2**64 + 1, 10**400, 1e308, -1e308, 1e-320])
_junk = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 70), _huge, st.floats(allow_nan=False),
              st.text(HOSTILE_CHARS, max_size=12), st.text(max_size=8)),
    lambda inner: st.one_of(st.lists(inner, max_size=5),
                            st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12)


def _position(draw) -> dict:
    shape = draw(st.sampled_from(SMALL_SHAPES[:4]))
    n = shape[0] * shape[1]
    grid = draw(grids([shape], comments=False))
    pos: dict = {"box": list(shape), "givens": grid.to_line()}
    if draw(st.booleans()):
        pos["values"] = draw(st.one_of(st.just(grid.to_line()), st.text("123456789.\u00b2",
                                                                          max_size=n * n + 1)))
    if draw(st.booleans()):
        pos["candidates"] = draw(st.lists(st.one_of(st.text("123456789\u00b2\u0663.", max_size=4),
                                                    _junk), min_size=n * n - 1, max_size=n * n + 1))
    # then break one field now and then
    if draw(st.integers(0, 3)) == 0:
        key = draw(st.sampled_from(["box", "givens", "values", "candidates", "extra"]))
        pos[key] = draw(st.one_of(_junk, st.sampled_from([[2, "\u00b2"], ["2", "2"], [10**30, 1],
                                                          [0, 0], [2, 2, 2], [-2, -2], "2x2",
                                                          [True, 2], [2.0, 2.0], [6, 6]])))
    return pos


@st.composite
def puzzles(draw):
    kind = draw(st.sampled_from(["text", "text", "position", "junk"]))
    if kind == "position":
        return _position(draw)
    if kind == "junk":
        return draw(_junk)
    return draw(st.one_of(
        st.sampled_from([EASY9, FOUR, SIX, "." * 16, "." * 36, "\u00b2" * 16, "", "5" + EASY9[1:],
                         "1" * 16, "\ufeff" + FOUR, FOUR + "\x00"]),
        mangled(shapes=SMALL_SHAPES[:4]), json_texts(), st.text(HOSTILE_CHARS, max_size=100)))


_boxes = st.one_of(st.sampled_from([None, "2x2", "2x3", "3x2", "3x3", "\u00b2x2", "2x\u0663",
                                    "\uff12x\uff12", "1x4", "0x0", "x", "", "9" * 15 + "x1",
                                    "2x2x2", [2, 2], 4, "\u00b2" * 17]), _junk)
_formats = st.one_of(st.sampled_from([None, *formats.formats(), "csv", "pm", "\u00b2", "",
                                      "LINE", "bogus", "\u0663" * 40]), _junk)
_time_limits = st.one_of(st.sampled_from([None, 0, -1, 0.001, 0.5, 1, "1", True, 601, 1e308,
                                          10**400, "nan", [1], {"s": 1}]), _junk)
_jobs = st.one_of(st.sampled_from([None, "a", "job-1", "", "x" * 65, "\u00b2", "a b", "../x",
                                   1, ["a"]]), _junk)
_techniques = st.one_of(st.lists(st.sampled_from(["hidden-single", "naked-single", "x-wing",
                                                  "bogus", "", "\u00b2"]), max_size=4), _junk)
VALUES = {
    "text": st.one_of(puzzles().filter(lambda p: isinstance(p, str)), _junk),
    "puzzle": puzzles(),
    "box": _boxes,
    "format": _formats,
    "to": _formats,
    "filename": st.one_of(st.sampled_from(["p.sdk", "p.csv", "p.json", "p.xml", "p", ".",
                                           "p.\u00b2", "../../etc/passwd", "x" * 300]), _junk),
    "time_limit": _time_limits,
    "job": _jobs,
    "techniques": _techniques,
    "exclude": _techniques,
    "uniqueness": st.one_of(st.booleans(), _junk),
    "level": st.one_of(st.sampled_from(["nudge", "step", "easy", "extreme", "bogus", "",
                                        "\u00b2"]), _junk),
    "entries": st.one_of(st.booleans(), _junk),
    "size": st.one_of(st.sampled_from([4, 6, 4, 6, 9, 0, 5, 7, 37, 64, 65, -4, "4", 4.0, 4.5,
                                       True, 10**30, 10**400]), _junk),
    "symmetry": st.one_of(st.sampled_from(["none", "180", "90", "mirror", "diagonal", "bogus",
                                           "\u00b2"]), _junk),
    "seed": st.one_of(st.sampled_from([0, 1, 2**63 - 1, 2**63, -1, "1", 1.5, 10**400]), _junk),
}
_shapes = st.sampled_from(SMALL_SHAPES[:4])




_cells = st.lists(st.lists(st.integers(-1, 10), min_size=1, max_size=4), max_size=6)
_flags = st.one_of(st.booleans(), _junk)


@st.composite
def _images(draw):
    """A picture made with Pillow (whole, cut, damaged, junk) in base64 or a data URL, or text
    that is no base64 at all."""
    ext, data = draw(image_bytes())
    coded = base64.b64encode(data).decode("ascii")
    return draw(st.sampled_from([
        coded, f"data:image/{ext};base64,{coded}", f"data:image/png;base64,{coded}",
        coded[:-1], coded + "!", "data:image/png;base64,", "data:text/plain,hello", "",
        "\u00b2" * 8]))


VALUES.update({
    "lang": st.one_of(st.none(), LANGS, _junk),
    "variants": st.one_of(VARIANT_NAMES, st.lists(VARIANT_NAMES, max_size=3), _junk),
    "regions": st.one_of(_shapes.flatmap(jigsaw_regions), _shapes.flatmap(broken_regions),
                         _shapes.flatmap(jigsaw_regions).map(lambda t: [ord(c) % 9 for c in t]),
                         _junk),
    "cages": st.one_of(_shapes.flatmap(killer_cages).map(cage_list),
                       _shapes.flatmap(broken_cages).map(cage_list), _junk),
    "options": st.one_of(st.dictionaries(st.sampled_from(["ur_missing_candidates", "als_in_chains",
                                                          "als_overlap", "bogus"]), _flags,
                                         max_size=3), _junk),
    "score": st.one_of(st.lists(st.floats(-1, 25), max_size=3), _junk),
    "technique": st.one_of(st.sampled_from(["x-wing", "bug-plus-1", "cage-combination",
                                            "empty-rectangle", "bogus", ""]), _junk),
    "image": st.one_of(_images(), _junk),
    "repair": _flags, "candidates": _flags, "coordinates": _flags, "next_step": _flags,
    "solution": _flags, "rate": _flags, "solutions": _flags,
    "cells": st.one_of(_cells, _junk), "marked": st.one_of(_cells, _junk),
    "eliminations": st.one_of(_cells, _junk), "placements": st.one_of(_cells, _junk),
    "caption": st.one_of(st.text(HOSTILE_CHARS, max_size=40), st.just("x" * 2001), _junk),
    "size_px": st.one_of(st.sampled_from([50, 400, 49, 4001, 0, 10**30, 1.5, "400"]), _junk),
    "step": st.one_of(st.fixed_dictionaries({}, optional={
        "technique": st.sampled_from(["x-wing", "bogus"]), "placements": _cells,
        "eliminations": _cells, "cells": _cells, "candidates": _cells,
        "links": st.lists(_junk, max_size=3), "branches": _junk, "sets": _junk}), _junk),
    "style": st.one_of(st.sampled_from(["screen", "print", "Print", ""]), _junk),
    "paper": st.one_of(st.sampled_from(["a4", "letter", "A4", "a5"]), _junk),
    "per_page": st.one_of(st.sampled_from([1, 2, 4, 6, 3, 0, "4", 4.0]), _junk),
    "title": st.one_of(st.text(HOSTILE_CHARS, max_size=30), st.just("x" * 201), _junk),
    "puzzles": st.one_of(st.lists(puzzles(), min_size=0, max_size=3), _junk),
})
VALUES["to"] = st.one_of(st.sampled_from(["svg", "png", "pdf", "SVG"]), _formats)
ACCEPT_LANGUAGE = st.sampled_from([None, "sv", "sv-SE,sv;q=0.9,en;q=0.8", "en-US,en;q=0.5", "de",
                                   "*", "", "sv;q=abc", "\u00e5" * 3, "x" * 300, ";;;,,,"])

#: Work that may take long (generation and rating of larger grids) is kept short.
SHORT = 1.0


@st.composite
def bodies(draw, endpoint: str):
    """A JSON body for ``endpoint``: its fields (each maybe of a wrong type), now and then a
    field it does not know, a missing required one, or a body that is no object at all."""
    shape = draw(st.sampled_from(["fields", "fields", "fields", "fields", "junk"]))
    if shape == "junk":
        return draw(_junk)
    fields = FIELDS[endpoint]
    chosen = draw(st.lists(st.sampled_from(fields), unique=True, max_size=len(fields)))
    for needed in ("puzzle", "text", "image", "puzzles"):  # mostly there: the work gets done
        if needed in fields and needed not in chosen and draw(st.integers(0, 3)):
            chosen.append(needed)
    body = {f: draw(VALUES[f]) for f in chosen}
    if endpoint in ("generate", "print", "rate"):
        body["time_limit"] = SHORT
    if endpoint == "generate" and isinstance(body.get("size"), int) and body["size"] > 9:
        body["time_limit"] = SHORT  # a 36x36 could use all of its time limit
    if draw(st.integers(0, 9)) == 0:
        body[draw(st.text(max_size=8))] = draw(_junk)
    return body


@st.composite
def raw_bodies(draw):
    """Bytes that are not a JSON object: malformed JSON, other encodings, deep nesting."""
    return draw(st.one_of(
        st.sampled_from([b"", b"{", b"}", b"null", b"[]", b"1", b'"x"', b"{'a': 1}",
                         b'{"puzzle": NaN}', b'{"puzzle": Infinity}', b'{"size": 1e999}',
                         b'{"puzzle": "' + b"\xff\xfe" + b'"}', b'\xef\xbb\xbf{"puzzle": "x"}',
                         b'{"puzzle": "a", "puzzle": 1}', b"[" * 10000 + b"]" * 10000,
                         b'{"a":' * 5000 + b"1" + b"}" * 5000, b'{"size": ' + b"9" * 5000 + b"}",
                         b'{"puzzle": "\\ud800"}', b'{"text": "\\u0000"}']),
        st.binary(max_size=200),
        st.text(HOSTILE_CHARS, max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass")),
    ))


def post(client, endpoint: str, *, body=None, raw: bytes | None = None,
         language: str | None = None):
    content = raw if raw is not None else json.dumps(body, ensure_ascii=False).encode(
        "utf-8", "surrogatepass")
    headers = {"content-type": "application/json"}
    if language is not None:
        headers["accept-language"] = language.encode("utf-8")  # raw bytes: not ASCII either
    with watched("web", (endpoint, raw if raw is not None else body, language)):
        r = client.post(f"/api/{endpoint}", content=content, headers=headers)
    shown = f"POST /api/{endpoint} {content[:300]!r}"
    assert r.status_code < 500 or r.status_code in SERVER_ERRORS_ALLOWED, (
        f"{r.status_code} for {shown}: {r.text[:300]}")
    try:
        data = r.json()
    except ValueError:
        raise AssertionError(f"{r.status_code} answer is not JSON for {shown}: {r.text[:300]}")
    if r.status_code >= 400:
        assert isinstance(data, dict) and set(data) == {"error"}, f"{shown}: {data!r}"[:600]
        assert isinstance(data["error"], str) and data["error"].strip(), shown
        assert "Traceback" not in data["error"]
    else:
        assert r.status_code == 200 and isinstance(data, dict), f"{shown}: {r.status_code}"
    return r


def test_every_endpoint_and_field_is_fuzzed():
    """Every POST endpoint of the app is fuzzed (the list is the app's own) and every field of
    its body has values to fuzz it with; one without fails here, by name."""
    assert {"parse", "solve", "steps", "render", "print", "read-image", "cancel"} <= set(ENDPOINTS)
    missing = sorted({f"{e}.{f}" for e, fields in FIELDS.items() for f in fields if f not in VALUES})
    assert not missing, f"fields with no fuzz values: {missing}"


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@fuzz_settings("web", 0.05, ci=8)
@given(data=st.data())
def test_random_bodies(client, endpoint, data):
    post(client, endpoint, body=data.draw(bodies(endpoint), label="body"),
         language=data.draw(ACCEPT_LANGUAGE, label="Accept-Language"))


#: Endpoints whose answer does not hang on the clock for small puzzles (generate, rate and
#: print may meet their time limit in one language and not the other).
STEADY = [e for e in ENDPOINTS if e not in ("generate", "rate", "print", "cancel", "read-image")]


@fuzz_settings("web", 0.1, ci=12, per_example=2)
@given(endpoint=st.sampled_from(STEADY), data=st.data())
def test_the_language_changes_only_the_words(client, endpoint, data):
    """The same body in English and in Swedish (by ``lang`` or by Accept-Language) gets the
    same status; a 200's fields are the same, but for the text."""
    body = data.draw(bodies(endpoint), label="body")
    if not isinstance(body, dict):
        return
    body.pop("lang", None)
    body["time_limit"] = 2
    english = post(client, endpoint, body={**body, "lang": "en"})
    swedish = (post(client, endpoint, body={**body, "lang": "sv"}) if data.draw(st.booleans())
               else post(client, endpoint, body=body, language="sv-SE,sv;q=0.9"))
    if {english.status_code, swedish.status_code} & {408, 409, 429, 503}:
        return  # a time limit or a busy worker: no answer to compare
    assert english.status_code == swedish.status_code, (
        f"{endpoint} {body!r}"[:400] + f": {english.status_code} in English, "
        f"{swedish.status_code} in Swedish: {swedish.text[:200]}")
    if english.status_code == 200 and endpoint in ("solve", "count", "check", "parse", "export"):
        a, b = english.json(), swedish.json()
        for key in set(a) & set(b):
            if isinstance(a[key], (int, bool, list)) and key not in ("message", "label"):
                assert a[key] == b[key], f"{endpoint} {key}: {a[key]!r} != {b[key]!r}"


@fuzz_settings("web", 0.15, ci=20)
@given(endpoint=st.sampled_from(ENDPOINTS), raw=raw_bodies())
@example(endpoint="solve", raw=b"[" * 10000 + b"]" * 10000)
@example(endpoint="parse", raw=b'{"text": "' + "\u00b2".encode() * 16 + b'", "box": "\xc2\xb2x2"}')
def test_bodies_that_are_not_json_objects(client, endpoint, raw):
    post(client, endpoint, raw=raw)


@pytest.mark.parametrize("endpoint,body", [
    ("solve", {"puzzle": FOUR, "box": "\u00b2x2"}),
    ("solve", {"puzzle": FOUR, "box": "\uff12x\uff12"}),
    ("parse", {"text": FOUR, "format": "\u00b2"}),
    ("parse", {"text": '{"puzzle": "' + "." * 16 + '", "size": "\u00b2"}'}),
    ("solve", {"puzzle": {"box": [2, "\u00b2"], "givens": FOUR}}),
    ("solve", {"puzzle": {"box": [10**30, 1], "givens": FOUR}}),
    ("hint", {"puzzle": {"box": [2, 2], "givens": FOUR, "candidates": ["\u00b2"] * 16}}),
    ("generate", {"size": 10**400}), ("generate", {"size": 4, "box": "\u0663x\u0663"}),
    ("generate", {"size": 6, "symmetry": "90", "time_limit": SHORT}),
    ("export", {"puzzle": FOUR, "to": "\u00b2"}), ("export", {"puzzle": EASY9, "to": "sukaku"}),
    ("rate", {"puzzle": "\u0663" * 81}), ("check", {"puzzle": "5" + EASY9[1:]}),
    ("cancel", {"job": "\u00b2"}), ("step", {"puzzle": FOUR, "time_limit": 10**400}),
])
def test_chosen_bodies(client, endpoint, body):
    post(client, endpoint, body=body)
