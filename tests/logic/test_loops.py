"""AICs and nice loops, plain and grouped, on hand-written positions: exact eliminations and
placements, the chain written out, positions where nothing may be found, other grid sizes, the
inference graph against its definition, and soundness on real puzzles."""

from __future__ import annotations

import random

import pytest
from helpers import (blank_position, cell_of, cells, data_sample, eliminations, names,
                     only, remove_wrong_candidates, steps, stuck_positions, thinned_position)

from sudokit.model.geometry import Geometry
from sudokit.model import formats
from sudokit.engines.logic import LogicalSolver, Position, options
from sudokit.engines.logic.inference import InferenceGraph, box_line_segments
from sudokit.engines.logic.links import house_masks, peer_masks
from sudokit.model.position import bit
from sudokit.engines.difficulty import TECHNIQUES
from sudokit.engines.logic.techniques import default_order, loops
from sudokit.engines.search import solve

PLAIN = ["continuous-nice-loop", "discontinuous-nice-loop", "aic"]
GROUPED = ["grouped-continuous-nice-loop", "grouped-discontinuous-nice-loop", "grouped-aic"]
ALL = PLAIN + GROUPED


def found(pos) -> dict[str, list[tuple[set[str], set[str]]]]:
    """Technique -> (placements, eliminations) of each step, for the finders that find any
    (listing every instance, as ``all_steps`` does)."""
    out = {}
    with options.listing_all():
        for t in ALL:
            got = [(names(pos, s.placements), names(pos, s.eliminations)) for s in steps(t, pos)]
            if got:
                out[t] = got
    return out


def listed(technique: str, pos):
    """The steps of one technique when listing every instance."""
    with options.listing_all():
        return steps(technique, pos)


def one_by_one(removed: set[str]) -> list[tuple[set[str], set[str]]]:
    """The discontinuous loops of a chain that removes ``removed``: one through each."""
    return [(set(), {r}) for r in sorted(removed)]


def sorted_found(pos) -> dict:
    """:func:`found` with each technique's finds in name order (the order of equal-length
    chains is the search's, not part of the definition)."""
    return {t: sorted(v, key=lambda pe: (sorted(pe[0]), sorted(pe[1])))
            for t, v in found(pos).items()}


def remove(pos, digit: int, *cell_names: str) -> None:
    for n in cell_names:
        pos.cands[cell_of(pos.geometry, n)] &= ~bit(digit)


# --- AIC ------------------------------------------------------------------------------------


def aic_position(size=9, far=7):
    # r2c1 1/4 and r{far}c5 1/4; 4 in column 5 only at r2c5, r{far}c5; 1 in row {far} only at
    # r{far}c5, r{far}c2: if r2c1 is not 1 it is 4, r2c5 is not 4, r{far}c5 is 4, not 1, so
    # r{far}c2 is 1.
    pos = blank_position(size, cands={"r2c1": "14", f"r{far}c5": "14"})
    only(pos, 4, "c5", ["r2c5", f"r{far}c5"])
    only(pos, 1, f"r{far}", [f"r{far}c5", f"r{far}c2"])
    return pos


def test_aic_removes_the_digit_from_cells_seeing_both_ends():
    pos = aic_position()
    # r2c1 and r7c2 both seen by column 2 in box 1 and column 1 in box 7 (r2c2 by row 2); each
    # removal is also a discontinuous loop through the removed candidate
    removed = {"r1c2-1", "r2c2-1", "r3c2-1", "r8c1-1", "r9c1-1"}
    assert sorted_found(pos) == {"aic": [(set(), removed)],
                                 "discontinuous-nice-loop": one_by_one(removed)}
    step = steps("aic", pos)[0]
    assert step.explanation == (
        "AIC (5 links): r2c1=1 = r2c1=4 - r2c5=4 = r7c5=4 - r7c5=1 = r7c2=1: "
        "removes 1 from r1c2, r2c2, r3c2, r8c1, r9c1")
    assert [l.strong for l in step.links] == [True, False, True, False, True]
    g = pos.geometry
    assert step.links[0].start == (cell_of(g, "r2c1"), 1)
    assert step.links[-1].end == (cell_of(g, "r7c2"), 1)
    assert step.cells == sorted(cell_of(g, n) for n in ("r2c1", "r2c5", "r7c5", "r7c2"))
    assert step.to_dict(g)["links"][1] == {"from": [2, 1, 4], "to": [2, 5, 4], "strong": False}


def test_aic_with_ends_on_two_digits_in_cells_that_see_each_other():
    # 1 in row 1 only at r1c1, r1c6; r1c6 1/2; 2 in column 6 only at r1c6,
    # r5c6; r5c6 2/4; 4 in row 5 only at r5c6, r5c1: r1c1=1 = ... = r5c1=4, and r1c1, r5c1
    # share column 1, so r1c1 loses 4 and r5c1 loses 1.
    pos = blank_position(9, cands={"r1c1": "149", "r1c6": "12", "r5c6": "24", "r5c1": "147"})
    only(pos, 1, "r1", ["r1c1", "r1c6"])
    only(pos, 2, "c6", ["r1c6", "r5c6"])
    only(pos, 4, "r5", ["r5c6", "r5c1"])
    assert sorted_found(pos) == {"aic": [(set(), {"r1c1-4", "r5c1-1"})],
                                 "discontinuous-nice-loop": one_by_one({"r1c1-4", "r5c1-1"})}
    assert steps("aic", pos)[0].explanation.startswith(
        "AIC (5 links): r1c1=1 = r1c6=1 - r1c6=2 = r5c6=2 - r5c6=4 = r5c1=4:")


def test_aic_nothing_when_a_link_is_not_strong():
    pos = aic_position()
    pos.cands[cell_of(pos.geometry, "r9c5")] |= bit(4)  # a third 4 in column 5
    assert found(pos) == {}
    assert found(blank_position(9)) == {}


def test_search_follows_changes_to_the_position():
    pos = aic_position()
    assert len(steps("aic", pos)) == 1
    pos.cands[cell_of(pos.geometry, "r9c5")] |= bit(4)  # the position changes in place
    assert steps("aic", pos) == []


def test_aic_length_cap(monkeypatch):
    monkeypatch.setattr(loops, "MAX_LINKS", 4)
    assert steps("aic", aic_position()) == []
    monkeypatch.setattr(loops, "MAX_LINKS", 5)
    assert eliminations("aic", aic_position()) == [
        {"r1c2-1", "r2c2-1", "r3c2-1", "r8c1-1", "r9c1-1"}]


def test_listing_every_instance_searches_longer_chains(monkeypatch):
    """HoDoKu's find-all lists nice loops far longer than a single step needs: listing goes to
    LISTING_MAX_LINKS, a single step stops at MAX_LINKS."""
    monkeypatch.setattr(loops, "MAX_LINKS", 4)
    monkeypatch.setattr(loops, "LISTING_MAX_LINKS", 5)
    assert steps("aic", aic_position()) == []
    with options.listing_all():
        assert eliminations("aic", aic_position()) == [
            {"r1c2-1", "r2c2-1", "r3c2-1", "r8c1-1", "r9c1-1"}]


def test_aic_on_6x6():
    # 2x3 boxes: the same chain with its far end in row 5 (box 5).
    pos = aic_position(size=6, far=5)
    removed = {"r1c2-1", "r2c2-1", "r6c1-1"}
    got = sorted_found(pos)
    assert got["aic"] == [(set(), removed)]
    assert got["discontinuous-nice-loop"] == one_by_one(removed)


# --- Discontinuous Nice Loop ----------------------------------------------------------------


def test_discontinuous_loop_with_two_weak_links_removes_its_candidate():
    pos = aic_position()
    remove(pos, 1, "r1c2", "r2c2", "r3c2", "r9c1")  # the AIC's only victim left: r8c1
    assert found(pos) == {"discontinuous-nice-loop": [(set(), {"r8c1-1"})]}
    step = steps("discontinuous-nice-loop", pos)[0]
    assert step.explanation == (
        "Discontinuous Nice Loop (7 links): r8c1=1 - r2c1=1 = r2c1=4 - r2c5=4 = r7c5=4 - "
        "r7c5=1 = r7c2=1 - r8c1=1: removes 1 from r8c1")
    assert [l.strong for l in step.links] == [False, True, False, True, False, True, False]


def test_discontinuous_loop_strong_and_weak_link_in_one_cell():
    # r1c1 =1= r1c6 ... r5c1 -4- r1c1: r1c1 loses 4 (r5c1 holds no 1, so only r1c1 is hit).
    pos = blank_position(9, cands={"r1c1": "149", "r1c6": "12", "r5c6": "24", "r5c1": "47"})
    only(pos, 1, "r1", ["r1c1", "r1c6"])
    only(pos, 2, "c6", ["r1c6", "r5c6"])
    only(pos, 4, "r5", ["r5c6", "r5c1"])
    assert found(pos) == {"discontinuous-nice-loop": [(set(), {"r1c1-4"})]}
    assert steps("discontinuous-nice-loop", pos)[0].explanation == (
        "Discontinuous Nice Loop (7 links): r1c1=4 - r1c1=1 = r1c6=1 - r1c6=2 = r5c6=2 - "
        "r5c6=4 = r5c1=4 - r1c1=4: removes 4 from r1c1")
    assert [l.strong for l in steps("discontinuous-nice-loop", pos)[0].links] == [
        False, True, False, True, False, True, False]


def test_discontinuous_loop_with_two_strong_links_places_its_candidate():
    # 1 in row 1 at r1c1, r1c5; in row 4 at r4c5, r4c2; in box 1 at r1c1, r2c2:
    # if r1c1 is not 1 then r1c5, not r4c5, r4c2, not r2c2, so r1c1 after all.
    pos = blank_position(9)
    only(pos, 1, "r1", ["r1c1", "r1c5"])
    only(pos, 1, "r4", ["r4c5", "r4c2"])
    only(pos, 1, "b1", ["r1c1", "r2c2"])
    got = found(pos)
    # shortest first: the 3-link chains (r1c5 loses 1: a loop through it; the AIC below removes
    # r2c2, r5c1 and r6c1: a loop through each), then the placing loop, which a listing gives
    # as HoDoKu's find-all does: r1c1 loses its other digits
    assert got["discontinuous-nice-loop"] == [
        (set(), {"r1c5-1"}), (set(), {"r2c2-1"}), (set(), {"r5c1-1"}), (set(), {"r6c1-1"}),
        (set(), {f"r1c1-{d}" for d in range(2, 10)})]
    # a single step places it
    place = steps("discontinuous-nice-loop", pos)[-1]
    assert (place.placements, place.eliminations) == ([(0, 1)], [])
    assert place.explanation == (
        "Discontinuous Nice Loop (5 links): r1c1=1 = r2c2=1 - r4c2=1 = r4c5=1 - r1c5=1 = "
        "r1c1=1: places r1c1=1")
    # open chains: r1c1 or r4c2 holds 1; through the group r56c3, r1c1 or r789c3 holds it
    assert got["aic"] == [(set(), {"r2c2-1", "r5c1-1", "r6c1-1"})]
    assert got["grouped-aic"] == [(set(), {"r7c1-1", "r8c1-1", "r9c1-1"})]
    assert got["grouped-discontinuous-nice-loop"] == one_by_one({"r7c1-1", "r8c1-1", "r9c1-1"})
    assert set(got) == {"discontinuous-nice-loop", "aic", "grouped-aic",
                        "grouped-discontinuous-nice-loop"}


# --- Continuous Nice Loop -------------------------------------------------------------------


def test_continuous_loop_turns_every_weak_link_strong():
    # r1c1 1/2; 2 in column 5 only at r1c5, r6c5; r6c5 1/2/7; 1 in row 6 only at r6c5, r6c1:
    # r1c1=1 = r1c1=2 - r1c5=2 = r6c5=2 - r6c5=1 = r6c1=1 - r1c1=1.
    pos = blank_position(9, cands={"r1c1": "12", "r6c5": "127"})
    only(pos, 2, "c5", ["r1c5", "r6c5"])
    only(pos, 1, "r6", ["r6c5", "r6c1"])
    row1 = cells("r1c", [2, 3, 4, 6, 7, 8, 9], digit=2)  # weak link in row 1 on 2
    col1 = cells("r", [2, 3, 4, 5, 7, 8, 9], "c1", digit=1)  # weak link in column 1 on 1
    got = sorted_found(pos)
    assert got["continuous-nice-loop"] == [(set(), row1 | col1 | {"r6c5-7"})]
    # the loop cut at one weak link is an AIC; every removal, a discontinuous loop
    assert got["aic"] == [(set(), row1), (set(), col1)]
    assert got["discontinuous-nice-loop"] == one_by_one(row1 | col1 | {"r6c5-7"})
    assert set(got) == set(PLAIN)
    step = steps("continuous-nice-loop", pos)[0]
    assert step.explanation.startswith(
        "Continuous Nice Loop (6 links): r1c1=1 = r1c1=2 - r1c5=2 = r6c5=2 - r6c5=1 = r6c1=1 - "
        "r1c1=1: removes 1 from r2c1")
    assert [l.strong for l in step.links] == [True, False] * 3
    assert step.links[-1].end == step.links[0].start


def test_continuous_loop_nothing_without_victims():
    # the same loop with nothing else in its houses: every candidate it could hit is gone
    pos = blank_position(9, cands={"r1c1": "12", "r6c5": "12"})
    only(pos, 2, "c5", ["r1c5", "r6c5"])
    only(pos, 1, "r6", ["r6c5", "r6c1"])
    only(pos, 2, "r1", ["r1c1", "r1c5"])
    only(pos, 1, "c1", ["r1c1", "r6c1"])
    assert found(pos) == {}


# --- grouped --------------------------------------------------------------------------------


def group_position(size=9, c1=7, c2=8, c3=9):
    # 5 in row 1 only at r1c2 and the group r1c{c1}{c2} (one box-line intersection)
    pos = blank_position(size)
    only(pos, 5, "r1", ["r1c2", f"r1c{c1}", f"r1c{c2}"])
    return pos


def test_grouped_aic_with_a_group_end():
    pos = group_position()
    only(pos, 5, "r4", ["r4c2", "r4c7"])
    # r4c7=5 = r4c2=5 - r1c2=5 = r1c78=5: r2c7, r3c7 see r4c7 and both cells of the group
    removed = {"r2c7-5", "r3c7-5"}
    assert sorted_found(pos) == {"grouped-aic": [(set(), removed)],
                                 "grouped-discontinuous-nice-loop": one_by_one(removed)}
    step = steps("grouped-aic", pos)[0]
    assert step.explanation == ("Grouped AIC (3 links): r4c7=5 = r4c2=5 - r1c2=5 = r1c78=5: "
                                "removes 5 from r2c7, r3c7")
    g = pos.geometry
    last = step.links[-1]
    assert last.end == (cell_of(g, "r1c7"), 5) and last.end_cells == (6, 7)
    assert step.to_dict(g)["links"][-1]["to_cells"] == [[1, 7], [1, 8]]
    assert "from_cells" not in step.to_dict(g)["links"][-1]


def test_grouped_discontinuous_loop():
    pos = group_position()
    only(pos, 5, "c9", ["r3c9", "r8c9"])
    assert found(pos) == {"grouped-discontinuous-nice-loop": [(set(), {"r8c2-5"})]}
    assert steps("grouped-discontinuous-nice-loop", pos)[0].explanation == (
        "Grouped Discontinuous Nice Loop (5 links): r8c2=5 - r1c2=5 = r1c78=5 - r3c9=5 = "
        "r8c9=5 - r8c2=5: removes 5 from r8c2")


def test_grouped_continuous_loop():
    pos = group_position()
    only(pos, 5, "r2", ["r2c3", "r2c9"])
    # r1c2 = r1c78 - r2c9 = r2c3 - r1c2: box 3 and box 1 lose 5 off the loop (row 3); cut at
    # either weak link it is an AIC
    row3 = cells("r3c", [1, 2, 3, 7, 8, 9], digit=5)
    got = sorted_found(pos)
    assert got == {"grouped-continuous-nice-loop": [(set(), row3)],
                   "grouped-aic": [(set(), cells("r3c", [1, 2, 3], digit=5)),
                                   (set(), cells("r3c", [7, 8, 9], digit=5))],
                   "grouped-discontinuous-nice-loop": one_by_one(row3)}
    assert steps("grouped-continuous-nice-loop", pos)[0].explanation.startswith(
        "Grouped Continuous Nice Loop (4 links): r1c2=5 = r1c78=5 - r2c9=5 = r2c3=5 - r1c2=5:")


def test_grouped_continuous_loop_on_16x16():
    pos = group_position(16, 11, 12)
    only(pos, 5, "r2", ["r2c3", "r2c9"])
    # 4x4 boxes: rows 3 and 4 of box 1 and box 3 lose 5
    want = cells("r3c", [1, 2, 3, 4, 9, 10, 11, 12], digit=5)
    want |= cells("r4c", [1, 2, 3, 4, 9, 10, 11, 12], digit=5)
    assert found(pos)["grouped-continuous-nice-loop"] == [(set(), want)]
    assert steps("grouped-continuous-nice-loop", pos)[0].explanation.startswith(
        "Grouped Continuous Nice Loop (4 links): r1c2=5 = r1c11,12=5 - r2c9=5 = r2c3=5")


def test_grouped_nothing_from_a_lone_group_link():
    assert found(group_position()) == {}
    pos = group_position()
    only(pos, 5, "r4", ["r4c2", "r4c7"])
    pos.cands[cell_of(pos.geometry, "r1c5")] |= bit(5)  # row 1 no longer a group link
    assert found(pos) == {}


def test_grouped_lists_what_a_plain_chain_proves_too():
    # on 6x6 (ALS nodes off) a chain through the groups r1c123=4 and r1c46=4 removes what the
    # plain AIC removes: each technique lists it, as HoDoKu's find-all does
    with options.using(als_in_chains=False):
        pos = aic_position(size=6, far=5)
        removed = {"r1c2-1", "r2c2-1", "r6c1-1"}
        got = sorted_found(pos)
        assert got["aic"] == got["grouped-aic"] == [(set(), removed)]
        assert got["discontinuous-nice-loop"] == got["grouped-discontinuous-nice-loop"] == \
            one_by_one(removed)
        step = steps("grouped-aic", pos)[0]
        assert step.explanation == (
            "Grouped AIC (7 links): r2c1=1 = r2c1=4 - r1c123=4 = r1c46=4 - r2c5=4 = r5c5=4 - "
            "r5c5=1 = r5c2=1: removes 1 from r1c2, r2c2, r6c1")
        assert [l.end_cells for l in step.links[1:3]] == [(0, 1, 2), (3, 5)]
    # on 9x9 no group or ALS gives a chain: the grouped finders stay silent
    assert all(steps(t, aic_position()) == [] for t in GROUPED)


def als_position():
    # r4c5, r5c5 hold 2, 3, 4: an ALS (two cells, three digits) in column 5 and box 5. 2 in row 1
    # only at r1c1, r1c5; 4 in row 9 only at r9c5, r9c1:
    # r1c1=2 = r1c5=2 - (2)ALS = (4)ALS - r9c5=4 = r9c1=4
    pos = blank_position(9, cands={"r4c5": "234", "r5c5": "234"})
    only(pos, 2, "r1", ["r1c1", "r1c5"])
    only(pos, 4, "r9", ["r9c5", "r9c1"])
    return pos


def test_grouped_aic_through_an_als():
    pos = als_position()
    # ends on 2 and 4 in column 1: r1c1 loses 4, r9c1 loses 2
    removed = {"r1c1-4", "r9c1-2"}
    assert sorted_found(pos) == {"grouped-aic": [(set(), removed)],
                                 "grouped-discontinuous-nice-loop": one_by_one(removed)}
    step = listed("grouped-aic", pos)[0]
    assert step.explanation == (
        "Grouped AIC (5 links): r1c1=2 = r1c5=2 - ALS{r4c5,r5c5}=2 = ALS{r4c5,r5c5}=4 - "
        "r9c5=4 = r9c1=4: removes 2 from r9c1 and 4 from r1c1")
    g = pos.geometry
    als = (cell_of(g, "r4c5"), cell_of(g, "r5c5"))
    assert [m.cells for m in step.marks if m.role == "als"] == [als]
    assert step.links[2].start_cells == als  # the set's 2 cells (both hold 2)
    # without ALS nodes there is no chain at all; a single step (the solver's) does not look
    # for chains through ALS
    with options.using(als_in_chains=False):
        assert found(als_position()) == {}
    assert all(steps(t, als_position()) == [] for t in GROUPED)


def test_als_locked_by_a_chain_leaves_a_cell_one_digit():
    # the ALS r4c5, r5c5 {2,3,4} without 2 is locked on 3 and 4, so r9c5 {3,4,9} (column 5) is
    # 9: "(2)ALS = r9c5=9" is a strong link. 2 in box 8 only at r9c4, r8c5:
    # r9c4=2 = r8c5=2 - (2)ALS = r9c5=9, and r9c4 sees r9c5: r9c4 loses 9
    pos = blank_position(9, cands={"r4c5": "234", "r5c5": "234", "r9c5": "349"})
    only(pos, 2, "b8", ["r8c5", "r9c4"])
    assert found(pos) == {"grouped-discontinuous-nice-loop": [(set(), {"r9c4-9"})]}
    assert listed("grouped-discontinuous-nice-loop", pos)[0].explanation == (
        "Grouped Discontinuous Nice Loop (5 links): r9c4=9 - r9c4=2 = r8c5=2 - "
        "ALS{r4c5,r5c5}=2 = r9c5=9 - r9c4=9: removes 9 from r9c4")


# --- the inference graph --------------------------------------------------------------------


def defined_links(pos):
    """Nodes (digit, cell mask) and the strong and weak links between them, straight from the
    definitions (slow)."""
    g = pos.geometry
    peers = peer_masks(g)
    has = [[pos.has(c, d) if d else False for d in range(g.size + 1)] for c in range(g.ncells)]
    nodes = [(d, 1 << c) for d in range(1, g.size + 1) for c in range(g.ncells) if has[c][d]]
    for _, _, seg in box_line_segments(g):
        for d in range(1, g.size + 1):
            m = sum(1 << c for c in range(g.ncells) if seg >> c & 1 and has[c][d])
            if m.bit_count() > 1 and (d, m) not in nodes:
                nodes.append((d, m))
    weak, strong = set(), set()
    for i, (d1, m1) in enumerate(nodes):
        for j, (d2, m2) in enumerate(nodes[:i]):
            if d1 != d2:
                if m1 == m2 and m1.bit_count() == 1:  # two digits of one cell
                    weak.add((j, i))
                    if bin(pos.cands[m1.bit_length() - 1]).count("1") == 2:
                        strong.add((j, i))
                continue
            if m1 & m2:
                continue
            if all(peers[a] >> b & 1 for a in range(g.ncells) if m1 >> a & 1
                   for b in range(g.ncells) if m2 >> b & 1):
                weak.add((j, i))
            for hm in house_masks(g):
                dm = sum(1 << c for c in range(g.ncells) if hm >> c & 1 and has[c][d1])
                if dm == m1 | m2:
                    strong.add((j, i))
    return nodes, weak, strong


@pytest.mark.parametrize("size,seed", [(6, 1), (6, 2), (6, 3), (9, 4)])
def test_graph_links_follow_the_definitions(size, seed):
    pos, _ = thinned_position(Geometry.of(size), random.Random(seed), blank=0.6, thin=0.4)
    nodes, weak, strong = defined_links(pos)
    graph = InferenceGraph(pos, grouped=True)
    ids = [graph.node_of(c, d) for c in range(pos.geometry.ncells) for d in range(1, size + 1)
           if pos.has(c, d)] + list(range(graph.cand_ids, len(graph.weak)))
    by_cells = {(graph.digit(n), sum(1 << c for c in graph.cells(n))): n for n in ids}
    ids = [by_cells[node] for node in nodes]
    got_weak = {(j, i) for i, a in enumerate(ids) for j, b in enumerate(ids[:i])
                if graph.weak[a] >> b & 1}
    got_strong = {(j, i) for i, a in enumerate(ids) for j, b in enumerate(ids[:i])
                  if graph.strong[a] >> b & 1}
    assert got_weak == weak and got_strong == strong
    for a in ids:  # links go both ways
        for b in ids:
            assert graph.weak[a] >> b & 1 == graph.weak[b] >> a & 1
            assert graph.strong[a] >> b & 1 == graph.strong[b] >> a & 1


# --- soundness --------------------------------------------------------------------------------


def test_finders_are_sound_on_forum_hardest(monkeypatch):
    """Positions of 10 of the hardest puzzles where every technique below the chains is stuck,
    as they are and with 40% of their wrong candidates gone (richer in chains)."""
    monkeypatch.setattr(loops, "WALK_TRIES", 20_000)  # the listing's second pass, kept short
    rng = random.Random(5)
    basic = LogicalSolver([t for t in default_order() if TECHNIQUES[t].weight < 6.6], unique=True)
    counts = dict.fromkeys(ALL, 0)
    for line in data_sample("forum_hardest_1106", 10):
        grid = formats.parse_one(line)
        solution = solve(grid).solution.values
        stuck = basic.solve_path(grid).position
        thinned = stuck.copy()
        remove_wrong_candidates(thinned, solution, rng, 0.4)
        for pos in (stuck, thinned):
            for t in ALL:
                for s in listed(t, pos):  # ALS nodes too
                    counts[t] += 1
                    assert s.placements or s.eliminations, s.explanation
                    for c, d in s.eliminations:
                        assert pos.has(c, d), s.explanation
                        assert solution[c] != d, f"{s.explanation}: removes the solution's {d}"
                    for c, d in s.placements:
                        assert solution[c] == d, f"{s.explanation}: places a wrong {d}"
    assert all(counts.values()), counts


def test_continuous_loops_are_listed_also_as_hodoku_gives_them():
    # HoDoKu's find-all leaves the loop's own cells out of what a weak link between two cells
    # removes (the cell's other digits still go where the loop passes inside a cell): for every
    # plain continuous loop listed, its removals by the definition and, where they differ,
    # HoDoKu's are both listed, and every listed loop removes one of the two
    g = Geometry.of(9)
    peers = peer_masks(g)
    differed = 0
    for pos, solution in _chain_positions("forum_hardest_1106", 4, 200):
        with options.listing_all():
            loops_ = steps("continuous-nice-loop", pos)
        listed = {frozenset(s.eliminations) for s in loops_}
        for s in loops_:
            nodes = {l.start for l in s.links} | {l.end for l in s.links}
            loop_cells = {c for c, _ in nodes}
            inside, between = set(), set()
            for l in s.links:
                (a, da), (b, db) = l.start, l.end
                if l.strong:
                    continue
                if a == b:
                    inside |= {(a, d) for d in range(1, 10) if pos.has(a, d) and d not in (da, db)}
                else:
                    seen = peers[a] & peers[b]
                    between |= {(c, da) for c in range(81) if seen >> c & 1 and pos.has(c, da)}
            full = frozenset((inside | between) - nodes)
            hodoku = frozenset(inside | {(c, d) for c, d in between if c not in loop_cells}) - nodes
            assert frozenset(s.eliminations) in (full, hodoku), s.explanation
            assert all(solution[c] != d for c, d in s.eliminations), s.explanation
            if frozenset(s.eliminations) == full and hodoku != full and hodoku:
                differed += 1
                assert hodoku in listed, s.explanation
    assert differed


def _chain_positions(name: str, puzzles: int, most: int):
    """(position, solution): positions of the default solve path of puzzles of ``name`` where
    the next step is not a single (at most ``most``)."""
    solver = LogicalSolver()
    below = TECHNIQUES["locked-candidates-pointing"].weight
    taken = 0
    for line in data_sample(name, puzzles):
        grid = formats.parse_one(line)
        solution = solve(grid).solution.values
        pos = Position.from_grid(grid)
        context = solver.context()  # one solve: the path solve_path takes
        while not pos.is_solved and taken < most:
            step = solver.next_step(pos, context)
            if step is None or step.technique.startswith("candidate-test"):
                break
            if step.difficulty >= below:
                taken += 1
                yield pos.copy(), solution
            pos.apply(step)
