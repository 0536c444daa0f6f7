"""PNG and PDF read back: dark pixels where digits are; the PDF's text holds each puzzle's
givens in reading order and the answers on the answer pages; fonts are embedded."""

from __future__ import annotations

import io

import pytest
from render_data import EASY, EXAMPLES, HARD, SIX, digits, pdf_pages_text

from sudokit.engines import render

from sudokit.engines import search
from sudokit.model import formats

Image = pytest.importorskip("PIL.Image")
pytest.importorskip("reportlab")


def test_png_dark_pixels_where_digits_are():
    grid = formats.parse_one(HARD)
    width = 450
    img = Image.open(io.BytesIO(render.png(grid, size_px=width))).convert("L")
    assert img.size[0] == width
    # the layout of render.picture: a margin of 2% of the width, then the board
    pad = width * 0.02
    cs = (width - 2 * pad) / 9
    for cell, v in enumerate(grid.values):
        r, c = divmod(cell, 9)
        x0, y0 = pad + c * cs, pad + r * cs
        box = (int(x0 + cs * 0.3), int(y0 + cs * 0.3), int(x0 + cs * 0.7), int(y0 + cs * 0.7))
        darkest = min(img.crop(box).tobytes())
        if v:
            assert darkest < 80, f"no digit drawn in r{r + 1}c{c + 1}"
        else:
            assert darkest > 200, f"ink in the empty cell r{r + 1}c{c + 1}"


def test_png_dpi_and_size():
    data = render.png(EASY, dpi=144)
    img = Image.open(io.BytesIO(data))
    assert img.size[0] == 800  # 400 pt at 144 dpi
    assert round(img.info["dpi"][0]) == 144


def test_pdf_booklet_givens_in_reading_order_and_answers():
    puzzles = [EASY, HARD, HARD.replace("4", ".", 1), EASY[::-1], SIX]
    grids = [formats.parse_one(p) for p in puzzles]
    data = render.booklet(grids, per_page=4, solutions=True, title="Test booklet")
    assert data.startswith(b"%PDF")
    pages = pdf_pages_text(data)
    puzzle_pages = [p for p in pages if "Puzzle" in p]
    answer_pages = [p for p in pages if "Answer" in p]
    assert len(puzzle_pages) == 2 and len(answer_pages) == 1
    assert "Test booklet" in pages[0]
    stream = digits("".join(puzzle_pages))
    for i, g in enumerate(grids, 1):
        givens = "".join(str(v) for v in g.values if v)
        assert f"Puzzle{i}{givens}" in stream, f"puzzle {i}'s givens are not in reading order"
    answers = digits("".join(answer_pages))
    for i, g in enumerate(grids, 1):
        solution = "".join(map(str, search.solve(g, limit=1).solutions[0].values))
        assert f"Answer{i}{solution}" in answers


def test_pdf_big_grids_one_a_page_letters_and_labels():
    sixteen = formats.parse_one((EXAMPLES / "16x16.txt").read_text())
    data = render.booklet([sixteen, sixteen], per_page=6, labels=["hard 3.4", ""], paper="letter")
    pages = pdf_pages_text(data)
    assert len(pages) == 2
    assert "hard 3.4" in pages[0]
    syms = "123456789ABCDEFG"
    assert "".join(syms[v - 1] for v in sixteen.values if v) in digits(pages[0])
    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(data))
    assert [round(float(x)) for x in reader.pages[0].mediabox[2:]] == [612, 792]
    fonts = reader.pages[0]["/Resources"]["/Font"]
    for ref in fonts.values():
        font = ref.get_object()
        desc = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
        descriptor = desc["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, "the font is not embedded"


def test_single_picture_pdf_has_the_givens():
    data = render.pdf(HARD)
    (page,) = pdf_pages_text(data)
    assert digits(page) == "".join(str(v) for v in formats.parse_one(HARD).values if v)


def test_booklet_options_refused():
    from sudokit.model.errors import SudokitError

    with pytest.raises(SudokitError, match="1, 2, 4 or 6"):
        render.booklet([EASY], per_page=5)
    with pytest.raises(SudokitError, match="paper"):
        render.booklet([EASY], paper="a5")


def test_write_atomic_leaves_nothing_on_failure(tmp_path, monkeypatch):
    from sudokit.model.errors import SudokitError

    target = tmp_path / "out.png"

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.replace", broken)
    with pytest.raises(SudokitError, match="No space left"):
        render.save(target, EASY)
    assert list(tmp_path.iterdir()) == []
