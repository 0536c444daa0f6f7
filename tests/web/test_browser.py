"""The page in a real browser: Debian's Chromium driven by pytest-playwright against
``sudokit serve`` on a free port. Screenshots of the main views go to build/screenshots/."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from pages import EASY, cell, open_page

from sudokit.model import formats
from sudokit.engines.logic import LogicalSolver, Position, hint, next_step
from sudokit.engines.search import solve as search_solve

expect = pytest.importorskip("playwright.sync_api").expect

CHROMIUM = "/usr/bin/chromium"
REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")

EXAMPLES = REPO / "examples"
SINGLES = ["full-house", "hidden-single", "naked-single"]






def values(page) -> list[str]:
    """The symbol shown in every cell ('' for an empty one), in reading order."""
    return page.eval_on_selector_all(
        ".cell", "els => els.map(e => { const v = e.querySelector('.v'); return v ? v.textContent : ''; })")


def classes_of(page, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.cell)")


def style(page, name: str, prop: str) -> str:
    return page.eval_on_selector(f'[data-cell="{name}"]',
                                 f"e => getComputedStyle(e).getPropertyValue('{prop}')")


def marked_candidates(page, cls: str) -> set[tuple[str, int]]:
    found = page.eval_on_selector_all(
        f".c.{cls}", "els => els.map(e => [e.closest('.cell').dataset.cell, Number(e.dataset.d)])")
    return {(c, d) for c, d in found}


def names(geometry, cells) -> set[str]:
    return {geometry.name(c) for c in cells}


# --- entering and solving ---------------------------------------------------------------------

def test_enter_a_9x9_by_keyboard_and_solve(page, server_url, screenshots):
    open_page(page, server_url)
    page.click("#btn-new")
    page.locator("#board").focus()
    page.keyboard.press("Home")
    page.keyboard.type(EASY)  # digits are givens in a new grid; "." skips a cell
    shown = values(page)
    assert "".join(v or "." for v in shown) == EASY
    assert sorted(classes_of(page, ".cell.given")) == sorted(
        f"r{i // 9 + 1}c{i % 9 + 1}" for i, ch in enumerate(EASY) if ch != ".")
    page.screenshot(path=screenshots / "9x9-entered.png")

    page.keyboard.press("s")  # Solve
    page.wait_for_selector(".cell.solved")
    assert "".join(values(page)) == search_solve(formats.parse_one(EASY)).solution.to_line()
    given, solved = "r1c3", "r1c1"
    assert "given" in cell(page, given).get_attribute("class")
    assert "solved" in cell(page, solved).get_attribute("class")
    assert style(page, given, "color") != style(page, solved, "color")
    assert int(style(page, given, "font-weight")) > int(style(page, solved, "font-weight"))
    # givens stand out by weight and a calm shade, never by the colour of an error
    assert style(page, given, "background-color") != style(page, solved, "background-color")
    assert "wrong" not in cell(page, given).get_attribute("class")
    page.screenshot(path=screenshots / "9x9-solved.png")


def test_arrows_entries_check_undo_and_count(page, server_url):
    open_page(page, server_url, EASY)
    sol = search_solve(formats.parse_one(EASY)).solution.to_line()
    cell(page, "r1c1").click()
    for key in ("ArrowRight", "ArrowRight", "ArrowRight", "ArrowDown", "ArrowLeft"):
        page.keyboard.press(key)
    assert classes_of(page, ".cell.selected") == ["r2c3"]
    i = 9 + 2  # r2c3, empty in EASY
    assert EASY[i] == "."
    blocked = {EASY[j] for j in range(9, 18)} | {EASY[j] for j in range(2, 81, 9)}
    wrong = next(d for d in "123456789" if d != sol[i] and d not in blocked)
    page.keyboard.press(wrong)
    assert cell(page, "r2c3").inner_text() == wrong
    assert "user" in cell(page, "r2c3").get_attribute("class")
    page.keyboard.press("c")  # Check
    page.wait_for_selector(".cell.wrong")
    assert classes_of(page, ".cell.wrong") == ["r2c3"]
    assert "1 wrong: r2c3" in page.inner_text("#status")
    page.keyboard.press("z")  # Undo
    assert values(page)[i] == ""
    page.keyboard.press("y")  # Redo
    assert values(page)[i] == wrong
    page.keyboard.press("Delete")
    assert values(page)[i] == ""
    page.click("#btn-count")
    expect(page.locator("#status")).to_have_text("Solutions: unique")


# --- the logical solver -------------------------------------------------------------------------

def test_step_explains_highlights_and_marks_eliminations_before_applying(page, server_url, screenshots):
    open_page(page, server_url, EASY)
    g = formats.parse_one(EASY).geometry
    expected = next_step(EASY)
    page.click("#btn-step")
    page.wait_for_selector(".cell.focus-cell")
    assert expected.explanation in page.inner_text("#explanation")
    assert set(classes_of(page, ".cell.focus-cell")) == names(g, expected.cells)
    assert marked_candidates(page, "cand-place") == {(g.name(c), d) for c, d in expected.placements}
    page.keyboard.press("Escape")
    assert not classes_of(page, ".cell.focus-cell")

    # singles off: the next step removes candidates, shown crossed out before it is applied
    page.click("text=Techniques")
    for tid in SINGLES:
        page.uncheck(f'[data-technique="{tid}"]')
    elim = LogicalSolver(exclude=SINGLES).next_step(Position.parse(EASY))
    assert elim.eliminations and not elim.placements
    page.click("#btn-step")
    page.wait_for_selector(".c.cand-elim")
    crossed = {(g.name(c), d) for c, d in elim.eliminations}
    assert marked_candidates(page, "cand-elim") == crossed
    assert elim.explanation in page.inner_text("#explanation")
    page.screenshot(path=screenshots / "9x9-step-eliminations.png")
    page.keyboard.press("Enter")  # apply
    page.wait_for_selector("#log li")
    shown = page.eval_on_selector_all(
        ".c[data-d]", "els => els.map(e => [e.closest('.cell').dataset.cell, Number(e.dataset.d)])")
    assert not crossed & {(c, d) for c, d in shown}
    assert page.inner_text("#log li") == elim.explanation


def test_hint_gives_a_nudge_first_then_the_step(page, server_url, screenshots):
    open_page(page, server_url, EASY)
    g = formats.parse_one(EASY).geometry
    nudge = hint(EASY)
    step = next_step(EASY)
    page.keyboard.press("h")
    page.wait_for_selector(".cell.focus-house")
    text = page.inner_text("#explanation")
    assert nudge.text in text and step.explanation not in text
    assert not marked_candidates(page, "cand-place")  # no answer given away yet
    house_cells = {c for h in nudge.houses for c in g.houses[h]}
    assert set(classes_of(page, ".cell.focus-house")) == names(g, house_cells)
    page.screenshot(path=screenshots / "9x9-hint-nudge.png")

    page.keyboard.press("h")
    page.wait_for_selector(".c.cand-place")
    assert step.explanation in page.inner_text("#explanation")
    page.keyboard.press("h")  # a third press applies it
    page.wait_for_selector("#log li")
    (target, digit), = step.placements
    assert cell(page, g.name(target)).inner_text() == str(digit)
    assert "solved" in cell(page, g.name(target)).get_attribute("class")


def test_round_places_the_singles_and_undo_takes_it_back(page, server_url):
    open_page(page, server_url, EASY)
    before = sum(1 for v in values(page) if v)
    steps = LogicalSolver().round(Position.parse(EASY))
    placed = {c for s in steps for c, _ in s.placements}
    page.click("#btn-round")
    page.wait_for_selector(".cell.just-placed")
    assert sum(1 for v in values(page) if v) == before + len(placed)
    assert page.locator("#log li").count() == len(steps)
    page.click("#btn-undo")
    assert sum(1 for v in values(page) if v) == before
    page.click("#btn-redo")
    assert sum(1 for v in values(page) if v) == before + len(placed)


# --- sizes and box shapes ------------------------------------------------------------------------

def assert_box_borders(page, size: int, box_rows: int, box_cols: int) -> None:
    assert page.locator(".cell").count() == size * size
    for c in range(1, size + 1):
        thick = c % box_cols == 0 and c < size
        name = f"r1c{c}"
        assert ("box-right" in cell(page, name).get_attribute("class")) == thick, name
        assert (style(page, name, "border-right-width") == "3px") == thick, name
    for r in range(1, size + 1):
        thick = r % box_rows == 0 and r < size
        name = f"r{r}c1"
        assert (style(page, name, "border-bottom-width") == "3px") == thick, name


def test_12x12_from_a_file_has_3x4_boxes(page, server_url, screenshots):
    open_page(page, server_url)
    path = EXAMPLES / "12x12.txt"
    page.set_input_files("#file", str(path))
    page.wait_for_selector('[data-cell="r12c12"]')
    assert_box_borders(page, 12, 3, 4)
    grid = formats.parse_one(path.read_text())
    assert "".join(v or "." for v in values(page)) == grid.to_line()
    page.screenshot(path=screenshots / "12x12.png")


def test_16x16_pasted_has_4x4_boxes_and_steps_with_alt_keys(page, server_url, screenshots):
    open_page(page, server_url)
    text = (EXAMPLES / "16x16.txt").read_text()
    page.fill("#paste", text)
    page.click("#btn-load")
    page.wait_for_selector('[data-cell="r16c16"]')
    assert_box_borders(page, 16, 4, 4)
    assert "".join(v or "." for v in values(page)) == formats.parse_one(text).to_line()
    page.locator("#board").focus()
    page.keyboard.press("Alt+n")  # letters are digits on a 16x16: commands take Alt
    page.wait_for_selector(".cell.focus-cell")
    assert next_step(text).explanation in page.inner_text("#explanation")
    page.screenshot(path=screenshots / "16x16-step.png")


def test_a_6x6_file_dropped_on_the_page(page, server_url):
    open_page(page, server_url)
    text = (EXAMPLES / "6x6.txt").read_text()
    page.evaluate("""text => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], "six.txt", {type: "text/plain"}));
        document.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
    }""", text)
    expect(page.locator("#geometry")).to_have_text("6x6, 2x3 boxes")
    assert_box_borders(page, 6, 2, 3)


# --- errors, export, other views -----------------------------------------------------------------

def test_a_pasted_invalid_puzzle_shows_the_error(page, server_url, screenshots):
    open_page(page, server_url)
    page.fill("#paste", "11" + "." * 79)
    page.click("#btn-load")
    page.wait_for_selector("#message:not([hidden])")
    assert "r1c1 and r1c2 both hold 1" in page.inner_text("#message")
    page.screenshot(path=screenshots / "error.png")
    page.fill("#paste", "this is not a sudoku")
    page.click("#btn-load")
    expect(page.locator("#message")).not_to_contain_text("both hold")
    expect(page.locator("#message")).to_be_visible()
    assert page.inner_text("#message").strip()


def test_export_and_share_link_reopen_the_puzzle(page, server_url):
    open_page(page, server_url)
    page.fill("#paste", EASY)
    page.click("#btn-load")
    page.wait_for_selector(".cell.given")
    page.click("text=Export")
    page.click("#btn-copy-line")
    expect(page.locator("#export-text")).to_have_value(EASY)
    page.click("#btn-copy-grid")
    expect(page.locator("#export-text")).to_have_value(re.compile(r"\+-"))
    assert formats.parse_one(page.input_value("#export-text")).to_line() == EASY
    page.click("#btn-share")
    expect(page.locator("#export-text")).to_have_value(re.compile("#p="))
    link = page.input_value("#export-text")
    other = page.context.new_page()
    open_page(other, link)
    other.wait_for_selector(".cell.given")
    assert "".join(v or "." for v in values(other)) == EASY


def test_generate_or_a_clear_message(page, server_url):
    open_page(page, server_url)
    page.select_option("#gen-size", "6")
    page.click("#btn-generate")
    if importlib.util.find_spec("sudokit.engines.generate") is None:
        page.wait_for_selector("#message:not([hidden])")
        assert "generation is not available" in page.inner_text("#message")
    else:
        expect(page.locator("#geometry")).to_have_text("6x6, 2x3 boxes")
        assert page.locator(".cell.given").count() > 0


def test_narrow_screen_and_print_view(page, server_url, screenshots):
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, server_url, EASY)
    box = page.locator("#board").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.locator("#btn-step").is_visible()
    page.screenshot(path=screenshots / "narrow.png", full_page=True)
    page.set_viewport_size({"width": 1000, "height": 1200})
    page.emulate_media(media="print")
    assert not page.locator(".side").is_visible()
    assert not page.locator(".actions").is_visible()
    assert page.locator("#board").is_visible()
    page.screenshot(path=screenshots / "print.png")
