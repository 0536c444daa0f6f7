"""The page's pictures in a real browser (Debian's Chromium, pytest-playwright): a puzzle read
from a photo and reviewed (issue 15), a picture of the grid and a PDF booklet downloaded
(issue 16), and the all-steps list from POST /api/steps (issue 14). The photos are drawn here
with Pillow, so nothing outside the repository is needed. Screenshots go to build/screenshots/."""

from __future__ import annotations

import base64
import io
import json
import re
from pathlib import Path

import pytest
from pages import DESKTOP, EASY, PHONE, open_page, show_and_apply_a_listed_step

from sudokit.engines.logic import LogicalSolver, Position

expect = pytest.importorskip("playwright.sync_api").expect
Image = pytest.importorskip("PIL.Image")
ImageDraw = pytest.importorskip("PIL.ImageDraw")
ImageFont = pytest.importorskip("PIL.ImageFont")

CHROMIUM = "/usr/bin/chromium"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")





def givens(page) -> str:
    return page.evaluate("window.sudokitPage.game().givensLine()")


def photo(puzzle: str, path: Path, side: int = 1800, kind: str = "JPEG") -> Path:
    """A printed 9x9 as a picture: black digits and lines on white paper, a caption below,
    a margin around (the reader has to find the grid)."""
    font_path = FONT if Path(FONT).exists() else None
    if font_path is None:
        pytest.skip(f"no font at {FONT} (apt-get install fonts-dejavu-core)")
    margin = side // 12
    grid = side - 2 * margin
    img = Image.new("RGB", (side, side + margin), (250, 250, 246))
    d = ImageDraw.Draw(img)
    font = ImageFont.truetype(font_path, int(grid / 9 * 0.6))
    cell = grid / 9
    for i in range(10):
        width = max(3, side // 200) if i % 3 == 0 else max(1, side // 600)
        x = margin + i * cell
        d.line([(x, margin), (x, margin + grid)], fill="black", width=width)
        d.line([(margin, x), (margin + grid, x)], fill="black", width=width)
    for k, ch in enumerate(puzzle):
        if ch != ".":
            r, c = divmod(k, 9)
            d.text((margin + (c + 0.5) * cell, margin + (r + 0.5) * cell), ch, fill="black",
                   font=font, anchor="mm")
    d.text((margin, margin + grid + margin // 3), "Sudoku 12 (easy)", fill="black",
           font=ImageFont.truetype(font_path, margin // 3))
    img.save(path, kind, quality=90) if kind == "JPEG" else img.save(path, kind)
    return path


# --- a puzzle from a photo -------------------------------------------------------------------------

def test_photo_is_shrunk_read_reviewed_corrected_and_opened(page, server_url, screenshots, tmp_path):
    # r1c1 holds a 3 too: the reading clashes, has no solution, and names the cells to check
    picture = photo("3" + EASY[1:], tmp_path / "photo.jpg", side=2200)
    page.set_viewport_size(DESKTOP)
    open_page(page, server_url)
    with page.expect_request("**/api/read-image") as sent:
        page.set_input_files("#photo", str(picture))
    body = json.loads(sent.value.post_data)
    assert body["repair"] is True and body["size"] is None and body["job"]
    head, data = body["image"].split(",", 1)
    assert head == "data:image/jpeg;base64"
    sent_image = Image.open(io.BytesIO(base64.b64decode(data)))
    assert max(sent_image.size) == 1600  # shrunk in the browser from 2200 x 2383

    dialog = page.locator("#photo-review")
    expect(dialog).to_be_visible(timeout=20000)
    assert page.get_attribute("#photo-image", "src").startswith("data:image/png;base64,")
    expect(page.locator("#photo-status")).to_have_text(re.compile("no solution"))
    expect(page.locator("#photo-message")).to_contain_text("r1c1")
    r1c1, r1c3 = (page.locator(f'#photo-grid [data-cell="{c}"]') for c in ("r1c1", "r1c3"))
    for cell in (r1c1, r1c3):
        assert {"doubtful", "clash"} <= set(cell.get_attribute("class").split())
        expect(cell).to_have_value("3")
    assert page.locator("#photo-marks .photo-mark.doubtful").count() >= 2
    read = page.eval_on_selector_all("#photo-grid input", "els => els.map(e => e.value || '.').join('')")
    assert read == "3" + EASY[1:]
    page.screenshot(path=screenshots / "photo-review-desktop.png")

    # Open is refused while cells clash; the "empty" choice of r1c1 fixes it
    page.click("#photo-open")
    expect(page.locator("#photo-note")).to_contain_text("clash")
    page.locator('#photo-doubtful button[data-cell="0"][data-symbol="."]').click()
    expect(r1c1).to_have_value("")
    assert "clash" not in r1c3.get_attribute("class").split()
    # typing over a cell works too (and back)
    r1c2 = page.locator('#photo-grid [data-cell="r1c2"]')
    r1c2.click()
    page.keyboard.type("7")
    assert "clash" not in (r1c2.get_attribute("class") or "") and "edited" in r1c2.get_attribute("class")
    r1c2.click()
    page.keyboard.press("Delete")
    page.keyboard.press("Backspace")
    expect(r1c2).to_have_value("")
    page.click("#photo-open")
    expect(dialog).to_be_hidden()
    assert givens(page) == EASY
    expect(page.locator("#status")).to_contain_text("one solution", timeout=10000)


def test_photo_review_on_a_phone_marks_repaired_cells_and_cancel_keeps_the_grid(
        page, server_url, screenshots, tmp_path):
    picture = photo(EASY, tmp_path / "photo.png", side=900, kind="PNG")

    def add_repair(route):  # the real answer, with one cell marked as repaired
        answer = route.fetch().json()
        answer["status"] = "repaired"
        answer["repaired"] = [{"cell": [5, 5], "name": "r5c5", "read": "8", "now": "."}]
        answer["doubtful"] = [{"cell": [9, 7], "name": "r9c7", "alternatives": [["3", 0.62], ["8", 0.35]]}]
        route.fulfill(status=200, content_type="application/json", body=json.dumps(answer))

    page.set_viewport_size(PHONE)
    open_page(page, server_url, "4" + "." * 80)
    page.route("**/api/read-image", add_repair)
    page.set_input_files("#photo", str(picture))
    expect(page.locator("#photo-review")).to_be_visible(timeout=20000)
    expect(page.locator("#photo-status")).to_have_text(re.compile("repaired"))
    r5c5 = page.locator('#photo-grid [data-cell="r5c5"]')
    assert "repaired" in r5c5.get_attribute("class").split()
    assert "doubtful" in page.get_attribute('#photo-grid [data-cell="r9c7"]', "class").split()
    assert page.locator("#photo-marks .photo-mark.repaired").count() == 1
    expect(page.locator("#photo-doubtful")).to_contain_text("r5c5 read 8, repaired to empty")
    expect(page.locator("#photo-doubtful")).to_contain_text("3 62%")
    # both panes fit the phone's width
    for sel in (".photo-picture", "#photo-grid"):
        box = page.locator(sel).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1, sel
    page.screenshot(path=screenshots / "photo-review-phone.png")
    page.click("#photo-cancel")
    expect(page.locator("#photo-review")).to_be_hidden()
    assert givens(page) == "4" + "." * 80
    expect(page.locator("#status")).to_contain_text("cancelled")


PHOTOS = Path(__file__).resolve().parents[3] / "shared" / "data" / "photos"


@pytest.mark.skipif(not (PHOTOS / "image1.jpg").exists(), reason=f"no photos in {PHOTOS}")
def test_a_newspaper_photo_is_read_through_the_page(page, server_url):
    # image1.jpg of Wicht & Hennebert's set (640x480, a phone photo of a newspaper): sent as it
    # is in size (it is smaller than 1600 px), read, reviewed and opened unchanged
    rows = (PHOTOS / "image1.dat").read_text().splitlines()[2:]
    want = "".join("".join(r.split()) for r in rows).replace("0", ".")
    open_page(page, server_url)
    page.set_input_files("#photo", str(PHOTOS / "image1.jpg"))
    expect(page.locator("#photo-review")).to_be_visible(timeout=20000)
    read = page.eval_on_selector_all("#photo-grid input", "els => els.map(e => e.value || '.').join('')")
    assert read == want
    page.keyboard.press("Enter")  # Open puzzle
    expect(page.locator("#photo-review")).to_be_hidden()
    assert givens(page) == want


def test_photo_errors_are_shown_plainly(page, server_url, tmp_path):
    open_page(page, server_url)
    fake = tmp_path / "notes.png"
    fake.write_text("this is not a picture\n" * 20)
    page.set_input_files("#photo", str(fake))
    expect(page.locator("#message")).to_be_visible(timeout=15000)
    expect(page.locator("#message")).to_contain_text("picture")
    expect(page.locator("#status")).to_have_text("Reading the photo failed")
    blank = tmp_path / "blank.png"
    Image.new("RGB", (400, 300), "white").save(blank)
    page.set_input_files("#photo", str(blank))
    expect(page.locator("#message")).to_contain_text("grid", timeout=15000)
    assert not page.locator("#photo-review").is_visible()


# --- export picture and print booklet ----------------------------------------------------------------

def test_export_picture_downloads_an_svg_with_the_givens_and_the_step(page, server_url, screenshots):
    page.set_viewport_size(DESKTOP)
    open_page(page, server_url, EASY)
    page.click("#btn-step")
    page.wait_for_selector("#explanation .step-text")
    page.click("#media-panel > summary")
    page.locator("#media-panel").scroll_into_view_if_needed()
    page.screenshot(path=screenshots / "export-print-controls-desktop.png")
    with page.expect_request("**/api/render") as sent, page.expect_download() as got:
        page.click("#btn-export-picture")
    body = json.loads(sent.value.post_data)
    assert body["to"] == "svg" and body["step"]["explanation"] and body["style"] == "screen"
    assert not any(k.startswith("_") for k in body["step"])
    download = got.value
    assert download.suggested_filename == "sudoku-9x9-step.svg"
    svg = Path(download.path()).read_text()
    assert svg.lstrip().startswith("<") and "<svg" in svg
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    for digit in "123456789":
        assert texts.count(digit) >= EASY.count(digit), digit
    assert any("Single" in t or "single" in t for t in texts)  # the step's explanation
    expect(page.locator("#status")).to_contain_text("sudoku-9x9-step.svg")

    page.select_option("#pic-format", "png")
    page.uncheck("#pic-step")
    with page.expect_download() as got:
        page.click("#btn-export-picture")
    assert got.value.suggested_filename == "sudoku-9x9.png"
    assert Path(got.value.path()).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_print_booklet_of_every_puzzle_opened(page, server_url, screenshots):
    # five puzzles: EASY with its digits relabelled (each as valid, with one solution)
    lines = [EASY.translate(str.maketrans("123456789", "123456789"[k:] + "123456789"[:k]))
             for k in range(5)]
    page.set_viewport_size(PHONE)
    open_page(page, server_url)
    page.fill("#paste", "\n".join(lines))
    page.click("#btn-load")
    expect(page.locator("#status")).to_contain_text("5 puzzles")
    page.click("#media-panel > summary")
    expect(page.locator("#book-all-label")).to_have_text("all 5 puzzles of the text opened")
    page.check("#book-all")
    page.select_option("#book-per-page", "4")
    page.fill("#book-title", "Week 12")
    page.locator("#btn-print-book").scroll_into_view_if_needed()
    page.screenshot(path=screenshots / "export-print-controls-phone.png")
    with page.expect_response("**/api/print") as answered, page.expect_download() as got:
        page.click("#btn-print-book")
    sent = json.loads(answered.value.request.post_data)
    assert [p["givens"] for p in sent["puzzles"]] == lines
    assert sent["title"] == "Week 12" and sent["solutions"] is True and sent["paper"] == "a4"
    answer = answered.value.json()
    assert answer["puzzles"] == 5 and answer["pages"] == 3  # 4 + 1 puzzles, 5 answers on one page
    assert got.value.suggested_filename == "book.pdf"
    pdf = Path(got.value.path()).read_bytes()
    assert pdf[:5] == b"%PDF-"
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == answer["pages"]
    expect(page.locator("#status")).to_contain_text("5 puzzles on 3 pages")

    # this puzzle alone, one a page, without answers
    page.check('input[name="book-which"][value="current"]')
    page.select_option("#book-per-page", "1")
    page.uncheck("#book-solutions")
    with page.expect_response("**/api/print") as answered, page.expect_download():
        page.click("#btn-print-book")
    assert answered.value.json()["pages"] == 1
    assert json.loads(answered.value.request.post_data)["puzzles"] == [{"box": [3, 3], "givens": EASY}]


# --- all steps ------------------------------------------------------------------------------------

def test_all_steps_come_from_the_steps_endpoint_grouped_by_technique(page, server_url):
    # a position a few steps in, with its candidates, so that many techniques apply
    position = Position.parse(EASY)
    solver = LogicalSolver()
    for _ in range(3):
        position.apply(solver.next_step(position))
    open_page(page, server_url)
    page.fill("#paste", position.to_json())
    page.click("#btn-load")
    page.wait_for_selector(".cell.given")
    with page.expect_request("**/api/steps") as sent:
        page.click("#btn-all-steps")
    shown = Position.from_json(json.loads(sent.value.post_data)["puzzle"])
    assert shown.values == position.values and shown.cands == position.cands
    expected = solver.all_steps(shown)
    techniques = {s.technique for s in expected}
    assert len(techniques) > 1
    expect(page.locator("#all-steps-note")).to_contain_text(f"{len(expected)} steps", timeout=30000)
    groups = page.eval_on_selector_all(".tech-group", "els => els.map(e => e.dataset.technique)")
    assert sorted(groups) == sorted(techniques)
    assert page.locator(".step-item").count() == len(expected)
    # a folded group unfolds; one of its steps is shown, then applied
    show_and_apply_a_listed_step(page, expect)
