"""OpenCV and NumPy, imported once, with the install hint when they are missing."""

from __future__ import annotations

from sudokit.engines.vision.errors import INSTALL_HINT, VisionUnavailableError


def require():
    """``(cv2, numpy)``, or :class:`VisionUnavailableError` saying what to install."""
    try:
        import cv2
        import numpy
    except ImportError as e:  # either one, or a broken OpenCV wheel
        raise VisionUnavailableError(f"{INSTALL_HINT} ({e})") from None
    return cv2, numpy


def available() -> bool:
    """True when the photo extra is installed."""
    try:
        require()
    except VisionUnavailableError:
        return False
    return True
