"""Sue de Coq on hand-written positions (every cell not named holds every digit, so it can never
be part of the pattern: it would bring in too many digits), and soundness on real positions.
The solve-path soundness of this technique is also checked in ``test_als.py``."""

from __future__ import annotations

from helpers import blank_position, check_sound, eliminations, steps

from sudokit.engines.logic.options import listing_all


def row_of_names(row: int, cols, digits) -> set[str]:
    return {f"r{row}c{c}-{d}" for c in cols for d in digits}


def box1_names(cells: list[str], digits) -> set[str]:
    return {f"{c}-{d}" for c in cells for d in digits}


def test_sue_de_coq():
    # r1c1,r1c2 hold 1/2/3/4 (two cells, four digits); r1c5 {1,2} in the row, r2c3 {3,4} in
    # the box: 1 and 2 are placed in the row part, 3 and 4 in the box part
    pos = blank_position(9, cands={"r1c1": "123", "r1c2": "234", "r1c5": "12", "r2c3": "34"})
    expected = (row_of_names(1, (3, 4, 6, 7, 8, 9), "12")
                | box1_names(["r1c3", "r2c1", "r2c2", "r3c1", "r3c2", "r3c3"], "34"))
    assert eliminations("sue-de-coq", pos) == [expected]
    step = steps("sue-de-coq", pos)[0]
    assert step.explanation.startswith(
        "Sue de Coq: r1c1,r1c2 {1,2,3,4} with r1c5 {1,2} (row 1) and r2c3 {3,4} (box 1): "
        "removes 1/2 from r1c3, r1c4, r1c6")
    assert sorted(pos.geometry.name(c) for c in step.cells) == ["r1c1", "r1c2", "r1c5", "r2c3"]
    assert [pos.geometry.house_name(h) for h in step.houses] == ["row 1", "box 1"]


def test_sue_de_coq_with_an_extra_digit_on_the_line():
    # the row part is r1c5 {1,7}, r1c6 {2,7}: two cells, digits 1/2 of the intersection and 7
    # (five cells, five digits: 7 is placed in the row too)
    pos = blank_position(9, cands={"r1c1": "123", "r1c2": "234", "r1c5": "17", "r1c6": "27",
                                   "r2c3": "34"})
    expected = (row_of_names(1, (3, 4, 7, 8, 9), "127")
                | box1_names(["r1c3", "r2c1", "r2c2", "r3c1", "r3c2", "r3c3"], "34"))
    assert eliminations("sue-de-coq", pos) == [expected]
    assert steps("sue-de-coq", pos)[0].explanation.startswith(
        "Sue de Coq: r1c1,r1c2 {1,2,3,4} with r1c5,r1c6 {1,2,7} (row 1) and r2c3 {3,4} (box 1)")


def test_sue_de_coq_nothing_when_line_and_box_share_a_digit():
    pos = blank_position(9, cands={"r1c1": "123", "r1c2": "234", "r1c5": "12", "r2c3": "23"})
    assert steps("sue-de-coq", pos) == []


def test_sue_de_coq_nothing_with_one_extra_digit_only():
    # the intersection holds three digits in two cells: not enough for the pattern
    pos = blank_position(9, cands={"r1c1": "12", "r1c2": "23", "r1c5": "12", "r2c3": "34"})
    assert steps("sue-de-coq", pos) == []


def test_sue_de_coq_6x6():
    # 2x3 boxes: box 1 is r1-2 c1-3, the rest of row 1 is c4-c6
    pos = blank_position(6, cands={"r1c1": "123", "r1c2": "234", "r1c4": "12", "r2c3": "34"})
    expected = row_of_names(1, (3, 5, 6), "12") | box1_names(["r1c3", "r2c1", "r2c2"], "34")
    assert eliminations("sue-de-coq", pos) == [expected]


def test_sue_de_coq_column_16x16():
    # a column through a 4x4 box: r1c1,r2c1 {1,2,3,4}, r9c1 {1,2} in column 1, r3c2 {3,4}
    pos = blank_position(16, cands={"r1c1": "123", "r2c1": "234", "r9c1": "12", "r3c2": "34"})
    col_rest = [r for r in range(3, 17) if r != 9]
    expected = ({f"r{r}c1-{d}" for r in col_rest for d in "12"}
                | {f"r{r}c{c}-{d}" for r in range(1, 5) for c in range(1, 5) for d in "34"
                   if (r, c) not in ((1, 1), (2, 1), (3, 2))})
    assert eliminations("sue-de-coq", pos) == [expected]


def test_sue_de_coq_is_sound_on_real_positions():
    assert check_sound(["sue-de-coq"], count=60)["sue-de-coq"] > 0


def test_sue_de_coq_with_an_intersection_cell_left_out_of_the_core():
    # r1c1 {1,2}, r1c2 {3,4} hold four digits in two cells; r1c5 {1,2} is the row part and
    # r1c3 {3,4}, the third cell of the intersection, the box part: 1 and 2 leave the rest of
    # row 1, 3 and 4 the rest of box 1. (r1c1 with r1c3 and r1c2 as the box part is the same.)
    pos = blank_position(9, cands={"r1c1": "12", "r1c2": "34", "r1c3": "34", "r1c5": "12"})
    expected = (row_of_names(1, (4, 6, 7, 8, 9), "12")
                | box1_names(["r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"], "34"))
    assert eliminations("sue-de-coq", pos) == [expected]
    assert steps("sue-de-coq", pos)[0].explanation.startswith(
        "Sue de Coq: r1c1,r1c2 {1,2,3,4} with r1c5 {1,2} (row 1) and r1c3 {3,4} (box 1)")


def test_sue_de_coq_digit_shared_by_the_line_and_box_parts_when_listing():
    # r1c1,r1c2 {1,2,3,4}; row part r1c5 {1,9}, r1c6 {2,9}; box part r2c3 {3,9}, r3c3 {4,9}.
    # 9, in neither intersection cell, fills at most one cell of each part: six cells for
    # 1,2,3,4 and 9 twice, so 9 is in both parts and leaves the rest of row 1 and of box 1
    pos = blank_position(9, cands={"r1c1": "123", "r1c2": "234", "r1c5": "19", "r1c6": "29",
                                   "r2c3": "39", "r3c3": "49"})
    assert steps("sue-de-coq", pos) == []  # a single step looks for disjoint parts only
    with listing_all():
        assert eliminations("sue-de-coq", pos) == [
            row_of_names(1, (3, 4, 7, 8, 9), "129")
            | box1_names(["r1c3", "r2c1", "r2c2", "r3c1", "r3c2"], "349")]


def test_sue_de_coq_no_shared_digit_in_an_intersection_cell():
    # as above, but the row part's 9-cell is r1c3, in box 1 too: 9 then fills one cell at
    # most, five digits for six cells, no pattern
    pos = blank_position(9, cands={"r1c1": "123", "r1c2": "234", "r1c3": "19", "r1c6": "29",
                                   "r2c3": "39", "r3c3": "49"})
    with listing_all():
        assert eliminations("sue-de-coq", pos) == []


def test_sue_de_coq_box_cell_without_intersection_digits_when_listing():
    # r1c1,r1c2 {1,2,3,4}; row part r1c5 {1,2}; box part r2c3 {3,7}, r3c3 {4,8} and r2c1
    # {7,8}, which holds none of 1-4: six cells, six digits, 3/4/7/8 locked in box 1
    pos = blank_position(9, cands={"r1c1": "123", "r1c2": "234", "r1c5": "12",
                                   "r2c3": "37", "r3c3": "48", "r2c1": "78"})
    with listing_all():
        assert eliminations("sue-de-coq", pos) == [
            row_of_names(1, (3, 4, 6, 7, 8, 9), "12")
            | box1_names(["r1c3", "r2c2", "r3c1", "r3c2"], "3478")]
