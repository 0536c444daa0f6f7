"""Straightening: the grid's four corners in order, and the perspective transform that maps
them to a square."""

from __future__ import annotations

from sudokit.engines.vision._deps import require


def order_corners(pts):
    """Four points as top-left, top-right, bottom-right, bottom-left (float32 4x2)."""
    _, np = require()
    pts = np.asarray(pts, dtype=np.float32).reshape(4, 2)
    c = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - c[1], pts[:, 0] - c[0])
    pts = pts[np.argsort(angles)]  # clockwise on screen, starting near top-left... rotate:
    start = int(np.argmin(pts[:, 0] + pts[:, 1]))
    return np.roll(pts, -start, axis=0)


def warp(gray, corners, side: int):
    """The grid straightened to a ``side`` x ``side`` picture."""
    cv2, np = require()
    dst = np.array([[0, 0], [side - 1, 0], [side - 1, side - 1], [0, side - 1]], np.float32)
    m = cv2.getPerspectiveTransform(np.asarray(corners, np.float32), dst)
    return cv2.warpPerspective(gray, m, (side, side), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
