"""Killer cages in the compiled core: the same solutions as the reference solver on random
killers (sizes, givens, other variants, cages covering part of the grid), every core method
reading the sums, clear refusals where the sums cannot be read, malformed cage tables, and a
killer search that stops on a cancel or a time limit."""

from __future__ import annotations

import random
import threading
import time

import pytest

from sudokit.engines import limits
from sudokit.model.errors import CancelledError, SudokitError
from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.model.rules.killer import Cage
from sudokit.engines.search import _core, core, reference, solve
from sudokit.model.rules.jigsaw import random_regions

from killer_cases import random_cages

SHAPES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 16: (4, 4)}


def killer(size: int, seed: int, variant: str | None = None, givens: int = 0,
           covered: bool = True) -> tuple[Grid, list[int]]:
    """A random killer over a random solution of ``size`` (with ``variant``: ``x`` or
    ``jigsaw``), ``givens`` random givens; ``covered=False`` drops some cages. Returns the
    puzzle and the solution its cages were cut from (not necessarily its only one)."""
    rng = random.Random(seed)
    box = SHAPES[size]
    g = Geometry.of(size, box)
    if variant == "x":
        g = g.with_variants(["x"])
    elif variant == "jigsaw":
        g = g.with_variants([], random_regions(size, *box, rng))
    solution = core.random_solution(g, seed).values
    cages = random_cages(solution, size, rng, largest=rng.randint(2, 5))
    if not covered:
        cages = [c for c in cages if rng.random() < 0.7]
    shown = set(rng.sample(range(size * size), givens))
    values = [v if i in shown else 0 for i, v in enumerate(solution)]
    return Grid(g.with_cages(cages), values), solution


def sums_hold(grid: Grid) -> bool:
    return all(sum(grid.values[c] for c in cage.cells) == cage.total for cage in grid.geometry.cages)


CASES = [(size, seed, variant, givens, covered)
         for size, seeds in ((4, 6), (6, 6), (9, 4))
         for seed in range(seeds)
         for variant in (None, "x", "jigsaw")
         for givens, covered in ((0, True), (size, True), (size // 2, False))
         if not (variant == "x" and size == 6)]  # random 6x6 X solutions are too rare to seed


@pytest.mark.parametrize("size,seed,variant,givens,covered", CASES)
def test_the_core_finds_the_solutions_the_reference_finds(size, seed, variant, givens, covered):
    grid, solution = killer(size, seed, variant, givens, covered)
    limit = 12
    ref = reference.solve(grid, limit=limit, node_limit=500_000)
    if ref.limit_reached:
        pytest.skip("the reference solver could not finish this one")
    fast = core.solve(grid, limit=limit)
    assert fast.complete and not fast.limit_reached
    assert sorted(s.values for s in fast.solutions) == sorted(s.values for s in ref.solutions)
    assert fast.count == ref.count >= 1
    for s in fast.solutions:
        s.validate()
        assert sums_hold(s)
    if ref.count < limit:
        assert solution in [s.values for s in fast.solutions]
    assert core.count_solutions(grid, 2) == min(ref.count, 2)


def test_a_unique_killer_counts_one_with_every_core_method_and_a_random_order():
    grid, solution = killer(9, 3)
    grid = Grid(grid.geometry, [0] * 81)
    ref = reference.solve(grid, limit=2, node_limit=2_000_000)
    assert not ref.limit_reached
    for method in core.CORE_METHODS:
        result = core.solve(grid, limit=2, method=method)
        assert [s.values for s in result.solutions] == [s.values for s in ref.solutions], method
        for seed in (1, 2):
            assert core.solve(grid, limit=2, method=method, seed=seed).count == ref.count


def test_a_16x16_killer_on_the_bitboards_matches_the_reference():
    grid, solution = killer(16, 5, givens=150)
    ref = reference.solve(grid, limit=5, node_limit=500_000)
    assert not ref.limit_reached
    fast = core.solve(grid, limit=5)
    assert sorted(s.values for s in fast.solutions) == sorted(s.values for s in ref.solutions)
    assert solution in [s.values for s in fast.solutions]


def test_sums_that_cannot_all_hold_have_no_solution():
    # the rows 1 and 2 hold 90; these cages cover both rows and add up to 91
    g = Geometry.of(9).with_cages("24 r1c1-r1c3\n21 r1c4-r1c6\n45 r2c1-r2c9\n1 r1c7\n")
    grid = Grid(g, [0] * 81)
    assert core.solve(grid, limit=2).count == 0
    assert reference.solve(grid, limit=2).count == 0


def test_a_cage_of_two_cells_never_holds_half_its_sum_twice():
    # column 1 holds the given 4, so r1c1, r2c1 and r3c1 hold 1, 2 and 3; the cage r1c1 + r2c1
    # = 4 is 1 + 3 (2 + 2 repeats a digit), so r3c1 is 2: no guess needed
    g = Geometry.of(4, (2, 2)).with_cages([Cage(4, (0, 4))])
    rows = ["...4", ".41.", "..4.", "4..1"]
    grid = Grid(g, [int(ch) if ch != "." else 0 for row in rows for ch in row])
    result = core.solve(grid, limit=2)
    assert result.count == 1
    assert result.guesses == 0
    assert result.solutions[0].values[8] == 2
    assert sums_hold(result.solutions[0])


def run_crossing_killer(seed: int, repeat: bool) -> tuple[Grid, list[int]]:
    """Rows 4-5 covered by cages of two cells, but for r4c1 (caged with r3c1) and r5c9 (with
    r6c9): the rule of 45 over the two rows makes r4c1 + r5c9 a sum of two cells that do not
    see each other (and r3c1 + r6c9 another); ``repeat`` picks a solution where r4c1 and r5c9
    hold the same digit. About half the other cells are given."""
    g = Geometry.of(9)
    for s in range(seed, seed + 200):
        solution = core.random_solution(g, s).values
        if (solution[27] == solution[44]) == repeat:
            break
    pairs = [(27, 18), (44, 53)] + [(28 + 2 * i, 29 + 2 * i) for i in range(4)] + \
            [(36 + 2 * i, 37 + 2 * i) for i in range(4)]
    cages = [Cage(solution[a] + solution[b], tuple(sorted((a, b)))) for a, b in pairs]
    caged = {c for pair in pairs for c in pair}
    rng = random.Random(seed)
    values = [v if i not in caged and rng.random() < 0.5 else 0 for i, v in enumerate(solution)]
    return Grid(g.with_cages(cages), values), solution


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("repeat", [False, True])
def test_two_rows_innies_that_do_not_see_each_other_may_repeat_a_digit(seed, repeat):
    grid, solution = run_crossing_killer(seed, repeat)
    ref = reference.solve(grid, limit=None, node_limit=2_000_000)  # every solution
    assert not ref.limit_reached
    fast = core.solve(grid, limit=None)
    assert fast.count == ref.count
    assert sorted(s.values for s in fast.solutions) == sorted(s.values for s in ref.solutions)
    assert solution in [s.values for s in fast.solutions]


def test_the_search_dispatch_refuses_backtrack_and_sends_big_killers_to_the_reference():
    grid, _ = killer(9, 1)
    with pytest.raises(SudokitError, match="backtrack method does not read killer cage sums"):
        solve(grid, method="backtrack")
    assert solve(grid, method="digits", limit=12).count == reference.solve(grid, limit=12).count
    g25 = Geometry.of(25)
    full = core.random_solution(g25, 1).values
    cages = [(full[0] + full[1], (0, 1))]
    big = Grid(g25.with_cages("\n".join(f"{t} {' '.join(f'r{c // 25 + 1}c{c % 25 + 1}' for c in cells)}"
                                          for t, cells in cages)),
               [0, 0] + full[2:])
    with pytest.raises(SudokitError, match="up to 16x16"):
        core.solve(big)
    result = solve(big, limit=2)
    assert result.method == reference.NAME and result.count == 1
    assert result.solution.values == full


def test_the_generic_variant_search_refuses_cages_clearly():
    grid, _ = killer(9, 2)
    with pytest.raises(ValueError, match="bitboards only"):
        _core.variant(9, core.variant_tables(grid.geometry), bitboards=False)


def cage_table(*numbers: int) -> bytes:
    import array
    return array.array("H", numbers).tobytes()


@pytest.mark.parametrize("cages,message", [
    (cage_table(3, 0), "its size 1..9"),
    (cage_table(3, 2, 0), "its size 1..9 and its cells"),
    (cage_table(3, 2, 0, 81), "outside the grid"),
    (cage_table(3, 2, 0, 1, 4, 2, 1, 2), "in two cages"),
    (cage_table(2, 2, 0, 1), "never add up to 2"),
    (cage_table(46, 9, *range(9)), "never add up to 46"),
    (b"\x01", "2-byte numbers"),
])
def test_malformed_cage_tables_are_refused(cages, message):
    houses, start, peers = core.variant_tables(Geometry.of(9).with_variants(["x"]))
    with pytest.raises(ValueError, match=message):
        _core.variant(9, (houses, start, peers, cages))


# an empty 9x9 with one small cage: counting its solutions never ends
ENDLESS = Grid(Geometry.of(9).with_cages("3 r1c1 r1c2\n17 r9c8 r9c9"), [0] * 81)


def test_a_cancel_from_another_thread_stops_a_killer_count():
    token = limits.CancelToken()
    outcome: dict = {}

    def count():
        try:
            with limits.limited(cancel=token):
                outcome["result"] = core.count_solutions(ENDLESS, None)
        except BaseException as e:  # noqa: BLE001 - the test looks at what it was
            outcome["error"] = e

    t = threading.Thread(target=count, daemon=True)
    t.start()
    time.sleep(0.3)
    assert t.is_alive(), outcome
    asked = time.perf_counter()
    token.cancel()
    t.join(5)
    assert not t.is_alive()
    assert isinstance(outcome.get("error"), CancelledError), outcome
    assert time.perf_counter() - asked < 0.5


def test_a_time_limit_stops_a_killer_search():
    start = time.perf_counter()
    result = core.solve(ENDLESS, limit=None, time_limit=0.2, keep=0)
    assert result.limit_reached and not result.complete
    assert time.perf_counter() - start < 1.0
    assert core.solve(ENDLESS, limit=None, node_limit=5_000, keep=0).limit_reached


def test_a_killer_search_split_into_parts_keeps_the_sums():
    from sudokit.engines.search import parallel

    for seed in range(3):
        grid, _ = killer(9, seed)
        split = parallel.solve(grid, limit=20, jobs=1, parts=8)
        ref = reference.solve(grid, limit=20, node_limit=500_000)
        assert sorted(s.values for s in split.solutions) == sorted(s.values for s in ref.solutions)
