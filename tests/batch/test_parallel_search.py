"""sudokit.engines.search.parallel: one search split over processes gives the same answer as one core
(counts of under-constrained 9x9 and 16x16 puzzles, solutions, limits, dead ends)."""

from __future__ import annotations

import random

import pytest
from batch_helpers import data_lines
from typer.testing import CliRunner

from sudokit import Grid
from sudokit.model import formats
from sudokit.engines.search import core, parallel


def twenty_given_9x9() -> Grid:
    """A real hard puzzle with givens removed until 20 are left: many solutions."""
    grid = formats.parse_one(data_lines("forum_hardest_1905_11plus.txt", 5)[4])
    givens = [i for i, v in enumerate(grid.values) if v]
    values = grid.values[:]
    for cell in givens[20:]:
        values[cell] = 0
    return Grid(grid.geometry, values)


def sparse_16x16() -> Grid:
    full = core.random_solution(16, 7)
    blanks = random.Random(3).sample(range(256), 150)
    return Grid(full.geometry, [0 if i in blanks else v for i, v in enumerate(full.values)])


@pytest.mark.parametrize("make", [twenty_given_9x9, sparse_16x16], ids=["9x9-20-givens", "16x16-sparse"])
def test_counts_every_solution_like_one_core(make):
    grid = make()
    expected = core.count_solutions(grid, None)
    assert expected > 1000  # really under-constrained
    assert parallel.count_solutions(grid, jobs=2) == expected
    assert parallel.count_solutions(grid, jobs=1) == expected


def test_the_parts_cover_the_tree_once():
    grid = twenty_given_9x9()
    parts = parallel.split(grid, 40)
    assert len(parts) >= 40
    assert sum(core.count_solutions(Grid(grid.geometry, p), None) for p in parts) == core.count_solutions(grid, None)
    for p in parts:  # each part extends the puzzle
        assert all(v == 0 or v == q for v, q in zip(grid.values, p))


def test_all_solutions_are_the_same_set():
    grid = formats.parse_one(data_lines("serg.txt", 1)[0])
    one = core.solve(grid, None)
    many = parallel.solve(grid, None, jobs=2)
    assert many.count == one.count == len(many.solutions)
    assert {s.to_line() for s in many.solutions} == {s.to_line() for s in one.solutions}
    assert many.complete and not many.limit_reached


def test_limits_are_respected_and_the_answer_does_not_depend_on_jobs():
    grid = twenty_given_9x9()
    a = parallel.solve(grid, 25, jobs=1)
    b = parallel.solve(grid, 25, jobs=2)
    assert a.count == b.count == 25 and not a.complete and a.status == "multiple"
    assert [s.to_line() for s in a.solutions] == [s.to_line() for s in b.solutions]
    assert all(s.is_solved for s in a.solutions)
    assert parallel.count_solutions(grid, limit=1000, jobs=2) == 1000


def test_unique_no_solution_and_clashes():
    hard = formats.parse_one(data_lines("forum_hardest_1106.txt", 1)[0])
    r = parallel.solve(hard, 2, jobs=2)
    assert r.status == "unique" and r.solution == core.solve(hard).solution
    values = [0] * 81
    values[:8] = range(1, 9)
    values[5 * 9 + 8] = 9  # r1c9 can hold nothing
    dead_end = Grid(hard.geometry, values)
    assert parallel.count_solutions(dead_end, jobs=2) == core.count_solutions(dead_end, None) == 0
    clash = Grid(hard.geometry, [5, 5] + [0] * 79)
    assert parallel.solve(clash, jobs=2).status == "no-solution"


@pytest.mark.parametrize("blanks", [120, 330])  # unique, several solutions
def test_25x25_matches_one_core(blanks):
    full = core.random_solution(25, 11)
    blanks = random.Random(5).sample(range(625), blanks)
    grid = Grid(full.geometry, [0 if i in blanks else v for i, v in enumerate(full.values)])
    one = core.solve(grid, 2)
    par = parallel.solve(grid, 2, jobs=2)
    assert (par.status, par.count) == (one.status, one.count)
    if one.status == "unique":
        assert par.solution == one.solution
    for s in par.solutions:
        assert s.is_solved and all(v == 0 or v == w for v, w in zip(grid.values, s.values))


def test_solve_count_jobs_on_the_command_line():
    from sudokit.adapters.cli.main import app

    grid = formats.parse_one(data_lines("serg.txt", 1)[0])
    expected = core.count_solutions(grid, None)
    result = CliRunner().invoke(app, ["solve", grid.to_line(), "--count", "--jobs", "2"])
    assert result.stdout.strip() == f"{expected:,} solutions"
    result = CliRunner().invoke(app, ["solve", grid.to_line(), "--count", "--jobs", "2", "--method", "backtrack"])
    assert result.exit_code == 3 and "--jobs" in result.stderr
