"""Drawing one board into a :class:`~.scene.Scene`: cell fills, candidate discs, grid lines,
digits and pencil marks, then the step's sets, crosses and arrows (:mod:`.marks`).

A :class:`Board` is everything a picture shows, with cells as 0-based indices and candidates
as ``(cell, digit)`` pairs (as :class:`sudokit.engines.logic.Step` holds them); a step comes as the
JSON dict of :meth:`Step.to_dict` (1-based), the same data the web API sends the page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from sudokit.model.geometry import Geometry
from sudokit.model.symbols import get_alphabet
from sudokit.engines.render import marks
from sudokit.engines.render.cages import SUM_ROOM, draw_cages
from sudokit.engines.render.scene import Circle, Line, Rect, Scene
from sudokit.engines.render.styles import Style

Candidate = tuple[int, int]


@dataclass
class Board:
    """What one picture of a grid shows.

    ``values``/``givens``: every cell's digit (0 empty) and whether it is a clue; ``cands``: one
    bitmask per cell (bit ``d-1`` for digit ``d``) to draw as pencil marks, or None for none;
    ``solution``: the digits to write in the empty cells, or None; ``cells``, ``marked``,
    ``eliminations``, ``placements``: highlighted cells and candidates; ``step``: a step's
    JSON dict (:meth:`sudokit.engines.logic.Step.to_dict`)."""

    geometry: Geometry
    values: list[int]
    givens: list[bool]
    cands: list[int] | None = None
    solution: list[int] | None = None
    cells: set[int] = field(default_factory=set)
    marked: set[Candidate] = field(default_factory=set)
    eliminations: set[Candidate] = field(default_factory=set)
    placements: set[Candidate] = field(default_factory=set)
    step: dict | None = None
    alphabet: str | None = None


class Frame:
    """Where things are: the board's top-left corner, its cell size and the pencil-mark
    layout (a mini grid of ``mcols`` x ``mrows`` per cell)."""

    def __init__(self, geometry: Geometry, x0: float, y0: float, side: float) -> None:
        self.g = geometry
        self.n = n = geometry.size
        self.x0, self.y0, self.side = x0, y0, side
        self.cs = cs = side / n
        self.mcols = math.ceil(math.sqrt(n))
        self.mrows = math.ceil(n / self.mcols)
        pad = cs * 0.05
        # a killer cell keeps its pencil marks inside the cage's line and under the sum
        self.top = cs * SUM_ROOM if geometry.cages else pad
        if geometry.cages:
            pad = cs * 0.11
        self.sw = (cs - 2 * pad) / self.mcols
        self.sh = (cs - pad - self.top) / self.mrows
        self.pad = pad
        self.cand_size = min(self.sw, self.sh) * 0.78
        self.cand_radius = min(self.sw, self.sh) * 0.5
        self.thin = max(0.4, cs * 0.022)
        self.thick = max(1.2, cs * 0.065)

    def cell_box(self, cell: int) -> tuple[float, float]:
        r, c = divmod(cell, self.n)
        return self.x0 + c * self.cs, self.y0 + r * self.cs

    def cell_centre(self, cell: int) -> tuple[float, float]:
        x, y = self.cell_box(cell)
        return x + self.cs / 2, y + self.cs / 2

    def cand_centre(self, cell: int, digit: int) -> tuple[float, float]:
        x, y = self.cell_box(cell)
        i = digit - 1
        row, col = divmod(i, self.mcols)
        return (x + self.pad + (col + 0.5) * self.sw, y + self.top + (row + 0.5) * self.sh)


def _mix(colours: list[str]) -> str:
    """One fill for overlapping tints: their average (white stays white)."""
    if len(colours) == 1:
        return colours[0]
    rgb = [tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for c in colours]
    avg = [sum(x[k] for x in rgb) / len(rgb) for k in range(3)]
    # a little darker than the average, so that an overlap shows
    return "#" + "".join(f"{max(0, int(v * 0.96)):02x}" for v in avg)


def draw_board(scene: Scene, board: Board, style: Style, x0: float, y0: float, side: float) -> Frame:
    """Draw ``board`` with its top-left corner at ``(x0, y0)``, ``side`` units wide."""
    g = board.geometry
    f = Frame(g, x0, y0, side)
    n, cs = f.n, f.cs
    step = marks.StepMarks.of(board.step, g, style)

    # 1. cell fills
    fills: dict[int, list[str]] = {}
    for cell in board.cells:
        fills.setdefault(cell, []).append(style.cell_highlight)
    for cell in step.cells:
        fills.setdefault(cell, []).append(style.step_cell)
    for cell, colour in step.fills:
        fills.setdefault(cell, []).append(colour)
    for cell, colours in sorted(fills.items()):
        x, y = f.cell_box(cell)
        scene.add(Rect(x, y, cs, cs, _mix(colours)))

    # the variant's own houses: windows shaded, diagonals drawn under the digits
    _variant_marks(scene, g, f, style, x0, y0, side, fills)

    # 2. candidate discs
    values = board.values
    shown: dict[int, int] = {}  # cell -> mask of candidates to write
    if board.cands is not None:
        for cell, m in enumerate(board.cands):
            if m and not values[cell]:
                shown[cell] = m
    discs: dict[Candidate, tuple[str, str | None]] = {}
    for cand in list(board.marked) + list(step.candidates):
        discs[cand] = (style.cand_highlight, None)
    for cand in list(board.placements) + list(step.placements):
        discs[cand] = (style.place_fill, style.place_ring)
    for cand in list(board.eliminations) + list(step.eliminations):
        discs[cand] = (style.elim_fill, style.elim_mark)
    for cand in discs.keys() | set(step.nodes):
        cell, d = cand
        if 0 <= cell < g.ncells and 1 <= d <= n and not values[cell]:
            shown[cell] = shown.get(cell, 0) | (1 << (d - 1))
    rr = f.cand_radius * 0.92
    for (cell, d), (fill, ring) in discs.items():
        if shown.get(cell, 0) >> (d - 1) & 1:
            cx, cy = f.cand_centre(cell, d)
            scene.add(Circle(cx, cy, rr, fill, ring, max(0.5, cs * 0.03) if ring else 1.0))
    for (cell, d), colour in step.rings:
        if shown.get(cell, 0) >> (d - 1) & 1 and (cell, d) not in step.eliminations:
            cx, cy = f.cand_centre(cell, d)
            scene.add(Circle(cx, cy, rr, None, colour, max(0.5, cs * 0.035)))

    # 3. grid lines: thin cell lines, then thick box (region) lines and the border over them
    x1, y1 = x0 + side, y0 + side
    if g.regions is None:
        for i in range(1, n):
            if i % g.box_cols:
                x = x0 + i * cs
                scene.add(Line(x, y0, x, y1, style.thin, f.thin))
            if i % g.box_rows:
                y = y0 + i * cs
                scene.add(Line(x0, y, x1, y, style.thin, f.thin))
        for i in range(g.box_cols, n, g.box_cols):
            x = x0 + i * cs
            scene.add(Line(x, y0, x, y1, style.thick, f.thick * 0.8))
        for i in range(g.box_rows, n, g.box_rows):
            y = y0 + i * cs
            scene.add(Line(x0, y, x1, y, style.thick, f.thick * 0.8))
    else:
        _region_lines(scene, g, f, style, x0, y0)
    half = f.thick / 2
    scene.add(Rect(x0 - half * 0.0, y0, side, side, None, style.thick, f.thick))
    if g.cages:
        draw_cages(scene, f, style, {cell: _mix(c) for cell, c in fills.items()}, step.cages)

    # 4. digits, then pencil marks
    syms = get_alphabet(board.alphabet).for_size(n)
    big = cs * 0.64
    for cell in range(g.ncells):
        v = values[cell]
        if v:
            given = board.givens[cell]
            cx, cy = f.cell_centre(cell)
            scene.centred_text(cx, cy, syms[v - 1], big, style.given if given else style.entry,
                               bold=given, role="given" if given else "entry")
        elif board.solution is not None and board.solution[cell] and cell not in shown:
            cx, cy = f.cell_centre(cell)
            scene.centred_text(cx, cy, syms[board.solution[cell] - 1], big, style.solution,
                               role="solution")
    for cell, m in shown.items():
        for d in range(1, n + 1):
            if m >> (d - 1) & 1:
                cx, cy = f.cand_centre(cell, d)
                elim = (cell, d) in discs and discs[(cell, d)][0] == style.elim_fill
                scene.centred_text(cx, cy, syms[d - 1], f.cand_size,
                                   style.elim_mark if elim else style.candidate,
                                   bold=elim, role="candidate")

    # 5. the step's outlines, crosses and arrows
    marks.draw(scene, f, step, style)
    return f


def _variant_marks(scene, g, f, style, x0: float, y0: float, side: float, fills: dict) -> None:
    """Windoku windows shaded (cells not already filled), X diagonals as light lines."""
    cs = f.cs
    for cells, name in g.extra_houses:
        if name.startswith("window"):
            for cell in cells:
                if cell not in fills:
                    x, y = f.cell_box(cell)
                    scene.add(Rect(x, y, cs, cs, style.window))
    if "x" in g.variants:
        w = max(1.0, f.thin * 1.5)
        scene.add(Line(x0, y0, x0 + side, y0 + side, style.diagonal, w, (cs * 0.12, cs * 0.08)))
        scene.add(Line(x0 + side, y0, x0, y0 + side, style.diagonal, w, (cs * 0.12, cs * 0.08)))


def _region_lines(scene, g, f, style, x0: float, y0: float) -> None:
    """Jigsaw: each cell edge thick where it parts two regions, thin inside one."""
    n, cs = g.size, f.cs
    for r in range(n):
        for c in range(n):
            cell = r * n + c
            if c + 1 < n:  # the edge to the right
                thick = g.box_of(cell) != g.box_of(cell + 1)
                x = x0 + (c + 1) * cs
                scene.add(Line(x, y0 + r * cs, x, y0 + (r + 1) * cs, style.thick if thick else style.thin,
                               f.thick * 0.8 if thick else f.thin))
            if r + 1 < n:  # the edge below
                thick = g.box_of(cell) != g.box_of(cell + n)
                y = y0 + (r + 1) * cs
                scene.add(Line(x0 + c * cs, y, x0 + (c + 1) * cs, y, style.thick if thick else style.thin,
                               f.thick * 0.8 if thick else f.thin))
