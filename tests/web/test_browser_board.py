"""The page draws and checks a puzzle by the server's board (POST /api/board), in a real browser
(Debian's Chromium, pytest-playwright): the peers highlighted around the selection, the clashes,
the diagonals and windows drawn and the cages outlined are those of the API's answer for the same
rules; the board is asked once per puzzle and rules; without it the page says so and stays
usable; axe finds no serious accessibility problem on a variant grid."""

from __future__ import annotations

from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from pages import EASY, cell, open_page

expect = pytest.importorskip("playwright.sync_api").expect

CHROMIUM = "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")
KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))


def api_board(page, server_url, **rules) -> dict:
    r = page.request.post(server_url + "api/board", data={"puzzle": "." * 81, **rules})
    assert r.ok, r.text()
    return r.json()


def api_peers(board: dict, rc: tuple[int, int]) -> set[str]:
    """The names of the cells the API's board makes peers of ``rc``."""
    cells = set()
    for house in board["houses"]:
        if list(rc) in house["cells"]:
            cells.update(map(tuple, house["cells"]))
    for a, b in board["extra_peers"]:
        if tuple(a) == rc:
            cells.add(tuple(b))
        if tuple(b) == rc:
            cells.add(tuple(a))
    cells.discard(rc)
    return {f"r{r}c{c}" for r, c in cells}


def wait_for_the_board(page, seconds: float = 10) -> None:
    """Until the game on the page plays on the server's board (the page's CSP allows no
    wait_for_function: asked again and again)."""
    for _ in range(int(seconds * 20)):
        if page.evaluate("window.sudokitPage.game().g.fromServer"):
            return
        page.wait_for_timeout(50)
    raise AssertionError("the page did not get the server's board")


def classes_of(page, cls: str) -> set[str]:
    return set(page.eval_on_selector_all(f".cell.{cls}", "els => els.map(e => e.dataset.cell)"))


def empty_grid_with(page, server_url, *rules: str) -> None:
    open_page(page, server_url)
    page.click("#btn-new")
    for rule in rules:
        page.check(f"#rule-{rule}")
    wait_for_the_board(page)


def test_the_peers_highlighted_are_the_api_s(page, server_url):
    empty_grid_with(page, server_url, "x", "anti-knight")
    board = api_board(page, server_url, variants=["x", "anti-knight"])
    for name, rc in (("r5c5", (5, 5)), ("r1c3", (1, 3)), ("r8c2", (8, 2))):
        cell(page, name).click()
        peers = classes_of(page, "peer")
        assert peers == api_peers(board, rc), name
    # the centre sees both diagonals and its knight's moves, none of which a classic grid has
    cell(page, "r5c5").click()
    peers = classes_of(page, "peer")
    assert {"r1c1", "r9c1", "r1c9", "r9c9"} <= peers
    assert {f"r{5 + dr}c{5 + dc}" for dr, dc in KNIGHT} <= peers
    assert len(peers) == 20 + 6 + 6 + 8  # the diagonals' cells outside its row, column, box


def test_clashes_follow_the_api_s_extra_peers(page, server_url):
    empty_grid_with(page, server_url, "anti-king")
    board = api_board(page, server_url, variants=["anti-king"])
    box = lambda rc: ((rc[0] - 1) // 3, (rc[1] - 1) // 3)  # noqa: E731
    (a, b), *_ = [(a, b) for a, b in board["extra_peers"]  # a pair that shares no house
                  if a == [4, 4] and b[0] != 4 and b[1] != 4 and box(a) != box(b)]
    here, there = f"r{a[0]}c{a[1]}", f"r{b[0]}c{b[1]}"
    cell(page, here).click()
    page.keyboard.press("7")
    cell(page, there).click()
    page.keyboard.press("7")
    assert classes_of(page, "clash") == {here, there}


def test_diagonals_and_windows_are_drawn_where_the_api_puts_them(page, server_url):
    empty_grid_with(page, server_url, "x", "windoku")
    board = api_board(page, server_url, variants=["x", "windoku"])
    drawn = page.eval_on_selector_all("#rules-layer path.diagonal", "els => els.map(e => e.dataset.house)")
    assert sorted(drawn) == sorted(h["name"] for h in board["houses"] if h["kind"] == "diagonal")
    windows = {f"r{r}c{c}" for h in board["houses"] if h["kind"] == "window" for r, c in h["cells"]}
    assert classes_of(page, "window") == windows and len(windows) == 36


def test_cages_are_outlined_as_the_api_has_them(page, server_url):
    cages = [[10, ["r1c1", "r1c2", "r2c1"]], [17, ["r9c8", "r9c9"]]]
    board = api_board(page, server_url, cages=cages)
    open_page(page, server_url)
    page.click("#btn-new")
    page.check("#rule-killer")
    page.fill("#cages-text", "10 r1c1 r1c2 r2c1\n17 r9c8 r9c9")
    page.click("#btn-cages-use")
    wait_for_the_board(page)
    drawn = page.eval_on_selector_all("#rules-layer path.cage", "els => els.map(e => e.dataset.cage)")
    assert drawn == [c["name"] for c in board["cages"]]
    sums = page.eval_on_selector_all("#rules-layer text.cage-sum", "els => els.map(e => e.textContent)")
    assert sums == [str(c["sum"]) for c in board["cages"]]
    cell(page, "r1c2").click()  # a cage's cells are peers of each other
    assert {"r2c1"} <= classes_of(page, "peer")


def test_the_board_is_asked_once_per_puzzle_and_rules(page, server_url):
    asked = []
    page.on("request", lambda r: asked.append(r.post_data_json) if r.url.endswith("/api/board") else None)
    open_page(page, server_url, EASY)
    page.wait_for_timeout(300)
    page.check("#rule-anti-knight")
    wait_for_the_board(page)
    page.uncheck("#rule-anti-knight")
    page.check("#rule-anti-knight")  # the same rules again: kept from the first time
    wait_for_the_board(page)
    for name in ("r1c1", "r5c5", "r9c9"):
        cell(page, name).click()
    rules = [tuple(a.get("variants") or ()) for a in asked]
    assert rules.count(("anti-knight",)) == 1 and rules.count(()) <= 1, rules


def test_without_the_board_the_page_says_so_and_stays_usable(page, server_url):
    open_page(page, server_url, EASY)
    page.route("**/api/board", lambda route: route.abort())
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.check("#rule-anti-king")
    expect(page.locator("#message")).to_contain_text("did not come from the server")
    cell(page, "r1c1").click()
    page.keyboard.press("4")
    expect(cell(page, "r1c1")).to_have_class("cell user selected")  # typed and shown
    page.uncheck("#rule-anti-king")  # the classic board came before the server went away
    page.click("#btn-count")
    expect(page.locator("#status")).to_contain_text("Solutions: unique")
    assert errors == []


def test_axe_finds_no_problem_on_a_variant_grid(page, server_url):
    empty_grid_with(page, server_url, "x", "anti-knight")
    cell(page, "r5c5").click()
    results = Axe().run(page)
    found = [(v["id"], v["impact"]) for v in results.response["violations"]]
    assert found == [], results.generate_report()
