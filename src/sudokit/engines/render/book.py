"""Booklets: puzzles laid out on pages (1, 2, 4 or 6 a page, each numbered and optionally
labelled with its level and score), then answer pages; big grids one a page."""

from __future__ import annotations

from dataclasses import dataclass

from sudokit.model.errors import SudokitError
from sudokit.model.grid import Grid
from sudokit.i18n import tr
from sudokit.engines.render.board import Board, draw_board
from sudokit.engines.render.scene import Scene, text_width
from sudokit.engines.render.styles import get_style

#: Paper sizes in points (1/72 inch).
PAPERS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
PER_PAGE = (1, 2, 4, 6)
#: Columns x rows of each layout.
LAYOUTS = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}
MARGIN = 40.0


@dataclass
class Entry:
    """One puzzle of a booklet: its grid, its solution's values (None: no answer) and a label
    (e.g. ``hard 3.4``)."""

    grid: Grid
    solution: list[int] | None = None
    label: str = ""


def check_options(per_page: int, paper: str) -> None:
    if per_page not in PER_PAGE:
        raise SudokitError(tr("--per-page {n} is not a layout: choose 1, 2, 4 or 6", n=per_page))
    if paper not in PAPERS:
        raise SudokitError(tr("unknown paper {name}; choose one of {choices}", name=repr(paper),
                              choices=", ".join(PAPERS)))


def puzzle_cap(size: int, per_page: int) -> int:
    """How many grids of this side share a page: big grids one a page."""
    if size >= 16:
        return 1
    if size >= 10:
        return min(per_page, 4)
    return per_page


def answer_cap(size: int) -> int:
    """Answers are packed more densely: 6 a page up to 9x9, 4 up to 15x15, 2 at 16x16."""
    if size > 16:
        return 1
    if size == 16:
        return 2
    return 4 if size >= 10 else 6


def _pages(items: list[tuple[int, Entry]], cap_of) -> list[tuple[int, list[tuple[int, Entry]]]]:
    """``(grids a page, items)`` of each page: a page holds grids of one layout."""
    pages: list[tuple[int, list[tuple[int, Entry]]]] = []
    for item in items:
        c = cap_of(item[1].grid.size)
        if not pages or c != pages[-1][0] or len(pages[-1][1]) >= c:
            pages.append((c, []))
        pages[-1][1].append(item)
    return pages


def booklet_pages(entries: list[Entry], per_page: int = 4, solutions: bool = False,
                  title: str = "", paper: str = "a4", style="print") -> list[Scene]:
    """The pages of a booklet: the puzzles, then (with ``solutions``) the answers."""
    check_options(per_page, paper)
    st = get_style(style)
    numbered = list(enumerate(entries, 1))
    pages = [(p, False) for p in _pages(numbered, lambda n: puzzle_cap(n, per_page))]
    if solutions:
        answered = [(i, e) for i, e in numbered if e.solution is not None]
        pages += [(p, True) for p in _pages(answered, answer_cap)]
    scenes = []
    for number, ((cap, items), answers) in enumerate(pages, 1):
        head = (f"{title}: answers" if title else "Answers") if answers else title
        scenes.append(_page(items, cap, answers, head, number, len(pages), paper, st))
    return scenes


def _page(items, cap: int, answers: bool, head: str, number: int, total: int, paper: str, st) -> Scene:
    W, H = PAPERS[paper]
    scene = Scene(W, H, "#ffffff", title=head)
    top = MARGIN
    if head:
        size = 18.0
        while size > 9 and text_width(head, size, True) > W - 2 * MARGIN:
            size -= 1
        scene.text(W / 2, MARGIN + size, head, size, st.label, bold=True, role="title")
        top += size * 1.8
    scene.text(W / 2, H - MARGIN / 2, f"{number} / {total}", 9, st.label, role="page")
    bottom = MARGIN
    layout = next(k for k in PER_PAGE if k >= cap)
    cols, rows = LAYOUTS[layout]
    gap = 24.0
    slot_w = (W - 2 * MARGIN - gap * (cols - 1)) / cols
    slot_h = (H - top - bottom - gap * (rows - 1)) / rows
    label_size = 11.0 if layout <= 2 else 10.0
    label_h = label_size * 1.7
    side = min(slot_w, slot_h - label_h)
    for k, (index, entry) in enumerate(items):
        row, col = divmod(k, cols)
        sx = MARGIN + col * (slot_w + gap)
        sy = top + row * (slot_h + gap)
        x0 = sx + (slot_w - side) / 2
        y0 = sy + label_h + max(0.0, (slot_h - label_h - side) / 2)
        g = entry.grid
        clues = [v if given else 0 for v, given in zip(g.values, g.givens)]
        scene.text(x0, y0 - label_size * 0.6, f"{'Answer' if answers else 'Puzzle'} {index}",
                   label_size, st.label, bold=True, anchor="start", role="number")
        if entry.label and not answers:
            scene.text(x0 + side, y0 - label_size * 0.6, entry.label, label_size, st.label,
                       anchor="end", role="rating")
        givens = [bool(v) for v in clues]
        board = Board(g.geometry, list(entry.solution) if answers else clues, givens)
        draw_board(scene, board, st, x0, y0, side)
    return scene
