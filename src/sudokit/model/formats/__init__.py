"""Reading and writing puzzles in the formats people exchange (see ``docs/formats.md``).

Each format family is one module with ``NAME``, ``EXTENSIONS``, ``read(text, box, alphabet)``
returning a list of grids, ``write(grid, alphabet)`` returning text, and ``detect(text)``:
``line``, ``comma``, ``grid`` (:mod:`.bordered`), ``classic``, ``ss``, ``sdk``, ``sukaku``,
``pencilmark``, ``opensudoku``, ``json`` (:mod:`.jsonfmt`), and the variant formats
``fpuzzles``, ``sudokupad`` (links) and ``jigsaw`` (text layouts). :func:`parse` detects the format
unless one is named. The candidate formats (``sukaku``, ``pencilmark``, and ``json`` when it
has a ``candidates`` field) return grids whose :attr:`Grid.candidates` holds them, and write
a grid's candidates.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from sudokit.model.errors import GeometryError, ParseError
from sudokit.model.grid import Grid
from sudokit.i18n import tr
from sudokit.model.formats import (_ambiguous, _common, _layout, bordered, classic, comma, fpuzzles, jigsaw, jsonfmt,
               line, opensudoku, pencilmark, sdk, ss, sudokupad, sukaku)

#: Format modules in detection order (most specific first; ``line`` last, the fallback for
#: one puzzle a line).
_MODULES: list[ModuleType] = [jsonfmt, fpuzzles, sudokupad, opensudoku, sdk, sukaku, jigsaw, comma,
                              ss, classic, bordered, pencilmark, line]

#: Other names accepted for a format.
ALIASES = {"csv": "comma", "sdm": "line", "xml": "opensudoku", "simple": "ss",
           "printed": "grid", "bordered": "grid", "pm": "pencilmark", "pencil": "pencilmark",
           "f-puzzles": "fpuzzles", "scl": "sudokupad", "ctc": "sudokupad", "irregular": "jigsaw"}

#: Formats whose text is candidates (every grid they read has :attr:`Grid.candidates`).
CANDIDATE_FORMATS = ("sukaku", "pencilmark")

MAX_FILE_BYTES = 64 * 1024 * 1024
#: No puzzle line is longer (a 64x64 sukaku line has 262,144 characters); JSON and XML,
#: which may hold a whole collection on one line, are exempt.
MAX_LINE_CHARS = 300_000


def formats() -> dict[str, ModuleType]:
    """Name -> module of every supported format."""
    return {m.NAME: m for m in _MODULES}


def get_format(name: str) -> ModuleType:
    try:
        key = name.lower()
        return formats()[ALIASES.get(key, key)]
    except (KeyError, AttributeError):
        raise ParseError(tr("unknown format {name}; choose one of {choices}", name=repr(name),
                            choices=", ".join(formats()))) from None


def detect(text: str) -> str:
    """Name of the first format whose ``detect`` accepts the text (for a line whose length
    is both a puzzle's and a sukaku's, the one reading the content fits; see
    :mod:`._ambiguous`)."""
    if max(map(len, text.splitlines()), default=0) > MAX_LINE_CHARS and \
            not text.lstrip("\ufeff \t\r\n").startswith(("{", "[", "<")):
        raise ParseError(tr("the text has a line too long for any puzzle format"))
    chosen = _ambiguous.choose(text)
    if chosen:
        return chosen
    for m in _MODULES:
        if m.detect(text):
            return m.NAME
    raise ParseError(tr("the text is not a puzzle in any supported format"))


def parse(text: str, fmt: str | None = None, box=None, alphabet: str | None = None,
          source: str | None = None) -> list[Grid]:
    """Every puzzle in ``text``; ``fmt`` names the format, else it is detected."""
    module = _checked_module(text, fmt, source, box, alphabet)
    return _located(lambda: module.read(text, box=box, alphabet=alphabet), source)


def parse_candidates(text: str, fmt: str | None = None, box=None, alphabet: str | None = None,
                     source: str | None = None) -> list[tuple[Grid, list[int] | None]]:
    """Every puzzle in ``text`` with its candidate masks (:attr:`Grid.candidates`: None when
    the text holds no candidates)."""
    return [(g, g.candidates) for g in parse(text, fmt, box, alphabet, source)]


def _located(read, source: str | None) -> list:
    """What ``read()`` returns, its errors naming ``source``; no puzzle at all is an error."""
    try:
        found = read()
    except ParseError as e:
        raise e.located(source=source) from None
    except GeometryError as e:
        raise (GeometryError(f"{source}: {e}") if source else e) from None
    if not found:
        raise ParseError(tr("no puzzle found"), source=source)
    return found


def dumps_candidates(grid: Grid, masks: list[int] | None, fmt: str = "pencilmark",
                     alphabet: str | None = None) -> str:
    """The grid with candidate ``masks`` (default: its own) in a candidate format."""
    module = get_format(fmt)
    if module.NAME not in CANDIDATE_FORMATS:
        raise ParseError(tr("format {name} cannot hold candidates; use {choices}",
                            name=repr(module.NAME), choices=" or ".join(CANDIDATE_FORMATS)))
    return module.write(grid, alphabet=alphabet, masks=masks)


def _checked_module(text: str, fmt: str | None, source: str | None, box=None,
                    alphabet: str | None = None) -> ModuleType:
    """The module for ``text`` (named, chosen by the box for a length two formats share, or
    detected), after the checks every format shares."""
    if not text.strip():
        raise ParseError(tr("the input is empty"), source=source)
    if "\0" in text[:8192]:
        raise ParseError(tr("this is binary data, not a puzzle text"), source=source)
    try:
        module = get_format(fmt or _ambiguous.choose(text, box, alphabet) or detect_or_line(text))
    except ParseError as e:
        raise e.located(source=source) from None
    if module.NAME not in (jsonfmt.NAME, opensudoku.NAME):
        for no, line_text in enumerate(text.splitlines(), 1):
            if len(line_text) > MAX_LINE_CHARS:
                raise ParseError(tr("line is {n} characters long; no puzzle line is longer than "
                                    "{most}", n=f"{len(line_text):,}", most=f"{MAX_LINE_CHARS:,}"),
                                 line=no, source=source)
    return module


def detect_or_line(text: str) -> str:
    """The detected format, else the format the text most resembles (see :func:`guess`), so
    that the errors shown are that format's precise ones."""
    try:
        return detect(text)
    except ParseError:
        return guess(text)


def guess(text: str) -> str:
    """The format ``text`` is most likely meant to be in, judged by its shape only (for
    choosing whose error message to show when no format reads it)."""
    start = text.lstrip("\ufeff \t\r\n")
    for variant_format in (fpuzzles, sudokupad):
        if variant_format.looks_like(start):
            return variant_format.NAME
    if start.startswith(("{", "[")) and not start.startswith("[Puzzle]"):
        return jsonfmt.NAME
    if start.startswith("<"):
        return opensudoku.NAME
    if sdk.detect_headers(text):
        return sdk.NAME
    rows = []
    for _, ln in _common.content_lines(text):
        s = ln.strip()
        if len(s) > MAX_LINE_CHARS:
            return line.NAME  # refused for its length whatever the format
        if not _layout.is_rule(s):
            rows.append(s)
            if len(rows) == 2:
                break
    if not rows:
        return line.NAME
    first = rows[0]
    if first.count(",") >= 3:
        return comma.NAME
    words = _layout.token_cells(first)[0]
    cells = len(_layout.char_cells(first)[0])
    if len(words) == 1 and len(first) in sukaku.CUBES and len(first) >= 216:
        return sukaku.NAME
    if len(rows) > 1 and cells <= _common.MAX_SIZE and not line.is_puzzle_size(cells):
        if len(words) >= 4 and any(len(w) > 1 for _, w in words) and "|" in first:
            return pencilmark.NAME
        return bordered.NAME
    return line.NAME


def is_link(text: str) -> bool:
    """True if ``text`` is an f-puzzles or SudokuPad puzzle link (or id), not a file name."""
    return "\n" not in text.strip() and any(m.looks_like(text) for m in (fpuzzles, sudokupad))


def parse_one(text: str, fmt: str | None = None, box=None, alphabet: str | None = None) -> Grid:
    grids = parse(text, fmt, box, alphabet)
    if len(grids) != 1:
        raise ParseError(tr("expected one puzzle, found {n}", n=len(grids)))
    return grids[0]


def dumps(grid: Grid, fmt: str = "line", alphabet: str | None = None) -> str:
    """The grid written in format ``fmt`` (no trailing newline)."""
    return get_format(fmt).write(grid, alphabet=alphabet)


def format_for_path(path: str | Path) -> str | None:
    """The format a file name's extension stands for (None for ``.txt`` and unknown ones)."""
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
        raise ParseError(tr("cannot read file: {reason}", reason=e.strerror),
                         source=str(path)) from None
    if data is None:
        raise ParseError(tr("file is larger than {n} MB", n=MAX_FILE_BYTES // 2**20),
                         source=str(path))
    if b"\0" in data[:8192]:
        raise ParseError(tr("this is a binary file, not a puzzle text"), source=str(path))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ParseError(tr("not UTF-8 text (byte {n})", n=e.start + 1),
                         source=str(path)) from None


def read_file(path: str | Path, fmt: str | None = None, box=None,
              alphabet: str | None = None) -> list[Grid]:
    """Every puzzle in a file; the format comes from ``fmt``, else the content.

    The extension decides when the content fits it or fits no format (so that the errors are
    those of the extension's format); a ``.csv`` that holds one-line puzzles still reads.
    """
    text = read_text(path)
    return parse(text, fmt or format_for_file(path, text), box, alphabet, source=str(path))


def format_for_file(path: str | Path, text: str) -> str | None:
    """The format to read a file's ``text`` with: its extension's format when the text fits it
    or fits no format; else None (detect it)."""
    by_name = format_for_path(path)
    if by_name is None or not text.strip():
        return None
    if get_format(by_name).detect(text):
        return by_name
    try:
        return detect(text)
    except ParseError:
        return by_name
