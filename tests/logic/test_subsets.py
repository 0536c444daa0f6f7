"""Naked and hidden pairs, triples and quads on hand-written positions, and the finders checked
against a search of every combination straight from the definition."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from helpers import (blank_position, cell_of, eliminations, names, steps, thinned_position,
                     top1465_positions)

from sudokit.model.geometry import Geometry

NOT_47 = "1235689"


def test_naked_pair_in_a_row():
    pos = blank_position(9, cands={
        "r3c2": "47", "r3c8": "47", "r3c5": "12345689", "r3c6": "12356789",
        **{f"r3c{c}": NOT_47 for c in (1, 3, 4, 7, 9)}})
    found = steps("naked-pair", pos)
    assert [s.explanation for s in found] == [
        "Naked Pair 4/7 in row 3 (r3c2, r3c8): removes 4 from r3c5 and 7 from r3c6"]
    assert names(pos, found[0].eliminations) == {"r3c5-4", "r3c6-7"}
    assert found[0].cells == [cell_of(pos.geometry, "r3c2"), cell_of(pos.geometry, "r3c8")]
    assert found[0].houses == [2]


def test_naked_triple_in_a_column():
    pos = blank_position(9, cands={"r1c5": "12", "r5c5": "23", "r9c5": "13"})
    expected = {f"r{r}c5-{d}" for r in (2, 3, 4, 6, 7, 8) for d in (1, 2, 3)}
    assert eliminations("naked-triple", pos) == [expected]
    assert eliminations("naked-pair", pos) == []


def test_naked_quad_in_a_box():
    pos = blank_position(9, cands={"r7c7": "12", "r7c8": "23", "r9c7": "34", "r9c9": "14"})
    rest = {"r7c9", "r8c7", "r8c8", "r8c9", "r9c8"}
    assert eliminations("naked-quad", pos) == [{f"{c}-{d}" for c in rest for d in (1, 2, 3, 4)}]
    assert eliminations("naked-triple", pos) == []
    assert steps("naked-quad", pos)[0].explanation.startswith(
        "Naked Quad 1/2/3/4 in box 9 (r7c7, r7c8, r9c7, r9c9): removes ")


def test_naked_pair_with_nothing_to_remove():
    pos = blank_position(9, cands={"r3c2": "47", "r3c8": "47",
                                   **{f"r3c{c}": NOT_47 for c in (1, 3, 4, 5, 6, 7, 9)}})
    assert eliminations("naked-pair", pos) == []


def test_hidden_pair_in_a_box():
    box5 = ["r4c4", "r4c6", "r5c4", "r5c5", "r5c6", "r6c4", "r6c5"]
    pos = blank_position(9, cands={"r4c5": "12349", "r6c6": "1569",
                                   **{c: "2345678" for c in box5}})
    found = steps("hidden-pair", pos)
    assert [names(pos, s.eliminations) for s in found] == [
        {"r4c5-2", "r4c5-3", "r4c5-4", "r6c6-5", "r6c6-6"}]
    assert found[0].explanation == ("Hidden Pair 1/9 in box 5 (r4c5, r6c6): removes 2/3/4 from "
                                    "r4c5 and 5/6 from r6c6")


def test_hidden_pair_that_is_already_naked_finds_nothing():
    box5 = ["r4c4", "r4c6", "r5c4", "r5c5", "r5c6", "r6c4", "r6c5"]
    pos = blank_position(9, cands={"r4c5": "19", "r6c6": "19", **{c: "2345678" for c in box5}})
    assert eliminations("hidden-pair", pos) == []
    assert eliminations("naked-pair", pos) == []


def test_hidden_triple_in_a_row():
    others = {f"r2c{c}": "134679" for c in (2, 3, 5, 6, 7, 8)}
    pos = blank_position(9, cands={"r2c1": "2567", "r2c4": "158", "r2c9": "238", **others})
    assert eliminations("hidden-triple", pos) == [{"r2c1-6", "r2c1-7", "r2c4-1", "r2c9-3"}]
    assert eliminations("hidden-pair", pos) == []


def test_hidden_quad_in_a_column():
    others = {f"r{r}c1": "56789" for r in (2, 4, 6, 7, 9)}
    pos = blank_position(9, cands={"r1c1": "1256", "r3c1": "2378", "r5c1": "3489", "r8c1": "149",
                                   **others})
    assert eliminations("hidden-quad", pos) == [
        {"r1c1-5", "r1c1-6", "r3c1-7", "r3c1-8", "r5c1-8", "r5c1-9", "r8c1-9"}]
    assert eliminations("hidden-triple", pos) == []


def test_naked_and_hidden_pair_6x6():
    # 2x3 boxes. Row 1: naked pair 1/2. Box 4 (rows 3-4, columns 4-6): 5 and 6 only in r3c4, r4c6.
    pos = blank_position(6, cands={
        "r1c1": "12", "r1c5": "12",
        "r3c4": "356", "r4c6": "1456", "r3c5": "1234", "r3c6": "1234", "r4c4": "1234",
        "r4c5": "1234"})
    assert eliminations("naked-pair", pos) == [
        {f"r1c{c}-{d}" for c in (2, 3, 4, 6) for d in (1, 2)}]
    assert eliminations("hidden-pair", pos) == [{"r3c4-3", "r4c6-1", "r4c6-4"}]


def test_hidden_quad_16x16():
    others = {f"r5c{c}": "123456789EFG" for c in range(1, 17) if c not in (1, 6, 11, 16)}
    pos = blank_position(16, cands={"r5c1": "AB1", "r5c6": "BC2", "r5c11": "CD3", "r5c16": "DA4",
                                    **others})
    assert eliminations("hidden-quad", pos) == [{"r5c1-1", "r5c6-2", "r5c11-3", "r5c16-4"}]
    assert steps("hidden-quad", pos)[0].explanation.startswith(
        "Hidden Quad 10/11/12/13 in row 5 (r5c1, r5c6, r5c11, r5c16): ")


def test_naked_triple_12x12():
    pos = blank_position(12, cands={"r2c1": "AB", "r2c5": "BC", "r2c12": "AC"})  # 10, 11, 12
    assert eliminations("naked-triple", pos) == [
        {f"r2c{c}-{d}" for c in range(2, 12) if c != 5 for d in (10, 11, 12)}]


# --- against the definition ----------------------------------------------------------------

def by_definition(pos, k: int, hidden: bool) -> set[tuple]:
    """Every (house, cells, eliminations) of a naked or hidden k-subset, by trying every
    combination."""
    g = pos.geometry
    out = set()
    for h, house in enumerate(g.houses):
        empty = [c for c in house if pos.cands[c]]
        if hidden:
            present = sorted({d for c in empty for d in range(1, g.size + 1) if pos.has(c, d)})
            for digits in combinations(present, k):
                where = {c for c in empty for d in digits if pos.has(c, d)}
                if len(where) != k or any(sum(pos.has(c, d) for c in empty) < 2 for d in digits):
                    continue
                elims = {(c, d) for c in where for d in range(1, g.size + 1)
                         if pos.has(c, d) and d not in digits}
                if elims:
                    out.add((tuple(sorted(where)), frozenset(elims)))
        else:
            for chosen in combinations(empty, k):
                union = 0
                for c in chosen:
                    union |= pos.cands[c]
                if union.bit_count() != k or any(pos.cands[c].bit_count() < 2 for c in chosen):
                    continue
                elims = {(c, d) for c in empty if c not in chosen
                         for d in range(1, g.size + 1) if union >> (d - 1) & 1 and pos.has(c, d)}
                if elims:
                    out.add((h, tuple(chosen), frozenset(elims)))
    return out


def by_finder(pos, k: int, hidden: bool) -> set[tuple]:
    tech = ("hidden" if hidden else "naked") + "-" + {2: "pair", 3: "triple", 4: "quad"}[k]
    found = steps(tech, pos)
    if hidden:
        return {(tuple(sorted(s.cells)), frozenset(s.eliminations)) for s in found}
    return {(s.houses[0], tuple(sorted(s.cells)), frozenset(s.eliminations)) for s in found}


@pytest.mark.parametrize("k", [2, 3, 4])
@pytest.mark.parametrize("hidden", [False, True], ids=["naked", "hidden"])
def test_finders_match_the_definition_on_real_positions(k, hidden):
    for pos, _ in top1465_positions(12):
        assert by_finder(pos, k, hidden) == by_definition(pos, k, hidden)


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)])
def test_finders_match_the_definition_on_every_size(box):
    rng = random.Random(box[0] * 10 + box[1])
    g = Geometry.of(box[0] * box[1], box)
    for _ in range(3 if g.size > 9 else 8):
        pos, solution = thinned_position(g, rng, blank=0.6, thin=0.5)
        for k in (2, 3, 4):
            for hidden in (False, True):
                found = by_finder(pos, k, hidden)
                assert found == by_definition(pos, k, hidden)
                for *_, elims in found:
                    assert all(solution[c] != d for c, d in elims)

