"""Fish (basic, finned, sashimi; rows or columns as base) on hand-drawn positions, the fast
search checked against the definition, and the soundness of every intersection, subset and
fish finder on real puzzles."""

from __future__ import annotations

import os
import random
from itertools import combinations

import pytest
from helpers import (SINGLES, data_sample, digit_picture, eliminations, steps,
                     thinned_position, top1465_positions)

from sudokit.model.geometry import Geometry
from sudokit.model import formats
from sudokit.engines.logic import LogicalSolver, Position
from sudokit.engines.logic.techniques import REGISTRY
from sudokit.engines.logic.techniques.fish import fish_from_houses, line_fish
from sudokit.engines.search import solve

SLOW = os.environ.get("SUDOKIT_SLOW", "") not in ("", "0")
BASIC = ["x-wing", "swordfish", "jellyfish"]
FINNED = ["finned-x-wing", "finned-swordfish", "finned-jellyfish"]
SASHIMI = ["sashimi-x-wing", "sashimi-swordfish", "sashimi-jellyfish"]

X_WING = """
x x x | x x x | x x x
. . x | . . . | . x .
x x x | x x x | x x x
------+-------+------
x x x | x x x | x x x
x x x | x x x | x x x
x x x | x x x | x x x
------+-------+------
. . x | . . . | . x .
x x x | x x x | x x x
x x x | x x x | x x x
"""


def test_x_wing_in_rows():
    pos = digit_picture(X_WING, 5)
    expected = {f"r{r}c{c}-5" for r in (1, 3, 4, 5, 6, 8, 9) for c in (3, 8)}
    assert eliminations("x-wing", pos) == [expected]
    step = steps("x-wing", pos)[0]
    assert step.explanation.startswith(
        "X-Wing 5 in rows 2, 7 (columns 3, 8): removes 5 from r1c3, r1c8, r3c3, ")
    d = step.to_dict(pos.geometry)
    assert (d["base_sets"], d["cover_sets"]) == (["row 2", "row 7"], ["column 3", "column 8"])
    assert not step.fins
    for t in FINNED + SASHIMI:
        assert steps(t, pos) == [], t


def test_x_wing_with_nothing_left_to_remove():
    pos = digit_picture(X_WING, 5)
    for r in (0, 2, 3, 4, 5, 7, 8):
        pos.eliminate(r * 9 + 2, 5)
        pos.eliminate(r * 9 + 7, 5)
    assert steps("x-wing", pos) == []


SWORDFISH = """
. x . | . x . | . . .
x . x | x . x | x x .
x x x | x . x | x x .
------+-------+------
. . . | . x . | . . x
x . x | x . x | x x .
x . x | x . x | x x x
------+-------+------
x . x | x . x | x x .
. x . | . . . | . . x
x . x | x . x | x x .
"""


def test_swordfish_in_rows():
    pos = digit_picture(SWORDFISH, 5)
    assert [s.explanation for s in steps("swordfish", pos)] == [
        "Swordfish 5 in rows 1, 4, 8 (columns 2, 5, 9): removes 5 from r3c2, r6c9"]
    assert steps("x-wing", pos) == [] and steps("jellyfish", pos) == []


def picture(size: int, has) -> str:
    """The picture of the cells (1-based row, column) for which ``has`` is true."""
    return "\n".join("".join("x" if has(r, c) else "." for c in range(1, size + 1))
                     for r in range(1, size + 1))


def test_jellyfish_in_columns():
    # Columns 1, 3, 6, 8 keep their 3 in rows 2, 4, 7, 9 only; those rows have it elsewhere only
    # in r2c5 and r9c2.
    keep = {1: (2, 4), 3: (4, 7), 6: (7, 9), 8: (9, 2)}

    def has(r, c):
        if c in keep:
            return r in keep[c]
        return r not in (2, 4, 7, 9) or (r, c) in {(2, 5), (9, 2)}

    pos = digit_picture(picture(9, has), 3)
    assert [s.explanation for s in steps("jellyfish", pos)] == [
        "Jellyfish 3 in columns 1, 3, 6, 8 (rows 2, 4, 7, 9): removes 3 from r2c5, r9c2"]
    assert steps("swordfish", pos) == [] and steps("x-wing", pos) == []


# The X-Wing with one more 5 in row 7: r7c9, in box 9 beside the corner r7c8.
FINNED_X_WING = "\n".join(X_WING.strip().splitlines()[:8] + [". . x | . . . | . x x"]
                          + X_WING.strip().splitlines()[9:])


def test_finned_x_wing():
    pos = digit_picture(FINNED_X_WING, 5)
    assert [s.explanation for s in steps("finned-x-wing", pos)] == [
        "Finned X-Wing 5 in rows 2, 7 (columns 3, 8), fin r7c9: removes 5 from r8c8, r9c8"]
    step = steps("finned-x-wing", pos)[0]
    assert [pos.geometry.name(c) for c, _ in step.fins] == ["r7c9"]
    assert steps("x-wing", pos) == [] and steps("sashimi-x-wing", pos) == []


def test_finned_x_wing_without_target_or_with_fins_in_two_boxes():
    pos = digit_picture(FINNED_X_WING, 5)
    pos.eliminate(7 * 9 + 7, 5)  # r8c8
    pos.eliminate(8 * 9 + 7, 5)  # r9c8
    assert steps("finned-x-wing", pos) == []
    pos = digit_picture(FINNED_X_WING, 5)
    pos.cands[6 * 9 + 4] |= 1 << 4  # a second fin, r7c5, in box 8
    for t in FINNED + SASHIMI:
        assert steps(t, pos) == [], t


def test_sashimi_x_wing_both_ways():
    # Row 7 lacks its corner r7c8: with cover c3/c8 the fin is r7c9, with c3/c9 it is r2c8.
    pos = digit_picture(FINNED_X_WING, 5)
    pos.eliminate(6 * 9 + 7, 5)
    found = steps("sashimi-x-wing", pos)
    assert [s.explanation for s in found] == [
        "Sashimi X-Wing 5 in rows 2, 7 (columns 3, 9), fin r2c8: removes 5 from r1c9, r3c9",
        "Sashimi X-Wing 5 in rows 2, 7 (columns 3, 8), fin r7c9: removes 5 from r8c8, r9c8"]
    assert steps("finned-x-wing", pos) == []


def swordfish_rows(row1: str, row5: str, row9: str) -> Position:
    """Every cell keeps its 4, but rows 1, 5 and 9 are drawn as given."""
    rows = {1: row1, 5: row5, 9: row9}
    return digit_picture("\n".join(rows.get(r, "x" * 9) for r in range(1, 10)), 4)


def test_finned_swordfish():
    pos = swordfish_rows(". x . | x . . | . . .", ". . . | x . . | x . .", ". x . | . . . | x x .")
    assert [s.explanation for s in steps("finned-swordfish", pos)] == [
        "Finned Swordfish 4 in rows 1, 5, 9 (columns 2, 4, 7), fin r9c8: removes 4 from r7c7, r8c7"]
    assert steps("swordfish", pos) == [] and steps("sashimi-swordfish", pos) == []


def test_sashimi_swordfish():
    pos = swordfish_rows(". x . | x . . | . . .", ". . . | x . . | x . .", ". x . | . . . | . x .")
    # Row 9 lacks r9c7. Row 5 can lend its fin as well: with cover c2/c4/c8 it is r5c7.
    assert [s.explanation for s in steps("sashimi-swordfish", pos)] == [
        "Sashimi Swordfish 4 in rows 1, 5, 9 (columns 2, 4, 8), fin r5c7: "
        "removes 4 from r4c8, r6c8",
        "Sashimi Swordfish 4 in rows 1, 5, 9 (columns 2, 4, 7), fin r9c8: "
        "removes 4 from r7c7, r8c7"]
    assert steps("finned-swordfish", pos) == []


def jellyfish_columns(with_r8c9: bool) -> Position:
    # Columns 1, 4, 6, 9 keep their 6 in rows 2, 3, 5, 8, plus the fin r7c9.
    keep = {1: (2, 5), 4: (3, 5), 6: (3, 8), 9: (2, 7) + ((8,) if with_r8c9 else ())}
    return digit_picture(picture(9, lambda r, c: c not in keep or r in keep[c]), 6)


def test_finned_jellyfish_in_columns():
    pos = jellyfish_columns(with_r8c9=True)
    assert [s.explanation for s in steps("finned-jellyfish", pos)] == [
        "Finned Jellyfish 6 in columns 1, 4, 6, 9 (rows 2, 3, 5, 8), fin r7c9: "
        "removes 6 from r8c7, r8c8"]
    step = steps("finned-jellyfish", pos)[0]
    d = step.to_dict(pos.geometry)
    assert d["base_sets"] == ["column 1", "column 4", "column 6", "column 9"]
    assert d["fins"] == [[7, 9, 6]]
    # Not reported as sashimi too; the sashimi jellyfish there has other fins and cover.
    assert [s.explanation for s in steps("sashimi-jellyfish", pos)] == [
        "Sashimi Jellyfish 6 in columns 1, 4, 6, 9 (rows 2, 5, 7, 8), fins r3c4, r3c6: "
        "removes 6 from r2c5"]


def test_sashimi_jellyfish_in_columns():
    pos = jellyfish_columns(with_r8c9=False)
    assert [s.explanation for s in steps("sashimi-jellyfish", pos)] == [
        "Sashimi Jellyfish 6 in columns 1, 4, 6, 9 (rows 2, 5, 7, 8), fins r3c4, r3c6: "
        "removes 6 from r2c5",
        "Sashimi Jellyfish 6 in columns 1, 4, 6, 9 (rows 2, 3, 5, 7), fin r8c6: "
        "removes 6 from r7c5",
        "Sashimi Jellyfish 6 in columns 1, 4, 6, 9 (rows 2, 3, 5, 8), fin r7c9: "
        "removes 6 from r8c7, r8c8"]
    assert steps("finned-jellyfish", pos) == [] and steps("jellyfish", pos) == []


def test_x_wing_6x6():
    # 2x3 boxes: columns 1 and 5 keep their 2 in rows 2 and 5 only.
    pos = digit_picture("""
        . x x | x . x
        x x x | x x x
        . x x | x . x
        . x x | x . x
        x x x | x x x
        . x x | x . x
    """, 2)
    assert eliminations("x-wing", pos) == [
        {f"r{r}c{c}-2" for r in (2, 5) for c in (2, 3, 4, 6)}]


def test_swordfish_12x12():
    # 3x4 boxes: rows 2, 6, 11 keep their 7 in columns 1, 5, 12; those columns have it elsewhere
    # only in r4c1 and r9c12.
    base = {2: (1, 5), 6: (5, 12), 11: (1, 12)}

    def has(r, c):
        if r in base:
            return c in base[r]
        return c not in (1, 5, 12) or (r, c) in {(4, 1), (9, 12)}

    pos = digit_picture(picture(12, has), 7)
    assert [s.explanation for s in steps("swordfish", pos)] == [
        "Swordfish 7 in rows 2, 6, 11 (columns 1, 5, 12): removes 7 from r4c1, r9c12"]


def test_finned_x_wing_16x16():
    # 4x4 boxes: rows 1 and 9 keep their 16 in columns 2 and 10; the fin r9c12 shares the box
    # of rows 9-12 and columns 9-12 with the corner r9c10.
    base = {1: (2, 10), 9: (2, 10, 12)}
    pos = digit_picture(picture(16, lambda r, c: r not in base or c in base[r]), 16)
    assert eliminations("finned-x-wing", pos) == [{"r10c10-16", "r11c10-16", "r12c10-16"}]
    assert steps("x-wing", pos) == []


# --- the fast search against the definition -----------------------------------------------

def fish_by_definition(pos: Position, size: int) -> set[tuple]:
    """Every row/column fish of ``size``: all base lines (two candidates or more, at most
    ``size`` + a box's width: the rest would be fins outside one box) and all covers drawn
    from their candidates, judged by :func:`fish_from_houses` (a base line may be all fins)."""
    g = pos.geometry
    n = g.size
    out = set()
    for d in range(1, n + 1):
        for o, width in ((0, g.box_cols), (1, g.box_rows)):
            lines = [i for i in range(n)
                     if 2 <= len(pos.cells_with(d, g.houses[o * n + i])) <= size + width]
            for base in combinations(lines, size):
                base_cells = [c for i in base for c in pos.cells_with(d, g.houses[o * n + i])]
                cross = sorted({(g.col_of(c) if o == 0 else g.row_of(c)) for c in base_cells})
                for cover in combinations(cross, size):
                    fish = fish_from_houses(pos, d, [o * n + i for i in base],
                                            [(1 - o) * n + j for j in cover])
                    if fish is None:
                        continue
                    out.add((fish.kind, d, fish.base, fish.cover, fish.fins, fish.eliminations))
    return out


def fish_by_search(pos: Position, size: int) -> set[tuple]:
    return {(f.kind, f.digit, f.base, f.cover, f.fins, f.eliminations)
            for kind in ("basic", "finned", "sashimi") for f in line_fish(pos, size, kind)}


def test_search_matches_the_definition_on_real_positions():
    count = 0
    for pos, _ in top1465_positions(10):
        for size in (2, 3, 4):
            found = fish_by_search(pos, size)
            assert found == fish_by_definition(pos, size)
            count += len(found)
    assert count  # the sample holds fish


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 3), (3, 4)])
def test_search_matches_the_definition_on_every_size(box):
    rng = random.Random(box[0] * 10 + box[1])
    g = Geometry.of(box[0] * box[1], box)
    for _ in range(4):
        pos, solution = thinned_position(g, rng, blank=0.7, thin=0.6)
        for size in (2, 3) if g.size > 9 else (2, 3, 4):
            found = fish_by_search(pos, size)
            assert found == fish_by_definition(pos, size)
            for _kind, digit, _base, _cover, _fins, elims in found:
                assert all(solution[c] != digit for c in elims)


# --- soundness on real puzzles ---------------------------------------------------------------

MINE = ["locked-candidates-pointing", "locked-candidates-claiming", "locked-pair", "locked-triple",
        "naked-pair", "naked-triple", "naked-quad", "hidden-pair", "hidden-triple", "hidden-quad",
        *BASIC, *FINNED, *SASHIMI]


def wrong(step, solution, pos) -> list[str]:
    bad = [f"removes {d} from {pos.geometry.name(c)}, the solution's digit"
           for c, d in step.eliminations if solution[c] == d]
    bad += [f"removes {d} from {pos.geometry.name(c)}, not a candidate there"
            for c, d in step.eliminations if not pos.has(c, d)]
    if not step.eliminations and not step.placements:
        bad.append("changes nothing")
    return bad


def test_every_instance_is_sound_on_thinned_positions():
    used = dict.fromkeys(MINE, 0)
    for pos, solution in top1465_positions(200 if SLOW else 60):
        for t in MINE:
            for step in REGISTRY[t].find(pos):
                bad = wrong(step, solution, pos)
                assert not bad, f"{step.explanation}: {bad}"
                used[t] += 1
    assert all(used.values()), [t for t, n in used.items() if not n]


def test_every_instance_is_sound_along_solve_paths():
    """Singles and these finders solve as far as they can; at every position where singles
    are exhausted, every instance of every finder is checked against the solution."""
    lines = data_sample("top1465", None if SLOW else 200)
    solver = LogicalSolver(SINGLES + sorted(MINE, key=lambda t: REGISTRY[t].difficulty),
                           unique=False)
    solved = 0
    for line in lines:
        grid = formats.parse_one(line)
        solution = solve(grid).solution.values
        pos = Position.from_grid(grid)
        index = 0
        while not pos.is_solved:
            step = solver.next_step(pos)
            if step is None:
                break
            assert not wrong(step, solution, pos), f"{line}: {step.explanation}"
            if step.technique not in SINGLES:
                index += 1
                if index % 3 == 0:  # every third such position: all instances
                    for t in MINE:
                        for other in REGISTRY[t].find(pos):
                            assert not wrong(other, solution, pos), f"{line}: {other.explanation}"
            pos.apply(step)
        assert pos.agrees_with(solution), line
        solved += pos.is_solved
    assert solved  # some top1465 puzzles fall to these techniques


@pytest.mark.parametrize("size,technique,rows", [
    (5, "squirmbag", (1, 4, 7, 10, 13)), (6, "whale", (1, 3, 5, 7, 9, 11)),
    (7, "leviathan", (1, 3, 5, 7, 9, 11, 13))])
def test_big_fish_on_16x16(size, technique, rows):
    # each base row keeps its 16 in two of the cover columns, in a cycle, so no smaller set of
    # rows is confined to as few columns: only the whole fish removes anything
    cols = (1, 4, 6, 9, 11, 14, 16)[:size]
    base = {r: (cols[i], cols[(i + 1) % size]) for i, r in enumerate(rows)}
    pos = digit_picture(picture(16, lambda r, c: r not in base or c in base[r]), 16)
    expected = {f"r{r}c{c}-16" for r in range(1, 17) if r not in base for c in cols}
    assert eliminations(technique, pos) == [expected]
    smaller = {5: "jellyfish", 6: "squirmbag", 7: "whale"}[size]
    assert steps(smaller, pos) == []


def test_big_fish_only_up_to_half_the_lines():
    # on 9x9 a five-line fish is the complement of a smaller one: never reported
    for pos, _ in top1465_positions(5):
        assert steps("squirmbag", pos) == []
