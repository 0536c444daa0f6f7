"""Variants as houses and peers: the model (names, jigsaw regions, windows, chess-move peers,
clashes), and the compiled core against the reference solver on random variant puzzles."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from sudokit import Geometry, Grid
from sudokit.model import formats
from sudokit.model.errors import GeometryError
from sudokit.engines.search import core, reference
from sudokit.model.rules.jigsaw import parse_regions, random_regions
from sudokit.model.rules import parse_variants

VARIANTS = ["x", "windoku", "anti-knight", "anti-king", "x,windoku", "x,anti-king", "windoku,anti-knight"]


def test_names_and_aliases_are_read_in_one_order():
    assert parse_variants("hyper, Diagonal") == ("x", "windoku")
    assert parse_variants(["anti-king", "x"]) == ("x", "anti-king")
    with pytest.raises(GeometryError, match="unknown variant 'queen'"):
        parse_variants("x,queen")


def test_x_adds_both_diagonals_and_windoku_four_windows_on_9x9():
    g = Geometry.of(9).with_variants("x,windoku")
    extra = g.houses[27:]
    assert [g.house_name(27 + i) for i in range(6)] == ["diagonal 1", "diagonal 2"] + [f"window {k}" for k in range(1, 5)]
    assert extra[0] == tuple(range(0, 81, 10)) and extra[1] == tuple(range(8, 80, 8))
    # windows at rows/columns 2-4 and 6-8 (1-based)
    rows_cols = {(g.row_of(c) + 1, g.col_of(c) + 1) for c in extra[2]}
    assert rows_cols == {(r, c) for r in (2, 3, 4) for c in (2, 3, 4)}
    assert {g.row_of(c) + 1 for c in extra[5]} == {6, 7, 8}
    with pytest.raises(GeometryError, match="windoku needs square boxes"):
        Geometry.of(6).with_variants("windoku")


def test_chess_moves_add_peers_without_houses():
    g = Geometry.of(9).with_variants("anti-knight")
    centre = g.cell(4, 4)
    classic = Geometry.of(9)
    knight = {g.cell(4 + dr, 4 + dc) for dr, dc in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))}
    assert set(g.peers[centre]) - set(classic.peers[centre]) == knight  # all leave the centre box
    assert set(g.peers[0]) == set(classic.peers[0])  # from a corner both moves stay in the box
    assert len(g.houses) == 27
    king = Geometry.of(9).with_variants("anti-king")
    assert set(king.peers[centre]) == set(classic.peers[centre])  # a king's move stays in the box


def test_a_chess_move_clash_is_named():
    g = Geometry.of(9).with_variants("anti-knight")
    values = [0] * 81
    values[g.cell(2, 2)] = values[g.cell(3, 4)] = 5  # no row, column or box in common
    (clash,) = Grid(g, values).clashes()
    assert clash.describe(g) == "r3c3 and r4c5 both hold 5 (a knight's move apart)"


def test_regions_replace_the_boxes_and_are_checked():
    good = ("AAABBB"
            "AACBBB"
            "ACCDDD"
            "CCEDDD"
            "CEEFFF"
            "EEEFFF")
    with pytest.raises(GeometryError, match="region 'A' has 7 cells; each region needs 6"):
        parse_regions("AAAABB" + good[6:], 6)
    g = Geometry.of(6).with_variants(regions=good)
    assert g.house_name(12) == "region A" and g.box_of(g.cell(1, 2)) == 2
    assert sorted(g.boxes[0]) == [0, 1, 2, 6, 7, 12]
    with pytest.raises(GeometryError, match="not connected"):
        parse_regions("F" + good[1:-1] + "A", 6)  # two cells swapped across the grid
    with pytest.raises(GeometryError, match="need 36 symbols"):
        parse_regions("AAAB", 6)


@settings(max_examples=20, deadline=None, derandomize=True)
@given(shape=st.sampled_from([(2, 2), (2, 3), (3, 3), (2, 4)]), seed=st.integers(0, 2**31))
def test_random_regions_are_valid_jigsaws(shape, seed):
    n = shape[0] * shape[1]
    regions = random_regions(n, *shape, random.Random(seed))
    Geometry.of(n, shape).with_variants(regions=regions)  # checks size and connection


def variant_geometry(shape, names, jigsaw_seed):
    n = shape[0] * shape[1]
    g = Geometry.of(n, shape)
    regions = random_regions(n, *shape, random.Random(jigsaw_seed)) if jigsaw_seed is not None else None
    try:
        return g.with_variants(names, regions)
    except GeometryError:
        return None  # e.g. windoku on non-square boxes


def agrees_with_the_reference(g: Geometry, seed: int, keep: float) -> None:
    """A random puzzle of g (cells of a random solution kept with probability keep): the core
    finds the reference solver's solutions and count, when the reference finishes; asked for
    one or two (the searches that branch on a diagonal's places first), it finds that many of
    them."""
    full = core.solve(Grid.empty(g), limit=1, seed=seed, time_limit=2)
    if full.solution is None:  # some jigsaw layouts with chess moves have no solution at all
        assert full.limit_reached or reference.solve(Grid.empty(g), limit=1, node_limit=2_000).count == 0
        return
    solution = full.solution
    assert solution.is_solved and not solution.clashes()
    rng = random.Random(seed)
    puzzle = Grid(g, [v if rng.random() < keep else 0 for v in solution.values])
    expected = reference.solve(puzzle, limit=None, node_limit=2_000)
    if expected.limit_reached:
        return
    got = core.solve(puzzle, limit=None)
    wanted = sorted(tuple(s.values) for s in expected.solutions)
    assert sorted(tuple(s.values) for s in got.solutions) == wanted
    assert core.count_solutions(puzzle, None) == expected.count
    assert all(s.is_solved for s in got.solutions)
    assert generic_solutions(puzzle) == (expected.count, wanted)
    for limit in (1, 2):
        few = core.solve(puzzle, limit=limit)
        assert few.count == min(limit, expected.count)
        assert all(tuple(s.values) in wanted for s in few.solutions)


def generic_solutions(puzzle: Grid) -> tuple[int, list[tuple[int, ...]]]:
    """The count and solutions of the core's generic variant search (no bitboards)."""
    from sudokit.engines.search import _core

    g = puzzle.geometry
    raw, count, complete, *_ = _core.solve(bytes(puzzle.values), g.box_rows, g.box_cols, limit=None,
                                           variant=core.prepared_variant(g, bitboards=False))
    assert complete
    return count, sorted(tuple(raw[i:i + g.ncells]) for i in range(0, len(raw), g.ncells))


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(shape=st.sampled_from([(2, 2), (2, 3), (3, 3)]), names=st.sampled_from(VARIANTS + [""]),
       jigsaw=st.one_of(st.none(), st.integers(0, 1000)), seed=st.integers(0, 2**31),
       keep=st.floats(0.4, 0.7))
def test_the_core_finds_the_reference_solutions_of_variant_puzzles(shape, names, jigsaw, seed, keep):
    g = variant_geometry(shape, names, jigsaw)
    if g is not None and not g.is_classic:
        agrees_with_the_reference(g, seed, keep)



@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(names=st.sampled_from(["x", "windoku", "x,windoku"]), seed=st.integers(0, 2**31),
       keep=st.floats(0.2, 0.6))
def test_9x9_grids_with_extra_houses_agree_with_the_reference(names, seed, keep):
    """X and Windoku 9x9 are searched on the classic band words (sk_xw9.c): X's diagonals as
    extra houses, Windoku's windows with the five houses they imply as the boxes of a second
    frame (rows and columns reordered): every solution, from sparse grids with many solutions
    to nearly full ones."""
    agrees_with_the_reference(Geometry.of(9).with_variants(names), seed, keep)


def _tables_of(houses: list[list[int]]) -> tuple[bytes, bytes, bytes]:
    """A 9x9 geometry's tables as the core reads them, from its houses alone."""
    import array

    peers = [sorted({c for h in houses if cell in h for c in h} - {cell}) for cell in range(81)]
    start = array.array("I", [0])
    flat = array.array("H")
    for ps in peers:
        flat.extend(ps)
        start.append(len(flat))
    return array.array("H", [c for h in houses for c in h]).tobytes(), start.tobytes(), flat.tobytes()


def test_three_windows_one_given_twice_are_not_windoku():
    """The band search sees Windoku's windows in a frame of their own only when all four are
    there: three of them (one given twice) leave the fourth window free."""
    from sudokit.engines.search import _core

    windoku = Geometry.of(9).with_variants("windoku")
    windows = [list(cells) for cells, _ in windoku.extra_houses]
    houses = [list(h) for h in Geometry.of(9).houses] + windows[:3] + [windows[0]]
    band_words = _core.variant(9, _tables_of(houses))
    generic = _core.variant(9, _tables_of(houses), bitboards=False)
    for seed in range(50):  # a solution of the three windows that breaks the fourth
        raw = _core.solve(bytes(81), 3, 3, limit=1, seed=seed, variant=generic)[0]
        if len({raw[c] for c in windows[3]}) < 9:
            break
    else:
        pytest.fail("no solution broke the fourth window")
    puzzle = bytes(v if i % 4 else 0 for i, v in enumerate(raw))
    for variant in (band_words, generic):
        found, count, complete, *_ = _core.solve(puzzle, 3, 3, limit=None, variant=variant)
        assert complete and raw in {found[i:i + 81] for i in range(0, len(found), 81)}


def test_extra_houses_with_clashing_givens_have_no_solution():
    g = Geometry.of(9).with_variants("x,windoku")
    for a, b in [(0, 80), (8, 72), (12, 28), (52, 68)]:  # diagonal, anti-diagonal, two windows
        values = [0] * 81
        values[a] = values[b] = 5
        assert core.solve(Grid(g, values), limit=2).count == 0
        assert reference.solve(Grid(g, values), limit=2).count == 0

# 8x8 on two-word bitboards, four words from 10x10 to 16x16, the generic variant search above, on
# variants each shape can have (windoku needs square boxes); "jigsaw" draws regions from the seed
LARGER = [((2, 4), "x,anti-king"), ((2, 4), "jigsaw"), ((2, 5), "x"), ((2, 5), "anti-knight"),
          ((2, 5), "jigsaw"), ((3, 4), "x,anti-king"), ((3, 4), "jigsaw"), ((4, 4), "x"), ((4, 4), "windoku"), ((4, 4), "anti-knight"), ((4, 4), "anti-king"),
          ((4, 4), "x,windoku,anti-king"), ((4, 4), "jigsaw"), ((4, 4), "jigsaw,x"), ((4, 5), "x"),
          ((4, 5), "anti-king")]


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(kind=st.sampled_from(LARGER), seed=st.integers(0, 2**31), keep=st.floats(0.6, 0.8))
def test_larger_variant_grids_agree_with_the_reference(kind, seed, keep):
    shape, names = kind
    jigsaw = seed if "jigsaw" in names else None
    agrees_with_the_reference(variant_geometry(shape, names.replace("jigsaw", ""), jigsaw), seed, keep)


@pytest.mark.parametrize("names, jigsaw", [("x", None), ("anti-knight", None), ("", 3), ("x", 4)])
def test_a_variant_candidate_grid_is_searched_without_its_missing_candidates(names, jigsaw):
    g = variant_geometry((3, 3), names, jigsaw)
    solution = core.solve(Grid.empty(g), limit=1, seed=5).solution
    rng = random.Random(5)
    full = (1 << 9) - 1
    # every empty cell keeps its answer and a random half of the other digits
    masks = [(1 << (v - 1)) | (rng.getrandbits(9) & full) for v in solution.values]
    values = [v if rng.random() < 0.2 else 0 for v in solution.values]
    grid = Grid(g, values, candidates=masks)
    expected = reference.solve(grid, limit=None, node_limit=50_000)
    assert not expected.limit_reached
    got = core.solve(grid, limit=None)
    assert sorted(tuple(x.values) for x in got.solutions) == sorted(tuple(x.values) for x in expected.solutions)
    assert tuple(solution.values) in {tuple(x.values) for x in got.solutions}
    for x in got.solutions:
        assert all(masks[c] >> (v - 1) & 1 for c, v in enumerate(x.values) if not values[c])


def test_a_prepared_variant_gives_the_same_answers_and_is_checked():
    from sudokit.engines.search import _core

    g = Geometry.of(9).with_variants("x")
    puzzle = minimal_puzzle(g, 3)
    tables = core.variant_tables(g)
    prepared = core.prepared_variant(g)
    assert core.prepared_variant(g) is prepared  # derived once per geometry
    values = bytes(puzzle.values)
    assert _core.solve(values, 3, 3, limit=2, variant=prepared)[:2] == _core.solve(values, 3, 3, limit=2, variant=tables)[:2]
    with pytest.raises(ValueError, match="of a 9x9 grid, not 4x4"):
        _core.solve(bytes(16), 2, 2, variant=prepared)
    with pytest.raises(ValueError, match="outside the grid"):
        _core.variant(9, (b"\xff\x00" * 9 + tables[0][18:], tables[1], tables[2]))
    with pytest.raises(TypeError, match="tuple"):
        _core.variant(9, list(tables))
    with pytest.raises(ValueError, match="side"):
        _core.variant(0, tables)


@pytest.mark.parametrize("names, jigsaw", [("x", None), ("windoku,anti-knight", None), ("", 2)])
def test_a_batch_of_variant_puzzles_gets_the_answers_of_one_call_each(names, jigsaw):
    g = variant_geometry((3, 3), names, jigsaw)
    puzzles = [minimal_puzzle(g, seed) for seed in range(4)]
    broken = Grid(g, [0] * 81)  # many solutions
    batch = core.solve_many(puzzles + [broken], limit=2)
    assert batch.statuses == ["unique"] * 4 + ["multiple"]
    for i, p in enumerate(puzzles):
        one = core.solve(p, limit=2)
        assert batch.solution(i).values == one.solution.values
        assert not batch.solution(i).with_geometry(g).clashes()
    lines = core.solve_many("\n".join(p.to_line() for p in puzzles), limit=2, geometry=g)
    assert lines.statuses == ["unique"] * 4


@pytest.mark.parametrize("variant", ["jigsaw,x", "killer"])
def test_a_9x9_variant_solve_keeps_its_branching_without_needless_restarts(variant):
    # The default call allows restarts; on 9x9 an unseeded search gains nothing from them
    # (its fixed branching on diagonal places and cage sums beats a random order).
    from sudokit.engines.generate import generate_many
    for made in generate_many(8, 9, variant=variant, seed=1, rate=False):
        default, plain = core.solve(made.puzzle), core.solve(made.puzzle, restarts=False)
        assert default.solution.values == plain.solution.values == made.solution.values
        assert default.nodes == plain.nodes


def test_a_variant_puzzle_solved_by_classic_rules_alone_has_more_solutions():
    g = Geometry.of(9).with_variants("anti-knight")
    puzzle = minimal_puzzle(g, 6)
    assert core.count_solutions(puzzle, 2) == 1
    assert core.count_solutions(puzzle.with_geometry(g.classic), 2) == 2


def test_a_variant_solution_keeps_every_variant_rule():
    for names in VARIANTS:
        g = Geometry.of(9).with_variants(names)
        solution = core.solve(Grid.empty(g), limit=1, seed=7).solution
        assert solution is not None and solution.is_solved, names
        assert not solution.clashes()


def test_the_core_refuses_malformed_variant_tables():
    from sudokit.engines.search import _core

    houses, start, peers = core.variant_tables(Geometry.of(4).with_variants("x"))
    with pytest.raises(ValueError, match="outside the grid"):
        _core.solve(bytes(16), 2, 2, variant=(b"\xff\x00" * 4 + houses[8:], start, peers))
    with pytest.raises(ValueError, match="peer_start"):
        _core.solve(bytes(16), 2, 2, variant=(houses, start[:-4], peers))
    with pytest.raises(TypeError, match="tuple"):
        _core.solve(bytes(16), 2, 2, variant=[houses, start, peers])


def minimal_puzzle(g: Geometry, seed: int) -> Grid:
    """A puzzle of the geometry with one solution: cells removed from a solution while the
    core still finds one solution."""
    solution = core.solve(Grid.empty(g), limit=1, seed=seed).solution
    values = list(solution.values)
    order = list(range(g.ncells))
    random.Random(seed).shuffle(order)
    for c in order:
        v, values[c] = values[c], 0
        if core.count_solutions(Grid(g, values), 2) != 1:
            values[c] = v
    return Grid(g, values)


def test_the_command_line_solves_an_x_puzzle_that_classic_rules_leave_open():
    from typer.testing import CliRunner

    from sudokit.adapters.cli.main import app

    g = Geometry.of(9).with_variants("x")
    puzzle = minimal_puzzle(g, 5)
    if reference.solve(Grid(Geometry.of(9), puzzle.values), limit=2).count < 2:
        pytest.skip("this puzzle happens to be unique without the diagonals")
    run = CliRunner().invoke(app, ["solve", puzzle.to_line(), "--variant", "x", "--to", "line"])
    assert run.exit_code == 0, run.output
    solution = Grid(g, formats.parse_one(run.stdout.strip()).values)
    assert solution.is_solved and all(p in (0, s) for p, s in zip(puzzle.values, solution.values))
    classic = CliRunner().invoke(app, ["solve", puzzle.to_line(), "--to", "line"])
    assert classic.exit_code == 4  # several solutions without the diagonals
    bad = CliRunner().invoke(app, ["solve", puzzle.to_line(), "--variant", "queen"])
    assert bad.exit_code == 3 and "unknown variant 'queen'" in bad.output


def test_regions_come_from_the_option_or_a_file_and_json_keeps_them(tmp_path):
    from typer.testing import CliRunner

    from sudokit.adapters.cli.main import app
    from sudokit.model.rules.jigsaw import region_label

    regions = random_regions(9, 3, 3, random.Random(4))
    g = Geometry.of(9).with_variants(regions=regions)
    if core.solve(Grid.empty(g), limit=1, time_limit=5).solution is None:
        pytest.skip("this random layout has no solution")
    puzzle = minimal_puzzle(g, 4)
    text = "".join(region_label(r) for r in regions)
    (tmp_path / "regions.txt").write_text("\n".join(text[i:i + 9] for i in range(0, 81, 9)) + "\n")
    for arg in (text, str(tmp_path / "regions.txt")):
        run = CliRunner().invoke(app, ["solve", puzzle.to_line(), "--regions", arg, "--to", "json"])
        assert run.exit_code == 0, run.output
        (back,) = formats.parse(run.stdout)
        assert back.geometry == g and back.is_solved
    with_x = puzzle.with_geometry(g.with_variants("x"))
    (again,) = formats.parse(formats.dumps(with_x, "json"))
    assert again.geometry == with_x.geometry and again.values == with_x.values


@pytest.mark.parametrize("variant,size", [("x", 9), ("windoku", 9), ("anti-knight", 9), ("anti-king", 9),
                                          ("jigsaw", 6), ("jigsaw", 9), ("jigsaw,x", 9), ("x,anti-king", 9)])
def test_generated_variant_puzzles_have_one_solution_by_their_rules(variant, size):
    from sudokit.engines.generate import generate, is_symmetric

    g = generate(size, variant=variant, seed=11, symmetry="180", time_limit=60)
    geometry = g.puzzle.geometry
    assert not geometry.is_classic and g.solution.geometry == geometry
    assert ("jigsaw" in variant) == (geometry.regions is not None)
    checked = reference.solve(g.puzzle, limit=2, node_limit=100_000)  # not the core that made it
    assert not checked.limit_reached and checked.count == 1
    assert checked.solution.values == g.solution.values and g.solution.is_solved
    assert is_symmetric(g.puzzle, "180")
    assert generate(size, variant=variant, seed=11, symmetry="180").puzzle == g.puzzle  # by seed


def test_variant_generation_refuses_what_cannot_be():
    from sudokit.model.errors import SudokitError
    from sudokit.engines.generate import generate

    with pytest.raises(GeometryError, match="windoku needs square boxes"):
        generate(6, variant="windoku")
    with pytest.raises(SudokitError, match="an empty 6x6 x \\+ anti-king grid has no solution"):
        generate(6, variant="x,anti-king", seed=1)


def test_generate_jigsaw_json_lines_read_back_with_their_regions():
    import json

    from typer.testing import CliRunner

    from sudokit.adapters.cli.main import app

    run = CliRunner().invoke(app, ["generate", "--variant", "jigsaw", "--count", "3", "--seed", "2",
                                   "--size", "6", "--json"])
    assert run.exit_code == 0, run.output
    docs = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(docs) == 3 and len({d["regions"] for d in docs}) == 3  # new regions each time
    for doc in docs:
        (grid,) = formats.parse(json.dumps({"box": doc["box"], "puzzle": doc["puzzle"],
                                            "regions": doc["regions"]}))
        assert grid.geometry.regions is not None
        assert core.count_solutions(grid, 2) == 1


def test_batch_solves_variant_puzzles_given_as_json_lines():
    import json

    from sudokit.adapters.batch import iter_results
    from sudokit.engines.generate import generate

    made = [generate(9, variant=v, seed=4) for v in ("x", "jigsaw", "windoku,anti-king")]
    lines = [json.dumps({"box": "3x3", "puzzle": g.puzzle.to_line(),
                         **({"variants": list(g.puzzle.geometry.variants)} if g.puzzle.geometry.variants else {}),
                         **({"regions": list(g.puzzle.geometry.regions)} if g.puzzle.geometry.regions else {})})
             for g in made]
    lines.append(json.dumps({"puzzle": "." * 81, "regions": "A" * 81}))
    results = list(iter_results(lines, jobs=1))
    assert [r.status for r in results] == ["solved", "solved", "solved", "invalid"]
    for g, r in zip(made, results):
        assert r.solution == g.solution.to_line()
    assert "9 regions" in results[-1].reason


def test_a_batch_refuses_grids_of_several_geometries():
    from sudokit.model.errors import SudokitError

    x, windoku = (minimal_puzzle(Geometry.of(9).with_variants(v), 1) for v in ("x", "windoku"))
    with pytest.raises(SudokitError, match="one geometry"):
        core.solve_many([x, windoku], limit=2)
