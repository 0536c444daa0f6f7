"""The PNG backend: a :class:`~.scene.Scene` drawn with Pillow, supersampled for smooth edges."""

from __future__ import annotations

import io
import math
from functools import lru_cache

from sudokit.model.errors import SudokitError
from sudokit.i18n import tr
from sudokit.engines.render.fonts import font_path, require
from sudokit.engines.render.scene import Circle, Curve, Line, Polygon, Polyline, Rect, Scene, Text

#: Drawn this many times larger, then scaled down (Pillow draws without anti-aliasing).
SUPERSAMPLE = 3
#: The largest PNG side in pixels.
MAX_SIDE = 8000


@lru_cache(maxsize=256)
def _font(size: int, bold: bool):
    ImageFont = require("PIL.ImageFont", "PNG output")
    return ImageFont.truetype(str(font_path(bold)), max(1, size))


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _dashed(points, dash):
    """The dashes of a polyline: pieces of ``dash[0]`` with gaps of ``dash[1]``."""
    on, off = dash
    pieces, current, left, drawing = [], [points[0]], on, True
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        seg = math.hypot(x2 - x1, y2 - y1)
        pos = 0.0
        while seg - pos > left:
            pos += left
            t = pos / seg
            p = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
            if drawing:
                current.append(p)
                pieces.append(current)
            current = [p]
            drawing = not drawing
            left = on if drawing else off
        left -= seg - pos
        if drawing:
            current.append((x2, y2))
        else:
            current = [(x2, y2)]
    if drawing and len(current) > 1:
        pieces.append(current)
    return pieces


def _quad(s: Curve, steps: int = 32):
    pts = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        pts.append((a * s.x1 + b * s.cx + c * s.x2, a * s.y1 + b * s.cy + c * s.y2))
    return pts


def to_png(scene: Scene, width_px: int | None = None, dpi: float | None = None) -> bytes:
    """The scene as PNG bytes, ``width_px`` wide (default: 1 unit = 1 px)."""
    Image = require("PIL.Image", "PNG output")
    ImageDraw = require("PIL.ImageDraw", "PNG output")
    width = int(round(width_px or scene.width))
    height = int(round(scene.height * width / scene.width))
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
        raise SudokitError(tr("a PNG of {width}x{height} pixels is outside 1..{most} a side",
                              width=width, height=height, most=MAX_SIDE))
    ss = SUPERSAMPLE if width * height <= 2500 * 2500 else 1
    k = width / scene.width * ss
    img = Image.new("RGB", (width * ss, height * ss), _rgb(scene.background or "#ffffff"))
    draw = ImageDraw.Draw(img)

    def P(x, y):
        return x * k, y * k

    def W(w):
        return max(1, int(round(w * k)))

    def stroke(points, colour, width, dash):
        pts = [P(*p) for p in points]
        pieces = _dashed(pts, (dash[0] * k, dash[1] * k)) if dash else [pts]
        for piece in pieces:
            draw.line(piece, fill=_rgb(colour), width=W(width), joint="curve")

    for s in scene.shapes:
        t = type(s)
        if t is Text:
            font = _font(int(round(s.size * k)), s.bold)
            anchor = {"middle": "ms", "start": "ls", "end": "rs"}[s.anchor]
            draw.text(P(s.x, s.y), s.text, fill=_rgb(s.color), font=font, anchor=anchor)
        elif t is Line:
            if s.dash:
                stroke([(s.x1, s.y1), (s.x2, s.y2)], s.color, s.width, s.dash)
            else:
                # square caps, as in the SVG and PDF
                dx, dy = s.x2 - s.x1, s.y2 - s.y1
                length = math.hypot(dx, dy) or 1.0
                e = s.width / 2 / length
                draw.line([P(s.x1 - dx * e, s.y1 - dy * e), P(s.x2 + dx * e, s.y2 + dy * e)],
                          fill=_rgb(s.color), width=W(s.width))
        elif t is Rect:
            box = [P(s.x, s.y), P(s.x + s.w, s.y + s.h)]
            fill = _rgb(s.fill) if s.fill else None
            outline = _rgb(s.stroke) if s.stroke else None
            if s.stroke:  # a stroke is centred on the edge, as in SVG
                h = s.width / 2
                if fill:
                    draw.rectangle(box, fill=fill)
                box = [P(s.x - h, s.y - h), P(s.x + s.w + h, s.y + s.h + h)]
                fill = None
            if s.radius:
                draw.rounded_rectangle(box, radius=s.radius * k, fill=fill, outline=outline,
                                       width=W(s.width) if outline else 0)
            else:
                draw.rectangle(box, fill=fill, outline=outline, width=W(s.width) if outline else 0)
        elif t is Circle:
            h = s.width / 2 if s.stroke else 0
            box = [P(s.cx - s.r - h, s.cy - s.r - h), P(s.cx + s.r + h, s.cy + s.r + h)]
            draw.ellipse(box, fill=_rgb(s.fill) if s.fill else None,
                         outline=_rgb(s.stroke) if s.stroke else None,
                         width=W(s.width) if s.stroke else 0)
        elif t is Curve:
            stroke(_quad(s), s.color, s.width, s.dash)
        elif t is Polygon:
            draw.polygon([P(*p) for p in s.points], fill=_rgb(s.fill))
        elif t is Polyline:
            pts = list(s.points) + ([s.points[0]] if s.closed else [])
            stroke(pts, s.color, s.width, s.dash)
    if ss > 1:
        img = img.resize((width, height), Image.Resampling.LANCZOS)
    buf = io.BytesIO()
    info = {"dpi": (dpi, dpi)} if dpi else {}
    img.save(buf, "PNG", optimize=False, **info)
    return buf.getvalue()
