"""Aligned Pair and Aligned Triple Exclusion (Sudoku Explainer's definitions) on hand-written
positions: the background cells hold four other digits, so they are never excluding cells and
never lose a candidate; the eliminations are exactly what the base cells' combinations prove."""

from __future__ import annotations

from helpers import blank_position, check_sound, steps

from sudokit.engines.logic.techniques import default_order

APE, ATE = "aligned-pair-exclusion", "aligned-triple-exclusion"


def every_elimination(technique, pos) -> set[str]:
    g = pos.geometry
    return {f"{g.name(c)}-{d}" for s in steps(technique, pos) for c, d in s.eliminations}


def by_base_cells(technique, pos) -> dict[str, set[str]]:
    """The eliminations of each base set, keyed by its cells (``"r1c1, r2c4"``)."""
    g, out = pos.geometry, {}
    for s in steps(technique, pos):
        base = s.explanation.split(" with ")[0].split("Exclusion ")[1]
        out[base] = {f"{g.name(c)}-{d}" for c, d in s.eliminations}
    return out


def test_pair_in_a_row_excludes_a_repeated_digit_and_emptied_cells():
    # r1c1 and r1c2 share row 1 and box 1: 1/1 and 2/2 repeat a digit, 3/1 empties r1c5 (1/3),
    # 3/2 empties r2c3 (2/3); 3 in r1c1 is in no possible combination
    pos = blank_position(9, fill="6789", cands={
        "r1c1": "123", "r1c2": "12", "r1c5": "13", "r2c3": "23"})
    assert every_elimination(APE, pos) == {"r1c1-3"}
    step = next(s for s in steps(APE, pos) if s.eliminations == [(0, 3)])
    assert step.explanation.startswith(
        "Aligned Pair Exclusion r1c1, r1c2 with excluding cells r1c5 (1/3), r2c3 (2/3): ")
    assert "3/1 empties r1c5" in step.explanation and "3/2 empties r2c3" in step.explanation
    assert step.explanation.endswith("removes 3 from r1c1")


def test_pair_of_cells_not_seeing_each_other_may_repeat_a_digit():
    # r1c1 and r2c4 share no house; r1c4 (1/3), r2c2 (1/2) and r1c6 (2/3) see both. 1/3, 2/1 and
    # 2/3 each empty one of them; 1/1 is possible (the cells do not see each other)
    cands = {"r1c1": "12", "r2c4": "13", "r1c4": "13", "r2c2": "12"}
    assert every_elimination(APE, blank_position(9, fill="6789", cands=cands)) == set()
    pos = blank_position(9, fill="6789", cands={**cands, "r1c6": "23"})
    assert by_base_cells(APE, pos)["r1c1, r2c4"] == {"r1c1-2", "r2c4-3"}
    # the one combination left (1/1) forces the three excluding cells, which other pairs find
    assert every_elimination(APE, pos) == {"r1c1-2", "r2c4-3", "r1c4-1", "r2c2-1", "r1c6-3"}


def test_pair_needs_two_common_excluding_cells():
    # as the first position, but r2c3 holds four digits: r1c5 alone excludes 3/1 only
    pos = blank_position(9, fill="6789", cands={
        "r1c1": "123", "r1c2": "12", "r1c5": "13", "r2c3": "2345"})
    assert steps(APE, pos) == []


def test_triple_with_three_digit_excluding_cells():
    # r2c4 and r2c5 share row 2; r1c1 sees neither. r1c4 (1/2/3), r2c2 (1/2/5) and r1c6 (1/3/5)
    # see all three: with r1c1=1 the other two take 2/3, 2/5, 3/2 or 3/5 and each empties one
    # of them (2/2 and 3/3 repeat a digit in row 2)
    pos = blank_position(9, fill="6789", cands={
        "r1c1": "14", "r2c4": "23", "r2c5": "235",
        "r1c4": "123", "r2c2": "125", "r1c6": "135"})
    assert every_elimination(ATE, pos) == {"r1c1-1"}
    step = next(iter(steps(ATE, pos)))
    assert step.explanation.startswith("Aligned Triple Exclusion r1c1, r2c4, r2c5 with excluding "
                                       "cells r1c4 (1/2/3), r1c6 (1/3/5), r2c2 (1/2/5): ")
    for combo in ("1/2/3 empties r1c4", "1/2/5 empties r2c2", "1/3/5 empties r1c6",
                  "1/2/2 repeats a digit"):
        assert combo in step.explanation
    # excluding cells of three digits do not count for pairs
    assert steps(APE, pos) == []


def test_triple_keeps_a_digit_one_combination_allows():
    # without r1c6, 1/3/5 is possible: nothing is removed
    pos = blank_position(9, fill="6789", cands={
        "r1c1": "14", "r2c4": "23", "r2c5": "235", "r1c4": "123", "r2c2": "125"})
    assert steps(ATE, pos) == []


def test_order_and_soundness():
    order = default_order()
    # the pair with the 6.2 techniques, the triple after every chain and ALS chain
    assert order.index(APE) < order.index("x-chain")
    assert order.index(ATE) > max(order.index(t) for t in ("grouped-aic", "als-xy-chain"))
    counts = check_sound([APE, ATE], count=15)
    assert counts[APE] and counts[ATE]
