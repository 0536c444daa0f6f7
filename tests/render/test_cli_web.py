"""sudokit render / print and the web API's /api/render and /api/print: what they write, and
clear errors with no file left behind."""

from __future__ import annotations

import base64
import io
import json
import re
import xml.etree.ElementTree as ET
from importlib.metadata import metadata

import pytest
import typer.main
from fastapi.testclient import TestClient
from render_data import AIC_POSITION, EASY, HARD, digits, pdf_pages_text
from typer.testing import CliRunner

from sudokit.adapters.cli.main import app
from sudokit.model import formats
from sudokit.adapters.web.app import create_app
from sudokit.adapters.web.pool import WorkerPool

pytest.importorskip("reportlab")
pytest.importorskip("PIL")
runner = CliRunner()


def cli(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.mark.parametrize("ext, magic", [("svg", b"<svg"), ("png", b"\x89PNG"), ("pdf", b"%PDF")])
def test_render_each_format(tmp_path, ext, magic):
    out = tmp_path / f"grid.{ext}"
    result = cli("render", HARD, "-o", out, "--candidates", "--size-px", 300)
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(magic)


def test_render_step_draws_the_chain(tmp_path):
    src = tmp_path / "pos.json"
    src.write_text(json.dumps(AIC_POSITION))
    out = tmp_path / "step.svg"
    result = cli("render", src, "-o", out, "--step", "--coordinates")
    assert result.exit_code == 0, result.output
    assert 'class="link weak"' in out.read_text() and 'class="link strong"' in out.read_text()


@pytest.mark.parametrize("args, code, text", [
    (["render", HARD, "-o", "{tmp}/x.gif"], 2, "unknown picture extension"),
    (["render", HARD, "-o", "{tmp}/missing/x.png"], 3, "does not exist"),
    (["render", HARD, "-o", "{tmp}"], 2, "unknown picture extension"),
    (["render", "12345", "-o", "{tmp}/x.png"], 3, "cells"),
    (["print", EASY, "-o", "{tmp}/b.pdf", "--per-page", "5"], 2, "1, 2, 4 or 6"),
    (["print", EASY, "-o", "{tmp}/b.png"], 2, ".pdf"),
    (["print", "1.3.", "-o", "{tmp}/b.pdf"], 3, ""),
    (["render", "11" + HARD[2:], "-o", "{tmp}/x.svg"], 3, "both hold 1"),
])
def test_bad_input_clear_error_no_file(tmp_path, args, code, text):
    result = cli(*[a.replace("{tmp}", str(tmp_path)) for a in args])
    assert result.exit_code == code, result.output
    said = " ".join(result.output.replace("│", " ").split())
    assert "error" in said.lower() and text in said
    assert [p.name for p in tmp_path.iterdir()] == []


def test_print_booklet_with_answers(tmp_path):
    src = tmp_path / "puzzles.txt"
    src.write_text("\n".join([EASY, HARD]))
    out = tmp_path / "book.pdf"
    result = cli("print", src, "-o", out, "--solutions", "--per-page", "2", "--title", "Trip",
                 "--paper", "letter")
    assert result.exit_code == 0, result.output
    pages = pdf_pages_text(out.read_bytes())
    assert len(pages) == 2  # puzzles on one page, answers on the next
    assert "Trip" in pages[0] and "Trip: answers" in pages[1]
    assert "".join(str(v) for v in formats.parse_one(HARD).values if v) in digits(pages[0])


def test_generate_writes_a_booklet(tmp_path):
    out = tmp_path / "gen.pdf"
    result = cli("generate", "--count", 2, "--seed", 5, "-o", out)
    assert result.exit_code == 0, result.output
    puzzles = [line.split()[0] for line in result.stdout.splitlines() if line.strip()]
    pages = pdf_pages_text(out.read_bytes())
    text = digits("".join(pages))
    for p in puzzles:
        assert "".join(ch for ch in p if ch != ".") in text
    assert any("Answer" in p for p in pages)


def test_every_help_names_its_extra_whole():
    """Rich reads ``[render]`` as markup and drops it: each install hint must survive."""
    extras = set(metadata("sudokit").get_all("Provides-Extra"))
    hints = []
    for name in sorted(typer.main.get_command(app).commands):
        result = runner.invoke(app, [name, "--help"], env={"COLUMNS": "100", "NO_COLOR": "1"})
        assert result.exit_code == 0, result.output
        said = " ".join(result.output.replace("│", " ").split())
        for hint in re.findall(r"pip install (\S+)", said):
            hints.append(hint)
            named = re.fullmatch(r"""(['"])sudokit\[(\w+)\]\1[.,;)]?""", hint)
            assert named and named.group(2) in extras, f"sudokit {name} --help: pip install {hint}"
    assert len(hints) >= 4  # render, print, generate -o, read


# --- the web API ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def client():
    pool = WorkerPool(1)
    with TestClient(create_app(pool=pool)) as c:
        yield c
    pool.close()


def test_api_render_svg_and_png(client):
    r = client.post("/api/render", json={"puzzle": HARD, "candidates": True, "cells": [[1, 1]]})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["media_type"] == "image/svg+xml" and body["encoding"] == "utf-8"
    assert ET.fromstring(body["data"]).tag.endswith("svg")
    r = client.post("/api/render", json={"puzzle": HARD, "to": "png", "size_px": 200})
    assert r.status_code == 200, r.text
    png = base64.b64decode(r.json()["data"])
    from PIL import Image

    assert Image.open(io.BytesIO(png)).size[0] == 200


def test_api_render_next_step_and_given_step(client):
    r = client.post("/api/render", json={"puzzle": AIC_POSITION, "next_step": True,
                                         "coordinates": True})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["step"]["technique"] == "aic"
    assert 'class="link weak"' in body["data"]
    # the step the page got from /api/step, sent back to be drawn
    r2 = client.post("/api/render", json={"puzzle": AIC_POSITION, "step": body["step"],
                                          "coordinates": True})
    assert r2.status_code == 200 and r2.json()["data"] == body["data"]


@pytest.mark.parametrize("payload, text", [
    ({"puzzle": "12345"}, "cells"),
    ({"puzzle": HARD, "cells": [[10, 1]]}, "outside"),
    ({"puzzle": HARD, "to": "gif"}, "to"),
    ({"puzzle": HARD, "step": {"cells": [[0, 0]]}}, "outside"),
    ({"puzzle": HARD, "size_px": 10}, "size_px"),
])
def test_api_render_bad_input(client, payload, text):
    r = client.post("/api/render", json=payload)
    assert r.status_code == 422, r.text
    assert text in r.json()["error"]


def test_api_print(client):
    r = client.post("/api/print", json={"puzzles": [EASY, HARD], "solutions": True,
                                        "per_page": 1, "title": "Class 4B"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["pages"] == 3 and body["puzzles"] == 2 and body["without_answer"] == 0
    pdf = base64.b64decode(body["data"])
    assert pdf.startswith(b"%PDF")
    pages = pdf_pages_text(pdf)
    assert "Class 4B" in pages[0]


@pytest.mark.parametrize("payload, text", [
    ({"puzzles": [EASY], "per_page": 5}, "per_page"),
    ({"puzzles": []}, "puzzles"),
    ({"puzzles": [EASY, "nonsense"]}, "puzzle 2"),
])
def test_api_print_bad_input(client, payload, text):
    r = client.post("/api/print", json=payload)
    assert r.status_code == 422, r.text
    assert text in r.json()["error"]
