"""A step drawn over the board, from its JSON dict (:meth:`sudokit.engines.logic.Step.to_dict`):
cells looked at, candidates, placements and eliminations (discs, a cross on each removed
candidate), sets coloured by role (fish base/cover houses and fins, ALS outlines with their
labels, pattern and target cells, a killer step's region and cages) and chain links as arrows
between candidates (strong solid, weak dashed), the links of each branch of a forcing chain or
net in a colour of its own."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from sudokit.model.errors import SudokitError
from sudokit.model.geometry import Geometry
from sudokit.i18n import tr
from sudokit.engines.render.scene import Circle, Curve, Line, Polygon, Rect, Scene, Text
from sudokit.engines.render.styles import Style

Candidate = tuple[int, int]


@dataclass
class Arrow:
    start: list[Candidate]   # one candidate, or every candidate of a group node
    end: list[Candidate]
    strong: bool
    colour: str


@dataclass
class StepMarks:
    cells: set[int] = field(default_factory=set)
    candidates: set[Candidate] = field(default_factory=set)
    placements: set[Candidate] = field(default_factory=set)
    eliminations: set[Candidate] = field(default_factory=set)
    fills: list[tuple[int, str]] = field(default_factory=list)    # (cell, tint)
    rings: list[tuple[Candidate, str]] = field(default_factory=list)
    outlines: list[tuple[set[int], str, float, str]] = field(default_factory=list)  # cells, colour, inset, label
    cages: dict[frozenset[int], str] = field(default_factory=dict)  # killer cages the step uses: colour
    arrows: list[Arrow] = field(default_factory=list)
    legend: list[tuple[str, str]] = field(default_factory=list)   # (text, colour)

    @property
    def nodes(self) -> list[Candidate]:
        return [c for a in self.arrows for c in a.start + a.end]

    @classmethod
    def of(cls, step: dict | None, geometry: Geometry, style: Style) -> StepMarks:
        out = cls()
        if not step:
            return out
        n = geometry.size

        def cell(rc) -> int:
            try:
                r, c = int(rc[0]), int(rc[1])
            except (TypeError, ValueError, IndexError):
                raise SudokitError(tr("step: {value} is not a [row, col] pair", value=repr(rc))) from None
            if not (1 <= r <= n and 1 <= c <= n):
                raise SudokitError(tr("step: cell {cell} is outside the {n}x{n} grid",
                                      cell=tr("r{row}c{col}", row=r, col=c), n=n))
            return (r - 1) * n + c - 1

        def cand(rcd) -> Candidate:
            if not isinstance(rcd, (list, tuple)) or len(rcd) != 3:
                raise SudokitError(tr("step: {value} is not a [row, col, digit] triple",
                                      value=repr(rcd)))
            d = int(rcd[2])
            if not 1 <= d <= n:
                raise SudokitError(tr("step: digit {d} is outside 1..{n}", d=d, n=n))
            return cell(rcd[:2]), d

        def cands(key) -> set[Candidate]:
            return {cand(x) for x in step.get(key) or ()}

        out.cells = {cell(x) for x in step.get("cells") or ()}
        out.candidates = cands("candidates")
        out.placements = cands("placements")
        out.eliminations = cands("eliminations")

        als_index = 0
        for s in step.get("sets") or ():
            role = s.get("role", "pattern")
            colour, tint = style.roles.get(role, style.roles["pattern"])
            cells = {cell(x) for x in s.get("cells") or ()}
            digits = [int(d) for d in s.get("digits") or ()]
            label = str(s.get("label") or "")
            if role == "als":
                colour = style.als[als_index % len(style.als)]
                out.outlines.append((cells, colour, 0.05 + 0.05 * (als_index % 3), label))
                als_index += 1
            elif role in ("base", "cover", "region"):
                out.outlines.append((cells, colour, 0.1 if role == "cover" else 0.04, ""))
            elif role == "cage":  # the cage's own outline is drawn in the colour (board.py)
                out.cages[frozenset(cells)] = colour
            if tint:
                out.fills.extend((c, tint) for c in cells)
            out.rings.extend(((c, d), colour) for c in cells for d in digits)

        def arrows(links, colour):
            for link in links or ():
                start = [(c, int(link["from"][2])) for c in
                         ([cell(x) for x in link["from_cells"]] if link.get("from_cells")
                          else [cand(link["from"])[0]])]
                end = [(c, int(link["to"][2])) for c in
                       ([cell(x) for x in link["to_cells"]] if link.get("to_cells")
                        else [cand(link["to"])[0]])]
                cand(link["from"]), cand(link["to"])  # checks the digits
                out.arrows.append(Arrow(start, end, bool(link.get("strong")), colour))

        arrows(step.get("links"), style.link)
        for i, branch in enumerate(step.get("branches") or ()):
            colour = style.branches[i % len(style.branches)]
            arrows(branch.get("links"), colour)
            if branch.get("label"):
                out.legend.append((str(branch["label"]), colour))
        return out


def outline_segments(cells: set[int], n: int, x0: float, y0: float, cs: float, d: float):
    """The boundary of a set of cells, drawn ``d`` inside it, as line segments."""
    def inside(r, c):
        return 0 <= r < n and 0 <= c < n and r * n + c in cells

    segs = []
    for cell in cells:
        r, c = divmod(cell, n)
        x, y = x0 + c * cs, y0 + r * cs
        s = cs

        def end(lo, hi, side_r, side_c, diag_r, diag_c, sign):
            # an end of a side: at a convex corner it stops d inside, at a concave one it
            # reaches d beyond, else it meets the neighbour's side
            if not inside(side_r, side_c):
                return lo + sign * d
            if inside(diag_r, diag_c):
                return lo - sign * d
            return lo

        if not inside(r - 1, c):
            yy = y + d
            segs.append(((end(x, 0, r, c - 1, r - 1, c - 1, 1), yy),
                         (end(x + s, 0, r, c + 1, r - 1, c + 1, -1), yy)))
        if not inside(r + 1, c):
            yy = y + s - d
            segs.append(((end(x, 0, r, c - 1, r + 1, c - 1, 1), yy),
                         (end(x + s, 0, r, c + 1, r + 1, c + 1, -1), yy)))
        if not inside(r, c - 1):
            xx = x + d
            segs.append(((xx, end(y, 0, r - 1, c, r - 1, c - 1, 1)),
                         (xx, end(y + s, 0, r + 1, c, r + 1, c - 1, -1))))
        if not inside(r, c + 1):
            xx = x + s - d
            segs.append(((xx, end(y, 0, r - 1, c, r - 1, c + 1, 1)),
                         (xx, end(y + s, 0, r + 1, c, r + 1, c + 1, -1))))
    return segs


def _unit(dx: float, dy: float) -> tuple[float, float]:
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


def draw_arrow(scene: Scene, p1, p2, colour: str, width: float, dash, r1: float, r2: float,
               head: float) -> None:
    """A gently curved arrow from the disc of radius ``r1`` around ``p1`` to that of radius
    ``r2`` around ``p2`` (a curve keeps it off the candidates on the straight line between)."""
    dx, dy = p2[0] - p1[0], p2[1] - p1[1]
    length = math.hypot(dx, dy)
    if length < 1e-6:
        return
    nx, ny = -dy / length, dx / length
    bend = 0.18 * length if length > 4 * r1 else 0.35 * length
    cx, cy = (p1[0] + p2[0]) / 2 + nx * bend, (p1[1] + p2[1]) / 2 + ny * bend
    ux, uy = _unit(cx - p1[0], cy - p1[1])
    sx, sy = p1[0] + ux * r1, p1[1] + uy * r1
    vx, vy = _unit(p2[0] - cx, p2[1] - cy)
    tx, ty = p2[0] - vx * r2, p2[1] - vy * r2          # the tip
    bx, by = tx - vx * head, ty - vy * head            # the base of the head
    scene.add(Curve(sx, sy, cx, cy, bx + vx * head * 0.3, by + vy * head * 0.3, colour, width, dash))
    px, py = -vy, vx
    scene.add(Polygon(((tx, ty), (bx + px * head * 0.42, by + py * head * 0.42),
                       (bx - px * head * 0.42, by - py * head * 0.42)), colour))


def draw(scene: Scene, f, step: StepMarks, style: Style) -> None:
    """Outlines, crosses on eliminations and arrows, over the digits (``f`` is the board's
    :class:`~.board.Frame`)."""
    cs, n = f.cs, f.n
    width = max(0.6, cs * 0.045)
    for cells, colour, inset, label in step.outlines:
        for (a, b) in outline_segments(cells, n, f.x0, f.y0, cs, inset * cs):
            scene.add(Line(a[0], a[1], b[0], b[1], colour, width))
        if label and cells:
            first = min(cells)
            x, y = f.cell_box(first)
            size = cs * 0.26
            w = max(size * 1.1, len(label) * size * 0.7 + size * 0.4)
            lx, ly = x + inset * cs, y + inset * cs
            scene.add(Rect(lx - w / 2, ly - size * 0.65, w, size * 1.3, colour, None, 0, size * 0.3))
            scene.add(Text(lx, ly + size * 0.36, label, size, "#ffffff", True, "middle", "label"))
    r = f.cand_radius * 0.62
    for cell, d in step.eliminations:
        cx, cy = f.cand_centre(cell, d)
        scene.add(Line(cx - r, cy - r, cx + r, cy + r, style.elim_mark, max(0.5, cs * 0.03)))
        scene.add(Line(cx - r, cy + r, cx + r, cy - r, style.elim_mark, max(0.5, cs * 0.03)))

    rr = f.cand_radius * 0.95
    head = max(2.5, cs * 0.14)
    lw = max(0.6, cs * 0.035)
    dash = (cs * 0.1, cs * 0.07)
    for arrow in step.arrows:
        ends = []
        for group in (arrow.start, arrow.end):
            pts = [f.cand_centre(c, d) for c, d in group]
            cx = sum(p[0] for p in pts) / len(pts)
            cy = sum(p[1] for p in pts) / len(pts)
            radius = rr
            if len(pts) > 1:  # a group node: a box around its candidates
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                scene.add(Rect(min(xs) - rr, min(ys) - rr, max(xs) - min(xs) + 2 * rr,
                               max(ys) - min(ys) + 2 * rr, None, arrow.colour, lw * 0.8, rr))
                radius = rr * 1.1
            ends.append(((cx, cy), radius))
        (p1, r1), (p2, r2) = ends
        draw_arrow(scene, p1, p2, arrow.colour, lw, None if arrow.strong else dash, r1, r2, head)
