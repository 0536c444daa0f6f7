"""``POST /api/read-image``: a picture in base64 or as a data URL; 422 for what is not a
picture or has no grid; the body cap applies."""

from __future__ import annotations

import base64

import pytest
from conftest import NINE, draw_grid, np, png_bytes, tilt, turn, values_of
from fastapi.testclient import TestClient

from sudokit.adapters.web.app import create_app
from sudokit.adapters.web.pool import WorkerPool


@pytest.fixture(scope="module")
def client():
    pool = WorkerPool(1)
    try:
        with TestClient(create_app(pool=pool)) as c:
            yield c
    finally:
        pool.close()


def _b64(img) -> str:
    return base64.b64encode(png_bytes(img)).decode()


def test_reads_a_picture_sent_as_a_data_url(client):
    picture = tilt(turn(draw_grid(values_of(NINE)), 90))
    r = client.post("/api/read-image", json={"image": "data:image/png;base64," + _b64(picture)})
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["puzzle"] == NINE and doc["size"] == 9 and doc["box"] == [3, 3]
    assert doc["position"]["box"] == [3, 3] and doc["position"]["givens"]
    assert len(doc["confidence"]) == 81 and len(doc["corners"]) == 4
    assert doc["rotation"] == 90 and doc["status"] == "unique"
    assert doc["repaired"] == [] and doc["doubtful"] == []
    assert doc["image"].startswith("data:image/png;base64,")
    png = base64.b64decode(doc["image"].split(",", 1)[1])
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_plain_base64_and_size(client):
    r = client.post("/api/read-image", json={"image": _b64(draw_grid(values_of(NINE))),
                                             "size": 9, "repair": False})
    assert r.status_code == 200 and r.json()["puzzle"] == NINE


@pytest.mark.parametrize("image,words", [
    ("not base64!!", "base64"),
    (base64.b64encode(b"hello").decode(), "not a picture"),
    ("data:text/plain,hello", "base64"),
])
def test_bad_pictures_are_422(client, image, words):
    r = client.post("/api/read-image", json={"image": image})
    assert r.status_code == 422 and words in r.json()["error"]


def test_no_grid_is_422(client):
    r = client.post("/api/read-image", json={"image": _b64(np.full((400, 400), 255, np.uint8))})
    assert r.status_code == 422 and "no grid" in r.json()["error"]


def test_tiny_picture_is_422(client):
    r = client.post("/api/read-image", json={"image": _b64(np.zeros((1, 1), np.uint8))})
    assert r.status_code == 422 and "too small" in r.json()["error"]


def test_body_cap_applies():
    pool = WorkerPool(1)
    try:
        with TestClient(create_app(pool=pool, max_body=10_000)) as small:
            r = small.post("/api/read-image", json={"image": "A" * 20_000})
            assert r.status_code == 413 and "error" in r.json()
    finally:
        pool.close()
