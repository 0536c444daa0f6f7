"""Building hand-written positions for technique tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from sudokit.geometry import Geometry
from sudokit.grid import Grid
from sudokit.logic.position import Position, bit

DATA = __import__("pathlib").Path(__file__).resolve().parents[3] / "shared" / "data"


def cell_of(geometry: Geometry, name: str) -> int:
    """Cell index of ``"r3c5"`` (1-based)."""
    r, c = name.lower().lstrip("r").split("c")
    return geometry.cell(int(r) - 1, int(c) - 1)


def mask_of(digits: str | Iterable[int]) -> int:
    m = 0
    for d in digits:
        m |= bit(int(d, 36) if isinstance(d, str) else d)
    return m


def position_from_rows(rows: str | Iterable[str], box=None, cands: Mapping[str, str] | None = None,
                       placed: Iterable[str] = ()) -> Position:
    """A position from a puzzle (one line, or one string per row; ``.`` for empty cells).

    Candidates are computed from the values, then every cell named in ``cands`` gets exactly the
    digits given (``{"r3c5": "47"}``). Cells named in ``placed`` are filled but not givens.
    """
    text = rows if isinstance(rows, str) else "".join(r.replace(" ", "") for r in rows)
    grid = Grid.parse(text.replace(" ", ""), box=box)
    g = grid.geometry
    givens = list(grid.givens)
    for name in placed:
        givens[cell_of(g, name)] = False
    pos = Position.from_grid(Grid(g, grid.values, givens))
    for name, digits in (cands or {}).items():
        pos.cands[cell_of(g, name)] = mask_of(digits)
    return pos


def blank_position(size: int = 9, box=None, fill: str | None = None,
                   cands: Mapping[str, str] | None = None) -> Position:
    """An empty grid whose cells all hold ``fill`` (default: every digit), then ``cands``."""
    g = Geometry.of(size, box)
    full = mask_of(fill) if fill else (1 << size) - 1
    pos = Position(g, [0] * g.ncells, [False] * g.ncells, [full] * g.ncells)
    for name, digits in (cands or {}).items():
        pos.cands[cell_of(g, name)] = mask_of(digits)
    return pos


def rcd(pos: Position, pairs: Iterable[tuple[int, int]]) -> set[str]:
    """``{"r3c5-4", ...}``: readable names of (cell, digit) pairs."""
    return {f"{pos.geometry.name(c)}-{d}" for c, d in pairs}


def found(finder, pos: Position) -> list[tuple[set[str], set[str]]]:
    """(placements, eliminations) of every step a finder yields, as readable names."""
    return [(rcd(pos, s.placements), rcd(pos, s.eliminations)) for s in finder.find(pos)]
