"""Repair: the nearest reading with exactly one solution, from the alternatives of the least
confident cells; never a silent wrong puzzle."""

from __future__ import annotations

from conftest import NINE, draw_grid, values_of

from sudokit.geometry import Geometry
from sudokit.grid import Grid
from sudokit.vision.api import read_gray
from sudokit.vision.repair import repair


def _alternatives(values, doubtful):
    alts = [[(v, 0.999)] for v in values]
    for cell, options in doubtful.items():
        alts[cell] = options
    return alts


def test_a_clash_is_repaired_from_the_second_choice():
    truth = values_of(NINE)
    read = list(truth)
    cell = read.index(3)  # a 3 read as an 8 that clashes
    read[cell] = 8 if 8 not in read[:9] else 5
    grid = Grid(Geometry.of(9), read)
    alts = _alternatives(read, {cell: [(read[cell], 0.55), (3, 0.4), (0, 0.05)]})
    fixed = repair(grid, alts)
    assert fixed.solutions == 1
    assert fixed.grid.values == truth
    assert fixed.changes == [(cell, read[cell], 3)]


def test_a_missed_digit_is_restored_when_several_solutions():
    truth = values_of(NINE)
    read = list(truth)
    cells = [i for i, v in enumerate(truth) if v][:6]
    for c in cells:  # six givens lost: several solutions
        read[c] = 0
    grid = Grid(Geometry.of(9), read)
    alts = _alternatives(read, {c: [(0, 0.6), (truth[c], 0.39)] for c in cells})
    fixed = repair(grid, alts)
    assert fixed.solutions == 1
    assert all(fixed.grid.values[c] in (0, truth[c]) for c in cells)


def test_unrepairable_reading_is_returned_as_read():
    truth = values_of(NINE)
    read = list(truth)
    a, b = [i for i, v in enumerate(truth) if v][:2]
    read[b] = read[a]  # a clash, and no alternative anywhere
    fixed = repair(Grid(Geometry.of(9), read), [[(v, 1.0)] for v in read])
    assert fixed.solutions in (0, None) and fixed.changes == [] and fixed.grid.values == read


def test_a_picture_with_several_solutions_says_so_and_names_cells():
    few = [0] * 81
    few[0], few[10], few[20] = 1, 2, 3
    reading = read_gray(draw_grid(few))
    assert reading.grid.values == few  # never changed into some other puzzle
    assert not reading.ok and reading.status() == "several-solutions"
    assert "several solutions" in reading.summary()
