"""Killer cages drawn as newspapers print them: a dashed outline a little inside each cage's
cells (neighbouring cages' lines never touch), the sum small in the top-left corner of the
cage's first cell, pencil marks clear of it; the same in SVG, PNG, PDF and booklets."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest
from typer.testing import CliRunner

from killer_cases import unique_killer
from sudokit import Geometry, Grid
from sudokit.engines import render
from sudokit.adapters.cli.main import app
from sudokit.model.rules.killer import cages_text
from sudokit.engines.logic import Position
from sudokit.engines.render.book import Entry, booklet_pages
from sudokit.engines.render.scene import Polyline, Text

NS = "{http://www.w3.org/2000/svg}"
SIDE = 450


@pytest.fixture(scope="module")
def killer() -> Geometry:
    return unique_killer(9, 11)[0]


def grid_box(root: ET.Element) -> tuple[float, float, float]:
    """The grid's left, top and cell side, from its border (the one rect with a thick stroke)."""
    border = max((r for r in root.iter(f"{NS}rect") if r.get("stroke")),
                 key=lambda r: float(r.get("width")))
    return float(border.get("x")), float(border.get("y")), float(border.get("width")) / 9


def test_each_cage_is_one_dashed_outline_inside_its_own_cells(killer):
    root = ET.fromstring(render.svg(Grid.empty(killer), size_px=SIDE))
    x0, y0, cs = grid_box(root)
    outlines = [p for p in root.iter(f"{NS}polygon") if p.get("class") == "cage"]
    assert len(outlines) == len(killer.cages)
    for outline, cage in zip(outlines, killer.cages):
        assert outline.get("stroke-dasharray"), "a cage's outline is dashed"
        for point in outline.get("points").split():
            x, y = (float(v) for v in point.split(","))
            col, row = (x - x0) / cs, (y - y0) / cs
            cell = int(row) * 9 + int(col)
            assert cell in cage.cells, (cage, point)
            # a few pixels inside the cell's edges: two cages' lines keep apart
            for along in (col, row):
                assert min(along % 1, 1 - along % 1) * cs > 0.05 * cs


def test_the_sum_is_in_the_top_left_corner_of_the_first_cell(killer):
    root = ET.fromstring(render.svg(Grid.empty(killer), size_px=SIDE))
    x0, y0, cs = grid_box(root)
    sums = [t for t in root.iter(f"{NS}text") if t.get("class") == "cage-sum"]
    assert [t.text for t in sums] == [str(c.total) for c in killer.cages]
    for text, cage in zip(sums, killer.cages):
        first = min(cage.cells, key=lambda c: divmod(c, 9))  # top row, leftmost
        r, c = divmod(first, 9)
        x, y = float(text.get("x")), float(text.get("y"))
        assert x0 + c * cs < x < x0 + (c + 0.3) * cs
        assert y0 + r * cs < y < y0 + (r + 0.35) * cs
        assert float(text.get("font-size")) < cs * 0.3  # small beside the digits


def test_pencil_marks_stay_clear_of_the_sum(killer):
    position = Position.from_grid(Grid.empty(killer))
    scene = render.scene(position, candidates=True, size=SIDE)
    sums = [s for s in scene.shapes if isinstance(s, Text) and s.role == "cage-sum"]
    marks = [s for s in scene.shapes if isinstance(s, Text) and s.role == "candidate"]
    assert marks
    def box(t: Text):
        w = t.size * 0.62 * len(t.text)
        left = t.x - w / 2 if t.anchor == "middle" else t.x
        return left, t.y - t.size * 0.75, left + w, t.y

    for label in sums:
        a = box(label)
        for mark in marks:
            b = box(mark)
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (label, mark)


def test_the_scene_is_one_description_for_every_backend(killer):
    grid = Grid.empty(killer)
    scene = render.scene(grid, size=SIDE)
    paths = [s for s in scene.shapes if isinstance(s, Polyline) and s.role == "cage"]
    assert len(paths) == len(killer.cages) and all(p.dash and p.closed for p in paths)
    pytest.importorskip("PIL")
    from PIL import Image

    with_cages = Image.open(io.BytesIO(render.png(grid, size_px=SIDE))).convert("L")
    plain = Image.open(io.BytesIO(render.png(Grid.empty(Geometry.of(9)), size_px=SIDE))).convert("L")
    box = tuple(int(v) for v in sum_box(scene))
    assert dark(with_cages.crop(box)) > 3 and dark(plain.crop(box)) == 0


def dark(image) -> int:
    return sum(1 for v in image.tobytes() if v < 110)


def ink_at(pdf: bytes, box: tuple[float, float, float, float], dpi: int = 144) -> int:
    """Dark pixels of the first page rasterised, inside ``box`` (in PDF points from the top left)."""
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm is not installed")
    from PIL import Image

    png = subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "1", "-"],
                         input=pdf, capture_output=True, check=True).stdout
    page = Image.open(io.BytesIO(png)).convert("L")
    k = dpi / 72
    return dark(page.crop(tuple(int(v * k) for v in box)))


def sum_box(scene) -> tuple[float, float, float, float]:
    """Where the first cage's sum is written (inside its glyphs, clear of the grid's lines)."""
    label = next(s for s in scene.shapes if isinstance(s, Text) and s.role == "cage-sum")
    return (label.x + 0.5, label.y - label.size * 0.6,
            label.x + label.size * 0.55 * len(label.text), label.y)


def test_a_pdf_page_shows_the_sum_where_the_scene_puts_it(killer):
    pytest.importorskip("reportlab")
    from sudokit.engines.render.pdfdraw import to_pdf

    grid = Grid.empty(killer)
    scene = render.scene(grid, size=SIDE)
    box = sum_box(scene)
    assert ink_at(to_pdf([scene]), box) > 3
    assert ink_at(to_pdf([render.scene(Grid.empty(Geometry.of(9)), size=SIDE)]), box) == 0


def test_booklet_pages_draw_the_cages(killer):
    pytest.importorskip("reportlab")
    from sudokit.engines.render.pdfdraw import to_pdf

    other = unique_killer(9, 12)[0]
    pages = booklet_pages([Entry(Grid.empty(killer)), Entry(Grid.empty(other))], 2, False, "", "a4", "print")
    paths = [s for s in pages[0].shapes if isinstance(s, Polyline) and s.role == "cage"]
    assert len(paths) == len(killer.cages) + len(other.cages)
    assert ink_at(to_pdf(pages), sum_box(pages[0])) > 3


def test_cli_render_and_print_draw_cages(killer, tmp_path):
    pytest.importorskip("reportlab")
    runner = CliRunner()
    cages = tmp_path / "cages.txt"
    cages.write_text(cages_text(killer.cages, 9))
    svg = tmp_path / "k.svg"
    r = runner.invoke(app, ["render", "." * 81, "--cages", str(cages), "-o", str(svg)])
    assert r.exit_code == 0, r.output
    root = ET.fromstring(svg.read_text())
    assert len([p for p in root.iter(f"{NS}polygon") if p.get("class") == "cage"]) == len(killer.cages)
    bad = runner.invoke(app, ["render", "." * 81, "--cages", "2 r1c1 r1c2", "-o", str(svg)])
    assert bad.exit_code != 0 and "never 2" in bad.output
    # a json puzzle carrying its cages prints as a booklet with them
    from sudokit.model import formats

    puzzle = tmp_path / "k.json"
    puzzle.write_text(formats.dumps(Grid.empty(killer), "json"))
    assert json.loads(puzzle.read_text())["cages"]
    pdf = tmp_path / "k.pdf"
    r = runner.invoke(app, ["print", str(puzzle), "-o", str(pdf), "--solutions", "-n", "1"])
    assert r.exit_code == 0, r.output
    pages = booklet_pages([Entry(Grid.empty(killer))], 1, False, "", "a4", "print")
    assert ink_at(pdf.read_bytes(), sum_box(pages[0])) > 3
