"""Reading and writing puzzles in the formats people exchange.

Each format family is one module with ``NAME``, ``EXTENSIONS``, ``read(text, box, alphabet)``
returning a list of grids, ``write(grid, alphabet)`` returning text, and ``detect(text)``.
:func:`parse` auto-detects the format unless one is named.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from ..errors import ParseError
from ..grid import Grid
from . import line

#: Format modules in detection order (most specific first).
_MODULES: list[ModuleType] = [line]

MAX_FILE_BYTES = 64 * 1024 * 1024


def formats() -> dict[str, ModuleType]:
    """Name -> module of every supported format."""
    return {m.NAME: m for m in _MODULES}


def get_format(name: str) -> ModuleType:
    try:
        return formats()[name]
    except KeyError:
        raise ParseError(f"unknown format {name!r}; choose one of {', '.join(formats())}") from None


def detect(text: str) -> str:
    """Name of the first format whose ``detect`` accepts the text."""
    for m in _MODULES:
        if m.detect(text):
            return m.NAME
    raise ParseError("the text is not a puzzle in any supported format")


def parse(text: str, fmt: str | None = None, box=None, alphabet: str | None = None,
          source: str | None = None) -> list[Grid]:
    """Every puzzle in ``text``; ``fmt`` names the format, else it is detected."""
    if not text.strip():
        raise ParseError("the input is empty", source=source)
    try:
        module = get_format(fmt) if fmt else get_format(detect_or_line(text))
        grids = module.read(text, box=box, alphabet=alphabet)
    except ParseError as e:
        raise e.located(source=source) from None
    if not grids:
        raise ParseError("no puzzle found", source=source)
    return grids


def detect_or_line(text: str) -> str:
    """The detected format, falling back to ``line`` so that its precise errors are shown."""
    try:
        return detect(text)
    except ParseError:
        return line.NAME


def parse_one(text: str, fmt: str | None = None, box=None, alphabet: str | None = None) -> Grid:
    grids = parse(text, fmt, box, alphabet)
    if len(grids) != 1:
        raise ParseError(f"expected one puzzle, found {len(grids)}")
    return grids[0]


def dumps(grid: Grid, fmt: str = "line", alphabet: str | None = None) -> str:
    """The grid written in format ``fmt`` (no trailing newline)."""
    return get_format(fmt).write(grid, alphabet=alphabet)


def format_for_path(path: str | Path) -> str | None:
    suffix = Path(path).suffix.lower()
    for m in _MODULES:
        if suffix in getattr(m, "EXTENSIONS", ()) and suffix != ".txt":
            return m.NAME
    return None


def read_text(path: str | Path) -> str:
    """The text of a puzzle file, refusing binary and oversized files with a clear message."""
    p = Path(path)
    try:
        data = p.read_bytes() if p.stat().st_size <= MAX_FILE_BYTES else None
    except OSError as e:
        raise ParseError(f"cannot read file: {e.strerror}", source=str(path)) from None
    if data is None:
        raise ParseError(f"file is larger than {MAX_FILE_BYTES // 2**20} MB", source=str(path))
    if b"\0" in data[:8192]:
        raise ParseError("this is a binary file, not a puzzle text", source=str(path))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ParseError(f"not UTF-8 text (byte {e.start + 1})", source=str(path)) from None


def read_file(path: str | Path, fmt: str | None = None, box=None,
              alphabet: str | None = None) -> list[Grid]:
    """Every puzzle in a file; the format comes from ``fmt``, the extension, or the content."""
    return parse(read_text(path), fmt or format_for_path(path), box, alphabet, source=str(path))
