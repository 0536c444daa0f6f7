"""Candidate tests (trial in one and in several steps) on hand-written positions, and the
soundness of every forcing and trial finder along solve paths of the hardest puzzles."""

from __future__ import annotations

from helpers import SINGLES, blank_position, cell_of, data_sample, found, only, position_from_rows

from sudokit.model.grid import Grid
from sudokit.model import formats
from sudokit.engines.logic import LogicalSolver, Position
from sudokit.engines.logic.techniques import REGISTRY
from sudokit.engines.logic.techniques.propagation import BASIC_SET
from sudokit.engines.logic.techniques.trial import leads_to_solution
from sudokit.engines.search import count_solutions, solve

TEST = REGISTRY["candidate-test"]
RECURSIVE = REGISTRY["candidate-test-recursive"]
FORCING = ["nishio", "forcing-chain", "forcing-net", "candidate-test", "candidate-test-recursive"]


def test_trial_techniques_are_labelled_as_trial():
    for tech in (TEST, RECURSIVE):
        assert tech.entry.trial and "trial" in tech.name.lower()
    assert TEST.difficulty < RECURSIVE.difficulty
    assert all(REGISTRY[t].difficulty < TEST.difficulty for t in FORCING[:3])


def test_candidate_test_removes_what_contradicts():
    # r5c5=3 forces r5c2=8, r7c5=9, r8c2=9 and box 9 is left without 9; r7c2=3 the same way
    pos = blank_position(cands={"r7c5": "39", "r5c2": "38", "r8c2": "89"})
    only(pos, 9, "r9", ["r9c1", "r9c2", "r9c3", "r9c4", "r9c6"])
    assert found(TEST, pos) == [(set(), {"r5c5-3"}), (set(), {"r7c2-3"})]
    assert next(TEST.find(pos)).explanation == (
        "Trial: r5c5=3 -> r5c2=8 -> r7c5=9 -> r8c2=9 -> box 9 has no place for 9, a contradiction "
        "(followed with singles, locked candidates, pairs and triples): removes 3 from r5c5")


def test_candidate_test_propagates_with_pairs():
    # r9c9=5: r1c9=3 and r9c1=2 -> r1c1=1, r1c2 and r1c3 are both left 4 alone
    pos = blank_position(cands={"r1c1": "12", "r1c2": "134", "r1c3": "134", "r1c9": "35",
                                "r9c1": "25"})
    assert found(TEST, pos) == [(set(), {"r9c9-5"})]
    assert "naked-pair" in BASIC_SET and "hidden-triple" in BASIC_SET


def test_candidate_test_finds_nothing_without_a_contradiction():
    assert found(TEST, blank_position(cands={"r1c1": "12", "r1c5": "13"})) == []


def test_candidate_test_on_6x6():
    pos = blank_position(6, cands={"r1c1": "12", "r1c4": "13", "r3c1": "23"})
    assert found(TEST, pos) == [(set(), {"r3c4-3"})]


# A 4x4 puzzle (2x2 boxes) with one solution, worked out by hand:
#   1 2 3 4 / 4 3 1 2 / 3 4 2 1 / 2 1 4 3
PUZZLE4 = ["1...", "..1.", ".4..", "...3"]
SOLUTION4 = [int(ch) for ch in "1234431234212143"]


def test_recursive_test_clears_a_cell_to_its_solution():
    pos = position_from_rows(PUZZLE4)
    steps = list(RECURSIVE.find(pos))
    open_cells = [c for c, m in enumerate(pos.cands) if m.bit_count() > 1]
    assert sorted({c for s in steps for c, _ in s.eliminations}) == open_cells
    for step in steps:
        (cell,) = {c for c, _ in step.eliminations}
        left = pos.cands[cell] & ~sum(1 << (d - 1) for _, d in step.eliminations)
        assert left == 1 << (SOLUTION4[cell] - 1)
        assert step.explanation.startswith("Trial in several steps: ")


def test_recursive_test_keeps_candidates_that_lead_to_a_solution():
    # an empty grid: every candidate is in some solution
    assert found(RECURSIVE, blank_position(4)) == []


def test_recursive_test_follows_the_candidates_the_values_do_not_show():
    # row 1 may only hold 1 and 2: the values alone allow r2c1=1, the candidates do not
    pos = blank_position(4, cands={f"r1c{c}": "12" for c in range(1, 5)})
    g = pos.geometry
    grid = Grid(g, [0] * 4 + [1] + [0] * 11)
    assert count_solutions(grid, 1) == 1
    assert leads_to_solution(pos, cell_of(g, "r2c1"), 1)[0] is False


def test_recursive_test_on_a_grid_of_candidates_only():
    # the 4x4 puzzle as pencil marks without values: the search core sees an empty grid, the
    # recursion follows the candidates
    given = position_from_rows(PUZZLE4)
    masks = [m or 1 << (v - 1) for v, m in zip(given.values, given.cands)]
    pos = Position(given.geometry, [0] * 16, [False] * 16, masks)
    r1c2 = cell_of(pos.geometry, "r1c2")
    assert leads_to_solution(pos, r1c2, 2)[0] is True
    assert leads_to_solution(pos, r1c2, 3)[0] is False
    assert found(RECURSIVE, pos)  # every open cell but the solution's digit goes
    for step in RECURSIVE.find(pos):
        assert all(SOLUTION4[c] != d for c, d in step.eliminations)


def test_recursive_test_makes_every_puzzle_finishable():
    # the techniques it follows aside, the solver finishes a hard puzzle with trial steps
    line = data_sample("forum_hardest_1106", 1)[0]
    grid = formats.parse_one(line)
    path = LogicalSolver([*SINGLES, "candidate-test-recursive"], unique=False).solve_path(grid)
    assert path.solved and path.position.values == solve(grid).solution.values
    assert path.trial_steps >= 1


# --- soundness ---------------------------------------------------------------------------------

def test_forcing_and_trial_finders_are_sound_on_the_hardest_puzzles():
    """Every instance of every forcing and trial finder, at positions along solve paths of
    forum_hardest_1106 puzzles where those techniques were needed: no wrong placement, no
    solution digit removed."""
    solver = LogicalSolver([*BASIC_SET, *FORCING], unique=False)
    checked = dict.fromkeys(FORCING, 0)
    positions = 0
    for line in data_sample("forum_hardest_1106", 8):
        grid = formats.parse_one(line)
        solution = solve(grid).solution.values
        position = Position.from_grid(grid)
        taken = 0
        while not position.is_solved:
            step = solver.next_step(position)
            assert step is not None, line
            if step.technique in FORCING and taken < 5 and step.technique != "candidate-test-recursive":
                taken += 1
                positions += 1
                for tid in FORCING:
                    for other in REGISTRY[tid].find(position):
                        checked[tid] += 1
                        assert other.placements or other.eliminations
                        assert all(solution[c] == d for c, d in other.placements), other.explanation
                        assert all(solution[c] != d and position.has(c, d)
                                   for c, d in other.eliminations), other.explanation
            position.apply(step)
        assert position.values == solution
    assert positions >= 24
    assert all(checked.values()), checked
