"""One picture: a board with optional row/column labels and a caption under it."""

from __future__ import annotations

from sudokit.engines.render.board import Board, draw_board
from sudokit.engines.render.marks import StepMarks
from sudokit.engines.render.scene import Scene, text_width, wrap
from sudokit.engines.render.styles import Style

#: The default width of a picture: SVG pixels, PDF points.
DEFAULT_SIZE = 400


def picture(board: Board, style: Style, size: float | None = None, coordinates: bool = False,
            caption: str = "", legend: list[tuple[str, str]] = ()) -> Scene:
    """A scene ``size`` units wide: the board, labels ``c1..cN``/``r1..rN`` when
    ``coordinates``, then the caption and a legend (text, colour) lines, wrapped to fit."""
    n = board.geometry.size
    width = float(size or max(DEFAULT_SIZE, n * 30))
    legend = list(legend) + StepMarks.of(board.step, board.geometry, style).legend
    pad = width * 0.02
    cs_guess = (width - 2 * pad) / n
    label_room = cs_guess * 0.75 if coordinates else 0.0
    side = width - 2 * pad - label_room
    cs = side / n
    x0, y0 = pad + label_room, pad + label_room
    font = max(8.0, min(width * 0.032, 16.0))
    lines: list[tuple[str, str]] = [(line, style.label) for line in wrap(caption, font, width - 2 * pad)]
    for text, colour in legend:
        lines.extend((line, colour) for line in wrap(text, font, width - 2 * pad))
    line_h = font * 1.3
    height = y0 + side + pad + (len(lines) * line_h + pad * 0.5 if lines else 0.0)
    scene = Scene(width, height, style.background)
    draw_board(scene, board, style, x0, y0, side)
    if coordinates:
        lsize = min(cs * 0.32, label_room * 0.5)
        for i in range(n):
            scene.centred_text(x0 + (i + 0.5) * cs, pad + label_room * 0.5, f"c{i + 1}", lsize,
                               style.label, role="label")
            scene.centred_text(pad + label_room * 0.5, y0 + (i + 0.5) * cs, f"r{i + 1}",
                               min(lsize, label_room * 0.9 / max(1.0, text_width(f"r{n}", 1.0))),
                               style.label, role="label")
    y = y0 + side + pad + font
    for text, colour in lines:
        scene.text(pad, y, text, font, colour, anchor="start", role="caption")
        y += line_h
    return scene
