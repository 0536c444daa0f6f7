"""Techniques on variant grids: positions written by hand from the definitions of the variants'
houses (diagonals, windows, jigsaw regions) and peers (a knight's or king's move), each test
checking the exact deductions; then soundness of every instance on generated variant puzzles,
and the uniqueness techniques kept only where a variant leaves their premise whole."""

from __future__ import annotations

import pytest
from helpers import SINGLES, cell_of, names

from sudokit.engines.generate import generate_many
from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.engines.logic import LogicalSolver, Position
from sudokit.model.position import bit
from sudokit.engines.logic.techniques import REGISTRY
from sudokit.engines.logic.techniques.uniqueness import rectangles
from sudokit.engines.search import solve

X = Geometry.of(9).with_variants("x")
WINDOKU = Geometry.of(9).with_variants("windoku")
KING = Geometry.of(9).with_variants("anti-king")
KNIGHT = Geometry.of(9).with_variants("anti-knight")
#: A 6x6 jigsaw: region A runs down column 1, the others fill in around it.
JIGSAW6 = Geometry.of(6).with_variants((), "AABBBB"
                                            "ACCBBD"
                                            "ACCCDD"
                                            "ACEEDD"
                                            "AEEFFD"
                                            "EEFFFF")


def open_position(g: Geometry) -> Position:
    """An empty grid: every digit a candidate everywhere."""
    return Position.from_grid(Grid.empty(g))


def confine(pos: Position, digit: int, house, cells) -> None:
    """Leave ``digit`` in ``house`` only in ``cells``."""
    keep = set(cells)
    for c in house:
        if c not in keep:
            pos.eliminate(c, digit)


def house(g: Geometry, name: str) -> tuple[int, ...]:
    index = next(h for h in range(len(g.houses)) if g.house_name(h) == name)
    return g.houses[index]


def found(technique: str, pos: Position) -> list:
    return list(REGISTRY[technique].find(pos))


def at(g: Geometry, *cells: str) -> list[int]:
    return [cell_of(g, c) for c in cells]


# --- singles ---------------------------------------------------------------------------------

def test_a_hidden_single_in_a_diagonal_is_found_and_named():
    pos = open_position(X)
    diagonal = house(X, "diagonal 1")
    confine(pos, 5, diagonal, at(X, "r3c3"))
    steps = [s for s in found("hidden-single", pos) if s.placements == [(cell_of(X, "r3c3"), 5)]]
    assert steps and "diagonal 1" in steps[0].explanation


def test_a_hidden_single_in_a_window():
    pos = open_position(WINDOKU)
    window = house(WINDOKU, "window 4")
    assert len(window) == 9 and cell_of(WINDOKU, "r6c6") in window  # rows/columns 6-8
    confine(pos, 2, window, at(WINDOKU, "r7c8"))
    steps = [s for s in found("hidden-single", pos) if "window 4" in s.explanation]
    assert [s.placements for s in steps] == [[(cell_of(WINDOKU, "r7c8"), 2)]]


def test_a_knight_or_king_move_away_is_a_peer_for_the_candidates():
    for g, seen, unseen in ((KNIGHT, ("r2c3", "r3c2"), ("r2c2", "r3c3")),
                            (KING, ("r2c2",), ("r2c3", "r3c2"))):
        grid = Grid.empty(g).with_values([7 if c == 0 else 0 for c in range(81)])
        pos = Position.from_grid(grid)
        classic = Position.from_grid(grid.with_geometry(g.classic))
        for name in seen + unseen:
            c = cell_of(g, name)
            in_box = c in g.boxes[0]
            assert pos.has(c, 7) == (name in unseen and not in_box), (g.variant_name, name)
            assert classic.has(c, 7) == (not in_box)


def test_a_naked_single_made_by_knight_peers():
    # r5c5 sees 1..8 only by knight moves: 9 is the one digit left
    g = KNIGHT
    values = [0] * 81
    for d, name in enumerate(("r3c4", "r3c6", "r4c3", "r4c7", "r6c3", "r6c7", "r7c4", "r7c6"), 1):
        values[cell_of(g, name)] = d
    pos = Position.from_grid(Grid(g, values, [bool(v) for v in values]))
    steps = found("naked-single", pos)
    assert [(c, d) for s in steps for c, d in s.placements] == [(cell_of(g, "r5c5"), 9)]


# --- locked candidates -------------------------------------------------------------------------

def test_a_diagonal_confined_to_a_box_points_into_the_box():
    g = X
    pos = open_position(g)
    cells = at(g, "r1c1", "r2c2", "r3c3")
    confine(pos, 7, house(g, "diagonal 1"), cells)
    steps = [s for s in found("locked-candidates-pointing", pos)
             if g.houses.index(house(g, "diagonal 1")) == s.houses[0]]
    assert len(steps) == 1
    expected = {c for c in g.boxes[0] if c not in cells}
    assert {c for c, d in steps[0].eliminations} == expected
    assert {d for _, d in steps[0].eliminations} == {7}
    assert "diagonal 1 lies only in box 1" in steps[0].explanation


def test_a_window_confined_to_a_row_points_along_the_row_and_a_row_claims_a_window():
    g = WINDOKU
    pos = open_position(g)
    window = house(g, "window 1")  # rows/columns 2-4
    row3 = g.rows[2]
    cells = at(g, "r3c2", "r3c3", "r3c4")
    confine(pos, 4, window, cells)
    pointing = [s for s in found("locked-candidates-pointing", pos) if "window 1" in s.explanation]
    assert len(pointing) == 1
    assert {c for c, _ in pointing[0].eliminations} == {c for c in row3 if c not in cells}

    pos = open_position(g)
    confine(pos, 4, row3, cells)
    claiming = [s for s in found("locked-candidates-claiming", pos) if "row 3" in s.explanation]
    assert len(claiming) == 1
    assert {c for c, _ in claiming[0].eliminations} == {c for c in window if c not in cells}
    assert "window 1" in claiming[0].explanation


def test_a_jigsaw_region_confined_to_a_column_points_down_the_column():
    g = JIGSAW6
    pos = open_position(g)
    region = g.boxes[g.box_of(0)]  # region A: r1c1, r1c2 and column 1 down to r5c1
    cells = at(g, "r2c1", "r3c1")
    confine(pos, 3, region, cells)
    steps = [s for s in found("locked-candidates-pointing", pos) if "region A" in s.explanation]
    assert len(steps) == 1
    assert {c for c, _ in steps[0].eliminations} == {c for c in g.cols[0] if c not in region}
    assert "column 1" in steps[0].explanation


def test_king_moves_lock_a_digit_out_of_cells_outside_every_shared_house():
    # 6 in row 3 only at r3c3 and r3c4 (two boxes): the cells a king's move from both lose it
    g = KING
    pos = open_position(g)
    cells = at(g, "r3c3", "r3c4")
    confine(pos, 6, g.rows[2], cells)
    steps = [s for s in found("locked-candidates-claiming", pos) if "row 3" in s.explanation]
    assert len(steps) == 1
    assert names(pos, steps[0].eliminations) == {"r2c3-6", "r2c4-6", "r4c3-6", "r4c4-6"}
    assert "see them all" in steps[0].explanation


def test_a_locked_pair_in_a_diagonal_and_a_box():
    g = X
    pos = open_position(g)
    a, b = at(g, "r1c1", "r2c2")
    pos.cands[a] = pos.cands[b] = bit(1) | bit(2)
    steps = [s for s in found("locked-pair", pos) if set(s.cells) == {a, b}]
    assert steps
    elims = {c for s in steps for c, _ in s.eliminations}
    expected = (set(house(g, "diagonal 1")) | set(g.boxes[0]) | set(g.rows[0]) | set(g.rows[1])) \
        - {a, b}
    shared = {c for c in expected if c in g.peers[a] and c in g.peers[b]}
    assert elims <= shared and set(house(g, "diagonal 1")) - {a, b} <= elims


# --- subsets and fish ---------------------------------------------------------------------------

def test_a_naked_pair_in_a_diagonal():
    g = X
    pos = open_position(g)
    a, b = at(g, "r2c8", "r7c3")  # both on diagonal 2, no row, column or box in common
    pos.cands[a] = pos.cands[b] = bit(3) | bit(8)
    steps = [s for s in found("naked-pair", pos) if set(s.cells) == {a, b}]
    assert len(steps) == 1 and "diagonal 2" in steps[0].explanation
    diagonal = [c for c in house(g, "diagonal 2") if c not in (a, b)]
    assert set(steps[0].eliminations) == {(c, d) for c in diagonal for d in (3, 8)}


def test_a_hidden_pair_in_a_window():
    g = WINDOKU
    pos = open_position(g)
    window = house(g, "window 2")
    a, b = window[0], window[4]
    for d in (5, 9):
        confine(pos, d, window, (a, b))
    steps = [s for s in found("hidden-pair", pos) if set(s.cells) == {a, b}]
    assert len(steps) == 1 and "window 2" in steps[0].explanation
    assert set(steps[0].eliminations) == {(c, d) for c in (a, b) for d in range(1, 10)
                                          if d not in (5, 9)}


def test_a_finned_x_wing_in_a_jigsaw_takes_only_what_sees_the_fin():
    # 5 in row 1 at c3, c4, c5 and in row 5 at c3, c5: columns 3 and 5 with a fin at r1c4,
    # whose region B reaches down to r2c5 (and to no other cover cell)
    g = JIGSAW6
    pos = open_position(g)
    confine(pos, 5, g.rows[0], at(g, "r1c3", "r1c4", "r1c5"))
    confine(pos, 5, g.rows[4], at(g, "r5c3", "r5c5"))
    steps = [s for s in found("finned-x-wing", pos) + found("sashimi-x-wing", pos)
             if set(s.base_sets) == {0, 4}]
    assert {e for s in steps for e in names(pos, s.eliminations)} == {"r2c5-5"}
    assert all("fin r1c4" in s.explanation for s in steps)


# --- uniqueness ---------------------------------------------------------------------------------

def test_no_unique_rectangle_where_a_swap_could_break_the_variant():
    assert rectangles(KNIGHT) == () and rectangles(KING) == ()
    diagonals = [set(house(X, "diagonal 1")), set(house(X, "diagonal 2"))]
    for rect in rectangles(X):
        for diagonal in diagonals:
            on = [i for i, c in enumerate(rect) if c in diagonal]
            assert not on or (len(on) == 2 and sum(on) != 3), rect
    classic = set(rectangles(X.classic))
    assert set(rectangles(X)) < classic  # some are kept, some are not


def test_jigsaw_rectangles_lie_in_two_regions_one_row_or_column_pair_each():
    g = JIGSAW6
    assert rectangles(g)
    for rect in rectangles(g):
        regions = [g.box_of(c) for c in rect]
        assert len(set(regions)) == 2
        pairs = {r: [i for i, x in enumerate(regions) if x == r] for r in set(regions)}
        assert all(len(p) == 2 and sum(p) != 3 for p in pairs.values())


# --- soundness on generated variant puzzles -------------------------------------------------------

FORCING = ("nishio", "forcing-chain", "forcing-net", "candidate-test", "candidate-test-recursive")


@pytest.mark.parametrize("variant,size", [("x", 9), ("windoku", 9), ("jigsaw", 9), ("anti-knight", 9),
                                          ("anti-king", 9), ("x,anti-king", 9), ("jigsaw", 6)])
def test_every_instance_agrees_with_the_solution(variant, size):
    """Every instance of every technique, at the positions of a solve path where singles are
    exhausted (forcing chains are checked on whole solve paths below): never a solution digit
    removed, never a wrong digit placed."""
    solver = LogicalSolver(exclude=FORCING)
    checked = 0
    for made in generate_many(6, size, variant=variant, seed=21, rate=False):
        solution = solve(made.puzzle).solution.values
        pos = Position.from_grid(made.puzzle)
        while checked < 12:
            step = solver.next_step(pos)
            if step is None:
                break
            if step.technique not in SINGLES:
                checked += 1
                for other in solver.all_steps(pos):
                    assert not [(c, d) for c, d in other.placements if solution[c] != d], \
                        other.explanation
                    assert not [(c, d) for c, d in other.eliminations if solution[c] == d], \
                        other.explanation
            pos.apply(step)
        if checked >= 12:
            break
    assert checked  # some puzzle needed more than singles


@pytest.mark.parametrize("variant", ["x", "windoku", "jigsaw", "anti-knight"])
def test_the_default_solver_finishes_variant_puzzles_soundly(variant):
    solver = LogicalSolver()
    for made in generate_many(1, 9, variant=variant, seed=8, rate=False):
        solution = solve(made.puzzle).solution.values
        path = solver.solve_path(made.puzzle)
        assert path.solved and path.position.values == solution
        for step in path.steps:
            assert not [(c, d) for c, d in step.placements if solution[c] != d]
            assert not [(c, d) for c, d in step.eliminations if solution[c] == d]


# --- rating and levels ------------------------------------------------------------------------------

@pytest.mark.parametrize("variant,level", [("x", "easy"), ("windoku", "medium"), ("jigsaw", "hard"),
                                           ("anti-king", "medium")])
def test_variant_puzzles_generated_at_a_level_rate_in_its_band(variant, level):
    from sudokit.engines.generate import target_band
    from sudokit.engines.rating import rate
    from sudokit.engines.search import reference

    (made,) = generate_many(1, 9, variant=variant, level=level, seed=5, time_limit=60)
    low, high = target_band(level, None)
    assert low <= made.rating.score <= high
    again = rate(made.puzzle)  # rated afresh, by the variant's rules
    assert again.score == made.rating.score and again.level == level
    checked = reference.solve(made.puzzle, limit=2, node_limit=200_000)
    assert not checked.limit_reached and checked.count == 1
