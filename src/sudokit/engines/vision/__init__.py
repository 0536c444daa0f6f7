"""Reading a Sudoku from a photo, a scan or a screenshot (the ``photo`` extra: OpenCV + NumPy).

>>> from sudokit.engines.vision import read_image
>>> reading = read_image("photo.jpg")          # doctest: +SKIP
>>> reading.grid, reading.confidence, reading.corners, reading.repaired   # doctest: +SKIP

The steps, one module each: :mod:`.load` (decode with limits), :mod:`.locate` (find the grid),
:mod:`.warp` (straighten), :mod:`.cells` (split, cut out glyphs), :mod:`.classify` (the digit
model), :mod:`.repair` (nearest reading with one solution), :mod:`.api` (``read_image``).
Importing this package needs neither OpenCV nor NumPy; reading raises
:class:`VisionUnavailableError` with the install command when they are missing.
"""

from __future__ import annotations

from sudokit.engines.vision.errors import INSTALL_HINT, GridNotFoundError, ImageError, VisionUnavailableError
from sudokit.engines.vision.load import IMAGE_EXTENSIONS, is_image_path


def read_image(image, size=None, box=None, **kwargs):
    """Read a Sudoku grid from a picture (see :func:`sudokit.engines.vision.api.read_image`)."""
    from sudokit.engines.vision.api import read_image as _read

    return _read(image, size, box, **kwargs)


def __getattr__(name):
    if name == "Reading":
        from sudokit.engines.vision.api import Reading

        return Reading
    raise AttributeError(name)


__all__ = ["read_image", "Reading", "ImageError", "GridNotFoundError", "VisionUnavailableError",
           "INSTALL_HINT", "IMAGE_EXTENSIONS", "is_image_path"]
