"""The generator's removal loop in the core (``_core.carve``): the puzzles it carves have one
solution (asked of the pure-Python reference solver), keep the symmetry, are minimal when asked
(every orbit of givens is needed, by a count the carving did not make) and come from the
solution; the same seed gives the same puzzle; a cancel or a time limit stops the loop inside
the core; malformed arguments get a clear error."""

from __future__ import annotations

import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit import Geometry, Grid, SearchLimitError

from sudokit.engines import limits
from sudokit.model.errors import CancelledError
from sudokit.engines.generate import _orbit_tables, generate, is_minimal, is_symmetric
from sudokit.engines.search import _core, core, reference
from sudokit.engines.search.core import prepared_variant

SHAPES = [(4, "2x2"), (6, "2x3"), (8, "4x2"), (9, "3x3"), (10, "2x5"), (12, "3x4"), (16, "4x4")]


def carve(geometry: Geometry, symmetry: str, seed: int, **options):
    """(puzzle, solution) carved by the core from a random solution of ``seed``."""
    solution = core.random_solution(geometry, seed)
    cells, start = _orbit_tables(geometry, symmetry)
    values, complete, undecided, nodes = _core.carve(
        bytes(solution.values), geometry.box_rows, geometry.box_cols, cells, start, seed,
        variant=prepared_variant(geometry), **options)
    assert complete and nodes >= 0
    return Grid(geometry, list(values)), solution


def assert_unique(puzzle: Grid, solution: Grid) -> None:
    checked = reference.solve(puzzle, limit=2, node_limit=300_000)
    assert not checked.limit_reached
    assert checked.count == 1 and checked.solution.values == solution.values


def assert_from_solution(puzzle: Grid, solution: Grid) -> None:
    assert all(v in (0, s) for v, s in zip(puzzle.values, solution.values))


@st.composite
def carvings(draw):
    size, box = draw(st.sampled_from(SHAPES))
    geometry = Geometry.of(size, box)
    square = geometry.box_rows == geometry.box_cols
    symmetry = draw(st.sampled_from(["none", "180", "mirror"] + (["90", "diagonal"] if square else [])))
    return geometry, symmetry, draw(st.integers(0, 2**40))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(carvings())
def test_carved_puzzles_are_unique_symmetric_and_minimal(case):
    geometry, symmetry, seed = case
    puzzle, solution = carve(geometry, symmetry, seed, node_limit=200 if geometry.size > 12 else None)
    assert_from_solution(puzzle, solution)
    assert_unique(puzzle, solution)
    assert is_symmetric(puzzle, symmetry)
    assert is_minimal(puzzle, symmetry)


@pytest.mark.parametrize("variant,size", [("x", 9), ("windoku", 9), ("anti-knight", 9), ("x,anti-king", 9),
                                          ("anti-knight", 12)])
def test_variant_puzzles_carved_in_the_core_are_unique_by_their_rules_and_minimal(variant, size):
    geometry = Geometry.of(size).with_variants(variant)
    for seed in (3, 4):
        puzzle, solution = carve(geometry, "180", seed)
        assert_from_solution(puzzle, solution)
        assert_unique(puzzle, solution)
        assert is_symmetric(puzzle, "180")
        assert is_minimal(puzzle, "180")  # by counts to two, not the carving's proofs


def test_a_jigsaw_puzzle_is_carved_by_its_regions():
    g = generate(9, variant="jigsaw", seed=5, symmetry="none", rate=False)
    assert g.puzzle.geometry.regions is not None
    assert_unique(g.puzzle, g.solution)
    assert is_minimal(g.puzzle)


def _carve_16_args():
    """A 16x16 solution and the positional arguments of ``_core.carve`` that carve it."""
    geometry = Geometry.of(16)
    solution = core.random_solution(geometry, 2)
    cells, start = _orbit_tables(geometry, "none")
    return geometry, solution, (bytes(solution.values), 4, 4, cells, start, 9)


def test_without_minimal_a_node_limit_keeps_givens_it_could_not_decide():
    geometry, solution, args = _carve_16_args()
    loose, complete, undecided, _ = _core.carve(*args, node_limit=1, minimal=False)
    assert complete and undecided > 0
    tight, _, left, _ = _core.carve(*args, node_limit=1, minimal=True)
    assert left == 0
    loose_grid, tight_grid = Grid(geometry, list(loose)), Grid(geometry, list(tight))
    assert_unique(loose_grid, solution)
    assert_unique(tight_grid, solution)
    assert all(t in (0, v) for t, v in zip(tight, loose))  # the second pass only removes
    assert is_minimal(tight_grid)


def test_a_second_pass_past_its_budget_gives_up_and_keeps_the_puzzle_unique():
    geometry, solution, args = _carve_16_args()
    loose, _, undecided, _ = _core.carve(*args, node_limit=1, minimal=False)
    for budget in ({"final_node_limit": 1}, {"final_total_nodes": 1}):
        given_up, complete, left, _ = _core.carve(*args, node_limit=1, minimal=True, **budget)
        assert complete and 0 < left <= undecided
        assert all(g in (0, v) for g, v in zip(given_up, loose))
        assert_unique(Grid(geometry, list(given_up)), solution)
    unbounded = _core.carve(*args, node_limit=1, minimal=True)
    ample = _core.carve(*args, node_limit=1, minimal=True, final_node_limit=10**9,
                        final_total_nodes=10**12)
    assert ample[2] == 0 and ample[0] == unbounded[0]


def test_a_grid_whose_minimality_passes_the_budget_is_dropped_for_a_new_one(monkeypatch):
    import sudokit.engines.generate as generator

    monkeypatch.setattr(generator, "FINAL_BUDGET_SIDES", (16,))
    monkeypatch.setattr(generator, "FINAL_PROOF_NODES_PER_CELL", 1)  # 256 nodes a proof at first
    monkeypatch.setattr(generator, "FINAL_BUDGET_TRIES", 1)  # then 512, ...
    g = generate(16, seed=5, minimal=True, rate=False)
    assert g.candidates > 1
    assert_unique(g.puzzle, g.solution)
    assert is_minimal(g.puzzle)


def test_the_same_seed_gives_the_same_puzzle_and_seeds_differ():
    geometry = Geometry.of(9)
    first, _ = carve(geometry, "none", 7)
    assert carve(geometry, "none", 7)[0] == first
    assert len({carve(geometry, "none", s)[0].to_line() for s in range(7, 12)}) == 5
    assert generate(9, seed=3, rate=False).puzzle == generate(9, seed=3, rate=False).puzzle


def test_generate_gives_minimal_unique_puzzles_at_every_classic_size():
    for size, symmetry in [(9, "none"), (9, "90"), (12, "180"), (16, "none")]:
        g = generate(size, seed=21, symmetry=symmetry, minimal=True, rate=False)
        assert_unique(g.puzzle, g.solution)
        assert is_symmetric(g.puzzle, symmetry) and is_minimal(g.puzzle, symmetry)


# --- stopping ---------------------------------------------------------------------------------

def _carve_25(**options):
    geometry = Geometry.of(25)
    solution = core.random_solution(geometry, 1)
    cells, start = _orbit_tables(geometry, "none")
    return _core.carve(bytes(solution.values), 5, 5, cells, start, 1, node_limit=None, **options)


def test_a_cancel_from_another_thread_stops_the_loop_inside_the_core():
    token = limits.CancelToken()
    outcome: dict = {}

    def body():
        try:
            outcome["result"] = _carve_25(cancel=token.flag)
        except BaseException as e:  # noqa: BLE001 - the test looks at what it was
            outcome["error"] = e

    t = threading.Thread(target=body, daemon=True)
    t.start()
    time.sleep(0.3)
    assert t.is_alive(), outcome  # a minimal 25x25 takes seconds
    asked = time.perf_counter()
    token.cancel()
    t.join(5)
    assert not t.is_alive() and time.perf_counter() - asked < 1.0
    assert isinstance(outcome.get("error"), CancelledError), outcome


def test_a_time_limit_stops_the_loop_and_says_it_is_unfinished():
    start = time.perf_counter()
    values, complete, _, _ = _carve_25(time_limit=0.2)
    assert not complete
    assert time.perf_counter() - start < 1.5
    with pytest.raises(SearchLimitError, match="time limit"):
        generate(25, seed=1, minimal=True, rate=False, time_limit=0.3)
    assert time.perf_counter() - start < 3.5


def test_an_outer_budget_and_its_cancel_stop_generate():
    token = limits.CancelToken()
    threading.Timer(0.2, token.cancel).start()
    start = time.perf_counter()
    with pytest.raises(CancelledError), limits.limited(cancel=token):
        generate(25, seed=2, minimal=True, rate=False)
    assert time.perf_counter() - start < 1.5
    with pytest.raises(SearchLimitError), limits.limited(0.2):
        generate(25, seed=2, minimal=True, rate=False)
    assert time.perf_counter() - start < 3.0


# --- malformed arguments ----------------------------------------------------------------------

def _args(geometry: Geometry = Geometry.of(4)):
    solution = bytes(core.random_solution(geometry, 1).values)
    cells, start = _orbit_tables(geometry, "none")
    return solution, geometry.box_rows, geometry.box_cols, cells, start


@pytest.mark.parametrize("change,error,message", [
    (lambda a: (a[0][:-1],) + a[1:], ValueError, "solution must hold 16 numbers"),
    (lambda a: (b"\x01" * 16,) + a[1:], ValueError, "not a full grid that keeps the rules"),
    (lambda a: (bytes([0]) + a[0][1:],) + a[1:], ValueError, "outside 1..4"),
    (lambda a: a[:3] + (a[3][:-1], a[4]), ValueError, "cells must be 2-byte numbers"),
    (lambda a: a[:3] + (a[3], a[4][:-4]), ValueError, "offsets into cells"),
    (lambda a: a[:3] + (a[3][:2] * 16, a[4]), ValueError, "in two orbits"),
    (lambda a: a[:3] + ((99).to_bytes(2, "little") + a[3][2:], a[4]), ValueError, "outside the grid"),
    (lambda a: (a[0], 2, 3) + a[3:], ValueError, "solution must hold 36 numbers"),
    (lambda a: (a[0], 0, 4) + a[3:], ValueError, "box"),
])
def test_malformed_arguments_get_a_clear_error(change, error, message):
    with pytest.raises(error, match=message):
        _core.carve(*change(_args()), 1)


def test_a_seed_that_is_not_an_int_and_a_killer_variant_are_refused():
    with pytest.raises(TypeError, match="seed must be an int"):
        _core.carve(*_args(), "1")
    killer = Geometry.of(4).with_cages([(3, (0, 1))])
    with pytest.raises(ValueError, match="no killer cages"):
        _core.carve(*_args(), 1, variant=prepared_variant(killer))
