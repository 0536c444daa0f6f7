"""A puzzle is checked once (issue 40, item 2): one step, hint or steps request runs the search
at most once, its result (unique, the solution) handed to the logical solver."""

from __future__ import annotations

import json

import pytest

from sudokit.engines.logic import LogicalSolver, Position
from sudokit.engines import search
from sudokit.engines.search import _core
from sudokit.model import formats
from sudokit.adapters.web import tasks

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
#: top1465's first puzzle: its solve path needs forcing chains and nets.
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


@pytest.fixture
def searches(monkeypatch):
    """The number of calls of the compiled search (every search goes through it)."""
    calls = []
    solve = _core.solve

    def counted(*args, **kwargs):
        calls.append(bytes(args[0]))
        return solve(*args, **kwargs)

    monkeypatch.setattr(_core, "solve", counted)
    return calls


def body(position: Position, **extra) -> dict:
    return {"puzzle": json.loads(position.to_json()), "max_size": 36, **extra}


def before_first(text: str, family: str) -> Position:
    """The position of ``text``'s solve path just before its first step of ``family``."""
    position = Position.from_grid(formats.parse_one(text))
    path = LogicalSolver().solve_path(position.copy())
    for step in path.steps:
        if step.technique.startswith(family):
            return position
        position.apply(step)
    raise AssertionError(f"no {family} step in the path")


def answer(name: str, req: dict) -> dict:
    status, *result = tasks.run(name, req)
    assert status == "ok", result
    return result[0]


def checks_of(calls: list, position: Position) -> int:
    """The searches among ``calls`` of the puzzle itself (its givens)."""
    givens = bytes(v if g else 0 for v, g in zip(position.values, position.givens))
    return sum(values == givens for values in calls)


@pytest.mark.parametrize("task", ["step", "hint"])
def test_a_request_on_an_easy_puzzle_searches_once(searches, task):
    position = Position.from_grid(formats.parse_one(EASY))
    result = answer(task, body(position, level="step"))
    assert result["warning"] is None
    assert len(searches) == 1


def test_a_list_of_every_step_checks_the_puzzle_once(searches):
    """The recursive candidate test asks the search of each candidate (that is the technique);
    the puzzle itself is searched once."""
    position = Position.from_grid(formats.parse_one(EASY))
    result = answer("steps", body(position))
    assert result["complete"] and result["steps"]
    assert checks_of(searches, position) == 1


@pytest.mark.parametrize("techniques", [None, ["candidate-test"], ["dynamic-forcing-chain"],
                                        ["nested-forcing-chain"], ["forcing-net"]])
def test_a_step_that_needs_forcing_chains_searches_once(searches, techniques):
    """The chain and trial finders skip the candidates of the solution: the one the task's
    check found, not a search of their own."""
    position = before_first(HARD, "forcing")
    del searches[:]
    result = answer("step", body(position, techniques=techniques))
    assert result["step"] is not None
    if techniques is not None:
        assert result["step"]["technique"] == techniques[0]
    assert len(searches) == 1


def test_a_position_that_left_the_solution_is_still_warned_about(searches):
    """The check's solution says a wrong entry is wrong without another search."""
    grid = formats.parse_one(EASY)
    position = Position.from_grid(grid)
    cell = position.values.index(0)
    right = search.solve(grid).solution.values[cell]
    del searches[:]
    wrong = next(d for d in range(1, 10) if position.has(cell, d) and d != right)
    position.place(cell, wrong)
    result = answer("step", body(position))
    assert result["warning"]
    assert len(searches) == 1


def test_a_rating_searches_once(searches):
    """The rate task's count of the solutions gives the rating its solution: the forcing chains
    of the rating path skip its candidates without a search of each position (20 searches
    before)."""
    result = answer("rate", {"puzzle": HARD, "max_size": 36})
    assert result["status"] == "unique" and result["score"] >= 8
    assert len(searches) == 1
