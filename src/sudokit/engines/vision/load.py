"""Turning a path, bytes or an array into one grayscale picture of bounded size.

Limits (see docs/photo.md): a file of at most :data:`MAX_BYTES`; a picture whose header
declares more than :data:`MAX_PIXELS` is refused before it is decoded; a JPEG larger than the
working size is decoded at 1/2, 1/4 or 1/8 scale by the decoder itself (so a 50-megapixel photo
never takes 150 MB), and every picture is then shrunk to at most :data:`WORK_SIDE` pixels on
its longer side. A JPEG without its end marker is refused as truncated.
"""

from __future__ import annotations

import os
import struct
import sys
from contextlib import contextmanager
from pathlib import Path

from sudokit.i18n import tr
from sudokit.engines.vision._deps import require
from sudokit.engines.vision.errors import ImageError

#: Image files the CLI reads as pictures (by extension).
IMAGE_EXTENSIONS = (".jpg", ".jpeg", ".png", ".webp", ".bmp", ".tif", ".tiff")
#: Largest file read, in bytes.
MAX_BYTES = 40 * 2**20
#: Largest picture (width x height, as its header says) decoded at all.
MAX_PIXELS = 120_000_000
#: Smallest side of a picture that can hold a readable grid.
MIN_SIDE = 32
#: The longer side of the picture the reader works on.
WORK_SIDE = 1280


def is_image_path(path: str | os.PathLike) -> bool:
    """True when the name ends with an image extension (:data:`IMAGE_EXTENSIONS`)."""
    return Path(path).suffix.lower() in IMAGE_EXTENSIONS


def read_bytes(path: str | os.PathLike) -> bytes:
    """The bytes of an image file, refusing a missing, empty or oversized file."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if p.is_dir():
            raise ImageError(tr("{source}: is a directory, not a picture", source=p))
        if size > MAX_BYTES:
            raise ImageError(tr("{source}: {mb} MB is larger than the {most} MB a picture may have",
                                source=p, mb=f"{size / 2**20:.0f}", most=MAX_BYTES // 2**20))
        with open(p, "rb") as f:
            return f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise ImageError(tr("{source}: no such file", source=p)) from None
    except OSError as e:
        raise ImageError(tr("{source}: cannot read it ({reason})", source=p,
                            reason=e.strerror or e)) from None


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a JPEG's frame header, or None."""
    i = 2
    n = len(data)
    while i + 9 < n:
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker == 0xFF:
            i += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        (length,) = struct.unpack(">H", data[i + 2:i + 4])
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return w, h
        i += 2 + length
    return None


def declared_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) a JPEG or PNG header declares, None for other kinds or no header."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        w, h = struct.unpack(">II", data[16:24])
        return w, h
    if data[:2] == b"\xff\xd8":
        return _jpeg_size(data)
    return None


def _kind(data: bytes) -> str | None:
    if data[:2] == b"\xff\xd8":
        return "jpeg"
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    if data[:2] == b"BM":
        return "bmp"
    if data[:4] in (b"II*\0", b"MM\0*"):
        return "tiff"
    return None


def decode(data: bytes, source: str = "picture"):
    """A grayscale ``uint8`` array of the picture in ``data``, its longer side at most
    :data:`WORK_SIDE`, and the factor it was shrunk by (original = returned * factor)."""
    cv2, np = require()
    if not data:
        raise ImageError(tr("{source}: the file is empty", source=source))
    if len(data) > MAX_BYTES:
        raise ImageError(tr("{source}: {mb} MB is larger than the {most} MB a picture may have",
                            source=source, mb=f"{len(data) / 2**20:.0f}", most=MAX_BYTES // 2**20))
    kind = _kind(data)
    if kind is None:
        raise ImageError(tr("{source}: not a picture sudokit can read (JPEG, PNG, WebP, BMP or TIFF)",
                            source=source))
    if kind == "jpeg" and b"\xff\xd9" not in data[-4096:]:
        raise ImageError(tr("{source}: the JPEG file is truncated (no end marker)", source=source))
    if kind == "png" and b"IEND" not in data[-64:]:
        raise ImageError(tr("{source}: the PNG file is truncated (no end chunk)", source=source))
    size = declared_size(data)
    flag = cv2.IMREAD_GRAYSCALE
    if size is not None:
        w, h = size
        if w * h > MAX_PIXELS:
            raise ImageError(tr("{source}: {w}x{h} is more than the {most} megapixels a picture may "
                                "have", source=source, w=w, h=h, most=MAX_PIXELS // 10**6))
        if kind == "jpeg":
            longer = max(w, h)
            for factor, reduced in ((8, cv2.IMREAD_REDUCED_GRAYSCALE_8),
                                    (4, cv2.IMREAD_REDUCED_GRAYSCALE_4),
                                    (2, cv2.IMREAD_REDUCED_GRAYSCALE_2)):
                if longer / factor >= WORK_SIDE:
                    flag = reduced
                    break
    buf = np.frombuffer(data, dtype=np.uint8)
    try:
        with _quiet(cv2):
            img = cv2.imdecode(buf, flag)
    except cv2.error:
        img = None
    if img is None:
        raise ImageError(tr("{source}: the picture cannot be decoded (damaged or not an image)",
                            source=source))
    scale = 1.0 if size is None else max(size) / max(img.shape[:2])
    return shrink(img, source, scale)


@contextmanager
def _quiet(cv2):
    """Keep what the decoders say about a damaged file (libpng, libjpeg and libtiff write to the
    process's stderr, fd 2, and OpenCV logs there) off the terminal: the caller says it in one
    line. Fd 2 is the whole process's, so for the decode a thread's stderr goes nowhere too."""
    log = cv2.utils.logging
    level = log.getLogLevel()
    log.setLogLevel(log.LOG_LEVEL_SILENT)
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):  # no fd 2, or stderr replaced or closed
        saved = None
    try:
        if saved is not None:
            with open(os.devnull, "wb") as null:
                os.dup2(null.fileno(), 2)
        yield
    finally:
        if saved is not None:
            os.dup2(saved, 2)
            os.close(saved)
        log.setLogLevel(level)


def shrink(img, source: str = "picture", scale: float = 1.0):
    """``(gray, factor)``: a 2-D ``uint8`` picture at most :data:`WORK_SIDE` on its longer side."""
    cv2, np = require()
    img = np.asarray(img)
    if img.ndim == 3 and img.shape[2] in (3, 4):
        code = cv2.COLOR_BGRA2GRAY if img.shape[2] == 4 else cv2.COLOR_BGR2GRAY
        img = cv2.cvtColor(np.ascontiguousarray(img), code)
    elif img.ndim == 3 and img.shape[2] == 1:
        img = img[:, :, 0]
    if img.ndim != 2:
        raise ImageError(tr("{source}: an array of shape {shape} is not a picture", source=source,
                            shape=img.shape))
    if img.dtype != np.uint8:
        if img.dtype.kind == "f":
            top = 1.0 if img.size and float(np.nanmax(img)) <= 1.0 else 255.0
            img = np.clip(np.nan_to_num(img) * (255.0 / top), 0, 255).astype(np.uint8)
        elif img.dtype == np.uint16:
            img = (img >> 8).astype(np.uint8)
        else:
            img = np.clip(img, 0, 255).astype(np.uint8)
    h, w = img.shape
    if min(h, w) < MIN_SIDE:
        raise ImageError(tr("{source}: a picture of {w}x{h} pixels is too small to hold a grid (at "
                            "least {least} pixels a side)", source=source, w=w, h=h,
                            least=MIN_SIDE))
    longer = max(h, w)
    if longer > WORK_SIDE:
        f = WORK_SIDE / longer
        img = cv2.resize(img, (max(1, round(w * f)), max(1, round(h * f))),
                         interpolation=cv2.INTER_AREA)
        scale *= longer / WORK_SIDE
    return np.ascontiguousarray(img), scale


def load(image, source: str | None = None):
    """``(gray, factor, source name)`` of a path, bytes or an array."""
    _, np = require()
    if isinstance(image, (bytes, bytearray, memoryview)):
        name = source or "picture"
        gray, f = decode(bytes(image), name)
        return gray, f, name
    if isinstance(image, (str, os.PathLike)):
        name = source or str(image)
        gray, f = decode(read_bytes(image), name)
        return gray, f, name
    if isinstance(image, np.ndarray):
        name = source or "array"
        if image.size > MAX_PIXELS * 4:
            raise ImageError(tr("{source}: an array of {n} values is too large", source=name,
                                n=f"{image.size:,}"))
        gray, f = shrink(image, name)
        return gray, f, name
    raise ImageError(tr("read_image takes a path, bytes or a NumPy array, not {kind}",
                        kind=type(image).__name__))
