"""Lines whose length makes both a one-line puzzle (N*N) and a sukaku (M*M*M): 64, 729, 4096.

A line of 4,096 dots is an empty 64x64 puzzle and a 16x16 sukaku without a candidate. The box
decides when it fits one reading; else the content, when only one reading fits it: a sukaku has
at position ``k`` of each cell's M characters only the digit ``k+1`` or a blank, a puzzle has
symbols of its size and no two equal givens in a house. When both fit, the user must choose.
"""

from __future__ import annotations

from itertools import islice
from math import isqrt

from sudokit.model.errors import ParseError, SudokitError
from sudokit.model.geometry import Geometry, default_box, read_box
from sudokit.model.grid import Grid
from sudokit.i18n import N_, tr
from sudokit.model.symbols import get_alphabet
from sudokit.model.formats._common import blank_decoder, content_lines, has_box

_BOTH_A = N_("{n} characters read both as a {m}x{m} sukaku (candidates) and as a {size}x{size} "
             "puzzle; choose one with --format sukaku (or --box {mbox}) or --format line (or --box "
             "{box})")
_BOTH_AN = N_("{n} characters read both as a {m}x{m} sukaku (candidates) and as an {size}x{size} "
              "puzzle; choose one with --format sukaku (or --box {mbox}) or --format line (or "
              "--box {box})")

#: Line length -> (sukaku side M, puzzle side N), for M*M*M == N*N.
AMBIGUOUS = {m ** 3: (m, isqrt(m ** 3)) for m in range(4, 65)
             if has_box(m) and isqrt(m ** 3) ** 2 == m ** 3 and has_box(isqrt(m ** 3))}
#: Lines looked at to decide (the readers check every line afterwards).
SAMPLE = 50


def choose(text: str, box=None, alphabet=None) -> str | None:
    """``"sukaku"`` or ``"line"`` for a text whose first line has an ambiguous length, decided
    by ``box`` or by the content; None when the length is not ambiguous or neither reading
    fits (the detection then shows the nearest format's error).

    Raises :class:`ParseError` when both readings fit, naming both and how to choose.
    """
    first = next(content_lines(text), None)
    if first is None:
        return None
    no, ln = first
    body = ln.split(None, 1)[0]
    if len(body) not in AMBIGUOUS:
        return None
    m, n = AMBIGUOUS[len(body)]
    if box is not None:
        try:
            rows, cols = read_box(box)
        except SudokitError:
            return None  # the reader reports the bad box
        chosen = {m: "sukaku", n: "line"}.get(rows * cols)
        # only a line of the size's symbols (a border line of a drawn grid is none)
        return chosen if chosen and _symbols_fit(body, rows * cols, alphabet) else None
    bodies = [ln.split(None, 1)[0] for _, ln in islice(content_lines(text), SAMPLE)]
    as_sukaku = all(_sukaku_fits(b, m, alphabet) for b in bodies)
    as_line = all(_line_fits(b, n, alphabet) for b in bodies)
    if as_sukaku and as_line:
        raise ParseError(
            tr(_BOTH_AN if n == 8 else _BOTH_A, n=f"{len(body):,}", m=m, size=n, mbox=_shape(m),
               box=_shape(n)), line=no)
    return "sukaku" if as_sukaku else "line" if as_line else None


def _shape(size: int) -> str:
    return "{}x{}".format(*default_box(size))


def _sukaku_fits(body: str, m: int, alphabet) -> bool:
    if len(body) != m ** 3:
        return False
    table = get_alphabet(alphabet).decoder(m)
    return all(table.get(ch) in (0, i % m + 1) for i, ch in enumerate(body))


def _symbols_fit(body: str, size: int, alphabet) -> bool:
    """True if every character of ``body`` is a symbol (or a blank) of the size."""
    table = blank_decoder(alphabet, size)[1]
    return all(ch in table for ch in body)


def _line_fits(body: str, n: int, alphabet) -> bool:
    """True if ``body`` is an N*N puzzle of symbols of its size with no clash."""
    if len(body) != n * n:
        return False
    table = blank_decoder(alphabet, n)[1]
    values = [table.get(ch) for ch in body]
    if None in values:
        return False
    return not Grid(Geometry.of(n), values).clashes()

