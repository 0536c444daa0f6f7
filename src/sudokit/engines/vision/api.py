"""``read_image``: a picture in, a :class:`Reading` out (the grid, a confidence per cell, the
corners found, the cells repaired, the alternatives and the doubtful cells)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from sudokit.model.geometry import Geometry, read_box
from sudokit.model.grid import Grid
from sudokit.i18n import tr
from sudokit.i18n.values import Cell
from sudokit.model.symbols import get_alphabet
from sudokit.engines.vision import cells as cellmod
from sudokit.engines.vision._deps import require
from sudokit.engines.vision.cells import Glyph
from sudokit.engines.vision.classify import classify
from sudokit.engines.vision.errors import ImageError
from sudokit.engines.vision.load import load
from sudokit.engines.vision.locate import find_grid
from sudokit.engines.vision.repair import repair as do_repair

#: A cell read with less confidence than this is doubtful.
DOUBT = 0.9
#: Confidence of a cell with no ink of a symbol's size.
EMPTY_CONFIDENCE = 0.995
#: Confidence of a cell with no glyph cut out, yet ink in its middle: named for checking.
UNCLEAR_CONFIDENCE = 0.6


@dataclass
class Reading:
    """What was read from a picture.

    ``grid``: the puzzle (after repair); ``confidence[i]``: how sure the reader is of cell
    ``i``'s value (0..1); ``alternatives[i]``: ``(value, probability)`` pairs, most likely
    first (0 = empty); ``corners``: the grid's corners in the picture's pixels (top-left,
    top-right, bottom-right, bottom-left of the puzzle as it reads); ``rotation``: degrees the
    picture was turned (clockwise) to read it; ``repaired``: ``(cell, read, now)`` of each cell
    the repair changed; ``doubtful``: cells to check by eye; ``solutions``: 1 when the puzzle
    has exactly one solution, 0 none, 2 several, None unknown; ``straightened``: the grid
    straightened and upright (a grayscale NumPy array).
    """

    grid: Grid
    confidence: list[float]
    alternatives: list[list[tuple[int, float]]]
    corners: list[tuple[float, float]]
    rotation: int = 0
    repaired: list[tuple[int, int, int]] = field(default_factory=list)
    doubtful: list[int] = field(default_factory=list)
    solutions: int | None = None
    straightened: object = None
    seconds: float = 0.0
    source: str = ""

    @property
    def ok(self) -> bool:
        """True when the reading is a proper puzzle (exactly one solution)."""
        return self.solutions == 1

    def status(self) -> str:
        if self.solutions == 1:
            return "repaired" if self.repaired else "unique"
        if self.solutions == 0:
            return "no-solution"
        if self.solutions == 2:
            return "several-solutions"
        return "unknown"

    def summary(self) -> str:
        """One line for a person: what was read, what was changed, what to check."""
        geo = self.grid.geometry
        alpha = get_alphabet(None)
        parts = [tr("read a {size}x{size} grid ({n} givens)", size=geo.size, n=self.grid.filled)]
        if self.rotation:
            parts.append(tr("turned {n} degrees", n=self.rotation))
        if self.repaired:
            empty = tr("empty")
            parts.append(tr("repaired {cells}", cells=", ".join(
                f"{Cell(geo, c)} {alpha.encode(a, geo.size) if a else empty}->"
                f"{alpha.encode(b, geo.size) if b else empty}" for c, a, b in self.repaired)))
        if self.solutions == 0:
            parts.append(tr("the reading has no solution"))
        elif self.solutions == 2:
            parts.append(tr("the reading has several solutions"))
        elif self.solutions != 1:
            parts.append(tr("the reading could not be checked"))
        if self.doubtful:
            parts.append(tr("check {cells}", cells=", ".join(str(Cell(geo, c))
                                                             for c in self.doubtful)))
        return "; ".join(parts)

    def to_dict(self) -> dict:
        """A JSON-ready dict (without the straightened picture)."""
        geo = self.grid.geometry
        alpha = get_alphabet(None)

        def sym(v):
            return alpha.encode(v, geo.size) if v else "."

        return {
            "size": geo.size,
            "box": geo.box_shape,
            "puzzle": self.grid.to_line(),
            "grid": self.grid.rows(),
            "confidence": [round(float(c), 4) for c in self.confidence],
            "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners],
            "rotation": self.rotation,
            "repaired": [{"cell": c, "name": geo.name(c), "read": sym(a), "now": sym(b)}
                         for c, a, b in self.repaired],
            "doubtful": [{"cell": c, "name": geo.name(c),
                          "alternatives": [[sym(v), round(float(p), 4)]
                                           for v, p in self.alternatives[c][:3]]}
                         for c in self.doubtful],
            "status": self.status(),
            "solutions": self.solutions,
            "seconds": round(self.seconds, 3),
        }


def likelihood(alternatives, value: int, confidence: float) -> float:
    """How likely the value a cell now holds is, from what was read: its confidence when it
    is the value read, else the alternative's probability (a repaired cell is as sure as the
    repair's guess, so one changed against the odds is named for checking too)."""
    if alternatives and alternatives[0][0] == value:
        return confidence
    return next((p for v, p in alternatives if v == value), 0.0)


def _geometry(size, box) -> Geometry | None:
    if box is not None:
        rows, cols = read_box(box)
        if size is not None and rows * cols != size:
            return Geometry.of(size, (rows, cols))  # raises the GeometryError
        return Geometry.of(rows * cols, (rows, cols))
    if size is not None:
        return Geometry.of(int(size))
    return None


def _orient(glyph_list, n, k):
    """Glyphs of the grid turned by ``k`` quarter turns counterclockwise (as np.rot90)."""
    _, np = require()
    cells = list(glyph_list)
    for _ in range(k):
        turned = [None] * (n * n)
        for i in range(n):
            for j in range(n):
                g = cells[j * n + (n - 1 - i)]
                if g is not None:
                    g = Glyph(np.rot90(g.image).copy(), g.width, g.height)
                turned[i * n + j] = g
        cells = turned
    return cells


def _turned_index(i: int, n: int, k: int) -> int:
    """Where cell ``i`` goes when the grid turns ``k`` quarter turns (as :func:`_orient`)."""
    for _ in range(k):
        r, c = divmod(i, n)
        i = (n - 1 - c) * n + r
    return i


def read_gray(gray, *, size=None, box=None, model=None, repair: bool = True,
              rotations: bool = True, scale: float = 1.0, source: str = "picture") -> Reading:
    """Read the grid in a grayscale picture (see :func:`read_image`)."""
    _, np = require()
    start = time.perf_counter()
    geometry = _geometry(size, box)
    sizes = (geometry.size,) if geometry else cellmod.SIZES
    corners = find_grid(gray, sizes)
    shape = None  # the box shape found from the thick lines, as the picture shows it
    if geometry is None:
        geometry = Geometry.of(cellmod.detect_size(gray, corners))
    n = geometry.size
    warped = cellmod.straighten(gray, corners, n)
    if box is None and len(cellmod.box_shapes(n)) > 1:
        shape = cellmod.detect_box(warped, n)
    unclear = []
    base = cellmod.glyphs(warped, n, unclear)
    allowed = np.arange(n + 1)

    best = None
    for k in (0, 1, 2, 3) if rotations else (0,):
        turned = _orient(base, n, k)
        present = [g for g in turned if g is not None]
        probs = classify(present, model)[:, allowed] if present else np.zeros((0, n + 1))
        probs = probs / probs.sum(axis=1, keepdims=True).clip(1e-12)
        # upright, the glyphs look like symbols (turned, many look like nothing, class 0): the
        # sum of each glyph's best symbol's probability, where a smudge costs at most one
        score = float(probs[:, 1:].max(axis=1).sum()) if len(probs) else 0.0
        if best is None or score > best[0]:
            best = (score, k, turned, probs)
        if k == 0 and len(probs) and probs[:, 1:].max(axis=1).min() > 0.98:
            break  # every glyph read as a symbol with confidence upright: no need to turn
    _, k, turned, probs = best
    if shape is not None:  # a quarter turn swaps the boxes' rows and columns
        geometry = Geometry.of(n, shape[::-1] if k % 2 else shape)

    unsure = {_turned_index(i, n, k) for i in unclear}
    values, confidence, alternatives = [], [], []
    j = 0
    for i, g in enumerate(turned):
        if g is None:
            sure = UNCLEAR_CONFIDENCE if i in unsure else EMPTY_CONFIDENCE
            values.append(0)
            confidence.append(sure)
            alternatives.append([(0, sure)])
            continue
        p = probs[j]
        j += 1
        order = np.argsort(-p)
        values.append(int(order[0]))
        confidence.append(float(p[order[0]]))
        alternatives.append([(int(v), float(p[v])) for v in order[:4]])
    grid = Grid(geometry, values)

    solutions = None
    changes = []
    if repair:
        fixed = do_repair(grid, alternatives)
        grid, changes, solutions = fixed.grid, fixed.changes, fixed.solutions
    doubtful = [i for i in range(len(values)) if likelihood(alternatives[i], grid.values[i],
                                                            confidence[i]) < DOUBT]
    if repair and solutions != 1:
        clash = {c for cl in grid.clashes() for c in (cl.first, cl.second)}
        worst = sorted(range(len(values)), key=lambda i: confidence[i])[:3]
        doubtful = sorted(set(doubtful) | clash | {i for i in worst if confidence[i] < 0.999})
    quad = np.roll(np.asarray(corners, np.float64) * scale, -k, axis=0)
    return Reading(
        grid=grid, confidence=confidence, alternatives=alternatives,
        corners=[(float(x), float(y)) for x, y in quad], rotation=(-90 * k) % 360,
        repaired=changes, doubtful=sorted(doubtful), solutions=solutions,
        straightened=np.ascontiguousarray(np.rot90(warped, k)),
        seconds=time.perf_counter() - start, source=source)


def read_image(image, size: int | None = None, box=None, *, repair: bool = True,
               model=None, source: str | None = None) -> Reading:
    """Read a Sudoku grid from a picture: a path, the bytes of an image file, or a NumPy array
    (grayscale, BGR or BGRA). ``size`` (4, 6, 9, 16...) and ``box`` (``"2x3"``) fix the grid's
    shape when known; otherwise the size is found from the grid lines (4, 6, 9 or 16).

    Raises :class:`~sudokit.engines.vision.ImageError` for something that is not a readable picture,
    :class:`~sudokit.engines.vision.GridNotFoundError` when there is no grid, and
    :class:`~sudokit.engines.vision.VisionUnavailableError` when OpenCV/NumPy are not installed.
    """
    gray, scale, name = load(image, source)
    return read_gray(gray, size=size, box=box, model=model, repair=repair, scale=scale,
                     source=name)


__all__ = ["Reading", "read_image", "read_gray", "ImageError"]
