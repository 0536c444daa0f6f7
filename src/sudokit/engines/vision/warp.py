"""Straightening: the perspective transform that maps the grid's four corners to a square."""

from __future__ import annotations

from sudokit.engines.vision._deps import require


def warp(gray, corners, side: int):
    """The grid straightened to a ``side`` x ``side`` picture."""
    cv2, np = require()
    dst = np.array([[0, 0], [side - 1, 0], [side - 1, side - 1], [0, side - 1]], np.float32)
    m = cv2.getPerspectiveTransform(np.asarray(corners, np.float32), dst)
    return cv2.warpPerspective(gray, m, (side, side), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
