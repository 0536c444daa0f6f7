"""The compiled core against the pure-Python reference solver (and, on small grids, the teaching
solver): the same counts and the same solutions, on real data sets and on random puzzles of
every size and box shape, including unsolvable ones and ones with several solutions."""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from pattern_grids import agrees, full_grid

from sudokit import Geometry, Grid
from sudokit.model import formats
from sudokit.engines.search import backtrack, core, reference

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
CORE_METHODS = ("fast", "generic")


def data_lines(name: str, count: int | None = None, step: int = 1) -> list[str]:
    path = DATA / name
    if not path.exists():
        pytest.skip(f"{path} is not there (the shared data sets sit beside the repository)")
    lines = path.read_text().split()[::step]
    return lines if count is None else lines[:count]


def solution_set(result) -> list[tuple[int, ...]]:
    return sorted(tuple(s.values) for s in result.solutions)


def assert_same(expected, got, limit):
    """Same number of solutions; the same solutions when the search saw them all."""
    assert got.count == expected.count, (expected.puzzle.to_line(), got.method)
    assert not got.limit_reached
    if expected.count < limit:
        assert got.complete
        assert solution_set(got) == solution_set(expected)
    for s in got.solutions:
        assert s.is_solved and agrees(s, expected.puzzle)


# --- real data ----------------------------------------------------------------------------

SAMPLES = [("kaggle.txt", 100, 1), ("17clue.txt", 400, 25), ("top1465.txt", 250, 5),
           ("forum_hardest_1905_11plus.txt", 150, 60), ("forum_hardest_1106.txt", 100, 3),
           ("serg.txt", 400, 25)]


@pytest.mark.parametrize("name, count, step", SAMPLES, ids=[s[0].split(".")[0] for s in SAMPLES])
def test_data_sets_agree_with_the_reference(name, count, step):
    lines = data_lines(name, count, step)
    batch = core.solve_many(lines, limit=2)
    batch_generic = core.solve_many(lines, limit=2, method="generic")
    for i, line in enumerate(lines):
        grid = formats.parse_one(line)
        expected = reference.solve(grid, limit=2)
        for method in CORE_METHODS:
            assert_same(expected, core.solve(grid, limit=2, method=method), 2)
        assert batch.status(i) == batch_generic.status(i) == expected.status
        first = batch.solution(i)
        if expected.count == 1:
            assert first == expected.solution
        else:
            assert first.is_solved and agrees(first, grid)


def test_every_solution_of_multi_solution_puzzles_is_found():
    for line in data_lines("serg.txt", 60, 150):
        grid = formats.parse_one(line)
        expected = reference.solve(grid, limit=None)
        assert expected.count >= 2
        for method in ("fast", "generic", "digits"):
            assert_same(expected, core.solve(grid, limit=None, method=method), float("inf"))
        assert core.count_solutions(grid, limit=None) == expected.count


@lru_cache(maxsize=None)
def _house_index(size: int) -> tuple[tuple[int, ...], ...]:
    return Geometry.of(size).houses


def _valid(line: str, puzzle: str, size: int = 9) -> bool:
    if len(line) != size * size or any(p not in ".0" and p != s for p, s in zip(puzzle, line)):
        return False
    return all(len({line[c] for c in house}) == size for house in _house_index(size))


@pytest.mark.parametrize("name, status", [
    ("17clue.txt", "unique"), ("top1465.txt", "unique"), ("forum_hardest_1905_11plus.txt", "unique"),
    ("forum_hardest_1106.txt", "unique"), ("kaggle.txt", "unique"), ("serg.txt", "multiple")])
def test_whole_data_sets_in_one_batch(name, status):
    lines = data_lines(name)
    batch = core.solve_many("\n".join(lines), limit=2)
    assert len(batch) == len(lines)
    assert batch.tally() == {status: len(lines)}
    for puzzle, solution in zip(lines, batch.solution_lines()):
        assert _valid(solution, puzzle)


def test_digits_method_agrees_where_it_finishes():
    finished = 0
    for name, count, step in [("kaggle.txt", 50, 2), ("serg.txt", 100, 97),
                              ("forum_hardest_1905_11plus.txt", 40, 250)]:
        for line in data_lines(name, count, step):
            grid = formats.parse_one(line)
            got = core.solve(grid, limit=2, method="digits", node_limit=3_000_000)
            if got.limit_reached:
                continue
            finished += 1
            assert_same(reference.solve(grid, limit=2), got, 2)
    assert finished >= 150


# --- random puzzles of every shape ---------------------------------------------------------

SMALL = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (5, 2), (3, 4), (4, 3), (2, 6), (6, 2),
         (2, 7), (3, 5), (5, 3), (4, 4)]


def random_puzzle(geometry: Geometry, rng: random.Random, blank: float, spoil: bool) -> Grid:
    """A pattern grid with ``blank`` of its cells emptied; ``spoil`` rewrites one given to another
    digit that no peer holds, which usually leaves no solution."""
    values = [0 if rng.random() < blank else v for v in full_grid(geometry, rng).values]
    if spoil:
        cells = [i for i, v in enumerate(values) if v]
        if cells:
            cell = rng.choice(cells)
            used = {values[p] for p in geometry.peers[cell]}
            free = [d for d in range(1, geometry.size + 1) if d not in used and d != values[cell]]
            if free:
                values[cell] = rng.choice(free)
    return Grid(geometry, values)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SMALL), st.floats(0.2, 0.85), st.booleans(), st.integers(0, 2**32))
def test_random_puzzles_agree_with_the_reference(box, blank, spoil, seed):
    geometry = Geometry(*box)
    grid = random_puzzle(geometry, random.Random(seed), blank if geometry.size <= 9 else min(blank, 0.6), spoil)
    limit = 3
    expected = reference.solve(grid, limit=limit, node_limit=20_000)
    if expected.limit_reached:
        return
    for method in CORE_METHODS:
        assert_same(expected, core.solve(grid, limit=limit, method=method), limit)
    if geometry.size <= 9:
        got = core.solve(grid, limit=limit, method="digits", node_limit=2_000_000)
        if not got.limit_reached:
            assert_same(expected, got, limit)
    batch = core.solve_many(grid.to_line(), box=box, limit=limit)
    assert batch.status(0) == (expected.status if expected.count < limit else "multiple")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([(2, 2), (2, 3), (3, 2)]), st.floats(0.3, 0.8), st.booleans(), st.integers(0, 2**32))
def test_small_grids_agree_with_the_teaching_solver_on_every_solution(box, blank, spoil, seed):
    geometry = Geometry(*box)
    grid = random_puzzle(geometry, random.Random(seed), blank, spoil)
    taught = backtrack.solve(grid, limit=None, node_limit=2_000_000)
    if taught.limit_reached:
        return
    for method in ("fast", "generic", "digits"):
        assert_same(taught, core.solve(grid, limit=None, method=method), float("inf"))


@pytest.mark.parametrize("box, blank", [((4, 4), 0.55), ((3, 5), 0.5), ((5, 5), 0.45), ((4, 5), 0.45),
                                        ((6, 6), 0.35)], ids=lambda b: str(b))
def test_large_grids_agree_with_the_reference(box, blank):
    geometry = Geometry(*box)
    rng = random.Random(f"large{box}")
    for spoil in (False, True):
        grid = random_puzzle(geometry, rng, blank, spoil)
        expected = reference.solve(grid, limit=2, time_limit=60)
        assert not expected.limit_reached
        for method in CORE_METHODS:
            assert_same(expected, core.solve(grid, limit=2, method=method), 2)


def test_unique_puzzles_made_by_removing_givens_stay_unique_for_both_solvers():
    geometry = Geometry(4, 4)
    rng = random.Random(11)
    values = list(core.random_solution(geometry, 11).values)
    order = list(range(geometry.ncells))
    rng.shuffle(order)
    for cell in order[:150]:
        kept, values[cell] = values[cell], 0
        grid = Grid(geometry, values)
        unique = core.is_unique(grid)
        assert unique == (reference.count_solutions(grid, limit=2, node_limit=200_000) == 1)
        if not unique:
            values[cell] = kept


@pytest.mark.parametrize("givens", [0, 12, 20, 24, 28])
def test_sparse_9x9_grids_list_the_same_solutions_as_the_generic_solver(givens):
    """Few givens leave states without a bivalue cell, where the 9x9 solver branches on a digit's
    pattern in a band or stack: no solution may be lost or repeated there, first or later."""
    geometry = Geometry(3, 3)
    rng = random.Random(f"sparse{givens}")
    for _ in range(6):
        values = list(full_grid(geometry, rng).values)
        for cell in rng.sample(range(81), 81 - givens):
            values[cell] = 0
        grid = Grid(geometry, values)
        cap = 400
        generic = core.solve(grid, limit=cap, method="generic")
        fast = core.solve(grid, limit=cap, method="fast")
        assert fast.count == generic.count
        assert len(set(solution_set(fast))) == len(fast.solutions)
        for s in fast.solutions:
            assert s.is_solved and agrees(s, grid)
        if generic.count < cap:
            assert solution_set(fast) == solution_set(generic)
        for seed in (1, 2):
            assert core.solve(grid, seed=seed).solution.is_solved
