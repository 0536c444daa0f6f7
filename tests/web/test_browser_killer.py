"""Killer puzzles on the page, in a real browser (Debian's Chromium, pytest-playwright): the
killer rule and its cage editor (drag over cells, type the sum, Enter; a live message for a sum
the cells cannot make; a cage picked and deleted; cages pasted as text), cages drawn dashed with
their sums, a killer opened from JSON getting a hint that names a cage (the cage outlined), the
cages kept over a reload and in share links; screenshots of 9x9 and 16x16 killers, light and
dark, on a desktop and a phone (build/screenshots/)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from killer_cases import unique_killer
from pages import DESKTOP, PHONE, cell

from sudokit.model.rules.killer import cage_fields, cages_text

expect = pytest.importorskip("playwright.sync_api").expect

CHROMIUM = "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")


@pytest.fixture(scope="module")
def killer():
    """A 9x9 killer unique by its cages: its JSON text (puzzle and cages) and its cages."""
    g, _ = unique_killer(9, 21)
    cages = cage_fields(g)["cages"]
    return json.dumps({"puzzle": "." * 81, "cages": cages}), cages


def fresh(page, url: str):
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_selector("body.ready")
    page.evaluate("localStorage.clear()")
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_selector("body.ready")
    return page


def open_panel(page, title: str) -> None:
    summary = page.locator("summary", has_text=title)
    if not summary.evaluate("s => s.parentElement.open"):
        summary.click()


def drag(page, names: list[str]) -> None:
    """Press on the first cell and move the mouse over the others, then let go."""
    boxes = [cell(page, n).bounding_box() for n in names]
    centre = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]
    page.mouse.move(*centre[0])
    page.mouse.down()
    for x, y in centre[1:]:
        page.mouse.move(x, y, steps=4)
    page.mouse.up()


def page_cages(page) -> list:
    return page.evaluate("window.sudokitPage.game().variantFields().cages || null")


def drawn_sums(page) -> list[str]:
    return page.eval_on_selector_all("#rules-layer text.cage-sum", "els => els.map(e => e.textContent)")


def open_killer(page, text: str) -> None:
    open_panel(page, "Puzzle")
    page.fill("#paste", text)
    page.click("#btn-load")
    page.wait_for_selector("#rules-layer path.cage")


def test_draw_two_cages_with_the_mouse_and_type_their_sums(page, server_url):
    fresh(page, server_url)
    open_panel(page, "Puzzle")
    page.check("#rule-killer")
    expect(page.locator("#cages-panel")).to_be_visible()
    expect(page.locator("#draw-cages")).to_be_checked()
    drag(page, ["r1c1", "r1c2"])
    expect(page.locator("#cage-sum")).to_be_focused()
    assert "cage-draft" in cell(page, "r1c2").get_attribute("class")
    page.keyboard.type("3")
    page.keyboard.press("Enter")
    drag(page, ["r2c1", "r3c1", "r3c2"])
    page.keyboard.type("17")
    page.keyboard.press("Enter")
    expect(page.locator("#rules-layer path.cage")).to_have_count(2)
    assert drawn_sums(page) == ["3", "17"]
    assert page_cages(page) == [[3, [0, 1]], [17, [9, 18, 19]]]
    assert "killer" in page.inner_text("#rules-name")
    # the dashed line keeps inside the cells: its first point is inside r1c1, off its edges
    box = cell(page, "r1c1").bounding_box()
    layer = page.locator("#rules-layer").bounding_box()
    d = page.get_attribute("#rules-layer path.cage >> nth=0", "d")
    x, y = (float(v) for v in re.match(r"M([\d.]+) ([\d.]+)", d).groups())
    assert box["x"] + 1 < layer["x"] + x < box["x"] + box["width"] - 1
    assert box["y"] + 1 < layer["y"] + y < box["y"] + box["height"] / 2
    # a cell of a cage gets the cage's digit once: a repeated digit clashes
    page.uncheck("#draw-cages")
    cell(page, "r1c1").click()
    page.keyboard.press("1")
    cell(page, "r1c2").click()
    page.keyboard.press("1")
    assert "clash" in cell(page, "r1c2").get_attribute("class")


def test_a_sum_the_cells_cannot_make_is_named_live_and_refused(page, server_url):
    fresh(page, server_url)
    open_panel(page, "Puzzle")
    page.check("#rule-killer")
    drag(page, ["r5c5", "r5c6"])
    page.keyboard.type("2")
    status = page.locator("#cages-status")
    expect(status).to_contain_text("never 2")
    expect(status).to_have_class(re.compile(r"\bbad\b"))
    page.keyboard.press("Enter")
    expect(page.locator("#rules-layer path.cage")).to_have_count(0)
    page.fill("#cage-sum", "11")
    expect(status).not_to_have_class(re.compile(r"\bbad\b"))
    page.keyboard.press("Enter")
    expect(page.locator("#rules-layer path.cage")).to_have_count(1)
    # a cell already in a cage: named live
    drag(page, ["r4c6", "r5c6"])
    page.fill("#cage-sum", "9")
    expect(status).to_contain_text("r5c6 is in two cages")
    page.keyboard.press("Escape")
    # click the cage to pick it, then delete it
    page.mouse.click(*center(cell(page, "r5c5")))
    expect(page.locator("#cage-sum")).to_have_value("11")
    expect(page.locator("#rules-layer path.cage-picked")).to_have_count(1)
    page.click("#btn-cage-delete")
    expect(page.locator("#rules-layer path.cage")).to_have_count(0)


def center(locator):
    b = locator.bounding_box()
    return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2


def test_cages_pasted_as_text(page, server_url, killer):
    _, cages = killer
    fresh(page, server_url)
    open_panel(page, "Puzzle")
    page.check("#rule-killer")
    page.fill("#cages-text", "5 r1c1 r1c2\n7 r1c2 r1c3")
    page.click("#btn-cages-use")
    expect(page.locator("#cages-status")).to_contain_text("r1c2 is in two cages")
    text = "\n".join(f"{t} {' '.join(cells)}" for t, cells in cages)
    page.fill("#cages-text", text)
    page.click("#btn-cages-use")
    expect(page.locator("#rules-layer path.cage")).to_have_count(len(cages))
    assert sorted(drawn_sums(page), key=int) == sorted((str(t) for t, _ in cages), key=int)


def test_a_killer_from_json_gets_a_hint_naming_a_cage(page, server_url, killer):
    text, cages = killer
    fresh(page, server_url)
    open_killer(page, text)
    expect(page.locator("#rules-layer path.cage")).to_have_count(len(cages))
    page.click("#btn-hint")
    expect(page.locator("#explanation")).to_contain_text("Hint")
    page.click("#btn-hint")
    expect(page.locator("#explanation")).to_contain_text(re.compile(r"cage \d+ \(r\dc\d"))
    named = re.search(r"cage \d+ \(([^)]*)\)", page.inner_text("#explanation")).group(1).split(", ")
    for name in named:
        assert "focus-cell" in cell(page, name).get_attribute("class"), name
    # the step shown: the cage it names is the one drawn solid (a set of role cage)
    used = page.locator("#rules-layer path.cage-used")
    expect(used).to_have_count(1)
    assert used.get_attribute("data-cage") == re.search(r"cage \d+ \([^)]*\)", page.inner_text("#explanation")).group(0)


def test_reload_and_share_links_keep_the_cages(page, server_url, killer):
    text, cages = killer
    fresh(page, server_url)
    open_killer(page, text)
    expect(page).to_have_url(re.compile(r"&c=\d"))
    link = page.url
    page.reload()
    page.wait_for_selector("#rules-layer path.cage")
    assert page_cages(page) == [[t, sorted(int(r) * 9 + int(c) - 10 for r, c in
                                           (re.fullmatch(r"r(\d)c(\d)", x).groups() for x in cells))]
                                for t, cells in cages]
    expect(page.locator("#rules-layer path.cage")).to_have_count(len(cages))
    page.evaluate("localStorage.clear()")
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_selector("#rules-layer path.cage")
    assert len(page_cages(page)) == len(cages)
    r = page.request.post(server_url + "api/count", data={"puzzle": page.evaluate(
        "window.sudokitPage.game().positionJSON()")})
    assert r.json()["label"] == "unique"


@pytest.mark.parametrize("view, theme, size", [
    ("desktop", "light", 9), ("desktop", "dark", 9), ("phone", "light", 9), ("phone", "dark", 9),
    ("desktop", "light", 16), ("desktop", "dark", 16), ("phone", "light", 16),
])
def test_screenshots_of_killers(page, server_url, screenshots, view, theme, size):
    g, _ = unique_killer(size, 5) if size == 9 else killer16()
    text = json.dumps({"puzzle": "." * size * size, "cages": cage_fields(g)["cages"],
                       **({"box": [4, 4]} if size == 16 else {})})
    page.set_viewport_size(DESKTOP if view == "desktop" else PHONE)
    fresh(page, server_url)
    page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
    open_killer(page, text)
    if not page.is_checked("#auto-marks"):
        page.check("#auto-marks")
    if size == 9:
        page.click("#btn-hint")
        expect(page.locator("#explanation")).to_contain_text("Hint")
        page.click("#btn-hint")
        expect(page.locator("#rules-layer path.cage-used")).to_have_count(1)  # the step shown
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshots / f"killer-{size}x{size}-{view}-{theme}.png"))
    assert page.locator("#rules-layer text.cage-sum").count() == len(g.cages)


def killer16():
    """A 16x16 killer (cages over a random solution; uniqueness not needed for a picture)."""
    import random

    from killer_cases import random_cages
    from sudokit.model.geometry import Geometry
    from sudokit.engines.search import core

    g = Geometry.of(16)
    solution = core.random_solution(g, 4).values
    return g.with_cages(random_cages(solution, 16, random.Random(4), 4)), solution


def test_text_of_cages_round_trips(killer):
    """What the tests above paste is the text form sudokit writes."""
    _, cages = killer
    from sudokit.model.rules.killer import parse_cages, read_cages

    parsed = parse_cages("\n".join(f"{t} {' '.join(c)}" for t, c in cages), 9)
    assert cages_text(parsed, 9) == cages_text(read_cages(cages, 9), 9)


def test_generate_a_killer_and_see_its_cages(page, server_url):
    from pages import open_page

    from sudokit.model import formats
    from sudokit.engines.search import reference

    open_page(page, server_url)
    page.select_option("#gen-size", "6")
    page.check("#gen-rule-killer")
    expect(page.locator("#gen-note")).to_contain_text("Killer")
    page.click("#btn-generate")
    expect(page.locator("#status")).to_contain_text("Generated (killer)", timeout=60_000)
    cages = page_cages(page)
    assert cages and len(drawn_sums(page)) == len(cages)
    expect(page.locator("#rules-layer path.cage")).to_have_count(len(cages))
    (grid,) = formats.parse(json.dumps({"box": [2, 3], "puzzle": "." * 36, "cages": cages}))
    assert reference.count_solutions(grid, 2) == 1


def test_a_rule_of_45_step_shades_its_region_and_focuses_its_cages(page, server_url, killer, screenshots):
    from sudokit.model.formats import parse
    from sudokit.engines.logic import Position
    from sudokit.engines.logic.solver import LogicalSolver

    text, _ = killer
    (grid,) = parse(text)
    step = LogicalSolver(["rule-of-45"]).next_step(Position.from_grid(grid))
    assert step is not None
    data = step.to_dict(grid.geometry)
    region = [s for s in data["sets"] if s["role"] == "region"]
    used = sorted(sorted(tuple(rc) for rc in s["cells"]) for s in data["sets"] if s["role"] == "cage")
    assert len(region) == 1 and used
    page.set_viewport_size(DESKTOP)
    fresh(page, server_url)
    open_killer(page, text)
    page.click("summary:text('Techniques')")
    page.click("#tech-none")
    page.check('[data-technique="rule-of-45"]')
    page.click("#btn-step")
    expect(page.locator("#explanation")).to_contain_text(step.explanation)
    # the region: one shaded mark a cell; the cages the step uses: their own outlines, solid
    expect(page.locator("#overlay .set.region rect.cellmark")).to_have_count(len(region[0]["cells"]))
    focused = page.evaluate("""() => window.sudokitPage.game().variantFields().cages
        .map((c, i) => [c, document.querySelectorAll('#rules-layer path.cage')[i]])
        .filter(([c, p]) => p.classList.contains('cage-used')).map(([c]) => c[1])""")
    n = grid.geometry.size
    assert sorted(sorted((c // n + 1, c % n + 1) for c in cells) for cells in focused) == used
    dashes = page.eval_on_selector_all(
        "#rules-layer path.cage", "ps => ps.map(p => [p.classList.contains('cage-used'), getComputedStyle(p).strokeDasharray])")
    assert {d for u, d in dashes if u} == {"none"} and "none" not in {d for u, d in dashes if not u}
    page.screenshot(path=str(screenshots / "killer-9x9-rule-of-45.png"))
