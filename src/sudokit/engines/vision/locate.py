"""Finding the grid: rough outlines from several cues, each refined to the lattice of lines
around it (:mod:`.lattice`), the most grid-like winning.

Rough outlines (largest first within each cue): the large contours of the ink (after an
adaptive threshold, the printed grid's outline is one connected contour), reduced to four
corners (a polygon approximation of the convex hull, or its extreme points when the paper
curves); the rotated bounding box of the largest networks of long straight strokes (a grid
cut by the picture's edge, or whose outline runs into text); the contours of those strokes
alone; and the hull of the family of like-sized cell holes. Each is refined by fitting the
grid's n+1 lines each way near it, which also finds the whole grid from a part of it, and the
refined outline with the best line pattern (every line there, nothing between them, no line
beyond, box lines thicker) wins: a crossword or a frame beside the puzzle loses to it.
"""

from __future__ import annotations

from sudokit.i18n import tr
from sudokit.engines.vision._deps import require
from sudokit.engines.vision.errors import GridNotFoundError
from sudokit.engines.vision.lattice import SURE, refine
from sudokit.engines.vision.warp import order_corners

#: A grid must cover at least this share of the picture's area.
MIN_AREA_SHARE = 0.02


def _quad_of(contour):
    """Four corners of a contour's convex hull, or None when it is not quadrilateral enough."""
    cv2, np = require()
    hull = cv2.convexHull(contour)
    area = cv2.contourArea(hull)
    if area <= 0:
        return None
    peri = cv2.arcLength(hull, True)
    for eps in (0.02, 0.035, 0.05):
        approx = cv2.approxPolyDP(hull, eps * peri, True)
        if len(approx) == 4:
            quad = order_corners(approx)
            break
    else:
        p = hull.reshape(-1, 2).astype(np.float32)
        s, d = p[:, 0] + p[:, 1], p[:, 0] - p[:, 1]
        quad = np.array([p[np.argmin(s)], p[np.argmax(d)], p[np.argmax(s)], p[np.argmin(d)]],
                        dtype=np.float32)
    qarea = cv2.contourArea(quad)
    if qarea < 0.85 * area:
        return None
    sides = [np.linalg.norm(quad[i] - quad[(i + 1) % 4]) for i in range(4)]
    if min(sides) < 0.4 * max(sides):
        return None
    return quad


def threshold(gray):
    """Ink as 255 on 0 (adaptive mean threshold, block about 1/40 of the smaller side)."""
    cv2, _ = require()
    block = max(11, (min(gray.shape) // 40) | 1)
    blur = cv2.GaussianBlur(gray, (5, 5), 0)
    return cv2.adaptiveThreshold(blur, 255, cv2.ADAPTIVE_THRESH_MEAN_C,
                                 cv2.THRESH_BINARY_INV, block, 7)


def line_ink(gray):
    """Only the long straight strokes of the ink (horizontal or vertical within a few degrees):
    the grid's lines without the text and pictures that touch them."""
    cv2, np = require()
    ink = threshold(gray)
    k = max(9, min(gray.shape) // 30)
    horiz = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (k, 1)))
    vert = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, k)))
    return cv2.dilate(cv2.bitwise_or(horiz, vert), np.ones((5, 5), np.uint8))


def candidates(gray, limit: int = 6, ink=None):
    """Quadrilaterals that may be the grid, largest first (each float32 4x2)."""
    cv2, np = require()
    if ink is None:
        ink = cv2.dilate(threshold(gray), np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(ink, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    h, w = gray.shape
    min_area = MIN_AREA_SHARE * h * w
    big = [c for c in contours if cv2.contourArea(c) >= min_area]
    big.sort(key=cv2.contourArea, reverse=True)
    quads = []
    for c in big[:limit * 3]:
        q = _quad_of(c)
        if q is None:
            continue
        if any(np.abs(q - other).max() < 0.02 * max(h, w) for other in quads):
            continue
        quads.append(q)
        if len(quads) >= limit:
            break
    return quads


def cell_cluster(gray):
    """The quadrilateral around the largest family of like-sized, four-sided holes in the ink
    (the grid's cells), or None: finds a grid whose outline runs off the picture or touches
    text beside it."""
    cv2, np = require()
    ink = cv2.dilate(threshold(gray), np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(ink, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    total = gray.shape[0] * gray.shape[1]
    boxes = []
    for c in contours:
        a = cv2.contourArea(c)
        if not total / 4000 <= a <= total / 8:
            continue
        x, y, w, h = cv2.boundingRect(c)
        if not 0.5 <= w / h <= 2 or a < 0.6 * w * h:
            continue
        boxes.append((a, c))
    if len(boxes) < 7:
        return None
    logs = np.log([a for a, _ in boxes])
    width = np.log(1.6)
    best = max(logs, key=lambda v: int(((logs >= v - width / 2) & (logs <= v + width / 2)).sum()))
    members = [c for (a, c), v in zip(boxes, logs) if abs(v - best) <= width]
    if len(members) < 7:
        return None
    pts = np.concatenate([m.reshape(-1, 2) for m in members]).astype(np.float32)
    # keep the members near the bulk (a second grid beside this one would pull the hull away)
    centres = np.array([m.reshape(-1, 2).mean(axis=0) for m in members])
    med = np.median(centres, axis=0)
    spread = np.median(np.abs(centres - med), axis=0) * 4 + 1
    near = [m for m, ctr in zip(members, centres) if (np.abs(ctr - med) <= spread).all()]
    if len(near) >= 7:
        pts = np.concatenate([m.reshape(-1, 2) for m in near]).astype(np.float32)
    hull = cv2.convexHull(pts)
    return _quad_of(hull)


def stroke_boxes(gray, limit: int = 2):
    """Rotated bounding boxes (float32 4x2) of the largest networks of long straight strokes."""
    cv2, np = require()
    contours, _ = cv2.findContours(line_ink(gray), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    h, w = gray.shape
    big = [c for c in contours if cv2.contourArea(c) >= MIN_AREA_SHARE * h * w]
    big.sort(key=cv2.contourArea, reverse=True)
    return [order_corners(cv2.boxPoints(cv2.minAreaRect(c))) for c in big[:limit]]


def rough_outlines(gray):
    """Rough outlines to refine, most likely first (see the module's doc)."""
    yield from candidates(gray, 4)
    yield from stroke_boxes(gray)
    yield from candidates(gray, 2, line_ink(gray))
    cluster = cell_cluster(gray)
    if cluster is not None:
        yield cluster


#: The least score of a grid.
MIN_SCORE = 0.6


def find_grid(gray, sizes=(9,)):
    """The corners (float32 4x2: top-left, top-right, bottom-right, bottom-left) of the grid,
    or :class:`GridNotFoundError`."""
    _, np = require()
    sizes = tuple(sizes)
    # 9x9 first: the usual newspaper grid; other sizes when no 9x9 is clear
    order = ((9,), tuple(n for n in sizes if n != 9)) if 9 in sizes else (sizes,)
    best = None
    tol = 0.015 * max(gray.shape)
    for group in order:
        if not group:
            continue
        seen = []
        # another size must beat a 9x9 clearly (a 4x4 lattice fits a 9x9's boxes too)
        bar = best.score + 0.1 if best is not None else -1.0
        for quad in rough_outlines(gray):
            if any(np.abs(quad - q).max() < tol for q in seen):
                continue
            seen.append(quad)
            for n in group:
                fit = refine(gray, quad, n)
                if fit is not None and fit.score > bar and (best is None or fit.score > best.score):
                    best = fit
            if best is not None and best.score >= SURE:
                return best.corners
        if best is not None and best.score >= 0.75:
            return best.corners
    if best is None or best.score < MIN_SCORE:
        raise GridNotFoundError(tr("no grid found in the picture (no outline with grid lines "
                                   "inside)"))
    return best.corners
