"""Alphabets: how the values 1..N of a cell are written as single characters."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from sudokit.model.errors import SudokitError

_UPPER = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LOWER = "123456789abcdefghijklmnopqrstuvwxyz"
_ZERO = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_EXTRA = "abcdefghijklmnopqrstuvwxyz"

#: Characters read as an empty cell (``0`` only where the alphabet does not use it as a digit).
BLANKS = ".0-_*x"


@dataclass(frozen=True)
class Alphabet:
    """Symbols for values 1..N, and which characters read as a blank."""

    name: str
    symbols: str

    def for_size(self, size: int) -> str:
        if size > len(self.symbols):
            raise SudokitError(
                f"the {self.name!r} alphabet has {len(self.symbols)} symbols, "
                f"too few for size {size}; use the json format"
            )
        return self.symbols[:size]

    def blanks(self, size: int) -> str:
        """The blank characters that are no symbol of a grid of ``size`` (also when the
        alphabet is too small for it: an empty grid can still be written)."""
        syms = self.symbols[:size]
        used = set(syms.lower()) | set(syms.upper())
        return "".join(ch for ch in BLANKS if ch not in used)

    def case_insensitive(self, size: int) -> bool:
        syms = self.for_size(size)
        return len({s.upper() for s in syms}) == len(syms)

    @lru_cache(maxsize=64)
    def decoder(self, size: int) -> dict[str, int]:
        """Map each accepted character to its value (0 for blanks)."""
        syms = self.for_size(size)
        table = {ch: 0 for ch in self.blanks(size)}
        fold = self.case_insensitive(size)
        for value, ch in enumerate(syms, 1):
            table[ch] = value
            if fold:
                table[ch.lower()] = value
                table[ch.upper()] = value
        return table

    def encode(self, value: int, size: int, blank: str = ".") -> str:
        return self.for_size(size)[value - 1] if value else blank


ALPHABETS = {
    # 1-9 then A-Z (16x16 is 1-9A-G); above 35, lowercase letters follow.
    "default": Alphabet("default", _UPPER + _EXTRA),
    # 1-9 then a-z, as the classic PHP article prints large grids.
    "lower": Alphabet("lower", _LOWER),
    # 0-9 then A-Z: value 1 is written 0 (16x16 as 0-F); blanks must then be '.'.
    "zero": Alphabet("zero", _ZERO),
}


def get_alphabet(name: str | Alphabet | None) -> Alphabet:
    if isinstance(name, Alphabet):
        return name
    if name is None:
        return ALPHABETS["default"]
    try:
        return ALPHABETS[name]
    except KeyError:
        raise SudokitError(f"unknown alphabet {name!r}; choose one of {', '.join(ALPHABETS)}") from None
