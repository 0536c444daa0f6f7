"""Killer cages: reading and checking them (errors name the cage), the geometry they make
(cage cells are peers), the JSON format keeping them, the reference solver honouring the sums,
and the command line's --cages."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sudokit.model import formats
from sudokit.adapters.cli.main import app
from sudokit.model.errors import SudokitError
from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.model.rules.killer import Cage, cages_text, combinations, parse_cages, sum_range
from sudokit.engines.search import core, reference, solve

from killer_cases import random_cages

G9 = Geometry.of(9)


def test_combinations_are_the_digit_sets_of_the_sum():
    for k in range(1, 10):
        low, high = sum_range(k, 9)
        for total in range(low, high + 1):
            sets = combinations(total, k, 9)
            assert sets, (total, k)
            for m in sets:
                digits = [d for d in range(1, 10) if m >> (d - 1) & 1]
                assert len(digits) == k and sum(digits) == total
    assert combinations(3, 2, 9) == (0b11,)             # 1+2 only
    assert len(combinations(10, 2, 9)) == 4             # 1+9, 2+8, 3+7, 4+6
    assert combinations(45, 9, 9) == ((1 << 9) - 1,)


def test_cage_text_reads_ranges_and_separators():
    cages = parse_cages("15 r1c1-r1c3\n# a comment\n\n7: r2c1, r3c1\n", 9)
    assert cages == (Cage(15, (0, 1, 2)), Cage(7, (9, 18)))
    block = parse_cages("20 r4c4-r5c5", 9)[0]
    assert block.cells == (30, 31, 39, 40)


@pytest.mark.parametrize("text,message", [
    ("15 r1c1 r10c1", "r10c1 is outside the 9x9 grid"),
    ("5 r1c1 r1c2\n4 r1c2 r1c3", "r1c2 is in two cages"),
    ("2 r1c1 r1c2", "never 2"),
    ("46 r1c1-r1c9 r2c1", "at most 9"),
    ("r1c1 r1c2", "sum"),
    ("12", "no cells"),
    ("12 a1 b2", "'a1' is not a cell"),
    ("9 r1c1 r1c1", "names a cell twice"),
])
def test_bad_cages_are_named(text, message):
    with pytest.raises(SudokitError, match=message):
        G9.with_cages(text)


def test_cage_cells_are_peers_and_the_geometry_says_killer():
    g = G9.with_cages("10 r1c1 r5c5")
    assert 40 in g.peers[0] and 0 in g.peers[40]
    assert 40 not in G9.peers[0]
    assert g.variant_name == "killer" and not g.is_classic
    assert g.with_variants("x").variant_name == "killer + x"
    assert g.cage_of[40].total == 10 and g.cage_of[1] is None


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31), st.sampled_from([(2, 2), (2, 3), (3, 3)]))
def test_json_keeps_the_cages(seed, box):
    g = Geometry.of(box[0] * box[1], box)
    solution = core.random_solution(g, seed).values
    cages = random_cages(solution, g.size, random.Random(seed))
    grid = Grid.empty(g.with_cages(cages))
    (back,) = formats.parse(formats.dumps(grid, "json"))
    assert back.geometry == grid.geometry
    assert parse_cages(cages_text(grid.geometry.cages, g.size), g.size) == grid.geometry.cages


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 3)])
def test_the_reference_solver_honours_the_sums(box):
    """Cages cut from a solution: every solution found makes every sum, and the solution they
    came from is among them when all are listed."""
    g = Geometry.of(box[0] * box[1], box)
    for seed in range(4):
        solution = core.random_solution(g, seed + 1).values
        kg = g.with_cages(random_cages(solution, g.size, random.Random(seed), largest=5))
        limit = 50
        result = reference.solve(Grid.empty(kg), limit=limit, node_limit=200_000)
        assert not result.limit_reached
        for s in result.solutions:
            s.validate()
            for cage in kg.cages:
                assert sum(s.values[c] for c in cage.cells) == cage.total
        if result.count < limit:
            assert solution in [s.values for s in result.solutions]


def test_a_cage_no_solution_can_meet_has_no_solution():
    # row 1 adds up to 45: cages of 3 + 15 + 22 leave 5 for r1c9, but its cage wants 1 or 3
    g = G9.with_cages("3 r1c1-r1c2\n15 r1c3-r1c5\n22 r1c6-r1c8\n4 r1c9 r2c9")
    assert solve(Grid.empty(g)).count == 0


def test_cli_solve_with_cages():
    run = CliRunner().invoke(app, ["solve", "." * 81, "--cages", "3 r1c1-r1c2\n6 r1c9 r2c9",
                                   "--to", "json"])
    assert run.exit_code == 4  # several solutions; the first is shown
    (grid,) = formats.parse(run.stdout)
    assert {grid.values[0], grid.values[1]} == {1, 2} and grid.values[8] + grid.values[17] == 6
    bad = CliRunner().invoke(app, ["solve", "." * 81, "--cages", "2 r1c1 r1c2"])
    assert bad.exit_code != 0 and "never 2" in bad.output


# --- the killer techniques, on positions written from their definitions --------------------------

def _position(cages: str, size: int = 9):
    from sudokit.engines.logic import Position

    return Position.from_grid(Grid.empty(Geometry.of(size).with_cages(cages)))


def _steps(technique: str, pos):
    from sudokit.engines.logic.techniques import REGISTRY

    return list(REGISTRY[technique].find(pos))


def _names(pos, pairs):
    return {f"{pos.geometry.name(c)}={d}" for c, d in pairs}


def test_cage_combination_keeps_the_digits_of_the_sets_that_make_the_sum():
    pos = _position("3 r1c1 r1c2\n5 r5c5")
    steps = {tuple(s.cells): s for s in _steps("cage-combination", pos)}
    two = steps[(0, 1)]
    assert _names(pos, two.eliminations) == {f"r1c{c}={d}" for c in (1, 2) for d in range(3, 10)}
    assert "1+2" in two.explanation
    assert steps[(40,)].placements == [(40, 5)]  # a cage of one cell is a given


def test_cage_combination_says_why_a_cell_loses_a_digit_its_sets_still_hold():
    pos = _position("10 r1c1 r1c2")
    pos.eliminate(1, 1)  # r1c2 cannot be 1, so 9 in r1c1 has no partner
    (step,) = [s for s in _steps("cage-combination", pos) if (0, 9) in s.eliminations]
    assert "9 in r1c1 would need 1 in r1c2" in step.explanation
    pos = _position("6 r1c1-r1c3")  # only 1+2+3, and 1 fits only in r1c1
    pos.eliminate(1, 1)
    pos.eliminate(2, 1)
    (step,) = [s for s in _steps("cage-combination", pos) if s.placements]
    assert step.placements == [(0, 1)]
    assert "every way uses 1, which fits only in r1c1" in step.explanation


def test_rule_of_45_innies_and_outies():
    # row 1: cages of 6, 15 and 17 inside leave r1c9 = 45 - 38 = 7; the cage of 10 crossing
    # the row then leaves its outie r2c9 = 10 - 7 = 3
    pos = _position("6 r1c1-r1c3\n15 r1c4-r1c6\n17 r1c7 r1c8\n10 r1c9 r2c9")
    found = {p for s in _steps("rule-of-45", pos) if "row 1:" in s.explanation for p in s.placements}
    assert found == {(8, 7), (17, 3)}


def test_rule_of_45_over_uncaged_innies_solves_them_as_a_small_cage():
    pos = _position("6 r1c1-r1c3\n15 r1c4-r1c6")  # r1c7-r1c9 make 24: only 7+8+9
    steps = [s for s in _steps("rule-of-45", pos) if "row 1:" in s.explanation]
    assert len(steps) == 1
    assert _names(pos, steps[0].eliminations) == {f"r1c{c}={d}" for c in (7, 8, 9) for d in range(1, 7)}


def test_innie_outie_difference_ties_an_innie_to_a_crossing_cages_outie():
    # row 1: the cages inside add up to 36, so the innies r1c8 + r1c9 make 9; cage 12 holds
    # r1c8 and its outie r2c8, so r1c9 - r2c8 = 9 - 12: r2c8 is r1c9 + 3
    pos = _position("10 r1c1 r1c2\n11 r1c3 r1c4\n15 r1c5-r1c7\n12 r1c8 r2c8\n10 r1c9 r2c9")
    r1c9, r2c8 = 8, 16
    steps = [s for s in _steps("innie-outie-difference", pos)
             if "row 1:" in s.explanation and "r2c8 - r1c9 = 3" in s.explanation]
    assert len(steps) == 1
    keep = {(r1c9, d) for d in range(1, 7) if pos.has(r1c9, d) and pos.has(r2c8, d + 3)} | \
           {(r2c8, d) for d in range(4, 10) if pos.has(r2c8, d) and pos.has(r1c9, d - 3)}
    lost = {(c, d) for c in (r1c9, r2c8) for d in range(1, 10) if pos.has(c, d)} - keep
    assert lost and set(steps[0].eliminations) == lost


def test_house_combination_keeps_the_sets_that_fit_beside_the_other_cages():
    # row 1: 3 is only 1+2, so 7 beside it is only 3+4 (1+6 and 2+5 share a digit with it),
    # and the other five cells take 5..9
    pos = _position("3 r1c1 r1c2\n7 r1c3 r1c4")
    (step,) = [s for s in _steps("house-combination", pos) if "row 1:" in s.explanation]
    keep = {0: {1, 2}, 1: {1, 2}, 2: {3, 4}, 3: {3, 4}}
    expected = {(c, d) for c in range(9) for d in range(1, 10) if d not in keep.get(c, range(5, 10))}
    assert set(step.eliminations) == expected
    assert "cage 7 (r1c3, r1c4) only as 3+4" in step.explanation


def test_cage_claiming_puts_a_digit_in_the_cage_that_holds_its_places_in_a_house():
    # row 1: 9 may go only in r1c1, r1c2, both in cage 15 (r1c1, r1c2, r2c1), so the cage holds
    # 9 there: r2c1 loses 9, and the cage is only 9 + a pair making 6 (1+5, 2+4)
    pos = _position("15 r1c1 r1c2 r2c1")
    for c in range(2, 9):
        pos.eliminate(c, 9)
    (step,) = [s for s in _steps("cage-claiming", pos) if "row 1" in s.explanation]
    lost = set(step.eliminations)
    assert (9, 9) in lost  # r2c1
    assert {d for c, d in lost if c in (0, 1)} == {3, 6, 7, 8}  # in no set with 9: 1+5+9, 2+4+9
    assert "only as 1+5+9 or 2+4+9" in step.explanation


def _marked(step, role):
    return [set(m.cells) for m in step.marks if m.role == role]


def test_killer_steps_mark_the_region_they_read_and_the_cages_they_use():
    # the cells of row 1 and of each cage, written out here from their definitions
    row1, c6, c15, c17, c10 = set(range(9)), {0, 1, 2}, {3, 4, 5}, {6, 7}, {8, 17}
    pos = _position("6 r1c1-r1c3\n15 r1c4-r1c6\n17 r1c7 r1c8\n10 r1c9 r2c9")
    steps = [s for s in _steps("rule-of-45", pos) if "row 1:" in s.explanation]
    innie = next(s for s in steps if s.placements == [(8, 7)])  # the cages inside the row
    assert _marked(innie, "region") == [row1]
    assert sorted(map(sorted, _marked(innie, "cage"))) == sorted(map(sorted, [c6, c15, c17]))
    # the outie r2c9 = 10 - (45 - 38): the cage crossing the row and those inside it
    outie = next(s for s in steps if s.placements == [(17, 3)])
    assert _marked(outie, "region") == [row1]
    assert sorted(map(sorted, _marked(outie, "cage"))) == sorted(map(sorted, [c10, c6, c15, c17]))
    assert "the cages crossing it add up to 10 and those inside to 38" in outie.explanation
    (combo,) = [s for s in _steps("cage-combination", pos) if set(s.cells) == c6]
    assert _marked(combo, "cage") == [c6] and not _marked(combo, "region")
    # the step's JSON (the page draws it) carries the same sets, 1-based
    sets = innie.to_dict(pos.geometry)["sets"]
    assert {"role": "region", "cells": [[1, c] for c in range(1, 10)]} in sets
    assert sum(s["role"] == "cage" for s in sets) == 3


def test_a_killer_step_picture_outlines_its_cages_solid():
    from sudokit.engines import render

    pos = _position("6 r1c1-r1c3\n15 r1c4-r1c6\n17 r1c7 r1c8\n10 r1c9 r2c9\n8 r3c1 r3c2")
    step = next(s for s in _steps("rule-of-45", pos) if s.placements == [(17, 3)])
    picture = render.svg(pos, step=step)
    assert picture.count('class="cage-marked"') == 4  # cage 10 crossing row 1, the three inside
    assert picture.count('class="cage"') == 1  # cage 8 (r3c1, r3c2), apart from the row: dashed
    plain = render.svg(pos)
    assert 'class="cage-marked"' not in plain


@pytest.mark.parametrize("seed", range(60))
def test_the_ways_of_making_a_sum_are_those_of_trying_every_filling(seed):
    from itertools import product

    from sudokit.engines.logic.techniques.killer import sum_ways

    rng = random.Random(seed)
    k = rng.randint(1, 4)
    negative = rng.randint(0, k - 1) if seed % 3 == 0 else 0  # the last cells taken away
    cands = tuple(rng.randint(1, 511) for _ in range(k))
    clash = tuple(tuple(j for j in range(i) if rng.random() < 0.7) for i in range(k))
    sign = [1] * (k - negative) + [-1] * negative
    total = rng.randint(k - 2 * negative, 9 * (k - negative) - negative)
    allowed, sets = [0] * k, set()
    for digits in product(*[[d for d in range(1, 10) if m >> (d - 1) & 1] for m in cands]):
        if sum(s * d for s, d in zip(sign, digits)) == total and \
                all(digits[i] != digits[j] for i in range(k) for j in clash[i]):
            for i, d in enumerate(digits):
                allowed[i] |= 1 << (d - 1)
            sets.add(sum(1 << (d - 1) for d in set(digits)))
    found = sum_ways(cands, clash, total, negative)
    assert found == ((tuple(allowed), frozenset(sets)) if sets else None)


def test_a_chain_through_a_cage_meets_its_sum():
    from sudokit.engines.logic.techniques.propagation import CHAIN, Base, branch, describe

    pos = _position("10 r1c1 r1c2")
    base = Base(pos)
    out = branch(base, [(0, 4)], CHAIN)  # r1c1 = 4: the cage leaves r1c2 only 6
    assert out.contradiction is None and (1, 6) in out.order
    out = branch(base, [(0, 4), (2, 6)], CHAIN)  # and r1c3 = 6 takes it from r1c2
    assert out.contradiction == ("sum", 0)
    assert str(describe(pos.geometry, out.contradiction)) == "cage 10 (r1c1, r1c2) can no longer make its sum"
    # row 1's innies r1c8, r1c9 make 45 - 36 = 9: r1c8 = 4 wants 5 in r1c9, which r2c9 = 5 takes
    pos = _position("10 r1c1 r1c2\n11 r1c3 r1c4\n15 r1c5-r1c7")
    out = branch(Base(pos), [(7, 4), (17, 5)], CHAIN)
    assert out.contradiction is not None and out.contradiction[0] == "sum"
    assert str(describe(pos.geometry, out.contradiction)) == \
        "the innies of row 1 (r1c8, r1c9) can no longer make 9"


def test_cage_pointing_locks_a_digit_the_cage_must_hold():
    from sudokit.engines.logic.links import peer_masks

    pos = _position("24 r1c1 r1c2 r2c1")  # 7+8+9: the 9 is in the cage
    r1c1, r1c2, r2c1 = 0, 1, 9
    pos.eliminate(r2c1, 9)
    steps = [s for s in _steps("cage-pointing", pos) if {d for _, d in s.eliminations} == {9}]
    assert len(steps) == 1
    peers = peer_masks(pos.geometry)
    expected = {c for c in range(81) if peers[r1c1] >> c & 1 and peers[r1c2] >> c & 1
                and pos.has(c, 9)}
    assert {c for c, _ in steps[0].eliminations} == expected and r2c1 not in expected
    assert 2 in expected and 18 in expected  # r1c3 (row 1 and box 1), r3c1 (box 1)


def test_cage_subsets_naked_and_hidden():
    from sudokit.model.position import bit

    pos = _position("20 r1c1-r1c4")
    pos.cands[0] = pos.cands[1] = bit(1) | bit(2)
    naked = [s for s in _steps("cage-subset", pos) if set(s.cells) == {0, 1}]
    assert naked and _names(pos, naked[0].eliminations) == {"r1c3=1", "r1c3=2", "r1c4=1", "r1c4=2"}
    pos = _position("10 r1c1-r1c4")  # only 1+2+3+4: every digit must be there
    for c in (2, 3):
        pos.cands[c] &= ~(bit(1) | bit(2))
    hidden = [s for s in _steps("cage-subset", pos) if set(s.cells) == {0, 1}]
    assert hidden and {d for _, d in hidden[0].eliminations} == set(range(3, 10))


@pytest.mark.parametrize("seed", range(3))
def test_the_logical_solver_solves_killers_soundly(seed):
    from sudokit.engines.logic import LogicalSolver

    g = Geometry.of(9)
    solution = core.random_solution(g, seed + 100).values
    rng = random.Random(seed)
    while True:
        kg = g.with_cages(random_cages(solution, 9, rng, largest=4))
        if reference.count_solutions(Grid.empty(kg), 2, node_limit=100_000) == 1:
            break
    path = LogicalSolver().solve_path(Grid.empty(kg))
    assert path.solved and path.position.values == solution
    for step in path.steps:
        assert all(solution[c] == d for c, d in step.placements), step.explanation
        assert all(solution[c] != d for c, d in step.eliminations), step.explanation
    assert "cage-combination" in path.techniques


# --- generating ------------------------------------------------------------------------------------

@pytest.mark.parametrize("size,givens", [(6, 0), (9, 0), (6, 3)])
def test_generated_killers_have_one_solution_from_their_cages(size, givens):
    from sudokit.engines.generate import generate

    made = generate(size, variant="killer", seed=7, givens=givens, rate=False)
    g = made.puzzle.geometry
    assert g.cages and sum(1 for v in made.puzzle.values if v) == givens
    assert sorted(c for cage in g.cages for c in cage.cells) == list(range(size * size))
    assert all(1 <= len(cage.cells) <= 5 for cage in g.cages)
    for cage in g.cages:
        assert sum(made.solution.values[c] for c in cage.cells) == cage.total
    checked = reference.solve(made.puzzle, limit=2, node_limit=500_000)
    assert not checked.limit_reached and checked.count == 1
    assert checked.solution.values == made.solution.values
    if size == 6:  # the seed makes the same puzzle again
        assert generate(size, variant="killer", seed=7, givens=givens, rate=False).puzzle == made.puzzle


def test_cli_generate_killer_json_lines_read_back_with_their_cages():
    import json

    run = CliRunner().invoke(app, ["generate", "--variant", "killer", "--size", "6", "--count", "2",
                                   "--seed", "3", "--json"])
    assert run.exit_code == 0, run.output
    for line in run.stdout.splitlines():
        doc = json.loads(line)
        assert doc["cages"] and doc["givens"] == 0
        (back,) = formats.parse(json.dumps({"puzzle": doc["puzzle"], "box": doc["box"],
                                            "cages": doc["cages"]}))
        assert reference.count_solutions(back, 2) == 1
    text = CliRunner().invoke(app, ["generate", "--variant", "killer", "--size", "6", "--seed", "3"])
    assert '"cages"' in text.stdout  # the default output keeps the cages (a json line)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_killers_at_a_level_rate_in_its_band_and_have_one_solution(level):
    from sudokit.engines.generate import generate, target_band
    from sudokit.engines.rating import rate

    made = generate(9, variant="killer", level=level, seed=2, time_limit=120)
    low, high = target_band(level, None)
    assert low <= made.rating.score <= high and made.rating.level == level
    assert rate(made.puzzle).score == made.rating.score  # rated afresh
    checked = reference.solve(made.puzzle, limit=2, node_limit=500_000)
    assert not checked.limit_reached and checked.count == 1


def test_cli_hint_rate_and_batch_on_a_killer(tmp_path):
    import json

    from killer_cases import unique_killer

    geometry, solution = unique_killer(6, seed=3)
    grid = Grid.empty(geometry)
    cages = cages_text(geometry.cages, 6)
    line = grid.to_line()
    runner = CliRunner()
    hint = runner.invoke(app, ["hint", line, "--box", "2x3", "--cages", cages, "--level", "step"])
    assert hint.exit_code == 0, hint.output
    assert "cage" in hint.stdout.lower() or "single" in hint.stdout.lower()
    rated = runner.invoke(app, ["rate", line, "--box", "2x3", "--cages", cages, "--json"])
    assert rated.exit_code == 0, rated.output
    assert json.loads(rated.stdout)["solved"]
    src = tmp_path / "killers.jsonl"
    src.write_text(formats.dumps(grid, "json") + "\n")
    out = tmp_path / "out.jsonl"
    run = runner.invoke(app, ["batch", str(src), "-o", str(out), "--to", "jsonl", "--jobs", "1"])
    assert run.exit_code == 0, run.output
    record = json.loads(out.read_text().splitlines()[0])
    assert record["status"] == "solved" and record["solution"] == Grid(geometry, solution).to_line()
