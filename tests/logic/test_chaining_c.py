"""The chaining engine's inner loops in C (``sudokit.engines.logic._chaining``) against their Python
reference: the static closures (:class:`StaticGraph`: the same answers and the same branch
budget spent, with and without a reference grid to focus on) and the basic rules inside a branch
(the same removals with the same parents, in the same order), on random grids of every box
shape and on variant grids."""

from __future__ import annotations

import random

import pytest
from helpers import thinned_position

from sudokit.model.geometry import Geometry
from sudokit.engines.logic import _chaining
from sudokit.engines.logic.techniques.chaining import (Budget, CStaticGraph, Engine, StaticGraph,
                                               _c_tables, static_graph)
from sudokit.engines.rating import rate

RULES = ("_locking", "_hidden_pairs", "_naked_pairs", "_x_wings")
SHAPES = [(4, None), (6, (2, 3)), (6, (3, 2)), (8, (2, 4)), (9, None), (12, (3, 4)), (16, None)]


def _pair(cands, g, reference):
    """The Python and the C graph of one grid, each with its own budget."""
    py = StaticGraph(Engine(g, cands, 0, False, Budget(10**9)))
    if reference is not None:
        py.focus(reference)
    c = CStaticGraph(Engine(g, cands, 0, False, Budget(10**9)), reference)
    return py, c


def _questions(g, cands, rng):
    """Every candidate, every cell's candidates, every digit's places in each house (shuffled)."""
    n = g.size
    ps = [c * n + d for c, m in enumerate(cands) for d in range(n) if m >> d & 1]
    groups = [[c * n + d for d in range(n) if m >> d & 1] for c, m in enumerate(cands)]
    groups += [[c * n + d for c in h if cands[c] >> d & 1] for h in g.houses for d in range(n)]
    groups = [x for x in groups if len(x) >= 2]
    rng.shuffle(ps)
    rng.shuffle(groups)
    return ps, groups


@pytest.mark.parametrize("size,box", SHAPES)
def test_the_c_closures_answer_as_the_python_ones(size, box):
    g = Geometry.of(size, box)
    rng = random.Random(size * 100 + (box[0] if box else 0))
    conflicts = agreements = 0
    for trial in range(12 if size <= 9 else 3):
        pos, _ = thinned_position(g, rng, blank=rng.uniform(0.4, 0.9), thin=rng.uniform(0.0, 0.7))
        cands = list(pos.cands)
        reference = None
        if trial % 2:
            # the focus: a grid with fewer candidates against the one it came from (some of
            # the removed candidates are the solution's, so some grids are broken)
            reference = cands
            cands = [m & ~(1 << rng.randrange(size)) if m and rng.random() < 0.2 else m
                     for m in cands]
        py, c = _pair(cands, g, reference)
        ps, groups = _questions(g, cands, rng)
        for p in ps:
            answer = py.may_conflict(p)
            assert c.may_conflict(p) == answer, (trial, p)
            conflicts += answer
        for group in groups:
            answer = py.may_agree(group)
            assert c.may_agree(group) == answer, (trial, group)
            agreements += answer
        # each closure is counted once, when first computed
        assert c.budget.left == py.budget.left
    assert conflicts and agreements  # the grids had something to find


@pytest.mark.parametrize("size,box,variant", [(s, b, None) for s, b in SHAPES]
                         + [(9, None, "x"), (9, None, "windoku"), (6, (2, 3), "x")])
def test_the_c_basic_rules_remove_what_the_python_ones_do(size, box, variant):
    g = Geometry.of(size, box)
    if variant:
        g = g.with_variants([variant])
    rng = random.Random(size * 7 + len(variant or ""))
    found = dict.fromkeys(RULES, 0)
    for _ in range(40 if size <= 9 else 80):
        # big grids need more thinning to have pairs
        thin = rng.uniform(0.0, 0.5) if size <= 9 else rng.uniform(0.5, 0.95)
        pos, _ = thinned_position(g, rng, blank=rng.uniform(0.5, 0.9), thin=thin)
        src = list(pos.cands)
        engine = Engine(g, src, 1, True, Budget())
        assert engine.fast is not None
        # a branch's grid: some candidates gone, as a dynamic branch removes them
        share = rng.uniform(0.05, 0.4)
        cands = [m & ~(1 << d) if rng.random() < share else m
                 for m in src for d in [rng.randrange(size)]]
        boards = [sum(1 << c for c, m in enumerate(cands) if m >> d & 1) for d in range(size)]
        fast = [(q, tuple(parents), inner) for q, parents, inner in engine.advanced(cands, boards)]
        engine.fast = None
        slow = [(q, tuple(parents), inner) for q, parents, inner in engine.advanced(cands, boards)]
        assert fast == slow
        # and each rule alone
        for bit, rule in enumerate(RULES):
            alone = _chaining.basic_rules(_c_tables(g), cands, src, 1 << bit)
            python = getattr(engine, rule)(cands, boards)
            assert alone == [(q, tuple(parents), inner) for q, parents, inner in python], rule
            found[rule] += bool(alone)
    # the grids gave every rule something to find
    assert all(found[rule] for rule in RULES[:3]), found
    assert found["_x_wings"] or box is not None and box[0] != box[1], found


def test_the_engine_uses_the_c_closures_up_to_16x16_and_python_beyond():
    for size, expect in ((9, CStaticGraph), (16, CStaticGraph), (25, StaticGraph)):
        g = Geometry.of(size)
        engine = Engine(g, [(1 << size) - 1] * g.ncells, 0, False, Budget())
        assert type(static_graph(engine)) is expect
    assert 16 ** 3 <= _chaining.MAX_CANDIDATES < 25 ** 3


def test_bad_input_is_a_clear_error():
    g = Geometry.of(9)
    engine = Engine(g, [0b11] * 81, 0, False, Budget())
    graph = CStaticGraph(engine).graph
    with pytest.raises(ValueError, match="candidate 729 is out of range"):
        graph.conflict(729)
    with pytest.raises(ValueError, match="out of range"):
        graph.agree([-1, 0])
    tables = _c_tables(g)
    with pytest.raises(ValueError, match="expected 81 cells"):
        _chaining.StaticGraph(tables, [1] * 80)
    with pytest.raises(ValueError, match="cell 3 has a digit above 9"):
        _chaining.StaticGraph(tables, [1, 1, 1, 1 << 9] + [1] * 77)
    with pytest.raises(TypeError, match="not initialised"):
        _chaining.StaticGraph.__new__(_chaining.StaticGraph).conflict(0)
    with pytest.raises(ValueError, match="out of range"):
        _chaining.Tables(9, [[81]] * 81, [], [[]] * 81)
    with pytest.raises(ValueError, match="segment 0: cell 99 is out of range"):
        _chaining.Tables(9, g.peers, g.houses, g.houses_of, [(0, 18, (0, 99))])
    with pytest.raises(ValueError, match="expected 81 cells"):
        _chaining.basic_rules(tables, [1] * 81, [1] * 9)


def test_a_rating_is_the_same_with_the_python_closures(monkeypatch):
    # a top1465 puzzle whose rating path tries the static chains at several steps (SE 8.9)
    puzzle = "..6..1...8.3..91...9......7...2...5....1..4...3..468.12.9..4.3....5.....65..3..1."
    from sudokit.engines.logic.techniques import chaining

    def rating(make):
        calls = []

        def counted(engine, reference=None):
            calls.append(engine)
            return make(engine, reference)

        monkeypatch.setattr(chaining, "static_graph", counted)
        r = rate(puzzle)  # each rating searches afresh (its hints are kept in its own context)

        assert calls
        return r.score, r.pearl, r.diamond, r.hardest, r.techniques, r.steps

    def python_graph(engine, reference=None):
        graph = StaticGraph(engine)
        if reference is not None:
            graph.focus(reference)
        return graph

    assert rating(static_graph) == rating(python_graph)
