"""The pure-Python reference solver: published solutions, every geometry, counts and limits."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pattern_grids import agrees, full_grid, puzzle

import sudokit
from sudokit import Geometry, Grid, SearchLimitError
from sudokit.model import formats
from sudokit.engines import search
from sudokit.engines.search import backtrack, reference

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

# The two puzzles of the articles, with the solutions they publish.
SVD = "000000000 640017000 000020361 506040000 000006420 000280009 000500740 405069200 800000000"
SVD_SOLUTION = "312695874 648317592 957824361 526943187 189756423 734281659 291538746 475169238 863472915"
EXPRESSEN = "700206000 890300002 000700004 050600920 000040000 086002040 500009000 200007058 000503001"
EXPRESSEN_SOLUTION = ("745286139 891354672 632791584 154678923 327945816 986132745 513829467 269417358 "
                      "478563291")

BOXES = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (2, 5), (3, 4), (4, 3), (4, 4), (4, 5), (5, 5), (6, 6)]


def data_lines(name: str, count: int) -> list[str]:
    path = DATA / name
    if not path.exists():
        pytest.skip(f"{path} is not there (the shared data sets sit beside the repository)")
    with path.open() as f:
        return [next(f).strip() for _ in range(count)]


@pytest.mark.parametrize("text, published", [(SVD, SVD_SOLUTION), (EXPRESSEN, EXPRESSEN_SOLUTION)])
def test_article_puzzles_solve_to_the_published_solution(text, published):
    result = reference.solve(formats.parse_one(text), limit=2)
    assert result.status == "unique"
    assert result.solution == formats.parse_one(published)
    assert result.method == "reference"


@pytest.mark.parametrize("box", BOXES, ids=lambda b: f"{b[0]}x{b[1]}")
def test_generated_puzzles_of_every_box_shape_solve(box):
    rng = random.Random(f"{box}")
    geometry = Geometry(*box)
    # Up to 50% blanks below 16x16, 40% above: random blanking beyond that is heavy-tailed.
    blank = 0.5 if geometry.size <= 16 else 0.4
    for _ in range(3):
        _, p = puzzle(geometry, rng, blank)
        result = reference.solve(p, limit=1, time_limit=60)
        assert not result.limit_reached
        assert result.solution.is_solved
        assert agrees(result.solution, p)
        assert result.solution.givens == p.givens


@settings(max_examples=40, deadline=None)
@given(box=st.sampled_from(BOXES[:9]), seed=st.integers(0, 2**32), blank=st.floats(0.0, 0.6))
def test_any_solution_found_is_valid_and_keeps_the_givens(box, seed, blank):
    _, p = puzzle(Geometry(*box), random.Random(seed), blank)
    result = reference.solve(p, limit=2, time_limit=60)
    assert result.count >= 1
    for s in result.solutions:
        assert s.is_solved and agrees(s, p)
    assert len({tuple(s.values) for s in result.solutions}) == result.count


def test_a_full_grid_is_its_own_unique_solution():
    g = full_grid(Geometry(4, 4), random.Random(5))
    result = reference.solve(g, limit=2)
    assert result.status == "unique"
    assert result.solution == g
    assert (result.nodes, result.guesses) == (1, 0)


def test_puzzles_solved_by_naked_singles_need_no_guess():
    # kaggle.txt's README: every puzzle there falls to naked singles alone.
    for line in data_lines("kaggle.txt", 20):
        result = reference.solve(formats.parse_one(line), limit=2)
        assert result.status == "unique"
        assert result.guesses == 0 and result.nodes == 1


def test_hard_puzzles_are_unique():
    for line in data_lines("forum_hardest_1106.txt", 5):
        p = formats.parse_one(line)
        result = reference.solve(p, limit=2)
        assert result.status == "unique"
        assert result.solution.is_solved and agrees(result.solution, p)
        assert result.guesses > 0


def test_the_empty_4x4_grid_has_288_solutions():
    # 288 is the known number of 4x4 Sudoku grids.
    empty = Grid.empty(Geometry(2, 2))
    assert reference.count_solutions(empty, limit=None) == 288
    result = reference.solve(empty, limit=None)
    assert len({tuple(s.values) for s in result.solutions}) == 288
    assert all(s.is_solved for s in result.solutions)


def test_count_stops_at_the_limit():
    empty = Grid.empty(Geometry(2, 2))
    result = reference.solve(empty, limit=10)
    assert result.count == 10 and not result.complete
    assert result.status == "multiple"
    assert reference.count_solutions(empty, limit=10) == 10


def test_limit_one_finds_one_without_proving_uniqueness():
    result = reference.solve(Grid.empty(Geometry(2, 3)), limit=1)
    assert result.count == 1 and result.status == "solved"


def test_clashing_givens_have_no_solution():
    p = formats.parse_one("5" + SVD.replace(" ", "")[1:])  # a 5 in r1c1 clashes with r4c1
    assert p.clashes()
    result = reference.solve(p, limit=2)
    assert result.status == "no-solution" and result.complete
    assert reference.count_solutions(p) == 0


def test_a_puzzle_without_clash_can_still_have_no_solution():
    # r1c9 can hold nothing: 1..8 are in its row and 9 is in its column.
    geometry = Geometry(3, 3)
    values = [0] * 81
    values[:8] = range(1, 9)
    values[geometry.cell(5, 8)] = 9
    p = Grid(geometry, values)
    assert not p.clashes()
    result = reference.solve(p, limit=2)
    assert result.status == "no-solution" and result.complete


def test_node_limit_stops_the_search():
    p = formats.parse_one(data_lines("forum_hardest_1106.txt", 1)[0])
    result = reference.solve(p, limit=2, node_limit=3)
    assert result.limit_reached and not result.complete
    assert result.status == "limit"
    assert result.nodes == 3
    with pytest.raises(SearchLimitError):
        reference.count_solutions(p, limit=2, node_limit=3)


def test_time_limit_stops_the_search():
    result = reference.solve(Grid.empty(Geometry(4, 4)), limit=None, time_limit=0)
    assert result.limit_reached and result.status in ("limit", "multiple")


def test_limit_below_one_is_refused():
    with pytest.raises(ValueError):
        reference.solve(formats.parse_one(SVD), limit=0)


def test_serg_counts_agree_with_the_backtracking_solver():
    for line in data_lines("serg.txt", 3):
        p = formats.parse_one(line)
        ref = reference.solve(p, limit=None)
        bt = backtrack.solve(p, limit=None)
        assert ref.complete and bt.complete and ref.count >= 2
        assert sorted(s.values for s in ref.solutions) == sorted(s.values for s in bt.solutions)


# The same examples every run: a random 6x6 once took the teaching backtracker past its check limit.
@settings(max_examples=60, deadline=None, derandomize=True)
@given(box=st.sampled_from([(2, 2), (2, 3), (3, 2)]), seed=st.integers(0, 2**32),
       blank=st.floats(0.4, 0.75), clash=st.booleans())
def test_counts_agree_with_the_backtracking_solver_on_small_grids(box, seed, blank, clash):
    rng = random.Random(seed)
    geometry = Geometry(*box)
    _, p = puzzle(geometry, rng, blank)
    if clash:  # sometimes break it: copy a given onto an empty peer
        filled = [c for c, v in enumerate(p.values) if v]
        cell = rng.choice(filled) if filled else None
        empty_peers = [q for q in geometry.peers[cell] if not p.values[q]] if filled else []
        if empty_peers:
            values = list(p.values)
            values[rng.choice(empty_peers)] = p.values[cell]
            p = Grid(geometry, values)
    ref = reference.solve(p, limit=None)
    bt = backtrack.solve(p, limit=None)
    assert ref.complete and bt.complete
    assert sorted(s.values for s in ref.solutions) == sorted(s.values for s in bt.solutions)


def test_search_api_dispatches_by_method_name():
    assert {"reference", "backtrack"} <= set(search.METHODS)
    for method in ("reference", "backtrack"):
        result = search.solve(SVD, method=method)
        assert result.method == method
        assert result.solution == formats.parse_one(SVD_SOLUTION)
        assert result.status == "unique"
    assert sudokit.solve(SVD, method="reference").solution == formats.parse_one(SVD_SOLUTION)
    assert sudokit.count_solutions(Grid.empty(Geometry(2, 2)), limit=None, method="reference") == 288
    assert search.is_unique(SVD, method="reference")


def test_search_api_refuses_an_unknown_method():
    with pytest.raises(sudokit.SudokitError, match="unknown search method"):
        search.solve(SVD, method="nope")
