"""Splitting the straightened grid into cells and cutting out each cell's glyph.

The grid is straightened to ``n * CELL`` pixels a side and thresholded; the long straight
strokes (grid lines, a fold's shadow) are taken out of the ink, a stroke they crossed getting
its ink back. Each cell's window (the cell and a margin) is split into connected components;
the parts of a glyph are the components of glyph size whose centre lies near the cell's
centre. A cell with none is looked at again with a fainter threshold (faded print), then it
is empty. Otherwise the glyph's darkness in grey levels near its parts is cut out, scaled to
fit a ``GLYPH - 8`` square with its aspect kept, and centred in a ``GLYPH`` square: what the
classifier sees. The size of the grid and, for a size with two box shapes (6: 2x3 or 3x2),
the shape of its boxes come from its lines.
"""

from __future__ import annotations

from dataclasses import dataclass

from sudokit.model.geometry import default_box
from sudokit.engines.vision._deps import require
from sudokit.engines.vision.warp import warp

#: Pixels per cell of the straightened grid.
CELL = 40
#: Side of a normalised glyph.
GLYPH = 28
#: Sizes tried when the size is not given.
SIZES = (4, 6, 9, 16)


@dataclass
class Glyph:
    """The ink of one cell: a GLYPH x GLYPH float32 picture, and the size of its box relative
    to the cell (height, width)."""

    image: object
    height: float
    width: float


def straighten(gray, corners, n: int):
    """The grid straightened to ``n * CELL`` pixels a side, and its ink (255 on 0)."""
    side = n * CELL
    return warp(gray, corners, side)


def ink_of(warped, c: int = 9):
    """Ink of a straightened grid: adaptive threshold with a block about a cell wide (``c``:
    how much darker than its surroundings a pixel must be; lower finds fainter print)."""
    cv2, _ = require()
    n_block = (CELL | 1)
    return cv2.adaptiveThreshold(warped, 255, cv2.ADAPTIVE_THRESH_GAUSSIAN_C,
                                 cv2.THRESH_BINARY_INV, n_block, c)


#: The threshold of a second look at a cell where no glyph was found (faint print).
FAINT = 7
#: A cell without a glyph whose middle has this share of ink is not surely empty.
UNCLEAR_INK = 0.08


def strip_lines(ink, step: float):
    """``ink`` without its long straight strokes (the grid's lines, a fold's shadow), so that
    a digit touching one is cut out alone."""
    cv2, np = require()
    k = max(5, int(step * 1.05))
    horiz = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (k, 1)))
    vert = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, k)))
    lines = cv2.dilate(cv2.bitwise_or(horiz, vert), np.ones((3, 3), np.uint8))
    cut = cv2.bitwise_and(ink, cv2.bitwise_not(lines))
    # where a line crossed a stroke, give the stroke back its ink across the line
    span = max(5, int(step * 0.2)) | 1
    across = cv2.bitwise_or(
        cv2.morphologyEx(cut, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (1, span))),
        cv2.morphologyEx(cut, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (span, 1))))
    return cv2.bitwise_or(cut, cv2.bitwise_and(cv2.bitwise_and(across, ink), lines))


class CellInk:
    """The ink of a straightened picture, ready for cutting glyphs out of cells: lines taken
    out, and a fainter threshold looked at where the first finds nothing."""

    def __init__(self, warped, step: float, ink=None) -> None:
        self.warped, self.step = warped, step
        self.ink = ink_of(warped) if ink is None else ink
        self.clean = strip_lines(self.ink, step)
        self._faint = None

    def glyph(self, x0, x1, y0, y1):
        """The :class:`Glyph` of the cell between these lines, or None."""
        cv2, np = require()
        side = self.ink.shape[0]
        g = _cell_glyph(cv2, np, self.clean, x0, x1, y0, y1, side, self.warped)
        if g is None:
            if self._faint is None:
                self._faint = strip_lines(ink_of(self.warped, FAINT), self.step)
            g = _cell_glyph(cv2, np, self._faint, x0, x1, y0, y1, side, self.warped)
        return g

    def inked(self, x0, x1, y0, y1) -> bool:
        """Whether the middle of the cell holds ink (a glyph that could not be cut out: one
        run into a stroke from outside)."""
        w, h = x1 - x0, y1 - y0
        mid = self.clean[int(y0 + h / 4):int(y1 - h / 4), int(x0 + w / 4):int(x1 - w / 4)]
        return mid.size > 0 and float((mid > 0).mean()) > UNCLEAR_INK


def line_score(ink, n: int) -> float:
    """The share of the n-1 inner line positions each way (of an n x n split of ``ink``) where
    a line of ink crosses at least half the grid (0..1)."""
    _, np = require()
    side = ink.shape[0]
    on = ink > 0
    band = max(1, side // 120)
    hits = 0
    for profile in (on.mean(axis=0), on.mean(axis=1)):
        for k in range(1, n):
            p = round(k * side / n)
            if profile[max(0, p - band):p + band + 1].max() > 0.45:
                hits += 1
    return hits / (2 * (n - 1))


def detect_size(gray, corners) -> int:
    """The grid's side among :data:`SIZES`: the largest whose inner lines are all there
    (9 when none is clear)."""
    ink = ink_of(warp(gray, corners, 16 * 36))
    passing = [n for n in SIZES if line_score(ink, n) >= 0.8]
    return max(passing) if passing else 9


def box_shapes(n: int) -> list[tuple[int, int]]:
    """The box shapes (rows, cols) of a grid of side n with boxes of at least two cells each
    way: (2, 3) and (3, 2) for 6; (3, 3) alone for 9."""
    return [(r, n // r) for r in range(2, n // 2 + 1) if n % r == 0]


def line_weights(ink, n: int):
    """(vertical, horizontal): the ink of each of the n-1 inner lines of a straightened grid,
    each way (a thick line has more)."""
    cv2, np = require()
    side = ink.shape[0]
    step = side / n
    k = max(3, int(step * 0.8))
    vert = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, k)))
    horiz = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (k, 1)))
    r = max(2, int(step / 5))
    out = []
    for profile in ((vert > 0).mean(axis=0), (horiz > 0).mean(axis=1)):
        out.append(np.array([profile[max(0, round(j * step) - r):round(j * step) + r + 1].sum()
                             for j in range(1, n)]))
    return out


def detect_box(warped, n: int) -> tuple[int, int]:
    """The box shape (rows, cols) of a straightened n x n grid from its thick lines: boxes
    ``rows`` cells tall have thick horizontal lines every ``rows`` cells. The usual shape
    when the lines say nothing (all of one weight)."""
    shapes = box_shapes(n)
    if len(shapes) < 2:
        return default_box(n)
    vert, horiz = line_weights(ink_of(warped), n)

    def contrast(weights, every):
        thick = [w for j, w in enumerate(weights, start=1) if j % every == 0]
        thin = [w for j, w in enumerate(weights, start=1) if j % every]
        return (sum(thick) / len(thick) - sum(thin) / len(thin)) / (max(weights) + 1e-9)

    scored = [(contrast(horiz, r) + contrast(vert, c), (r, c)) for r, c in shapes]
    best, shape = max(scored)
    return shape if best > 0.2 else default_box(n)


def _lines(profile, n: int, step: float):
    """Line positions 0..n from a profile: a lattice a + b*k fitted to its peaks, each line
    then moved to the strongest peak within a quarter cell of the lattice."""
    _, np = require()
    side = len(profile)
    bs = np.linspace(0.94 * step, 1.06 * step, 13)
    As = np.arange(-0.15 * step, 0.15 * step + 1e-9, step / 40)
    k = np.arange(n + 1)
    pos = np.rint(As[:, None, None] + bs[None, :, None] * k[None, None, :]).astype(np.int64)
    score = np.where((pos >= 0) & (pos < side), profile[pos.clip(0, side - 1)], 0).sum(axis=2)
    ia, ib = np.unravel_index(int(np.argmax(score)), score.shape)
    best = (float(As[ia]), float(bs[ib]))
    a, b = best
    out = []
    r = max(1, int(step / 6))
    for k in range(n + 1):
        p = int(round(a + b * k))
        lo, hi = max(0, p - r), min(side, p + r + 1)
        if lo < hi and profile[lo:hi].max() > 0.35:
            out.append(float(lo + int(np.argmax(profile[lo:hi]))))
        else:
            out.append(float(p))
    return out


def line_positions(ink, n: int):
    """(columns, rows): the n+1 x-positions of the vertical lines and y-positions of the
    horizontal ones in the straightened grid."""
    cv2, np = require()
    side = ink.shape[0]
    step = side / n
    k = max(3, int(step * 0.8))
    vert = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, k)))
    horiz = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (k, 1)))
    colp = cv2.GaussianBlur((vert > 0).mean(axis=0).astype(np.float32).reshape(1, -1), (5, 1), 0).ravel()
    rowp = cv2.GaussianBlur((horiz > 0).mean(axis=1).astype(np.float32).reshape(1, -1), (5, 1), 0).ravel()
    return _lines(colp, n, step), _lines(rowp, n, step)


def glyphs(warped, n: int, unclear: list | None = None):
    """One :class:`Glyph` or None (no ink of a glyph's size near the centre) per cell, row by
    row, from a grid straightened by :func:`straighten`. ``unclear``, when given, gets the
    cells without a glyph whose middle holds ink all the same."""
    cells = CellInk(warped, warped.shape[0] / n)
    xs, ys = line_positions(cells.ink, n)
    out = []
    for r in range(n):
        for c in range(n):
            box = (xs[c], xs[c + 1], ys[r], ys[r + 1])
            g = cells.glyph(*box)
            if g is None and unclear is not None and cells.inked(*box):
                unclear.append(r * n + c)
            out.append(g)
    return out


def _cell_glyph(cv2, np, ink, x0, x1, y0, y1, side, gray):
    w, h = x1 - x0, y1 - y0
    if w < 4 or h < 4:
        return None
    mx, my = w * 0.2, h * 0.2
    X0, X1 = int(max(0, x0 - mx)), int(min(side, x1 + mx))
    Y0, Y1 = int(max(0, y0 - my)), int(min(side, y1 + my))
    win = ink[Y0:Y1, X0:X1]
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(win, connectivity=8)
    cx, cy = (x0 + x1) / 2 - X0, (y0 + y1) / 2 - Y0
    parts = []
    for i in range(1, count):
        bx, by, bw, bh, area = stats[i]
        if area < 0.012 * w * h or bh < 0.22 * h or bh > 0.92 * h or bw > 0.85 * w:
            continue
        ccx, ccy = bx + bw / 2, by + bh / 2
        if abs(ccx - cx) > 0.28 * w or abs(ccy - cy) > 0.26 * h:
            continue
        # a bit of a grid line: long and thin along the cell's edge
        if (bw <= 0.12 * w and bh >= 0.8 * h) or (bh <= 0.12 * h and bw >= 0.8 * w):
            continue
        parts.append(i)
    if not parts:
        return None
    main = max(parts, key=lambda i: stats[i][4])
    bx, by, bw, bh, _ = stats[main]
    keep = [main]
    for i in range(1, count):  # broken strokes of the same glyph
        if i == main:
            continue
        sx, sy, sw, sh, area = stats[i]
        if area < 4 or sw > 0.85 * w or sh > 0.92 * h:
            continue
        if sx >= bx - 0.1 * w and sx + sw <= bx + bw + 0.1 * w and sy >= by - 0.15 * h \
                and sy + sh <= by + bh + 0.15 * h:
            keep.append(i)
    mask = np.isin(labels, keep)
    ys_, xs_ = np.nonzero(mask)
    gx0, gx1, gy0, gy1 = xs_.min(), xs_.max() + 1, ys_.min(), ys_.max() + 1
    crop = darkness(cv2, np, gray[Y0:Y1, X0:X1], mask)[gy0:gy1, gx0:gx1]
    return Glyph(normalise(cv2, np, crop), (gy1 - gy0) / h, (gx1 - gx0) / w)


def darkness(cv2, np, window, mask):
    """The glyph's ink as darkness (0 paper .. 1 the glyph's own darkest strokes) near its
    pixels in ``mask``: the grey levels keep faint or blurred strokes that a threshold cuts,
    and holes (6 against 8) that it fills."""
    near = cv2.dilate(mask.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    win = window.astype(np.float32)
    paper = float(np.percentile(win[~near], 60)) if (~near).any() else float(win.max())
    dark = paper - win
    top = float(np.percentile(dark[mask], 90))
    if top <= 1:
        return mask.astype(np.float32)
    return (dark / top).clip(0, 1) * near


def normalise(cv2, np, crop):
    """A glyph's ink (float 0..1) scaled to fit GLYPH-8 with its aspect kept, centred."""
    gh, gw = crop.shape
    inner = GLYPH - 8
    s = inner / max(gh, gw)
    nw, nh = max(1, round(gw * s)), max(1, round(gh * s))
    small = cv2.resize(crop, (nw, nh), interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR)
    out = np.zeros((GLYPH, GLYPH), np.float32)
    ox, oy = (GLYPH - nw) // 2, (GLYPH - nh) // 2
    out[oy:oy + nh, ox:ox + nw] = small
    return out
