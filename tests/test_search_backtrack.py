"""The teaching solver of the PHP article: its exact check counts, progress, limits, sizes."""

from __future__ import annotations

import random

from pattern_grids import agrees, full_grid, puzzle

from sudokit import Geometry, Grid
from sudokit.model import formats
from sudokit.engines.search import backtrack

SVD = "000000000 640017000 000020361 506040000 000006420 000280009 000500740 405069200 800000000"
SVD_SOLUTION = "312695874 648317592 957824361 526943187 189756423 734281659 291538746 475169238 863472915"


def test_svd_puzzle_reports_the_articles_check_counts():
    result = backtrack.solve(formats.parse_one(SVD))
    # The article: "Solved after 116070 checks", "Done after 156380 checks".
    assert result.extra["checks_first"] == 116_070
    assert result.extra["checks_total"] == 156_380
    assert result.nodes == 156_380
    assert result.solution == formats.parse_one(SVD_SOLUTION)
    assert result.status == "unique" and result.complete
    assert result.method == "backtrack"


def test_progress_is_reported_every_10000_checks():
    calls: list[tuple[int, int]] = []
    result = backtrack.solve(formats.parse_one(SVD), progress=lambda checks, cell: calls.append((checks, cell)))
    total = result.extra["checks_total"]
    assert [c for c, _ in calls] == list(range(10_000, total + 1, 10_000))
    assert all(0 <= cell < 81 for _, cell in calls)


def test_stopping_at_the_first_solution_reports_the_first_count():
    result = backtrack.solve(formats.parse_one(SVD), limit=1)
    assert result.count == 1 and not result.complete
    assert result.extra["checks_total"] == result.extra["checks_first"]


def test_check_limit_stops_the_search():
    result = backtrack.solve(formats.parse_one(SVD), node_limit=5_000)
    assert result.limit_reached and result.status == "limit"
    assert result.nodes == 5_000
    assert result.extra["checks_first"] is None


def test_time_limit_stops_the_search_at_the_next_progress_point():
    result = backtrack.solve(formats.parse_one(SVD), time_limit=0)
    assert result.limit_reached
    assert result.nodes < 10_000


def test_a_check_limit_keeps_a_big_grid_from_hanging():
    result = backtrack.solve(Grid.empty(Geometry(5, 5)), node_limit=50_000)
    assert result.limit_reached and result.nodes == 50_000


def test_clashing_givens_have_no_solution():
    p = formats.parse_one("5" + SVD.replace(" ", "")[1:])
    result = backtrack.solve(p)
    assert result.status == "no-solution" and result.complete
    assert result.extra["checks_first"] is None


def test_the_empty_4x4_grid_has_288_solutions():
    result = backtrack.solve(Grid.empty(Geometry(2, 2)))
    assert result.count == 288 and result.complete
    assert len({tuple(s.values) for s in result.solutions}) == 288


def test_large_grids_need_no_deep_recursion():
    # 36x36 has 1296 cells, more than Python's default recursion limit.
    rng = random.Random(36)
    solution = full_grid(Geometry(6, 6), rng)
    values = list(solution.values)
    for cell in rng.sample(range(len(values)), 40):
        values[cell] = 0
    result = backtrack.solve(Grid(solution.geometry, values), limit=2)
    assert result.status == "unique"
    assert result.solution == solution


def test_rectangular_boxes():
    for box in [(2, 3), (3, 2), (2, 4)]:
        solution, p = puzzle(Geometry(*box), random.Random(str(box)), 0.4)
        result = backtrack.solve(p, limit=1)
        assert result.solution.is_solved and agrees(result.solution, p)


def test_verify_checks_row_column_and_box():
    g = Geometry(3, 3)
    values = [0] * 81
    values[g.cell(4, 4)] = 7
    assert backtrack.verify(values, g.cell(4, 4), g.peers[g.cell(4, 4)])
    for other in [g.cell(4, 0), g.cell(8, 4), g.cell(3, 5)]:  # same row, column, box
        values[other] = 7
        assert not backtrack.verify(values, g.cell(4, 4), g.peers[g.cell(4, 4)])
        values[other] = 0
    values[g.cell(0, 0)] = 7  # no shared house
    assert backtrack.verify(values, g.cell(4, 4), g.peers[g.cell(4, 4)])
