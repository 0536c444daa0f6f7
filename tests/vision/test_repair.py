"""Repair: the nearest reading with exactly one solution, from the alternatives of the least
confident cells; never a silent wrong puzzle."""

from __future__ import annotations

from conftest import NINE, draw_grid, values_of

from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.engines.vision.api import read_gray
from sudokit.engines.vision.repair import repair


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


class _Softened:
    """The shipped model, less sure of the ``k``-th glyph read: its best class keeps ``p``."""

    def __init__(self, k: int, p: float) -> None:
        from sudokit.engines.vision.classify import default_model

        self.model, self.k, self.p = default_model(), k, p

    def proba(self, x):
        probs = self.model.proba(x).copy()
        if len(probs) > self.k:
            best = probs[self.k].argmax()
            probs[self.k] = (1 - self.p) / (len(probs[self.k]) - 1)
            probs[self.k, best] = self.p
        return probs


def test_a_unique_reading_still_names_its_unsure_cells():
    truth = values_of(NINE)
    reading = read_gray(draw_grid(truth), model=_Softened(4, 0.6))
    fifth = [i for i, v in enumerate(truth) if v][4]
    assert reading.grid.values == truth and reading.ok and reading.status() == "unique"
    assert fifth in reading.doubtful
    assert f"check {reading.grid.geometry.name(fifth)}" in reading.summary()


class _Misread(_Softened):
    """The shipped model reading the ``k``-th glyph as ``wrong`` (0.55) over its best (0.4)."""

    def __init__(self, k: int, wrong: int) -> None:
        super().__init__(k, 0.4)
        self.wrong = wrong

    def proba(self, x):
        probs = super().proba(x)
        if len(probs) > self.k:
            probs[self.k, self.wrong] = 0.55
        return probs


def test_a_repaired_cell_is_named_for_checking():
    truth = values_of(NINE)
    cells = [i for i, v in enumerate(truth) if v]
    cell = cells[0]
    row = truth[cell - cell % 9:cell - cell % 9 + 9]
    wrong = next(v for v in row if v and v != truth[cell])  # clashes in its row
    reading = read_gray(draw_grid(truth), model=_Misread(0, wrong))
    assert reading.alternatives[cell][0][0] == wrong  # read wrong ...
    assert reading.grid.values == truth and reading.status() == "repaired"  # ... repaired ...
    assert reading.repaired == [(cell, wrong, truth[cell])]
    assert cell in reading.doubtful  # ... and still named: the repair's guess was 0.4


def test_ink_that_cannot_be_cut_out_is_named():
    import cv2

    truth = values_of(NINE)
    cell = truth.index(0)
    r, c = divmod(cell, 9)
    picture = draw_grid(truth)  # 40 px a cell from 60, 60
    x, y = 60 + c * 40, 60 + r * 40
    # a digit run into a stroke as wide as the cell: no glyph can be cut out of it
    cv2.putText(picture, "4", (x + 12, y + 30), cv2.FONT_HERSHEY_SIMPLEX, 0.9, 0, 2, cv2.LINE_AA)
    cv2.line(picture, (x + 1, y + 12), (x + 39, y + 22), 0, 3)
    reading = read_gray(picture)
    assert reading.grid.values[cell] == 0 and reading.confidence[cell] < 0.9
    assert cell in reading.doubtful
