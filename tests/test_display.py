"""Showing grids: the article's classic layout and Stat line, a bordered grid, givens in red."""

from __future__ import annotations

import io
import random

import pytest
from pattern_grids import full_grid
from rich.console import Console

from sudokit import Geometry, Grid
from sudokit.model import formats

from sudokit.adapters.cli import display

SVD = "000000000 640017000 000020361 506040000 000006420 000280009 000500740 405069200 800000000"
SVD_SOLUTION = "312695874 648317592 957824361 526943187 189756423 734281659 291538746 475169238 863472915"

# The solution as the PHP article prints it.
ARTICLE_SOLUTION = """\
312 695 874
648 317 592
957 824 361

526 943 187
189 756 423
734 281 659

291 538 746
475 169 238
863 472 915"""


def solved_svd() -> Grid:
    puzzle = formats.parse_one(SVD)
    return puzzle.with_values(formats.parse_one(SVD_SOLUTION).values)


def terminal(width: int = 120) -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, force_terminal=True, color_system="standard", width=width), buf


def test_classic_layout_is_the_articles():
    assert display.to_text(solved_svd()) == ARTICLE_SOLUTION


def test_partial_grid_gets_the_stat_line():
    text = display.to_text(formats.parse_one(SVD))
    assert text.endswith("\n\nStat: 26 (32.1%) done")  # the article's figure for this puzzle
    assert display.stat_line(formats.parse_one(SVD)) == "Stat: 26 (32.1%) done"
    assert display.stat_line(solved_svd()) is None
    assert "Stat" not in display.to_text(formats.parse_one(SVD), stat=False)


def test_stat_line_counts_filled_cells_of_any_size():
    g = Grid.empty(Geometry(4, 4))
    values = list(g.values)
    values[:64] = full_grid(Geometry(4, 4), random.Random(1)).values[:64]
    assert display.stat_line(Grid(g.geometry, values)) == "Stat: 64 (25.0%) done"


def test_givens_are_red_and_solved_digits_plain():
    grid = solved_svd()
    text = display.render(grid)
    spans = display._cell_spans(text.plain, 9)
    assert spans is not None and len(spans) == 81
    styled = {start for span in text.spans for start in range(span.start, span.end)
              if "red" in str(span.style)}
    for (start, _), given in zip(spans, grid.givens):
        assert (start in styled) == given


def test_terminal_output_is_coloured_and_plain_output_is_not():
    console, buf = terminal()
    display.show(solved_svd(), console=console)
    assert "\x1b[" in buf.getvalue()
    plain_buf = io.StringIO()
    display.show(solved_svd(), console=Console(file=plain_buf, force_terminal=False))
    assert plain_buf.getvalue() == ARTICLE_SOLUTION + "\n"


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2), (3, 4), (4, 4), (5, 5)],
                         ids=lambda b: f"{b[0]}x{b[1]}")
@pytest.mark.parametrize("layout", sorted(display.LAYOUTS))
def test_every_size_and_layout_shows_every_cell(box, layout):
    geometry = Geometry(*box)
    grid = full_grid(geometry, random.Random(str(box)))
    grid = Grid(geometry, grid.values, [i % 3 == 0 for i in range(geometry.ncells)])
    text = display.render(grid, layout)
    spans = display._cell_spans(text.plain, geometry.size)
    assert spans is not None
    symbols = [text.plain[a:b] for a, b in spans]
    assert symbols == [grid.to_line()[i] for i in range(geometry.ncells)]
    if geometry.size > 9:
        assert "A" in symbols  # letters above 9
    # a red span on exactly the givens
    red = sum(1 for span in text.spans if "red" in str(span.style))
    assert red == sum(grid.givens)


def test_classic_layout_separates_boxes_and_bands():
    geometry = Geometry(2, 3)  # 6x6: bands of 2 rows, boxes 3 wide
    grid = full_grid(geometry, random.Random(6))
    lines = display.to_text(grid).split("\n")
    assert len(lines) == 6 + 2  # six rows, a blank line between the three bands
    assert lines[2] == "" and lines[5] == ""
    assert all(len(line.split(" ")) == 2 and len(line) == 7 for line in lines if line)


def test_bordered_grid_has_rules_between_bands():
    text = display.to_text(solved_svd(), "grid")
    lines = text.split("\n")
    assert len(lines) == 9 + 4
    assert all(lines[i].startswith("+") for i in (0, 4, 8, 12))
    assert lines[1].count("|") == 4


def test_unknown_layout_is_refused():
    with pytest.raises(ValueError):
        display.render(solved_svd(), "fancy")
