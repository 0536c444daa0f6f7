"""Helpers shared by the format modules: box arguments, symbol tables, located errors, comment
lines and the last test of every ``detect``."""

from __future__ import annotations

from collections.abc import Callable

from sudokit.model.errors import GeometryError, ParseError, SudokitError
from sudokit.model.geometry import MAX_SIZE, MIN_SIZE, Geometry, default_box, read_box
from sudokit.model.grid import Grid
from sudokit.i18n import tr
from sudokit.model.symbols import Alphabet, get_alphabet

#: The most cells a grid can have (the largest supported size, squared).
MAX_CELLS = MAX_SIZE * MAX_SIZE


def box_arg(box) -> tuple[int, int] | None:
    """A ``box`` argument (None, ``(r, c)`` or ``"RxC"``) as a tuple."""
    return read_box(box)


def has_box(size: int) -> bool:
    """True if a grid of side ``size`` has a default box shape."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        return False
    try:
        default_box(size)
    except GeometryError:
        return False
    return True


def grid_side(ncells: int) -> int | None:
    """The side N when ``ncells`` is N*N and a grid of side N has a default box, else None."""
    n = round(ncells ** 0.5)
    return n if n * n == ncells and has_box(n) else None


def geometry(size: int, box=None, found: tuple[int, int] | None = None) -> Geometry:
    """The geometry of side ``size``: the explicit ``box``, else the shape ``found`` in the
    text (if it fits), else the default box for the size."""
    explicit = box_arg(box)
    if explicit is not None:
        return Geometry.of(size, explicit)
    if found is not None:
        try:
            return Geometry.of(size, found)
        except GeometryError:
            pass
    return Geometry.of(size)


def size_error(size: int, what: str, line: int | None = None) -> ParseError:
    """The error for a grid side that has no box shape."""
    if size < MIN_SIZE:
        why = tr("too small (the smallest grid is {n}x{n})", n=MIN_SIZE)
    elif size > MAX_SIZE:
        why = tr("too large (the largest grid is {n}x{n})", n=MAX_SIZE)
    else:
        why = tr("a prime, so it has no box shape (give the box, e.g. --box 2x3)")
    return ParseError(tr("{what} {size}: {why}", what=what, size=size, why=why), line=line)


def symbol_error(ch: str, size: int, alphabet: Alphabet, line: int | None,
                 column: int | None) -> ParseError:
    """The error for a character that is neither a symbol nor a blank of the grid."""
    shown = ch if ch.isprintable() else repr(ch)[1:-1]
    if len(alphabet.symbols) < size:
        return ParseError(
            tr("character {char}: the {alphabet} alphabet has {n} symbols, too few for a "
               "{size}x{size} grid, so only blanks ({blanks}) are read; use the json or grid "
               "format", char=repr(shown), alphabet=repr(alphabet.name), n=len(alphabet.symbols),
               size=size, blanks=alphabet.blanks(size)),
            line=line, column=column, char=ch)
    return ParseError(
        tr("character {char} is not a symbol of a {size}x{size} grid ({symbols}, blanks "
           "{blanks})", char=repr(shown), size=size, symbols=alphabet.for_size(size),
           blanks=alphabet.blanks(size)),
        line=line, column=column, char=ch)


def decoder(alphabet, size: int) -> tuple[Alphabet, dict[str, int]]:
    """The alphabet and its character -> value table (0 for blanks) for a size."""
    a = get_alphabet(alphabet)
    return a, a.decoder(size)


def blank_decoder(alphabet, size: int) -> tuple[Alphabet, dict[str, int]]:
    """Like :func:`decoder`, but for an alphabet too small for the size, a table of its blanks
    only (an empty grid of any size can be read)."""
    a = get_alphabet(alphabet)
    if len(a.symbols) >= size:
        return a, a.decoder(size)
    return a, {ch: 0 for ch in a.blanks(size)}


def decode_symbols(text: str, size: int, alphabet, where: str) -> list[int]:
    """The values of ``text``, one symbol (or blank) a cell; an error names ``where`` and the
    cell (for formats without lines, such as a JSON or XML field)."""
    a, table = decoder(alphabet, size)
    values = []
    for i, ch in enumerate(text):
        v = table.get(ch)
        if v is None:
            e = symbol_error(ch, size, a, None, None)
            raise ParseError(tr("{where}, cell {n}: {reason}", where=where, n=i + 1,
                                reason=e.reason), char=ch)
        values.append(v)
    return values


def blank_for(alphabet: Alphabet, size: int, preferred: str = ".") -> str:
    """A blank character that the alphabet does not use as a symbol."""
    blanks = alphabet.blanks(size)
    return preferred if preferred in blanks else blanks[0]


def encode_values(values: list[int], size: int, alphabet, preferred_blank: str = ".") -> list[str]:
    """Each value as its symbol, an empty cell as a blank the alphabet does not use."""
    a = get_alphabet(alphabet)
    blank = blank_for(a, size, preferred_blank)
    return [a.encode(v, size, blank) for v in values]


def grid_from_masks(g: Geometry, masks: list[int], comment: str = "") -> Grid:
    """The grid of candidate ``masks`` whose cells with exactly one candidate hold it."""
    values = [m.bit_length() if m and not m & (m - 1) else 0 for m in masks]
    return Grid(g, values, comment=comment, candidates=masks)


def candidate_masks(grid: Grid, masks: list[int] | None = None) -> list[int]:
    """The masks a candidate format writes: a filled cell's single digit, else ``masks``
    (default: the grid's candidates, else every digit)."""
    full = (1 << grid.size) - 1
    if masks is None:
        masks = grid.candidates
    elif len(masks) != grid.geometry.ncells:
        raise SudokitError(tr("{n} candidate masks for a grid of {cells} cells", n=len(masks),
                              cells=grid.geometry.ncells))
    return [1 << (v - 1) if v else (full if masks is None else masks[i] & full)
            for i, v in enumerate(grid.values)]


def written_comment(comment: str) -> str:
    """A comment as a writer may put it in a text: without NUL (a text holding one is refused
    as binary data, so the grid would not read back)."""
    return comment.replace("\0", "")


def one_line_comment(comment: str) -> str:
    """A comment for the end of a puzzle line: its words joined by single spaces (any of
    Python's line breaks, such as \\x85 or \\u2028, would start a new line)."""
    return " ".join(written_comment(comment).split())


def comment_lines(grid: Grid) -> list[str]:
    """The grid's comment as ``# `` lines (none without a comment)."""
    comment = written_comment(grid.comment)
    return [f"# {line}".rstrip() for line in comment.splitlines()] if comment else []


def reads(read: Callable[[str], list[Grid]], text: str) -> bool:
    """True if ``read(text)`` finds a grid without an error (how each ``detect`` ends)."""
    try:
        return bool(read(text))
    except SudokitError:
        return False


def content_lines(text: str):
    """``(line number, line)`` of every line that is neither blank nor a ``#`` comment."""
    for no, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if s and not s.startswith("#"):
            yield no, line


def optional_decoder(alphabet, size: int) -> tuple[Alphabet | None, dict[str, int]]:
    """Like :func:`decoder`, but ``(None, {})`` when the alphabet has too few symbols
    (formats that can write numbers instead still work then)."""
    a = get_alphabet(alphabet)
    return (a, a.decoder(size)) if len(a.symbols) >= size else (None, {})
