"""Candidate grids (sukaku, pencil marks, the position JSON) as a user gives them: the filled
cells' digits may still stand among their peers' candidates, and a cell may hold a single
candidate without being filled. Every technique must stay sound on them (issue 39: a sukaku of a
medium puzzle got a Hidden Quad that removed true digits, and a rating of 9.5)."""

from __future__ import annotations

import random
from pathlib import Path

from helpers import data_sample
from hypothesis import given, settings, strategies as st

from sudokit.model import formats
from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.engines.logic import LogicalSolver, Position
from sudokit.model.position import bit
from sudokit.engines.rating import rate
from sudokit.engines.search import solve

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: Left to the other soundness tests: forcing and trial (they dominate the time of a solve path
#: here), and every ALS-XY-Chain of a wide-open position (seconds each).
COSTLY = ("als-xy-chain", "nishio", "forcing-chain", "forcing-net", "multiple-forcing-chain",
           "dynamic-forcing-chain", "dynamic-forcing-chain-plus", "nested-forcing-chain",
           "candidate-test", "candidate-test-recursive")


def wrong(step, solution):
    return step.errors(solution)


def raw_candidate_grid(line: str, rng: random.Random) -> tuple[Grid, list[int]]:
    """A puzzle as a candidate grid nobody cleaned: each empty cell holds its solution's digit
    and a random share of the others (a filled peer's digit among them), some only the solution's
    digit (a single candidate, not filled)."""
    grid = formats.parse_one(line)
    solution = solve(grid).solution.values
    full = (1 << grid.size) - 1
    masks = []
    for v, s in zip(grid.values, solution):
        if v:
            masks.append(bit(v))
        elif rng.random() < 0.1:
            masks.append(bit(s))
        else:
            masks.append(bit(s) | (full & rng.getrandbits(grid.size)))
    return Grid(grid.geometry, grid.values, candidates=masks), solution


def test_a_sukaku_of_a_puzzle_is_solved_and_rated_as_the_puzzle_is():
    grid = formats.parse_one((EXAMPLES / "expressen.txt").read_text())
    (sukaku,) = formats.parse(formats.dumps(grid, "sukaku"), "sukaku")
    solution = solve(grid).solution.values
    plain, marked = LogicalSolver().solve_path(grid), LogicalSolver().solve_path(sukaku)
    assert marked.solved
    assert not [s.explanation for s in marked.steps if wrong(s, solution)]
    assert [s.technique for s in marked.steps] == [s.technique for s in plain.steps]
    assert rate(sukaku).score == rate(grid).score


@given(st.data())
@settings(max_examples=60, deadline=None)
def test_a_filled_cell_s_digit_is_no_candidate_of_its_peers(data):
    box = data.draw(st.sampled_from([(2, 2), (2, 3), (3, 3)]))
    g = Geometry.of(box[0] * box[1], box)
    values = data.draw(st.lists(st.integers(0, g.size), min_size=g.ncells, max_size=g.ncells))
    masks = data.draw(st.lists(st.integers(0, (1 << g.size) - 1), min_size=g.ncells,
                               max_size=g.ncells))
    pos = Position.from_candidates(Grid(g, values), masks)
    for cell, v in enumerate(values):
        if v:
            assert not any(pos.cands[p] & bit(v) for p in g.peers[cell])
        else:  # nothing else is taken away
            ruled = {values[p] for p in g.peers[cell]}
            assert {d for d in range(1, g.size + 1) if pos.cands[cell] & bit(d)} == \
                {d for d in range(1, g.size + 1) if masks[cell] & bit(d) and d not in ruled}


def test_every_technique_is_sound_on_candidate_grids_nobody_cleaned():
    rng = random.Random(39)
    lister = LogicalSolver(exclude=COSTLY, unique=True)
    checked = set()
    for n, line in enumerate(data_sample("top1465", 4) + data_sample("kaggle", 4)):
        grid, solution = raw_candidate_grid(line, rng)
        if n % 3 == 0:  # every instance costs seconds on so open a grid
            for step in lister.all_steps(Position.from_grid(grid)):
                assert not wrong(step, solution), f"{line}: {step.explanation}"
                checked.add(step.technique)
        path = LogicalSolver().solve_path(grid)
        assert path.solved and path.position.agrees_with(solution), line
        assert not [s.explanation for s in path.steps if wrong(s, solution)], line
    assert {"naked-single", "hidden-single", "naked-pair", "hidden-pair"} <= checked
