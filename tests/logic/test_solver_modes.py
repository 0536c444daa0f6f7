"""Solving modes: one manual round (as in "Lösningsmetoder för sudoku"), and techniques switched
off or reordered."""

from __future__ import annotations

import pytest

from sudokit.model.errors import SudokitError
from sudokit.model.grid import Grid
from sudokit.model import formats
from sudokit.engines.logic import LogicalSolver, Position, manual_round, solve_path
from sudokit.engines.search import solve

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARDER = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
SIX = "1.....\n..3.5.\n.4....\n....2.\n.5.1..\n.....6"


def singles_of(pos: Position) -> set[tuple[int, int]]:
    """Every (cell, digit) that is a hidden single in some house or a naked single, by the
    definitions."""
    out = set()
    for house in pos.geometry.houses:
        for d in range(1, pos.size + 1):
            cells = pos.cells_with(d, house)
            if len(cells) == 1:
                out.add((cells[0], d))
    for cell, m in enumerate(pos.cands):
        if m and m & (m - 1) == 0:
            out.add((cell, m.bit_length()))
    return out


@pytest.mark.parametrize("puzzle,box", [(EASY, None), (HARDER, None), (SIX, "2x3")])
def test_a_round_places_every_single_found_before_placing(puzzle, box):
    pos = Position.from_grid(formats.parse_one(puzzle, box=box))
    expected = singles_of(pos)
    steps = LogicalSolver().round(pos)
    placed = [p for s in steps for p in s.placements]
    assert set(placed) == expected and len(placed) == len(set(c for c, _ in placed))
    assert all(s.technique in {"full-house", "hidden-single", "naked-single"} for s in steps)
    assert not any(pos.values[c] for c, _ in placed)  # found, not yet placed
    solution = solve(formats.parse_one(puzzle, box=box)).solution.values
    assert all(solution[c] == d for c, d in placed)


def test_applying_a_round_places_and_then_eliminates():
    pos = Position.coerce(EASY)
    steps = LogicalSolver().round(pos, apply=True)
    for s in steps:
        for cell, d in s.placements:
            assert pos.values[cell] == d
            assert not any(pos.has(p, d) for p in pos.geometry.peers[cell])
    # the next round sees the singles that the placements made
    assert set(p for s in LogicalSolver().round(pos) for p in s.placements) == singles_of(pos)


def test_rounds_solve_an_easy_puzzle_in_fewer_rounds_than_steps():
    solver = LogicalSolver()
    rounds = solver.solve_rounds(EASY)
    steps = sum(len(r) for r in rounds)
    assert steps == EASY.count(".") and len(rounds) < steps
    assert [s.placements for s in manual_round(EASY)] == [s.placements for s in rounds[0]]


def test_rounds_stop_when_singles_run_out():
    rounds = LogicalSolver().solve_rounds(HARDER)
    pos = Position.coerce(HARDER)
    for r in rounds:
        for s in r:
            pos.apply(s)
    assert not pos.is_solved and singles_of(pos) == set()


def test_reordered_techniques_are_tried_in_the_given_order():
    pos = Position.coerce(EASY)
    default = LogicalSolver().next_step(pos)
    assert default.technique in {"full-house", "hidden-single"}
    first = LogicalSolver(["naked-single", "hidden-single"]).next_step(pos)
    assert first.technique == "naked-single"
    first = LogicalSolver(["x-wing", "naked-single"]).next_step(pos)
    assert first.technique == "x-wing"


def test_switched_off_techniques_are_never_used():
    path = solve_path(EASY, exclude=("hidden-single", "full-house"))
    assert path.solved
    assert not {"hidden-single", "full-house"} & set(path.summary)
    path = solve_path(HARDER, techniques=["hidden-single", "naked-single"])
    assert set(path.summary) <= {"hidden-single", "naked-single"} and not path.solved
    assert path.stuck_reason == "no technique applies"


def test_unknown_technique_names_the_valid_ones():
    with pytest.raises(SudokitError, match="unknown technique 'x-wings'.*x-wing"):
        LogicalSolver(["x-wings"])
    with pytest.raises(SudokitError, match="unknown technique"):
        LogicalSolver(exclude=["nope"])


def test_one_solver_judges_uniqueness_per_puzzle():
    """A solver reused over puzzles asks about each puzzle's own givens."""
    from sudokit.engines.logic.techniques.uniqueness import rectangles

    solution = solve(formats.parse_one(EASY)).solution
    v = solution.values
    # blank a deadly pattern (a b / b a in two boxes) of the solution: two solutions
    rect = next(r for r in rectangles(solution.geometry) if v[r[0]] == v[r[3]] and v[r[1]] == v[r[2]])
    values = [0 if c in rect else x for c, x in enumerate(v)]
    two = Grid(solution.geometry, values)
    assert len(solve(two, limit=2).solutions) == 2
    solver = LogicalSolver()
    assert solver._uniqueness_allowed(Position.coerce(EASY)) is True
    assert solver._uniqueness_allowed(Position.from_grid(two)) is False
    # no logic can choose between the two solutions
    assert solver.next_step(Position.from_grid(two)) is None


def test_the_same_puzzle_solves_the_same_way_twice():
    """Finders cache work per position; a second solve must not see the first one's state."""
    from helpers import data_sample

    for line in data_sample("forum_hardest_1106", 2):
        first = [s.explanation for s in LogicalSolver().solve_path(line).steps]
        again = [s.explanation for s in LogicalSolver().solve_path(line).steps]
        assert first == again


def test_the_solvers_search_options_are_in_force_while_its_finders_run(monkeypatch):
    from sudokit.engines.logic import options
    from sudokit.engines.logic.context import context_of
    from sudokit.engines.logic.techniques import REGISTRY
    from sudokit.engines.logic.techniques.registry import Technique

    seen = []

    def spy(position):
        seen.append(context_of(position).options)
        return iter(())

    tech = REGISTRY["x-wing"]
    monkeypatch.setitem(REGISTRY, "x-wing", Technique(tech.entry, spy))
    strict = options.Options(ur_missing_candidates=False, als_overlap=False)
    position = Position.from_grid(formats.parse_one("." * 81))
    LogicalSolver(["x-wing"], options=strict).all_steps(position)
    LogicalSolver(["x-wing"], options=strict).next_step(position)
    LogicalSolver(["x-wing"]).all_steps(position)
    assert seen == [strict, strict, options.Options()]
    assert options.current() == options.Options()  # nothing leaks out of the solver
