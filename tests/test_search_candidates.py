"""A candidate grid (a sukaku, pencil marks) is a puzzle with those restrictions: every search
method finds exactly the solutions that keep each empty cell within its candidates, the core
agreeing with the reference solver, and the command line says so."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from pattern_grids import full_grid
from typer.testing import CliRunner

from sudokit import Geometry, Grid

from sudokit.model import formats
from sudokit.adapters.cli.main import app
from sudokit.engines.search import backtrack, core, parallel, reference

SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)]


def within(solution: Grid, grid: Grid) -> bool:
    """True if every cell empty in ``grid`` holds one of its candidates in ``solution``."""
    return all(v or s in grid.candidates_of(i) for i, (s, v) in enumerate(zip(solution.values, grid.values)))


def candidate_grid(solution: Grid, rng: random.Random, extra: float, keep_answer: float) -> Grid:
    """A candidate grid around ``solution``: some cells given, the others with a random set of
    candidates (the solution's digit kept with probability ``keep_answer``)."""
    n, geo = solution.size, solution.geometry
    values, masks = [], []
    for v in solution.values:
        if rng.random() < 0.2:
            values.append(v)
            masks.append(0)
            continue
        m = sum(1 << d for d in range(n) if rng.random() < extra)
        if rng.random() < keep_answer:
            m |= 1 << (v - 1)
        values.append(0)
        masks.append(m)
    return Grid(geo, values, candidates=masks)


def solutions_of(result) -> set[tuple[int, ...]]:
    return {tuple(s.values) for s in result.solutions}


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 2**32 - 1),
       extra=st.floats(0.1, 0.6), keep_answer=st.sampled_from([1.0, 0.97]))
def test_every_core_method_finds_the_reference_solutions_of_a_candidate_grid(shape, seed, extra, keep_answer):
    rng = random.Random(seed)
    geo = Geometry.of(shape[0] * shape[1], shape)
    grid = candidate_grid(full_grid(geo, rng), rng, extra, keep_answer)
    expected = reference.solve(grid, limit=None, node_limit=200_000)
    assert not expected.limit_reached
    assert all(within(s, grid) for s in expected.solutions)
    for method in core.CORE_METHODS:
        got = core.solve(grid, limit=None, method=method)
        assert solutions_of(got) == solutions_of(expected), method
        assert core.count_solutions(grid, None, method=method) == expected.count, method
    if geo.size <= 6:
        assert solutions_of(backtrack.solve(grid, limit=None)) == solutions_of(expected)


def test_a_candidate_grid_with_two_candidates_a_cell_is_solved_within_them():
    rng = random.Random(7)
    answer = full_grid(Geometry.of(9), rng)
    masks = []
    for v in answer.values:
        other = rng.choice([d for d in range(1, 10) if d != v])
        masks.append((1 << (v - 1)) | (1 << (other - 1)))
    grid = Grid(answer.geometry, [0] * 81, candidates=masks)
    for method in core.CORE_METHODS:
        result = core.solve(grid, limit=2, method=method)
        assert result.count >= 1 and all(within(s, grid) for s in result.solutions), method
        assert answer in result.solutions or result.count == 2
    assert all(within(s, grid) for s in parallel.solve(grid, limit=2, jobs=1).solutions)


def test_a_cell_with_no_candidate_leaves_no_solution():
    geo = Geometry.of(9)
    nothing = Grid(geo, [0] * 81, candidates=[0] * 81)
    one_empty = Grid(geo, [0] * 81, candidates=[0] + [(1 << 9) - 1] * 80)
    for grid in (nothing, one_empty):
        for method in core.CORE_METHODS:
            assert core.count_solutions(grid, 2, method=method) == 0, method
        assert reference.solve(grid, limit=2).count == 0
        assert parallel.solve(grid, limit=2, jobs=1).count == 0


def test_a_filled_cells_mask_is_ignored():
    rng = random.Random(3)
    answer = full_grid(Geometry.of(4), rng)
    values = [v if i % 3 == 0 else 0 for i, v in enumerate(answer.values)]
    masks = [0 if v else (1 << 4) - 1 for v in values]  # the filled cells' masks say nothing
    grid = Grid(answer.geometry, values, candidates=masks)
    assert core.solve(grid, limit=2).count == reference.solve(Grid(answer.geometry, values), limit=2).count


def test_the_core_refuses_masks_of_the_wrong_length():
    from sudokit.engines.search import _core

    with pytest.raises(ValueError, match="one 8-byte mask for each of the 81 cells"):
        _core.solve(bytes(81), 3, 3, candidates=bytes(80))


def sukaku_text(grid: Grid) -> str:
    return formats.dumps(grid, "sukaku")


def test_the_command_line_solves_a_sukaku_within_its_candidates():
    rng = random.Random(11)
    answer = full_grid(Geometry.of(9), rng)
    masks = []
    for i, v in enumerate(answer.values):
        m = 1 << (v - 1)
        if i % 4:  # most cells get a second candidate; a few are pinned
            m |= 1 << (rng.choice([d for d in range(1, 10) if d != v]) - 1)
        masks.append(m)
    text = sukaku_text(Grid(answer.geometry, [0] * 81, candidates=masks))
    result = CliRunner().invoke(app, ["solve", text, "--to", "line"])
    expected = core.count_solutions(Grid(answer.geometry, [0] * 81, candidates=masks), 2)
    assert result.exit_code == (0 if expected == 1 else 4), result.output
    solution = formats.parse_one(result.stdout.split()[0])
    assert all(masks[i] >> (v - 1) & 1 for i, v in enumerate(solution.values))


def test_the_command_line_says_a_sukaku_without_candidates_has_no_solution():
    text = "." * 729
    result = CliRunner().invoke(app, ["solve", text, "--format", "sukaku"])
    assert result.exit_code == 1, result.output
    assert "no solution" in result.output.lower()
