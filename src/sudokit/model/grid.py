"""A Sudoku grid: a geometry, the value of every cell (0 = empty) and which cells are givens.

Text becomes a grid in :mod:`sudokit.model.formats` (``formats.parse_one(text)``), which
imports this module; a grid is drawn by :mod:`sudokit.engines.render` (``render.svg(grid)``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sudokit.model.errors import InvalidPuzzleError, SudokitError
from sudokit.model.geometry import Geometry
from sudokit.i18n import msg, tr
from sudokit.i18n.values import Cell, House
from sudokit.model.symbols import get_alphabet


@dataclass(frozen=True)
class Clash:
    """Two cells of one house that hold the same value."""

    first: int
    second: int
    value: int
    house: int  # -1: peers without a house (a chess move apart in anti-knight/anti-king)

    def describe(self, geometry: Geometry) -> str:
        sym = get_alphabet(None).encode(self.value, geometry.size)
        if self.house < 0:
            (r1, c1), (r2, c2) = divmod(self.first, geometry.size), divmod(self.second, geometry.size)
            where = (msg("a knight's move apart") if {abs(r1 - r2), abs(c1 - c2)} == {1, 2}
                     else msg("a king's move apart"))
        else:
            where = House(geometry, self.house)
        return tr("{cell} and {other} both hold {digit} ({where})", cell=Cell(geometry, self.first),
                  other=Cell(geometry, self.second), digit=sym, where=where)


class Grid:
    """Cell values of one puzzle or solution, with the givens marked.

    ``values[i]`` is 0 for an empty cell or 1..N. ``givens[i]`` is true for the puzzle's clues;
    a grid made from a puzzle text has every filled cell as a given. ``candidates`` is None (no
    restriction beyond the rules) or one bitmask per cell, bit ``d-1`` set when digit ``d`` is
    still possible there (as a sukaku or pencil-mark grid gives them); a filled cell's mask is
    ignored. Equality is geometry and values only.
    """

    __slots__ = ("geometry", "values", "givens", "comment", "candidates")

    def __init__(self, geometry: Geometry, values: Sequence[int],
                 givens: Sequence[bool] | None = None, comment: str = "", *,
                 candidates: Sequence[int] | None = None) -> None:
        n = geometry.size
        if len(values) != geometry.ncells:
            raise SudokitError(f"a {n}x{n} grid has {geometry.ncells} cells, got {len(values)} values")
        values = list(values)
        if values and (min(values) < 0 or max(values) > n):  # then name the first such cell
            for i, v in enumerate(values):
                if not 0 <= v <= n:
                    raise SudokitError(f"{geometry.name(i)} holds {v}, outside 0..{n}")
        self.geometry = geometry
        self.values = values
        self.givens = list(map(bool, values if givens is None else givens))
        self.comment = comment
        self.candidates = None if candidates is None else _checked_masks(geometry, candidates)

    # --- construction ----------------------------------------------------------------------
    @classmethod
    def empty(cls, geometry: Geometry) -> Grid:
        return cls(geometry, [0] * geometry.ncells)

    @classmethod
    def from_rows(cls, rows: Iterable[Iterable[int]], box: tuple[int, int] | str | None = None) -> Grid:
        flat = [v for row in rows for v in row]
        return cls(Geometry.for_cells(len(flat), box), flat)

    def copy(self) -> Grid:
        return Grid(self.geometry, self.values, self.givens, self.comment,
                    candidates=self.candidates)

    def with_geometry(self, geometry: Geometry) -> Grid:
        """The same cells under another geometry of the same size (e.g. with a variant)."""
        if geometry.size != self.geometry.size:
            raise SudokitError(f"a {self.size}x{self.size} grid cannot take a "
                               f"{geometry.size}x{geometry.size} geometry")
        return Grid(geometry, self.values, self.givens, self.comment, candidates=self.candidates)

    def with_values(self, values: Sequence[int]) -> Grid:
        """A grid with these values and the same givens and candidates (e.g. the solution of
        this puzzle)."""
        return Grid(self.geometry, values, self.givens, self.comment, candidates=self.candidates)

    def _with_solved_values(self, values: bytes) -> Grid:
        """:meth:`with_values` for a solution the compiled core returns (every value in
        1..N, checked there), without the constructor's checks (which cost a 9x9 solve of
        the core about as much as a quarter of its search)."""
        grid = Grid.__new__(Grid)
        grid.geometry = self.geometry
        grid.values = list(values)
        grid.givens = list(self.givens)
        grid.comment = self.comment
        grid.candidates = self.candidates
        return grid

    # --- queries ---------------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.geometry.size

    def __getitem__(self, rc: tuple[int, int]) -> int:
        r, c = rc
        return self.values[self.geometry.cell(r, c)]

    def rows(self) -> list[list[int]]:
        n = self.size
        return [self.values[r * n:(r + 1) * n] for r in range(n)]

    @property
    def filled(self) -> int:
        return sum(1 for v in self.values if v)

    @property
    def is_complete(self) -> bool:
        return all(self.values)

    @property
    def is_solved(self) -> bool:
        return self.is_complete and not self.clashes()

    def clashes(self) -> list[Clash]:
        """Every pair of cells in one house holding the same value (first pair per value), and
        every pair of a variant's other peers (a chess move apart) holding the same value."""
        out = []
        for h, cells in enumerate(self.geometry.houses):
            seen: dict[int, int] = {}
            for c in cells:
                v = self.values[c]
                if not v:
                    continue
                if v in seen:
                    out.append(Clash(seen[v], c, v, h))
                else:
                    seen[v] = c
        extra = self.geometry.extra_peers
        if extra is not None:
            for c, v in enumerate(self.values):
                if v:
                    out += [Clash(c, p, v, -1) for p in extra[c] if p > c and self.values[p] == v]
        return out

    def validate(self) -> None:
        """Raise :class:`InvalidPuzzleError` naming the first clash, if any."""
        clashes = self.clashes()
        if clashes:
            first = clashes[0].describe(self.geometry)
            more = (" " + tr("(and {n} more clashes)", n=len(clashes) - 1)
                    if len(clashes) > 1 else "")
            raise InvalidPuzzleError(first + more)

    def candidates_of(self, cell: int) -> set[int]:
        """Values that no peer of an empty ``cell`` holds and that its candidate mask (if any)
        allows; the empty set for a filled cell."""
        if self.values[cell]:
            return set()
        used = {self.values[p] for p in self.geometry.peers[cell]}
        allowed = set(range(1, self.size + 1)) - used
        if self.candidates is not None:
            mask = self.candidates[cell]
            allowed = {d for d in allowed if mask >> (d - 1) & 1}
        return allowed

    # --- output ----------------------------------------------------------------------------
    def to_line(self, alphabet: str | None = None, blank: str = ".") -> str:
        a = get_alphabet(alphabet)
        if not any(self.values):  # no symbol needed (the alphabet may be too small for the size)
            return blank * len(self.values)
        symbols = [blank, *a.for_size(self.size)]  # value v is written symbols[v]
        return "".join([symbols[v] for v in self.values])

    def __str__(self) -> str:
        return self.to_line()

    def __repr__(self) -> str:
        return f"Grid({self.geometry.box_shape}, {self.to_line()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return self.geometry == other.geometry and self.values == other.values

    def __hash__(self) -> int:
        return hash((self.geometry, tuple(self.values)))


def _checked_masks(geometry: Geometry, masks: Sequence[int]) -> list[int]:
    """``masks`` as a list, refused unless there is one per cell, each of digits 1..N only."""
    try:
        out = list(masks)
    except TypeError:
        raise SudokitError(f"candidates must be a list of {geometry.ncells} bitmasks, "
                           f"not {type(masks).__name__}") from None
    if len(out) != geometry.ncells:
        raise SudokitError(f"{len(out)} candidate masks for a grid of {geometry.ncells} cells")
    limit = 1 << geometry.size
    for i, m in enumerate(out):
        if isinstance(m, bool) or not isinstance(m, int):
            raise SudokitError(f"the candidates of {geometry.name(i)} are {type(m).__name__}, "
                               f"not an int bitmask")
        if not 0 <= m < limit:
            raise SudokitError(f"the candidate mask {m} of {geometry.name(i)} has bits outside "
                               f"the digits 1..{geometry.size}")
    return out
