"""Killer cages in a picture: each cage's border as a dashed outline a little inside its cells
(so that neighbouring cages' lines never touch), and its sum small in the top-left corner of
its first cell, on a patch of the cell's colour that breaks the dashes, as newspapers print them.
"""

from __future__ import annotations

from sudokit.engines.render.scene import Polyline, Rect, Scene, Text, text_width

Point = tuple[float, float]

#: The four sides of a cell, walked clockwise on screen (y down): outward normal, direction.
_SIDES = (((0, -1), (1, 0)), ((1, 0), (0, 1)), ((0, 1), (-1, 0)), ((-1, 0), (0, -1)))
#: Inset of the outline, size and place of the sum, as shares of the cell's side.
INSET = 0.08
SUM_SIZE = 0.2
#: Room left above the pencil marks of a killer cell (the sum's line).
SUM_ROOM = 0.25


def outlines(cells, size: int, inset: float = INSET) -> list[list[Point]]:
    """The closed outlines of a group of cells (indices in a ``size`` wide grid), in cell units
    (cell ``r, c`` spans ``c..c+1``, ``r..r+1``), ``inset`` inside the group's border; one loop a
    border (a group with a hole has two), each a list of corners."""
    group = {divmod(c, size) for c in cells}

    def inside(r, c):
        return (r, c) in group

    starts: dict[tuple[int, int], tuple[Point, Point]] = {}
    for r, c in group:
        cx, cy = c + 0.5, r + 0.5
        for (nx, ny), (tx, ty) in _SIDES:
            if inside(r + ny, c + nx):
                continue  # not a border side

            def reach(sign):
                """How far the side runs past the cell's corner (-inset: a convex corner)."""
                ar, ac = r + sign * ty, c + sign * tx
                if not inside(ar, ac):
                    return -inset
                return inset if inside(ar + ny, ac + nx) else 0.0

            bx, by = cx + nx * (0.5 - inset), cy + ny * (0.5 - inset)
            a, b = 0.5 + reach(-1), 0.5 + reach(1)
            start, end = (bx - tx * a, by - ty * a), (bx + tx * b, by + ty * b)
            starts[_key(start)] = (start, end)
    loops = []
    while starts:
        key, (start, end) = next(iter(starts.items()))
        del starts[key]
        loop = [start]
        while _key(end) in starts:
            loop.append(end)
            _, end = starts.pop(_key(end))
        loops.append(_corners(loop))
    return loops


def _key(p: Point) -> tuple[int, int]:
    return round(p[0] * 10000), round(p[1] * 10000)


def _corners(points: list[Point]) -> list[Point]:
    """The loop without the points in the middle of a straight run."""
    out = []
    n = len(points)
    for i, (x, y) in enumerate(points):
        (px, py), (qx, qy) = points[i - 1], points[(i + 1) % n]
        if abs((x - px) * (qy - y) - (y - py) * (qx - x)) > 1e-9:
            out.append((x, y))
    return out


def draw_cages(scene: Scene, frame, style, fills: dict, marked: dict | None = None) -> None:
    """Every cage of the frame's geometry: its dashed outline and its sum (``fills``: the
    colour of each filled cell, under the sum's patch). A cage in ``marked`` (its cells: a
    colour), one a step uses, is outlined solid and thicker in that colour."""
    g, n, cs = frame.g, frame.n, frame.cs
    width = max(0.5, cs * 0.025)
    dash = (cs * 0.07, cs * 0.05)
    marked = marked or {}
    for cage in g.cages or ():
        colour = marked.get(frozenset(cage.cells))
        for loop in outlines(cage.cells, n):
            points = tuple((frame.x0 + x * cs, frame.y0 + y * cs) for x, y in loop)
            if colour:
                scene.add(Polyline(points, colour, width * 2.4, None, closed=True, role="cage-marked"))
            else:
                scene.add(Polyline(points, style.cage, width, dash, closed=True, role="cage"))
        first = cage.cells[0]  # the least index: the top row's leftmost cell
        x, y = frame.cell_box(first)
        size = cs * SUM_SIZE
        label = str(cage.total)
        pad = cs * 0.03
        scene.add(Rect(x + cs * INSET - pad, y + cs * INSET - size * 0.5,
                       text_width(label, size) + 2 * pad, size * 1.05,
                       fills.get(first, style.background)))
        scene.add(Text(x + cs * INSET, y + cs * INSET + size * 0.45, label, size, style.cage,
                       anchor="start", role="cage-sum"))
