"""Every instance of the ALS techniques when a solver lists them all (``all_steps``): several
wings and chains in one position, ALS that share cells (``als_overlap`` on and off), and the
full eliminations of a doubly linked ALS-XZ.

As in test_als.py, every cell not named holds every digit, and the set size is capped at six
cells, so the only sets are made of the named cells.
"""

from __future__ import annotations

from helpers import blank_position, names
from test_als import als_cap  # noqa: F401  (test_als.py's fixed cap and fresh cache, autouse)

from sudokit.engines.logic import LogicalSolver, options


def listed(technique: str, pos, **changes) -> list[set[str]]:
    """The eliminations of every step ``all_steps`` lists for the technique."""
    solver = LogicalSolver([technique], unique=False, options=options.Options(**changes))
    return [names(pos, s.eliminations) for s in solver.all_steps(pos)]


def test_every_als_xy_wing_is_listed():
    # r1c1 {1,9}; r5c1 {1,2} and r5c4 {2,3} (row 5); r5c7,r6c8 {2,5,9} (box 6); r9c4 {3,9}.
    # 9 is in three end sets, each pair of them joined through a pivot by two different RCCs:
    # r1c1 -1- r5c1 -2- r5c7,r6c8; r1c1 -1- r5c1 -2- r5c4,r9c4; r9c4 -3- r5c4 -2- r5c7,r6c8
    pos = blank_position(9, cands={"r1c1": "19", "r5c1": "12", "r5c4": "23", "r5c7": "25",
                                   "r6c8": "59", "r9c4": "39"})
    found = listed("als-xy-wing", pos)
    assert sorted(map(sorted, found)) == sorted(map(sorted, [
        {"r1c8-9", "r6c1-9"}, {"r1c4-9", "r9c1-9"}, {"r6c4-9", "r9c8-9"}]))
    # a single step still finds the first of them
    assert LogicalSolver(["als-xy-wing"], unique=False).next_step(pos).eliminations


def test_an_als_xy_wing_removes_every_z_at_once():
    # A = r1c1,r1c2 {1,8,9} (row 1), pivot r2c1 {1,2}, B = r2c7,r2c8 {2,8,9} (row 2): A or B
    # holds 8 and A or B holds 9; r1c7-9 and r2c2-3 see every 8 and 9 of both
    pos = blank_position(9, cands={"r1c1": "189", "r1c2": "89", "r2c1": "12", "r2c7": "289",
                                   "r2c8": "89"})
    expected = {f"{c}-{d}" for c in ("r1c7", "r1c8", "r1c9", "r2c2", "r2c3") for d in (8, 9)}
    assert expected in listed("als-xy-wing", pos)


def test_every_als_xy_chain_is_listed():
    # r1c1 {1,9} -1- r5c1,r5c4,r5c7 {1,2,3,5} -5- r6c8,r6c9 {4,5,6}, then two ends holding 9:
    # -4- r9c8 {4,9} and -6- r4c7 {6,9}
    pos = blank_position(9, cands={"r1c1": "19", "r5c1": "123", "r5c4": "23", "r5c7": "25",
                                   "r6c8": "456", "r6c9": "56", "r9c8": "49", "r4c7": "69"})
    found = listed("als-xy-chain", pos)
    assert {"r1c8-9", "r9c1-9"} in found
    assert {"r1c7-9", "r4c1-9"} in found
    # and the three-set chain r4c7 -6- r6c8,r6c9 -4- r9c8 (HoDoKu lists those as chains too)
    assert sorted(map(sorted, found)) == sorted(map(sorted, [
        {"r1c8-9", "r9c1-9"}, {"r1c7-9", "r4c1-9"},
        {"r4c8-9", "r5c8-9", "r7c7-9", "r8c7-9", "r9c7-9"}]))


OVERLAP = {"r1c1": "13", "r1c2": "35", "r2c2": "15"}
# A = r1c1,r1c2 {1,3,5} (row 1) and B = r1c2,r2c2 {1,3,5} (column 2) share r1c2; 1 is
# restricted (r1c1 and r2c2 see each other, the shared cell lacks 1), so one of them holds 3
# and one holds 5: the cells seeing every 3 (every 5) of both lose it
OVERLAP_XZ = ({f"r1c{c}-3" for c in range(3, 10)} | {"r2c1-3", "r2c3-3", "r3c1-3", "r3c2-3",
                                                      "r3c3-3"}
              | {f"r{r}c2-5" for r in range(3, 10)} | {"r1c3-5", "r2c1-5", "r2c3-5", "r3c1-5",
                                                       "r3c3-5"})


def test_als_xz_with_sets_sharing_a_cell_needs_the_overlap_option():
    pos = blank_position(9, cands=OVERLAP)
    assert OVERLAP_XZ in listed("als-xz", pos)
    assert OVERLAP_XZ not in listed("als-xz", pos, als_overlap=False)
    # the disjoint doubly linked pair r1c1 {1,3} / r1c2,r2c2 {1,3,5} is there either way
    assert len(listed("als-xz", pos, als_overlap=False)) == 1


def test_doubly_linked_als_xz_lists_all_its_eliminations():
    # A = r1c1 {1,3}, B = r1c2,r2c2 {1,3,5} (box 1): 1 restricted (r1c1, r2c2) and 3 too
    # (r1c1, r1c2): each set gets one, so 5 is locked in B (r1c2 or r2c2): every 1 and 3 of
    # both sets' cells, and every 5 seeing B's, goes
    pos = blank_position(9, cands=OVERLAP)
    box = {"r1c3", "r2c1", "r2c3", "r3c1", "r3c2", "r3c3"}
    expected = ({f"{c}-1" for c in box} | {f"{c}-3" for c in box}
                | {f"r1c{c}-3" for c in range(4, 10)}
                | {f"{c}-5" for c in box} | {f"r{r}c2-5" for r in range(4, 10)})
    assert listed("als-xz", pos, als_overlap=False) == [expected]
