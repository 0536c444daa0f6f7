"""A drawing as a list of shapes, in the spirit of a tiny display list.

Every picture sudokit draws (a board, a step, a booklet page) is first a :class:`Scene`: plain
shapes in one coordinate system (``y`` grows downwards, units are SVG pixels or PDF points).
The backends (:mod:`.svgdraw`, :mod:`.pngdraw`, :mod:`.pdfdraw`) only translate shapes, so an SVG, a
PNG and a PDF of one picture look the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

Point = tuple[float, float]


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    radius: float = 0.0


class Line(NamedTuple):
    """A straight line, or with ``dash`` (on, off lengths) a dashed one."""

    x1: float
    y1: float
    x2: float
    y2: float
    color: str
    width: float
    dash: tuple[float, float] | None = None


class Polyline(NamedTuple):
    """Joined lines (``closed``: back to the first point); ``role`` names it for the SVG's class."""

    points: tuple[Point, ...]
    color: str
    width: float
    dash: tuple[float, float] | None = None
    closed: bool = False
    role: str = ""


class Curve(NamedTuple):
    """A quadratic Bezier curve from ``(x1, y1)`` to ``(x2, y2)`` pulled towards ``(cx, cy)``."""

    x1: float
    y1: float
    cx: float
    cy: float
    x2: float
    y2: float
    color: str
    width: float
    dash: tuple[float, float] | None = None


class Polygon(NamedTuple):
    points: tuple[Point, ...]
    fill: str


class Circle(NamedTuple):
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0


class Text(NamedTuple):
    """One line of text; ``y`` is its baseline, ``anchor`` is start, middle or end; ``role``
    names what it is (given, entry, solution, candidate, label...) for the SVG's class."""

    x: float
    y: float
    text: str
    size: float
    color: str
    bold: bool = False
    anchor: str = "middle"
    role: str = ""


Shape = Rect | Line | Polyline | Curve | Polygon | Circle | Text

#: Where the baseline sits below the centre of a line of digits, as a share of the font size
#: (half the digit height of DejaVu/Vera Sans): text is placed the same way in every backend.
BASELINE_DROP = 0.36


@dataclass
class Scene:
    """A picture ``width`` x ``height`` units large: a background and shapes, drawn in order."""

    width: float
    height: float
    background: str | None = "#ffffff"
    shapes: list = field(default_factory=list)
    title: str = ""

    def add(self, shape) -> None:
        self.shapes.append(shape)

    def rect(self, x, y, w, h, fill=None, stroke=None, width=1.0, radius=0.0) -> None:
        self.shapes.append(Rect(x, y, w, h, fill, stroke, width, radius))

    def line(self, x1, y1, x2, y2, color, width, dash=None) -> None:
        self.shapes.append(Line(x1, y1, x2, y2, color, width, dash))

    def text(self, x, y, text, size, color, bold=False, anchor="middle", role="") -> None:
        self.shapes.append(Text(x, y, text, size, color, bold, anchor, role))

    def centred_text(self, cx, cy, text, size, color, bold=False, role="") -> None:
        """Text whose digits are centred on ``(cx, cy)``."""
        self.shapes.append(Text(cx, cy + size * BASELINE_DROP, text, size, color, bold, "middle", role))


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An estimate of the width of ``text`` in DejaVu/Vera Sans (for wrapping and layout; the
    same in every backend)."""
    w = 0.0
    for ch in text:
        if ch in "il.,:;'|!":
            w += 0.32
        elif ch in " ()[]-/":
            w += 0.38
        elif ch in "mwMW":
            w += 0.9
        elif ch.isupper():
            w += 0.7
        else:
            w += 0.62
    return w * size * (1.07 if bold else 1.0)


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` cut into lines no wider than ``width`` (at spaces; a longer word stays whole)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if current and text_width(trial, size) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines
