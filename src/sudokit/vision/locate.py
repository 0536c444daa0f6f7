"""Finding the grid: adaptive threshold, then the largest contour that is (nearly) a
quadrilateral and looks like a grid once straightened.

The outline of a printed grid is its thickest, longest line, so after an adaptive threshold
(dark ink on any lighting) it is one large connected contour. Each large contour's convex hull
is reduced to four corners (a polygon approximation, or the hull's extreme points when the
paper curves); the quadrilaterals are tried largest first and the first that has grid lines
inside it (:func:`gridness`) wins.
"""

from __future__ import annotations

from ._deps import require
from .errors import GridNotFoundError

#: A grid must cover at least this share of the picture's area.
MIN_AREA_SHARE = 0.02


def order_corners(pts):
    """Four points as top-left, top-right, bottom-right, bottom-left (float32 4x2)."""
    _, np = require()
    pts = np.asarray(pts, dtype=np.float32).reshape(4, 2)
    c = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - c[1], pts[:, 0] - c[0])
    pts = pts[np.argsort(angles)]  # clockwise on screen, starting near top-left... rotate:
    start = int(np.argmin(pts[:, 0] + pts[:, 1]))
    return np.roll(pts, -start, axis=0)


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


def gridness(warped_ink, n: int) -> float:
    """How much the straightened ink looks like an n x n grid: the share of the n-1 inner line
    positions each way where a line of ink crosses most of the grid (0..1)."""
    _, np = require()
    side = warped_ink.shape[0]
    cols = (warped_ink > 0).mean(axis=0)
    rows = (warped_ink > 0).mean(axis=1)
    hits = 0
    band = max(2, side // (n * 8))
    for profile in (cols, rows):
        for k in range(1, n):
            p = round(k * side / n)
            if profile[max(0, p - band):p + band + 1].max() > 0.5:
                hits += 1
    return hits / (2 * (n - 1))


def find_grid(gray, sizes=(9,)):
    """The corners (float32 4x2: top-left, top-right, bottom-right, bottom-left) of the grid,
    or :class:`GridNotFoundError`."""
    from .warp import warp

    quads = candidates(gray)
    if not quads:
        raise GridNotFoundError("no grid found in the picture (no large four-sided outline)")
    # the largest outline with clear lines wins; a crossword or a frame beside the puzzle
    # matches only part of the line positions, so a clearer grid beats it
    scores = [max(gridness(threshold(warp(gray, q, 360)), n) for n in sizes) for q in quads]
    clear = [q for q, sc in zip(quads, scores) if sc >= 0.85]
    if clear:
        return clear[0]
    best_score = max(scores)
    best = quads[scores.index(best_score)]
    if best_score >= 0.6:
        return best
    # an outline that touches text or runs off the picture: its long lines alone, or its cells
    more = candidates(gray, 3, line_ink(gray))
    cluster = cell_cluster(gray)
    for q in more + ([cluster] if cluster is not None else []):
        score = max(gridness(threshold(warp(gray, q, 360)), n) for n in sizes)
        if score >= 0.6:
            return q
        if score > best_score:
            best, best_score = q, score
    if best_score >= 0.35:
        return best
    raise GridNotFoundError("no grid found in the picture (the outlines found have no grid "
                            "lines inside)")
