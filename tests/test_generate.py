"""The generator: every puzzle has one solution (asked of the reference solver), follows the
chosen symmetry, is minimal when asked, is reproducible by seed, at every size and box shape;
level, score and technique targets; clear errors for impossible requests and the time limit."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import threading
import time

from sudokit import Geometry, GeometryError, Grid, SearchLimitError, SudokitError

from sudokit.engines import limits
from sudokit.model.errors import CancelledError
from sudokit.engines.generate import (
    SYMMETRIES, Generated, find_technique, generate, generate_many, is_minimal, is_symmetric,
    orbits, parse_score_range,
)
from sudokit.engines.levels import any_levels, reachable_levels
from sudokit.engines.rating import LEVEL_BANDS, LEVELS, rate
from sudokit.engines.search import core, reference

SHAPES = [(4, None), (6, "2x3"), (6, "3x2"), (8, "2x4"), (9, None), (10, "2x5"), (12, "3x4"),
          (12, "4x3")]


def symmetries_for(box_rows: int, box_cols: int) -> list[str]:
    return [s for s in SYMMETRIES if box_rows == box_cols or s not in ("90", "diagonal")]


def assert_sound(g: Generated) -> None:
    """One solution, as a search other than the generator's finds (the pure-Python reference
    solver up to 16x16), and it is the solution the generator reports."""
    puzzle, solution = g.puzzle, g.solution
    if puzzle.size <= 16:
        checked = reference.solve(puzzle, limit=2, node_limit=200_000)
    else:  # the reference (and the digits method) take minutes at 25x25: the generic core
        checked = core.solve(puzzle, limit=2, method="generic", restarts=False, time_limit=60)
    assert not checked.limit_reached
    assert checked.count == 1
    assert checked.solution.values == solution.values
    assert solution.is_solved and solution.geometry == puzzle.geometry


@st.composite
def requests(draw):
    size, box = draw(st.sampled_from(SHAPES))
    geometry = Geometry.of(size, box)
    symmetry = draw(st.sampled_from(symmetries_for(geometry.box_rows, geometry.box_cols)))
    seed = draw(st.integers(0, 2**32))
    return size, box, symmetry, seed


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests())
def test_generated_puzzles_are_unique_symmetric_and_minimal(request):
    size, box, symmetry, seed = request
    g = generate(size, box=box, symmetry=symmetry, seed=seed, minimal=True, rate=False)
    assert_sound(g)
    assert g.puzzle.geometry == Geometry.of(size, box)
    assert is_symmetric(g.puzzle, symmetry)
    assert is_minimal(g.puzzle, symmetry)
    assert g.rating is None and g.seed == seed


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(SHAPES), st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_puzzle(shape, seed):
    size, box = shape
    a = generate(size, box=box, seed=seed, rate=False)
    b = generate(size, box=box, seed=seed, rate=False)
    assert a.puzzle == b.puzzle and a.solution == b.solution


def test_a_sequence_is_reproducible_and_each_seed_reproduces_its_puzzle():
    first = list(generate_many(4, 9, seed=42, rate=False))
    again = list(generate_many(4, 9, seed=42, rate=False))
    assert [g.puzzle for g in first] == [g.puzzle for g in again]
    assert len({tuple(g.puzzle.values) for g in first}) == 4
    for g in first:
        assert generate(9, seed=g.seed, rate=False).puzzle == g.puzzle


def test_without_a_seed_the_seed_used_is_reported():
    g = generate(6, rate=False)
    assert isinstance(g.seed, int)
    assert generate(6, seed=g.seed, rate=False).puzzle == g.puzzle


def test_a_puzzle_without_minimal_is_still_unique():
    g = generate(9, minimal=False, seed=3, rate=False)
    assert_sound(g)


@pytest.mark.parametrize("size", [16, 25])
def test_large_grids_are_unique(size):
    g = generate(size, seed=1, rate=False, symmetry="180")
    assert_sound(g)
    assert is_symmetric(g.puzzle, "180")
    assert g.givens < g.puzzle.geometry.ncells * 0.6  # givens were really removed


def test_orbits_partition_the_grid_and_map_by_the_symmetry():
    geometry = Geometry.of(9)
    n = geometry.size
    for symmetry in SYMMETRIES:
        cells = [c for orbit in orbits(geometry, symmetry) for c in orbit]
        assert sorted(cells) == list(range(81))
    for orbit in orbits(geometry, "180"):
        for c in orbit:
            r, col = divmod(c, n)
            assert (n - 1 - r) * n + (n - 1 - col) in orbit
    for orbit in orbits(geometry, "diagonal"):
        for c in orbit:
            r, col = divmod(c, n)
            assert col * n + r in orbit


def test_the_rating_comes_with_the_puzzle():
    g = generate(9, seed=8)
    assert g.rating is not None and g.rating.solved
    assert g.rating.level in LEVELS
    assert set(g.to_dict()) >= {"puzzle", "solution", "seed", "rating", "givens"}


# --- targets ----------------------------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_a_level_is_met(level):
    g = generate(9, level=level, seed=5, time_limit=60)
    assert_sound(g)
    assert g.rating.level == level
    low, high = LEVEL_BANDS[level]
    assert low <= g.rating.score < high or g.rating.trial


def test_a_score_range_is_met():
    g = generate(9, score=(3.0, 4.4), seed=2, time_limit=60)
    assert 3.0 <= g.rating.score <= 4.4


@pytest.mark.parametrize("technique", ["x-wing", "XY-Wing", "naked pair"])
def test_a_required_technique_is_used(technique):
    g = generate(9, technique=technique, seed=4, time_limit=60)
    assert find_technique(technique) in g.rating.techniques
    assert_sound(g)


def test_level_and_technique_together():
    g = generate(9, level="hard", technique="naked-pair", symmetry="180", seed=6, time_limit=60)
    assert g.rating.level == "hard" and "naked-pair" in g.rating.techniques
    assert is_symmetric(g.puzzle, "180")


def test_targets_work_on_other_sizes():
    g = generate(6, box="2x3", level="easy", seed=1, time_limit=30)
    assert g.rating.level == "easy"


# --- levels on large grids, "any" -------------------------------------------------------------

@pytest.mark.parametrize("level, seed", [("easy", 1), ("medium", 1), ("hard", 2)])
def test_a_12x12_level_is_met(level, seed):
    g = generate(12, box="3x4", level=level, seed=seed, time_limit=60)
    assert_sound(g)
    assert rate(g.puzzle).level == level  # rated afresh, not only by the generator's word
    assert g.rating.level == level


def test_a_16x16_level_is_met_with_symmetry():
    g = generate(16, level="medium", symmetry="180", seed=3, time_limit=60)
    assert_sound(g)
    assert is_symmetric(g.puzzle, "180")
    assert rate(g.puzzle).level == "medium"


def test_level_any_spreads_over_the_levels_and_is_reproducible():
    made = [generate(12, box="3x4", level="any", seed=seed, time_limit=60) for seed in (1, 2, 3, 4)]
    levels = {g.rating.level for g in made}
    assert len(levels) > 1
    assert levels <= set(any_levels(12))
    again = generate(12, box="3x4", level="ANY", seed=1, time_limit=60)
    assert again.puzzle == made[0].puzzle


def test_level_any_takes_another_level_when_the_picked_one_is_rare():
    """A 6x6 killer rarely reaches hard or expert: "any" must not spend its whole limit on the
    level it picked (seed 13 picks hard; it timed out at 20 s when only that level counted)."""
    made = generate(6, variant="killer", level="any", seed=13, time_limit=20)
    assert made.rating.level in any_levels(6)
    assert made.puzzle.geometry.cages


def test_level_any_keeps_to_what_the_size_can_have():
    assert any_levels(9) == LEVELS
    assert "extreme" not in any_levels(16) and "expert" in any_levels(16)
    assert any_levels(25) == ("easy", "medium", "hard")
    assert any_levels(4) == ("easy",)
    assert {generate(4, level="any", seed=s).rating.level for s in range(5)} == {"easy"}


def test_a_cancel_stops_a_large_generation():
    token = limits.CancelToken()
    threading.Timer(0.3, token.cancel).start()
    start = time.perf_counter()
    with pytest.raises(CancelledError), limits.limited(cancel=token):
        generate(16, level="expert", seed=11, time_limit=60)
    assert time.perf_counter() - start < 2.5


def test_an_outer_budget_bounds_the_generator():
    start = time.perf_counter()
    with pytest.raises(SearchLimitError), limits.limited(0.3):
        generate(9, score=(11.0, 11.0), seed=1, time_limit=60)
    assert time.perf_counter() - start < 2


# --- impossible requests ----------------------------------------------------------------------

@pytest.mark.parametrize("level", ["medium", "hard", "expert", "extreme"])
def test_a_level_4x4_puzzles_cannot_have_is_refused_at_once(level):
    start = time.perf_counter()
    with pytest.raises(SudokitError, match=f"4x4 puzzle cannot be at level {level}.*at most 1.2"):
        generate(4, level=level, time_limit=600)
    with pytest.raises(SudokitError, match="4x4"):
        list(generate_many(3, 4, level=level, time_limit=600))
    assert time.perf_counter() - start < 0.5
    assert reachable_levels(4) == ("easy",) and reachable_levels(6) == LEVELS


def test_a_score_or_technique_4x4_puzzles_cannot_need_is_refused_at_once():
    with pytest.raises(SudokitError, match="4x4 puzzle cannot score 2 or more"):
        generate(4, score=(2.0, 9.0))
    with pytest.raises(SudokitError, match="4x4 puzzle never needs naked-single"):
        generate(4, technique="naked single")
    with pytest.raises(SudokitError, match="4x4 puzzle never needs x-wing"):
        generate(4, level="any", technique="x-wing")
    assert generate(4, score=(1.0, 1.2), seed=1).rating.score <= 1.2


@pytest.mark.parametrize("box", ["2x3", "3x2"])
def test_90_and_diagonal_symmetry_need_square_boxes(box):
    for symmetry in ("90", "diagonal"):
        with pytest.raises(SudokitError, match="square boxes"):
            generate(6, box=box, symmetry=symmetry)


def test_unknown_names_are_refused_with_the_choices():
    with pytest.raises(SudokitError, match="unknown symmetry.*180"):
        generate(9, symmetry="spiral")
    with pytest.raises(SudokitError, match="unknown technique 'x-wingg'.*x-wing"):
        generate(9, technique="x-wingg")
    with pytest.raises(SudokitError, match="unknown level.*easy"):
        generate(9, level="impossible")


def test_a_box_that_does_not_fit_is_refused():
    with pytest.raises(GeometryError, match="2x3"):
        generate(9, box="2x3")
    with pytest.raises(GeometryError):
        generate(7)


def test_a_technique_above_the_level_is_refused_at_once():
    with pytest.raises(SudokitError, match="x-wing.*level easy"):
        generate(9, technique="x-wing", level="easy", time_limit=600)


def test_an_empty_score_range_is_refused():
    with pytest.raises(SudokitError, match="empty"):
        generate(9, score=(6.0, 4.0))
    with pytest.raises(SudokitError, match="does not meet"):
        generate(9, score=(8.0, 9.0), level="easy")


def test_the_time_limit_holds_and_says_what_was_reached():
    with pytest.raises(SearchLimitError) as info:
        generate(9, score=(11.0, 11.0), time_limit=0.3, seed=1)
    text = str(info.value)
    assert "time limit 0.3 s reached after" in text and "candidates" in text
    assert "score 11-11" in text


def test_a_batch_time_limit_reports_how_many_were_found():
    with pytest.raises(SearchLimitError, match="0 of 3 puzzles"):
        list(generate_many(3, 9, score=(11.0, 11.0), time_limit=0.2, seed=1))


def test_score_ranges_are_parsed():
    assert parse_score_range("4.0-6.0") == (4.0, 6.0)
    assert parse_score_range(" 7 ") == (7.0, 7.0)
    assert parse_score_range("7-")[0] == 7.0
    with pytest.raises(SudokitError, match="LOW-HIGH"):
        parse_score_range("hard")


def test_is_minimal_sees_a_removable_given():
    g = generate(9, seed=9, rate=False)
    solution_values = g.solution.values
    extra = next(c for c, v in enumerate(g.puzzle.values) if not v)
    values = list(g.puzzle.values)
    values[extra] = solution_values[extra]
    assert is_minimal(g.puzzle) and not is_minimal(Grid(g.puzzle.geometry, values))
