"""The PDF backend: scenes as the pages of one PDF, drawn with ReportLab (units are points),
with Vera Sans embedded (see :mod:`.fonts`)."""

from __future__ import annotations

import io
from collections.abc import Iterable

from sudokit.engines.render.fonts import font_path, require
from sudokit.engines.render.scene import Circle, Curve, Line, Polygon, Polyline, Rect, Scene, Text

REGULAR, BOLD = "SudokitSans", "SudokitSans-Bold"
_registered = False


def _register_fonts() -> None:
    global _registered
    if _registered:
        return
    pdfmetrics = require("reportlab.pdfbase.pdfmetrics", "PDF output")
    ttfonts = require("reportlab.pdfbase.ttfonts", "PDF output")
    pdfmetrics.registerFont(ttfonts.TTFont(REGULAR, str(font_path(False))))
    pdfmetrics.registerFont(ttfonts.TTFont(BOLD, str(font_path(True))))
    _registered = True


def _rgb(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


def to_pdf(pages: Iterable[Scene], title: str = "", author: str = "sudokit") -> bytes:
    """One page per scene, each page the scene's size in points."""
    canvas_mod = require("reportlab.pdfgen.canvas", "PDF output")
    _register_fonts()
    buf = io.BytesIO()
    c = canvas_mod.Canvas(buf, pageCompression=1, invariant=1, initialFontName=REGULAR,
                          initialFontSize=10)
    c.setTitle(title or "Sudoku")
    c.setAuthor(author)
    c.setCreator("sudokit")
    any_page = False
    for scene in pages:
        any_page = True
        _page(c, scene)
        c.showPage()
    if not any_page:
        c.showPage()
    c.save()
    return buf.getvalue()


def _page(c, scene: Scene) -> None:
    H = scene.height
    c.setPageSize((scene.width, H))
    c.setLineCap(2)  # square caps, as the SVG's lines
    if scene.background and scene.background.lower() != "#ffffff":
        c.setFillColorRGB(*_rgb(scene.background))
        c.rect(0, 0, scene.width, H, stroke=0, fill=1)
    font = None
    fill = stroke = None
    width = None
    dashed = False

    def set_fill(colour):
        nonlocal fill
        if colour != fill:
            c.setFillColorRGB(*_rgb(colour))
            fill = colour

    def set_stroke(colour, w, dash):
        nonlocal stroke, width, dashed
        if colour != stroke:
            c.setStrokeColorRGB(*_rgb(colour))
            stroke = colour
        if w != width:
            c.setLineWidth(w)
            width = w
        if dash:
            c.setDash(dash[0], dash[1])
            dashed = True
        elif dashed:
            c.setDash()
            dashed = False

    for s in scene.shapes:
        t = type(s)
        if t is Text:
            f = (BOLD if s.bold else REGULAR, s.size)
            if f != font:
                c.setFont(*f)
                font = f
            set_fill(s.color)
            y = H - s.y
            if s.anchor == "middle":
                c.drawCentredString(s.x, y, s.text)
            elif s.anchor == "end":
                c.drawRightString(s.x, y, s.text)
            else:
                c.drawString(s.x, y, s.text)
        elif t is Line:
            set_stroke(s.color, s.width, s.dash)
            c.line(s.x1, H - s.y1, s.x2, H - s.y2)
        elif t is Rect:
            if s.fill:
                set_fill(s.fill)
            if s.stroke:
                set_stroke(s.stroke, s.width, None)
            if s.radius:
                c.roundRect(s.x, H - s.y - s.h, s.w, s.h, s.radius, stroke=int(bool(s.stroke)),
                            fill=int(bool(s.fill)))
            else:
                c.rect(s.x, H - s.y - s.h, s.w, s.h, stroke=int(bool(s.stroke)), fill=int(bool(s.fill)))
        elif t is Circle:
            if s.fill:
                set_fill(s.fill)
            if s.stroke:
                set_stroke(s.stroke, s.width, None)
            c.circle(s.cx, H - s.cy, s.r, stroke=int(bool(s.stroke)), fill=int(bool(s.fill)))
        elif t is Curve:
            set_stroke(s.color, s.width, s.dash)
            c.setLineCap(1)
            # the quadratic curve as the cubic ReportLab draws
            x1, y1, x2, y2 = s.x1, s.y1, s.x2, s.y2
            c1x, c1y = x1 + 2 / 3 * (s.cx - x1), y1 + 2 / 3 * (s.cy - y1)
            c2x, c2y = x2 + 2 / 3 * (s.cx - x2), y2 + 2 / 3 * (s.cy - y2)
            c.bezier(x1, H - y1, c1x, H - c1y, c2x, H - c2y, x2, H - y2)
            c.setLineCap(2)
        elif t is Polygon:
            set_fill(s.fill)
            p = c.beginPath()
            (x, y), rest = s.points[0], s.points[1:]
            p.moveTo(x, H - y)
            for x, y in rest:
                p.lineTo(x, H - y)
            p.close()
            c.drawPath(p, stroke=0, fill=1)
        elif t is Polyline:
            set_stroke(s.color, s.width, s.dash)
            p = c.beginPath()
            (x, y), rest = s.points[0], s.points[1:]
            p.moveTo(x, H - y)
            for x, y in rest:
                p.lineTo(x, H - y)
            if s.closed:
                p.close()
            c.drawPath(p, stroke=1, fill=0)
