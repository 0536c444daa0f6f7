"""The technique table (sudokit.engines.difficulty, issue 40 item 4): the one place the solver
and the rating read what a technique is, so a new technique is its finder plus one entry."""

from __future__ import annotations

from sudokit.engines.difficulty import FIXED, GROWS, TECHNIQUES, TechniqueEntry
from sudokit.engines.logic import LogicalSolver, Position
from sudokit.engines.logic.techniques import REGISTRY, default_order
from sudokit.engines.logic.techniques.registry import finder
from sudokit.engines.rating import rate, rating_solver, technique_weight
from sudokit.engines.search import core
from sudokit.model import formats

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_every_entry_has_a_finder_and_every_finder_an_entry():
    assert set(REGISTRY) == set(TECHNIQUES)
    assert all(REGISTRY[t].entry is TECHNIQUES[t] for t in TECHNIQUES)
    assert len({e.name for e in TECHNIQUES.values()}) == len(TECHNIQUES)


def test_the_solver_orders_by_the_table():
    order = default_order()
    ids = list(TECHNIQUES)
    assert set(order) == {t for t, e in TECHNIQUES.items() if not e.on_request}
    for a, b in zip(order, order[1:]):
        wa, wb = TECHNIQUES[a].weight, TECHNIQUES[b].weight
        assert wa < wb or wa == wb and ids.index(a) < ids.index(b), (a, b)


def test_fields_left_out_follow_the_family():
    chain = TechniqueEntry("t", "T", 6.0, "chains")
    fish = TechniqueEntry("t", "T", 3.0, "fish")
    rated_as_chain = TechniqueEntry("t", "T", 3.0, "fish", se_weight=6.6)
    pattern = TechniqueEntry("t", "T", 6.0, "chains", se_weight=6.6, length=FIXED)
    assert (chain.length, fish.length, rated_as_chain.length, pattern.length) == \
        (GROWS, FIXED, GROWS, FIXED)
    assert chain.se_weight == 6.0 and rated_as_chain.se_weight == 6.6
    assert TechniqueEntry("t", "T", 4.5, "uniqueness").uniqueness and not fish.uniqueness
    assert TechniqueEntry("t", "T", 4.2, "wings").pattern and not chain.pattern
    assert TechniqueEntry("t", "T", 9.0, "trial").trial and not chain.trial


def test_a_new_technique_is_its_finder_and_its_entry(monkeypatch):
    """An entry and a registered finder are all the solver and the rating need."""
    tid = "test-single-candidate"
    entry = TechniqueEntry(tid, "Test Single Candidate", 0.5, "singles", se_weight=0.9)
    monkeypatch.setitem(TECHNIQUES, tid, entry)
    monkeypatch.setitem(REGISTRY, tid, None)  # undone: the key goes again

    @finder(tid)
    def single_candidate(position):
        for cell, mask in enumerate(position.cands):
            if not position.values[cell] and bin(mask).count("1") == 1:
                yield single_candidate.step(position, single_candidate.title,
                                            placements=[(cell, mask.bit_length())])

    assert default_order()[0] == tid  # lighter than a full house (1.0)
    position = Position.from_grid(formats.parse_one(EASY))
    step = LogicalSolver().next_step(position)
    assert step.technique == tid and step.difficulty == 0.5
    assert technique_weight(tid) == 0.9
    assert rating_solver(True).stages[0].technique == tid
    grid = formats.parse_one(EASY)
    solution = core.solve(grid, limit=1).solution.values
    two_left = [v if i not in (0, 80) else 0 for i, v in enumerate(solution)]
    r = rate("".join(str(v or ".") for v in two_left))
    assert r.techniques == [tid] and r.score == 0.9 and r.level == "easy"
