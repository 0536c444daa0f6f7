"""Pictures and print: SVG, PNG and PDF of grids, positions and steps, and PDF booklets.

In the spirit of python-chess's ``chess.svg``: a function returns the picture, and options say
what to show::

    from sudokit.engines import render
    from sudokit.engines.logic import Position, next_step

    position = Position.parse(puzzle)
    text = render.svg(position, step=next_step(position), coordinates=True)
    render.save("step.png", position, step=next_step(position), size_px=800)
    pdf = render.booklet(grids, per_page=4, solutions=True, title="Week 12")

Every picture is first a :class:`~.scene.Scene` (lines, rects, circles, curves, texts), drawn by
three backends: SVG (standard library), PNG (Pillow) and PDF (ReportLab, fonts embedded);
``pip install 'sudokit[render]'`` installs the last two. Styles: ``screen`` (colour) and
``print`` (black on white). Cells are 0-based indices and candidates ``(cell, digit)`` pairs,
as in :class:`sudokit.engines.logic.Step`; a step may also be given as its JSON dict
(:meth:`~sudokit.engines.logic.Step.to_dict`, 1-based), the data the web API sends.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from sudokit.model import formats
from sudokit.model.errors import SudokitError
from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.i18n import tr
from sudokit.engines import search
from sudokit.engines.render.board import Board
from sudokit.engines.render.book import PAPERS, PER_PAGE, Entry, booklet_pages
from sudokit.engines.render.fonts import INSTALL_HINT, RenderUnavailable
from sudokit.engines.render.model import make_board
from sudokit.engines.render.pdfdraw import to_pdf
from sudokit.engines.render.picture import DEFAULT_SIZE, picture
from sudokit.engines.render.pngdraw import to_png
from sudokit.engines.render.scene import Scene
from sudokit.engines.render.styles import STYLES, get_style
from sudokit.engines.render.svgdraw import to_svg

#: Output formats by file extension.
EXTENSIONS = {".svg": "svg", ".png": "png", ".pdf": "pdf"}
_BOARD_OPTIONS = ("candidates", "solution", "step", "cells", "marked", "eliminations",
                  "placements", "alphabet")


def scene(obj, *, style: str = "screen", size: float | None = None, coordinates: bool = False,
          caption: str | bool = "", **options) -> Scene:
    """The picture of ``obj`` (a Grid, a Position or puzzle text) as a :class:`Scene`.

    ``size``: width in units (SVG px, PDF pt; default 400, more for big grids);
    ``coordinates``: label rows and columns r1.., c1..; ``caption``: text under the grid, or
    True for the step's name and explanation. The other options (``candidates``,
    ``solution``, ``step``, ``cells``, ``marked``, ``eliminations``, ``placements``,
    ``alphabet``) are those of :func:`sudokit.engines.render.model.make_board`."""
    unknown = set(options) - set(_BOARD_OPTIONS)
    if unknown:
        raise TypeError(f"unknown render option(s): {', '.join(sorted(unknown))}")
    board = make_board(obj, **options)
    st = get_style(style)
    if caption is True:
        caption = _step_caption(board.step)
    out = picture(board, st, size=size, coordinates=coordinates, caption=caption or "")
    return out


def _step_caption(step: dict | None) -> str:
    if not step:
        return ""
    name, text = str(step.get("name", "")), str(step.get("explanation", ""))
    return text if text.startswith(name) else f"{name}: {text}".strip(": ")


def svg(obj, *, size_px: float | None = None, **options) -> str:
    """An SVG document of ``obj`` (options: see :func:`scene`); ``size_px`` its width."""
    return _svg(scene(obj, **options), size_px)


def png(obj, *, size_px: int | None = None, dpi: float | None = None, **options) -> bytes:
    """PNG bytes of ``obj``: ``size_px`` wide, or the picture's size in points at ``dpi``
    (default 1 unit = 1 pixel); needs Pillow."""
    return _png(scene(obj, **options), size_px, dpi)


def pdf(obj, **options) -> bytes:
    """A one-page PDF of ``obj``, the page the picture's size in points; needs ReportLab."""
    sc = scene(obj, **options)
    return to_pdf([sc], title=sc.title)


def _svg(sc: Scene, size_px) -> str:
    return to_svg(sc, size_px)


def _png(sc: Scene, size_px, dpi) -> bytes:
    if size_px is None and dpi:
        size_px = round(sc.width * dpi / 72)
    return to_png(sc, size_px, dpi)


def format_of(path: str | os.PathLike) -> str:
    """``svg``, ``png`` or ``pdf`` by the file's extension; anything else is refused."""
    ext = Path(path).suffix.lower()
    if ext not in EXTENSIONS:
        shown = f"{ext!r}" if ext else tr("none")
        raise SudokitError(tr("{path}: unknown picture extension ({ext}); use .svg, .png or .pdf",
                              path=path, ext=shown))
    return EXTENSIONS[ext]


def render_bytes(fmt: str, obj, *, size_px=None, dpi=None, **options) -> bytes:
    """The picture of ``obj`` as the bytes of format ``fmt`` (svg, png or pdf)."""
    if fmt == "svg":
        return svg(obj, size_px=size_px, **options).encode("utf-8")
    if fmt == "png":
        return png(obj, size_px=size_px, dpi=dpi, **options)
    if fmt == "pdf":
        return pdf(obj, **options)
    raise SudokitError(tr("unknown picture format {name}; use svg, png or pdf", name=repr(fmt)))


def write_atomic(path: str | os.PathLike, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, renamed into
    place: a failure leaves no half-written file behind."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as e:
        raise SudokitError(tr("{path}: cannot write here ({reason})", path=path,
                              reason=e.strerror or e)) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise SudokitError(tr("{path}: cannot write ({reason})", path=path,
                              reason=e.strerror or e)) from None
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def save(path: str | os.PathLike, obj, **options) -> None:
    """Write the picture of ``obj`` to ``path``; the extension (.svg, .png, .pdf) picks the
    format. Options: those of :func:`scene`, and ``size_px``/``dpi``."""
    write_atomic(path, render_bytes(format_of(path), obj, **options))


def booklet(puzzles: Iterable, *, per_page: int = 4, solutions: bool | Iterable = False,
            title: str = "", labels: Iterable[str] | None = None, paper: str = "a4",
            style: str = "print") -> bytes:
    """A PDF booklet of ``puzzles`` (Grids or puzzle text): numbered, ``per_page`` (1, 2, 4
    or 6) a page, big grids one a page; ``labels`` one per puzzle (e.g. its level and score);
    ``solutions``: True (each solved here) or one solution Grid (or None) per puzzle, drawn on
    answer pages after the puzzles. ``paper``: a4 or letter."""
    grids = [p if isinstance(p, Grid) else formats.parse_one(p) for p in puzzles]
    labels = list(labels) if labels is not None else [""] * len(grids)
    if len(labels) != len(grids):
        raise SudokitError(tr("{n} labels for {puzzles} puzzles", n=len(labels), puzzles=len(grids)))
    if solutions is True:
        sols = []
        for g in grids:
            clues = Grid(g.geometry, [v if k else 0 for v, k in zip(g.values, g.givens)])
            found = search.solve(clues, limit=1)
            sols.append(found.solutions[0] if found.solutions else None)
    elif solutions:
        sols = list(solutions)
        if len(sols) != len(grids):
            raise SudokitError(tr("{n} solutions for {puzzles} puzzles", n=len(sols),
                                  puzzles=len(grids)))
    else:
        sols = [None] * len(grids)
    entries = [Entry(g, None if s is None else list(getattr(s, "values", s)), label)
               for g, s, label in zip(grids, sols, labels)]
    pages = booklet_pages(entries, per_page, bool(solutions), title, paper, style)
    return to_pdf(pages, title=title or "Sudoku")


__all__ = [
    "scene", "svg", "png", "pdf", "save", "booklet", "step_svg", "render_bytes", "format_of", "write_atomic",
    "make_board", "Board", "Scene", "STYLES", "PAPERS", "PER_PAGE", "EXTENSIONS", "DEFAULT_SIZE",
    "RenderUnavailable", "INSTALL_HINT",
]


def step_svg(step, **options) -> str:
    """An SVG of a step alone (as ``Step._repr_svg_`` shows it): a :class:`Step` holds no
    grid, so it is drawn on an empty grid of the smallest usual side (9, 16, 25, ...) that
    holds its cells and digits; ``svg(position, step=step)`` draws it on its position."""
    cells = [c for c, _ in step.placements + step.eliminations + step.candidates] + list(step.cells)
    digits = [d for _, d in step.placements + step.eliminations + step.candidates]
    for link in step.links + [l for b in step.branches for l in b.links]:
        cells += [link.start[0], link.end[0], *link.start_cells, *link.end_cells]
        digits += [link.start[1], link.end[1]]
    for mark in step.marks:
        cells += list(mark.cells)
        digits += list(mark.digits)
    top_cell, top_digit = max(cells, default=0), max(digits, default=1)
    side = next((n for n in (9, 16, 25, 36, 49, 64) if n * n > top_cell and n >= top_digit), 64)
    g = Geometry.of(side)
    return svg(Grid.empty(g), step=step, candidates=False, **options)
