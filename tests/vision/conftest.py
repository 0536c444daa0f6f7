"""Shared helpers of the vision tests: synthetic grids drawn with OpenCV, and the shared photos
(``../shared/data/photos/``, skipped with a reason when absent)."""

from __future__ import annotations

from pathlib import Path

import pytest

cv2 = pytest.importorskip("cv2", reason='the photo extra is not installed: pip install "sudokit[photo]"')
np = pytest.importorskip("numpy")

REPO = Path(__file__).resolve().parents[2]
PHOTOS = REPO.parent / "shared" / "data" / "photos"

SYMBOLS = "123456789ABCDEFG"
# An easy 9x9 with one solution, a 4x4, a 6x6 (2x3 boxes) and a 16x16 (values 1..16).
NINE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
FOUR = "1..4..2..3..4..1"
SIX = "1.....\n..3.5.\n.4....\n....2.\n.5.1..\n.....6".replace("\n", "")


def values_of(line: str) -> list[int]:
    return [0 if ch == "." else SYMBOLS.index(ch) + 1 for ch in line]


def sixteen() -> list[int]:
    """A 16x16 pattern with every symbol: a valid full grid with some cells emptied."""
    n, b = 16, 4
    full = [((r % b) * b + r // b + c) % n + 1 for r in range(n) for c in range(n)]
    return [v if (i * 7) % 3 else 0 for i, v in enumerate(full)]


def draw_grid(values, box=None, cell=40, margin=60, thick=3, font=cv2.FONT_HERSHEY_SIMPLEX):
    """A clean rendering of a grid (black on white), as a screenshot would show it."""
    n = int(round(len(values) ** 0.5))
    if box is None:
        br = int(n ** 0.5)
        while n % br:
            br -= 1
        box = (br, n // br)
    side = n * cell + 2 * margin
    img = np.full((side, side), 255, np.uint8)
    for k in range(n + 1):
        t_v = thick if k % box[1] == 0 else 1
        t_h = thick if k % box[0] == 0 else 1
        p = margin + k * cell
        cv2.line(img, (p, margin), (p, margin + n * cell), 0, t_v)
        cv2.line(img, (margin, p), (margin + n * cell, p), 0, t_h)
    scale = cell / 44
    for i, v in enumerate(values):
        if not v:
            continue
        r, c = divmod(i, n)
        text = SYMBOLS[v - 1]
        (w, h), _ = cv2.getTextSize(text, font, scale, 2)
        x = margin + c * cell + (cell - w) // 2
        y = margin + r * cell + (cell + h) // 2
        cv2.putText(img, text, (x, y), font, scale, 0, 2, cv2.LINE_AA)
    return img


def turn(img, degrees: float):
    """The picture turned by ``degrees`` (counterclockwise), on a canvas large enough."""
    h, w = img.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
    cos, sin = abs(m[0, 0]), abs(m[0, 1])
    nw, nh = int(h * sin + w * cos), int(h * cos + w * sin)
    m[0, 2] += nw / 2 - w / 2
    m[1, 2] += nh / 2 - h / 2
    return cv2.warpAffine(img, m, (nw, nh), borderValue=255)


def tilt(img, amount: float = 0.08):
    """A perspective warp, as a photo taken at an angle."""
    h, w = img.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = np.float32([[w * amount, h * amount * 0.5], [w * (1 - amount * 0.3), 0],
                      [w, h], [w * amount * 0.6, h * (1 - amount)]])
    return cv2.warpPerspective(img, cv2.getPerspectiveTransform(src, dst), (w, h), borderValue=255)


def png_bytes(img) -> bytes:
    ok, enc = cv2.imencode(".png", img)
    assert ok
    return enc.tobytes()


@pytest.fixture
def photos():
    if not PHOTOS.is_dir():
        pytest.skip(f"the shared photos are not here ({PHOTOS})")
    return PHOTOS
