"""The errors of reading a picture: every one a :class:`~sudokit.model.errors.SudokitError`, so the
CLI exits 3 and the web API answers 422 with one clear line."""

from __future__ import annotations

from sudokit.model.errors import SudokitError

#: What to install when OpenCV or NumPy is missing (said by every entry point).
INSTALL_HINT = 'reading a photo needs OpenCV and NumPy: pip install "sudokit[photo]"'


class VisionUnavailableError(SudokitError):
    """OpenCV or NumPy is not installed (the ``photo`` extra)."""


class ImageError(SudokitError):
    """Bytes that are not a picture sudokit can read: not an image, truncated, too small,
    too large."""


class GridNotFoundError(ImageError):
    """A picture with no Sudoku grid that sudokit can find."""
