"""X-Chains and XY-Chains on hand-written positions: exact eliminations, the chain written out,
shortest chains first, and the length cap."""

from __future__ import annotations

import pytest
from helpers import blank_position, check_sound, eliminations, names, only, steps

from sudokit.engines.logic.options import listing_all
from sudokit.engines.logic.techniques import chains


def x_chain_position():
    # 5 confined to: row 1 at r1c1, r1c4; column 6 at r3c6, r8c6; column 2 at r4c2, r8c2.
    pos = blank_position(9)
    only(pos, 5, "r1", ["r1c1", "r1c4"])
    only(pos, 5, "c6", ["r3c6", "r8c6"])
    only(pos, 5, "c2", ["r4c2", "r8c2"])
    return pos


def test_x_chain_shortest_first():
    pos = x_chain_position()
    # 3 links: r1c1 = r1c4 - r3c6 = r8c6 (r8c1 sees both ends);
    # 5 links: ... - r8c2 = r4c2 (column 1 in box 4 sees r1c1 and r4c2)
    assert eliminations("x-chain", pos) == [{"r8c1-5"}, {"r4c1-5", "r5c1-5", "r6c1-5"}]
    short, long = steps("x-chain", pos)
    assert short.explanation == ("X-Chain on 5 (3 links): r1c1=5 = r1c4=5 - r3c6=5 = r8c6=5: "
                                 "removes 5 from r8c1")
    assert long.explanation.startswith(
        "X-Chain on 5 (5 links): r1c1=5 = r1c4=5 - r3c6=5 = r8c6=5 - r8c2=5 = r4c2=5:")
    assert [l.strong for l in long.links] == [True, False, True, False, True]
    g = pos.geometry
    assert (long.links[0].start, long.links[-1].end) == ((g.cell(0, 0), 5), (g.cell(3, 1), 5))


def test_x_chain_listing_removes_a_chain_cell_seeing_both_ends():
    # r1c1 = r1c4 - r3c6 = r2c6: r1c4, on the chain, sees both ends (row 1, box 2); one end is 5,
    # so r1c4 is not. A single step keeps its removals off the chain; a listing has them all
    pos = blank_position(9)
    only(pos, 5, "r1", ["r1c1", "r1c4"])
    only(pos, 5, "c6", ["r2c6", "r3c6"])
    only(pos, 5, "c1", ["r1c1", "r7c1"])
    only(pos, 5, "c5", ["r3c5", "r7c5"])
    chain = "X-Chain on 5 (3 links): r1c1=5 = r1c4=5 - r3c6=5 = r2c6=5: "
    single = [s for s in steps("x-chain", pos) if s.explanation.startswith(chain)]
    assert [names(pos, s.eliminations) for s in single] == [{"r2c2-5", "r2c3-5"}]
    with listing_all():
        listed = [s for s in steps("x-chain", pos) if s.explanation.startswith(chain)]
    assert [names(pos, s.eliminations) for s in listed] == [{"r1c4-5", "r2c2-5", "r2c3-5"}]


def test_x_chain_listing_closes_a_chain_on_its_start():
    # 1 in row 1 at r1c1, r1c5; in row 4 at r4c5, r4c2; in box 1 at r1c1, r2c2: if r1c1 is not
    # 1, r1c5 is, then r4c2 (r4c5 is not), then r2c2 is not, so r1c1 is after all. HoDoKu's
    # find-all lists that as an X-Chain taking 1 from every peer of r1c1; a single step does not
    pos = blank_position(9)
    only(pos, 1, "r1", ["r1c1", "r1c5"])
    only(pos, 1, "r4", ["r4c5", "r4c2"])
    only(pos, 1, "b1", ["r1c1", "r2c2"])
    g = pos.geometry
    peers_with_1 = {c for c in g.peers[0] if pos.has(c, 1)}
    expected = names(pos, [(c, 1) for c in peers_with_1])
    assert expected >= {"r1c5-1", "r2c2-1", "r9c1-1"}
    assert expected not in eliminations("x-chain", pos)
    with listing_all():
        closing = [s for s in steps("x-chain", pos) if names(pos, s.eliminations) == expected]
    assert len(closing) == 1
    assert closing[0].explanation.startswith("X-Chain on 1 (5 links): r1c1=1 = ")
    assert closing[0].explanation.split(":")[1].strip().split(" ")[-1] == "r1c1=1"


def test_x_chain_length_cap(monkeypatch):
    monkeypatch.setattr(chains, "X_CHAIN_MAX_LINKS", 3)
    assert eliminations("x-chain", x_chain_position()) == [{"r8c1-5"}]


def test_x_chain_nothing_with_a_single_strong_link():
    pos = blank_position(9)
    only(pos, 5, "r1", ["r1c1", "r1c4"])
    assert steps("x-chain", pos) == []
    assert steps("x-chain", blank_position(9)) == []


def test_x_chain_6x6():
    # 2x3 boxes: r2c6 = r2c2 - r1c1 = r5c1; r5c6 sees both ends.
    pos = blank_position(6)
    only(pos, 1, "r2", ["r2c2", "r2c6"])
    only(pos, 1, "c1", ["r1c1", "r5c1"])
    assert eliminations("x-chain", pos) == [{"r5c6-1"}]


def xy_chain_position(size=9, far=9, fill="56789", third="34"):
    # r1c1 1/2, r1c5 2/3, r6c5 3/4, r6c{far} 4/1: if r1c1 is not 1, r6c{far} is.
    return blank_position(size, fill=fill, cands={
        "r1c1": "12", "r1c5": "23", "r6c5": third, f"r6c{far}": "14",
        f"r1c{far}": "157", "r6c1": "167"})


def test_xy_chain():
    pos = xy_chain_position()
    assert eliminations("xy-chain", pos) == [{"r1c9-1", "r6c1-1"}]
    step = steps("xy-chain", pos)[0]
    assert step.explanation == (
        "XY-Chain on 1 (4 cells): r1c1=1 = r1c1=2 - r1c5=2 = r1c5=3 - r6c5=3 = r6c5=4 - "
        "r6c9=4 = r6c9=1: removes 1 from r1c9, r6c1")
    assert [l.strong for l in step.links] == [True, False] * 3 + [True]
    assert step.cells == [0, 4, 49, 53]


def test_xy_chain_broken_link_finds_nothing():
    assert steps("xy-chain", xy_chain_position(third="35")) == []


def test_xy_chain_length_cap(monkeypatch):
    monkeypatch.setattr(chains, "XY_CHAIN_MAX_CELLS", 3)
    assert steps("xy-chain", xy_chain_position()) == []


def test_xy_chain_covers_the_xy_wing():
    pos = blank_position(9, fill="456789", cands={
        "r1c1": "12", "r1c7": "13", "r3c2": "23", "r1c3": "379", "r3c8": "389"})
    assert eliminations("xy-chain", pos) == [{"r1c3-3", "r3c8-3"}]


def test_xy_chain_listing_removes_a_chain_cell_seeing_both_ends():
    # r1c1 1/2 - r1c4 2/3 - r4c4 3/1 - r4c1 1/4 - r4c7 4/5 - r4c9 5/1: r1c1 or r4c9 holds 1.
    # r1c9 sees both ends, and so does r4c1, a cell of the chain: HoDoKu's find-all lists the
    # chain removing 1 from both; a single step keeps its removals off the chain
    pos = blank_position(9, fill="6789", cands={
        "r1c1": "12", "r1c4": "23", "r4c4": "13", "r4c1": "14", "r4c7": "45", "r4c9": "15",
        "r1c9": "16"})
    both = {"r1c9-1", "r4c1-1"}
    assert both not in eliminations("xy-chain", pos)
    assert {"r1c9-1"} in eliminations("xy-chain", pos)
    with listing_all():
        assert both in eliminations("xy-chain", pos)


def test_xy_chain_of_two_cells():
    # r1c2 and r1c8 both 1/2: if r1c2 is not 1 it is 2, so r1c8 is 1 (and the other way round):
    # row 1 loses 1 and 2 elsewhere, one chain per digit (a naked pair, as HoDoKu lists it)
    pos = blank_position(9, fill="3456789", cands={"r1c2": "12", "r1c8": "12", "r1c5": "1239"})
    assert sorted(eliminations("xy-chain", pos), key=sorted) == [{"r1c5-1"}, {"r1c5-2"}]
    assert steps("xy-chain", pos)[0].explanation.startswith("XY-Chain on 1 (2 cells): ")


@pytest.mark.parametrize("size,fill", [(16, "56789ABCDEFG"), (12, "56789ABC")])
def test_xy_chain_bigger_grids(size, fill):
    pos = xy_chain_position(size=size, far=size, fill=fill)
    assert eliminations("xy-chain", pos) == [{f"r1c{size}-1", "r6c1-1"}]


def test_chain_finders_are_sound_on_top1465():
    found = check_sound(["x-chain", "xy-chain"], count=200)
    assert all(found.values()), found
