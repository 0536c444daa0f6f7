"""The SVG backend: a :class:`~.scene.Scene` as SVG text, with the standard library only."""

from __future__ import annotations

from xml.sax.saxutils import escape

from sudokit.engines.render.scene import Circle, Curve, Line, Polygon, Polyline, Rect, Scene, Text

FONT = "DejaVu Sans, Bitstream Vera Sans, Verdana, Arial, sans-serif"


def _n(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def _dash(dash) -> str:
    return f' stroke-dasharray="{_n(dash[0])} {_n(dash[1])}"' if dash else ""


def to_svg(scene: Scene, width_px: float | None = None) -> str:
    """The scene as a standalone SVG document; ``width_px`` scales it (default: 1 unit = 1 px)."""
    w = width_px or scene.width
    h = scene.height * w / scene.width
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_n(w)}" '
           f'height="{_n(h)}" viewBox="0 0 {_n(scene.width)} {_n(scene.height)}" '
           f'font-family="{FONT}">']
    if scene.title:
        out.append(f"<title>{escape(scene.title)}</title>")
    if scene.background:
        out.append(f'<rect x="0" y="0" width="{_n(scene.width)}" height="{_n(scene.height)}" '
                   f'fill="{scene.background}"/>')
    for s in scene.shapes:
        t = type(s)
        if t is Text:
            weight = ' font-weight="bold"' if s.bold else ""
            cls = f' class="{s.role}"' if s.role else ""
            out.append(f'<text x="{_n(s.x)}" y="{_n(s.y)}" font-size="{_n(s.size)}" '
                       f'text-anchor="{s.anchor}" fill="{s.color}"{weight}{cls}>{escape(s.text)}</text>')
        elif t is Line:
            out.append(f'<line x1="{_n(s.x1)}" y1="{_n(s.y1)}" x2="{_n(s.x2)}" y2="{_n(s.y2)}" '
                       f'stroke="{s.color}" stroke-width="{_n(s.width)}" '
                       f'stroke-linecap="square"{_dash(s.dash)}/>')
        elif t is Rect:
            fill = s.fill or "none"
            stroke = (f' stroke="{s.stroke}" stroke-width="{_n(s.width)}"' if s.stroke else "")
            rx = f' rx="{_n(s.radius)}"' if s.radius else ""
            out.append(f'<rect x="{_n(s.x)}" y="{_n(s.y)}" width="{_n(s.w)}" height="{_n(s.h)}"'
                       f'{rx} fill="{fill}"{stroke}/>')
        elif t is Circle:
            stroke = (f' stroke="{s.stroke}" stroke-width="{_n(s.width)}"' if s.stroke else "")
            out.append(f'<circle cx="{_n(s.cx)}" cy="{_n(s.cy)}" r="{_n(s.r)}" '
                       f'fill="{s.fill or "none"}"{stroke}/>')
        elif t is Curve:
            kind = "weak" if s.dash else "strong"
            out.append(f'<path class="link {kind}" d="M{_n(s.x1)} {_n(s.y1)} Q{_n(s.cx)} {_n(s.cy)} '
                       f'{_n(s.x2)} {_n(s.y2)}" fill="none" stroke="{s.color}" '
                       f'stroke-width="{_n(s.width)}" stroke-linecap="round"{_dash(s.dash)}/>')
        elif t is Polygon:
            pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in s.points)
            out.append(f'<polygon class="arrowhead" points="{pts}" fill="{s.fill}"/>')
        elif t is Polyline:
            pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in s.points)
            tag = "polygon" if s.closed else "polyline"
            cls = f' class="{s.role}"' if s.role else ""
            out.append(f'<{tag}{cls} points="{pts}" fill="none" stroke="{s.color}" '
                       f'stroke-width="{_n(s.width)}"{_dash(s.dash)}/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


__all__ = ["to_svg"]
