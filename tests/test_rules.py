"""The rule kinds of sudokit.model.rules: each says its houses and peers, the geometry takes
them from the rules alone, and a new kind plugs in without a change to the geometry."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit import Geometry, Grid, solve
from sudokit.model import rules
from sudokit.model.errors import GeometryError
from sudokit.model.rules.base import ENFORCEMENTS, Rule
from sudokit.model.rules.jigsaw import Jigsaw, random_regions, read_regions
from sudokit.model.rules.killer import Cage, Killer, read_cages

SHAPES = ((2, 2), (2, 3), (3, 3), (3, 4), (4, 4))


def chess_apart(a: int, b: int, n: int, steps: set[tuple[int, int]]) -> bool:
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    return (abs(ra - rb), abs(ca - cb)) in steps


KNIGHT_STEPS = {(1, 2), (2, 1)}
KING_STEPS = {(1, 1), (0, 1), (1, 0)}


def test_every_named_kind_is_one_rule_with_an_enforcement_and_its_aliases_read_as_it():
    assert rules.NAMES == ("x", "windoku", "anti-knight", "anti-king")  # the order names are written
    for kind, cls in rules.NAMED.items():
        assert issubclass(cls, Rule) and cls.kind == kind
        assert cls.enforced_by in ENFORCEMENTS
        for alias in cls.aliases:
            assert rules.parse_variants(alias.upper()) == (kind,)
    assert Jigsaw.enforced_by == "regions" and Killer.enforced_by == "sums"


@pytest.mark.parametrize("shape", SHAPES)
def test_diagonal_and_chess_rules_add_what_their_definitions_say(shape):
    g = Geometry(*shape).with_variants("x,anti-knight,anti-king")
    n = g.size
    diagonals = [cells for cells, name in g.extra_houses if name.startswith("diagonal")]
    assert {frozenset(d) for d in diagonals} == {
        frozenset(r * n + r for r in range(n)), frozenset(r * n + n - 1 - r for r in range(n))}
    for a in range(g.ncells):
        chess = {b for b in range(g.ncells) if b != a and (
            chess_apart(a, b, n, KNIGHT_STEPS) or chess_apart(a, b, n, KING_STEPS))}
        assert set(g.extra_peers[a]) == chess


@pytest.mark.parametrize("shape", [(2, 2), (3, 3), (4, 4)])
def test_windows_are_boxes_one_in_from_the_edge_and_one_apart(shape):
    g = Geometry(*shape).with_variants("windoku")
    b, n = shape[0], g.size
    windows = [cells for cells, _ in g.extra_houses]
    assert len(windows) == (n // (b + 1)) ** 2
    for cells in windows:
        rows = sorted({c // n for c in cells})
        cols = sorted({c % n for c in cells})
        assert len(rows) == len(cols) == b and len(cells) == b * b
        assert rows[0] % (b + 1) == 1 and cols[0] % (b + 1) == 1


def test_windoku_on_boxes_that_are_not_square_is_refused_naming_the_rule():
    with pytest.raises(GeometryError, match="windoku"):
        Geometry(2, 3).with_variants("windoku")


@settings(max_examples=30, deadline=None)
@given(shape=st.sampled_from(SHAPES), names=st.sets(st.sampled_from(rules.NAMES)),
       jigsaw=st.booleans(), seed=st.integers(0, 10**6))
def test_the_geometry_is_rows_columns_boxes_and_what_its_rules_add(shape, names, jigsaw, seed):
    if "windoku" in names and shape[0] != shape[1]:
        names.discard("windoku")
    g = Geometry(*shape)
    regions = random_regions(g.size, *shape, random.Random(seed)) if jigsaw else None
    g = g.with_variants(sorted(names), regions)
    assert [type(r) for r in g.rules if not isinstance(r, Jigsaw)] == \
        [rules.NAMED[k] for k in rules.NAMES if k in names]
    assert g.houses[3 * g.size:] == tuple(c for r in g.rules for c, _ in r.houses(g))
    for cell in range(g.ncells):
        expected = {c for h in g.houses if cell in h for c in h}
        for rule in g.rules:
            if rule.peers(g) is not None:
                expected |= set(rule.peers(g)[cell])
        expected.discard(cell)
        assert set(g.peers[cell]) == expected


def test_killer_cages_make_their_cells_peers_and_write_and_read_back():
    g = Geometry.of(9).with_cages("15 r1c1 r1c2 r2c1\n4 r9c8-r9c9")
    (killer,) = g.rules
    assert isinstance(killer, Killer)
    assert set(g.extra_peers[0]) == {1, 9} and set(g.extra_peers[80]) == {79}
    assert read_cages(killer.fields(g)["cages"], 9) == g.cages
    assert g.cages[0] == Cage(15, (0, 1, 9))


def test_jigsaw_regions_write_and_read_back():
    g0 = Geometry.of(9)
    g = g0.with_variants((), random_regions(9, 3, 3, random.Random(4)))
    (jigsaw,) = g.rules
    assert g0.with_variants((), read_regions(jigsaw.fields(g)["regions"], 9)) == g


class CornerCells(Rule):
    """A rule kind written only here: the top-left cells of the boxes form a house."""

    kind = "corner-cells"
    enforced_by = "houses"

    def houses(self, geometry):
        n, br, bc = geometry.size, geometry.box_rows, geometry.box_cols
        return ((tuple(r * n + c for r in range(0, n, br) for c in range(0, n, bc)),
                 "corner cells"),)


def test_a_new_rule_kind_plugs_in_without_a_change_to_the_geometry(monkeypatch):
    empty = Grid(Geometry.of(9), [0] * 81, [False] * 81)
    corners = (0, 3, 6, 27, 30, 33, 54, 57, 60)
    (classic,) = solve(empty, limit=1, method="reference").solutions
    monkeypatch.setitem(rules.NAMED, CornerCells.kind, CornerCells)
    g = Geometry.of(9).with_variants("corner-cells")
    assert g.variant_name == "corner-cells"
    assert g.extra_houses == ((corners, "corner cells"),)
    assert set(corners) - {0} <= set(g.peers[0])
    (solution,) = solve(empty.with_geometry(g), limit=1, method="reference").solutions
    assert len({classic.values[c] for c in corners}) < 9  # the first classic grid breaks it
    assert len({solution.values[c] for c in corners}) == 9
    assert solution.geometry.is_classic is False
