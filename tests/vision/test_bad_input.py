"""Pictures that hold no puzzle: a clear SudokitError (ImageError or GridNotFoundError), in
bounded time, never a crash."""

from __future__ import annotations

import sys
import time

import pytest
from conftest import NINE, cv2, draw_grid, np, png_bytes, values_of

from sudokit.model.errors import SudokitError
from sudokit.engines.vision import GridNotFoundError, ImageError, VisionUnavailableError, read_image


def _jpeg(img, quality=90) -> bytes:
    ok, enc = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return enc.tobytes()


def test_blank_picture_has_no_grid():
    with pytest.raises(GridNotFoundError, match="no grid"):
        read_image(np.full((600, 800), 255, np.uint8))


def test_picture_without_a_grid():
    img = np.full((600, 800), 230, np.uint8)
    for i in range(12):
        cv2.putText(img, "some newspaper text, no puzzle", (20, 40 + 45 * i),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.9, 20, 2)
    cv2.circle(img, (400, 300), 120, 0, 3)
    with pytest.raises(GridNotFoundError):
        read_image(_jpeg(img))


@pytest.mark.parametrize("shape", [(1, 1), (1, 1, 3), (10, 500)])
def test_tiny_picture(shape):
    with pytest.raises(ImageError, match="too small"):
        read_image(np.zeros(shape, np.uint8))
    with pytest.raises(ImageError, match="too small"):
        read_image(png_bytes(np.zeros(shape[:2], np.uint8)))


def test_truncated_jpeg(tmp_path):
    data = _jpeg(draw_grid(values_of(NINE)))
    path = tmp_path / "cut.jpg"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(ImageError, match="truncated"):
        read_image(path)


@pytest.mark.parametrize("content", [b"", b"hello, this is text\n", b"\xff\xd8\xff" + b"\0" * 100,
                                     b"\x89PNG\r\n\x1a\n" + b"\0" * 50, bytes(range(256)) * 40])
def test_not_an_image_with_an_image_extension(tmp_path, content):
    path = tmp_path / "puzzle.png"
    path.write_bytes(content)
    with pytest.raises(ImageError):
        read_image(path)


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(ImageError, match="no such file"):
        read_image(tmp_path / "nothing.jpg")
    with pytest.raises(ImageError, match="directory"):
        read_image(tmp_path)


def test_wrong_argument_type():
    with pytest.raises(ImageError, match="path, bytes or a NumPy array"):
        read_image(12345)


def test_fifty_megapixel_photo_is_shrunk_first():
    side = 1400
    grid = draw_grid(values_of(NINE), cell=120, margin=200, thick=8)
    big = np.full((5800, 8700), 255, np.uint8)  # 50.5 megapixels
    big[1000:1000 + grid.shape[0], 3000:3000 + grid.shape[1]] = grid
    data = _jpeg(big, 80)
    del big
    start = time.perf_counter()
    reading = read_image(data)
    assert time.perf_counter() - start < 5
    assert reading.grid.values == values_of(NINE)
    x0, y0 = reading.corners[0]  # corners in the full picture's pixels
    assert abs(x0 - 3200) < 40 and abs(y0 - 1200) < 40
    assert side


def test_declared_size_beyond_the_limit_is_refused_before_decoding():
    from sudokit.engines.vision import load

    data = bytearray(png_bytes(np.zeros((40, 40), np.uint8)))
    data[16:24] = (100_000).to_bytes(4, "big") + (100_000).to_bytes(4, "big")
    with pytest.raises(ImageError, match="megapixels"):
        load.decode(bytes(data))


def test_missing_opencv_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "cv2", None)
    with pytest.raises(VisionUnavailableError, match=r'pip install "sudokit\[photo\]"'):
        read_image(b"anything")
    assert issubclass(VisionUnavailableError, SudokitError)
