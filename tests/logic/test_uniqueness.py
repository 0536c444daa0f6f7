"""Uniqueness techniques on hand-written positions: exact eliminations, and nothing where the
pattern is broken (four boxes, a given corner, an extra candidate too many)."""

from __future__ import annotations

import pytest
from helpers import blank_position, cell_of, found, position_from_rows

from sudokit.model.geometry import Geometry
from sudokit.engines.logic import LogicalSolver
from sudokit.model.position import Position, bit
from sudokit.engines.logic.techniques import REGISTRY
from sudokit.engines.logic.techniques.uniqueness import rectangles

UR1, UR2, UR3, UR4, UR5, UR6 = (REGISTRY[f"unique-rectangle-{i}"] for i in range(1, 7))
HR = REGISTRY["hidden-rectangle"]
AR1, AR2 = REGISTRY["avoidable-rectangle-1"], REGISTRY["avoidable-rectangle-2"]
BUG = REGISTRY["bug-plus-1"]

# Rows 1-2 lie in one band, columns 1 and 4 in two stacks: r1c1, r1c4, r2c1, r2c4 is in two boxes.
NO_12 = "3456789"


# --- rectangles -----------------------------------------------------------------------------

@pytest.mark.parametrize("box", [(3, 3), (2, 3), (3, 2), (3, 4), (4, 4)])
def test_rectangles_lie_in_exactly_two_boxes(box):
    g = Geometry.of(box[0] * box[1], box)
    rects = rectangles(g)
    assert rects
    for rect in rects:
        assert len({g.box_of(c) for c in rect}) == 2
        assert len({g.row_of(c) for c in rect}) == 2 and len({g.col_of(c) for c in rect}) == 2
    # every rectangle with its rows in one band (or its columns in one stack) is there
    n = g.size
    same_band = sum(1 for r1 in range(n) for r2 in range(r1 + 1, n) if r1 // g.box_rows == r2 // g.box_rows)
    cross_stack = sum(1 for c1 in range(n) for c2 in range(c1 + 1, n) if c1 // g.box_cols != c2 // g.box_cols)
    same_stack = sum(1 for c1 in range(n) for c2 in range(c1 + 1, n) if c1 // g.box_cols == c2 // g.box_cols)
    cross_band = sum(1 for r1 in range(n) for r2 in range(r1 + 1, n) if r1 // g.box_rows != r2 // g.box_rows)
    assert len(rects) == same_band * cross_stack + same_stack * cross_band


# --- Unique Rectangle Type 1 ----------------------------------------------------------------

def test_ur1_removes_both_digits_from_the_fourth_corner():
    pos = blank_position(cands={"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "1259"})
    assert found(UR1, pos) == [(set(), {"r2c4-1", "r2c4-2"})]
    assert next(UR1.find(pos)).explanation == (
        "Unique Rectangle Type 1 1/2 in r1c1, r1c4, r2c1, r2c4 (only r2c4 has other candidates): "
        "removes 1/2 from r2c4")


def test_ur1_needs_exactly_two_boxes():
    # r1c1, r1c4, r4c1, r4c4 lies in four boxes: no deadly pattern, no deduction
    pos = blank_position(cands={"r1c1": "12", "r1c4": "12", "r4c1": "12", "r4c4": "1259"})
    assert found(UR1, pos) == []


def test_ur1_nothing_with_two_bivalue_corners():
    pos = blank_position(cands={"r1c1": "12", "r1c4": "12", "r2c1": "123", "r2c4": "1259"})
    assert found(UR1, pos) == []


def test_ur1_on_6x6_rectangles_within_two_boxes_only():
    # 6x6 with 2x3 boxes: rows 1-2 form a band, columns 1-3 and 4-6 the stacks
    pos = blank_position(6, cands={"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "1256"})
    assert found(UR1, pos) == [(set(), {"r2c4-1", "r2c4-2"})]
    # rows 1 and 3 are in different bands, columns 1 and 2 in one stack: two boxes again
    pos = blank_position(6, cands={"r1c1": "34", "r1c2": "34", "r3c1": "34", "r3c2": "3456"})
    assert found(UR1, pos) == [(set(), {"r3c2-3", "r3c2-4"})]
    # rows 1 and 3, columns 1 and 4: four boxes
    pos = blank_position(6, cands={"r1c1": "12", "r1c4": "12", "r3c1": "12", "r3c4": "1256"})
    assert found(UR1, pos) == []


def test_ur1_on_3x2_boxes_follows_the_box_shape():
    # 6x6 with 3x2 boxes: rows 1-3 form a band, columns 1-2 a stack
    cands = {"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "1256"}
    assert found(UR1, blank_position(6, box=(3, 2), cands=cands)) == [(set(), {"r2c4-1", "r2c4-2"})]
    cands = {"r1c1": "12", "r1c2": "12", "r4c1": "12", "r4c2": "1256"}
    assert found(UR1, blank_position(6, box=(3, 2), cands=cands)) == [(set(), {"r4c2-1", "r4c2-2"})]
    cands = {"r1c1": "12", "r1c2": "12", "r3c1": "12", "r3c2": "1256"}  # one box only
    assert found(UR1, blank_position(6, box=(3, 2), cands=cands)) == []


# --- Unique Rectangle Type 2 ----------------------------------------------------------------

def test_ur2_removes_the_shared_extra_digit_from_cells_seeing_both():
    pos = blank_position(fill="345689", cands={
        "r1c1": "12", "r1c4": "12", "r2c1": "127", "r2c4": "127",
        "r2c7": "378", "r2c9": "47", "r3c1": "79", "r5c4": "57"})
    # r3c1 and r5c4 see only one of the two roof cells
    assert found(UR2, pos) == [(set(), {"r2c7-7", "r2c9-7"})]


def test_ur2_roof_in_one_box_also_clears_the_box():
    # r1c1, r1c2, r4c1, r4c2: columns in one stack, rows in two bands
    pos = blank_position(fill="345689", cands={
        "r4c1": "12", "r4c2": "12", "r1c1": "127", "r1c2": "127",
        "r3c3": "78", "r1c8": "57", "r2c1": "79", "r5c1": "79"})
    # row 1 and box 1 see both roof cells; r5c1 sees only r1c1
    assert found(UR2, pos) == [(set(), {"r3c3-7", "r1c8-7", "r2c1-7"})]


def test_ur2_nothing_when_extras_differ():
    pos = blank_position(fill="345689", cands={
        "r1c1": "12", "r1c4": "12", "r2c1": "127", "r2c4": "128", "r2c7": "78"})
    assert found(UR2, pos) == []


# --- Unique Rectangle Type 3 ----------------------------------------------------------------

def test_ur3_extras_form_a_naked_pair_with_one_cell():
    # every other cell holds every digit, so no larger subset forms
    pos = blank_position(cands={
        "r1c1": "12", "r1c4": "12", "r2c1": "123", "r2c4": "124", "r2c7": "34"})
    assert found(UR3, pos) == [(set(), {f"r2c{c}-{d}" for c in (2, 3, 5, 6, 8, 9) for d in (3, 4)})]
    step = next(UR3.find(pos))
    assert "naked subset 3/4 in row 2" in step.explanation


def test_ur3_extras_form_a_naked_triple_with_two_cells():
    pos = blank_position(cands={
        "r1c1": "12", "r1c4": "12", "r2c1": "123", "r2c4": "124", "r2c6": "35", "r2c7": "45"})
    assert found(UR3, pos) == [
        (set(), {f"r2c{c}-{d}" for c in (2, 3, 5, 8, 9) for d in (3, 4, 5)})]


def test_ur3_subset_in_a_row_and_a_box_clears_both():
    # roof r1c1, r1c2 (row 1 and box 1) with extras 3, 4; r1c3 holds 3/4: the pair is naked in
    # row 1 and in box 1, so one step takes 3 and 4 from the rest of both (HoDoKu's find-all
    # lists it so); the box alone does not give a second, smaller step
    pos = blank_position(cands={
        "r1c1": "123", "r1c2": "124", "r4c1": "12", "r4c2": "12", "r1c3": "34"})
    row = {f"r1c{c}-{d}" for c in range(4, 10) for d in (3, 4)}
    box = {f"r{r}c{c}-{d}" for r in (2, 3) for c in (1, 2, 3) for d in (3, 4)}
    assert found(UR3, pos) == [(set(), row | box)]
    assert "in row 1 and box 1" in next(UR3.find(pos)).explanation


def test_ur3_nothing_without_a_subset():
    pos = blank_position(cands={
        "r1c1": "12", "r1c4": "12", "r2c1": "123", "r2c4": "124", "r2c7": "356"})
    assert found(UR3, pos) == []


# --- Unique Rectangle Type 4 ----------------------------------------------------------------

def test_ur4_strong_link_on_one_digit_removes_the_other():
    pos = blank_position(fill="23456789", cands={
        "r1c1": "12", "r1c4": "12", "r2c1": "1235", "r2c4": "1246"})
    # 1 appears in row 2 only in r2c1 and r2c4, so neither can be 2
    assert found(UR4, pos) == [(set(), {"r2c1-2", "r2c4-2"})]


def test_ur4_nothing_when_the_digit_has_a_third_place():
    pos = blank_position(fill="23456789", cands={
        "r1c1": "12", "r1c4": "12", "r2c1": "1235", "r2c4": "1246", "r2c9": "13"})
    assert found(UR4, pos) == []


# --- Unique Rectangle Type 5 ----------------------------------------------------------------

def test_ur5_diagonal_extras():
    pos = blank_position(fill="3456789", cands={
        "r1c1": "12", "r2c4": "12", "r1c4": "127", "r2c1": "127"})
    # cells seeing both r1c4 and r2c1: r1c2, r1c3 (row 1 in box 1) and r2c5, r2c6 (row 2 in box 2)
    assert found(UR5, pos) == [(set(), {"r1c2-7", "r1c3-7", "r2c5-7", "r2c6-7"})]


def test_ur5_three_corners_with_the_same_extra():
    pos = blank_position(fill="3456789", cands={
        "r1c1": "12", "r1c4": "127", "r2c1": "127", "r2c4": "127"})
    assert found(UR5, pos) == [(set(), {"r2c5-7", "r2c6-7"})]


def test_ur5_nothing_for_extras_in_a_line():
    pos = blank_position(fill="3456789", cands={
        "r1c1": "12", "r1c4": "12", "r2c1": "127", "r2c4": "127"})
    assert found(UR5, pos) == []


# --- Unique Rectangle Type 6 ----------------------------------------------------------------

def test_ur6_x_wing_inside_the_rectangle():
    pos = blank_position(fill="23456789", cands={
        "r1c1": "12", "r2c4": "12", "r1c4": "123", "r2c1": "124"})
    # 1 lies only in the rectangle in rows 1 and 2: it must sit on the bivalue diagonal
    assert found(UR6, pos) == [(set(), {"r1c4-1", "r2c1-1"})]


def test_ur6_nothing_when_a_row_has_another_place():
    pos = blank_position(fill="23456789", cands={
        "r1c1": "12", "r2c4": "12", "r1c4": "123", "r2c1": "124", "r2c8": "18", "r5c1": "15"})
    assert found(UR6, pos) == []


# --- Hidden Rectangle -----------------------------------------------------------------------

def test_hidden_rectangle():
    pos = blank_position(fill="23456789", cands={
        "r1c1": "12", "r1c4": "125", "r2c1": "126", "r2c4": "1234"})
    # 1 lies only in the rectangle in row 2 and in column 4: r2c4 cannot be 2
    assert found(HR, pos) == [(set(), {"r2c4-2"})]


def test_hidden_rectangle_nothing_without_the_column_link():
    pos = blank_position(fill="23456789", cands={
        "r1c1": "12", "r1c4": "125", "r2c1": "126", "r2c4": "1234", "r7c4": "17"})
    assert found(HR, pos) == []


# --- Avoidable Rectangles -------------------------------------------------------------------

ROWS_AR = ["5..3.....", "3........"] + ["........."] * 7


def test_ar1_three_solved_corners():
    pos = position_from_rows(ROWS_AR, placed=["r1c1", "r1c4", "r2c1"])
    assert found(AR1, pos) == [(set(), {"r2c4-5"})]


def test_ar1_nothing_when_a_corner_is_given():
    pos = position_from_rows(ROWS_AR, placed=["r1c4", "r2c1"])  # r1c1 stays a given
    assert found(AR1, pos) == []


def test_ar2_two_solved_corners_and_a_shared_extra():
    rows = ["5..3.....", "........."] + ["........."] * 7
    pos = position_from_rows(rows, placed=["r1c1", "r1c4"],
                             cands={"r2c1": "37", "r2c4": "57", "r2c2": "1246", "r2c3": "79",
                                    "r2c5": "17", "r2c6": "12", "r2c7": "2", "r2c8": "78",
                                    "r2c9": "4"})
    # r2c1 would need 3 and r2c4 would need 5: one of them is 7
    assert found(AR2, pos) == [(set(), {"r2c3-7", "r2c5-7", "r2c8-7"})]


def test_ar2_nothing_with_two_extras():
    rows = ["5..3.....", "........."] + ["........."] * 7
    pos = position_from_rows(rows, placed=["r1c1", "r1c4"], cands={"r2c1": "37", "r2c4": "578"})
    assert found(AR2, pos) == []


def test_avoidable_rectangles_need_solved_cells_not_givens():
    pos = position_from_rows(ROWS_AR)
    assert found(AR1, pos) == [] and found(AR2, pos) == []


# --- BUG+1 ----------------------------------------------------------------------------------

def _bug_position(size: int, extra: dict[str, int]) -> Position:
    """Two solutions S and S' (S' = S with its first two rows and columns swapped) merged: every
    cell where they differ holds both digits, which is a BUG; ``extra`` adds one digit to cells."""
    g = Geometry.of(size)
    br, bc = g.box_rows, g.box_cols
    s = [[(r * bc + r // br + c) % size + 1 for c in range(size)] for r in range(size)]
    t = [row[:] for row in s]
    t[0], t[1] = t[1], t[0]
    for row in t:
        row[0], row[1] = row[1], row[0]
    values, cands = [], []
    for r in range(size):
        for c in range(size):
            same = s[r][c] == t[r][c]
            values.append(s[r][c] if same else 0)
            cands.append(0 if same else bit(s[r][c]) | bit(t[r][c]))
    for name, d in extra.items():
        cands[cell_of(g, name)] |= bit(d)
    return Position(g, values, [True] * g.ncells, cands)


def test_bug_plus_1_places_the_digit_with_three_places():
    pos = _bug_position(9, {"r1c1": 2})
    assert pos.cands[0] == bit(1) | bit(5) | bit(2)
    assert found(BUG, pos) == [({"r1c1-2"}, set())]


def test_bug_plus_1_on_6x6():
    pos = _bug_position(6, {"r1c1": 3})
    assert pos.cands[0] == bit(1) | bit(5) | bit(3)
    assert found(BUG, pos) == [({"r1c1-3"}, set())]
    assert found(BUG, _bug_position(6, {"r1c1": 3, "r2c2": 3})) == []


def test_bug_plus_1_nothing_for_a_plain_bug_or_two_extra_cells():
    assert found(BUG, _bug_position(9, {})) == []
    assert found(BUG, _bug_position(9, {"r1c1": 2, "r2c2": 2})) == []
    # a digit with one place in the cell's column is no BUG+1
    assert found(BUG, _bug_position(9, {"r1c1": 9})) == []


# --- the solver only uses them for unique puzzles --------------------------------------------

def test_uniqueness_techniques_off_unless_unique():
    pos = blank_position(cands={"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "1259"})
    assert LogicalSolver(["unique-rectangle-1"], unique=False).next_step(pos) is None
    assert LogicalSolver(["unique-rectangle-1"], unique=True).next_step(pos) is not None


def test_uniqueness_asked_of_the_givens(monkeypatch):
    from sudokit.engines.logic.context import Known

    asked = []
    monkeypatch.setattr(Known, "check", classmethod(lambda cls, grid: asked.append(grid) or cls(2)))
    pos = blank_position(cands={"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "1259"})
    s = LogicalSolver(["naked-single", "unique-rectangle-1"])
    assert s.next_step(pos) is None and s.next_step(pos) is None
    assert len(asked) == 1 and asked[0].filled == 0  # asked once, about the givens (none here)


# --- larger grids ---------------------------------------------------------------------------

def test_ur1_and_ur2_on_16x16_and_12x12():
    # 16x16, 4x4 boxes: columns 1 and 5 lie in two stacks
    pos = blank_position(16, cands={"r1c1": "12", "r1c5": "12", "r2c1": "12", "r2c5": "12G"})
    assert found(UR1, pos) == [(set(), {"r2c5-1", "r2c5-2"})]
    # 12x12, 3x4 boxes: rows 1-3 form a band, columns 1-4 a stack
    pos = blank_position(12, fill="3456789ABC", cands={
        "r1c1": "12", "r1c5": "12", "r3c1": "12B", "r3c5": "12B", "r3c12": "9B", "r7c1": "AB"})
    assert found(UR2, pos) == [(set(), {f"r3c{c}-11" for c in (2, 3, 4, 6, 7, 8, 9, 10, 11, 12)})]
