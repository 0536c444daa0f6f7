"""Soundness over real puzzles: the automatic solver never places a wrong digit and never removes
a solution's digit, on samples of the data sets in ``../shared/data`` (each puzzle has one
solution, found by the search). ``SUDOKIT_SLOW=1`` checks larger samples.

The share of puzzles solved without guessing is printed (``pytest -s``) and recorded as a test
property.
"""

from __future__ import annotations

import os

import pytest
from helpers import SINGLES, data_sample

from sudokit.model import formats
from sudokit.engines.logic import LogicalSolver, Position
from sudokit.engines.logic.step import Step
from sudokit.engines.logic.techniques import REGISTRY
from sudokit.engines.search import solve

SLOW = os.environ.get("SUDOKIT_SLOW", "") not in ("", "0")

#: (data set, puzzles checked normally, with SUDOKIT_SLOW=1)
SAMPLES = [("kaggle", 100, 100), ("top1465", 100, 1465), ("17clue", 300, 3000),
           ("forum_hardest_1106", 2, 375), ("forum_hardest_1905_11plus", 2, 400)]

FORCING = ("nishio", "forcing-chain", "forcing-net", "candidate-test", "candidate-test-recursive")


def wrong_changes(step, solution: list[int]) -> list[str]:
    bad = [f"places {d} in cell {c} (solution {solution[c]})" for c, d in step.placements
           if solution[c] != d]
    bad += [f"removes {d} from cell {c}, the solution's digit" for c, d in step.eliminations
            if solution[c] == d]
    return bad


def test_a_step_names_what_it_gets_wrong():
    solution = [1, 2, 3, 4] * 4
    step = Step("x", "x", 1.0, "", placements=[(0, 1), (1, 3)], eliminations=[(2, 3), (3, 1)])
    # r1c2 holds 2, not 3; r1c3's 3 is the solution's
    assert step.errors(solution) == [(1, 3), (2, 3)]
    assert not Step("x", "x", 1.0, "", placements=[(0, 1)], eliminations=[(3, 1)]).errors(solution)
    assert len(wrong_changes(step, solution)) == len(step.errors(solution))


def check_every_instance(lines, walker: LogicalSolver, lister: LogicalSolver, every: int
                         ) -> dict[str, int]:
    """Walk each puzzle's path with ``walker``; at every ``every``-th position where the next
    step is not a single (the first, then every ``every``-th after it), check each step
    ``lister`` lists against the solution. Returns the steps checked per technique."""
    checked: dict[str, int] = {}
    for line in lines:
        grid = formats.parse_one(line)
        solution = solve(grid).solution.values
        position = Position.from_grid(grid)
        seen = 0
        while not position.is_solved:
            step = walker.next_step(position)
            if step is None:
                break
            if step.technique not in SINGLES:
                seen += 1
                if (seen - 1) % every == 0:
                    for other in lister.all_steps(position):
                        bad = wrong_changes(other, solution)
                        assert not bad, f"{line}: {other.explanation}: {bad}"
                        checked[other.technique] = checked.get(other.technique, 0) + 1
            position.apply(step)
    return checked


@pytest.mark.parametrize("name,normal,slow", SAMPLES, ids=[s[0] for s in SAMPLES])
def test_every_step_agrees_with_the_solution(name, normal, slow, record_property):
    count = slow if SLOW else normal
    if not count:
        pytest.skip("only with SUDOKIT_SLOW=1")
    solver = LogicalSolver()
    solved = 0
    used: dict[str, int] = {}
    for line in data_sample(name, count):
        grid = formats.parse_one(line)
        solution = solve(grid).solution.values
        path = solver.solve_path(grid)
        for step in path.steps:
            bad = wrong_changes(step, solution)
            assert not bad, f"{line}: {step.explanation}: {bad}"
            used[step.technique] = used.get(step.technique, 0) + 1
        assert path.position.agrees_with(solution), line
        solved += path.solved
    share = solved / count
    record_property("solved_without_guessing", share)
    print(f"\n{name}: {solved}/{count} solved by logic ({share:.1%}); techniques used: "
          f"{', '.join(f'{t} {n}' for t, n in sorted(used.items(), key=lambda x: -x[1]))}")
    assert solved == count  # with the trial techniques last, every puzzle is finished


def test_every_instance_of_every_technique_is_sound():
    """All instances (not only the first) of every technique, at the positions of solve paths
    where singles are exhausted: the rarely chosen deductions are checked too."""
    # forcing chains are checked on the solve paths above; here they would dominate the time
    solver = LogicalSolver(exclude=FORCING)
    checked = check_every_instance(data_sample("top1465", 400 if SLOW else 8), solver, solver,
                                   every=1 if SLOW else 4)
    assert set(checked).difference(SINGLES)  # more than singles were exercised
    assert all(t in REGISTRY for t in checked)


@pytest.mark.parametrize("name", ["forum_hardest_1106", "forum_hardest_1905_11plus"])
def test_every_instance_is_sound_where_the_hardest_puzzles_get_stuck(name):
    """Every instance of every pattern technique (forcing and trial aside) where the hardest
    puzzles leave the singles behind, along the default solver's path through them (trial steps
    included, so the positions go on past where logic alone is stuck)."""
    # every third such position keeps the test short
    checked = check_every_instance(data_sample(name, 40 if SLOW else 1), LogicalSolver(),
                                   LogicalSolver(exclude=FORCING), every=1 if SLOW else 3)
    assert len(checked) >= 5, checked  # chains, ALS, fish ... were exercised, not just singles
