"""SadMan Software ``.sdk``: ``#`` header lines, then the rows of the grid.

Header lines are ``#`` followed by a letter code and the text, e.g. ``#AAuthor``. Known codes
(:data:`HEADERS`) map to names in the metadata dict of :func:`read_with_metadata`; the
description (``#D``) and comments (``#C``) become :attr:`Grid.comment` (joined by newlines).
An optional ``[Puzzle]`` line may open the grid; a later ``[State]`` (or other ``[...]``)
section is ignored. The rows are those of the ``grid`` format, usually ``..3.2.6..``.
"""

from __future__ import annotations

import re

from sudokit.model.errors import ParseError
from sudokit.model.grid import Grid
from sudokit.i18n import tr
from sudokit.model.formats._common import encode_values, reads, written_comment
from sudokit.model.formats.bordered import read as read_rows

NAME = "sdk"
EXTENSIONS = (".sdk",)

HEADERS = {"A": "author", "D": "description", "C": "comment", "B": "date", "S": "source",
           "L": "level", "U": "url", "T": "title", "N": "number", "R": "rating"}
_HEADER = re.compile(r"#([A-Z])(.*)")
_SECTION = re.compile(r"\[([A-Za-z ]+)\]")


def _split(text: str) -> tuple[dict[str, str], str, bool]:
    """Metadata, the grid text (headers and ignored sections blanked, so line numbers stay
    right) and whether any header or section was seen."""
    meta: dict[str, str] = {}
    body: list[str] = []
    seen = False
    skipping = False
    for line in text.splitlines():
        s = line.strip()
        m = _HEADER.fullmatch(s)
        sec = _SECTION.fullmatch(s)
        if sec:
            seen = True
            skipping = sec.group(1).strip().lower() != "puzzle"
            body.append("")
        elif m and not skipping:
            seen = True
            key = HEADERS.get(m.group(1), m.group(1))
            value = m.group(2).strip()
            meta[key] = f"{meta[key]}\n{value}" if key in meta else value
            body.append("")
        else:
            body.append("" if skipping else line)
    return meta, "\n".join(body), seen


def read_with_metadata(text: str, box=None, alphabet=None) -> list[tuple[Grid, dict[str, str]]]:
    """Each grid with the metadata of the headers (``author``, ``description``, ...)."""
    meta, body, _ = _split(text)
    if not body.strip():
        raise ParseError(tr("the .sdk text has headers but no grid"))
    grids = read_rows(body, box=box, alphabet=alphabet)
    comment = "\n".join(meta[k] for k in ("description", "comment") if meta.get(k))
    for g in grids:
        g.comment = comment or g.comment
    return [(g, dict(meta)) for g in grids]


def read(text: str, box=None, alphabet=None) -> list[Grid]:
    return [g for g, _ in read_with_metadata(text, box, alphabet)]


def write(grid: Grid, alphabet=None, metadata: dict[str, str] | None = None) -> str:
    """Headers from ``metadata`` (names or letter codes) or, failing that, the comment as
    ``#C`` lines (or, with neither, a ``[Puzzle]`` line); then one row a line, ``.`` for
    blanks."""
    n = grid.size
    codes = {name: code for code, name in HEADERS.items()}
    out = []
    for key, value in (metadata or {}).items():
        code = codes.get(key, key if len(key) == 1 and key.isupper() else "C")
        out += [f"#{code}{v}" for v in written_comment(str(value)).splitlines()]
    if not metadata and grid.comment:
        out += [f"#C{c}" for c in written_comment(grid.comment).splitlines()]
    if not out:
        out.append("[Puzzle]")  # the section header of newer files, so the text is recognised
    cells = encode_values(grid.values, n, alphabet)
    out += ["".join(cells[r * n:(r + 1) * n]) for r in range(n)]
    return "\n".join(out)


def detect_headers(text: str) -> bool:
    """True if the text has a ``#X`` header line or a ``[Puzzle]`` section."""
    return _split(text)[2]


def detect(text: str) -> bool:
    """A header line or a ``[Puzzle]`` section, then a grid."""
    if not detect_headers(text):
        return False
    return reads(read, text)
