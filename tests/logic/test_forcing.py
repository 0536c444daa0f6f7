"""Nishio, forcing chains and forcing nets on hand-written positions."""

from __future__ import annotations

from helpers import blank_position, cell_of, digit_picture, found, only, position_from_rows

from sudokit.engines.logic.techniques import REGISTRY
from sudokit.engines.logic.context import SolveContext
from sudokit.engines.logic.techniques.propagation import CHAIN, NET, Base, branch, deepen

NISHIO = REGISTRY["nishio"]
CHAIN_ = REGISTRY["forcing-chain"]
NET_ = REGISTRY["forcing-net"]

# --- nishio -----------------------------------------------------------------------------------

# Digit 7: column 1 holds it only in r1c1 and r6c1, column 5 only in r2c5 and r6c5, and r6c1,
# r6c5 share row 6. With 7 in r1c4 (which sees r1c1 and r2c5) both columns need row 6.
SKYSCRAPER = """
x..x..xxx
....xxxxx
.xx..xxxx
.xxx.xxxx
.xxx.xxxx
x...x....
.xxx.xxxx
.xxx.xxxx
.xxx.xxxx
"""


def test_nishio_follows_one_digit_to_a_conflict():
    pos = digit_picture(SKYSCRAPER, 7)
    assert found(NISHIO, pos) == [(set(), {"r1c4-7"})]
    assert next(NISHIO.find(pos)).explanation == (
        "Nishio: if r1c4 were 7, 7 goes in r6c1, then column 5 needs 7 in r6c5, which sees r6c1: "
        "removes 7 from r1c4")


def test_nishio_finds_a_house_left_without_the_digit():
    # 4 fits row 1 only in r1c2, r1c9 and row 9 only in r9c3, r9c9; 7 fits column 9 only in
    # r1c9, r9c9. With 4 in r2c3, row 1 needs it in r1c9, and row 9 then has no place left.
    pos = blank_position()
    only(pos, 4, "r1", ["r1c2", "r1c9"])
    only(pos, 4, "r9", ["r9c3", "r9c9"])
    assert found(NISHIO, pos) == [(set(), {f"{c}-4"}) for c in ("r2c3", "r3c3", "r7c2", "r8c2")]
    step = next(NISHIO.find(pos))
    assert step.explanation.startswith("Nishio: if r2c3 were 4, 4 goes in r1c9, then ")


def test_nishio_finds_nothing_without_a_conflict():
    pos = digit_picture(SKYSCRAPER.replace("x..x..xxx", "x.....xxx"), 7)
    assert found(NISHIO, pos) == []
    assert found(NISHIO, blank_position()) == []


def test_nishio_on_6x6():
    # 2x3 boxes; 5 only in r1c1, r1c4 (row 1) and r4c1, r4c4 (row 4): an X-wing on columns
    # 1 and 4, so 5 leaves the rest of those columns
    pos = digit_picture("""
        x..x..
        xxxxxx
        xxxxxx
        x..x..
        xxxxxx
        xxxxxx""", 5, box=(2, 3))
    expected = {f"r{r}c{c}-5" for r in (2, 3, 5, 6) for c in (1, 4)}
    assert set().union(*(e for _, e in found(NISHIO, pos))) == expected


# --- forcing chains -----------------------------------------------------------------------------

def contradiction_position(r5c5: str | None = None):
    """r5c5=3 forces r5c2=8 (row 5), r7c5=9 (column 5), then r8c2=9 (column 2): with 9 in
    rows 7 and 8, box 9 has no place for 9 (row 9 holds it only in columns 1-6)."""
    cands = {"r7c5": "39", "r5c2": "38", "r8c2": "89"}
    if r5c5:
        cands["r5c5"] = r5c5
    pos = blank_position(cands=cands)
    only(pos, 9, "r9", ["r9c1", "r9c2", "r9c3", "r9c4", "r9c6"])
    return pos


def test_forcing_chain_contradiction_and_verity():
    pos = contradiction_position()
    # r5c2 is 3 (3 leaves r5c5, r7c2) or 8 (then r8c2=9, 9 in row 9 is locked in box 8, so
    # r7c5=3): either way 3 leaves r5c5 and r7c2; each also contradicts on its own
    assert found(CHAIN_, pos) == [(set(), {"r5c5-3", "r7c2-3"}), (set(), {"r5c5-3"}),
                                  (set(), {"r7c2-3"})]
    first, second, _ = CHAIN_.find(pos)
    assert first.explanation == (
        "Forcing Chain: r5c2 is 3 or 8, and each leads to it (r5c2=3 | r5c2=8 -> r8c2=9 -> r7c5=3): "
        "removes 3 from r5c5, r7c2")
    assert second.explanation == (
        "Forcing Chain: r5c5=3 -> r5c2=8 -> r7c5=9 -> r8c2=9 -> box 9 has no place for 9, "
        "a contradiction: removes 3 from r5c5")
    assert second.candidates == [(cell_of(pos.geometry, "r5c5"), 3)]


def test_forcing_chain_places_the_branch_that_survives():
    pos = contradiction_position(r5c5="34")
    steps = list(NET_.find(pos))
    assert found(NET_, pos) == [({"r5c5-4"}, {"r7c2-3"}), ({"r5c5-4"}, set())]
    assert steps[1].explanation == (
        "Forcing Net: r5c5 is 3 or 4; r5c5=3 -> r5c2=8 -> r7c5=9 -> r8c2=9 -> box 9 has no place "
        "for 9, a contradiction: places r5c5=4")
    assert ({"r5c5-4"}, set()) in found(CHAIN_, pos)


def test_forcing_chain_on_a_bilocal_digit():
    pos = blank_position()
    only(pos, 7, "c9", ["r1c9", "r9c9"])
    only(pos, 4, "r1", ["r1c2", "r1c9"])
    only(pos, 4, "r9", ["r9c3", "r9c9"])
    # 4 in row 1: r1c2, or r1c9 (then 7 in column 9 goes to r9c9 and 4 in row 9 to r9c3): 4
    # leaves the cells that see r1c2 and r9c3
    gone = {"r2c3-4", "r3c3-4", "r7c2-4", "r8c2-4"}
    assert found(CHAIN_, pos)[0] == (set(), gone)
    assert next(CHAIN_.find(pos)).explanation == (
        "Forcing Chain: 4 in row 1 goes in r1c2 or r1c9, and each leads to it "
        "(r1c2=4 | r1c9=4 -> r9c3=4): removes 4 from r2c3, r3c3, r7c2, r8c2")
    assert found(NET_, pos) == [(set(), gone)]


def test_forcing_chain_keeps_what_every_candidate_of_a_cell_does():
    # r1c1 is 1 (then r1c5=3) or 2 (then r5c1=3): r5c5 sees both
    pos = blank_position(cands={"r1c1": "12", "r1c5": "13", "r5c1": "23"})
    assert found(CHAIN_, pos) == [(set(), {"r5c5-3"})]
    assert next(CHAIN_.find(pos)).explanation == (
        "Forcing Chain: r1c1 is 1 or 2, and each leads to it (r1c1=1 -> r1c5=3 | r1c1=2 -> r5c1=3): "
        "removes 3 from r5c5")


def test_forcing_chain_finds_common_placements():
    # 7 fits row 1 only in r1c1 and r1c2: r1c1=7 -> r1c2=6 -> r1c3=5 -> r1c9=4, and
    # r1c2=7 -> r1c1=5 -> r1c9=4
    row = {f"r1c{c}": "123489" for c in range(4, 9)}
    pos = blank_position(cands={**row, "r1c1": "57", "r1c2": "67", "r1c3": "56", "r1c9": "45"})
    steps = [s for s in CHAIN_.find(pos) if s.placements]
    assert steps and all(s.placements == [(cell_of(pos.geometry, "r1c9"), 4)] for s in steps)
    first = next(CHAIN_.find(pos))
    assert first.placements and first.explanation.startswith(
        "Forcing Chain: r1c1 is 5 or 7, and each leads to it (r1c1=5 -> r1c9=4 | "
        "r1c1=7 -> r1c2=6 -> r1c3=5 -> r1c9=4)")


def test_nothing_without_a_forcing_pattern():
    pos = blank_position(cands={"r1c1": "12", "r1c5": "13"})
    assert found(CHAIN_, pos) == [] and found(NET_, pos) == []


def test_forcing_chain_on_6x6_and_16x16():
    pos = blank_position(6, cands={"r1c1": "12", "r1c4": "13", "r3c1": "23"})
    assert found(CHAIN_, pos) == [(set(), {"r3c4-3"})]
    pos = blank_position(16, cands={"r1c1": "12", "r1c5": "13", "r5c1": "23"})
    assert found(CHAIN_, pos) == [(set(), {"r5c5-3"})]


def test_remembered_deductions_do_not_leak_into_another_position():
    first = contradiction_position()
    other = blank_position(cands={"r1c1": "12", "r1c5": "13", "r5c1": "23"})
    fresh = found(CHAIN_, other)
    context = SolveContext()  # one solve's memory, shared by both positions
    with context.attached(first):
        next(CHAIN_.find(first))  # remembers first's deductions
    with context.attached(other):
        assert found(CHAIN_, other) == fresh


# --- forcing nets and the propagation ---------------------------------------------------------

def net_position():
    """r1c1=1 leaves r1c2, r1c3 the naked pair 3/4, so r1c9 is 5; r1c1=2 makes r9c1 5."""
    return blank_position(cands={"r1c1": "12", "r1c2": "134", "r1c3": "134", "r1c9": "35",
                                 "r9c1": "25"})


def test_net_branches_use_pairs_where_chain_branches_stop():
    pos = net_position()
    g = pos.geometry
    base = Base(pos)
    chain = branch(base, [(cell_of(g, "r1c1"), 1)], CHAIN)
    net = deepen(base, chain)
    r1c9 = cell_of(g, "r1c9")
    assert chain.contradiction is None and (r1c9, 5) not in chain.order
    assert net.contradiction is None and (r1c9, 5) in net.order
    assert net.order[:len(chain.order)] == chain.order


def test_forcing_net_verity():
    pos = net_position()
    # 5 ends in r1c9 or r9c1, and r9c9 sees both
    assert found(NET_, pos) == [(set(), {"r9c9-5"})]
    assert next(NET_.find(pos)).explanation == (
        "Forcing Net: r1c1 is 1 or 2, and each leads to it (r1c1=1 -> r1c9=5 | r1c1=2 -> r9c1=5): "
        "removes 5 from r9c9")


def test_propagation_of_a_real_puzzle():
    # an easy puzzle: its singles alone fill the grid, so a branch starts from the solution;
    # the solution's digit adds nothing there, another digit contradicts
    pos = position_from_rows("..3.2.6..9..3.5..1..18.64....81.29..7......."
                             "8..67.82....26.95..8..2.3..9..5.1.3..")
    base = Base(pos)
    start = base.start(CHAIN)
    assert start.contradiction is None and len(start.order) == pos.values.count(0)
    r1c1 = cell_of(pos.geometry, "r1c1")
    out = branch(base, [(r1c1, 4)], CHAIN)
    assert out.contradiction is None and out.order == []
    assert deepen(base, out) is out  # a settled branch is not followed further
    assert branch(base, [(r1c1, 5)], CHAIN).contradiction == ("two", r1c1, 4, 5)
    assert branch(base, [(r1c1, 5)], NET).contradiction is not None
