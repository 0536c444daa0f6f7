"""Locked candidates (pointing, claiming) and locked pairs/triples on hand-drawn positions.

Every cell starts with every candidate; the digit under test is drawn (``x``) where it stays,
so the expected eliminations can be read off the picture.
"""

from __future__ import annotations

from helpers import blank_position, cells, digit_picture, eliminations, steps

from sudokit.engines.logic import LogicalSolver, default_order

POINTING_ROW = """
. . . | x x x | x x x
x . x | x x x | x x x
. . . | x x x | x x x
------+-------+------
x x x | x x x | x x x
x x x | x x x | x x x
x x x | x x x | x x x
------+-------+------
x x x | x x x | x x x
x x x | x x x | x x x
x x x | x x x | x x x
"""


def test_pointing_along_a_row():
    pos = digit_picture(POINTING_ROW, 5)
    assert eliminations("locked-candidates-pointing", pos) == [cells("r2c", range(4, 10), "", 5)]
    step = steps("locked-candidates-pointing", pos)[0]
    assert step.explanation == ("Locked Candidates (Pointing): 5 in box 1 lies only in row 2 "
                                "(r2c1, r2c3): removes 5 from r2c4, r2c5, r2c6, r2c7, r2c8, r2c9")
    assert step.houses == [18, 1]  # box 1, row 2
    assert eliminations("locked-candidates-claiming", pos) == []


POINTING_COLUMN = """
x x x | x x x | x x x
x x x | x . x | x x x
x x x | x . x | x x x
------+-------+------
x x x | . x . | x x x
x x x | . . . | x x x
x x x | . x . | x x x
------+-------+------
x x x | x . x | x x x
x x x | x . x | x x x
x x x | x x x | x x x
"""


def test_pointing_down_a_column():
    pos = digit_picture(POINTING_COLUMN, 5)
    assert eliminations("locked-candidates-pointing", pos) == [{"r1c5-5", "r9c5-5"}]
    assert eliminations("locked-candidates-claiming", pos) == []


def test_pointing_finds_nothing_when_the_line_is_already_clear():
    pos = digit_picture(POINTING_COLUMN, 5)
    for cell in (4, 76):  # r1c5, r9c5
        pos.eliminate(cell, 5)
    assert eliminations("locked-candidates-pointing", pos) == []
    # The column is now confined to box 5, whose other cells lack the 5 already.
    assert eliminations("locked-candidates-claiming", pos) == []


def test_a_hidden_single_is_not_called_pointing():
    pos = digit_picture(POINTING_ROW, 5)
    pos.eliminate(9 + 2, 5)  # box 1 keeps its 5 only in r2c1
    assert eliminations("locked-candidates-pointing", pos) == []


CLAIMING_ROW = """
x x x | x x x | x x x
x x x | x x x | x x x
x x x | x x x | x x x
------+-------+------
. . . | x . x | . . .
x x x | x x x | x x x
x x x | x x x | x x x
------+-------+------
x x x | x x x | x x x
x x x | x x x | x x x
x x x | x x x | x x x
"""


def test_claiming_in_a_row():
    pos = digit_picture(CLAIMING_ROW, 7)
    expected = cells("r5c", (4, 5, 6), "", 7) | cells("r6c", (4, 5, 6), "", 7)
    assert eliminations("locked-candidates-claiming", pos) == [expected]
    step = steps("locked-candidates-claiming", pos)[0]
    assert step.explanation.startswith(
        "Locked Candidates (Claiming): 7 in row 4 lies only in box 5 (r4c4, r4c6): removes 7 from ")
    assert eliminations("locked-candidates-pointing", pos) == []


def test_claiming_in_a_column_6x6():
    # 2x3 boxes: column 2 keeps its 3 only in rows 1-2, inside box 1.
    pos = digit_picture("""
        x x x | x x x
        x x x | x x x
        x . x | x x x
        x . x | x x x
        x . x | x x x
        x . x | x x x
    """, 3)
    assert eliminations("locked-candidates-claiming", pos) == [
        {"r1c1-3", "r1c3-3", "r2c1-3", "r2c3-3"}]
    assert eliminations("locked-candidates-pointing", pos) == []


def test_pointing_12x12():
    # 3x4 boxes: box 1 (rows 1-3, columns 1-4) keeps its 10 only in r1c1 and r1c4.
    rows = ["x..x" + "x" * 8, "...." + "x" * 8, "...." + "x" * 8] + ["x" * 12] * 9
    pos = digit_picture("\n".join(rows), 10)
    assert eliminations("locked-candidates-pointing", pos) == [cells("r1c", range(5, 13), "", 10)]


# --- locked pair / triple ------------------------------------------------------------------

def test_locked_pair_clears_box_and_row():
    pos = blank_position(9, cands={"r1c1": "47", "r1c2": "47"})
    others = cells("r1c", range(3, 10)) | cells("r2c", (1, 2, 3)) | cells("r3c", (1, 2, 3))
    expected = {f"{c}-{d}" for c in others for d in (4, 7)}
    assert eliminations("locked-pair", pos) == [expected]
    step = steps("locked-pair", pos)[0]
    assert step.explanation.startswith(
        "Locked Pair 4/7 in box 1 and row 1 (r1c1, r1c2): removes 4/7 from ")
    # The naked-pair finder sees the same cells once per house, each with its own removals.
    row = {f"{c}-{d}" for c in cells("r1c", range(3, 10)) for d in (4, 7)}
    box = {f"{c}-{d}" for c in cells("r1c", [3]) | cells("r2c", (1, 2, 3)) | cells("r3c", (1, 2, 3))
           for d in (4, 7)}
    found = eliminations("naked-pair", pos)
    assert len(found) == 2 and row in found and box in found


def test_solver_prefers_the_locked_pair_to_the_naked_pair():
    order = default_order()
    assert order.index("locked-pair") < order.index("naked-pair")
    assert order.index("locked-triple") < order.index("naked-triple")
    pos = blank_position(9, cands={"r1c1": "47", "r1c2": "47"})
    assert LogicalSolver(unique=False).next_step(pos).technique == "locked-pair"


def test_locked_triple():
    pos = blank_position(9, cands={"r4c7": "12", "r4c8": "23", "r4c9": "13"})
    others = cells("r4c", range(1, 7)) | cells("r5c", (7, 8, 9)) | cells("r6c", (7, 8, 9))
    assert eliminations("locked-triple", pos) == [{f"{c}-{d}" for c in others for d in (1, 2, 3)}]
    assert steps("locked-triple", pos)[0].explanation.startswith(
        "Locked Triple 1/2/3 in box 6 and row 4 (r4c7, r4c8, r4c9): ")
    assert eliminations("locked-pair", pos) == []


def test_spread_triple_is_naked_not_locked():
    pos = blank_position(9, cands={"r4c7": "12", "r4c8": "23", "r4c1": "13"})
    assert eliminations("locked-triple", pos) == []
    assert eliminations("naked-triple", pos) == [
        {f"{c}-{d}" for c in cells("r4c", (2, 3, 4, 5, 6, 9)) for d in (1, 2, 3)}]


def test_locked_pair_with_nothing_to_remove():
    # Every other cell of the box and the column has lost 1 and 2 already.
    pos = blank_position(6, fill="3456", cands={"r1c1": "12", "r2c1": "12"})
    assert eliminations("locked-pair", pos) == []


def test_locked_pair_in_a_mini_column_6x6():
    # 2x3 boxes: r1c1 and r2c1 are a column's whole share of box 1.
    pos = blank_position(6, cands={"r1c1": "12", "r2c1": "12"})
    others = cells("r", (3, 4, 5, 6), "c1") | {"r1c2", "r1c3", "r2c2", "r2c3"}
    assert eliminations("locked-pair", pos) == [{f"{c}-{d}" for c in others for d in (1, 2)}]


def test_locked_pair_16x16():
    pos = blank_position(16, cands={"r1c1": "9G", "r1c2": "9G"})  # 9 and 16
    others = cells("r1c", range(3, 17)) | {f"r{r}c{c}" for r in (2, 3, 4) for c in (1, 2, 3, 4)}
    assert eliminations("locked-pair", pos) == [{f"{c}-{d}" for c in others for d in (9, 16)}]
