"""Forcing chains (contradiction and verity) on hand-written positions."""

from __future__ import annotations

from helpers import blank_position, cell_of, found, position_from_rows

from sudokit.logic.techniques import REGISTRY
from sudokit.logic.techniques.forcing import propagate

CONTRA = REGISTRY["forcing-chain-contradiction"]
VERITY = REGISTRY["forcing-chain-verity"]

# r1c1 {1,2} sees r1c5 {1,3} and r5c1 {2,3}; r5c5 sees both wings. Every other cell holds every
# digit, so nothing else is forced.
WING = {"r1c1": "12", "r1c5": "13", "r5c1": "23"}


def test_contradiction_removes_the_assumed_digit():
    pos = blank_position(cands=WING)
    # r5c5=3 forces r1c5=1 and r5c1=2, which leave r1c1 empty
    assert found(CONTRA, pos) == [(set(), {"r5c5-3"})]
    step = next(CONTRA.find(pos))
    assert step.explanation == ("Forcing Chain (Contradiction): r5c5=3 -> r1c5=1 -> r5c1=2, then "
                                "r1c1 has no candidate left: removes 3 from r5c5")


def test_verity_keeps_what_every_branch_does():
    pos = blank_position(cands=WING)
    # r1c1=1 puts 3 in r1c5, r1c1=2 puts 3 in r5c1: either way r5c5 cannot be 3
    assert found(VERITY, pos) == [(set(), {"r5c5-3"})]
    assert "r1c1=1 -> r1c5=3 | r1c1=2 -> r5c1=3" in next(VERITY.find(pos)).explanation


def test_verity_finds_common_placements():
    # a row where 7 fits only in r1c1 and r1c2, each of which forces r1c9=4
    row = {f"r1c{c}": "123489" for c in range(4, 9)}
    pos = blank_position(cands={**row, "r1c1": "57", "r1c2": "67", "r1c3": "56", "r1c9": "45"})
    # r1c1=7 -> r1c2=6 -> r1c3=5 -> r1c9=4; r1c2=7 -> r1c1=5 -> r1c3=6, r1c9=4
    steps = [s for s in VERITY.find(pos) if s.placements]
    assert steps and all(s.placements == [(cell_of(pos.geometry, "r1c9"), 4)] for s in steps)


def test_nothing_without_a_forcing_pattern():
    pos = blank_position(cands={"r1c1": "12", "r1c5": "13"})
    assert found(CONTRA, pos) == [] and found(VERITY, pos) == []


def test_on_6x6():
    pos = blank_position(6, cands={"r1c1": "12", "r1c4": "13", "r3c1": "23"})
    assert found(CONTRA, pos) == [(set(), {"r3c4-3"})]
    assert found(VERITY, pos) == [(set(), {"r3c4-3"})]


def test_propagation_uses_singles_and_locked_candidates():
    # a real puzzle: placing the solution digit never contradicts, and propagation through
    # singles and locked candidates goes on to place many cells
    pos = position_from_rows("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
    out = propagate(pos, cell_of(pos.geometry, "r1c1"), 4)
    assert out.contradiction is None and len(out.placed) == pos.values.count(0)
    out = propagate(pos, cell_of(pos.geometry, "r1c1"), 5)
    assert out.contradiction is not None


def test_on_16x16_without_keeping_outcomes():
    # above 81 cells the outcomes are computed on request instead of kept
    pos = blank_position(16, cands={"r1c1": "12", "r1c5": "13", "r5c1": "23"})
    assert found(CONTRA, pos) == [(set(), {"r5c5-3"})]
