"""XY-, XYZ-, WXYZ- and W-Wings and Remote Pairs on hand-written positions: the background
cells hold other digits only, so the eliminations are exactly the cells given the digit."""

from __future__ import annotations

import pytest
from helpers import blank_position, check_sound, eliminations, names, steps

from sudokit.engines.logic.options import listing_all

FAMILY = ["xy-wing", "xyz-wing", "wxyz-wing", "w-wing", "remote-pair"]


def xy_position(pivot="12", pincer2="23"):
    return blank_position(9, fill="456789", cands={
        "r1c1": pivot, "r1c7": "13", "r3c2": pincer2,
        "r1c3": "379", "r3c8": "389", "r3c9": "359"})


def test_xy_wing():
    pos = xy_position()
    assert eliminations("xy-wing", pos) == [{"r1c3-3", "r3c8-3", "r3c9-3"}]
    step = steps("xy-wing", pos)[0]
    assert step.explanation.startswith(
        "XY-Wing 1/2/3: pivot r1c1 (1/2), pincers r1c7 (1/3) and r3c2 (2/3): removes 3 from")
    assert sorted(step.cells) == [0, 6, 19]


def test_xy_wing_needs_one_common_digit_in_the_pincers():
    assert steps("xy-wing", xy_position(pincer2="24")) == []


def test_xy_wing_12x12():
    # 3x4 boxes: r1c1 pivot, r1c9 in its row, r3c2 in its box; both see r1c4 and r3c12.
    pos = blank_position(12, fill="456789ABC", cands={
        "r1c1": "12", "r1c9": "13", "r3c2": "23", "r1c4": "378", "r3c12": "378", "r2c9": "37"})
    # r2c9 sees r1c9 but not r3c2 (column 9, box 3 of the top band): it keeps its 3
    assert eliminations("xy-wing", pos) == [{"r1c4-3", "r3c12-3"}]


def test_xyz_wing_removes_only_from_cells_seeing_the_pivot_too():
    pos = xy_position(pivot="123")
    assert steps("xy-wing", pos) == []
    assert eliminations("xyz-wing", pos) == [{"r1c3-3"}]
    assert steps("xyz-wing", pos)[0].explanation.startswith(
        "XYZ-Wing 1/2/3 on 3: pivot r1c1, pincers r1c7 (1/3) and r3c2 (2/3)")


def test_xyz_wing_nothing_without_a_common_peer():
    pos = xy_position(pivot="123")
    pos.cands[2] = 0b101000000  # r1c3 = 7/9
    assert steps("xyz-wing", pos) == []


def wxyz_position(target="49"):
    # r1c1 1/2/3/4 with r1c6 1/4 (row 1), r2c2 2/4 and r3c3 3/4 (box 1): 1, 2, 3 are restricted,
    # 4 is not (r1c6 does not see r2c2): one of the 4-cells is 4, and r1c2 sees them all.
    return blank_position(9, fill="56789", cands={
        "r1c1": "1234", "r1c6": "14", "r2c2": "24", "r3c3": "34", "r1c2": target})


def test_wxyz_wing():
    pos = wxyz_position()
    assert eliminations("wxyz-wing", pos) == [{"r1c2-4"}]
    assert steps("wxyz-wing", pos)[0].explanation.startswith(
        "WXYZ-Wing 1/2/3/4 on 4: r1c1 (1/2/3/4), r1c6 (1/4), r2c2 (2/4), r3c3 (3/4)")


def test_wxyz_wing_nothing_when_no_cell_sees_every_z():
    assert steps("wxyz-wing", wxyz_position(target="59")) == []


def test_wxyz_wing_nothing_when_every_digit_is_restricted():
    # all four cells in box 1: a locked quad, not a wing
    pos = blank_position(9, fill="56789", cands={
        "r1c1": "1234", "r1c2": "14", "r2c2": "24", "r3c3": "34", "r1c6": "49"})
    assert steps("wxyz-wing", pos) == []


@pytest.mark.parametrize("size,fill,far", [(9, "3456789", 9), (16, "3456789ABCDEFG", 16)])
def test_w_wing(size, fill, far):
    # r1c1 and r5c{far} hold 1/2 and do not see each other; 1 in row 8 only at r8c1 and
    # r8c{far}, which see them: one of the two cells is 2.
    pos = blank_position(size, fill=fill, cands={
        "r1c1": "12", f"r5c{far}": "12", "r8c1": "13", f"r8c{far}": "14",
        f"r1c{far}": "25", "r5c1": "25"})
    assert eliminations("w-wing", pos) == [{f"r1c{far}-2", "r5c1-2"}]
    assert steps("w-wing", pos)[0].explanation.startswith(
        f"W-Wing 1/2 in r1c1, r5c{far} joined by r8c1 = r8c{far} on 1 (row 8)")


def test_w_wing_nothing_without_the_strong_link():
    pos = blank_position(9, fill="3456789", cands={
        "r1c1": "12", "r5c9": "12", "r8c1": "13", "r8c9": "14", "r8c5": "15",
        "r1c9": "25", "r5c1": "25"})
    assert steps("w-wing", pos) == []


def test_w_wing_of_cells_that_see_each_other_only_when_listing():
    # r1c1 and r1c5 hold 1/2 in row 1 (a naked pair), joined by r8c1 = r8c5 on 1: HoDoKu's
    # find-all lists the W-Wing's removal of 2 from the row too; a single step leaves it to the pair
    pos = blank_position(9, fill="3456789", cands={
        "r1c1": "12", "r1c5": "12", "r8c1": "13", "r8c5": "14", "r1c9": "25"})
    assert steps("w-wing", pos) == []
    with listing_all():
        assert eliminations("w-wing", pos) == [{"r1c9-2"}]


def test_remote_pair_listing_gives_each_chain_its_own_removals():
    # six cells of 1/2: r1c1 - r1c6 - r5c6 - r5c9 - r9c9 - r9c2. The whole chain removes 1 from
    # r1c9 and r9c6 (each sees both parities); its first four cells alone, whose ends r1c1 and
    # r5c9 are three links apart, remove it from r1c9 only: a listing gives that chain too
    cells = ("r1c1", "r1c6", "r5c6", "r5c9", "r9c9", "r9c2")
    cands = {c: "12" for c in cells}
    cands.update({"r1c9": "13", "r9c6": "14"})
    pos = blank_position(9, fill="3456789", cands=cands)
    assert eliminations("remote-pair", pos) == [{"r1c9-1", "r9c6-1"}]
    with listing_all():
        listed = steps("remote-pair", pos)
    assert [names(pos, s.eliminations) for s in listed] == [
        {"r1c9-1", "r9c6-1"}, {"r1c9-1"}, {"r9c6-1"}]
    assert listed[1].explanation.startswith("Remote Pair 1/2: r1c1 - r1c6 - r5c6 - r5c9: ")


def remote_pair_position(cells=("r1c1", "r1c6", "r5c6", "r5c9")):
    cands = {c: "12" for c in cells}
    cands.update({"r1c9": "15", "r5c1": "126"})
    return blank_position(9, fill="3456789", cands=cands)


def test_remote_pair():
    pos = remote_pair_position()
    # r1c1 and r5c9 are at opposite ends of the chain: r1c9 and r5c1 see both
    assert eliminations("remote-pair", pos) == [{"r1c9-1", "r5c1-1", "r5c1-2"}]
    assert steps("remote-pair", pos)[0].explanation.startswith(
        "Remote Pair 1/2: r1c1 - r1c6 - r5c6 - r5c9: removes")


def test_remote_pair_needs_four_cells():
    assert steps("remote-pair", remote_pair_position(("r1c1", "r1c6", "r5c6"))) == []


def test_remote_pair_6x6():
    # 2x3 boxes: r1c1 - r1c5 - r4c5 - r4c2; r4c1 sees both ends (r1c2 does too, without 1 or 2).
    pos = blank_position(6, fill="3456", cands={
        "r1c1": "12", "r1c5": "12", "r4c5": "12", "r4c2": "12", "r4c1": "13"})
    assert eliminations("remote-pair", pos) == [{"r4c1-1"}]


def test_wing_finders_are_sound_on_top1465():
    found = check_sound(FAMILY, count=200)
    # remote pairs are rare in these positions; the others must have fired
    assert all(n for t, n in found.items() if t != "remote-pair"), found
