"""The page as an app, in a real browser (Debian's Chromium, pytest-playwright): layout and
legibility at every size, playing (live clashes, marks, colours, timer, solved moment, reveal,
saved games, share links, no stale messages), learning (steps drawn, all steps, step log) and
the generate panel's Cancel. Screenshots go to build/screenshots/ (see conftest.py)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from pages import DESKTOP, EASY, PHONE, cell, open_page, show_and_apply_a_listed_step

from sudokit.model import formats
from sudokit.engines.logic import LogicalSolver, Position
from sudokit.engines.search import solve as search_solve

expect = pytest.importorskip("playwright.sync_api").expect

CHROMIUM = "/usr/bin/chromium"
REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"






def has_class(page, name: str, cls: str) -> bool:
    return cls in (cell(page, name).get_attribute("class") or "").split()


def values(page) -> list[str]:
    return page.eval_on_selector_all(
        ".cell", "els => els.map(e => { const v = e.querySelector('.v'); return v ? v.textContent : ''; })")


def pattern_puzzle(br: int, bc: int, keep_every: int = 2) -> str:
    """A grid of side br*bc made by computation: a valid filled pattern with cells taken out in
    a fixed scatter (not necessarily unique: for looks and layout only)."""
    n = br * bc
    line = []
    for r in range(n):
        for c in range(n):
            v = ((r % br) * bc + r // br + c) % n
            line.append(SYMBOLS[v] if (r * 7 + c * 3) % keep_every == 0 else ".")
    return "".join(line)


def set_theme(page, theme: str) -> None:
    for _ in range(3):
        if (page.evaluate("document.documentElement.dataset.theme || 'auto'")) == theme:
            return
        page.click("#btn-theme")
    assert page.evaluate("document.documentElement.dataset.theme || 'auto'") == theme


# --- 1. layout and look ---------------------------------------------------------------------------

def test_desktop_board_takes_the_width_and_16x16_candidates_are_legible(page, server_url, screenshots):
    page.set_viewport_size(DESKTOP)
    open_page(page, server_url, EASY)
    box = page.locator("#board").bounding_box()
    assert box["width"] >= 0.6 * DESKTOP["width"], box
    assert box["y"] + box["height"] <= DESKTOP["height"] + 1
    page.screenshot(path=screenshots / "desktop-9x9-light.png")
    set_theme(page, "dark")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgb(255, 255, 255)"
    page.screenshot(path=screenshots / "desktop-9x9-dark.png")
    set_theme(page, "light")

    text = (EXAMPLES / "16x16.txt").read_text()
    page.fill("#paste", text)
    page.click("#btn-load")
    page.wait_for_selector('[data-cell="r16c16"] .v, [data-cell="r16c16"] .cands')
    assert page.locator("#board").bounding_box()["width"] >= 0.6 * DESKTOP["width"]
    sizes = page.eval_on_selector_all(".cands .c", "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert sizes and min(sizes) >= 10, min(sizes or [0])
    page.screenshot(path=screenshots / "desktop-16x16-light.png")
    set_theme(page, "dark")
    page.screenshot(path=screenshots / "desktop-16x16-dark.png")


def test_25x25_focus_view_and_zoom(page, server_url, screenshots):
    page.set_viewport_size(DESKTOP)
    open_page(page, server_url, pattern_puzzle(5, 5), "5x5")
    page.screenshot(path=screenshots / "desktop-25x25.png")
    whole = cell(page, "r1c1").bounding_box()["width"]
    page.check("#auto-marks")
    page.select_option("#focus", "box")
    shown = page.eval_on_selector_all(".cell", "els => els.filter(e => e.offsetParent).length")
    assert shown == 25
    assert cell(page, "r1c1").bounding_box()["width"] > 3 * whole
    sizes = page.eval_on_selector_all(".cands .c", "els => els.filter(e => e.offsetParent).map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert sizes and min(sizes) >= 10
    page.screenshot(path=screenshots / "desktop-25x25-focus-box.png")
    page.select_option("#focus", "area")
    assert page.eval_on_selector_all(".cell", "els => els.filter(e => e.offsetParent).length") == 100
    page.locator("#board").focus()
    page.keyboard.press("ArrowDown")  # the area follows the cursor
    page.select_option("#focus", "off")
    page.click("#btn-zoom-in")
    assert cell(page, "r1c1").bounding_box()["width"] > whole * 1.2
    set_theme(page, "dark")
    page.screenshot(path=screenshots / "desktop-25x25-zoomed-dark.png")


def test_phone_board_full_width_and_pad_on_one_row(page, server_url, screenshots):
    page.set_viewport_size(PHONE)
    open_page(page, server_url, EASY)
    box = page.locator("#board").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert box["width"] >= PHONE["width"] - 24
    tops = page.eval_on_selector_all("#pad button", "els => els.map(e => e.getBoundingClientRect().top)")
    assert len(tops) == 10 and max(tops) - min(tops) < 1, tops
    pad = page.locator("#pad").bounding_box()
    assert pad["x"] + pad["width"] <= PHONE["width"]
    page.screenshot(path=screenshots / "phone-9x9-light.png", full_page=True)
    set_theme(page, "dark")
    page.screenshot(path=screenshots / "phone-9x9-dark.png")
    text = (EXAMPLES / "16x16.txt").read_text()
    page.fill("#paste", text)
    page.click("#btn-load")
    page.wait_for_selector('[data-cell="r16c16"]')
    tops = page.eval_on_selector_all("#pad button", "els => els.map(e => e.getBoundingClientRect().top)")
    assert max(tops) - min(tops) < 1
    page.screenshot(path=screenshots / "phone-16x16-dark.png")
    open_page(page, server_url, pattern_puzzle(5, 5), "5x5")
    page.screenshot(path=screenshots / "phone-25x25-dark.png")


# --- 2. playing -------------------------------------------------------------------------------------

def test_a_clash_is_marked_live_for_entries_and_typed_givens(page, server_url, screenshots):
    open_page(page, server_url, EASY)
    cell(page, "r1c1").click()
    page.keyboard.press("3")  # r1c3 holds the given 3
    assert has_class(page, "r1c1", "clash") and has_class(page, "r1c3", "clash")
    page.screenshot(path=screenshots / "clash-live.png")
    page.keyboard.press("Delete")
    assert page.locator(".cell.clash").count() == 0
    page.click("#btn-new")
    page.locator("#board").focus()
    page.keyboard.press("Home")
    page.keyboard.type("77")
    assert has_class(page, "r1c1", "clash") and has_class(page, "r1c2", "clash")


def test_pencil_marks_and_colours_survive_a_reload_and_a_share_link(page, server_url, screenshots):
    open_page(page, server_url, EASY)
    page.uncheck("#auto-marks")
    cell(page, "r1c1").click()
    page.keyboard.press("Shift+Digit4")
    page.keyboard.press("Shift+Digit5")
    assert page.eval_on_selector_all('[data-cell="r1c1"] .c', "els => els.map(e => e.textContent)") == ["4", "5"]
    page.check('input[name="mode"][value="color"]')
    page.click('#palette [data-colour="3"]')
    cell(page, "r2c2").click()
    page.click('#palette [data-colour="4"]')
    cell(page, "r9c9").click()
    assert has_class(page, "r2c2", "col-3") and has_class(page, "r9c9", "col-4")
    page.check("#color-cands")
    page.click('#palette [data-colour="1"]')
    cell(page, "r1c1").locator('.c[data-d="5"]').click()
    assert "cc-1" in cell(page, "r1c1").locator('.c[data-d="5"]').get_attribute("class")
    page.check('input[name="mode"][value="digit"]')
    cell(page, "r1c2").click()
    page.keyboard.press("8")
    page.wait_for_timeout(400)  # the game is kept a moment after each change
    page.goto(server_url)  # no puzzle in the URL: the kept game comes back
    page.wait_for_selector("body.ready")
    page.wait_for_selector(".cell.given")
    assert page.eval_on_selector_all('[data-cell="r1c1"] .c', "els => els.map(e => e.textContent)") == ["4", "5"]
    assert has_class(page, "r2c2", "col-3") and has_class(page, "r9c9", "col-4")
    assert "cc-1" in cell(page, "r1c1").locator('.c[data-d="5"]').get_attribute("class")
    assert cell(page, "r1c2").inner_text() == "8" and has_class(page, "r1c2", "user")
    page.screenshot(path=screenshots / "restored.png")

    page.click("text=Export and share")
    page.click("#btn-share")
    expect(page.locator("#export-text")).to_have_value(__import__("re").compile("&m="))
    link = page.input_value("#export-text")
    other = page.context.new_page()
    other.goto(link)
    other.wait_for_selector("body.ready")
    other.wait_for_selector(".cell.given")
    assert other.eval_on_selector_all('[data-cell="r1c1"] .c', "els => els.map(e => e.textContent)") == ["4", "5"]
    assert has_class(other, "r2c2", "col-3")
    assert cell(other, "r1c2").inner_text() == "8"


def test_timer_pauses_solved_moment_and_undo_takes_it_away(page, server_url, screenshots):
    solution = search_solve(formats.parse_one(EASY)).solution.to_line()
    last = EASY.index(".")
    entries = solution[:last] + "." + solution[last + 1:]
    open_page(page, server_url, EASY, extra=f"&v={entries}")
    name = f"r{last // 9 + 1}c{last % 9 + 1}"
    page.click("#btn-pause")
    expect(page.locator("#paused-cover")).to_be_visible()
    shown = page.inner_text("#timer")
    page.wait_for_timeout(1200)
    assert page.inner_text("#timer") == shown
    page.click("#btn-resume")
    expect(page.locator("#paused-cover")).to_be_hidden()
    cell(page, name).click()
    page.keyboard.press(solution[last])
    expect(page.locator("#solved-banner")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("Solved")
    page.screenshot(path=screenshots / "solved-moment.png")
    page.click("#btn-undo")
    expect(page.locator("#solved-banner")).to_be_hidden()
    expect(page.locator("#status")).not_to_contain_text("Solved")


def test_reveal_this_cell(page, server_url):
    open_page(page, server_url, EASY)
    solution = search_solve(formats.parse_one(EASY)).solution.to_line()
    cell(page, "r1c1").click()
    page.click("#btn-reveal")
    expect(cell(page, "r1c1")).to_have_text(solution[0])
    assert has_class(page, "r1c1", "revealed")


def test_no_stale_messages(page, server_url):
    open_page(page, server_url, EASY)
    page.click("#btn-hint")
    page.wait_for_selector(".cell.focus-house")
    assert page.inner_text("#explanation").strip()
    page.click("#btn-new")  # a new grid: the old hint goes
    assert page.inner_text("#explanation").strip() == ""
    assert page.locator(".cell.focus-house").count() == 0

    page.fill("#paste", "11" + "." * 79)
    page.click("#btn-load")
    expect(page.locator("#message")).to_be_visible()
    page.click("#btn-new")  # and so does an old error
    expect(page.locator("#message")).to_be_hidden()

    open_page(page, server_url, EASY)
    page.route("**/api/rate", lambda route: route.fulfill(
        status=500, content_type="application/json", body=json.dumps({"error": "rate broke"})))
    page.click("#btn-rate")
    expect(page.locator("#message")).to_contain_text("rate broke")
    expect(page.locator("#status")).not_to_contain_text("Rating…")


# --- 3. learning --------------------------------------------------------------------------------------

def only_techniques(page, ids: list[str]) -> None:
    page.click("summary:text('Techniques')")
    page.click("#tech-none")
    for tid in ids:
        page.check(f'[data-technique="{tid}"]')


def test_an_aic_is_drawn_with_strong_and_weak_arrows(page, server_url, screenshots):
    page.set_viewport_size(DESKTOP)
    open_page(page, server_url, EASY)
    step = LogicalSolver(["aic"]).next_step(Position.parse(EASY))
    assert step is not None and step.links
    only_techniques(page, ["aic"])
    page.click("#btn-step")
    page.wait_for_selector("#overlay path.link")
    assert page.locator("#overlay path.link").count() == len(step.links)
    strong = sum(1 for link in step.links if link.strong)
    assert page.locator("#overlay path.link.strong").count() == strong
    assert page.locator("#overlay path.link.weak").count() == len(step.links) - strong
    dash = lambda sel: page.eval_on_selector(sel, "e => getComputedStyle(e).strokeDasharray")
    assert dash("#overlay path.link.weak") not in ("none", "")
    assert dash("#overlay path.link.strong") in ("none", "")
    assert page.eval_on_selector("#overlay path.link", "e => e.getAttribute('marker-end')").startswith("url(#arrow")
    text = page.inner_text("#explanation")
    assert "..." not in text and "…" not in text and step.explanation in text
    page.screenshot(path=screenshots / "9x9-aic-arrows.png")
    set_theme(page, "dark")
    page.screenshot(path=screenshots / "9x9-aic-arrows-dark.png")


def test_fish_sets_branches_and_als_are_drawn(page, server_url, screenshots):
    page.set_viewport_size(DESKTOP)
    open_page(page, server_url, EASY)
    only_techniques(page, ["x-wing"])
    page.click("#btn-step")
    page.wait_for_selector("#overlay rect.house.base")
    fill = lambda sel: page.eval_on_selector(sel, "e => getComputedStyle(e).fill")
    assert fill("#overlay rect.house.base") != fill("#overlay rect.house.cover")
    page.screenshot(path=screenshots / "9x9-x-wing-sets.png")
    # drawing data the server may send: forcing-chain branches, ALS and pattern sets
    page.evaluate("""() => window.sudokitPage.showSteps([{
        technique: "forcing-chain", name: "Forcing Chain", difficulty: 8.5,
        explanation: "Forcing Chain: r1c1 is 4 or 5; either way r2c3<>7",
        placements: [], eliminations: [[2, 3, 7]], cells: [[1, 1]], houses: [], candidates: [],
        branches: [
          {label: "r1c1=4", links: [{from: [1, 1, 4], to: [1, 2, 4], strong: false}, {from: [1, 2, 4], to: [1, 2, 7], strong: true}]},
          {label: "r1c1=5", links: [{from: [1, 1, 5], to: [3, 1, 5], strong: false}, {from: [3, 1, 5], to: [3, 2, 5], strong: true}]}],
        sets: [{role: "als", cells: [[8, 1], [8, 2]], digits: [1, 4]}, {role: "pattern", cells: [[5, 5]]}]}])""")
    assert page.locator("#overlay g.branch").count() == 2
    colours = page.eval_on_selector_all("#overlay g.branch path.link", "els => els.map(e => getComputedStyle(e).stroke)")
    assert len(set(colours)) == 2
    assert page.locator("#overlay .set.als path.outline").count() == 1
    assert page.locator("#overlay .set.pattern .frame").count() == 1
    page.click('.branch-button[data-branch="1"]')  # one branch at a time
    assert page.locator("#overlay g.branch").count() == 1
    page.screenshot(path=screenshots / "9x9-forcing-branches.png")


def test_all_steps_list_is_grouped_and_a_step_applied(page, server_url, screenshots):
    open_page(page, server_url, EASY)
    page.click("#btn-all-steps")
    page.wait_for_selector(".tech-group")
    expect(page.locator("#all-steps-note")).not_to_contain_text("searching", timeout=30000)
    groups = page.eval_on_selector_all(".tech-group", "els => els.map(e => e.dataset.technique)")
    assert len(groups) == len(set(groups)) >= 2
    page.screenshot(path=screenshots / "9x9-all-steps.png")
    show_and_apply_a_listed_step(page, expect)


def test_the_step_log_jumps_back(page, server_url):
    open_page(page, server_url, EASY)
    before = values(page)
    for _ in range(3):
        page.click("#btn-step")
        page.wait_for_selector(".c.cand-place")
        page.click("#btn-apply")
    expect(page.locator("#log li")).to_have_count(3)
    after = values(page)
    page.click("#log li >> nth=1")
    expect(page.locator("#log li")).to_have_count(1)
    assert sum(1 for v in values(page) if v) == sum(1 for v in before if v) + 1
    page.click("#btn-undo")
    expect(page.locator("#log li")).to_have_count(3)
    assert values(page) == after


def test_16x16_explanations_use_the_grids_symbols(page, server_url):
    open_page(page, server_url)
    mapped = page.evaluate("""async () => {
        const m = await import("/static/notation.js");
        return [m.mapDigits("r3c3=14", 16), m.mapDigits("removes 14 from r1c2", 16), m.mapDigits("r3c3=14", 9),
                m.mapDigits("Enda rutan (hidden single) i rad 12: 14 passar bara i r12k3", 16),
                m.mapDigits("stryker 14 ur r1k2", 16), m.mapDigits("r1k2 skulle ha både 10 och 14", 16)];
    }""")
    assert mapped == ["r3c3=E", "removes E from r1c2", "r3c3=14",
                      "Enda rutan (hidden single) i rad 12: E passar bara i r12k3",
                      "stryker E ur r1k2", "r1k2 skulle ha både A och E"]


# --- 4. generating ---------------------------------------------------------------------------------------

def test_cancel_a_25x25_generate_gives_control_back_at_once(page, server_url, screenshots):
    open_page(page, server_url, EASY)
    page.select_option("#gen-size", "25")
    page.select_option("#level", "hard")  # seconds at 25x25 ("any" may pick a quick easy)
    # the page draws a random seed, and some hard 25x25 come in under a second, before the
    # click below: seed 2 takes about 4 s
    page.route("**/api/generate", lambda route: route.continue_(
        post_data=json.dumps({**route.request.post_data_json, "seed": 2})))
    page.click("#btn-generate")
    expect(page.locator("#btn-gen-cancel")).to_be_visible()
    page.wait_for_timeout(1200)
    expect(page.locator("#gen-progress")).to_contain_text(" s")
    page.screenshot(path=screenshots / "generate-running.png")
    asked = []
    page.on("request", lambda r: asked.append((r.url, r.post_data)) if r.url.endswith("/api/cancel") else None)
    t0 = time.monotonic()
    page.click("#btn-gen-cancel")
    expect(page.locator("#btn-generate")).to_be_enabled(timeout=2000)
    assert time.monotonic() - t0 < 2
    assert asked and json.loads(asked[0][1])["job"].startswith("generate-")
    # the Size box shows the grid on the page, and the page answers at once
    assert page.input_value("#gen-size") == "9"
    expect(page.locator("#geometry")).to_have_text("9x9, 3x3 boxes")
    t0 = time.monotonic()
    page.click("#btn-count")
    expect(page.locator("#status")).to_have_text("Solutions: unique", timeout=5000)
    assert time.monotonic() - t0 < 3


def test_bivalue_cells_and_a_digit_are_highlighted(page, server_url):
    open_page(page, server_url, EASY)
    position = Position.parse(EASY)
    g = position.geometry
    two = {g.name(c) for c in range(81) if not position.values[c] and bin(position.cands[c]).count("1") == 2}
    assert two
    page.check("#bivalue")
    shaded = set(page.eval_on_selector_all(".cell.bivalue", "els => els.map(e => e.dataset.cell)"))
    assert shaded == two
    page.click("summary:text('Highlights and colours')")
    page.select_option("#highlight", "7")
    assert page.locator(".c.hl").count() > 0
    assert set(page.eval_on_selector_all(".c.hl", "els => els.map(e => e.dataset.d)")) == {"7"}
    assert page.locator(".cell.same").count() == EASY.count("7")
