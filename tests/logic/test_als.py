"""ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and Death Blossom on hand-written positions, and soundness on
positions of real solve paths.

In the hand-written positions every cell not named holds every digit, so a set with such a
cell has too many digits to be an Almost Locked Set within the size cap (set to 6 here): the
only sets are made of the named cells, and a cell loses ``Z`` exactly when it sees every ``Z``
of the sets that may hold it.
"""

from __future__ import annotations

import pytest
from helpers import blank_position, cell_of, eliminations, names, steps, stuck_positions

from sudokit.engines.logic import LogicalSolver, options
from sudokit.engines.logic import als as als_module
from sudokit.engines.logic.als import ALSIndex, describe_als
from sudokit.engines.logic.step import Link
from sudokit.engines.difficulty import TECHNIQUES
from sudokit.engines.logic.techniques import REGISTRY

ALS_IDS = ["als-xz", "als-xy-wing", "als-xy-chain", "death-blossom"]


@pytest.fixture(autouse=True)
def als_cap(monkeypatch):
    """A fixed size cap (the positions rely on background sets being too big; each solve's
    context keeps its own ALS index)."""
    monkeypatch.setattr(als_module, "MAX_ALS_CELLS", 6)
    monkeypatch.setattr(als_module, "FULL_MAX_CELLS", 6)


def named(*pairs: str) -> set[str]:
    return set(pairs)


def row_of_names(row: int, cols, digit: int) -> set[str]:
    return {f"r{row}c{c}-{digit}" for c in cols}


def col_of_names(col: int, rows, digit: int) -> set[str]:
    return {f"r{r}c{col}-{digit}" for r in rows}


# --- the ALS enumeration ------------------------------------------------------------------------


def xz_position(b_cell="r3c3"):
    # A = r1c1,r2c2 {1,3,5} (box 1); B = {b_cell},r3c7,r3c8 {1,5,8,9} (row 3)
    return blank_position(9, cands={"r1c1": "13", "r2c2": "135", b_cell: "189",
                                    "r3c7": "58", "r3c8": "59"})


def test_the_sets_are_exactly_the_almost_locked_ones():
    pos = xz_position()
    idx = ALSIndex(pos)
    assert sorted(describe_als(pos.geometry, a) for a in idx.als) == sorted([
        "r1c1 {1,3}", "r3c7 {5,8}", "r3c8 {5,9}", "r1c1,r2c2 {1,3,5}", "r3c7,r3c8 {5,8,9}",
        "r3c3,r3c7,r3c8 {1,5,8,9}"])
    by_name = {describe_als(pos.geometry, a): a.index for a in idx.als}
    # 1 is restricted between r1c1 (alone or with r2c2) and the row-3 triple (r3c3 in box 1);
    # 5 between r3c7 and r3c8; 5 is not restricted between box 1 and row 3 (r2c2 sees neither)
    assert idx.rcc_of(by_name["r1c1,r2c2 {1,3,5}"], by_name["r3c3,r3c7,r3c8 {1,5,8,9}"]) == 0b1
    assert idx.rcc_of(by_name["r1c1 {1,3}"], by_name["r3c3,r3c7,r3c8 {1,5,8,9}"]) == 0b1
    assert idx.rcc_of(by_name["r3c7 {5,8}"], by_name["r3c8 {5,9}"]) == 0b10000
    assert len(idx.rcc) == 3


def test_cap_bounds_the_set_size(monkeypatch):
    pos = blank_position(9, fill="1234567")  # 7 digits: six cells of a house make an ALS
    monkeypatch.setattr(als_module, "MAX_ALS_CELLS", 5)
    assert ALSIndex(pos).als == []
    monkeypatch.setattr(als_module, "MAX_ALS_CELLS", 6)
    assert {a.size for a in ALSIndex(pos).als} == {6}


# --- ALS-XZ -------------------------------------------------------------------------------------


def test_als_xz():
    pos = xz_position()
    # A lacks 5 -> A = {1,3} holds 1 -> r3c3 is not 1 -> B holds 5: one of r2c2, r3c7, r3c8 is 5
    assert eliminations("als-xz", pos) == [
        named("r2c7-5", "r2c8-5", "r2c9-5", "r3c1-5", "r3c2-5")]
    step = steps("als-xz", pos)[0]
    assert step.explanation == (
        "ALS-XZ: A = r1c1,r2c2 {1,3,5}, B = r3c3,r3c7,r3c8 {1,5,8,9}, X=1, Z=5: "
        "removes 5 from r2c7, r2c8, r2c9, r3c1, r3c2")
    g = pos.geometry
    assert step.links == [Link((cell_of(g, "r1c1"), 1), (cell_of(g, "r3c3"), 1), False)]
    assert sorted(g.name(c) for c in step.cells) == ["r1c1", "r2c2", "r3c3", "r3c7", "r3c8"]


def test_als_xz_nothing_when_x_is_not_restricted():
    # r3c4 (box 2) does not see the 1s of A: no restricted common candidate
    pos = xz_position(b_cell="r3c4")
    for t in ALS_IDS:
        assert steps(t, pos) == [], t


def test_als_xz_doubly_linked():
    # A = r1c1,r1c2 {1,2,4}, B = r4c1,r4c2 {1,2,5}: 1 restricted in column 1, 2 in column 2.
    # Each set gets one of 1/2, so 4 is locked in A and 5 in B.
    pos = blank_position(9, cands={"r1c1": "14", "r1c2": "24", "r4c1": "15", "r4c2": "25"})
    others = [2, 3, 5, 6, 7, 8, 9]
    expected = (col_of_names(1, others, 1) | col_of_names(2, others, 2)
                | row_of_names(1, range(3, 10), 4) | row_of_names(2, (1, 2, 3), 4)
                | row_of_names(3, (1, 2, 3), 4)
                | row_of_names(4, range(3, 10), 5) | row_of_names(5, (1, 2, 3), 5)
                | row_of_names(6, (1, 2, 3), 5))
    assert eliminations("als-xz", pos) == [expected]
    step = steps("als-xz", pos)[0]
    assert step.explanation.startswith(
        "ALS-XZ (doubly linked): A = r1c1,r1c2 {1,2,4}, B = r4c1,r4c2 {1,2,5}, X=1,2: removes")
    assert len(step.links) == 2


def test_als_xz_16x16():
    # the same pattern in 4x4 boxes: r3c3 is in box 1, r3c9 and r3c10 in box 3
    pos = blank_position(16, cands={"r1c1": "13", "r2c2": "135", "r3c3": "189",
                                    "r3c9": "58", "r3c10": "59"})
    assert eliminations("als-xz", pos) == [
        row_of_names(2, (9, 10, 11, 12), 5) | row_of_names(3, (1, 2, 4), 5)]


# --- ALS-XY-Wing --------------------------------------------------------------------------------


def wing_position(**extra):
    # A = r1c1 {1,9}; pivot C = r5c1,r5c4 {1,2,3} (1 restricted in column 1, 2 in row 5);
    # B = r5c7,r6c8 {2,5,9} (box 6, its 2 in row 5)
    cands = {"r1c1": "19", "r5c1": "123", "r5c4": "23", "r5c7": "25", "r6c8": "59"}
    cands.update(extra)
    return blank_position(9, cands=cands)


def test_als_xy_wing():
    pos = wing_position()
    assert eliminations("als-xy-wing", pos) == [named("r1c8-9", "r6c1-9")]
    step = steps("als-xy-wing", pos)[0]
    assert step.explanation == (
        "ALS-XY-Wing: A = r1c1 {1,9}, B = r5c7,r6c8 {2,5,9}, C = r5c1,r5c4 {1,2,3}, X=1, Y=2, "
        "Z=9: removes 9 from r1c8, r6c1")
    assert len(step.links) == 2
    assert steps("als-xz", pos) == []  # no two of the sets do it alone


def test_als_xy_wing_nothing_when_no_cell_sees_every_z():
    pos = wing_position(r1c8="1234567", r6c1="1234567")
    assert steps("als-xy-wing", pos) == []


def test_als_xy_wing_needs_two_different_rccs():
    # in the ALS-XZ position the row-3 triple reaches both box-1 sets through 1 only
    assert steps("als-xy-wing", xz_position()) == []


# --- ALS-XY-Chain -------------------------------------------------------------------------------


def chain_position(end="r9c8"):
    # r1c1 {1,9} -1- r5c1,r5c4,r5c7 {1,2,3,5} -5- r6c8,r6c9 {4,5,6} -4- r9c8 {4,9}
    return blank_position(9, cands={"r1c1": "19", "r5c1": "123", "r5c4": "23", "r5c7": "25",
                                    "r6c8": "456", "r6c9": "56", end: "49"})


def test_als_xy_chain():
    pos = chain_position()
    assert eliminations("als-xy-chain", pos) == [named("r1c8-9", "r9c1-9")]
    step = steps("als-xy-chain", pos)[0]
    assert step.explanation == (
        "ALS-XY-Chain: r1c1 {1,9} -1- r5c1,r5c4,r5c7 {1,2,3,5} -5- r6c8,r6c9 {4,5,6} "
        "-4- r9c8 {4,9}, Z=9: removes 9 from r1c8, r9c1")
    g = pos.geometry
    assert [(g.name(l.start[0]), l.start[1], g.name(l.end[0])) for l in step.links] == [
        ("r1c1", 1, "r5c1"), ("r5c7", 5, "r6c8"), ("r6c8", 4, "r9c8")]
    for t in ("als-xz", "als-xy-wing", "death-blossom"):
        assert steps(t, pos) == [], t  # the chain is needed


def test_als_xy_chain_nothing_when_a_link_breaks():
    # r9c7 does not see r6c8, the only 4 of the box-6 set
    pos = chain_position(end="r9c7")
    for t in ALS_IDS:
        assert steps(t, pos) == [], t


def test_als_xy_chain_respects_the_length_cap(monkeypatch):
    from sudokit.engines.logic.techniques import als as als_techniques
    monkeypatch.setattr(als_techniques, "CHAIN_MAX_LINKS", 2)
    assert steps("als-xy-chain", chain_position()) == []


# --- Death Blossom ------------------------------------------------------------------------------


def blossom_position(stem="123"):
    # stem r5c5; petals r5c2,r1c2 {1,4,9} (its 1 in row 5), r5c8,r1c8 {2,6,9} (its 2 in row 5),
    # r4c5,r1c5 {3,7,9} (its 3 in column 5): every petal holds 9, all in row 1
    return blank_position(9, cands={"r5c5": stem, "r5c2": "14", "r1c2": "49", "r5c8": "26",
                                    "r1c8": "69", "r4c5": "37", "r1c5": "79"})


def test_death_blossom():
    pos = blossom_position()
    assert eliminations("death-blossom", pos) == [row_of_names(1, (1, 3, 4, 6, 7, 9), 9)]
    step = steps("death-blossom", pos)[0]
    assert step.explanation == (
        "Death Blossom: stem r5c5 {1,2,3}, petals 1: r1c2,r5c2 {1,4,9}; 2: r1c8,r5c8 {2,6,9}; "
        "3: r1c5,r4c5 {3,7,9}, Z=9: removes 9 from r1c1, r1c3, r1c4, r1c6, r1c7, r1c9")
    assert len(step.links) == 3
    for t in ("als-xz", "als-xy-wing", "als-xy-chain"):
        assert steps(t, pos) == [], t


def test_death_blossom_of_five_petals_only_when_listing():
    # stem r5c5 {1,...,5}: the three petals above, and r6c6,r1c6 {4,8,9} and r6c4,r1c4 {5,6,9}
    # (their 4 and 5 in box 5): every petal's 9 is in row 1. A single step keeps to stems of
    # STEM_MAX_DIGITS; HoDoKu's find-all, and so a listing, takes any stem
    pos = blossom_position(stem="12345")
    for name, digits in {"r6c6": "48", "r1c6": "89", "r6c4": "56", "r1c4": "69"}.items():
        pos.cands[cell_of(pos.geometry, name)] = sum(1 << (int(d) - 1) for d in digits)
    five = row_of_names(1, (1, 3, 7, 9), 9)
    assert five not in eliminations("death-blossom", pos)
    with options.listing_all():
        listed = [s for s in steps("death-blossom", pos) if names(pos, s.eliminations) == five]
    assert [s.explanation.split(", petals")[0] for s in listed] == [
        "Death Blossom: stem r5c5 {1,2,3,4,5}"]


def test_death_blossom_nothing_when_a_stem_digit_has_no_petal():
    assert steps("death-blossom", blossom_position(stem="1235")) == []


# --- soundness ----------------------------------------------------------------------------------


def below_als() -> LogicalSolver:
    """The solver of the techniques below ALS-XZ (no ALS, forcing or trial)."""
    below = [t for t, e in TECHNIQUES.items() if t in REGISTRY
             and e.weight < TECHNIQUES["als-xz"].weight
             and e.family not in ("als", "forcing", "trial")]
    return LogicalSolver(below, unique=True)


def test_every_als_step_on_hard_solve_paths_is_sound(monkeypatch):
    # every instance a listing finds: sets sharing cells, and sets of up to eight cells
    monkeypatch.setattr(als_module, "FULL_MAX_CELLS", 8)
    counts = dict.fromkeys(ALS_IDS + ["sue-de-coq"], 0)
    positions = 0
    solver = below_als()
    samples = [*stuck_positions("forum_hardest_1106", 12, 3, solver),
               *stuck_positions("top1465", 15, 2, solver)]
    for pos, solution in samples:
        positions += 1
        for t in counts:
            with options.listing_all():
                found = list(REGISTRY[t].find(pos))
            for s in found:
                counts[t] += 1
                assert s.eliminations and not s.placements, s.explanation
                for c, d in s.eliminations:
                    assert pos.has(c, d), f"{s.explanation}: {d} is not a candidate there"
                    assert solution[c] != d, f"{s.explanation}: removes the solution's {d}"
    assert positions >= 30
    # each finder had something to do on these paths (else the check proves nothing)
    assert all(counts[t] for t in ALS_IDS), counts
