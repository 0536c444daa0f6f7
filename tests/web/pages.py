"""What the browser tests share: a puzzle, the window sizes, opening the page on a puzzle and
finding a cell."""

from __future__ import annotations

from urllib.parse import quote

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def open_page(page, url: str, puzzle: str | None = None, box: str | None = None, extra: str = ""):
    """The page at ``url`` with ``puzzle`` opened from a share link (``box``: its box shape;
    ``extra``: more of the link), once it is ready."""
    target = url
    if puzzle:
        target += f"#p={quote(puzzle)}" + (f"&b={box}" if box else "") + extra
    page.goto(target)
    page.wait_for_selector("body.ready")
    if puzzle:
        page.wait_for_selector(".cell.given")
    return page


def cell(page, name: str):
    """The cell ``r3c5``."""
    return page.locator(f'[data-cell="{name}"]')


def show_and_apply_a_listed_step(page, expect) -> None:
    """From the all-steps list: unfold the last technique's group, show its first step (its
    explanation appears), apply it (it ends the step log)."""
    group = page.locator(".tech-group").last
    if not group.evaluate("e => e.open"):  # a long list opens only the simplest techniques
        group.locator("summary").click()
    item = group.locator(".step-item").first
    text = item.locator(".fold-text").inner_text()
    item.locator(".show-step").click()
    assert text in page.inner_text("#explanation")
    item.locator(".apply-step").click()
    expect(page.locator("#log li").last).to_have_text(text)
