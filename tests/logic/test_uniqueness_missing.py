"""Uniqueness techniques with missing candidates (a rectangle corner that lost one of the two
digits still cannot complete the deadly pattern) and every instance of each type listed.

Positions are blank grids (every cell holds every digit) with the rectangle's cells written in;
rows 1-2 lie in one band and columns 1 and 4 in two stacks, so r1c1, r1c4, r2c1, r2c4 lies in
two boxes."""

from __future__ import annotations

import pytest
from helpers import blank_position, found, only

from sudokit.engines.logic import LogicalSolver, options
from sudokit.engines.logic.techniques import REGISTRY

UR1, UR2, UR3, UR4, UR5, UR6 = (REGISTRY[f"unique-rectangle-{i}"] for i in range(1, 7))
HR = REGISTRY["hidden-rectangle"]
ROW2_BUT_ROOF = (2, 3, 5, 6, 7, 8, 9)


def elims(finder, pos) -> list[set[str]]:
    """The eliminations of every step the finder yields (none of them places a digit)."""
    out = found(finder, pos)
    assert all(not placed for placed, _ in out)
    return [removed for _, removed in out]


def strict(finder, pos) -> list[set[str]]:
    with options.using(ur_missing_candidates=False):
        return elims(finder, pos)


def row2(digit: int, columns=ROW2_BUT_ROOF) -> set[str]:
    return {f"r2c{c}-{digit}" for c in columns}


# --- missing candidates -----------------------------------------------------------------------

def test_ur1_fourth_corner_without_one_digit_loses_the_other():
    # r2c4 lost 1 already: were it 2, the four corners would be 1/2 only
    pos = blank_position(cands={"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "259"})
    assert elims(UR1, pos) == [{"r2c4-2"}]
    assert strict(UR1, pos) == []


def test_ur2_roof_corner_without_one_digit():
    # r2c1 holds 1 and 7 only: if neither roof corner is 7, r2c1 = 1, r2c4 = 2 and the
    # rectangle is 1/2 throughout
    pos = blank_position(cands={"r1c1": "12", "r1c4": "12", "r2c1": "17", "r2c4": "127"})
    assert elims(UR2, pos) == [row2(7)]
    assert strict(UR2, pos) == []


def test_ur3_roof_corner_without_one_digit():
    pos = blank_position(cands={"r1c1": "12", "r1c4": "12", "r2c1": "13", "r2c4": "124",
                                "r2c7": "34"})
    # the extras 3 (r2c1) and 4 (r2c4) with r2c7 = 34 form a naked pair in row 2
    assert elims(UR3, pos) == [row2(3, (2, 3, 5, 6, 8, 9)) | row2(4, (2, 3, 5, 6, 8, 9))]
    assert strict(UR3, pos) == []


def test_ur4_roof_corner_without_the_other_digit():
    pos = blank_position(cands={"r1c1": "12", "r1c4": "12", "r2c1": "135", "r2c4": "1246"})
    only(pos, 1, "r2", ["r2c1", "r2c4"])
    # 1 is in r2c1 or r2c4; r2c4 = 2 would leave r2c1 = 1 and a deadly pattern
    assert elims(UR4, pos) == [{"r2c4-2"}]
    assert strict(UR4, pos) == []


def test_hidden_rectangle_with_a_corner_without_one_digit():
    pos = blank_position(cands={"r1c1": "12", "r1c4": "15", "r2c1": "126", "r2c4": "1234"})
    only(pos, 1, "r2", ["r2c1", "r2c4"])
    only(pos, 1, "c4", ["r1c4", "r2c4"])
    # r2c4 = 2 forces 1 into r2c1 and r1c4, so r1c1 = 2: 2 1 / 1 2 is deadly
    assert elims(HR, pos) == [{"r2c4-2"}]
    assert strict(HR, pos) == []


def test_ur_needs_both_digits_in_some_form_at_each_corner():
    # r2c4 holds neither 1 nor 2: no deadly pattern can form, with or without the option
    pos = blank_position(cands={"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "59"})
    assert elims(UR1, pos) == [] and strict(UR1, pos) == []


def test_the_solver_follows_the_option():
    pos = blank_position(cands={"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "259"})
    on = LogicalSolver(["unique-rectangle-1"], unique=True)
    off = LogicalSolver(["unique-rectangle-1"], unique=True,
                        options=options.Options(ur_missing_candidates=False))
    assert [s.eliminations for s in on.all_steps(pos)] == [[(pos.geometry.cell(1, 3), 2)]]
    assert off.all_steps(pos) == [] and off.next_step(pos) is None


# --- every instance ---------------------------------------------------------------------------

def test_ur1_two_rectangles():
    pos = blank_position(cands={"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "1259",
                                "r5c2": "34", "r5c8": "34", "r6c2": "346", "r6c8": "34"})
    assert sorted(map(sorted, elims(UR1, pos))) == [["r2c4-1", "r2c4-2"], ["r6c2-3", "r6c2-4"]]


def test_ur2_two_roofs_on_one_floor():
    pos = blank_position(cands={"r1c1": "12", "r1c4": "12", "r2c1": "127", "r2c4": "127",
                                "r3c1": "128", "r3c4": "128"})
    found_ = elims(UR2, pos)
    assert len(found_) == 2
    assert row2(7) in found_
    assert {f"r3c{c}-8" for c in ROW2_BUT_ROOF} in found_


def test_ur3_subsets_in_the_row_and_in_the_box():
    # roof r4c1, r4c2 shares row 4 and box 4; r4c7 = 34 and r5c3 = 34 each pair with its extras
    pos = blank_position(cands={"r1c1": "12", "r1c2": "12", "r4c1": "123", "r4c2": "124",
                                "r4c7": "34", "r5c3": "34"})
    in_row = {f"r4c{c}-{d}" for c in (3, 4, 5, 6, 8, 9) for d in (3, 4)}
    in_box = {f"{cell}-{d}" for cell in ("r4c3", "r5c1", "r5c2", "r6c1", "r6c2", "r6c3")
              for d in (3, 4)}
    assert sorted(map(sorted, elims(UR3, pos))) == sorted([sorted(in_row), sorted(in_box)])


def test_ur3_every_subset_size_in_one_house():
    # extras 3/4; r2c7 = 34 (a pair with them) and r2c8 = 35 (then a triple 3/4/5)
    pos = blank_position(cands={"r1c1": "12", "r1c4": "12", "r2c1": "123", "r2c4": "124",
                                "r2c7": "34", "r2c8": "35"})
    pair = row2(3, (2, 3, 5, 6, 8, 9)) | row2(4, (2, 3, 5, 6, 9))  # r2c8 has no 4
    triple = row2(3, (2, 3, 5, 6, 9)) | row2(4, (2, 3, 5, 6, 9)) | row2(5, (2, 3, 5, 6, 9))
    assert sorted(map(sorted, elims(UR3, pos))) == sorted([sorted(pair), sorted(triple)])


def test_ur4_two_roofs_linked_on_different_digits():
    pos = blank_position(cands={"r1c1": "12", "r1c4": "12", "r2c1": "123", "r2c4": "124",
                                "r3c1": "125", "r3c4": "126"})
    only(pos, 1, "r2", ["r2c1", "r2c4"])
    only(pos, 2, "r3", ["r3c1", "r3c4"])
    assert sorted(map(sorted, elims(UR4, pos))) == [["r2c1-2", "r2c4-2"], ["r3c1-1", "r3c4-1"]]


def test_ur5_two_rectangles():
    pos = blank_position(cands={"r1c1": "12", "r2c4": "12", "r1c4": "127", "r2c1": "127",
                                "r7c5": "34", "r8c8": "34", "r7c8": "349", "r8c5": "349"})
    assert sorted(map(sorted, elims(UR5, pos))) == sorted([
        sorted({"r1c2-7", "r1c3-7", "r2c5-7", "r2c6-7"}),
        sorted({"r7c4-9", "r7c6-9", "r8c7-9", "r8c9-9"})])


def test_ur6_two_rectangles():
    pos = blank_position(cands={"r1c1": "12", "r2c4": "12", "r1c4": "123", "r2c1": "124",
                                "r5c2": "56", "r6c8": "56", "r5c8": "567", "r6c2": "568"})
    for row, keep in (("r1", ["r1c1", "r1c4"]), ("r2", ["r2c1", "r2c4"])):
        only(pos, 1, row, keep)
    for col, keep in (("c2", ["r5c2", "r6c2"]), ("c8", ["r5c8", "r6c8"])):
        only(pos, 6, col, keep)
    assert sorted(map(sorted, elims(UR6, pos))) == [["r1c4-1", "r2c1-1"], ["r5c8-6", "r6c2-6"]]


def test_hidden_rectangle_two_rectangles():
    pos = blank_position(cands={"r1c1": "12", "r1c4": "125", "r2c1": "126", "r2c4": "1234",
                                "r7c9": "89", "r7c5": "789", "r9c9": "389", "r9c5": "1789"})
    only(pos, 1, "r2", ["r2c1", "r2c4"])
    only(pos, 1, "c4", ["r1c4", "r2c4"])
    only(pos, 9, "r9", ["r9c5", "r9c9"])
    only(pos, 9, "c5", ["r7c5", "r9c5"])
    assert sorted(map(sorted, elims(HR, pos))) == [["r2c4-2"], ["r9c5-8"]]


@pytest.mark.parametrize("missing", [True, False])
def test_strict_instances_come_first(missing):
    # the complete rectangle (r5-r6) is listed before the one with a missing candidate (r1-r2)
    pos = blank_position(cands={"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "259",
                                "r5c2": "34", "r5c8": "34", "r6c2": "346", "r6c8": "34"})
    with options.using(ur_missing_candidates=missing):
        first = next(UR1.find(pos))
    assert {pos.geometry.name(c) for c, _ in first.eliminations} == {"r6c2"}
