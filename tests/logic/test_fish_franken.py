"""Franken and mutant fish (boxes among the base or cover sets): hand-drawn positions with the
exact steps, positions where nothing may be reported, the search against the definition on
random positions of several sizes, and soundness on positions of forum_hardest_1106 puzzles."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from helpers import (blank_position, digit_picture, remove_wrong_candidates, stuck_positions,
                     thinned_position)

from sudokit.model.geometry import Geometry
from sudokit.model import formats
from sudokit.engines.logic import LogicalSolver, Position
from sudokit.engines.logic.options import listing_all
from sudokit.engines.logic.techniques import REGISTRY, default_order
from sudokit.engines.logic.techniques import fish as fish_module
from sudokit.engines.logic.techniques.fish import (HOUSE_TECHNIQUES, MAX_ENDO_FINS, MAX_FINS, Fish,
                                          fish_from_houses, fish_shape)

FRANKEN = ["franken-x-wing", "franken-swordfish", "franken-jellyfish"]
FINNED_FRANKEN = ["finned-franken-x-wing", "finned-franken-swordfish", "finned-franken-jellyfish"]
FINNED_MUTANT = ["finned-mutant-x-wing", "finned-mutant-swordfish", "finned-mutant-jellyfish"]


def steps(technique: str, pos: Position) -> list:
    """Every instance the technique lists (as ``all_steps`` asks for them)."""
    with listing_all():
        return list(REGISTRY[technique].find(pos))


def house_fish(pos: Position, size: int, reported: bool = False) -> list:
    with listing_all():
        return list(fish_module.house_fish(pos, size, reported))


def picture(size: int, has) -> str:
    """The picture of the cells (1-based row, column) for which ``has`` is true."""
    return "\n".join("".join("x" if has(r, c) else "." for c in range(1, size + 1))
                     for r in range(1, size + 1))


def sparse(size: int, rows=None, cols=None, boxes=None, box_shape=(3, 3)) -> str:
    """Every cell holds the digit except in the rows, columns and boxes given, which keep it
    only in the columns / rows / (row, column) cells listed."""
    rows, cols, boxes = rows or {}, cols or {}, boxes or {}

    def has(r, c):
        if r in rows:
            return c in rows[r]
        if c in cols:
            return r in cols[c]
        box = (r - 1) // box_shape[0] * (size // box_shape[1]) + (c - 1) // box_shape[1] + 1
        if box in boxes:
            return (r, c) in boxes[box]
        return True

    return picture(size, has)


def explanations(technique: str, pos: Position) -> list[str]:
    return [s.explanation for s in steps(technique, pos)]


def listed(technique: str, pos: Position) -> list[str]:
    """The explanations of every step the technique lists; each step is checked to be the fish
    of its base and cover sets by the definition, listed once."""
    out, seen = [], set()
    for step in steps(technique, pos):
        (digit,) = {d for _, d in step.eliminations}
        fish = fish_from_houses(pos, digit, step.base_sets, step.cover_sets)
        assert fish is not None and set(fish.eliminations) == {c for c, _ in step.eliminations}
        assert set(fish.fins) == {c for c, _ in step.fins}
        key = (tuple(step.base_sets), tuple(step.cover_sets))
        assert key not in seen
        seen.add(key)
        out.append(step.explanation)
    return out


# --- franken fish ---------------------------------------------------------------------------

def test_franken_x_wing_rows_against_a_column_and_a_box():
    # Rows 4 and 5 keep their 5 in column 2 and box 6 only: the two 5s of those rows are the
    # 5 of column 2 and the 5 of box 6 (or of boxes 4 and 6).
    pos = digit_picture(sparse(9, rows={4: {2, 7, 8}, 5: {2, 8, 9}}), 5)
    assert listed("franken-x-wing", pos) == [
        "Franken X-Wing 5 in rows 4, 5 (column 2 and box 6): removes 5 from r1c2, r2c2, r3c2, "
        "r6c2, r6c7, r6c8, r6c9, r7c2, r8c2, r9c2",
        "Franken X-Wing 5 in rows 4, 5 (boxes 4, 6): removes 5 from r6c1, r6c2, r6c3, r6c7, "
        "r6c8, r6c9"]
    step = steps("franken-x-wing", pos)[0]
    d = step.to_dict(pos.geometry)
    assert (d["base_sets"], d["cover_sets"]) == (["row 4", "row 5"], ["column 2", "box 6"])
    assert not step.fins
    # Rows 4, 5 against column 8 and box 4 leave the fins r4c7, r5c9: a finned franken x-wing
    # removing r6c8 (the franken x-wing removes it too; every instance is listed).
    assert ("Finned Franken X-Wing 5 in rows 4, 5 (column 8 and box 4), fins r4c7, r5c9: "
            "removes 5 from r6c8") in listed("finned-franken-x-wing", pos)


def test_finned_franken_x_wing_with_a_box_base():
    # Row 5 keeps its 3 in c4 and c8; box 3 in r1c8, r2c8 and the fin r3c9. If r3c4 were 3,
    # row 5 would need r5c8, box 3 then r3c9, which sees r3c4.
    pos = digit_picture(sparse(9, rows={5: {4, 8}}, boxes={3: {(1, 8), (2, 8), (3, 9)}}), 3)
    assert listed("finned-franken-x-wing", pos) == [
        "Finned Franken X-Wing 3 in row 5 and box 3 (columns 4, 8), fin r3c9: removes 3 from r3c4"]
    d = steps("finned-franken-x-wing", pos)[0].to_dict(pos.geometry)
    assert d["fins"] == [[3, 9, 3]]
    assert (d["base_sets"], d["cover_sets"]) == (["row 5", "box 3"], ["column 4", "column 8"])
    for t in FRANKEN:
        assert steps(t, pos) == [], t


def test_franken_swordfish():
    # Rows 1, 4, 6 chain through column 5, box 6 and column 2.
    pos = digit_picture(sparse(9, rows={1: {2, 5}, 4: {5, 8}, 6: {2, 9}}), 1)
    assert listed("franken-swordfish", pos) == [
        "Franken Swordfish 1 in rows 1, 4, 6 (columns 2, 5 and box 6): removes 1 from r2c2, r2c5, "
        "r3c2, r3c5, r5c2, r5c5, r5c7, r5c8, r5c9, r7c2, r7c5, r8c2, r8c5, r9c2, r9c5"]
    assert steps("franken-x-wing", pos) == []


def test_finned_franken_swordfish():
    # The same with a fin r1c3 in box 1: only the cells of column 2 in box 1 see it.
    pos = digit_picture(sparse(9, rows={1: {2, 3, 5}, 4: {5, 8}, 6: {2, 9}}), 1)
    found = listed("finned-franken-swordfish", pos)
    assert found[:2] == [
        "Finned Franken Swordfish 1 in rows 1, 4, 6 (columns 2, 5 and box 6), fin r1c3: "
        "removes 1 from r2c2, r3c2",
        "Finned Franken Swordfish 1 in rows 1, 4, 6 (column 5 and boxes 1, 6), fin r6c2: "
        "removes 1 from r2c2, r3c2"]
    assert steps("franken-swordfish", pos) == []


def jellyfish_cycle(row1=(1, 5)) -> str:
    # Rows 1, 4, 6 and box 7 chain through column 5, box 6, column 3 and column 1.
    return sparse(9, rows={1: set(row1), 4: {5, 8}, 6: {3, 9}}, boxes={7: {(8, 1), (9, 3)}})


def test_franken_jellyfish_and_its_complement():
    pos = digit_picture(jellyfish_cycle(), 8)
    removed = ("r2c1, r2c3, r2c5, r3c1, r3c3, r3c5, r5c1, r5c3, r5c5, r5c7, r5c8, r5c9, r7c5, "
               "r8c5, r9c5")
    # Columns 2, 4, 6 and box 3 hold their 8s only in rows 2, 3, 5 and box 8: the same
    # eliminations seen from the other side.
    assert listed("franken-jellyfish", pos)[:2] == [
        f"Franken Jellyfish 8 in rows 1, 4, 6 and box 7 (columns 1, 3, 5 and box 6): removes 8 "
        f"from {removed}",
        f"Franken Jellyfish 8 in columns 2, 4, 6 and box 3 (rows 2, 3, 5 and box 8): removes 8 "
        f"from {removed}"]
    assert steps("franken-swordfish", pos) == []


def test_finned_franken_jellyfish():
    # The cycle with a fin r1c2: only r2c1, r2c3, r3c1, r3c3 (box 1, in the cover columns)
    # see it; its complement (columns 2, 4, 6 and box 3) gets the fin too.
    pos = digit_picture(jellyfish_cycle(row1=(1, 2, 5)), 8)
    found = listed("finned-franken-jellyfish", pos)
    assert found[0] == (
        "Finned Franken Jellyfish 8 in rows 1, 4, 6 and box 7 (columns 1, 3, 5 and box 6), "
        "fin r1c2: removes 8 from r2c1, r2c3, r3c1, r3c3")
    assert ("Finned Franken Jellyfish 8 in columns 2, 4, 6 and box 3 (rows 2, 3, 5 and box 8), "
            "fin r1c2: removes 8 from r2c1, r2c3, r3c1, r3c3") in found
    assert max(len(s.fins) for s in steps("finned-franken-jellyfish", pos)) == MAX_FINS
    assert steps("franken-jellyfish", pos) == []


# --- mutant fish -----------------------------------------------------------------------------

def test_finned_mutant_x_wing():
    # Row 3 keeps its 7 in box 2 and the fin r3c9; column 4 in box 2 and r8c4. If r8c9 were 7,
    # column 4 would put its 7 in box 2, row 3 then in r3c9, which sees r8c9.
    pos = digit_picture(sparse(9, rows={3: {5, 6, 9}}, cols={4: {1, 2, 8}}), 7)
    assert listed("finned-mutant-x-wing", pos) == [
        "Finned Mutant X-Wing 7 in row 3 and column 4 (row 8 and box 2), fin r3c9: "
        "removes 7 from r8c9",
        "Finned Mutant X-Wing 7 in row 3 and column 4 (column 9 and box 2), fin r8c4: "
        "removes 7 from r8c9"]
    d = steps("finned-mutant-x-wing", pos)[0].to_dict(pos.geometry)
    assert (d["base_sets"], d["cover_sets"], d["fins"]) == (
        ["row 3", "column 4"], ["row 8", "box 2"], [[3, 9, 7]])
    for t in FRANKEN + ["finned-franken-x-wing", "mutant-x-wing"]:
        assert steps(t, pos) == [], t


def test_finned_mutant_swordfish():
    # Row 3, column 4 and box 9 chain through box 2, row 8 and column 8; row 3 has a fin r3c1.
    pos = digit_picture(sparse(9, rows={3: {1, 5, 8}}, cols={4: {1, 8}},
                               boxes={9: {(7, 8), (8, 9)}}), 2)
    found = listed("finned-mutant-swordfish", pos)
    for text in ("Finned Mutant Swordfish 2 in row 3, column 4 and box 9 (row 8, column 8 and "
                 "box 2), fin r3c1: removes 2 from r8c1",
                 "Finned Mutant Swordfish 2 in row 3, column 4 and box 9 (columns 1, 8 and box 2), "
                 "fins r8c4, r8c9: removes 2 from r8c1"):
        assert text in found


def test_finned_mutant_jellyfish():
    # Rows 2, 5, column 4 and box 9 chain through box 2, row 8, column 8 and column 1; row 5
    # has a fin r5c6.
    pos = digit_picture(sparse(9, rows={2: {1, 5}, 5: {1, 6, 8}}, cols={4: {1, 8}},
                               boxes={9: {(7, 8), (8, 9)}}), 4)
    assert ("Finned Mutant Jellyfish 4 in rows 2, 5, column 4 and box 9 (row 8, columns 1, 8 and "
            "box 2), fin r5c6: removes 4 from r1c6, r3c6, r8c6") in listed(
                "finned-mutant-jellyfish", pos)


# --- other sizes -----------------------------------------------------------------------------

def test_franken_x_wings_6x6():
    # 2x3 boxes: columns 1 and 2 keep their 4 in r1c1, r5c1, r1c2, r6c2.
    pos = digit_picture(sparse(6, cols={1: {1, 5}, 2: {1, 6}}), 4, box=(2, 3))
    assert explanations("franken-x-wing", pos) == [
        "Franken X-Wing 4 in columns 1, 2 (row 1 and box 5): removes 4 from r1c3, r1c4, r1c5, "
        "r1c6, r5c3, r6c3",
        "Franken X-Wing 4 in columns 1, 2 (boxes 1, 5): removes 4 from r1c3, r2c3, r5c3, r6c3",
        "Franken X-Wing 4 in row 2 and box 3 (column 3 and box 2): removes 4 from r1c3, r1c4, "
        "r1c5, r1c6, r5c3, r6c3",
        "Franken X-Wing 4 in rows 3, 4 (column 3 and box 4): removes 4 from r1c3, r2c3, r5c3, r6c3"]


def test_finned_mutant_x_wing_12x12():
    # 3x4 boxes: row 3 keeps its 11 in box 2 (c7, c8) and r3c11; column 6 in box 2 and r10c6.
    pos = digit_picture(sparse(12, rows={3: {7, 8, 11}}, cols={6: {1, 2, 10}}), 11, box=(3, 4))
    assert explanations("finned-mutant-x-wing", pos) == [
        "Finned Mutant X-Wing 11 in row 3 and column 6 (row 10 and box 2), fin r3c11: "
        "removes 11 from r10c11",
        "Finned Mutant X-Wing 11 in row 3 and column 6 (column 11 and box 2), fin r10c6: "
        "removes 11 from r10c11"]


# --- nothing to report -----------------------------------------------------------------------

BASIC_X_WING = sparse(9, rows={2: {3, 8}, 7: {3, 8}})
SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def test_a_basic_fish_is_not_reported_as_franken_or_mutant():
    pos = digit_picture(BASIC_X_WING, 5)
    assert len(steps("x-wing", pos)) == 1
    assert {tid for tid, _ in house_fish(pos, 2)} >= {"x-wing"}
    # rows 2 and 7 against columns 3 and 8 only as the x-wing; with a box they are franken
    for t in HOUSE_TECHNIQUES:
        for step in steps(t, pos):
            assert fish_shape(pos.geometry, step.base_sets, step.cover_sets) != "basic"
    assert steps("franken-x-wing", pos) == [] and steps("mutant-x-wing", pos) == []


@pytest.mark.parametrize("size,box", [(9, None), (16, None)])
def test_nothing_in_a_grid_full_of_candidates(size, box):
    pos = blank_position(size, box)
    for t in HOUSE_TECHNIQUES:
        assert steps(t, pos) == [], t


def test_nothing_in_a_solved_grid():
    pos = Position.from_grid(formats.parse_one(SOLVED))
    for t in HOUSE_TECHNIQUES:
        assert steps(t, pos) == [], t


def test_fish_shapes():
    g = Geometry.of(9)
    row, col, box = 0, 9, 18
    assert fish_shape(g, (row + 1, row + 4), (col + 2, col + 7)) == "basic"
    assert fish_shape(g, (col + 1, col + 4), (row + 2, row + 7)) == "basic"
    assert fish_shape(g, (row + 1, box + 4), (col + 2, col + 7)) == "franken"
    assert fish_shape(g, (row + 1, row + 4), (box + 2, box + 7)) == "franken"
    assert fish_shape(g, (col + 1, box + 4), (row + 2, box + 7)) == "franken"
    assert fish_shape(g, (row + 1, col + 4), (box + 2, box + 7)) == "mutant"
    assert fish_shape(g, (row + 1, box + 4), (row + 2, col + 7)) == "mutant"


# --- the search against the definition -------------------------------------------------------

def fish_by_definition(pos: Position, size: int) -> dict[tuple, set[int]]:
    """HoDoKu's fish straight from the definition: ``size`` base sets of any houses (two
    candidates or more each, at most MAX_ENDO_FINS candidates in two of them), cover sets among
    the houses their candidates touch, each holding a base candidate, at most MAX_FINS fins
    outside the cover (a base set may be all fins), something
    eliminated. Per digit and technique id: the candidates some such fish eliminates."""
    g = pos.geometry
    out: dict[tuple, set[int]] = {}
    for d in range(1, g.size + 1):
        cells = {h: set(pos.cells_with(d, house)) for h, house in enumerate(g.houses)}
        bases = [h for h in cells if len(cells[h]) >= 2]
        for base in combinations(bases, size):
            base_cells = set().union(*(cells[h] for h in base))
            if sum(len(cells[h]) for h in base) - len(base_cells) > MAX_ENDO_FINS:
                continue
            touched = sorted({h for c in base_cells for h in g.houses_of[c]} - set(base))
            for cover in combinations(touched, size):
                if any(not cells[h] & base_cells for h in cover):
                    continue
                fish = fish_from_houses(pos, d, base, cover)
                if fish is None:
                    continue
                covered = set().union(*(cells[h] for h in cover))
                if len(base_cells - covered) > MAX_FINS:
                    continue
                thin = min(len(cells[h] & set(fish.body)) for h in base)
                tid = _technique(g, fish, thin)
                out.setdefault((d, tid), set()).update(fish.eliminations)
    return out


def _technique(g: Geometry, fish, thin: int) -> str | None:
    shape = fish_shape(g, fish.base, fish.cover)
    name = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}[len(fish.base)]
    if shape == "basic":
        return name if not fish.fins else f"{'sashimi' if thin <= 1 else 'finned'}-{name}"
    return f"{'finned-' if fish.fins else ''}{shape}-{name}"


def fish_by_search(pos: Position, size: int) -> dict[tuple, set[int]]:
    out: dict[tuple, set[int]] = {}
    for tid, f in house_fish(pos, size):
        # each fish listed is one of the definition, with its fins and eliminations
        assert fish_from_houses(pos, f.digit, f.base, f.cover) == Fish(
            f.digit, f.base, f.cover, f.body, f.fins, f.eliminations,
            sashimi=fish_from_houses(pos, f.digit, f.base, f.cover).sashimi)
        out.setdefault((f.digit, tid), set()).update(f.eliminations)
    return out


@pytest.mark.parametrize("box,sizes,count", [((2, 2), (2, 3), 8), ((2, 3), (2, 3), 3),
                                             ((3, 3), (2,), 2)])
def test_search_matches_the_definition(box, sizes, count):
    """Every candidate a fish of the definition eliminates, the search eliminates with a fish
    of the same technique, and nothing else."""
    rng = random.Random(box[0] * 10 + box[1])
    g = Geometry.of(box[0] * box[1], box)
    total = 0
    for _ in range(count):
        pos, solution = thinned_position(g, rng, blank=0.7, thin=0.5)
        for size in sizes:
            found = fish_by_search(pos, size)
            assert found == fish_by_definition(pos, size)
            total += len(found)
            for (digit, _), elims in found.items():
                assert all(solution[c] != digit for c in elims)
    assert total


def test_every_fish_gets_the_id_of_its_shape_and_kind():
    rng = random.Random(7)
    g = Geometry.of(6, (2, 3))
    seen = set()
    for _ in range(6):
        pos, _ = thinned_position(g, rng, blank=0.7, thin=0.5)
        for size, name in ((2, "x-wing"), (3, "swordfish")):
            for tid, fish in house_fish(pos, size):
                shape = fish_shape(g, fish.base, fish.cover)
                seen.add((shape, bool(fish.fins)))
                if shape == "basic":
                    assert tid in ({f"finned-{name}", f"sashimi-{name}"} if fish.fins else {name})
                else:
                    assert tid == (f"finned-{shape}-{name}" if fish.fins else f"{shape}-{name}")
            for tid, _ in house_fish(pos, size, reported=True):
                assert tid in HOUSE_TECHNIQUES
    assert seen == {(shape, finned) for shape in ("basic", "franken", "mutant")
                    for finned in (False, True)}


# --- soundness on real positions -------------------------------------------------------------

def below_franken() -> LogicalSolver:
    """The solver of the techniques simpler than franken fish (uniqueness off)."""
    limit = REGISTRY["franken-x-wing"].difficulty
    return LogicalSolver([t for t in default_order() if REGISTRY[t].difficulty < limit
                          and not REGISTRY[t].uniqueness], unique=False)


def wrong(step, pos: Position, solution: list[int]) -> list[str]:
    bad = [f"removes {d} from {pos.geometry.name(c)}, not a candidate there"
           for c, d in step.eliminations if not pos.has(c, d)]
    bad += [f"removes the solution's {d} from {pos.geometry.name(c)}"
            for c, d in step.eliminations if solution[c] == d]
    bad += [f"places a wrong {d} in {pos.geometry.name(c)}"
            for c, d in step.placements if solution[c] != d]
    if not step.eliminations and not step.placements:
        bad.append("changes nothing")
    return bad


def test_sound_on_forum_hardest_positions():
    """Every step on 30 stuck positions (listed as ``all_steps`` does on half of them), and on
    the same positions with 15% of their wrong candidates removed (as further along a solve:
    many more fish), agrees with the solution."""
    rng = random.Random(3)
    found = {t: [0, 0] for t in HOUSE_TECHNIQUES}
    positions = 0
    for stuck, solution in stuck_positions("forum_hardest_1106", 10, 3, below_franken()):
        positions += 1
        thinned = stuck.copy()
        remove_wrong_candidates(thinned, solution, rng, 0.15)
        for k, pos in enumerate((stuck, thinned)):
            for t in HOUSE_TECHNIQUES:
                for step in steps(t, pos) if k == 0 and positions % 2 else REGISTRY[t].find(pos):
                    found[t][k] += 1
                    assert not wrong(step, pos, solution), step.explanation
    assert positions == 30
    assert sum(stuck for stuck, _ in found.values()), found
    assert all(thinned for _, thinned in found.values()), found


def test_digits_every_template_covers_hide_no_fish(monkeypatch):
    """Fish searches skip a digit whose candidates all lie in some template (templates.
    untemplated); on stuck positions, and on them with 15% of the wrong candidates removed,
    every fish of every shape is listed as by the search of every digit."""
    rng = random.Random(5)
    lines = sorted(set(fish_module.TECHNIQUE.values()) - set(fish_module.BIG_SIZES.values()))

    def everything(pos: Position) -> tuple:
        shapes = [house_fish(pos, size) for size in (2, 3, 4)]
        return shapes, [[s.explanation for s in steps(t, pos)] for t in lines]

    listed = 0
    for stuck, solution in stuck_positions("forum_hardest_1106", 4, 2, below_franken()):
        thinned = stuck.copy()
        remove_wrong_candidates(thinned, solution, rng, 0.15)
        for pos in (stuck, thinned):
            skipping = everything(pos)
            with monkeypatch.context() as m:
                m.setattr(fish_module, "untemplated", lambda p: [None] * (p.geometry.size + 1))
                searched = everything(pos)
            assert skipping == searched
            listed += sum(map(len, searched[0] + searched[1]))
    assert listed


# --- HoDoKu's endo fins, cannibalism, unfinned mutant fish, large fish asked for by id -----

def test_endo_fin_finned_franken_x_wing():
    # Row 8 and box 7 share r8c2, an endo fin. If it is false, row 8 has its 6 in r8c7 and
    # box 7 in r7c2 or r9c2: column 2 takes box 7's 6. If it is true, it sees column 2 too.
    pos = digit_picture(sparse(9, rows={8: {2, 7}}, boxes={7: {(7, 2), (8, 2), (9, 2)}}), 6)
    found = listed("finned-franken-x-wing", pos)
    assert ("Finned Franken X-Wing 6 in row 8 and box 7 (columns 2, 7), fin r8c2: removes 6 "
            "from r1c2, r2c2, r3c2, r4c2, r5c2, r6c2") in found


def test_cannibalism_removes_a_base_candidate_in_two_cover_sets():
    # Row 1 keeps its 9 in r1c2 and the fin r1c6, box 7 in column 2. Without the fin, r1c2
    # would fill column 2 and box 1 at once and box 7 could not have a 9; with it, r1c2 is
    # in the fin's row.
    pos = digit_picture(sparse(9, rows={1: {2, 6}}, boxes={7: {(7, 2), (9, 2)}}), 9)
    assert ("Finned Franken X-Wing 9 in row 1 and box 7 (column 2 and box 1), fin r1c6: "
            "removes 9 from r1c2") in listed("finned-franken-x-wing", pos)


def test_franken_and_mutant_names_follow_hodoku():
    # Rows with a box against columns (or boxes) are franken; a row with a column as base is
    # mutant: row 3 keeps its 5 in box 1, column 7 in box 9, and the two boxes lose the rest.
    pos = digit_picture(sparse(9, rows={3: {1, 2}}, cols={7: {7, 9}}), 5)
    assert ("Mutant X-Wing 5 in row 3 and column 7 (boxes 1, 9): removes 5 from r1c1, r1c2, "
            "r1c3, r2c1, r2c2, r2c3, r7c8, r7c9, r8c8, r8c9, r9c8, r9c9") in listed(
                "mutant-x-wing", pos)
    # rows 4, 5 against column 2 and box 6 are franken; boxes 4, 5 against row 6 and column 2
    # (the same eliminations) are mutant
    franken = digit_picture(sparse(9, rows={4: {2, 7, 8}, 5: {2, 8, 9}}), 5)
    removed = "removes 5 from r1c2, r2c2, r3c2, r6c2, r6c7, r6c8, r6c9, r7c2, r8c2, r9c2"
    assert f"Franken X-Wing 5 in rows 4, 5 (column 2 and box 6): {removed}" in listed(
        "franken-x-wing", franken)
    assert listed("mutant-x-wing", franken) == [
        f"Mutant X-Wing 5 in boxes 4, 5 (row 6 and column 2): {removed}"]


def test_finned_mutant_squirmbag_asked_for_by_id():
    # Rows 1, 8, 9, column 6 and box 4 hold their 7s in a cycle through column 1, box 2,
    # row 6, column 3 and box 9, two candidates in each; r1c9 is a fin. Without it the cycle
    # fills the five cover sets; with it, only r6c9 and r7c9 of the cover see it.
    pos = digit_picture(sparse(9, rows={1: {1, 5, 9}, 8: {3, 8}, 9: {1, 7}}, cols={6: {2, 6}},
                               boxes={4: {(6, 2), (5, 3)}}), 7)
    found = listed("finned-mutant-squirmbag", pos)
    assert ("Finned Mutant Squirmbag 7 in rows 1, 8, 9, column 6 and box 4 (row 6, columns 1, 3 "
            "and boxes 2, 9), fin r1c9: removes 7 from r6c9, r7c9") in found
    assert "finned-mutant-squirmbag" not in default_order()
    listed_steps = LogicalSolver(["finned-mutant-squirmbag"], unique=False).all_steps(pos)
    assert {frozenset(s.eliminations) for s in listed_steps} >= {
        frozenset({(6 * 9 - 1, 7), (7 * 9 - 1, 7)})}
