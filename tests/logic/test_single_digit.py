"""Skyscraper, 2-String Kite, Turbot Fish and Empty Rectangle on hand-written positions.

Every cell starts with every candidate; the digit under test is then confined in a few houses
to make the strong links, so the expected eliminations can be read off the grid by hand.
"""

from __future__ import annotations

from helpers import blank_position, cell_of, check_sound, eliminations, only, steps


def has_chain(text: str, chain: str) -> bool:
    """True if ``text`` writes ``chain`` forwards or backwards."""
    return chain in text or " ".join(reversed(chain.split())) in text


FAMILY = ["skyscraper", "two-string-kite", "turbot-fish", "empty-rectangle"]


def skyscraper_9x9():
    # 1 in row 2 only at c1, c4 and in row 7 only at c1, c6: base column 1, tops r2c4, r7c6.
    pos = blank_position(9)
    only(pos, 1, "r2", ["r2c1", "r2c4"])
    only(pos, 1, "r7", ["r7c1", "r7c6"])
    return pos


def test_skyscraper_removes_from_cells_seeing_both_tops():
    pos = skyscraper_9x9()
    assert eliminations("skyscraper", pos) == [{"r1c6-1", "r3c6-1", "r8c4-1", "r9c4-1"}]
    step = steps("skyscraper", pos)[0]
    assert step.explanation.startswith("Skyscraper on 1 (row 2, row 7): ")
    assert has_chain(step.explanation, "r2c4 = r2c1 - r7c1 = r7c6")
    assert [l.strong for l in step.links] == [True, False, True]


def test_skyscraper_is_not_a_kite_but_is_a_turbot_fish():
    # the turbot fish is any 4-cell X-chain: it lists the skyscraper too
    pos = skyscraper_9x9()
    assert steps("two-string-kite", pos) == []
    assert eliminations("turbot-fish", pos) == [{"r1c6-1", "r3c6-1", "r8c4-1", "r9c4-1"}]


def test_aligned_tops_are_an_x_wing_and_two_turbot_fish():
    # r2c4 = r2c1 - r7c1 = r7c4: one of r2c4, r7c4 holds 1, so the rest of column 4 loses
    # it; the chain the other way round clears column 1. Neither is a skyscraper.
    pos = blank_position(9)
    only(pos, 1, "r2", ["r2c1", "r2c4"])
    only(pos, 1, "r7", ["r7c1", "r7c4"])
    for t in ("skyscraper", "two-string-kite", "empty-rectangle"):
        assert steps(t, pos) == [], t
    rest = {f"r{r}c{{}}-1" for r in (1, 3, 4, 5, 6, 8, 9)}
    assert sorted(eliminations("turbot-fish", pos), key=sorted) == [
        {n.format(1) for n in rest}, {n.format(4) for n in rest}]


def test_nothing_where_no_cell_sees_both_tops():
    pos = skyscraper_9x9()
    for name in ("r1c6", "r3c6", "r8c4", "r9c4"):
        pos.eliminate(cell_of(pos.geometry, name), 1)
    assert steps("skyscraper", pos) == []


def test_skyscraper_6x6():
    # 2x3 boxes: 1 in row 1 only at c1, c4, in row 4 only at c1, c6.
    pos = blank_position(6)
    only(pos, 1, "r1", ["r1c1", "r1c4"])
    only(pos, 1, "r4", ["r4c1", "r4c6"])
    assert eliminations("skyscraper", pos) == [{"r2c6-1", "r3c4-1"}]


def kite_9x9():
    # 5 in row 3 only at c2, c8 and in column 1 only at r2, r8: r3c2 and r2c1 share box 1.
    pos = blank_position(9)
    only(pos, 5, "r3", ["r3c2", "r3c8"])
    only(pos, 5, "c1", ["r2c1", "r8c1"])
    return pos


def test_two_string_kite():
    pos = kite_9x9()
    assert eliminations("two-string-kite", pos) == [{"r8c8-5"}]
    assert steps("two-string-kite", pos)[0].explanation.startswith(
        "2-String Kite on 5 (row 3, column 1)")
    assert steps("skyscraper", pos) == []
    assert eliminations("turbot-fish", pos) == [{"r8c8-5"}]


def test_kite_with_an_outer_end_in_the_box():
    # Column 4 link r8c4 = r9c4 lies in box 8, with r7c6 of the row 7 link r7c6 = r7c8. As a
    # kite (inner ends r8c4, r7c6 or r9c4, r7c6) it clears the crossing of the outer ends'
    # lines, r9c8 or r8c8. As a turbot fish every cell seeing both ends goes: the rest of
    # the outer end's row in box 9, and r7c6 itself, which sees both r8c4/r9c4 and r7c8.
    pos = blank_position(9)
    only(pos, 5, "r7", ["r7c6", "r7c8"])
    only(pos, 5, "c4", ["r8c4", "r9c4"])
    assert sorted(eliminations("two-string-kite", pos), key=sorted) == [{"r8c8-5"}, {"r9c8-5"}]
    assert sorted(eliminations("turbot-fish", pos), key=sorted) == [
        {"r7c6-5", "r8c7-5", "r8c8-5", "r8c9-5"}, {"r7c6-5", "r9c7-5", "r9c8-5", "r9c9-5"}]


def test_kite_12x12():
    # 3x4 boxes: row 2 link r2c3 = r2c10, column 1 link r3c1 = r11c1; r2c3, r3c1 share box 1.
    pos = blank_position(12)
    only(pos, 9, "r2", ["r2c3", "r2c10"])
    only(pos, 9, "c1", ["r3c1", "r11c1"])
    assert eliminations("two-string-kite", pos) == [{"r11c10-9"}]


def turbot_9x9():
    # 7 in box 5 only at r4c4, r6c6 (a box link), in column 9 only at r6c9, r1c9.
    pos = blank_position(9)
    only(pos, 7, "b5", ["r4c4", "r6c6"])
    only(pos, 7, "c9", ["r1c9", "r6c9"])
    return pos


def test_turbot_fish_with_a_box_link():
    pos = turbot_9x9()
    assert eliminations("turbot-fish", pos) == [{"r1c4-7"}]
    step = steps("turbot-fish", pos)[0]
    assert has_chain(step.explanation, "r4c4 = r6c6 - r6c9 = r1c9")
    assert steps("skyscraper", pos) == [] and steps("two-string-kite", pos) == []


def test_turbot_nothing_without_the_weak_link():
    pos = turbot_9x9()
    only(pos, 7, "b5", ["r4c4", "r5c6"])  # r5c6 does not see r6c9
    assert steps("turbot-fish", pos) == []


def er_9x9():
    # 4 in box 1 only on row 2 and column 2 (not on r2c2); 4 in column 7 only at r2c7, r8c7.
    pos = blank_position(9)
    only(pos, 4, "b1", ["r1c2", "r2c1", "r2c3", "r3c2"])
    only(pos, 4, "c7", ["r2c7", "r8c7"])
    return pos


def test_empty_rectangle():
    pos = er_9x9()
    assert eliminations("empty-rectangle", pos) == [{"r8c2-4"}]
    step = steps("empty-rectangle", pos)[0]
    assert step.explanation == ("Empty Rectangle on 4 in box 1 (row 2, column 2) with r2c7 = r8c7 "
                                "(column 7): removes 4 from r8c2")


def test_empty_rectangle_row_link():
    # the same box; 4 in row 6 only at r6c2, r6c5: r6c2 is on column 2, so r2c5 goes.
    pos = blank_position(9)
    only(pos, 4, "b1", ["r1c2", "r2c1", "r2c3", "r3c2"])
    only(pos, 4, "r6", ["r6c2", "r6c5"])
    assert eliminations("empty-rectangle", pos) == [{"r2c5-4"}]


def test_no_empty_rectangle_when_box_is_not_a_cross():
    pos = er_9x9()
    pos.cands[cell_of(pos.geometry, "r3c3")] |= 1 << 3  # 4 off the cross
    assert steps("empty-rectangle", pos) == []


def test_no_empty_rectangle_when_all_in_one_line():
    pos = blank_position(9)
    only(pos, 4, "b1", ["r2c1", "r2c3"])
    only(pos, 4, "c7", ["r2c7", "r8c7"])
    assert steps("empty-rectangle", pos) == []


def test_empty_rectangle_16x16():
    # 4x4 boxes, digit 16: box 1 cross row 2 / column 3, column 10 link r2c10 = r12c10.
    pos = blank_position(16)
    only(pos, 16, "b1", ["r2c1", "r2c4", "r1c3", "r4c3"])
    only(pos, 16, "c10", ["r2c10", "r12c10"])
    assert eliminations("empty-rectangle", pos) == [{"r12c3-16"}]


def test_full_candidates_find_nothing():
    pos = blank_position(9)
    for t in FAMILY:
        assert steps(t, pos) == []


def test_single_digit_finders_are_sound_on_top1465():
    found = check_sound(FAMILY, count=200)
    assert all(found.values()), found  # each finder fired somewhere
