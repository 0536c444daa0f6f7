"""A handful of the shared newspaper photos (../shared/data/photos/, skipped when absent): read
exactly as their .dat files say, including one taken sideways; corners inside the picture."""

from __future__ import annotations

import pytest

from sudokit.engines.vision import read_image
from sudokit.engines.vision.train import read_dat

# small and large phones, a sideways photo (1031), perspective and shadows
NAMES = ["image1", "image1000", "image1031", "image10", "image1070"]


@pytest.mark.parametrize("name", NAMES)
def test_reads_the_photo_as_printed(photos, name):
    path = photos / f"{name}.jpg"
    if not path.exists():
        pytest.skip(f"{path} is not in the shared photos")
    truth = read_dat(path.with_suffix(".dat"))
    reading = read_image(path)
    assert reading.grid.size == 9
    assert reading.grid.values == truth, reading.summary()
    assert reading.ok
    assert reading.seconds < 5


def test_sideways_photo_is_turned(photos):
    reading = read_image(photos / "image1031.jpg")
    assert reading.rotation in (90, 270)


def test_corners_lie_in_the_picture(photos):
    import cv2

    path = photos / "image1000.jpg"
    h, w = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE).shape
    reading = read_image(path.read_bytes())
    for x, y in reading.corners:
        assert -5 <= x <= w + 5 and -5 <= y <= h + 5
