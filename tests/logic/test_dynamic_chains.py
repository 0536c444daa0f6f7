"""SE's chaining levels (multiple, dynamic, dynamic+, nested) on hand-made candidate grids, and
their steps on the hardest puzzles checked against the solution."""

from __future__ import annotations

import pytest
from helpers import cell_of, data_sample, mask_of, stuck_positions

from sudokit.engines import search
from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.model import formats
from sudokit.model.position import Position
from sudokit.engines.logic.context import SolveContext
from sudokit.engines.logic.solver import LogicalSolver
from sudokit.engines.logic.techniques import REGISTRY, default_order, dynamic_chains
from sudokit.engines.logic.techniques.chaining import (Budget, BudgetExhausted, Engine, StaticGraph,
                                               ancestors, base_difficulty, search as hints)
from sudokit.engines.difficulty import length_bonus
from sudokit.engines.rating import step_score

G = Geometry.of(9)


def grid(cands: dict[str, str]) -> list[int]:
    """A candidate mask per cell: the named cells hold their digits, every other cell none."""
    masks = [0] * G.ncells
    for name, digits in cands.items():
        masks[cell_of(G, name)] = mask_of(digits)
    return masks


def cand(name: str, digit: int) -> int:
    return cell_of(G, name) * 9 + digit - 1


def removed(hint) -> set[tuple[str, int]]:
    return {(G.name(p // 9), p % 9 + 1) for p in hint.eliminations}


# r1c1 is 1, 2 or 3; each of them empties one of the bivalue cells r1c4 {1,5}, r1c5 {2,5},
# r1c6 {3,5} of the other digit, which then holds 5: whichever it is, r1c9 loses its 5.
CELL_CHAIN = {"r1c1": "123", "r1c4": "15", "r1c5": "25", "r1c6": "35", "r1c9": "56"}


def test_multiple_forcing_chains_every_candidate_of_a_cell_leads_to_the_same_result():
    engine = Engine(G, grid(CELL_CHAIN), 0, False, Budget())
    cell_hints = [h for h in hints(engine, "c") if h.kind == "cell"]
    assert any(("r1c9", 5) in removed(h) and len(h.branches) == 3 for h in cell_hints)
    hint = next(h for h in cell_hints if ("r1c9", 5) in removed(h))
    assert sorted(hint.sources) == [cand("r1c1", d) for d in (1, 2, 3)]
    # each branch reaches the target through a cell that holds 5
    for branch in hint.branches:
        keys = ancestors(branch, [hint.target])
        assert any(k & 1 and k >> 1 in {cand(c, 5) for c in ("r1c4", "r1c5", "r1c6")} for k in keys)


# r5c5=1 takes 1 from r5c1, r5c4 and r5c9; r5c4 {1,3} and r5c9 {1,2} then hold 3 and 2, which
# take the last two candidates of r5c1 {1,2,3}. Only a dynamic branch sees r5c1 empty: it
# had three candidates, so no static link leaves it.
DYNAMIC = {"r5c5": "14", "r5c1": "123", "r5c4": "13", "r5c9": "12"}


def test_a_dynamic_branch_finds_the_single_a_static_one_misses():
    static = Engine(G, grid(DYNAMIC), 0, False, Budget())
    assert not [h for h in hints(static, "o") if h.sources == [cand("r5c5", 1)]]
    dynamic = Engine(G, grid(DYNAMIC), 0, True, Budget())
    found = [h for h in hints(dynamic, "o") if h.sources == [cand("r5c5", 1)]]
    assert found and removed(found[0]) == {("r5c5", 1)}
    conflict = found[0].branches[0].conflict
    assert conflict // 9 == cell_of(G, "r5c1")


# r3c5=1 takes 1 from r3c1 and r3c7 {1,2}, which then holds 2 and takes it from r3c2: r3c1 and
# r3c2 are left {5,6}, a naked pair that empties r3c9 {5,6}. Singles alone see no conflict
# (5 and 6 keep three places in row 3); dynamic chains (+) use the pair.
PLUS = {"r3c5": "14", "r3c1": "156", "r3c2": "256", "r3c7": "12", "r3c9": "56",
        "r1c3": "568"}


def test_dynamic_chains_plus_use_the_basic_rules_inside_a_branch():
    level0 = Engine(G, grid(PLUS), 0, True, Budget())
    assert not [h for h in hints(level0, "o") if h.sources == [cand("r3c5", 1)]]
    level1 = Engine(G, grid(PLUS), 1, True, Budget())
    found = [h for h in hints(level1, "o") if h.sources == [cand("r3c5", 1)]]
    assert found and removed(found[0]) == {("r3c5", 1)}
    branch = found[0].branches[0]
    # the pair's removal of a digit from r3c9 is in the chain, with the pair's lost
    # candidates (r3c1's 1, r3c2's 2) as its parents
    pair_offs = [k for k in ancestors(branch, found[0].ends()[0][1])
                 if not k & 1 and k >> 1 in (cand("r3c9", 5), cand("r3c9", 6))
                 and branch.par[k] and all(not q & 1 for q in branch.par[k])]
    assert pair_offs
    assert {q >> 1 for q in branch.par[pair_offs[0]]} == {cand("r3c1", 1), cand("r3c2", 2)}


def test_the_static_closure_agrees_with_the_engine():
    for cands in (CELL_CHAIN, DYNAMIC, PLUS):
        engine = Engine(G, grid(cands), 0, False, Budget())
        graph = StaticGraph(engine)
        for c, m in enumerate(engine.cands):
            for d in range(9):
                if m >> d & 1:
                    on, off = graph.closure(c * 9 + d)
                    branch = engine.run([c * 9 + d], [])
                    assert bool(on & off) == (branch.conflict is not None)


def test_difficulty_is_the_level_base_plus_the_length_of_its_chains():
    assert [base_difficulty(level, True) for level in range(1, 6)] == [9.0, 9.5, 10.0, 10.5, 11.0]
    assert base_difficulty(0, True) == 8.5 and base_difficulty(0, False) == 8.0
    dynamic = Engine(G, grid(DYNAMIC), 0, True, Budget())
    hint = next(h for h in hints(dynamic, "o") if h.sources == [cand("r5c5", 1)])
    b = hint.branches[0]
    both = [2 * b.conflict + 1, 2 * b.conflict]
    # SE counts each of the two chains in full, the assumption in both
    assert hint.complexity == len(ancestors(b, both[:1])) + len(ancestors(b, both[1:]))
    assert 2 * cand("r5c5", 1) + 1 in ancestors(b, both[:1])
    assert dynamic_chains.difficulty(hint) == round(8.5 + length_bonus(hint.complexity - 2), 1)


def test_a_search_stops_at_its_branch_budget():
    engine = Engine(G, grid(PLUS), 1, True, Budget(2))
    with pytest.raises(BudgetExhausted, match="branches"):
        list(hints(engine, "ofdcr"))


# --- on the hardest puzzles ---------------------------------------------------------------------

def _hardest(name: str, count: int):
    for line in data_sample(name, count):
        grid_ = formats.parse_one(line)
        yield Position.from_grid(grid_), search.solve(grid_).solution.values


def _sound(step, solution) -> bool:
    return not step.errors(solution)


def test_nested_chains_make_progress_where_nothing_simpler_does():
    # the first puzzle of the 11+ list: no forcing chain or net, no dynamic chain (+) at the start
    pos, solution = next(_hardest("forum_hardest_1905_11plus", 1))
    for simpler in ("forcing-chain", "forcing-net", "dynamic-forcing-chain-plus"):
        assert next(REGISTRY[simpler].find(pos), None) is None
    step = next(REGISTRY["nested-forcing-chain"].find(pos))
    assert _sound(step, solution) and step.eliminations
    assert "inner chain #1" in step.explanation and "a contradiction" in step.explanation
    assert any(b.label.startswith(">") for b in step.branches)  # the inner chains, folded
    assert step_score(step, pos.geometry) == step.difficulty >= 9.5
    data = step.to_dict(pos.geometry)
    assert data["branches"] and data["branches"][0]["links"]


@pytest.mark.parametrize("tech", ["multiple-forcing-chain", "dynamic-forcing-chain",
                                  "dynamic-forcing-chain-plus"])
def test_every_hint_of_a_level_is_sound_on_hardest_positions(tech):
    for pos, solution in _hardest("forum_hardest_1106", 2):
        with SolveContext(exhaustive=True).attached(pos):
            for step in REGISTRY[tech].find(pos):
                assert _sound(step, solution), step.explanation


def test_steps_are_sound_where_the_simpler_techniques_are_stuck():
    # positions of hardest puzzles where everything up to forcing nets is stuck (the solution's
    # digit placed in between): each chaining finder's first step keeps the solution
    limit = REGISTRY["multiple-forcing-chain"].difficulty
    simpler = LogicalSolver([t for t in default_order() if REGISTRY[t].difficulty < limit],
                            unique=True)
    checked = 0
    for pos, solution in stuck_positions("forum_hardest_1106", 2, 1, simpler):
        for tech in ("dynamic-forcing-chain", "dynamic-forcing-chain-plus", "nested-forcing-chain"):
            step = next(REGISTRY[tech].find(pos), None)
            if step is not None:
                assert _sound(step, solution), step.explanation
                checked += 1
    assert checked >= 2


def test_a_finder_that_runs_out_of_budget_says_so(monkeypatch):
    monkeypatch.setattr(dynamic_chains, "NODE_LIMIT", 3)
    pos, _ = next(_hardest("forum_hardest_1106", 1))
    with SolveContext().attached(pos) as context:
        assert list(REGISTRY["dynamic-forcing-chain-plus"].find(pos)) == []
    assert context.exhausted and "branches" in context.exhausted[0]


def test_a_puzzle_with_several_solutions_is_not_searched():
    # an empty 8x8 grid: no candidate contradicts, so trying each one at every nesting level
    # would only spend the budget (a hint on it took minutes); the finder says nothing at once
    pos = Position.from_grid(Grid.empty(Geometry.of(8, box=(2, 4))))
    with SolveContext().attached(pos) as context:
        assert list(REGISTRY["nested-forcing-chain"].find(pos)) == []
    assert context.exhausted == []


def test_a_killer_is_left_to_the_killer_techniques_and_trial():
    # the engine does not read cage sums: on a killer its nested levels would spend their whole
    # budget (seconds for each puzzle the generator rates) and find what the sums say anyway
    from sudokit.engines.generate import generate

    made = generate(6, variant="killer", seed=2)
    pos = Position.from_grid(made.puzzle)
    with SolveContext().attached(pos) as context:
        assert list(REGISTRY["nested-forcing-chain"].find(pos)) == []
    assert context.exhausted == []
