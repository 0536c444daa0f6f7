"""Templates (every placement of one digit that fits): hand-made positions with the templates
counted by hand, the count and the cells used against listing every template, positions with
nothing to do, and soundness on positions of forum_hardest_1106 puzzles."""

from __future__ import annotations

import random
from itertools import permutations

import pytest
from helpers import (blank_position, cell_of, digit_picture, eliminations, names, only,
                     position_from_rows, remove_wrong_candidates, steps, stuck_positions,
                     thinned_position)
from test_fish_franken import SOLVED, below_franken, sparse, wrong

from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.model import formats
from sudokit.engines.logic import Position
from sudokit.engines.logic.techniques.templates import digit_templates, untemplated

TEMPLATES = ["template-set", "template-delete"]


def test_template_set_and_delete_4x4():
    # Digit 1 only in r1c1, r1c2 | r2c3, r2c4 | r3c1, r3c3 | r4c3, r4c4. Rows 3 and 4 need
    # different boxes, and row 4 has only box 4: row 3 takes r3c1, so row 1 takes r1c2, and
    # rows 2 and 4 share columns 3 and 4 in two ways: 2 templates, both with r1c2 and r3c1.
    # Every other digit's templates then leave r1c2 and r3c1 out.
    pos = blank_position(4)
    for house, keep in (("r1", ["r1c1", "r1c2"]), ("r2", ["r2c3", "r2c4"]),
                        ("r3", ["r3c1", "r3c3"]), ("r4", ["r4c3", "r4c4"])):
        only(pos, 1, house, keep)
    assert [s.explanation for s in steps("template-set", pos)] == [
        "Template Set: every placement of all 4 1s uses r1c2, r3c1 (2 templates fit): "
        "places r1c2=1, r3c1=1"]
    deletes = steps("template-delete", pos)
    assert deletes[0].explanation == (
        "Template Delete: no placement of all 4 1s uses r1c1, r3c3 (2 templates fit): "
        "removes 1 from r1c1, r3c3")
    assert [names(pos, s.eliminations) for s in deletes[1:]] == [
        {f"r1c2-{d}", f"r3c1-{d}"} for d in (2, 3, 4)]


def test_templates_leave_out_the_cells_another_digit_must_take():
    # Digit 1 as above must take r1c2 and r3c1. Row 1 keeps its 2 in r1c1 and r1c2: every
    # template of 2 with r1c2 is dropped, so 2 takes r1c1, then one of r2c3/r2c4 (box 2), and
    # rows 3 and 4 share column 2 and the other of columns 3/4 (r3c1 is 1's): 4 templates.
    # Digits 3 and 4 then keep row 1 in columns 3 and 4 (box 2), so row 2 takes box 1.
    pos = blank_position(4)
    for house, keep in (("r1", ["r1c1", "r1c2"]), ("r2", ["r2c3", "r2c4"]),
                        ("r3", ["r3c1", "r3c3"]), ("r4", ["r4c3", "r4c4"])):
        only(pos, 1, house, keep)
    only(pos, 2, "r1", ["r1c1", "r1c2"])
    sets = steps("template-set", pos)
    assert [names(pos, s.placements) for s in sets] == [{"r1c2-1", "r3c1-1"}, {"r1c1-2"}]
    assert sets[1].explanation == (
        "Template Set: every placement of all 4 2s uses r1c1 (4 templates fit beside the cells "
        "other digits' templates all take): places r1c1=2")
    assert eliminations("template-delete", pos) == [
        {"r1c1-1", "r3c3-1"},
        {"r1c2-2", "r2c1-2", "r2c2-2", "r3c1-2", "r4c1-2"},
        {"r1c1-3", "r1c2-3", "r3c1-3", "r2c3-3", "r2c4-3"},
        {"r1c1-4", "r1c2-4", "r3c1-4", "r2c3-4", "r2c4-4"}]


def test_placed_digits_are_part_of_every_template():
    # 2 is placed in r1c1; row 3 keeps it in c3/c4 and row 4 in c2/c4, so row 4 takes box 3
    # (r4c2) and rows 2 and 3 share columns 3 and 4: 2 templates, none with r4c4.
    pos = position_from_rows(["2...", "....", "....", "...."], placed=["r1c1"])
    pos.eliminate(cell_of(pos.geometry, "r3c2"), 2)
    pos.eliminate(cell_of(pos.geometry, "r4c3"), 2)
    assert [s.explanation for s in steps("template-set", pos)] == [
        "Template Set: every placement of all 4 2s uses r4c2 (2 templates fit): places r4c2=2"]
    # every other digit leaves r4c2 to 2
    assert eliminations("template-delete", pos) == [
        {"r4c2-1"}, {"r4c4-2"}, {"r4c2-3"}, {"r4c2-4"}]
    count, used = digit_templates(pos, 2)
    assert count == 2 and cell_of(pos.geometry, "r1c1") in used


def test_template_delete_9x9():
    # Row 5 keeps its 3 in c4 and c8, box 3 in r1c8, r2c8, r3c9: a template with r3c4 would
    # need r5c8 (row 5), then r3c9 (box 3), in the row of r3c4.
    pos = digit_picture(sparse(9, rows={5: {4, 8}}, boxes={3: {(1, 8), (2, 8), (3, 9)}}), 3)
    assert eliminations("template-delete", pos) == [{"r3c4-3"}]
    assert steps("template-delete", pos)[0].explanation.startswith(
        "Template Delete: no placement of all 9 3s uses r3c4 (")
    assert steps("template-set", pos) == []


def templates_by_listing(pos: Position, digit: int) -> tuple[int, set[int]]:
    """Count the templates of ``digit`` one by one: a column for each row (a permutation),
    every cell holding the digit or a candidate of it, every box once, every placed one taken."""
    g = pos.geometry
    n = g.size
    fits = {c for c in range(g.ncells) if pos.values[c] == digit or pos.has(c, digit)}
    placed = {c for c in range(g.ncells) if pos.values[c] == digit}
    count, used = 0, set()
    for cols in permutations(range(n)):
        cells = [r * n + c for r, c in enumerate(cols)]
        if all(c in fits for c in cells) and len({g.box_of(c) for c in cells}) == n \
                and placed <= set(cells):
            count += 1
            used.update(cells)
    return count, used


@pytest.mark.parametrize("box", [(2, 2), (2, 3)])
def test_counts_and_cells_match_listing_every_template(box):
    rng = random.Random(box[1])
    g = Geometry.of(box[0] * box[1], box)
    checked = 0
    for _ in range(5):
        pos, solution = thinned_position(g, rng, blank=0.6, thin=0.3)
        for d in range(1, g.size + 1):
            count, used = templates_by_listing(pos, d)
            found = digit_templates(pos, d)
            assert found is not None
            assert found[0] == count and set(found[1]) == used
            checked += count > 0
            # the solution is a template: its cells of d are used
            assert {c for c in range(g.ncells) if solution[c] == d} <= used
    assert checked


@pytest.mark.parametrize("box", [(2, 2), (2, 3)])
def test_untemplated_are_the_candidates_no_listed_template_uses(box):
    rng = random.Random(10 + box[1])
    g = Geometry.of(box[0] * box[1], box)
    some = 0
    for _ in range(6):
        pos, _ = thinned_position(g, rng, blank=0.6, thin=0.4)
        free = untemplated(pos)
        for d in range(1, g.size + 1):
            _, used = templates_by_listing(pos, d)
            expected = {c for c in range(g.ncells) if pos.has(c, d) and c not in used}
            assert free[d] is not None
            assert {c for c in range(g.ncells) if free[d] >> c & 1} == expected, d
            some += bool(expected)
    assert some


def test_untemplated_unknown_where_a_candidate_sees_its_digit_placed():
    # r1c1 = 1 while r1c2 keeps 1 as a candidate: templates (which take r1c1) would leave r1c2
    # out, but a fish reads the candidates alone, so nothing is claimed for digit 1
    pos = blank_position(4)
    pos.values[0], pos.cands[0] = 1, 0
    free = untemplated(pos)
    assert free[1] is None
    assert free[2] == 0  # every other cell of 2 fits some template


def test_untemplated_unknown_on_a_variant_grid():
    g = Geometry.of(4, (2, 2)).with_variants(["x"], None)
    assert untemplated(Position.from_grid(Grid(g, [0] * 16)))[1:] == [None] * 4


def refined_by_listing(pos: Position) -> dict[int, list[set[int]]]:
    """Every template of every digit, listed; then, until nothing changes, drop a digit's
    templates that take a cell all templates of another digit take."""
    g = pos.geometry
    n = g.size
    fits = {d: {c for c in range(g.ncells) if pos.values[c] == d or pos.has(c, d)}
            for d in range(1, n + 1)}
    placed = {d: {c for c in range(g.ncells) if pos.values[c] == d} for d in range(1, n + 1)}
    listed = {d: [] for d in range(1, n + 1)}
    for cols in permutations(range(n)):
        cells = {r * n + c for r, c in enumerate(cols)}
        if len({g.box_of(c) for c in cells}) == n:
            for d in listed:
                if cells <= fits[d] and placed[d] <= cells:
                    listed[d].append(cells)
    while True:
        sure = {d: set.intersection(*ts) if ts else set() for d, ts in listed.items()}
        kept = {d: [t for t in ts if not any(t & sure[k] for k in listed if k != d)]
                for d, ts in listed.items()}
        if kept == listed:
            return listed
        listed = kept


def test_steps_follow_from_the_templates():
    rng = random.Random(11)
    g = Geometry.of(6, (2, 3))
    seen = dict.fromkeys(TEMPLATES, 0)
    for _ in range(12):
        pos, solution = thinned_position(g, rng, blank=0.7, thin=0.5)
        listed = refined_by_listing(pos)
        expected_set, expected_delete = set(), set()
        for d, ts in listed.items():
            if ts:
                expected_set |= {(c, d) for c in set.intersection(*ts) if not pos.values[c]}
                used = set.union(*ts)
                expected_delete |= {(c, d) for c in range(g.ncells)
                                    if pos.has(c, d) and c not in used}
        for t in TEMPLATES:
            for step in steps(t, pos):
                seen[t] += 1
                assert not wrong(step, pos, solution), step.explanation
        assert {p for s in steps("template-set", pos) for p in s.placements} == expected_set
        assert {e for s in steps("template-delete", pos) for e in s.eliminations} \
            == expected_delete
    assert all(seen.values()), seen


# --- nothing to do ---------------------------------------------------------------------------

@pytest.mark.parametrize("size", [4, 9, 16])
def test_nothing_in_a_grid_full_of_candidates(size):
    pos = blank_position(size)
    for t in TEMPLATES:
        assert steps(t, pos) == [], t


def test_too_many_partial_templates_are_not_counted():
    # An empty 16x16 grid has far more partial templates than the limit: the digit is skipped.
    assert digit_templates(blank_position(16), 1) is None
    assert digit_templates(blank_position(9), 1) is not None


def test_nothing_in_a_solved_grid():
    pos = Position.from_grid(formats.parse_one(SOLVED))
    for t in TEMPLATES:
        assert steps(t, pos) == [], t


# --- soundness on real positions -------------------------------------------------------------

def test_sound_on_forum_hardest_positions():
    """As for the fish: 30 stuck positions, and the same with 15% of their wrong candidates
    removed."""
    rng = random.Random(3)
    found = {t: [0, 0] for t in TEMPLATES}
    for stuck, solution in stuck_positions("forum_hardest_1106", 10, 3, below_franken()):
        thinned = stuck.copy()
        remove_wrong_candidates(thinned, solution, rng, 0.15)
        for k, pos in enumerate((stuck, thinned)):
            for t in TEMPLATES:
                for step in steps(t, pos):
                    found[t][k] += 1
                    assert not wrong(step, pos, solution), step.explanation
    assert found["template-delete"][0], found
    assert all(thinned for _, thinned in found.values()), found
