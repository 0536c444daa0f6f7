"""Simple Colors (trap, wrap) and Multi Colors on hand-written positions: every cell starts with
every candidate and the digit under test is confined to make the conjugate pairs."""

from __future__ import annotations

from helpers import blank_position, cell_of, check_sound, eliminations, names, only, steps

FAMILY = ["simple-colors-trap", "simple-colors-wrap", "multi-colors"]


def trap_position(size: int, digit: int, far_row: int):
    # A chain of three conjugate pairs: r1c1 = r1c6 (row 1), r1c6 = rXc6 (column 6),
    # rXc6 = rXc2 (row X). Colours: r1c1, rXc6 against r1c6, rXc2.
    pos = blank_position(size)
    only(pos, digit, "r1", ["r1c1", "r1c6"])
    only(pos, digit, "c6", ["r1c6", f"r{far_row}c6"])
    only(pos, digit, f"r{far_row}", [f"r{far_row}c6", f"r{far_row}c2"])
    return pos


def test_trap_removes_the_digit_from_cells_seeing_both_colours():
    pos = trap_position(9, 3, 8)
    # r1c1 (+) and r8c2 (-): column 1 in box 7 and column 2 in box 1, minus the confined rows
    assert eliminations("simple-colors-trap", pos) == [{"r2c2-3", "r3c2-3", "r7c1-3", "r9c1-3"}]
    step = steps("simple-colors-trap", pos)[0]
    assert step.explanation.startswith(
        "Simple Colors Trap on 3: + r1c1, r8c6 / - r1c6, r8c2; a cell seeing both colours")
    assert len(step.links) == 3 and all(l.strong for l in step.links)


def test_trap_12x12():
    # 3x4 boxes: r1c1 (+) sees column 1 of box 10, r10c2 (-) sees column 2 of box 1.
    pos = trap_position(12, 7, 10)
    assert eliminations("simple-colors-trap", pos) == [{"r2c2-7", "r3c2-7", "r11c1-7", "r12c1-7"}]


def test_no_trap_without_a_cell_seeing_both():
    pos = trap_position(9, 3, 8)
    for name in ("r2c2", "r3c2", "r7c1", "r9c1"):
        pos.eliminate(cell_of(pos.geometry, name), 3)
    assert steps("simple-colors-trap", pos) == []


def test_short_cluster_trap_is_listed_as_well_as_the_locked_candidates():
    # One conjugate pair r1c1 = r1c2: the rest of box 1 sees both colours. Locked candidates
    # (row 1 claims box 1) remove the same 3s, and both techniques list the step.
    pos = blank_position(9)
    only(pos, 3, "r1", ["r1c1", "r1c2"])
    box_rest = {f"r{r}c{c}-3" for r in (2, 3) for c in (1, 2, 3)}
    assert eliminations("simple-colors-trap", pos) == [box_rest]
    assert box_rest in eliminations("locked-candidates-claiming", pos)


def test_longer_clusters_come_first():
    # The 4-cell cluster of 3 (trap_position) is listed before the pair of 2s in row 1.
    pos = trap_position(9, 3, 8)
    only(pos, 2, "r1", ["r1c4", "r1c5"])
    found = steps("simple-colors-trap", pos)
    assert [s.eliminations[0][1] for s in found] == [3, 2]
    assert names(pos, found[1].eliminations) == {
        f"r{r}c{c}-2" for r in (2, 3) for c in (4, 5, 6)}


def wrap_position():
    # r1c1 = r1c5 (row 1) = r5c5 (column 5) = r5c2 (row 5) = r2c2 (column 2):
    # r1c1, r5c5, r2c2 share a colour and r1c1, r2c2 both lie in box 1.
    pos = blank_position(9)
    only(pos, 6, "r1", ["r1c1", "r1c5"])
    only(pos, 6, "c5", ["r1c5", "r5c5"])
    only(pos, 6, "r5", ["r5c5", "r5c2"])
    only(pos, 6, "c2", ["r5c2", "r2c2"])
    return pos


def test_wrap_removes_the_whole_colour():
    pos = wrap_position()
    assert eliminations("simple-colors-wrap", pos) == [{"r1c1-6", "r2c2-6", "r5c5-6"}]
    text = steps("simple-colors-wrap", pos)[0].explanation
    assert "r1c1 and r2c2 have colour + and see each other" in text


def test_no_wrap_in_a_consistent_cluster():
    assert steps("simple-colors-wrap", trap_position(9, 3, 8)) == []


def test_multi_colors_type_1():
    # Cluster A: r1c1 = r1c4 (row 1). Cluster B: r2c6 = r8c6 (column 6).
    # A- (r1c4) sees B+ (r2c6) in box 2, so A+ (r1c1) or B- (r8c6) holds 8: r8c1 loses it.
    pos = blank_position(9)
    only(pos, 8, "r1", ["r1c1", "r1c4"])
    only(pos, 8, "c6", ["r2c6", "r8c6"])
    found = steps("multi-colors", pos)
    assert [s.eliminations for s in found] == [[(pos.geometry.cell(7, 0), 8)]]
    assert "type 1" in found[0].explanation and "A- sees B+" in found[0].explanation


def test_multi_colors_type_2():
    # A: r1c1 = r1c4. B: r2c5 = r2c8 (row 2) = r6c8 (column 8) = r6c4 (row 6).
    # A- (r1c4) sees B+ r2c5 (box 2) and B- r6c4 (column 4): A- is false.
    pos = blank_position(9)
    only(pos, 8, "r1", ["r1c1", "r1c4"])
    only(pos, 8, "r2", ["r2c5", "r2c8"])
    only(pos, 8, "c8", ["r2c8", "r6c8"])
    only(pos, 8, "r6", ["r6c8", "r6c4"])
    # Type 1 lists r1c4 too: A- sees B+ (so A+ or B- holds 8) and r1c4 sees A+ and B-.
    found = steps("multi-colors", pos)
    assert [(s.explanation.split(":")[0], s.eliminations) for s in found] == [
        ("Multi Colors type 2 on 8", [(pos.geometry.cell(0, 3), 8)]),
        ("Multi Colors type 1 on 8", [(pos.geometry.cell(0, 3), 8)])]


def test_multi_colors_type_1_lists_every_cell_of_both_links():
    # A: r7c6 = r7c8 (row 7). B: r8c4 = r9c4 (column 4). r7c6 sees r8c4 and r9c4 (box 8).
    # r7c6 / r8c4 linked: r7c8 or r9c4 holds 5, so r9c7-9 and r7c6 lose it; r7c6 / r9c4
    # linked: r7c8 or r8c4 holds 5, so r8c7-9 and r7c6 lose it. Type 2: r7c6 is false.
    pos = blank_position(9)
    only(pos, 5, "r7", ["r7c6", "r7c8"])
    only(pos, 5, "c4", ["r8c4", "r9c4"])
    found = steps("multi-colors", pos)
    assert [(s.explanation.split(" on")[0], names(pos, s.eliminations)) for s in found] == [
        ("Multi Colors type 2", {"r7c6-5"}),
        ("Multi Colors type 1", {"r7c6-5"} | {f"r{r}c{c}-5" for r in (8, 9) for c in (7, 8, 9)})]


def test_multi_colors_needs_two_clusters():
    assert steps("multi-colors", wrap_position()) == []
    assert steps("multi-colors", trap_position(9, 3, 8)) == []


def test_multi_colors_6x6():
    # 2x3 boxes. A: r1c1 = r1c4 (row 1); B: r2c5 = r6c5 (column 5). A- r1c4 sees B+ r2c5 in
    # box 2, so r1c1 or r6c5 holds 2: r6c1 loses it.
    pos = blank_position(6)
    only(pos, 2, "r1", ["r1c1", "r1c4"])
    only(pos, 2, "c5", ["r2c5", "r6c5"])
    assert eliminations("multi-colors", pos) == [{"r6c1-2"}]


def test_coloring_finders_are_sound_on_top1465():
    found = check_sound(FAMILY, count=200)
    assert all(found.values()), found
