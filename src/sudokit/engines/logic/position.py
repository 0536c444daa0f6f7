"""A solving position: givens, placed digits and the remaining candidates (pencil marks).

Candidates are one int bitmask per cell, bit ``d-1`` set when digit ``d`` is still possible;
a filled cell has mask 0. Works for every geometry.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from sudokit.model.errors import ParseError, SudokitError
from sudokit.model.geometry import Geometry, read_box
from sudokit.model.grid import Grid
from sudokit.i18n import tr
from sudokit.i18n.values import Cell, House
from sudokit.model.symbols import get_alphabet
from sudokit.model.killer import cage_fields, read_cages
from sudokit.model.variants import read_regions, variant_fields


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

    __slots__ = ("geometry", "values", "givens", "cands", "all_mask")

    def __init__(self, geometry: Geometry, values: list[int], givens: list[bool], cands: list[int]):
        self.geometry = geometry
        self.values = values
        self.givens = givens
        self.cands = cands
        self.all_mask = (1 << geometry.size) - 1

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

    def _repr_svg_(self) -> str:
        """The position with its candidates as a picture in Jupyter (:mod:`sudokit.engines.render`)."""
        from sudokit.engines.render import svg

        return svg(self, candidates=True)

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
    def from_json(cls, text: str | dict) -> Position:
        """Read the JSON of :meth:`to_json`; ``candidates`` may be omitted (then computed)."""
        try:
            data = json.loads(text) if isinstance(text, str) else text
            box = read_box(data["box"])
            values_s, givens_s = data.get("values", data.get("givens")), data.get("givens", "")
        except (ValueError, KeyError, TypeError, RecursionError) as e:
            raise ParseError(f"not a position JSON object: {e}") from None
        if not isinstance(values_s, str) or box is None:
            raise ParseError('a position needs "box": [R, C] and "values" or "givens" strings')
        g = Geometry.of(box[0] * box[1], box)
        if data.get("variants") or data.get("regions") is not None:
            g = g.with_variants(data.get("variants") or (), read_regions(data.get("regions"), g.size))
        if data.get("cages") is not None:
            g = g.with_cages(read_cages(data["cages"], g.size))
        table = get_alphabet(None).decoder(g.size)

        def decode(s: str, field: str) -> list[int]:
            if len(s) != g.ncells:
                raise ParseError(f'"{field}" has {len(s)} cells, a {g.size}x{g.size} grid needs {g.ncells}')
            out = []
            for i, ch in enumerate(s):
                if ch not in table:
                    raise ParseError(f'"{field}": character {ch!r} at position {i + 1} is not a symbol',
                                     column=i + 1, char=ch)
                out.append(table[ch])
            return out

        values = decode(values_s, "values")
        givens = [bool(v) for v in decode(givens_s, "givens")] if givens_s else [bool(v) for v in values]
        grid = Grid(g, values, givens)
        if "candidates" not in data:
            return cls.from_grid(grid)
        cl = data["candidates"]
        if not isinstance(cl, list) or len(cl) != g.ncells:
            raise ParseError(f'"candidates" must be a list of {g.ncells} strings')
        masks = []
        for i, s in enumerate(cl):
            if not isinstance(s, str):
                raise ParseError(f'"candidates"[{i}] is not a string')
            m = 0
            for ch in s:
                d = table.get(ch)
                if not d:
                    raise ParseError(f'"candidates"[{i}] ({g.name(i)}): {ch!r} is not a digit', char=ch)
                m |= bit(d)
            masks.append(m)
        return cls.from_candidates(grid, masks)

    @classmethod
    def parse(cls, text: str, fmt: str | None = None, box=None, alphabet: str | None = None,
              source: str | None = None) -> Position:
        """One position from text in any format, keeping the candidates of a candidate grid
        (sukaku, pencil marks, the position JSON) and computing them for a plain puzzle."""
        from sudokit.model import formats

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
