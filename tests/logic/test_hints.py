"""Hints (nudge, step, apply) and checking a user's grid against the solution."""

from __future__ import annotations

import pytest

from sudokit.model.errors import InvalidPuzzleError, SudokitError
from sudokit.model.grid import Grid
from sudokit.model import formats
from sudokit.engines.logic import Position, check, hint, next_step
from sudokit.engines.search import solve

# A well-known easy puzzle (singles only) and its solution, worked out by the search.
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# 6x6 (2x3 boxes)
SIX = "1.....\n..3.5.\n.4....\n....2.\n.5.1..\n.....6"


def solution_of(text: str, box=None) -> Grid:
    return solve(formats.parse_one(text, box=box)).solution


# --- hints --------------------------------------------------------------------------------------

def test_nudge_names_the_technique_and_where_to_look_but_not_the_answer():
    h = hint(EASY)
    step = next_step(EASY)
    assert h.level == "nudge" and h.technique == step.technique
    assert h.step.key() == step.key()
    assert step.name in h.text
    where = [Position.coerce(EASY).geometry.house_name(x) for x in step.houses]
    assert where and all(w in h.text for w in where)
    (cell, digit), = step.placements
    assert "places" not in h.text and "removes" not in h.text and "=" not in h.text
    d = h.to_dict()
    assert "step" not in d and "placements" not in str(d)
    assert d["technique"] == step.technique and d["houses"] == where


def test_step_level_is_the_full_explanation():
    h = hint(EASY, level="step")
    assert h.text == next_step(EASY).explanation
    assert h.to_dict()["step"]["placements"] == h.step.to_dict(h.position.geometry)["placements"]
    # the nudge turns into the same step
    assert hint(EASY).at("step").text == h.text


def test_applying_hints_solves_an_easy_puzzle():
    position = Position.coerce(EASY)
    start = position.copy()
    for _ in range(100):
        h = hint(position)
        if h is None:
            break
        nxt = h.apply()
        assert h.position.values == position.values  # apply gives a new position
        position = nxt
    assert position.is_solved
    assert position.values == solution_of(EASY).values
    assert start.values == Position.coerce(EASY).values


def test_no_hint_for_a_solved_grid_or_when_stuck():
    assert hint(solution_of(EASY)) is None
    # many cells have more than three candidates: no BUG+1, so with that technique alone the
    # solver is stuck
    pos = Position.coerce(EASY)
    assert hint(pos, techniques=["bug-plus-1"], unique=True) is None
    assert hint(pos, techniques=["bug-plus-1", "hidden-single"], unique=True) is not None


def test_hint_on_6x6_uses_6x6_names():
    h = hint(formats.parse_one(SIX), level="step")
    assert h is not None and h.step.placements
    cell, digit = h.step.placements[0]
    assert 1 <= digit <= 6 and solution_of(SIX).values[cell] == digit


def test_hint_errors():
    with pytest.raises(SudokitError, match="unknown hint level"):
        hint(EASY, level="answer")
    # a cell left without candidates: the position contradicts itself
    bad = Position.coerce(EASY)
    bad.cands[0] = 0
    with pytest.raises(InvalidPuzzleError, match="r1c1 has no candidate"):
        hint(bad)


# --- check --------------------------------------------------------------------------------------

def _with(text: str, entries: dict[int, int]) -> str:
    cells = list(text)
    for cell, v in entries.items():
        cells[cell] = str(v)
    return "".join(cells)


def test_check_finds_the_wrong_entries():
    sol = solution_of(EASY).values
    empty = [i for i, ch in enumerate(EASY) if ch == "."]
    right, wrong1, wrong2 = empty[0], empty[1], empty[5]
    user = _with(EASY, {right: sol[right], wrong1: sol[wrong1] % 9 + 1,
                        wrong2: sol[wrong2] % 9 + 1})
    r = check(EASY, user)
    assert r.wrong == sorted([wrong1, wrong2])
    assert r.entries == 3 and not r.solved and not r.complete and r.unique
    d = r.to_dict()
    n = 9
    assert [w[:2] for w in d["wrong"]] == [[c // n + 1, c % n + 1] for c in r.wrong]
    assert [w[3] for w in d["wrong"]] == [sol[c] for c in r.wrong]


def test_check_right_entries_and_a_solved_grid():
    sol = solution_of(EASY)
    empty = [i for i, ch in enumerate(EASY) if ch == "."]
    r = check(EASY, _with(EASY, {c: sol.values[c] for c in empty[:10]}))
    assert r.wrong == [] and r.solvable and not r.solved
    r = check(EASY, sol)
    assert r.solved and r.complete and r.describe().startswith("solved")


def test_check_a_wrong_entry_can_leave_the_grid_unsolvable():
    sol = solution_of(EASY).values
    empty = [i for i, ch in enumerate(EASY) if ch == "."]
    # a wrong digit that clashes with nothing yet: the grid cannot be finished all the same
    user = formats.parse_one(EASY)
    cell = empty[0]
    for d in range(1, 10):
        if d != sol[cell] and d not in {user.values[p] for p in user.geometry.peers[cell]}:
            user.values[cell] = d
            break
    r = check(EASY, user)
    assert r.wrong == [cell]
    assert not r.clashes
    assert r.solvable is False  # the puzzle has one solution, so any wrong digit kills it


def test_check_clashes_and_changed_givens():
    sol = solution_of(EASY).values
    first_given = next(i for i, ch in enumerate(EASY) if ch != ".")
    user = _with(EASY, {first_given: sol[first_given] % 9 + 1})
    r = check(EASY, user)
    assert first_given in r.wrong
    assert r.solvable is False


def test_check_6x6_and_several_solutions():
    sol = solution_of(SIX, box="2x3")
    r = check(formats.parse_one(SIX), sol)
    assert r.solved
    # an empty 4x4 has many solutions: consistent entries are not wrong
    empty4 = "." * 16
    r = check(empty4, "12" + "." * 14)
    assert not r.unique and r.wrong == [] and r.solvable
    r = check(empty4, "11" + "." * 14)
    assert r.clashes and not r.solvable


def test_check_refuses_a_different_size():
    with pytest.raises(SudokitError, match="4x4"):
        check(EASY, "." * 16)


def test_nudge_for_a_forcing_chain_names_the_assumption_not_the_chain():
    from helpers import blank_position

    pos = blank_position(cands={"r1c1": "12", "r1c5": "13", "r5c1": "23"})
    h = hint(pos, techniques=["forcing-chain"], unique=False)
    assert h.text == "Forcing Chain: look at r1c1."
    assert h.at("step").text.startswith("Forcing Chain: r1c1 is 1 or 2, and each leads to it (")
