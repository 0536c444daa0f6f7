"""A solving position: givens, placed digits and the remaining candidates (pencil marks).

Candidates are one int bitmask per cell, bit ``d-1`` set when digit ``d`` is still possible;
a filled cell has mask 0. Works for every geometry.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from sudokit.i18n import tr
from sudokit.i18n.values import Cell, House
from sudokit.model.errors import ParseError, SudokitError
from sudokit.model import formats
from sudokit.model.formats import jsonfmt
from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.model.rules import variant_fields
from sudokit.model.rules.killer import cage_fields
from sudokit.model.symbols import get_alphabet


def bit(digit: int) -> int:
    return 1 << (digit - 1)


def digits_of(mask: int) -> Iterator[int]:
    """The digits whose bits are set in ``mask``, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length()
        mask ^= low


def popcount(mask: int) -> int:
    return mask.bit_count()


class Position:
    """Values (0 = empty), givens and candidate masks of every cell."""

    __slots__ = ("geometry", "values", "givens", "cands", "all_mask", "context")

    def __init__(self, geometry: Geometry, values: list[int], givens: list[bool], cands: list[int]):
        self.geometry = geometry
        self.values = values
        self.givens = givens
        self.cands = cands
        self.all_mask = (1 << geometry.size) - 1
        #: The solve working on the position (set by the logical solver while it works; the
        #: model does not read it), None outside a solve. A copy starts without one.
        self.context = None

    # --- construction ----------------------------------------------------------------------
    @classmethod
    def from_grid(cls, grid: Grid) -> Position:
        """The grid's own candidates (:attr:`Grid.candidates`, as a sukaku or pencil-mark text
        gives them) when it has them, else every digit: less, in both cases, the digits the
        filled cells rule out (see :meth:`from_candidates`)."""
        full = (1 << grid.size) - 1
        own = grid.candidates
        return cls.from_candidates(grid, own if own is not None else [full] * grid.geometry.ncells)

    @classmethod
    def from_candidates(cls, grid: Grid, masks: list[int]) -> Position:
        """A position with given candidate masks, less the digits its filled cells rule out: a
        filled cell's digit is no candidate of its peers, as placing it makes it (a sukaku or
        pencil-mark text may keep them). A cell with a single candidate and no value stays
        unsolved (as in a pencil-mark grid)."""
        values = grid.values
        position = cls(grid.geometry, list(values), list(grid.givens),
                       [0 if v else m for v, m in zip(values, masks)])
        for cell, v in enumerate(values):
            if v:
                position.place(cell, v)
        return position

    def copy(self) -> Position:
        return Position(self.geometry, self.values[:], self.givens[:], self.cands[:])

    def to_grid(self) -> Grid:
        return Grid(self.geometry, self.values, self.givens)

    # --- changes ---------------------------------------------------------------------------
    def place(self, cell: int, digit: int) -> None:
        """Set ``cell`` to ``digit`` and remove the digit from the candidates of its peers."""
        self.values[cell] = digit
        self.cands[cell] = 0
        clear = ~bit(digit)
        cands = self.cands
        for p in self.geometry.peers[cell]:
            cands[p] &= clear

    def eliminate(self, cell: int, digit: int) -> None:
        self.cands[cell] &= ~bit(digit)

    def apply(self, step) -> None:
        """Apply a step's placements and eliminations."""
        for cell, digit in step.placements:
            if not self.values[cell]:
                self.place(cell, digit)
        for cell, digit in step.eliminations:
            self.eliminate(cell, digit)

    # --- queries ---------------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.geometry.size

    def has(self, cell: int, digit: int) -> bool:
        return bool(self.cands[cell] >> (digit - 1) & 1)

    def empty_cells(self) -> list[int]:
        return [c for c, v in enumerate(self.values) if not v]

    def cells_with(self, digit: int, house: Iterable[int]) -> list[int]:
        """Cells of ``house`` (a cell tuple) where ``digit`` is a candidate."""
        b = bit(digit)
        cands = self.cands
        return [c for c in house if cands[c] & b]

    def house_has_value(self, digit: int, house: Iterable[int]) -> bool:
        values = self.values
        return any(values[c] == digit for c in house)

    @property
    def is_solved(self) -> bool:
        return all(self.values)

    def contradiction(self) -> str | None:
        """A description of why this position cannot be solved, or None if none is visible."""
        g = self.geometry
        values, cands = self.values, self.cands
        for cell, (v, m) in enumerate(zip(values, cands)):
            if not v and not m:
                return tr("{cell} has no candidate left", cell=Cell(g, cell))
        for h, house in enumerate(g.houses):
            seen = seen_or_cand = 0
            for c in house:
                v = values[c]
                if v:
                    b = 1 << (v - 1)
                    if seen & b:
                        return tr("{house} holds {digit} twice", house=House(g, h), digit=v)
                    seen |= b
                seen_or_cand |= cands[c]
            seen_or_cand |= seen
            if seen_or_cand != self.all_mask:
                missing = next(digits_of(self.all_mask & ~seen_or_cand))
                return tr("{house} has no place for {digit}", house=House(g, h), digit=missing)
        return None

    def agrees_with(self, solution: list[int]) -> bool:
        """True if every value matches and every solution digit is still a candidate."""
        for cell, v in enumerate(self.values):
            s = solution[cell]
            if v:
                if v != s:
                    return False
            elif not self.cands[cell] >> (s - 1) & 1:
                return False
        return True

    # --- serialisation ---------------------------------------------------------------------
    def to_json(self) -> str:
        """``{"box":[R,C],"givens":..,"values":..,"candidates":[digits per cell]}``, plus the
        ``variants``, ``regions`` and ``cages`` of a variant grid."""
        a = get_alphabet(None)
        n = self.size
        givens = "".join(a.encode(v, n) if g else "." for v, g in zip(self.values, self.givens))
        values = "".join(a.encode(v, n) for v in self.values)
        cands = ["".join(a.encode(d, n) for d in digits_of(m)) for m in self.cands]
        return json.dumps({"box": [self.geometry.box_rows, self.geometry.box_cols],
                           "givens": givens, "values": values, "candidates": cands,
                           **variant_fields(self.geometry), **cage_fields(self.geometry)})

    @classmethod
    def from_json(cls, data: str | dict) -> Position:
        """A position from the JSON of :meth:`to_json`, read as the JSON format reads every
        puzzle object (:func:`sudokit.model.formats.jsonfmt.read_object`); ``candidates`` may
        be omitted (then computed)."""
        return cls.from_grid(jsonfmt.read_object(data))

    @classmethod
    def parse(cls, text: str, fmt: str | None = None, box=None, alphabet: str | None = None,
              source: str | None = None) -> Position:
        """One position from text in any format, keeping the candidates of a candidate grid
        (sukaku, pencil marks, the position JSON) and computing them for a plain puzzle."""
        grids = formats.parse(text, fmt, box, alphabet, source=source)
        if len(grids) != 1:
            raise ParseError(tr("{source} holds {n} puzzles; give one", n=len(grids),
                                source=source or tr("the input")))
        return cls.from_grid(grids[0])

    @classmethod
    def coerce(cls, obj) -> Position:
        """A Position from a Position (copied), a Grid (with its candidates, if any), or text
        (see :meth:`parse`)."""
        if isinstance(obj, Position):
            return obj.copy()
        if isinstance(obj, Grid):
            return cls.from_grid(obj)
        if isinstance(obj, str):
            return cls.parse(obj)
        raise SudokitError(f"cannot make a position from {type(obj).__name__}")
